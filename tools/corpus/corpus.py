#!/usr/bin/env python3
"""The compatibility corpus: public Triton kernels, unchanged, through tilec.

The kernels are those of published packages (sources.json pins each one by
version and sha256; `fetch` takes it from the package registry), or of
sources on no registry (a "local" package, Triton's tutorials: sources.json
names the upstream repository, the commit of each file and its sha256, and
the folder, ignored by git, where they are put unchanged; `fetch`,
`compile` and `check` verify them, and skip the package, saying so, when
the folder is absent), launched as their host code launches them. A manifest per source file
(test/Corpus/<pkg>/<module>.json) gives the launches:

  {"package": "liger-kernel", "source": "liger_kernel/ops/rms_norm.py",
   "kernels": [
     {"id": "fwd_fp32", "kernel": "_rms_norm_forward_kernel",
      "grid": [4096], "num_warps": 8, "num_stages": 3,
      "args": {"Y_ptr": {"tensor": [4096, 4096], "dtype": "fp32", "init": "empty"},
               "Y_row_stride": 4096, "eps": 1e-6, "BLOCK_SIZE": 4096, ...},
      "tol": {"rtol": 1e-4, "atol": 1e-5}}]}

`args` maps every parameter without a default to its value: a tensor (shape,
dtype fp16/bf16/fp32/fp64/i8/i16/i32/i64/u8/i1; init "randn" (the default for
floats), "rand", "zeros", "ones", "empty" (poisoned: NaN, or 0x5a bytes for
integers), {"randint": [lo, hi]} (the default for integers: [0, 100)),
{"values": [...]} (these contents, row-major: index inputs such as the
cumulative sequence lengths of a ragged batch), {"pointers": [B0, ...]} (an
i64 tensor of the addresses of the launch's "buffers" B0, ...: tensors given
like arguments but not passed, which are compared like them), "scale"
multiplies a random init), {"alias": "OTHER"} (the same buffer as another
parameter), a host tensor descriptor {"descriptor": TENSOR, "block": [b0, ...]}
(Triton gets TensorDescriptor.from_tensor(TENSOR, block), tilec the
signature entry tensordesc<T[b0, ...]>, :16 after it where the shape is all
multiples of 16, and the tensor's pointer, shape and strides), an int, a float (JSON 1.0 is a float), a bool, a string, null, or
{"dtype": "tl.bfloat16"}. Which parameters are constexprs comes from the
kernel's definition, as it does for Triton.

A launch's "triton_wrong" names where Triton's own output was found wrong
against an independent reference (the table then says so for a launch
whose outputs differ). A launch's "launch_options" ({"launch_pdl": true}) are further keyword
arguments of Triton's launch; tilec's launch has no such options (a launch
alone is the same with programmatic dependent launch as without). A launch's
"torch" names a function of tools/corpus/torch_refs.py: PyTorch's operator
for the same work, timed beside Triton and tilec (`torch_ms`).

A manifest's "defines" ({"NAME": value}, after those of its package in
sources.json) bind module-level names to host code's values, `tilec -D
NAME=VALUE` (docs/language.md): names that the package's modules compute from
what tilec does not know of the device at import (its name, its number of
SMs). No manifest needs one now.

The signature tilec compiles with is the one Triton's JIT derives from the
same arguments (runtime/jit.py): pointers and integers divisible by 16 get
`:16`, an integer equal to 1 becomes the constant 1 (not for parameters in
`do_not_specialize`), integers outside int32 are i64, floats fp32, bools i1.

  corpus.py fetch   [--cache DIR]                 sources into DIR
  corpus.py compile --tilec T [--ptxas P] --out DIR [--check status.json]
                    [--update status.json] [--only SUBSTR]
  corpus.py run     --out DIR [--only SUBSTR]     (on a GPU: Triton vs tilec)
                    [--baseline DIR2 [--changed-only]] [--rounds N]
  corpus.py table   --results results.json --status status.json > docs/corpus.md
  corpus.py check   [--cache DIR] [--only SUBSTR]   (no GPU: every launch's
                    signature, inputs and defines are well-formed, local
                    files are as pinned, scripts load as `run` loads them)

`compile` writes DIR/<id>.ptx and .json (tilec's launch metadata) and
DIR/compile.json; with --check it fails when a kernel's outcome differs from
status.json (a kernel that compiled no longer does, a known failure's message
changed, or one now compiles: run with --update and review the diff).
`run --baseline DIR2` also runs and times the launches as DIR2 (another
compile, an earlier tilec) has them, in the same process on the same inputs:
each record gains `baseline_match` and `baseline_ms`, so that two compilers
are compared within one run and one GPU; `--changed-only` runs only the
launches whose PTX differs between the two. Each launch is timed
`--rounds` times (default 3) with triton.testing.do_bench, Triton's, tilec's
and the baseline's in turn, each round starting one later, and the median is
reported: a GPU's clock follows its power draw, and the code timed right
after another one's 100 ms of tensor-core work measured up to 10% slower.
`run` needs torch, triton and cupy, and the libraries a package's
sources.json "requires" lists. It imports each kernel's module as Python
does, but for one difference that spares it the package's unrelated
dependencies: a package's __init__.py runs only when a name it binds is
imported from it (`from pkg.utils import f`), not when one of its modules
is. A package whose sources.json entry sets "scripts" (Triton's tutorials,
which test and benchmark at module level) has its modules loaded by
corpus_script.py: only the top-level statements that define the manifests'
kernels, and what those need, run. Triton gets the jit function under its
autotuners and heuristics (the manifest gives what they would choose), and
a torch allocator (triton.set_allocator) for kernels that make tensor
descriptors. Every tensor is made once from the seed, copied for Triton and
for tilec, outputs poisoned; after one launch of each, every buffer is
compared (integers exactly, floats by tolerance, NaN equal to NaN; not the
tables of pointers); then both are timed with triton.testing.do_bench.
"""

import argparse
import ast
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

from corpus_common import ARCH, FLOAT_DTYPES, INT_DTYPES, MANIFESTS, REPO, load_sources


# ---------------------------------------------------------------- manifests

def source_root(cache, pkg):
    """Where a package's sources are: the cache for a registry package, the
    folder sources.json names for a local one."""
    if "local" in pkg:
        return REPO / pkg["local"]
    return Path(cache) / ("%s-%s" % (pkg["name"], pkg["version"]))


def local_absent(pkg):
    """Whether a local package's folder is absent (the package is then
    skipped; a folder present but not as pinned is an error)."""
    return "local" in pkg and not source_root(None, pkg).is_dir()


def local_problems(pkg):
    """How a local package's files differ from the sha256 sources.json
    pins for each (none: the list is empty)."""
    root = source_root(None, pkg)
    problems = []
    for name, f in sorted(pkg["files"].items()):
        path = root / name
        if not path.is_file():
            problems.append("%s is missing" % path.relative_to(REPO))
            continue
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        if digest != f["sha256"]:
            problems.append("%s has sha256 %s, sources.json pins %s" % (
                path.relative_to(REPO), digest, f["sha256"]))
    return problems


def fetched(cache, pkg):
    """Whether `fetch` has brought a registry package's sources into the
    cache (a local package does not gate the corpus: it is skipped when
    absent)."""
    return "local" in pkg or (source_root(cache, pkg) / ".complete").exists()


def skip_note(pkg, n):
    return ("corpus: %s is not in %s (sources.json says where it comes from): "
            "its %d launches are skipped" % (pkg["name"], pkg["local"], n))


def present_entries(pkgs, entries):
    """The entries whose sources can be had: a local package's only when its
    folder is there (a note for each one that is not)."""
    absent = {name for name in {e["package"] for e in entries} if local_absent(pkgs[name])}
    for name in sorted(absent):
        print(skip_note(pkgs[name], sum(e["package"] == name for e in entries)))
    return [e for e in entries if e["package"] not in absent]


def require_sources(cache, pkg):
    """Exits unless the package's sources are there and intact."""
    if "local" in pkg:
        problems = local_problems(pkg)
        if problems:
            sys.exit("corpus: %s in %s is not as sources.json pins it:\n  %s" % (
                pkg["name"], pkg["local"], "\n  ".join(problems)))
    elif not fetched(cache, pkg):
        sys.exit("corpus: %s is not fetched into %s (run: corpus.py fetch --cache %s)" % (
            pkg["name"], cache, cache))


def load_entries(only=None):
    """Every launch of every manifest, with its full id pkg/module/id."""
    out = []
    pkgs = {p["name"]: p for p in load_sources()}
    for mf in sorted(MANIFESTS.glob("*/*.json")):
        m = json.loads(mf.read_text())
        defines = dict(pkgs.get(m["package"], {}).get("defines", {}))
        defines.update(m.get("defines", {}))
        for k in m["kernels"]:
            e = dict(k)
            e["package"] = m["package"]
            e["source"] = m["source"]
            e["defines"] = defines
            e["manifest"] = str(mf.relative_to(REPO))
            e["full_id"] = "%s/%s/%s" % (mf.parent.name, mf.stem, k["id"])
            if only and not any(o in e["full_id"] for o in only):
                continue
            out.append(e)
    ids = [e["full_id"] for e in out]
    dup = {i for i in ids if ids.count(i) > 1}
    if dup:
        sys.exit("corpus: duplicate ids: %s" % ", ".join(sorted(dup)))
    return out


# ------------------------------------------------------------------- fetch

def fetch(cache):
    cache = Path(cache)
    cache.mkdir(parents=True, exist_ok=True)
    for pkg in load_sources():
        root = source_root(cache, pkg)
        if "local" in pkg:  # on no registry: checked where it is put
            if local_absent(pkg):
                print(skip_note(pkg, sum(e["package"] == pkg["name"] for e in load_entries())))
                continue
            require_sources(cache, pkg)
            print("corpus: %s in %s (sha256 as pinned)" % (pkg["name"], pkg["local"]))
            continue
        if (root / ".complete").exists():
            continue
        with tempfile.TemporaryDirectory() as tmp:
            cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
                   "-d", tmp, "%s==%s" % (pkg["name"], pkg["version"])]
            p = subprocess.run(cmd, capture_output=True, text=True)
            wheels = list(Path(tmp).glob("*.whl"))
            if p.returncode != 0 or len(wheels) != 1:
                sys.exit("corpus: cannot download %s %s from the package registry:\n%s" % (
                    pkg["name"], pkg["version"], (p.stderr or p.stdout)[-2000:]))
            digest = hashlib.sha256(wheels[0].read_bytes()).hexdigest()
            if digest != pkg["sha256"]:
                sys.exit("corpus: %s has sha256 %s, sources.json pins %s" % (
                    wheels[0].name, digest, pkg["sha256"]))
            if root.exists():
                shutil.rmtree(root)
            with zipfile.ZipFile(wheels[0]) as z:
                z.extractall(root)
            (root / ".complete").write_text(wheels[0].name + "\n")
        print("corpus: %s %s in %s" % (pkg["name"], pkg["version"], root))


# -------------------------------------------------------------- signatures

def is_constexpr_annotation(a):
    if a is None:
        return False
    if isinstance(a, ast.Name):
        return a.id == "constexpr"
    if isinstance(a, ast.Attribute):
        return a.attr == "constexpr"
    if isinstance(a, ast.Constant) and isinstance(a.value, str):
        return a.value.endswith("constexpr")
    return False


def jit_decorator_options(fn):
    """do_not_specialize names of a @triton.jit(...) decorator."""
    names = set()
    for d in fn.decorator_list:
        if isinstance(d, ast.Call):
            for kw in d.keywords:
                if kw.arg in ("do_not_specialize", "do_not_specialize_on_alignment"):
                    # A conditional list (`['T', 'scale'] if IS_NVIDIA_HOPPER
                    # else ['T']`): the names of both branches, so that no
                    # argument gets a specialization the host might not give.
                    options = ([kw.value.body, kw.value.orelse]
                               if isinstance(kw.value, ast.IfExp) else [kw.value])
                    for node in options:
                        try:
                            v = ast.literal_eval(node)
                        except ValueError:
                            continue
                        for x in v:
                            names.add(x if isinstance(x, str) else fn.args.args[x].arg)
    return names


def kernel_params(path, name):
    """[(name, is_constexpr, default_node)] of the def `name` in `path`."""
    tree = ast.parse(Path(path).read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == name:
            args = node.args.args
            defaults = [None] * (len(args) - len(node.args.defaults)) + list(node.args.defaults)
            params = [(a.arg, is_constexpr_annotation(a.annotation), d)
                      for a, d in zip(args, defaults)]
            return params, jit_decorator_options(node)
    raise KeyError("no function %s in %s" % (name, path))


def literal(v):
    """A constant as a signature entry."""
    if isinstance(v, bool):
        return "True" if v else "False"
    if v is None:
        return "None"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        r = repr(v)
        return r if any(c in r for c in ".eEn") else r + ".0"
    if isinstance(v, str):
        return "'%s'" % v
    if isinstance(v, dict) and "dtype" in v:
        return v["dtype"]
    raise ValueError("no signature literal for %r" % (v,))


def scalar_type(v):
    if isinstance(v, bool):
        return "i1"
    if isinstance(v, int):
        return "i32" if -2**31 <= v < 2**31 else "i64"
    if isinstance(v, float):
        return "fp32"
    raise ValueError("not a runtime scalar: %r" % (v,))


def signature(entry, src):
    """The signature Triton's JIT would specialize on, and the ordered args."""
    params, nospec = kernel_params(src, entry["kernel"])
    args = entry["args"]
    names = [p[0] for p in params]
    extra = set(args) - set(names)
    if extra:
        raise ValueError("arguments %s are not parameters of %s" % (
            ", ".join(sorted(extra)), entry["kernel"]))
    sig = []
    last_given = max([i for i, p in enumerate(params) if p[0] in args] + [-1])
    for i, (pname, constexpr, default) in enumerate(params):
        if pname not in args:
            if default is None:
                raise ValueError("parameter %s of %s has no value" % (pname, entry["kernel"]))
            if i < last_given:  # a later parameter is given: spell the default
                sig.append(literal(ast.literal_eval(default)))
            continue
        v = args[pname]
        if isinstance(v, dict) and "descriptor" in v:
            # `:16`: the shape's dimensions all multiples of 16, as the JIT
            # specializes an integer argument (docs/language.md).
            whole = all(n % 16 == 0 for n in v["descriptor"]["tensor"])
            sig.append("tensordesc<%s[%s]>%s" % (v["descriptor"].get("dtype", "fp32"),
                                                  ", ".join(str(b) for b in v["block"]),
                                                  ":16" if whole else ""))
        elif isinstance(v, dict) and ("tensor" in v or "alias" in v):
            if constexpr:
                raise ValueError("constexpr %s given a tensor" % pname)
            t = v if "tensor" in v else args[v["alias"]]
            sig.append("*%s:16" % t.get("dtype", "fp32"))
        elif constexpr or v is None or isinstance(v, str) or (isinstance(v, dict) and "dtype" in v):
            sig.append(literal(v))
        elif isinstance(v, int) and not isinstance(v, bool) and v == 1 and pname not in nospec:
            sig.append("1")
        else:
            t = scalar_type(v)
            if t in ("i32", "i64") and v % 16 == 0 and pname not in nospec:
                t += ":16"
            sig.append(t)
    return ", ".join(sig)


# ----------------------------------------------------------------- compile

def first_error(text):
    for line in text.splitlines():
        m = re.search(r"error: (.*)", line)
        if m:
            msg = m.group(1).strip()
            loc = re.match(r"(\S+?):(\d+):\d+: error", line)
            if loc:
                msg = "%s:%s: %s" % (Path(loc.group(1)).name, loc.group(2), msg)
            return msg
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[-1].strip() if lines else "failed with no message"


def compile_one(entry, src_root, tilec, ptxas, out):
    src = src_root / entry["source"]
    rec = {"id": entry["full_id"], "kernel": entry["kernel"]}
    try:
        rec["signature"] = signature(entry, src)
    except (ValueError, KeyError) as ex:
        rec.update(status="manifest-error", error=str(ex))
        return rec
    stem = entry["full_id"].replace("/", "__")
    ptx = out / (stem + ".ptx")
    defines = ["-D%s=%s" % (n, literal(v)) for n, v in sorted(entry.get("defines", {}).items())]
    cmd = [tilec, str(src)] + defines + ["--kernel", entry["kernel"], "--signature", rec["signature"],
           "--num-warps", str(entry.get("num_warps", 4)),
           "--num-stages", str(entry.get("num_stages", 3)),
           "--arch", ARCH, "--emit=ptx", "-o", str(ptx)]
    t0 = time.perf_counter()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        rec.update(status="compile-error", error="tilec ran over 300 s")
        return rec
    rec["compile_ms"] = round((time.perf_counter() - t0) * 1e3, 1)
    if p.returncode != 0:
        crashed = p.returncode not in (0, 1)
        rec.update(status="crash" if crashed else "compile-error",
                   error=("tilec exited with %d: " % p.returncode if crashed else "") +
                   first_error(p.stderr + p.stdout))
        return rec
    rec["ptx"] = ptx.name
    rec["meta"] = stem + ".json"
    if ptxas:
        q = subprocess.run([ptxas, "--gpu-name", ARCH, "-v", str(ptx), "-o", os.devnull],
                           capture_output=True, text=True)
        if q.returncode != 0:
            rec.update(status="ptxas-error", error=first_error(q.stderr + q.stdout))
            return rec
        m = re.search(r"Used (\d+) registers", q.stderr + q.stdout)
        s = re.search(r"(\d+) bytes spill stores", q.stderr + q.stdout)
        rec["registers"] = int(m.group(1)) if m else None
        rec["spill_bytes"] = int(s.group(1)) if s else 0
    rec["status"] = "ok"
    return rec


def outcome(rec):
    return "ok" if rec["status"] == "ok" else "%s: %s" % (rec["status"], rec["error"])


def cmd_compile(a):
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    pkgs = {p["name"]: p for p in load_sources()}
    all_entries = load_entries(a.only)
    if not all_entries:
        sys.exit("corpus: no manifest entry matches")
    entries = present_entries(pkgs, all_entries)
    recs = []
    for name in sorted({e["package"] for e in entries}):
        require_sources(a.cache, pkgs[name])
    for e in entries:
        root = source_root(a.cache, pkgs[e["package"]])
        dst = out / "src" / e["package"]
        if not dst.exists():
            shutil.copytree(root, dst, ignore=shutil.ignore_patterns("*.dist-info"))
        r = compile_one(e, root, a.tilec, a.ptxas, out)
        recs.append(r)
        print("%-4s %-55s %s" % ("ok" if r["status"] == "ok" else "FAIL", r["id"],
                                 "" if r["status"] == "ok" else outcome(r)[:160]), flush=True)
    # The launches, for `run` on the GPU machine.
    rev = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"],
                         capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "-C", str(REPO), "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True).stdout.strip()
    man = {"arch": ARCH, "commit": rev + ("+changes" if dirty else ""), "entries": []}
    for e, r in zip(entries, recs):
        man["entries"].append(dict(e, compile=r))
    (out / "compile.json").write_text(json.dumps(man, indent=1) + "\n")
    n_ok = sum(r["status"] == "ok" for r in recs)
    print("corpus: %d of %d kernels compile and assemble" % (n_ok, len(recs)))
    if a.update:
        path = Path(a.update)
        old = json.loads(path.read_text()) if path.exists() and a.only else {}
        old.update({r["id"]: outcome(r) for r in recs})
        path.write_text(json.dumps(dict(sorted(old.items())), indent=1) + "\n")
    if a.check:
        want = json.loads(Path(a.check).read_text())
        bad = 0
        for r in recs:
            w = want.get(r["id"])
            got = outcome(r)
            if w != got:
                bad += 1
                print("MISMATCH %s\n  expected: %s\n  got:      %s" % (r["id"], w, got))
        if not a.only:
            skipped = {e["full_id"] for e in all_entries if e not in entries}
            for missing in sorted(set(want) - {r["id"] for r in recs} - skipped):
                bad += 1
                print("MISMATCH %s: in the status file, not in any manifest" % missing)
        if bad:
            print("corpus: %d outcome(s) differ from %s; if intended, rerun with "
                  "--update %s and review the diff" % (bad, a.check, a.check))
            return 1
    if any(r["status"] in ("crash", "manifest-error") for r in recs):
        return 1
    return 0


def tensor_problems(e, name, v):
    """What is wrong with the tensor argument or buffer `name` of a launch."""
    problems = []
    if "alias" in v and v["alias"] not in e["args"]:
        problems.append("%s aliases no argument %s" % (name, v["alias"]))
    spec = v.get("descriptor", v) if "descriptor" in v else v
    if "tensor" not in spec:
        return problems
    dt = spec.get("dtype", "fp32")
    if dt not in FLOAT_DTYPES | INT_DTYPES:
        problems.append("%s: unknown dtype %s" % (name, dt))
    init = spec.get("init")
    n = 1
    for d in spec["tensor"]:
        n *= d
    if isinstance(init, dict) and "values" in init:
        if len(init["values"]) != n:
            problems.append("%s: %d values for shape %s" % (name, len(init["values"]), spec["tensor"]))
    elif isinstance(init, dict) and "pointers" in init:
        unknown = [b for b in init["pointers"] if b not in e.get("buffers", {})]
        if unknown or dt != "i64" or len(init["pointers"]) != n:
            problems.append("%s: pointers to %d buffers, of which %s are not buffers of the launch, "
                            "in an %s tensor of %d elements (i64, one each)" % (
                                name, len(init["pointers"]), unknown, dt, n))
    elif init is not None and not isinstance(init, dict) and init not in (
            "randn", "rand", "zeros", "ones", "empty"):
        problems.append("%s: unknown init %r" % (name, init))
    return problems


def script_problems(pkgs, entries):
    """Where a script package's source does not define the manifests'
    kernels as corpus_script.py loads them (for `run`)."""
    import ast
    from corpus_script import select  # tools/corpus/corpus_script.py
    problems = []
    for key in sorted({(e["package"], e["source"]) for e in entries if pkgs[e["package"]].get("scripts")}):
        path = source_root(None, pkgs[key[0]]) / key[1]
        kernels = sorted({e["kernel"] for e in entries if (e["package"], e["source"]) == key})
        try:
            kept = select(ast.parse(path.read_text()), kernels, str(path))
            print("ok   %s: run loads %d of its %d top-level statements" % (
                path.relative_to(REPO), len(kept), len(ast.parse(path.read_text()).body)))
        except (LookupError, OSError, SyntaxError) as ex:
            problems.append("%s: %s" % (key[1], ex))
    return problems


def cmd_check(a):
    """Every launch's signature, inputs and defines, and every script's
    kernels as `run` loads them, without a GPU."""
    pkgs = {p["name"]: p for p in load_sources()}
    bad = 0
    entries = present_entries(pkgs, load_entries(a.only))
    bad_files = []
    for name in sorted({e["package"] for e in entries}):
        if "local" in pkgs[name]:
            bad_files += local_problems(pkgs[name])
    bad_files += script_problems(pkgs, entries)
    for problem in bad_files:
        print("BAD  %s" % problem)
    for e in entries:
        problems = []
        root = source_root(a.cache, pkgs[e["package"]])
        try:
            signature(e, root / e["source"])
        except (ValueError, KeyError, OSError) as ex:
            problems.append(str(ex))
        for n, v in e.get("defines", {}).items():
            try:
                literal(v)
            except ValueError as ex:
                problems.append("define %s: %s" % (n, ex))
        for name, v in list(e["args"].items()) + list(e.get("buffers", {}).items()):
            if isinstance(v, dict):
                problems += tensor_problems(e, name, v)
        clash = set(e.get("buffers", {})) & set(e["args"])
        if clash:
            problems.append("buffers named like arguments: %s" % ", ".join(sorted(clash)))
        if e.get("torch"):
            from torch_refs import REFS  # tools/corpus/torch_refs.py
            if e["torch"] not in REFS:
                problems.append("torch: no %r in tools/corpus/torch_refs.py" % e["torch"])
        if not isinstance(e.get("launch_options", {}), dict):
            problems.append("launch_options is not an object")
        grid = e.get("grid")
        if not (isinstance(grid, list) and 1 <= len(grid) <= 3 and all(isinstance(g, int) and g > 0 for g in grid)):
            problems.append("grid %r is not 1 to 3 positive ints" % (grid,))
        if problems:
            bad += 1
            print("BAD  %s: %s" % (e["full_id"], "; ".join(problems)))
    print("corpus: %d of %d launches well-formed" % (len(entries) - bad, len(entries)))
    return 1 if bad or bad_files else 0


def cmd_run(a):
    from corpus_run import GpuRun  # tools/corpus/corpus_run.py
    r = GpuRun(a)
    try:
        import triton
        version = triton.__version__
    except ImportError:
        version = None
    res = {"date": time.strftime("%Y-%m-%d"), "triton": version, "commit": r.commit,
           "gpu": r.torch.cuda.get_device_name(), "seed": a.seed, "results": r.run()}
    Path(a.results or (Path(a.out) / "results.json")).write_text(json.dumps(res, indent=1) + "\n")
    return 0


def cmd_fetch(a):
    fetch(a.cache)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    default_cache = os.environ.get("TILEC_CORPUS_CACHE", str(REPO / "build" / "corpus-src"))
    f = sub.add_parser("fetch")
    f.add_argument("--cache", default=default_cache)
    c = sub.add_parser("compile")
    c.add_argument("--cache", default=default_cache)
    c.add_argument("--tilec", required=True)
    c.add_argument("--ptxas")
    c.add_argument("--out", required=True)
    c.add_argument("--check")
    c.add_argument("--update")
    c.add_argument("--only", action="append")
    r = sub.add_parser("run")
    r.add_argument("--out", required=True)
    r.add_argument("--results")
    r.add_argument("--only", action="append")
    r.add_argument("--seed", type=int, default=int(time.time()) % 100000)
    r.add_argument("--no-time", action="store_true")
    r.add_argument("--baseline")
    r.add_argument("--changed-only", action="store_true")
    r.add_argument("--rounds", type=int, default=3,
                   help="timings of each launch, Triton's and tilec's (and the baseline's) "
                        "taken in turn, each round starting one later; the median is reported")
    k = sub.add_parser("check")
    k.add_argument("--cache", default=default_cache)
    k.add_argument("--only", action="append")
    t = sub.add_parser("table")
    t.add_argument("--status", default=str(MANIFESTS / "status.json"))
    t.add_argument("--results")
    a = ap.parse_args()
    return {"fetch": cmd_fetch, "compile": cmd_compile, "run": cmd_run, "check": cmd_check,
            "table": lambda a: cmd_table(a)}[a.cmd](a)


def cmd_table(a):
    from corpus_table import table  # tools/corpus/corpus_table.py
    print(table(load_entries(), json.loads(Path(a.status).read_text()),
                json.loads(Path(a.results).read_text()) if a.results else None,
                load_sources()), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
