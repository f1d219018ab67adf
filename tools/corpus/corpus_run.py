"""`corpus.py run`: each launch on the GPU with Triton and tilec side by side
on the same inputs, outputs compared and both timed (torch, triton and
cupy needed; tools/corpus/corpus.py's docstring has the manifest format)."""
import json
import re
import sys
from pathlib import Path

from corpus_common import FLOAT_DTYPES, load_sources


class GpuRun:
    """Triton and tilec on the same inputs (torch, triton and cupy needed)."""

    def __init__(self, a):
        import warnings
        warnings.filterwarnings("ignore", category=DeprecationWarning)
        import torch
        import triton
        import cupy
        self.torch, self.triton, self.cupy = torch, triton, cupy
        self.a = a
        self.out = Path(a.out)
        man = json.loads((self.out / "compile.json").read_text())
        self.commit = man.get("commit")
        self.entries = [e for e in man["entries"]
                        if not a.only or any(o in e["full_id"] for o in a.only)]
        # --baseline: another compile of the same launches (an earlier
        # tilec), run and timed beside this one; --changed-only keeps the
        # launches whose PTX differs from it.
        self.baseline = Path(a.baseline) if a.baseline else None
        if self.baseline:
            base = {e["full_id"]: e for e in json.loads(
                (self.baseline / "compile.json").read_text())["entries"]}
            self.base_entries = {i: b for i, b in base.items()
                                 if b["compile"]["status"] == "ok"}
            if a.changed_only:
                self.entries = [e for e in self.entries if self.ptx_changed(e)]
        self.modules = {}
        # Kernels that make tensor descriptors in the kernel (Triton 3.4+)
        # need global scratch from the host; tilec's need none.
        triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device="cuda"))

    def dtype(self, name):
        t = self.torch
        return {"fp16": t.float16, "bf16": t.bfloat16, "fp32": t.float32, "fp64": t.float64,
                "i1": t.bool, "i8": t.int8, "i16": t.int16, "i32": t.int32, "i64": t.int64,
                "u8": t.uint8}[name]

    def make_tensor(self, spec, gen):
        t = self.torch
        dt = spec.get("dtype", "fp32")
        shape = spec["tensor"]
        init = spec.get("init", "randn" if dt in FLOAT_DTYPES else {"randint": [0, 100]})
        dev = "cuda"
        if isinstance(init, dict) and "values" in init:
            return t.tensor(init["values"], device=dev, dtype=self.dtype(dt)).reshape(shape)
        if isinstance(init, dict) and "pointers" in init:  # filled by fill_pointers
            return t.zeros(shape, device=dev, dtype=self.dtype(dt))
        if isinstance(init, dict) and "randint" in init:
            lo, hi = init["randint"]
            x = t.randint(lo, hi, shape, generator=gen, device=dev, dtype=t.int64)
            return x.to(self.dtype(dt))
        if init == "empty":
            x = t.empty(shape, device=dev, dtype=self.dtype(dt))
            if dt in FLOAT_DTYPES:
                x.fill_(float("nan"))
            else:
                x.view(t.uint8).fill_(0x5A) if x.element_size() > 0 and dt != "i1" else x.fill_(True)
            return x
        if init == "zeros":
            return t.zeros(shape, device=dev, dtype=self.dtype(dt))
        if init == "ones":
            return t.ones(shape, device=dev, dtype=self.dtype(dt))
        if init in ("randn", "rand"):
            f = t.randn if init == "randn" else t.rand
            x = f(shape, generator=gen, device=dev, dtype=t.float32) * spec.get("scale", 1.0)
            x = x + spec.get("shift", 0.0)
            if dt in FLOAT_DTYPES:
                return x.to(self.dtype(dt))
            return x.to(self.dtype(dt))
        raise ValueError("unknown init %r" % (init,))

    def module(self, e):
        """The kernel's module, imported as its package imports it (a
        script: only what defines its kernels, corpus_script.py)."""
        import importlib
        root = self.out / "src" / ("%s" % e["package"])
        pkg = {p["name"]: p for p in load_sources()}[e["package"]]
        if pkg.get("scripts"):
            key = (e["package"], e["source"])
            if key not in self.modules:
                from corpus_script import load  # tools/corpus/corpus_script.py
                kernels = sorted({x["kernel"] for x in self.entries
                                  if (x["package"], x["source"]) == key})
                name = "corpus_script_" + re.sub(r"\W", "_", "%s_%s" % key)
                self.modules[key] = load(root / e["source"], kernels, name)
            return self.modules[key]
        if str(root) not in sys.path:
            sys.path.insert(0, str(root))
        import importlib.util
        for p in load_sources():
            for req in p.get("requires", []) if p["name"] == e["package"] else []:
                if importlib.util.find_spec(req) is None:
                    raise ImportError("%s needs the module %s (pip install %s)" % (
                        e["package"], req, req))
        install_lazy_packages(root)
        return importlib.import_module(e["source"][:-3].replace("/", "."))

    def triton_fn(self, e):
        # The jit function itself, under its autotuners and heuristics
        # (Triton's, or a package's subclasses of them): the manifest gives
        # every constexpr they would choose.
        from triton.runtime.jit import JITFunction
        fn = getattr(self.module(e), e["kernel"])
        while not isinstance(fn, JITFunction):
            fn = fn.fn
        return fn

    def build_args(self, e, seed):
        t = self.torch
        gen = t.Generator(device="cuda")
        gen.manual_seed(seed)
        vals = {}
        for name, v in list(e.get("buffers", {}).items()) + list(e["args"].items()):
            if isinstance(v, dict) and "tensor" in v:
                vals[name] = self.make_tensor(v, gen)
            elif isinstance(v, dict) and "descriptor" in v:
                vals[name] = self.make_tensor(v["descriptor"], gen)
        for name, v in e["args"].items():
            if isinstance(v, dict) and "alias" in v:
                vals[name] = vals[v["alias"]]
        self.fill_pointers(e, vals)
        return vals

    def fill_pointers(self, e, vals):
        """A table of pointers holds the addresses of these buffers."""
        for name, v in e["args"].items():
            if isinstance(v, dict) and isinstance(v.get("init"), dict) and "pointers" in v["init"]:
                vals[name].copy_(self.torch.tensor([vals[b].data_ptr() for b in v["init"]["pointers"]],
                                                   dtype=self.torch.int64).reshape(vals[name].shape))

    def clone_args(self, e, base):
        copies = {}
        out = {}
        for name, x in base.items():
            key = id(x)
            if key not in copies:
                copies[key] = x.clone()
            out[name] = copies[key]
        self.fill_pointers(e, out)  # the copy's own buffers
        return out

    def triton_call(self, e, fn, tensors):
        kwargs = {}
        for name, v in e["args"].items():
            if isinstance(v, dict) and "descriptor" in v:
                from triton.tools.tensor_descriptor import TensorDescriptor
                kwargs[name] = TensorDescriptor.from_tensor(tensors[name], block_shape=v["block"])
            elif name in tensors:
                kwargs[name] = tensors[name]
            elif isinstance(v, dict) and "dtype" in v:
                import triton.language as tl
                kwargs[name] = getattr(tl, v["dtype"].split(".")[-1])
            else:
                kwargs[name] = v
        grid = tuple(e["grid"])
        # A kernel parameter named num_warps (or num_stages) is also the
        # launch option, as Triton binds it.
        kwargs.setdefault("num_warps", e.get("num_warps", 4))
        kwargs.setdefault("num_stages", e.get("num_stages", 3))
        kwargs.update(e.get("launch_options", {}))
        return lambda: fn[grid](**kwargs)

    def ptx_changed(self, e):
        b = self.base_entries.get(e["full_id"])
        if not b or e["compile"]["status"] != "ok":
            return True
        return ((self.out / e["compile"]["ptx"]).read_bytes() !=
                (self.baseline / b["compile"]["ptx"]).read_bytes())

    def tilec_call(self, e, tensors, out=None):
        np = self.cupy
        out = out or self.out
        meta = json.loads((out / e["compile"]["meta"]).read_text())
        mod = self.cupy.RawModule(path=str(out / e["compile"]["ptx"]))
        k = mod.get_function(meta.get("name", e["kernel"]))
        args = []
        named = {}  # the descriptors' pointers, shapes and strides, for tensor_maps
        for p in meta["params"]:
            v = tensors.get(p["name"])
            t = p["type"]
            if t.startswith("*"):
                args.append(np.uint64(v.data_ptr()))
                named[p["name"]] = v.data_ptr()
                continue
            desc = re.match(r"(.*)\.(shape|stride)(\d+)$", p["name"])
            if desc:  # a host descriptor's shape and strides (in elements)
                x, dim = tensors[desc.group(1)], int(desc.group(3))
                args.append(np.int32(x.shape[dim]) if desc.group(2) == "shape"
                            else np.int64(x.stride(dim)))
                named[p["name"]] = int(args[-1])
                continue
            v = e["args"][p["name"]]
            conv = {"i1": np.bool_, "i8": np.int8, "i16": np.int16, "i32": np.int32,
                    "i64": np.int64, "u32": np.uint32, "u64": np.uint64, "fp32": np.float32,
                    "fp64": np.float64}[t]
            args.append(conv(v))
        grid = list(e["grid"]) + [1] * (3 - len(e["grid"]))
        per_cta = meta.get("programs_per_cta", 1)
        if per_cta > 1:
            args.append(np.int32(grid[0]))
            grid[0] = -(-grid[0] // per_cta)
        # Then the hidden CUtensorMap of each TMA copy, made per launch as
        # rt::Kernel::launch makes it (made once here: the arguments do not
        # change between the launches of `launch`).
        args += [tensor_map(tm, named) for tm in meta.get("tensor_maps", [])]
        block = (meta["threads"], 1, 1)
        shm = meta["shared_bytes"]
        if shm > 48 * 1024:
            k.max_dynamic_shared_size_bytes = shm
        stream = self.torch.cuda.current_stream().cuda_stream
        cs = self.cupy.cuda.ExternalStream(stream)

        def launch():
            with cs:
                k(tuple(grid), block, tuple(args), shared_mem=shm)
        return launch

    def compare(self, e, name, got, ref):
        t = self.torch
        tols = {t.float16: (1e-2, 1e-3), t.bfloat16: (2e-2, 1e-2), t.float32: (1e-4, 1e-5),
                t.float64: (1e-9, 1e-12)}
        if got.dtype in tols:
            rtol = e.get("tol", {}).get("rtol", tols[got.dtype][0])
            atol_rel = e.get("tol", {}).get("atol", tols[got.dtype][1])
            g, r = got.double(), ref.double()
            finite = r[t.isfinite(r)]
            scale = finite.abs().max().item() if finite.numel() else 1.0
            close = t.isclose(g, r, rtol=rtol, atol=atol_rel * max(scale, 1e-30), equal_nan=True)
            bad = int((~close).sum().item())
            if bad:
                d = (g - r).abs()
                d = t.where(t.isnan(d), t.full_like(d, float("inf")), d)
                nan_g, nan_r = int(t.isnan(g).sum().item()), int(t.isnan(r).sum().item())
                first = int((~close).flatten().nonzero()[0].item())
                return ("%s: %d of %d differ (max |diff| %.3g, max |Triton| %.3g; NaN: tilec %d, "
                        "Triton %d; first at flat index %d: tilec %.6g, Triton %.6g)" % (
                            name, bad, close.numel(), d.max().item(), scale, nan_g, nan_r,
                            first, g.flatten()[first].item(), r.flatten()[first].item()))
            return None
        bad = int((got != ref).sum().item())
        return "%s: %d of %d differ" % (name, bad, got.numel()) if bad else None

    def rotated_times(self, calls, bench):
        """{key: ms} of each call (Triton's, tilec's, the baseline's,
        torch's): the median of `--rounds` do_bench runs
        (25 ms warm-up, 100 ms each), the calls taken in turn, each round
        starting one call later. A GPU's clock follows its power draw, so
        the call timed right after another one's 100 ms of work runs
        slower than the first; turns spread that over every call (the same
        PTX timed 1.48 and 1.63 ms in one sequential run at 8192^3 on an
        H100)."""
        keys = list(calls)
        times = {k: [] for k in keys}
        for r in range(self.a.rounds):
            for i in range(len(keys)):
                k = keys[(r + i) % len(keys)]
                times[k].append(bench(calls[k], warmup=25, rep=100))
        return {k: sorted(v)[len(v) // 2] for k, v in times.items()}

    def torch_call(self, e, base):
        """PyTorch's operator for the launch (torch_refs.py) on a copy of its
        inputs, run once: the call to time, or {"torch_error": ...}."""
        from torch_refs import REFS  # tools/corpus/torch_refs.py
        try:
            call = REFS[e["torch"]](self.clone_args(e, base), e["args"])
            call()
            self.torch.cuda.synchronize()
            return call
        except Exception as ex:  # noqa: BLE001 -- reported beside the launch
            self.torch.cuda.synchronize()
            return {"torch_error": ("%s: %s" % (type(ex).__name__, ex))[-300:]}

    def run(self):
        results = []
        for e in self.entries:
            rec = {"id": e["full_id"], "compile": e["compile"]["status"],
                   "registers": e["compile"].get("registers"),
                   "spill_bytes": e["compile"].get("spill_bytes")}
            if e["compile"]["status"] != "ok":
                results.append(rec)
                continue
            try:
                fn = self.triton_fn(e)
                base = self.build_args(e, self.a.seed)
                tri = self.clone_args(e, base)
                til = self.clone_args(e, base)
                tri_call = self.triton_call(e, fn, tri)
                til_call = self.tilec_call(e, til)
                compiled = tri_call()
                for key, attr in (("triton_registers", "n_regs"), ("triton_spill_bytes", "n_spills")):
                    v = getattr(compiled, attr, None)
                    if isinstance(v, int):
                        rec[key] = v
                til_call()
                self.torch.cuda.synchronize()
                diffs = [d for d in (self.compare(e, n, til[n], tri[n]) for n in tri
                                     if n not in pointer_tables(e)) if d]
                rec["match"] = not diffs
                if diffs:
                    rec["diff"] = "; ".join(diffs)[:600]
                base_call = None
                b = self.base_entries.get(e["full_id"]) if self.baseline else None
                if b:
                    old = self.clone_args(e, base)
                    base_call = self.tilec_call(b, old, self.baseline)
                    base_call()
                    self.torch.cuda.synchronize()
                    bdiffs = [d for d in (self.compare(e, n, old[n], tri[n]) for n in tri
                                          if n not in pointer_tables(e)) if d]
                    rec["baseline_match"] = not bdiffs
                if not self.a.no_time:
                    bench = self.triton.testing.do_bench
                    calls = {"triton_ms": tri_call, "tilec_ms": til_call}
                    if base_call:
                        calls["baseline_ms"] = base_call
                    if e.get("torch"):
                        torch_call = self.torch_call(e, base)
                        if callable(torch_call):
                            calls["torch_ms"] = torch_call
                        else:
                            rec.update(torch_call)
                    rec.update(self.rotated_times(calls, bench))
            except Exception as ex:  # noqa: BLE001 -- reported per kernel
                import traceback
                rec["error"] = "".join(traceback.format_exception_only(type(ex), ex)).strip()[-600:]
                self.torch.cuda.synchronize()
            print(json.dumps(rec), flush=True)
            results.append(rec)
        return results


# CUtensorMapDataType (cuda.h) and element bytes of the signature types;
# fp8 types are copied as bytes.
TMA_TYPES = {"fp16": (6, 2), "bf16": (9, 2), "fp32": (7, 4), "fp64": (8, 8),
             "i1": (0, 1), "i8": (0, 1), "u8": (0, 1), "i16": (1, 2), "u16": (1, 2),
             "i32": (3, 4), "u32": (2, 4), "i64": (5, 8), "u64": (4, 8)}
_ENCODE_TILED = []


def tensor_map(tm, named):
    """The CUtensorMap (128 bytes) of a kernel's `tensor_maps` entry `tm` for
    the descriptor arguments `named` (name -> pointer, shape or stride in
    elements), made by libcuda's cuTensorMapEncodeTiled with the checks and
    settings of tilec's runtime (rt::tensorMapEncoding): no interleave, the
    swizzle asked for, 256-byte L2 promotion, zeros out of bounds. A numpy
    array of one 128-byte element, which cupy passes by value (from its
    address; the driver copies it into the parameter's 64-byte aligned
    place, so the host copy needs no alignment)."""
    import ctypes
    import numpy
    if not _ENCODE_TILED:
        f = ctypes.CDLL("libcuda.so.1").cuTensorMapEncodeTiled
        u32p, u64p = ctypes.POINTER(ctypes.c_uint32), ctypes.POINTER(ctypes.c_uint64)
        f.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint32, ctypes.c_void_p,
                      u64p, u64p, u32p, u32p, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                      ctypes.c_int]
        f.restype = ctypes.c_int
        _ENCODE_TILED.append(f)
    d, box, swizzle = tm["desc"], tm["box"], tm["swizzle"]
    rank = len(box)
    dtype, size = TMA_TYPES.get(tm["dtype"], (0, 1) if tm["dtype"].startswith("fp8") else (None, 0))
    base = named[d]
    shape = [named["%s.shape%d" % (d, i)] for i in range(rank)]
    strides = [named["%s.stride%d" % (d, i)] for i in range(rank)]
    problems = [
        (dtype is None, "element type %r has no TMA data type" % tm["dtype"]),
        (base % 16, "base address %#x is not 16-byte aligned" % base),
        (any(not 1 <= n <= 2**32 for n in shape), "shape %s outside 1..2^32" % shape),
        (strides[-1] != 1, "the last stride is %d; TMA needs 1" % strides[-1]),
        (any(s * size % 16 or not 0 <= s * size < 2**40 for s in strides[:-1]),
         "strides %s (elements of %d bytes) are not multiples of 16 bytes below 2^40" % (strides, size)),
        (any(not 1 <= b <= 256 for b in box), "box %s outside 1..256" % box),
        (box[-1] * size % 16 or (swizzle and box[-1] * size > swizzle),
         "the box's rows of %d bytes are not a multiple of 16 bytes or wider than the %d-byte "
         "swizzle" % (box[-1] * size, swizzle))]
    for bad, why in problems:
        if bad:
            raise ValueError("tensor map of '%s': %s" % (d, why))
    # The driver's order: the innermost dimension first.
    dims = (ctypes.c_uint64 * rank)(*reversed(shape))
    gstrides = (ctypes.c_uint64 * max(rank - 1, 1))(*[s * size for s in reversed(strides[:-1])])
    boxdim = (ctypes.c_uint32 * rank)(*reversed(box))
    ones = (ctypes.c_uint32 * rank)(*[1] * rank)
    raw = ctypes.create_string_buffer(128 + 64)  # the driver writes to a 64-byte aligned place
    at = (ctypes.addressof(raw) + 63) // 64 * 64
    swz = {0: 0, 32: 1, 64: 2, 128: 3}[swizzle]
    r = _ENCODE_TILED[0](at, dtype, rank, base, dims, gstrides, boxdim, ones, 0, swz, 3, 0)
    if r:
        raise RuntimeError("tensor map of '%s': cuTensorMapEncodeTiled failed: CUresult %d" % (d, r))
    out = numpy.zeros(1, dtype="V128")
    ctypes.memmove(out.ctypes.data, at, 128)
    return out


def pointer_tables(e):
    """The arguments whose contents are the addresses of buffers."""
    return {n for n, v in e["args"].items()
            if isinstance(v, dict) and isinstance(v.get("init"), dict) and "pointers" in v["init"]}


def install_lazy_packages(root):
    """Imports packages under `root` bare: a package's __init__.py runs when
    a name it binds is first looked up (`from pkg.utils import f`, PEP 562),
    not when one of its modules is imported (a package's __init__ often
    imports every op, and some ops need libraries the corpus does not)."""
    import importlib.abc
    import importlib.util
    import types

    root = Path(root).resolve()
    # What the import machinery and tools look up on any module.
    MACHINERY = {"__path__", "__file__", "__spec__", "__loader__", "__package__",
                 "__name__", "__all__", "__getattr__", "__dict__", "__class__",
                 "__wrapped__", "__origin__"}

    class LazyPackage(types.ModuleType):
        def __getattr__(self, attr):
            state = self.__dict__
            if attr in MACHINERY or state.get("_corpus_init_ran"):
                raise AttributeError("module %r has no attribute %r" % (self.__name__, attr))
            state["_corpus_init_ran"] = True
            init = state["_corpus_init"]
            code = compile(Path(init).read_text(), init, "exec")
            exec(code, state)  # noqa: S102 -- the package's own __init__
            if attr in state:
                return state[attr]
            raise AttributeError("module %r has no attribute %r" % (self.__name__, attr))

    class Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
        def find_spec(self, name, path, target=None):
            d = root.joinpath(*name.split("."))
            init = d / "__init__.py"
            if not init.is_file():
                return None
            spec = importlib.util.spec_from_loader(name, self, is_package=True)
            spec.submodule_search_locations = [str(d)]
            spec.origin = str(init)
            return spec

        def create_module(self, spec):
            m = LazyPackage(spec.name)
            m.__dict__["_corpus_init"] = spec.origin
            return m

        def exec_module(self, module):
            module.__file__ = module.__dict__["_corpus_init"]

    if not any(getattr(f, "corpus_root", None) == root for f in sys.meta_path):
        f = Finder()
        f.corpus_root = root
        sys.meta_path.insert(0, f)
