#!/usr/bin/env python3
"""Side-by-side benchmark of PyTorch, Triton and tilec on the H200 (runs THERE).

Reads the manifest that bench/gen_ptx.py wrote (tilec's PTX compiled ahead of
time), then for every configuration runs

  * torch:  the library operator (softmax, gelu tanh, sum, relu(a @ b), clone);
            and dst.copy_(src) of each memory-bound config's bytes (tilec/copy);
  * Triton: the very seed kernel from examples/*.py, imported by path, launched
            with the same constexprs and num_warps as tilec's config (Triton's
            fused-attention tutorial: bench/attention_tutorial.py);
  * tilec:  the PTX loaded with cupy.RawModule(path=...), launched with the
            JSON's threads and shared_bytes on torch's current stream, on
            torch tensors passed as raw pointers;

all timed by triton.testing.do_bench (warm-up, L2 flushed by a 256 MB memset
before each run, median); with --timing rotate the memory-bound benches (all
but matmul) are timed instead by CUDA events around each launch, with no flush,
cycling through R sets of inputs and outputs that together cover twice the L2
(Runner.bench_rotate). tilec's and Triton's outputs are checked once
against torch. Triton's first-call compile time (fresh TRITON_CACHE_DIR) is put
next to tilec's compile time (from the manifest) and the driver's load + JIT
of tilec's PTX (CUDA_CACHE_DISABLE=1).

Writes results.csv, results.json, results.md and PNG plots into --out.

  python3 bench/compare.py --ptx .pack/bench --out $OUT
  python3 bench/compare.py --ptx .pack/bench --dry-run     # no GPU needed
"""
import argparse
import importlib.util
import itertools
import json
import math
import os
import statistics
import sys
import tempfile
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from report import (  # noqa: E402  (bench/report.py, beside this file)
    REPO,
    SYSTEMS,
    TOL,
    COMPUTE_BOUND,
    TIMING_MODES,
    cdiv,
    copy_sizes,
    mib,
    copy_id,
    shape_str,
    load_manifest,
    markdown,
    write_csv,
    plots)
import attention_tutorial  # noqa: E402  (bench/attention_tutorial.py: the attntut_* configs)


class Runner:
    def __init__(self, args, man):
        self.args = args
        self.man = man
        self.ptx_dir = Path(args.ptx)
        import numpy
        import torch
        import triton
        import triton.testing
        import cupy
        self.np, self.torch, self.triton, self.cupy = numpy, torch, triton, cupy
        torch.backends.cuda.matmul.allow_tf32 = True  # as Triton's tl.dot default (tf32)
        torch.backends.cudnn.allow_tf32 = True
        self.dev = torch.device("cuda")
        torch.cuda.init()
        torch.empty(1, device=self.dev)  # create the primary context first
        cupy.cuda.Device(torch.cuda.current_device()).use()
        # tilec launches on torch's current stream (the legacy default stream unless changed)
        s = torch.cuda.current_stream().cuda_stream
        self.cstream = cupy.cuda.ExternalStream(s) if s else cupy.cuda.Stream.null
        self.cstream.use()
        self.modules = {}
        self.triton_mods = {}
        self.triton_seen = set()
        self.dt = {"fp32": torch.float32, "bf16": torch.bfloat16, "fp16": torch.float16}
        self.l2_bytes = torch.cuda.get_device_properties(0).L2_cache_size
        # persistent kernels (grid_per_sm): that many programs per SM, at most the grid given
        sms = torch.cuda.get_device_properties(0).multi_processor_count
        for cfg in man["configs"]:
            if cfg.get("grid_per_sm"):
                cfg["grid"] = [min(cfg["grid"][0], sms * cfg["grid_per_sm"])] + cfg["grid"][1:]
            if cfg.get("grid_multiple"):  # a whole number of groups (softmax_long_split)
                g = cfg["grid_multiple"]
                cfg["grid"] = [max(g, cfg["grid"][0] // g * g)] + cfg["grid"][1:]
        self.copy_gbs = {}  # bytes read + written -> GB/s of the same-size copy (copy_same_size)

    # -- helpers --
    def bench(self, fn):
        if self.args.profile:  # one launch for a profiler, no timing
            fn()
            self.sync()
            return None
        return self.triton.testing.do_bench(fn, warmup=self.args.warmup, rep=self.args.rep,
                                            return_mode="median")

    def bench_rotate(self, fns):
        """--timing rotate: ms of one launch, the median over launches that cycle through fns (one
        callable per set of inputs and outputs), each launch timed by its own pair of CUDA events
        on the current stream; no L2 flush. The timed launches are queued in batches of 64 behind
        a spin kernel (torch.cuda._sleep) twice as long as the host takes to queue them, so the GPU
        runs them back to back: a start event reached while the GPU waits for the next launch
        would time the host's launch overhead (do_bench has its flush's memset in front)."""
        if self.args.profile:
            return self.bench(fns[0])
        torch = self.torch
        sets = itertools.cycle(fns)  # one rotation through estimate, warm-up and timed launches

        def launches(n, spin=0):
            evs = []
            for i in range(n):
                if spin and i % 64 == 0:
                    torch.cuda._sleep(spin)
                ev = (torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True))
                ev[0].record()
                next(sets)()
                ev[1].record()
                evs.append(ev)
            return evs

        self.sync()
        t0 = time.perf_counter()
        evs = launches(10)
        host_s = (time.perf_counter() - t0) / 10  # host time to queue one launch and its events
        self.sync()
        est_ms = evs[0][0].elapsed_time(evs[-1][1]) / 10  # one launch, back to back
        for _ in range(max(1, int(self.args.warmup / est_ms))):
            next(sets)()
        n = min(10000, max(100, int(self.args.rep / est_ms)))
        evs = launches(n, spin=int(2 * 64 * host_s * 2e9))  # cycles; the H200 clocks <= 1.98 GHz
        self.sync()
        return statistics.median(a.elapsed_time(b) for a, b in evs)

    def rotated(self, bench):
        """Whether --timing rotate applies to bench (the memory-bound ones: all but matmul)."""
        return self.args.timing == "rotate" and bench not in COMPUTE_BOUND

    def n_sets(self, set_bytes):
        """R for --timing rotate: sets of set_bytes (inputs + output of one launch) enough to cover
        twice the L2, at most 64, fewer where R - 1 more sets would take over half the free memory."""
        r = min(64, max(1, math.ceil(2 * self.l2_bytes / set_bytes)))
        free = self.torch.cuda.mem_get_info()[0]
        return max(1, min(r, 1 + free // 2 // set_bytes))

    def sync(self):
        self.torch.cuda.synchronize()

    def first_minus_warm(self, fn):
        if self.args.profile:
            return self.bench(fn)
        self.sync()
        t0 = time.perf_counter()
        fn()
        self.sync()
        t1 = time.perf_counter()
        fn()
        self.sync()
        t2 = time.perf_counter()
        return ((t1 - t0) - (t2 - t1)) * 1e3

    def triton_first_run(self, cfg, key, fn):
        """Runs Triton's launch `fn`, timing its compile (first minus warm launch) the first time
        the specialisation `key` is seen: (compile ms or None, note)."""
        if key in self.triton_seen:
            fn()
            return None, "compiled by an earlier config (same specialisation)"
        comp = self.first_minus_warm(fn)
        self.triton_seen.add(key)
        if self.args.dump:
            self.dump_triton(cfg, fn)
        return comp, ""

    def triton_kernel(self, cfg):
        src = str(REPO / cfg["source"])
        if src not in self.triton_mods:
            name = "seed_" + Path(src).stem
            spec = importlib.util.spec_from_file_location(name, src)
            mod = importlib.util.module_from_spec(spec)
            sys.modules[name] = mod
            spec.loader.exec_module(mod)
            self.triton_mods[src] = mod
        return getattr(self.triton_mods[src], cfg["kernel"])

    def dump_triton(self, cfg, tri_fn):
        """Triton's IR, PTX, cubin and resource use for cfg into --dump (to compare with tilec's)."""
        kern = tri_fn()  # a cache hit: returns the CompiledKernel
        self.sync()
        d = Path(self.args.dump)
        d.mkdir(parents=True, exist_ok=True)
        for name, text in getattr(kern, "asm", {}).items():
            ext = {"ttir": "ttir.mlir", "ttgir": "ttgir.mlir", "llir": "ll"}.get(name, name)
            data = text if isinstance(text, bytes) else str(text).encode()
            (d / ("%s.triton.%s" % (cfg["id"], ext))).write_bytes(data)
        meta = {k: getattr(kern, k, None) for k in ("n_regs", "n_spills")}
        md = getattr(kern, "metadata", None)
        for k in ("shared", "num_warps", "num_stages", "num_ctas"):
            meta[k] = getattr(md, k, None) if md is not None else None
        (d / ("%s.triton.json" % cfg["id"])).write_text(json.dumps(meta, default=str) + "\n")

    def tilec_kernel(self, cfg):
        """(kernel, load_ms) where load_ms is RawModule load + get_function time."""
        t0 = time.perf_counter()
        mod = self.cupy.RawModule(path=str(self.ptx_dir / cfg["ptx"]))
        k = mod.get_function(cfg["kernel"])
        if cfg["shared_bytes"] > 48 * 1024:
            k.max_dynamic_shared_size_bytes = cfg["shared_bytes"]
        ms = (time.perf_counter() - t0) * 1e3
        self.modules[cfg["id"]] = mod  # keep it alive
        return k, ms

    def check_coresident(self, cfg, k):
        """Kernels whose programs wait for one another (coresident_per_sm) must
        have the whole grid resident: refuse to launch one that would hang."""
        per_sm = cfg.get("coresident_per_sm")
        if not per_sm:
            return
        regs = cfg.get("ptxas_regs")
        try:
            regs = max(regs or 0, int(k.num_regs))
        except (AttributeError, TypeError, ValueError):
            pass
        if not regs:
            raise RuntimeError("registers of the kernel unknown: not launched (its programs "
                               "must all be resident)")
        per_cta = -(-regs // 8) * 8 * cfg["threads"]
        sms = self.torch.cuda.get_device_properties(0).multi_processor_count
        if per_cta * per_sm > 65536 or cfg["grid"][0] > sms * per_sm:
            raise RuntimeError("%d registers x %d threads: %d CTAs an SM do not fit, or the "
                               "grid %d exceeds %d SMs x %d; not launched (it would wait "
                               "forever)" % (regs, cfg["threads"], per_sm, cfg["grid"][0],
                                             sms, per_sm))

    def tilec_args(self, cfg, named):
        np = self.np
        out = []
        for p in cfg["params"]:
            v = named[p["name"]]
            t = p["type"]
            if t.startswith("*"):
                out.append(np.uint64(v.data_ptr()))
            elif t == "i32":
                out.append(np.int32(v))
            elif t == "i64":
                out.append(np.int64(v))
            elif t == "fp32":
                out.append(np.float32(v))
            else:
                raise ValueError("param %s: type %s not handled" % (p["name"], t))
        return tuple(out)

    def check(self, cfg, out, ref):
        torch = self.torch
        rtol, atol_rel = TOL[(cfg["bench"], cfg["dtype"])]
        o = out.float()
        r = ref.float()
        scale = r.abs().max().item()
        atol = atol_rel * scale
        close = torch.isclose(o, r, rtol=rtol, atol=atol)
        n_bad = int((~close).sum().item())
        diff = (o - r).abs()
        diff = torch.where(torch.isnan(diff), torch.full_like(diff, float("inf")), diff)
        max_err = float(diff.max().item())
        note = ""
        if n_bad:
            idx = int((~close).flatten().nonzero()[0].item())
            note = ("%d of %d elements off (rtol %g, atol %.3g); max |err| %.4g; first at flat "
                    "index %d: got %r, want %r" % (n_bad, o.numel(), rtol, atol, max_err, idx,
                                                   o.flatten()[idx].item(), r.flatten()[idx].item()))
        return ("ok" if n_bad == 0 else "FAIL"), max_err, n_bad, note

    # -- one configuration --
    def make_set(self, cfg, g):
        """One set of cfg's inputs (random, drawn from g) and output: dict(y=the output, torch=the
        torch op on these inputs, ref=a callable that gives the fp32/fp64 reference, named=tilec's
        arguments by parameter name, tri=Triton's positional arguments)."""
        torch = self.torch
        b, tdt, s = cfg["bench"], self.dt[cfg["dtype"]], cfg["shape"]
        if b == "softmax":
            M, N = s["M"], s["N"]
            x = torch.randn(M, N, device=self.dev, dtype=torch.float32, generator=g).to(tdt)
            y, yt = torch.empty_like(x), torch.empty_like(x)
            # torch into an output of its own per set too (an .out op: torch.softmax's
            # own allocation would hand back the same, possibly L2-resident, block)
            named = dict(output_ptr=y, input_ptr=x, input_row_stride=x.stride(0),
                         output_row_stride=y.stride(0), n_cols=N)
            tri = (y, x, x.stride(0), y.stride(0), N)
            if cfg["kernel"] == "softmax_long_persistent_kernel":
                named["n_rows"] = M
                tri = tri + (M,)
            if cfg["kernel"] in ("softmax_long_split_kernel", "softmax_split_kernel"):
                # per-row partial results and arrival counters (zeros; each
                # launch adds CHUNKS a row), one pair per set and system
                chunks = cfg["constexprs"]["CHUNKS"]
                st = [torch.empty(M * chunks * 2, device=self.dev, dtype=torch.float32)
                      for _ in range(2)]
                stride = cfg["constexprs"].get("COUNT_STRIDE", 1)
                cnt = [torch.zeros(M * stride, device=self.dev, dtype=torch.int32)
                       for _ in range(2)]
                named.update(stats_ptr=st[0], count_ptr=cnt[0], n_rows=M)
                tri = (y, x, st[1], cnt[1], x.stride(0), y.stride(0), N, M)
            return dict(y=y, torch=lambda: torch.ops.aten._softmax.out(x, -1, False, out=yt),
                        ref=lambda: torch.softmax(x.float(), dim=-1), named=named, tri=tri)
        if b == "gelu":
            N = s["N"]
            x = torch.randn(N, device=self.dev, dtype=torch.float32, generator=g).to(tdt)
            y, yt = torch.empty_like(x), torch.empty_like(x)
            F = torch.nn.functional
            return dict(y=y, torch=lambda: torch.ops.aten.gelu.out(x, approximate="tanh", out=yt),
                        ref=lambda: F.gelu(x.float(), approximate="tanh"),
                        named=dict(x_ptr=x, y_ptr=y, num_elements=N), tri=(x, y, N))
        if b == "gating":
            T, E, K = s["M"], s["N"], s["K"]
            x = torch.randn(T, E, device=self.dev, dtype=torch.float32, generator=g).to(tdt)
            y = torch.empty(T, K, device=self.dev, dtype=torch.float32)
            ids = torch.empty(T, K, device=self.dev, dtype=torch.int32)

            def gate(v):  # the routing weights: softmax, top K, renormalized
                w = torch.topk(torch.softmax(v.float(), dim=-1), K, dim=-1).values
                return w / w.sum(dim=-1, keepdim=True)
            return dict(y=y, torch=lambda: gate(x), ref=lambda: gate(x.double()).float(),
                        named=dict(logits_ptr=x, weights_ptr=y, ids_ptr=ids, n_tokens=T),
                        tri=(x, y, ids, T))
        if b == "rowsum":
            M, N = s["M"], s["N"]
            x = torch.randn(M, N, device=self.dev, dtype=tdt, generator=g)
            y, yt = (torch.empty(M, device=self.dev, dtype=tdt) for _ in range(2))
            return dict(y=y, torch=lambda: torch.sum(x, dim=1, out=yt), ref=lambda: x.double().sum(dim=1).float(),
                        named=dict(x_ptr=x, out_ptr=y, N=N), tri=(x, y, N))
        if b == "matmul":
            M, N, K = s["M"], s["N"], s["K"]
            a = torch.randn(M, K, device=self.dev, dtype=torch.float32, generator=g).to(tdt)
            if cfg.get("b_transposed"):  # K contiguous: a transposed view of N x K
                bb = torch.randn(N, K, device=self.dev, dtype=torch.float32,
                                 generator=g).to(tdt).t()
            else:
                bb = torch.randn(K, N, device=self.dev, dtype=torch.float32, generator=g).to(tdt)
            plain = cfg.get("c_dtype") == "fp16"  # Triton's tutorial kernel: fp16 C, no ReLU
            y = torch.empty(M, N, device=self.dev,
                            dtype=torch.float16 if plain else torch.float32)

            leaky = cfg.get("activation") == "leaky_relu"  # the tutorial's epilogue

            def ref():
                torch.backends.cuda.matmul.allow_tf32 = False
                r = a.float() @ bb.float()
                torch.backends.cuda.matmul.allow_tf32 = True
                if leaky:
                    return torch.where(r >= 0, r, 0.01 * r)
                return r if plain else torch.relu(r)
            strides = (a.stride(0), a.stride(1), bb.stride(0), bb.stride(1), y.stride(0), y.stride(1))
            F = torch.nn.functional
            torch_fn = ((lambda: F.leaky_relu(a @ bb, 0.01)) if leaky else
                        (lambda: a @ bb) if plain else (lambda: torch.relu(a @ bb)))
            return dict(y=y, torch=torch_fn,
                        ref=ref,
                        named=dict(a_ptr=a, b_ptr=bb, c_ptr=y, M=M, N=N, K=K, stride_am=strides[0],
                                   stride_ak=strides[1], stride_bk=strides[2], stride_bn=strides[3],
                                   stride_cm=strides[4], stride_cn=strides[5]),
                        tri=(a, bb, y, M, N, K) + strides)
        if b == "groupgemm":
            # G row-major N x N problems, packed back to back so that one tensor holds every
            # output; the kernel reads their addresses, sizes and leading dimensions from tables
            G, N = s["G"], s["N"]
            A = torch.randn(G, N, N, device=self.dev, dtype=torch.float32, generator=g).to(tdt)
            B = torch.randn(G, N, N, device=self.dev, dtype=torch.float32, generator=g).to(tdt)
            y = torch.empty(G, N, N, device=self.dev, dtype=tdt)
            yt = torch.empty_like(y)
            ptrs = [torch.tensor([t[i].data_ptr() for i in range(G)], device=self.dev,
                                 dtype=torch.int64) for t in (A, B, y)]
            sizes = torch.tensor([N, N, N] * G, device=self.dev, dtype=torch.int32)
            lds = torch.tensor([N, N, N] * G, device=self.dev, dtype=torch.int32)

            def ref():
                torch.backends.cuda.matmul.allow_tf32 = False
                r = torch.bmm(A.float(), B.float())
                torch.backends.cuda.matmul.allow_tf32 = True
                return r

            def torch_fn():  # the tutorial's cuBLAS line: one matmul a problem
                for i in range(G):
                    torch.matmul(A[i], B[i], out=yt[i])
            named = dict(group_a_ptrs=ptrs[0], group_b_ptrs=ptrs[1], group_c_ptrs=ptrs[2],
                         group_gemm_sizes=sizes, g_lds=lds, group_size=G)
            return dict(y=y, torch=torch_fn, ref=ref, named=named,
                        tri=tuple(ptrs) + (sizes, lds, G))
        if b == "attention":
            Z, H, N, D = s["Z"], s["H"], s["N"], s["D"]
            causal = bool(s.get("causal"))
            q, k, v = (torch.randn(Z, H, N, D, device=self.dev, dtype=torch.float32,
                                   generator=g).to(tdt) for _ in range(3))
            y = torch.empty_like(q)
            scale = 1.0 / math.sqrt(D)
            F = torch.nn.functional
            strides = q.stride() + k.stride() + v.stride() + y.stride()
            names = ["stride_%s%s" % (t, a) for t in "qkvo" for a in "zh" + {
                "q": "mk", "k": "nk", "v": "kn", "o": "mn"}[t]]
            named = dict(Q=q, K=k, V=v, sm_scale=scale, Out=y, Z=Z, H=H, N_CTX=N)
            named.update(zip(names, strides))

            def torch_fn():  # its output allocated by torch's caching allocator
                F.scaled_dot_product_attention(q, k, v, is_causal=causal, scale=scale)
            return dict(y=y, torch=torch_fn,
                        ref=lambda: F.scaled_dot_product_attention(q, k, v, is_causal=causal,
                                                                   scale=scale),
                        named=named, tri=(q, k, v, scale, y) + strides + (Z, H, N))
        raise ValueError(b)

    def run_config(self, cfg, results):
        if cfg["bench"] in attention_tutorial.BENCHES:  # descriptors, two kernels, own checks
            return attention_tutorial.run_config(self, cfg, results, first_line, is_compile_error)
        torch = self.torch
        b, dt = cfg["bench"], cfg["dtype"]
        g = torch.Generator(device=self.dev)
        g.manual_seed(0)
        base = dict(id=cfg["id"], bench=b, dtype=dt, shape=shape_str(cfg), unit=cfg["metric"])
        work = cfg["work"]
        scale = 1e12 if cfg["metric"] == "TFLOP/s" else 1e9

        def rec(system, **kw):
            r = dict(base, system=system, status="ok", ms=None, value=None, check=None,
                     max_abs_err=None, n_bad=None, compile_ms=None, load_ms=None, note="")
            r.update(kw)
            if r["ms"]:
                r["value"] = work / (r["ms"] * 1e-3) / scale
            if system == "tilec" and cfg["metric"] == "GB/s" and self.copy_gbs.get(work):
                r["copy_same_size_gbs"] = self.copy_gbs[work]
            results.append(r)
            print("  %-7s %-10s %10s %s %s" % (
                system, r["status"], ("%.1f %s" % (r["value"], r["unit"])) if r["value"] else "",
                ("check " + r["check"]) if r["check"] else "",
                r["note"][:300] if r["status"] != "ok" or r["check"] == "FAIL" else ""), flush=True)

        # sets of inputs and output (make_set): one, or with --timing rotate R of them, the first
        # the same as with one; the reference and the checked output y are the first set's
        sets = [self.make_set(cfg, g)]
        ref = sets[0]["ref"]()
        y = sets[0]["y"]
        rot = self.rotated(b)
        if rot:
            set_bytes = sum(t.numel() * t.element_size() for t in sets[0]["named"].values()
                            if torch.is_tensor(t))
            base["sets"] = self.n_sets(set_bytes)
            sets += [self.make_set(cfg, g) for _ in range(base["sets"] - 1)]
        self.sync()

        def timed(fns):  # fns: one callable per set, fns[0] on the first set
            return self.bench_rotate(fns) if rot else self.bench(fns[0])

        # a variant (gen_ptx.py --variants: tilec with another programs-per-cta) runs tilec only
        variant = "variant_of" in cfg

        # torch
        if not variant:
            try:
                rec("torch", ms=timed([st["torch"] for st in sets]), check="ref")
            except Exception as e:  # noqa: BLE001
                rec("torch", status="error", note=first_line(e))

        # Triton: the seed kernel, same constexprs and num_warps as tilec's config
        if "triton" in self.args.systems and not variant:
            phase = "compile"
            try:
                kern = self.triton_kernel(cfg)
                grid = tuple(cfg["grid"])
                stages = cfg.get("num_stages", 3)
                tri_fns = [lambda args=st["tri"]: kern[grid](*args, **cfg["constexprs"],
                                                             num_warps=cfg["num_warps"],
                                                             num_stages=stages)
                           for st in sets]
                tri_fn = tri_fns[0]
                key = (cfg["source"], cfg["kernel"], cfg["signature"], cfg["num_warps"], stages)
                y.fill_(float("nan"))
                comp, note = self.triton_first_run(cfg, key, tri_fn)
                self.sync()
                phase = "run"
                # first_minus_warm ran it twice; the output is from the kernel
                chk, err, nbad, cnote = self.check(cfg, y, ref)
                ms = timed(tri_fns)
                rec("triton", ms=ms, check=chk, max_abs_err=err, n_bad=nbad, compile_ms=comp,
                    note=cnote or note)
            except Exception as e:  # noqa: BLE001
                msg = first_line(e)
                # an exception from the first call (compilation) means Triton rejected it
                status = "rejected" if (is_compile_error(e) or phase == "compile") else "error"
                rec("triton", status=status, note=msg)
                if self.args.verbose:
                    traceback.print_exc()

        # tilec
        if "tilec" in self.args.systems:
            if cfg.get("status") != "ok":
                rec("tilec", status="compile-failed", note=cfg.get("error", "")[-300:],
                    compile_ms=cfg.get("tilec_compile_ms"))
            else:
                try:
                    y.fill_(float("nan"))
                    targs = [self.tilec_args(cfg, st["named"]) for st in sets]
                    grid = tuple(cfg["grid"])
                    # several programs per CTA: ceil(x / n) CTAs, x as the last i32
                    per_cta = cfg.get("programs_per_cta", 1)
                    if per_cta > 1:
                        targs = [ta + (self.np.int32(grid[0]),) for ta in targs]
                        grid = (cdiv(grid[0], per_cta),) + grid[1:]
                    if cfg.get("tensor_maps"):  # only host descriptors have them
                        raise RuntimeError("takes CUtensorMap parameters, which only the "
                                           "attention tutorial's launcher makes")
                    block = (cfg["threads"],)
                    shm = cfg["shared_bytes"]
                    self.sync()
                    # load (driver JIT of the PTX) + first launch - a warm launch
                    t0 = time.perf_counter()
                    k, _ = self.tilec_kernel(cfg)
                    self.check_coresident(cfg, k)
                    til_fns = [lambda ta=ta: k(grid, block, ta, shared_mem=shm) for ta in targs]
                    til_fn = til_fns[0]
                    load = None
                    if not self.args.profile:
                        til_fn()
                        self.sync()
                        t1 = time.perf_counter()
                        til_fn()
                        self.sync()
                        t2 = time.perf_counter()
                        load = ((t1 - t0) - (t2 - t1)) * 1e3
                    ms = self.bench(til_fn) if self.args.profile else None
                    chk, err, nbad, cnote = self.check(cfg, y, ref)
                    if not self.args.profile:
                        ms = timed(til_fns)
                    rec("tilec", ms=ms, check=chk, max_abs_err=err, n_bad=nbad,
                        compile_ms=cfg.get("tilec_compile_ms"), load_ms=load, note=cnote,
                        programs_per_cta=per_cta)
                except Exception as e:  # noqa: BLE001
                    rec("tilec", status="error", note=first_line(e),
                        compile_ms=cfg.get("tilec_compile_ms"))
                    if self.args.verbose:
                        traceback.print_exc()
        del sets, ref, y
        self.sync()

    def copy_bandwidth(self, results):
        torch = self.torch
        n = (1 << 30) // 4
        rot = self.rotated("copy")
        n_sets = self.n_sets(2 * n * 4) if rot else 1  # 1 on the H200 (2 GiB a set)
        xs = [torch.empty(n, device=self.dev, dtype=torch.float32).fill_(1.0) for _ in range(n_sets)]
        fns = [lambda x=x: x.clone() for x in xs]
        ms = self.bench_rotate(fns) if rot else self.bench(fns[0])
        r = dict(id="copy_fp32_1GiB", bench="copy", dtype="fp32", shape="2^28", system="torch",
                 status="ok", ms=ms, value=2 * n * 4 / (ms * 1e-3) / 1e9, unit="GB/s", check=None,
                 max_abs_err=None, n_bad=None, compile_ms=None, load_ms=None,
                 note="torch clone, bytes read + written")
        if rot:
            r["sets"] = n_sets
        results.append(r)
        print("copy (torch clone of 1 GiB fp32): %.0f GB/s" % r["value"], flush=True)
        del xs, fns
        return r["value"]

    def copy_same_size(self, nbytes, results):
        """The same-size copy ceiling: GB/s of a torch dst.copy_(src) of nbytes / 2 bytes (uint8),
        nbytes read + written, timed as the memory-bound benches are (--timing); once per size."""
        if nbytes in self.copy_gbs:
            return self.copy_gbs[nbytes]
        torch = self.torch
        rot = self.rotated("copy")
        n_sets = self.n_sets(nbytes) if rot else 1
        pairs = [(torch.empty(nbytes // 2, device=self.dev, dtype=torch.uint8).fill_(1),
                  torch.empty(nbytes // 2, device=self.dev, dtype=torch.uint8))
                 for _ in range(n_sets)]
        fns = [lambda s=s, d=d: d.copy_(s) for s, d in pairs]
        ms = self.bench_rotate(fns) if rot else self.bench(fns[0])
        r = dict(id=copy_id(nbytes), bench="copy", dtype="uint8", shape=str(nbytes // 2),
                 system="torch", status="ok", ms=ms,
                 value=nbytes / (ms * 1e-3) / 1e9 if ms else None, unit="GB/s", check=None,
                 max_abs_err=None, n_bad=None, compile_ms=None, load_ms=None,
                 note="same-size copy ceiling: torch dst.copy_(src), %s MiB read + %s MiB written = "
                      "the bytes counted by the memory-bound configs of this size (row sum: bytes "
                      "read); their tilec rows' copy_same_size_gbs" % (mib(nbytes // 2), mib(nbytes // 2)))
        if rot:
            r["sets"] = n_sets
        results.append(r)
        print("copy (torch dst.copy_(src), %s MiB read + written): %s GB/s"
              % (mib(nbytes), "%.0f" % r["value"] if r["value"] else "-"), flush=True)
        del pairs, fns
        self.copy_gbs[nbytes] = r["value"]
        return r["value"]

    def triton_warmup(self):
        """Compile one throw-away specialisation so that Triton's one-time start-up costs
        (driver and backend initialisation) are not charged to the first measured kernel."""
        torch = self.torch
        cfg = next((c for c in self.man["configs"] if c["bench"] == "gelu"), None)
        if cfg is None:
            return
        kern = self.triton_kernel(cfg)
        x = torch.zeros(4096, device=self.dev)
        y = torch.empty_like(x)
        t0 = time.perf_counter()
        kern[(32,)](x, y, 4095, BLOCK_SIZE=128, num_warps=1)
        self.sync()
        print("Triton start-up (first kernel, not counted): %.0f ms" % ((time.perf_counter() - t0) * 1e3))
        # the same for cupy / the driver's PTX JIT
        c = next((c for c in self.man["configs"] if c.get("status") == "ok"), None)
        if c is not None:
            t0 = time.perf_counter()
            self.cupy.RawModule(path=str(self.ptx_dir / c["ptx"])).get_function(c["kernel"])
            print("cupy start-up (first module load, not counted): %.0f ms"
                  % ((time.perf_counter() - t0) * 1e3))


def first_line(e):
    s = ("%s: %s" % (type(e).__name__, e)).strip()
    lines = [l for l in s.splitlines() if l.strip()]
    # Triton's CompilationError puts the real reason last
    if len(lines) > 1:
        return lines[0][:200] + " ... " + lines[-1][:300]
    return s[:500]


def is_compile_error(e):
    names = {x.__name__ for x in type(e).__mro__}
    return bool(names & {"CompilationError", "CompileTimeAssertionFailure", "UnsupportedLanguageConstruct"})


def main():
    ap = argparse.ArgumentParser(
        description="Side-by-side benchmark: torch vs Triton vs tilec (PTX from bench/gen_ptx.py).")
    ap.add_argument("--ptx", default=str(REPO / ".pack/bench"),
                    help="directory with manifest.json and the PTX/JSON files (default .pack/bench)")
    ap.add_argument("--out", default=os.environ.get("OUT") or "bench-out",
                    help="output directory (default $OUT, else ./bench-out)")
    ap.add_argument("--dry-run", action="store_true",
                    help="read and validate the manifest, print the plan, write placeholder "
                         "CSV/markdown; touches no GPU module")
    ap.add_argument("--only", default="", help="only configs whose id contains one of these "
                    "comma-separated substrings (e.g. softmax_fp32,gelu)")
    ap.add_argument("--systems", default="torch,triton,tilec",
                    help="comma-separated subset of torch,triton,tilec (torch always runs)")
    ap.add_argument("--warmup", type=int, default=25, help="warm-up time, ms (do_bench's, and "
                    "--timing rotate's)")
    ap.add_argument("--rep", type=int, default=100, help="repetition time, ms (do_bench's, and "
                    "--timing rotate's)")
    ap.add_argument("--timing", choices=("flush", "rotate"), default="flush",
                    help="flush (default): every kernel by triton.testing.do_bench, L2 flushed "
                         "by a 256 MB memset before each launch; rotate: the memory-bound benches "
                         "(all but matmul) with no flush, each launch timed by CUDA events, median, "
                         "cycling through R sets of inputs and outputs, "
                         "R = min(64, ceil(2 * L2 / bytes of a set)); matmul stays on do_bench")
    ap.add_argument("--no-copy", action="store_true", help="skip the copy-bandwidth ceilings (the "
                    "1 GiB copy and the same-size copies of tilec/copy)")
    ap.add_argument("--keep-triton-cache", action="store_true",
                    help="use TRITON_CACHE_DIR as set (default: a fresh empty one, so that "
                         "first-call compile times are cold)")
    ap.add_argument("--replot", metavar="RESULTS_JSON", nargs="+",
                    help="no GPU: re-render results.md and the plots into --out from the "
                         "results.json of an earlier run, or of several runs of other configs "
                         "on the same machine (their results joined; the environment of the "
                         "first, with each run's wall time); with --out it also writes the "
                         "joined results.json")
    ap.add_argument("--dump", metavar="DIR",
                    help="write Triton's ttgir/llir/PTX/cubin and register use per config into DIR")
    ap.add_argument("--profile", action="store_true",
                    help="launch each system's kernel once per config, untimed (run under ncu)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    args.systems = [s.strip() for s in args.systems.split(",") if s.strip()]
    if args.replot:
        runs = [json.loads(Path(p).read_text()) for p in args.replot]
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        results = [r for d in runs for r in d["results"]]
        env = runs[0].get("env")
        if len(runs) > 1:
            seen = [{r["id"] for r in d["results"]} for d in runs]
            dup = sorted({i for k, a in enumerate(seen) for b in seen[k + 1:] for i in a & b})
            if dup:
                print("error: configs in more than one run: %s" % ", ".join(dup[:5]))
                return 1
            env = dict(env or {}, wall_s=[(d.get("env") or {}).get("wall_s") for d in runs])
            (out / "results.json").write_text(
                json.dumps(dict(env=env, results=results), indent=1, default=str) + "\n")
        copy = next((r["value"] for r in results if r["bench"] == "copy" and r["value"]), None)
        write_csv(results, out / "results.csv")
        (out / "results.md").write_text(markdown(results, env))
        pngs = plots(results, out, copy)
        print("wrote results.csv, results.md and %d plots to %s" % (len(pngs), out))
        return 0

    man, problems = load_manifest(args.ptx)
    for p in problems:
        print("WARNING:", p)
    cfgs = man["configs"]
    if args.only:
        keys = [k for k in args.only.split(",") if k]
        cfgs = [c for c in cfgs if any(k in c["id"] for k in keys)]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    print("manifest: %d configs, tilec %s, generated %s" % (
        len(man["configs"]), man.get("tilec_rev"), man.get("generated")))
    print("timing: %s" % TIMING_MODES[args.timing])

    if args.dry_run:
        results = []
        for c in cfgs:
            print("%-26s %-20s grid %-12s threads %-4s shared %-6s warps %-2s tilec %6s ms  %s" % (
                c["id"], c["kernel"],
                ("min(%d, %d/SM)" % (c["grid"][0], c["grid_per_sm"]) if c.get("grid_per_sm")
                 else "x".join(map(str, c["grid"]))), c.get("threads"),
                c.get("shared_bytes"), c["num_warps"], c.get("tilec_compile_ms"), c["signature"]))
            for part in c.get("parts", []):  # further kernels launched with it (before it)
                print("  + %-22s %-20s grid %-12s threads %-4s shared %-6s warps %-2s tilec %6s ms  %s"
                      % (part["role"], part["kernel"], "x".join(map(str, part["grid"])),
                         part.get("threads"), part.get("shared_bytes"), part["num_warps"],
                         part.get("tilec_compile_ms"), part["signature"]))
            for s in SYSTEMS:
                results.append(dict(id=c["id"], bench=c["bench"], dtype=c["dtype"],
                                    shape=shape_str(c), system=s, status="dry-run", ms=None,
                                    value=None, unit=c["metric"], check=None, max_abs_err=None,
                                    n_bad=None, load_ms=None, note="",
                                    compile_ms=c.get("tilec_compile_ms") if s == "tilec" else None))
        write_csv(results, out / "results.csv")
        md = markdown(results, None)
        (out / "results.md").write_text(md)
        print(md)
        sizes = [] if args.no_copy else copy_sizes(cfgs)
        print("same-size copies: %d sizes to time%s" % (
            len(sizes), (" (%s)" % ", ".join(map(copy_id, sizes))) if sizes else ""))
        n_launch = len(cfgs) * len(SYSTEMS) + (0 if args.no_copy else 1 + len(sizes))
        n_rot = 0
        if args.timing == "rotate":
            n_rot = (sum(c["bench"] not in COMPUTE_BOUND for c in cfgs) * len(SYSTEMS)
                     + (0 if args.no_copy else 1 + len(sizes)))
        print("dry run: %d configs, %d timings planned (%d by do_bench, %d by CUDA events over "
              "rotated sets; ~%.0f s of timing at rep=%d ms); wrote %s" % (
                  len(cfgs), n_launch, n_launch - n_rot, n_rot,
                  n_launch * (args.rep + args.warmup) * 1.6 / 1e3, args.rep, out / "results.csv"))
        if problems:
            return 1
        return 0

    # Fresh Triton cache for cold first-call compile times; no driver JIT cache for tilec's PTX.
    if not args.keep_triton_cache:
        os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp(prefix="triton-cache-")
    os.environ["CUDA_CACHE_DISABLE"] = "1"
    t_start = time.perf_counter()
    runner = Runner(args, man)
    torch, triton, cupy = runner.torch, runner.triton, runner.cupy
    env = dict(device=torch.cuda.get_device_name(), torch=torch.__version__,
               triton=triton.__version__, cupy=cupy.__version__, tilec_rev=man.get("tilec_rev"),
               manifest_generated=man.get("generated"), warmup=args.warmup, rep=args.rep,
               timing=args.timing, torch_outputs="own",
               triton_cache_dir=os.environ.get("TRITON_CACHE_DIR"))
    if args.timing == "rotate":
        env["l2_bytes"] = runner.l2_bytes
    print("device %s; torch %s, triton %s, cupy %s" % (env["device"], env["torch"], env["triton"],
                                                        env["cupy"]), flush=True)
    runner.triton_warmup()

    results = []
    copy_gbs = None
    if not args.no_copy:
        copy_gbs = runner.copy_bandwidth(results)
        for nbytes in copy_sizes(cfgs):  # the same-size ceilings: tilec/copy
            runner.copy_same_size(nbytes, results)
    for c in cfgs:
        print("%s  (%s, %d warps)" % (c["id"], c["signature"], c["num_warps"]), flush=True)
        try:
            runner.run_config(c, results)
        except Exception as e:  # noqa: BLE001  (e.g. out of memory: keep going)
            print("  config failed:", first_line(e))
            traceback.print_exc()
        torch.cuda.empty_cache()

    env["wall_s"] = round(time.perf_counter() - t_start, 1)
    write_csv(results, out / "results.csv")
    (out / "results.json").write_text(json.dumps(dict(env=env, results=results), indent=1, default=str) + "\n")
    md = markdown(results, env)
    (out / "results.md").write_text(md)
    pngs = plots(results, out, copy_gbs)
    print()
    print(md)
    print("wrote %s, results.json, results.md and %d plots to %s (%.0f s)" % (
        "results.csv", len(pngs), out, env["wall_s"]))
    fails = [r for r in results if r.get("check") == "FAIL"]
    errors = [r for r in results if r["status"] == "error"]
    print("%d mismatches, %d errors" % (len(fails), len(errors)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
