"""Shared constants and the report half of bench/compare.py: result tables
(markdown, CSV) and plots. compare.py runs the benchmarks; this file turns
their results into the page's tables and figures."""
import csv
import hashlib
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SYSTEMS = ["torch", "triton", "tilec"]
ELEM_BYTES = {"fp32": 4, "bf16": 2, "fp16": 2}

# Tolerances for the one-off checks against torch: rtol, and atol relative to
# max|ref| (so that softmax rows of 32768 tiny probabilities are still checked).
TOL = {
    ("softmax", "fp32"): (1e-3, 1e-5),
    ("softmax", "fp16"): (1e-2, 2e-3),
    ("softmax", "bf16"): (5e-2, 1e-2),
    ("gelu", "fp32"): (1e-4, 1e-6),
    ("gelu", "bf16"): (2e-2, 4e-3),
    ("rowsum", "fp32"): (1e-4, 1e-5),
    # the top-k weights of a softmax of bf16 logits, computed in fp32
    ("gating", "bf16"): (1e-4, 1e-6),
    # the matmul reference is fp32 without tf32; fp16/bf16 products are exact in fp32
    ("matmul", "fp16"): (1e-3, 1e-4),
    ("matmul", "bf16"): (1e-3, 1e-4),
    ("matmul", "fp32"): (1e-2, 2e-3),  # tf32 inputs (Triton's default)
    ("groupgemm", "fp16"): (1e-3, 1e-4),
    # against torch's fp16 scaled_dot_product_attention (itself rounding P to fp16)
    ("attention", "fp16"): (2e-2, 1e-2),
    ("attention", "bf16"): (5e-2, 2e-2),
    # Triton's fused-attention tutorial: O (and M against Triton's); dq, dk, dv (and delta)
    ("attntut", "fp16"): (2e-2, 1e-2),
    ("attntut_bwd", "fp16"): (2e-2, 1e-2),
}

# compute-bound benches: timed by do_bench with the L2 flushed, never rotated
COMPUTE_BOUND = ("matmul", "attention", "groupgemm", "attntut", "attntut_bwd")
# the fused-attention tutorial's benches (bench/attention_tutorial.py): a table of their own
ATTNTUT = ("attntut", "attntut_bwd")

# --timing, as printed (the tables say it with the run's numbers: timing_text)
TIMING_MODES = {
    "flush": "flush: every kernel by triton.testing.do_bench, L2 flushed by a 256 MB memset "
             "before each launch",
    "rotate": "rotate: matmul by triton.testing.do_bench, L2 flushed; the other benches with no "
              "flush, CUDA events around each launch, median, cycling through R sets of inputs "
              "and outputs, R = min(64, ceil(2 * L2 / bytes of a set)) (L2 read on the GPU), "
              "fewer where GPU memory is short",
}

CSV_FIELDS = ["id", "bench", "dtype", "shape", "system", "status", "ms", "value", "unit", "programs_per_cta",
              "check", "max_abs_err", "n_bad", "compile_ms", "load_ms", "note"]


def cdiv(a, b):
    return (a + b - 1) // b


def copy_sizes(cfgs):
    """The traffic sizes of the memory-bound configs (their `work`: the bytes their GB/s counts),
    each once, ascending: one same-size copy ceiling each (Runner.copy_same_size)."""
    return sorted({c["work"] for c in cfgs if c["metric"] == "GB/s"})


def mib(nbytes):
    """nbytes in MiB, readable: 32, 0.5, 198."""
    return ("%.3f" % (nbytes / 2**20)).rstrip("0").rstrip(".")


def copy_id(nbytes):
    """Result id of the same-size copy of nbytes read + written: copy_32MiB, copy_0.5MiB."""
    return "copy_%sMiB" % mib(nbytes)


def shape_str(cfg):
    s = cfg["shape"]
    if cfg["bench"] == "matmul":
        return "%dx%dx%d" % (s["M"], s["N"], s["K"])
    if cfg["bench"] == "groupgemm":
        return "%dx%d^3" % (s["G"], s["N"])
    if cfg["bench"] in ("attention",) + ATTNTUT:
        return "%dx%dx%dx%d%s" % (s["Z"], s["H"], s["N"], s["D"],
                                  " causal" if s.get("causal") else "")
    if cfg["bench"] == "gating":
        return "%dx%d top%d" % (s["M"], s["N"], s["K"])
    if "M" in s:
        return "%dx%d" % (s["M"], s["N"])
    return str(s["N"])


def load_manifest(ptx_dir):
    path = Path(ptx_dir) / "manifest.json"
    if not path.exists():
        sys.exit("no manifest at %s: run python3 bench/gen_ptx.py first" % path)
    man = json.loads(path.read_text())
    problems = []
    for cfg in man["configs"]:
        if cfg.get("status") == "ok":
            for c in [cfg] + cfg.get("parts", []):  # parts: further kernels (<id>.<role>.ptx)
                for key in ("ptx", "json"):
                    if not c.get(key) or not (Path(ptx_dir) / c[key]).exists():
                        problems.append("%s: missing %s" % (c.get("id", cfg["id"]),
                                                            c.get(key) or key))
        src = REPO / cfg["source"]
        if not src.exists():
            problems.append("%s: missing source %s" % (cfg["id"], src))
        elif hashlib.sha256(src.read_bytes()).hexdigest() != cfg.get("source_sha256"):
            problems.append("%s: %s differs from the file tilec compiled" % (cfg["id"], cfg["source"]))
    return man, problems


# ---------------------------------------------------------------------------
# Output: CSV, markdown, plots (no GPU modules needed)
# ---------------------------------------------------------------------------

def fmt_val(r):
    if r is None:
        return "-"
    if r["status"] != "ok":
        return r["status"]
    v = r["value"]
    if v is None:  # --profile: launched, not timed
        return "-"
    s = "%.0f" % v if v >= 100 else "%.1f" % v
    if r.get("check") == "FAIL":
        s += " (MISMATCH)"
    return s


def is_variant(r):
    """A gen_ptx.py --variants row: tilec at a forced programs-per-cta ('<id>@p<n>')."""
    return "@" in r["id"]


def sweep_table(results):
    """tilec's value per programs-per-cta variant next to the default (auto) run."""
    base = {r["id"]: r for r in results if r["system"] == "tilec" and not is_variant(r)}
    var = {}
    for r in results:
        if is_variant(r) and r["system"] == "tilec":
            cid, v = r["id"].split("@", 1)
            var.setdefault(cid, {})[v] = r
    if not var:
        return []
    # programs-per-cta variants (p<n>) first, then group variants (g<n>), by n
    cols = sorted({v for d in var.values() for v in d},
                  key=lambda v: (v[0], int(v[1:]) if v[1:].isdigit() else 99))
    cols = [v for v in cols if v[0] == "p"] + [v for v in cols if v[0] != "p"]
    lines = ["", "tilec variants (same run, tilec only): p<n> = programs-per-cta forced to n "
             "(gen_ptx.py --variants), g<n> = --group-programs n, the grouped launch order of "
             "tensor-core kernels (gen_ptx.py --group-variants; g0 = the plain order), f<n> = "
             "--prefetch-bytes n, read-only loops load n bytes a thread an iteration ahead "
             "(gen_ptx.py --prefetch-variants), r0 = --remat-bytes 0, tiles held in registers across "
             "reductions (gen_ptx.py --remat-variants); any other name: a gen_ptx.py --baseline "
             "build (another tilec binary or wrapper, named where the run is described). auto = "
             "the default (programs-per-cta auto, with the factor it chose; groups of 8 where the "
             "swept A operand is 48 MiB or more; no prefetch; remat of 256 bytes).", "",
             "| config | unit | auto | " + " | ".join(cols) + " |",
             "|---|---|---|" + "---|" * len(cols)]
    for cid, d in var.items():
        b = base.get(cid)
        auto = "-"
        if b:
            auto = "%s (%s)" % (fmt_val(b), b.get("programs_per_cta", "?"))
        unit = next(iter(d.values()))["unit"]
        lines.append("| %s | %s | %s | %s |" % (cid, unit, auto,
                                                 " | ".join(fmt_val(d.get(c)) if c in d else "-"
                                                            for c in cols)))
    return lines


def timing_text(env):
    """How a run timed its kernels, for the tables (runs from before --timing: flush)."""
    flush = ("triton.testing.do_bench(warmup=%s ms, rep=%s ms, median), L2 flushed before each run"
             % (env.get("warmup"), env.get("rep")))
    if env.get("timing", "flush") == "flush":
        return "Timing: %s." % flush
    l2 = env.get("l2_bytes")
    return ("Timing (--timing rotate): matmul by %s; the other benches with no flush: CUDA events "
            "around each launch (warm-up %s ms, then about %s ms of launches, 100 to 10000, queued "
            "behind a spin kernel so that the events time the GPU, not the launch overhead; median), "
            "cycling through R sets of inputs and outputs (fresh random inputs, each set its own "
            "output; the same sets for torch, Triton and tilec, %s), "
            "R = min(64, ceil(2 * L2 / bytes of one set's inputs and output)) with L2 = %s MiB, "
            "fewer where GPU memory is short; R is the column `sets`." % (
                flush, env.get("warmup"), env.get("rep"),
                "torch through aten .out ops into an output of its own per set"
                if env.get("torch_outputs") == "own" else "torch writing outputs it allocates",
                "%.0f" % (l2 / 2**20) if l2 else "?"))


def markdown(results, env):
    sweep = sweep_table(results)
    results = [r for r in results if not is_variant(r)]
    by = {}
    for r in results:
        by.setdefault(r["id"], {})[r["system"]] = r
    lines = []
    if env:
        lines.append("Device: %s; torch %s, triton %s, cupy %s; tilec %s" % (
            env.get("device"), env.get("torch"), env.get("triton"), env.get("cupy"),
            env.get("tilec_rev")))
        lines.append(timing_text(env))
        lines.append("")
    rot = bool(env) and env.get("timing") == "rotate"
    head = len(lines)
    lines.append("| config | bench | dtype | shape | unit | torch | Triton | tilec | tilec/Triton | tilec/torch | check (Triton, tilec) |"
                 + (" sets |" if rot else "") + " tilec/copy |")
    lines.append("|---|---|---|---|---|---|---|---|---|---|---|" + ("---|" if rot else "") + "---|")
    for cid, d in by.items():
        any_r = next(iter(d.values()))
        if any_r["bench"] in ATTNTUT:  # attntut_table
            continue
        def ratio(a, b):
            ra, rb = d.get(a), d.get(b)
            if ra and rb and ra["status"] == "ok" and rb["status"] == "ok" and rb["value"]:
                return "%.2f" % (ra["value"] / rb["value"])
            return "-"
        checks = ", ".join((d[s].get("check") or "-") if s in d else "-" for s in ("triton", "tilec"))
        # tilec's GB/s over the same-size copy's (memory-bound rows; none in runs from before it)
        tl_ = d.get("tilec")
        copy = tl_.get("copy_same_size_gbs") if tl_ else None
        to_copy = "%.2f" % (tl_["value"] / copy) if copy and tl_["status"] == "ok" and tl_["value"] else "-"
        lines.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            cid, any_r["bench"], any_r["dtype"], any_r["shape"], any_r["unit"],
            fmt_val(d.get("torch")), fmt_val(d.get("triton")), fmt_val(d.get("tilec")),
            ratio("tilec", "triton"), ratio("tilec", "torch"), checks)
            + (" %s |" % (any_r.get("sets") or "-") if rot else "") + " %s |" % to_copy)
    if any(r.get("copy_same_size_gbs") for r in results):
        lines.append("")
        lines.append("tilec/copy: tilec's GB/s over that of a torch copy (dst.copy_(src)) whose bytes "
                     "read + written are the bytes the config's GB/s counts (row sum: its bytes "
                     "read), timed the same way: the rows copy_<MiB>MiB.")
    if len(lines) == head + 2:  # no rows but the attntut ones: no main table
        del lines[head:]
    tab = attntut_table(by)
    lines += tab[1:] if lines and not lines[-1] else tab
    lines.append("")
    lines.append("Compile time per kernel configuration (ms): tilec = one tilec process, source -> PTX "
                 "(measured where gen_ptx.py ran); tilec load = cuModuleLoad of the PTX + first launch "
                 "- warm launch on the GPU (driver JIT, cache disabled); Triton = first call - warm call, "
                 "fresh TRITON_CACHE_DIR (source -> cubin, includes ptxas).")
    lines.append("")
    lines.append("| config | tilec compile | tilec load (PTX JIT) | tilec total | Triton first call |")
    lines.append("|---|---|---|---|---|")
    for cid, d in by.items():
        tl_ = d.get("tilec")
        tr = d.get("triton")
        if not tl_ and not tr:
            continue
        c = tl_.get("compile_ms") if tl_ else None
        ld = tl_.get("load_ms") if tl_ else None
        tot = (c + ld) if (c is not None and ld is not None) else None
        trc = tr.get("compile_ms") if tr else None
        trs = ("%.0f" % trc) if trc is not None else (((tr or {}).get("note") or "-")[:90])
        lines.append("| %s | %s | %s | %s | %s |" % (
            cid, "%.0f" % c if c is not None else "-", "%.0f" % ld if ld is not None else "-",
            "%.0f" % tot if tot is not None else "-", trs))
    lines += sweep
    bad = [r for r in results if "FAIL" in (r.get("check"), r.get("check_triton"))]
    if bad:
        lines.append("")
        lines.append("**Mismatches against torch (attntut: or tilec against Triton):**")
        for r in bad:
            lines.append("- %s %s: %s" % (r["id"], r["system"], r["note"]))
    return "\n".join(lines) + "\n"


def attntut_table(by):
    """The rows of Triton's fused-attention tutorial (attntut_*, attntut_bwd_*): a table of their
    own, by pass, D, causal and N_CTX."""
    rows = [(cid, d) for cid, d in by.items() if next(iter(d.values()))["bench"] in ATTNTUT]
    if not rows:
        return []

    def key(item):
        r = next(iter(item[1].values()))
        dims = r["shape"].split()[0].split("x")  # Z x H x N x D[ causal]
        return (r["bench"], int(dims[3]), "causal" in r["shape"], int(dims[2]))
    lines = ["", "Triton's fused-attention tutorial (examples/fused_attention_tutorial.py, "
             "unchanged), fp16, Z = 4, H = 32, sm_scale = 1.3 (its benchmark's), in TFLOP/s "
             "(4·Z·H·N²·D, half with the causal mask, 2.5× that for the backward). fwd: "
             "`_attn_fwd` on host tensor descriptors, torch `scaled_dot_product_attention`; bwd: "
             "k · sm_scale / ln 2, `_attn_bwd_preprocess` and `_attn_bwd` as "
             "`_attention.backward` runs them, torch: autograd's backward of "
             "`scaled_dot_product_attention` (dq, dk, dv from do). Triton and tilec run the same "
             "config (no autotuning). check: against torch (O; dq, dk, dv); tilec vs Triton: "
             "tilec's outputs against Triton's (O, M; dq, dk, dv, delta).", "",
             "| config | pass | D | causal | N_CTX | torch | Triton | tilec | tilec/Triton | "
             "tilec/torch | check (Triton, tilec) | tilec vs Triton |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for cid, d in sorted(rows, key=key):
        r = next(iter(d.values()))
        dims = r["shape"].split()[0].split("x")

        def ratio(a, b):
            ra, rb = d.get(a), d.get(b)
            if ra and rb and ra["status"] == "ok" and rb["status"] == "ok" and ra["value"] \
                    and rb["value"]:
                return "%.2f" % (ra["value"] / rb["value"])
            return "-"
        checks = ", ".join((d[s].get("check") or "-") if s in d else "-" for s in ("triton", "tilec"))
        til = d.get("tilec") or {}
        vs = til.get("check_triton") or "-"
        if til.get("max_abs_err_triton") is not None:
            vs += " (max err %.3g)" % til["max_abs_err_triton"]
        lines.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            cid, "bwd" if r["bench"] == "attntut_bwd" else "fwd", dims[3],
            "yes" if "causal" in r["shape"] else "no", dims[2], fmt_val(d.get("torch")),
            fmt_val(d.get("triton")), fmt_val(d.get("tilec")), ratio("tilec", "triton"),
            ratio("tilec", "torch"), checks, vs))
    return lines


def write_csv(results, path):
    # "sets": R of the rows timed with --timing rotate (none with flush: the columns of old runs)
    fields = CSV_FIELDS + (["sets"] if any("sets" in r for r in results) else [])
    # tilec against Triton's outputs (the attntut rows)
    fields += [f for f in ("check_triton", "max_abs_err_triton")
               if any(f in r for r in results)]
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields, extrasaction="ignore")
        w.writeheader()
        for r in results:
            w.writerow({k: ("" if r.get(k) is None else r.get(k)) for k in fields})


def plots(results, out, copy_gbs=None):
    results = [r for r in results if not is_variant(r)]
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib not available: no plots")
        return []
    written = []
    colors = {"torch": "tab:orange", "triton": "tab:blue", "tilec": "tab:green"}

    def ok(r):
        return r["status"] == "ok" and r["value"] is not None

    def line_plot(name, title, rs, xkey, xlabel, annot=None, dashed=(), dashed_label=""):
        """rs: one line a system; dashed: a second kernel's rows, dashed lines labelled
        '<system> (<dashed_label>)' (not torch's: it runs the same op on both)."""
        if not rs:
            return
        fig, ax = plt.subplots(figsize=(7, 4.5))
        for group, style, suffix in ((rs, "o-", ""), (dashed, "s--", " (%s)" % dashed_label)):
            for s in SYSTEMS:
                if group is dashed and s == "torch":  # the same torch op as rs's
                    continue
                pts = sorted((xkey(r), r["value"]) for r in group if r["system"] == s and ok(r))
                if pts:
                    ax.plot([p[0] for p in pts], [p[1] for p in pts], style, label=s + suffix,
                            color=colors[s])
        if copy_gbs:
            ax.axhline(copy_gbs, ls="--", color="gray", label="copy (torch clone)")
        pts = sorted((xkey(r), r["copy_same_size_gbs"]) for r in rs
                     if r["system"] == "tilec" and r.get("copy_same_size_gbs"))
        if pts:
            ax.plot([p[0] for p in pts], [p[1] for p in pts], ":", color="gray",
                    label="copy, same bytes (torch)")
        if annot:
            for r in rs:
                if r["system"] == "torch" and ok(r):
                    ax.annotate(annot(r), (xkey(r), r["value"]), fontsize=7,
                                textcoords="offset points", xytext=(0, 8), ha="center")
        ax.set_xscale("log", base=2)
        ax.set_xlabel(xlabel)
        ax.set_ylabel("GB/s")
        ax.set_ylim(bottom=0)
        ax.set_title(title)
        ax.grid(True, alpha=0.3)
        ax.legend()
        fig.tight_layout()
        p = Path(out) / (name + ".png")
        fig.savefig(p, dpi=120)
        plt.close(fig)
        written.append(str(p))

    for dt in ("fp32", "bf16", "fp16"):
        rs = [r for r in results if r["bench"] == "softmax" and r["dtype"] == dt
              and not r["id"].startswith("softmaxlong")]
        line_plot("softmax_" + dt, "softmax %s, 4096 x N (bytes read + written)" % dt, rs,
                  lambda r: int(r["shape"].split("x")[1]), "N (columns)")
    rs = [r for r in results if r["id"].startswith("softmaxlong_")]
    rsp = [r for r in results if r["id"].startswith("softmaxlongp_")]
    for dt in ("fp32", "bf16"):
        line_plot("softmax_long_" + dt,
                  "softmax_long %s (examples/softmax_long.py), 1024 x N" % dt,
                  [r for r in rs if r["dtype"] == dt],
                  lambda r: int(r["shape"].split("x")[1]), "N (columns)",
                  dashed=[r for r in rsp if r["dtype"] == dt], dashed_label="persistent")
    rs = [r for r in results if r["bench"] == "rowsum"]
    line_plot("rowsum", "row sum fp32, rows x N (bytes read)", rs,
              lambda r: int(r["shape"].split("x")[1]), "N (columns)",
              annot=lambda r: r["shape"])

    def bar_plot(name, title, rs, ylabel):
        if not rs:
            return
        dts = []
        for r in rs:
            if r["dtype"] not in dts:
                dts.append(r["dtype"])
        fig, ax = plt.subplots(figsize=(7, 4.5))
        w = 0.8 / len(SYSTEMS)
        for i, s in enumerate(SYSTEMS):
            for j, dt in enumerate(dts):
                r = next((r for r in rs if r["system"] == s and r["dtype"] == dt), None)
                x = j + (i - 1) * w
                if r and ok(r):
                    ax.bar(x, r["value"], w, color=colors[s], label=s if j == 0 else None)
                    ax.text(x, r["value"], "%.0f" % r["value"], ha="center", va="bottom", fontsize=7)
                else:
                    ax.bar(x, 0, w, color=colors[s], label=s if j == 0 else None)
                    ax.text(x, 0, (r["status"] if r else "n/a"), ha="center", va="bottom",
                            fontsize=7, rotation=90)
        ax.set_xticks(range(len(dts)))
        ax.set_xticklabels(dts)
        ax.set_ylabel(ylabel)
        ax.set_title(title)
        ax.grid(True, axis="y", alpha=0.3)
        ax.legend()
        fig.tight_layout()
        p = Path(out) / (name + ".png")
        fig.savefig(p, dpi=120)
        plt.close(fig)
        written.append(str(p))

    bar_plot("gelu", "GeLU (tanh), 2^28 elements (bytes read + written)",
             [r for r in results if r["bench"] == "gelu"], "GB/s")
    bar_plot("matmul", "matmul + ReLU 4096^3 (Triton and tilec: seed kernel 64x64x32, 4 warps)",
             [r for r in results if r["bench"] == "matmul"], "TFLOP/s")

    # compile times per configuration
    comp = {}
    for r in results:
        if r["system"] == "tilec" and r.get("compile_ms") is not None:
            comp.setdefault(r["id"], {})["tilec"] = r["compile_ms"] + (r.get("load_ms") or 0)
        if r["system"] == "triton" and r.get("compile_ms") is not None:
            comp.setdefault(r["id"], {})["triton"] = r["compile_ms"]
    if comp:
        ids = list(comp)
        fig, ax = plt.subplots(figsize=(max(7, 0.3 * len(ids)), 4.5))
        for i, s in enumerate(("triton", "tilec")):
            xs = [j + (i - 0.5) * 0.4 for j in range(len(ids))]
            ys = [comp[c].get(s, 0) for c in ids]
            ax.bar(xs, ys, 0.4, color=colors[s],
                   label={"triton": "Triton first call (to cubin)",
                          "tilec": "tilec (to PTX) + driver PTX JIT"}[s])
        ax.set_xticks(range(len(ids)))
        ax.set_xticklabels(ids, rotation=90, fontsize=6)
        ax.set_yscale("log")
        ax.set_ylabel("ms")
        ax.set_title("compile time per kernel configuration")
        ax.legend()
        fig.tight_layout()
        p = Path(out) / "compile_time.png"
        fig.savefig(p, dpi=120)
        plt.close(fig)
        written.append(str(p))
    return written


# ---------------------------------------------------------------------------
# GPU part
# ---------------------------------------------------------------------------
