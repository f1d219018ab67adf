#!/usr/bin/env python3
"""Triton's PTX for the corpus launches, made without a GPU, beside tilec's.

    python3 tools/corpus/corpus_triton_ptx.py --compiled OUT --out TRI [--only S]
                                              [--reuse] [--mix]

OUT is the output folder of `corpus.py compile` (its compile.json and its
copies of the sources under OUT/src). For every launch this compiles the
same kernel with the installed Triton (`triton.compile` of an `ASTSource`
with the launch's signature, constexprs and `:16` divisibility, for
`GPUTarget("cuda", 90, 32)` with the launch's num_warps and num_stages),
assembles Triton's PTX with the same ptxas as tilec's (`--ptxas`), and
prints the registers and spill bytes of both, with the PTX in TRI and the
figures in TRI/triton.json, which also has both PTX files' static counts of
shared-memory accesses, barriers, global accesses, copies, mma and
shuffle instructions; `--mix` lists the launches where tilec's PTX has
clearly more shared-memory instructions or barriers than Triton's (layout
conversions Triton avoids), `--reuse` keeps Triton's PTX already in TRI. A GPU is not needed, nor torch: the kernels'
modules are imported as `corpus.py run` imports them (a package's
`__init__` runs only when a name it binds is looked up), with torch,
einops, transformers and cupy replaced by stubs (host code that calls them
at import gets stub values: torch reports one CUDA device of compute
capability 9.0, `is_*_available` checks of other backends say no,
`torch.compiler.disable` leaves functions as they are). A manifest's
`defines` are set on the kernel's module, and constexpr parameters the
signature leaves out take their defaults. Launches on host tensor descriptors are skipped (their
signature takes a descriptor object), and a launch whose module cannot be
imported this way is reported as such.

Needs triton (3.6.0, as the corpus's reference), numpy and packaging in the
Python that runs it (`pip install triton==3.6.0 numpy packaging` into a
virtual environment works where only the package registry is reachable).
"""
import argparse
import concurrent.futures
import json
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from corpus_common import load_sources  # noqa: E402

STUBBED = ("torch", "einops", "transformers", "cupy")


def install_stubs():
    """Any module under STUBBED imports as a MagicMock package."""
    import importlib.abc
    import importlib.machinery
    from unittest import mock

    class StubModule(mock.MagicMock):
        """A MagicMock whose `is_*_available` functions say no (host code
        that picks a device or a backend at import: transformers'
        is_torch_npu_available)."""

        def __getattr__(self, name):
            if (name.startswith("is_") and name.endswith("_available") and
                    name != "is_available"):
                return lambda *a, **k: False
            return super().__getattr__(name)

    class Stub(importlib.abc.MetaPathFinder, importlib.abc.Loader):
        def find_spec(self, name, path, target=None):
            if name.split(".")[0] in STUBBED:
                return importlib.machinery.ModuleSpec(name, self, is_package=True)
            return None

        def create_module(self, spec):
            m = StubModule()
            # Host code subclasses torch.autograd.Function at import and
            # reads the subclass's `apply` (fla's Based: `f =
            # ParallelBasedFunction.apply`): a real class, as torch's.
            function = type("Function", (), {"apply": classmethod(
                lambda cls, *a, **k: None)})
            if spec.name == "torch.autograd":
                m.Function = function
            m.__path__ = []
            m.__name__ = spec.name
            m.__spec__ = spec
            m.__version__ = "2.9.0"
            if spec.name == "torch":
                # Host code that asks about the device at import (fla's
                # hardware checks) sees the H200 the PTX is for.
                m.cuda.is_available.return_value = True
                m.cuda.device_count.return_value = 1
                m.cuda.get_device_capability.return_value = (9, 0)
                m.cuda.get_device_name.return_value = "NVIDIA H200"
                m.autograd.Function = function
                m.version.cuda = "13.0"
                m.version.hip = None
                # Decorators that wrap host functions leave them as they are.
                m.compiler.disable = lambda fn=None, *a, **k: (
                    fn if callable(fn) else (lambda f: f))
            return m

        def exec_module(self, module):
            pass

    sys.meta_path.insert(0, Stub())


def parse_signature(names, signature):
    """Triton's (signature, constexprs, attrs) from a tilec signature: `*T`
    pointers and integer/float types (`:16` divisible), `None`, and Python
    literals and dtypes (`tl.bfloat16`) for constexprs."""
    import triton.language as tl
    sig, constexprs, attrs = {}, {}, {}
    for i, (name, item) in enumerate(zip(names, [s.strip() for s in signature.split(",")])):
        m = re.match(r"^(\*?(?:i|u|fp|bf)\d+)(:16)?$", item)
        if m:
            sig[name] = m.group(1)
            if m.group(2):
                attrs[(i,)] = [["tt.divisibility", 16]]
            continue
        sig[name] = "constexpr"
        constexprs[(i,)] = None if item == "None" else eval(  # noqa: S307
            item, {"__builtins__": {}}, {"True": True, "False": False, "tl": tl})
    return sig, constexprs, attrs


def compile_one(job):
    """In a child process: Triton's PTX of one launch into job["ptx"]."""
    sys.path.insert(0, str(HERE))
    import corpus_run  # noqa: E402 -- the corpus's lazy package import
    install_stubs()
    root = Path(job["root"])
    corpus_run.install_lazy_packages(root)
    sys.path.insert(0, str(root))
    import importlib
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    # Modules that ask the active driver for its target at import (the
    # tutorials' `is_cuda()`) get the compile's target, with no GPU present.
    class TargetOnlyDriver:
        def get_current_target(self):
            return GPUTarget("cuda", 90, 32)

        def get_active_torch_device(self):
            return "cuda"

    triton.runtime.driver.set_active(TargetOnlyDriver())
    if job.get("script"):  # a script: only what defines the kernel
        from corpus_script import load
        module = load(root / job["source"], [job["kernel"]], "corpus_script_kernel")
    else:
        module = importlib.import_module(job["source"][:-3].replace("/", "."))
    for name, value in job["defines"].items():
        setattr(module, name, value)
    fn = getattr(module, job["kernel"])
    while not isinstance(fn, triton.runtime.jit.JITFunction):
        fn = fn.fn  # through @triton.autotune / @triton.heuristics
    sig, constexprs, attrs = parse_signature(fn.arg_names, job["signature"])
    # Parameters past the signature's entries take their defaults, as a
    # launch that leaves them out does (constexprs with a default value).
    for i, p in enumerate(fn.params):
        if p.name not in sig and p.has_default:
            sig[p.name] = "constexpr"
            constexprs[(i,)] = p.default
    k = triton.compile(ASTSource(fn, sig, constexprs, attrs),
                       target=GPUTarget("cuda", 90, 32),
                       options={"num_warps": job["num_warps"],
                                "num_stages": job["num_stages"]})
    Path(job["ptx"]).write_text(k.asm["ptx"])


def ptxas_figures(ptxas, ptx):
    r = subprocess.run([ptxas, "-arch=sm_90a", "-v", str(ptx), "-o", "/dev/null"],
                       capture_output=True, text=True)
    regs = re.search(r"Used (\d+) registers", r.stderr)
    spills = re.search(r"(\d+) bytes spill stores", r.stderr)
    if r.returncode or not regs:
        return None
    return int(regs.group(1)), int(spills.group(1)) if spills else 0


# Instruction classes counted in both compilers' PTX (`--mix`): a line's
# mnemonic, its predicate aside, starts with one of these.
MIX = {"shared st": ("st.shared",), "shared ld": ("ld.shared", "ldmatrix"),
       "barriers": ("bar.sync", "barrier.sync", "bar.arrive"),
       "global ld": ("ld.global",), "global st": ("st.global",),
       "cp.async": ("cp.async.ca", "cp.async.cg", "cp.async.bulk"),
       "mma": ("mma.sync", "wgmma.mma_async"), "shuffles": ("shfl.sync",)}


def ptx_mix(ptx):
    """How many instructions of each MIX class the PTX file has (static)."""
    counts = dict.fromkeys(MIX, 0)
    for line in Path(ptx).read_text().splitlines():
        op = re.sub(r"^@!?%\w+\s+", "", line.strip())
        for cls, prefixes in MIX.items():
            if op.startswith(prefixes):
                counts[cls] += 1
                break
    return counts


def run_launch(entry, compiled, out, ptxas, reuse=False):
    c = entry["compile"]
    rec = {"id": c["id"], "tilec": [c.get("registers"), c.get("spill_bytes")]}
    if "tensordesc" in c.get("signature", ""):
        return dict(rec, status="skipped: host tensor descriptor")
    ptx = out / (c["id"].replace("/", "__") + ".ptx")
    job = {"root": str(compiled / "src" / entry["package"]), "source": entry["source"],
           "kernel": entry["kernel"], "signature": c["signature"],
           "num_warps": entry.get("num_warps") or 4,
           "num_stages": entry.get("num_stages") or 3,
           "defines": entry.get("defines") or {}, "ptx": str(ptx),
           "script": any(p["name"] == entry["package"] and p.get("scripts")
                         for p in load_sources())}
    if not (reuse and ptx.exists()):
        r = subprocess.run([sys.executable, __file__, "--one", json.dumps(job)],
                           capture_output=True, text=True)
        if r.returncode:
            lines = r.stderr.strip().splitlines()
            return dict(rec, status="triton failed: " + (lines[-1][:200] if lines else "?"))
    figures = ptxas_figures(ptxas, ptx)
    if not figures:
        return dict(rec, status="ptxas failed")
    mix = {"triton": ptx_mix(ptx), "tilec": ptx_mix(compiled / c["ptx"])}
    return dict(rec, status="ok", triton=list(figures), mix=mix)


def print_mix(recs, factor=1.25, margin=8):
    """The launches whose PTX has more shared-memory instructions or
    barriers than Triton's (by `factor` and `margin`), most first."""
    rows = []
    for r in recs:
        if r["status"] != "ok":
            continue
        t, c = r["mix"]["triton"], r["mix"]["tilec"]
        for cls in ("shared st", "shared ld", "barriers"):
            if c[cls] > factor * t[cls] and c[cls] - t[cls] >= margin:
                rows.append((c[cls] - t[cls], r["id"], cls, c[cls], t[cls]))
    print("\n%-60s %-10s %6s %6s" % ("launch (tilec above Triton)", "class", "tilec", "Triton"))
    for _, rid, cls, c, t in sorted(rows, reverse=True):
        print("%-60s %-10s %6d %6d" % (rid, cls, c, t))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--compiled", help="output folder of `corpus.py compile`")
    p.add_argument("--out", help="folder for Triton's PTX and triton.json")
    p.add_argument("--ptxas", default="/usr/local/cuda/bin/ptxas")
    p.add_argument("--only", help="launch ids containing this")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--reuse", action="store_true",
                   help="keep Triton's PTX already in --out instead of compiling again")
    p.add_argument("--mix", action="store_true",
                   help="also list the launches whose PTX has more shared-memory "
                        "instructions or barriers than Triton's")
    p.add_argument("--one", help=argparse.SUPPRESS)
    a = p.parse_args()
    if a.one:
        compile_one(json.loads(a.one))
        return
    if not a.compiled or not a.out:
        p.error("--compiled and --out are required")
    compiled, out = Path(a.compiled), Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    entries = [e for e in json.loads((compiled / "compile.json").read_text())["entries"]
               if e["compile"].get("status") == "ok"
               and (not a.only or a.only in e["compile"]["id"])]
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        recs = list(pool.map(lambda e: run_launch(e, compiled, out, a.ptxas, a.reuse),
                             entries))
    (out / "triton.json").write_text(json.dumps(recs, indent=1) + "\n")
    print("%-60s %14s %14s" % ("launch", "tilec reg/spill", "Triton reg/spill"))
    for r in recs:
        t = "%d / %d" % tuple(r["triton"]) if r["status"] == "ok" else r["status"][:60]
        print("%-60s %14s %14s" % (r["id"], "%s / %s" % tuple(r["tilec"]), t))
    if a.mix:
        print_mix(recs)
    n = sum(r["status"] == "ok" for r in recs)
    print("corpus_triton_ptx: Triton compiled %d of %d launches" % (n, len(recs)))


if __name__ == "__main__":
    main()
