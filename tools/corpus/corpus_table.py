"""docs/corpus.md from the corpus's manifests, status.json and a GPU run.

  python3 tools/corpus/corpus.py table --results docs/benchmarks/corpus.json \
      > docs/corpus.md
"""

import collections


def _ms(v):
    return "%.3f" % v if v is not None else ""


def _short(text, n=110):
    text = text.replace("|", "\\|")
    return text if len(text) <= n else text[:n - 1] + "…"


def table(entries, status, results, sources=()):
    by_id = {r["id"]: r for r in (results or {}).get("results", [])}
    lines = []
    w = lines.append
    w("# The kernel corpus")
    w("")
    w("Published Triton kernels, unchanged, compiled by tilec and run side by side with Triton")
    w("on the same inputs. The sources come from the package registry at the versions")
    w("`test/Corpus/sources.json` pins, or, for sources on no registry, from the upstream")
    w("commit it pins, put in `test/Corpus/vendor` (both sha256-checked); `test/Corpus/<package>/<module>.json`")
    w("gives each kernel's launches as the package's host code makes them (grid, warps,")
    w("constexprs, argument shapes and dtypes). tilec's signature is the one Triton's JIT derives")
    w("from the same arguments (`:16` for 16-divisible pointers and integers, integers equal to")
    w("1 folded in). Every input is drawn once from the seed and copied for both; outputs start")
    w("poisoned (NaN, or 0x5a bytes); every buffer is compared after one launch of each:")
    w("integers exactly, floats to a tolerance by dtype (fp32 1e-4 relative, fp16 1e-2,")
    w("bf16 2e-2, plus an absolute 1e-5 / 1e-3 / 1e-2 of the largest magnitude), NaN equal to")
    w("NaN. A launch whose manifest sets another tolerance says why in its note (tf32 dots,")
    w("which tilec rounds to nearest and Triton's wgmma truncates; sums of bf16 values in another")
    w("order); the table shows it. Times are medians of `triton.testing.do_bench` (warm-up, L2")
    w("flushed). Index inputs (a ragged batch's cumulative sequence lengths and chunk indices)")
    w("are given by value. A package's `defines` (sources.json, and a manifest's own) bind")
    w("module-level names that its host code computes from what tilec does not know of the")
    w("device, its name or its number of SMs (`tilec -D NAME=VALUE`, language.md); none needs one")
    w("now (what the architecture decides, `torch.cuda.get_device_capability()`, tilec computes).")
    w("`run` imports each kernel's module as Python does, except that a")
    w("package's `__init__.py` runs only when a name it binds is imported from it (so a")
    w("package whose `__init__` imports every op needs none of their other libraries), and of a")
    w("script (a tutorial that tests and benchmarks at module level) only the statements that")
    w("define its kernels run.")
    w("")
    for pkg in sources:
        extra = ""
        if pkg.get("defines"):
            extra += " Compiled with %s (host code's values for the device)." % ", ".join(
                "`-D %s=%s`" % (n, v if not isinstance(v, bool) else ("True" if v else "False"))
                for n, v in sorted(pkg["defines"].items()))
        if pkg.get("requires"):
            extra += " Its modules import %s (needed where `run` imports them)." % ", ".join(
                "`%s`" % r for r in pkg["requires"])
        if pkg.get("note"):
            extra += " " + pkg["note"]
        if "local" in pkg:
            w("- %s %s (%s), %s at commit %s: on no package registry and not stored in this "
              "repository; its files, unchanged, go in `%s` (ignored by git; sources.json gives "
              "each file's path upstream, commit and sha256, which `fetch`, `compile` and "
              "`check` verify; `tools/corpus/vendor_from_git.py --git CLONE` takes them out of "
              "any clone of the repository whose history holds those commits); without them "
              "its launches are skipped, saying so.%s" % (
                  pkg["name"], pkg["version"], pkg["licence"], pkg["repository"], pkg["tree"][:10],
                  pkg["local"], extra))
            continue
        w("- %s %s (%s), %s: fetched and checked at test time, not stored in this "
          "repository.%s" % (pkg["name"], pkg["version"], pkg["licence"], pkg["url"], extra))
    w("")
    w("Reproduce: `python3 tools/corpus/corpus.py fetch`, then `corpus.py compile --tilec")
    w("build/bin/tilec --ptxas $(which ptxas) --out OUT` here (the lit test")
    w("`test/Corpus/compile.test` runs it against `status.json`), then `corpus.py run --out OUT`")
    w("on a GPU with torch, triton and cupy, and `corpus.py table --results OUT/results.json`;")
    w("`corpus.py check` validates the manifests (signatures, inputs, defines), the local")
    w("files and the scripts' kernel definitions without a GPU. Without a GPU either,")
    w("`tools/corpus/corpus_triton_ptx.py --compiled OUT --out TRI`, run by a Python with")
    w("Triton 3.6.0, numpy and packaging installed, compiles each launch with Triton for sm_90a")
    w("(torch and the other host-only imports stubbed) and prints Triton's registers and spill")
    w("bytes (the same ptxas) beside tilec's; it compiles 248 of the 259 launches: the 11")
    w("others take host tensor descriptors, which it does not build. With `--mix` it also")
    w("lists the launches whose PTX has clearly more shared-memory instructions or barriers")
    w("than Triton's (layout conversions that Triton avoids).")
    w("")
    n = len(entries)
    ok = [e for e in entries if status.get(e["full_id"]) == "ok"]
    ran = [by_id[e["full_id"]] for e in entries if e["full_id"] in by_id and "match" in by_id[e["full_id"]]]
    matched = [r for r in ran if r["match"]]
    if results:
        w("Run of %s on %s, Triton %s, seed %s." % (
            results.get("date"), results.get("gpu"), results.get("triton"), results.get("seed")))
        if results.get("commit"):
            w("tilec at commit %s." % results["commit"])
        if results.get("note"):
            w(results["note"])
        w("")
    w("| | launches |")
    w("|---|---|")
    w("| in the corpus | %d |" % n)
    w("| compile and assemble (sm_90a) | %d |" % len(ok))
    if results:
        w("| ran on the GPU | %d |" % len(ran))
        w("| match Triton | %d |" % len(matched))
        wrong = [e for e in ok if e.get("triton_wrong") and e["full_id"] in by_id
                 and not by_id[e["full_id"]].get("match")]
        if wrong:
            w("| differ where Triton's output is wrong (tilec's checked against a reference) | %d |"
              % len(wrong))
        differ = len(ran) - len(matched) - len(wrong)
        if differ:
            w("| differ from Triton (the rows say how, and why where it is known) | %d |" % differ)
        ratios = sorted(r["triton_ms"] / r["tilec_ms"] for r in matched
                        if r.get("tilec_ms") and r.get("triton_ms"))
        if ratios:
            geo = 1.0
            for x in ratios:
                geo *= x
            geo **= 1.0 / len(ratios)
            w("| speed vs Triton (Triton time / tilec time), geometric mean | %.2f× |" % geo)
    w("")
    if results:
        unrun = collections.Counter(e["package"] for e in ok if e["full_id"] not in by_id)
        if unrun:
            w("Not in this run (added since): %s." % ", ".join(
                "%d launches of %s" % (c, p) for p, c in sorted(unrun.items())))
            w("")
    fails = collections.Counter()
    for e in entries:
        s = status.get(e["full_id"], "not recorded")
        if s != "ok":
            fails[s.split(": ", 1)[-1]] += 1
    # PyTorch's operator where a launch names one (torch_refs.py) and the run timed it.
    has_torch = any(r.get("torch_ms") for r in by_id.values())
    w("| kernel | launch | compiles | registers / spills | matches Triton | tilec ms | Triton ms | speed |"
      + (" torch ms |" if has_torch else ""))
    w("|---|---|---|---|---|---|---|---|" + ("---|" if has_torch else ""))
    for e in entries:
        fid = e["full_id"]
        s = status.get(fid, "not recorded")
        r = by_id.get(fid, {})
        mod = fid.split("/")[1]
        comp = "yes" if s == "ok" else _short(s)
        regs = ""
        match = ""
        tms = sms = speed = ""
        if r:
            c = r.get("registers")
            if c is not None:
                regs = "%s / %s" % (c, r.get("spill_bytes", 0))
                if r.get("triton_registers") is not None:
                    regs += " (Triton %s / %s)" % (r["triton_registers"],
                                                   r.get("triton_spill_bytes", 0))
            if "match" in r and not r["match"] and e.get("triton_wrong"):
                match = "no: Triton's output is wrong (%s)" % e["triton_wrong"]
            elif "match" in r:
                match = "yes" if r["match"] else "**no**: " + _short(r.get("diff", ""), 90)
                if not r["match"] and e.get("note"):
                    match += " (%s)" % _short(e["note"], 220)
                if r["match"] and e.get("tol"):
                    match += " (rtol %g, atol %g)" % (e["tol"].get("rtol", 0), e["tol"].get("atol", 0))
            elif "error" in r:
                match = "error: " + _short(r["error"], 90)
            if r.get("tilec_ms") and r.get("triton_ms"):
                tms, sms = _ms(r["tilec_ms"]), _ms(r["triton_ms"])
                speed = "%.2f×" % (r["triton_ms"] / r["tilec_ms"])
        row = "| `%s.%s` | %s | %s | %s | %s | %s | %s | %s |" % (
            mod, e["kernel"], e["id"], comp, regs, match, tms, sms, speed)
        if has_torch:
            row += " %s |" % (_ms(r["torch_ms"]) if r.get("torch_ms") else "")
        w(row)
    return "\n".join(lines) + "\n"
