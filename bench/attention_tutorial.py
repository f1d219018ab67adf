"""Triton's fused-attention tutorial in the side-by-side benchmark (bench/compare.py runs it).

examples/fused_attention_tutorial.py is Triton 3.6.0's python/tutorials/06-fused-attention.py,
unchanged; bench/gen_ptx.py (attntut_configs) declares its configurations:

  attntut_*      the forward, _attn_fwd on host tensor descriptors: TensorDescriptor(x,
                 shape=[Z*H*N_CTX, HEAD_DIM], strides=[HEAD_DIM, 1], block_shape=...) of q, k, v
                 and o, as _attention.forward makes them, with the block shapes its autotuner's
                 pre-hook sets; grid (cdiv(N_CTX, BLOCK_M), Z*H, 1). tilec gets each
                 descriptor's pointer, shape and strides. torch:
                 scaled_dot_product_attention(q, k, v, is_causal=causal, scale=sm_scale).
  attntut_bwd_*  the backward as _attention.backward runs it: arg_k = k * sm_scale / ln 2 (a
                 torch op, in both compilers' timed launches), _attn_bwd_preprocess (delta),
                 _attn_bwd (dq, dk, dv), on the O and M of an fp32 forward computed here.
                 torch: autograd's backward of scaled_dot_product_attention
                 (torch.autograd.grad: dq, dk, dv from do).

Triton runs the tutorial's own jit functions, taken from under @triton.autotune (`.fn`), with
the config's constexprs, num_warps and num_stages: the configuration tilec compiled, no
autotuning. The script is loaded as tools/corpus/corpus_script.py loads Triton's tutorials:
only the kernels' definitions and what they need (not its test, benchmark or `import pytest`).

Outputs are poisoned (NaN) before each checked launch. Checks: each compiler's outputs against
torch's (O; dq, dk, dv), and tilec's against Triton's (O and M; dq, dk, dv and delta), with
compare.py's TOL; timing: compare.py's (do_bench, L2 flushed).
"""
import sys
import time
import traceback

from report import REPO, cdiv, shape_str

BENCHES = ("attntut", "attntut_bwd")
KERNELS = ["_attn_fwd", "_attn_bwd_preprocess", "_attn_bwd"]
RCP_LN2 = 1.4426950408889634  # 1 / ln(2), as _attention.backward


def triton_fn(runner, cfg, name):
    """The tutorial's jit function `name` (under @triton.autotune: the Autotuner's .fn)."""
    src = REPO / cfg["source"]
    key = ("script", str(src))
    if key not in runner.triton_mods:
        corpus = str(REPO / "tools" / "corpus")
        if corpus not in sys.path:
            sys.path.insert(0, corpus)
        try:
            from corpus_script import load  # tools/corpus/corpus_script.py
            runner.triton_mods[key] = load(src, KERNELS, "seed_" + src.stem)
        except ImportError:  # no tools/corpus: the whole script (needs pytest)
            import importlib.util
            spec = importlib.util.spec_from_file_location("seed_" + src.stem, str(src))
            mod = importlib.util.module_from_spec(spec)
            sys.modules[spec.name] = mod
            spec.loader.exec_module(mod)
            runner.triton_mods[key] = mod
    from triton.runtime.autotuner import Autotuner, Heuristics
    fn = getattr(runner.triton_mods[key], name)
    while isinstance(fn, (Autotuner, Heuristics)):  # not autotuned: the jit function under it
        fn = fn.fn
    return fn


def tilec_launch(runner, kcfg, named):
    """One tilec kernel (the config or one of its `parts`) launched on named arguments: loads
    the PTX (the driver's JIT) and returns the launch. A kernel compiled with --tma takes the
    CUtensorMaps of its `tensor_maps` after its parameters, made here as tilec's runtime makes
    them (tools/corpus/corpus_run.py's tensor_map)."""
    k, _ = runner.tilec_kernel(kcfg)
    args = runner.tilec_args(kcfg, named)
    grid = tuple(kcfg["grid"])
    per_cta = kcfg.get("programs_per_cta", 1)
    if per_cta > 1:  # ceil(x / n) CTAs, x as the last i32
        args += (runner.np.int32(grid[0]),)
        grid = (cdiv(grid[0], per_cta),) + grid[1:]
    if kcfg.get("tensor_maps"):
        corpus = str(REPO / "tools" / "corpus")
        if corpus not in sys.path:
            sys.path.insert(0, corpus)
        from corpus_run import tensor_map
        vals = {p["name"]: (named[p["name"]].data_ptr() if p["type"].startswith("*")
                            else int(named[p["name"]])) for p in kcfg["params"]}
        args += tuple(tensor_map(tm, vals) for tm in kcfg["tensor_maps"])
    block, shm = (kcfg["threads"],), kcfg["shared_bytes"]
    return lambda: k(grid, block, args, shared_mem=shm)


def dims(cfg):
    s = cfg["shape"]
    return s["Z"], s["H"], s["N"], s["D"], bool(s.get("causal")), cfg["sm_scale"]


def randn(runner, g, shape):
    torch = runner.torch
    return torch.randn(shape, device=runner.dev, dtype=torch.float32, generator=g).half()


def forward(runner, cfg, g):
    """The forward's inputs, outputs per system and launches (see run_config)."""
    torch = runner.torch
    from triton.tools.tensor_descriptor import TensorDescriptor
    Z, H, N, D, causal, scale = dims(cfg)
    q, k, v = (randn(runner, g, (Z, H, N, D)) for _ in range(3))
    outs = {s: dict(O=torch.empty_like(q),
                    M=torch.empty((Z, H, N), device=runner.dev, dtype=torch.float32))
            for s in ("triton", "tilec")}
    y_dim = Z * H * N

    def descs(o):  # as _attention.forward, with the blocks its pre-hook sets
        return {name: TensorDescriptor(t, shape=[y_dim, D], strides=[D, 1],
                                       block_shape=list(cfg["descs"][name]))
                for name, t in (("desc_q", q), ("desc_k", k), ("desc_v", v), ("desc_o", o))}

    F = torch.nn.functional

    def triton():
        fn, grid, o = triton_fn(runner, cfg, "_attn_fwd"), tuple(cfg["grid"]), outs["triton"]
        kw = dict(sm_scale=scale, M=o["M"], Z=Z, H=H, N_CTX=N, **descs(o["O"]),
                  **cfg["constexprs"])
        return lambda: fn[grid](**kw, num_warps=cfg["num_warps"], num_stages=cfg["num_stages"])

    def tilec():
        o = outs["tilec"]
        named = dict(sm_scale=scale, M=o["M"], Z=Z, H=H, N_CTX=N)
        for name, d in descs(o["O"]).items():  # pointer, shape (i32), strides (i64)
            named[name] = d.base
            named.update(("%s.shape%d" % (name, i), x) for i, x in enumerate(d.shape))
            named.update(("%s.stride%d" % (name, i), x) for i, x in enumerate(d.strides))
        return tilec_launch(runner, cfg, named)

    return dict(
        torch=lambda: F.scaled_dot_product_attention(q, k, v, is_causal=causal, scale=scale),
        torch_ref=lambda: dict(O=F.scaled_dot_product_attention(q, k, v, is_causal=causal,
                                                                scale=scale)),
        outs=outs, triton=triton, tilec=tilec)


def reference_forward(runner, q, k, v, causal, scale):
    """O (fp16) and M (fp32: each row's log-sum-exp of sm_scale * q k^T in base 2, what _attn_fwd
    stores) computed in fp32 (no tf32) from the fp16 inputs, heads in chunks of 1 GiB of scores:
    the forward's results the backward reads."""
    torch = runner.torch
    Z, H, N, D = q.shape
    qf, kf, vf = (x.reshape(Z * H, N, D) for x in (q, k, v))
    o = torch.empty_like(qf)
    m = torch.empty((Z * H, N), device=runner.dev, dtype=torch.float32)
    keep = torch.tril(torch.ones((N, N), device=runner.dev, dtype=torch.bool)) if causal else None
    tf32 = torch.backends.cuda.matmul.allow_tf32
    torch.backends.cuda.matmul.allow_tf32 = False
    try:
        step = max(1, (1 << 30) // (N * N * 4))
        for i in range(0, Z * H, step):
            s = torch.matmul(qf[i:i + step].float(), kf[i:i + step].float().transpose(1, 2))
            s.mul_(scale)
            if causal:
                s.masked_fill_(~keep, float("-inf"))
            lse = torch.logsumexp(s, dim=-1)
            s.sub_(lse[..., None]).exp_()
            o[i:i + step] = torch.matmul(s, vf[i:i + step].float()).half()
            m[i:i + step] = lse * RCP_LN2
            del s
    finally:
        torch.backends.cuda.matmul.allow_tf32 = tf32
    return o.reshape(Z, H, N, D), m.reshape(Z, H, N)


def backward(runner, cfg, g):
    """The backward's inputs, outputs per system and launches (see run_config)."""
    torch = runner.torch
    Z, H, N, D, causal, scale = dims(cfg)
    q, k, v, do = (randn(runner, g, (Z, H, N, D)) for _ in range(4))
    o, M = reference_forward(runner, q, k, v, causal, scale)
    arg_k = torch.empty_like(k)  # k * sm_scale / ln 2, made by each timed launch
    outs = {s: dict(dq=torch.empty_like(q), dk=torch.empty_like(k), dv=torch.empty_like(v),
                    delta=torch.empty_like(M)) for s in ("triton", "tilec")}
    qt, kt, vt = (x.detach().clone().requires_grad_() for x in (q, k, v))
    ot = torch.nn.functional.scaled_dot_product_attention(qt, kt, vt, is_causal=causal,
                                                          scale=scale)

    def torch_fn():
        return torch.autograd.grad(ot, (qt, kt, vt), do, retain_graph=True)

    pre = cfg["parts"][0]

    def triton():
        fpre, fbwd, r = (triton_fn(runner, cfg, "_attn_bwd_preprocess"),
                         triton_fn(runner, cfg, "_attn_bwd"), outs["triton"])

        def launch():
            torch.mul(k, scale * RCP_LN2, out=arg_k)
            fpre[tuple(pre["grid"])](o, do, r["delta"], Z, H, N, **pre["constexprs"],
                                     num_warps=pre["num_warps"], num_stages=pre["num_stages"])
            return fbwd[tuple(cfg["grid"])](
                q, arg_k, v, scale, do, r["dq"], r["dk"], r["dv"], M, r["delta"], *q.stride(),
                H, N, **cfg["constexprs"], num_warps=cfg["num_warps"],
                num_stages=cfg["num_stages"])
        return launch

    def tilec():
        r = outs["tilec"]
        lpre = tilec_launch(runner, pre, dict(O=o, DO=do, Delta=r["delta"], Z=Z, H=H, N_CTX=N))
        st = q.stride()
        lbwd = tilec_launch(runner, cfg, dict(
            Q=q, K=arg_k, V=v, sm_scale=scale, DO=do, DQ=r["dq"], DK=r["dk"], DV=r["dv"], M=M,
            D=r["delta"], stride_z=st[0], stride_h=st[1], stride_tok=st[2], stride_d=st[3], H=H,
            N_CTX=N))

        def launch():
            torch.mul(k, scale * RCP_LN2, out=arg_k)
            lpre()
            lbwd()
        return launch

    return dict(torch=torch_fn, torch_ref=lambda: dict(zip(("dq", "dk", "dv"), torch_fn())),
                outs=outs, triton=triton, tilec=tilec)


def check_all(runner, cfg, outs, refs):
    """(check, max |err|, elements off, note) of outs against the refs of the same names."""
    if refs is None:
        return None, None, None, ""
    status, err, bad, notes = "ok", 0.0, 0, []
    for name, ref in refs.items():
        if name not in outs:
            continue
        c, e, n, note = runner.check(cfg, outs[name], ref)
        err, bad = max(err, e), bad + n
        if c == "FAIL":
            status = "FAIL"
            notes.append("%s: %s" % (name, note))
    return status, err, bad, "; ".join(notes)


def poison(outs):
    for t in outs.values():
        t.fill_(float("nan"))


def run_config(runner, cfg, results, first_line, is_compile_error):
    """One attntut / attntut_bwd configuration: torch, Triton and tilec, checked and timed."""
    torch = runner.torch
    g = torch.Generator(device=runner.dev)
    g.manual_seed(0)
    base = dict(id=cfg["id"], bench=cfg["bench"], dtype=cfg["dtype"], shape=shape_str(cfg),
                unit=cfg["metric"])

    def rec(system, **kw):
        r = dict(base, system=system, status="ok", ms=None, value=None, check=None,
                 max_abs_err=None, n_bad=None, compile_ms=None, load_ms=None, note="")
        r.update(kw)
        if r["ms"]:
            r["value"] = cfg["work"] / (r["ms"] * 1e-3) / 1e12
        results.append(r)
        print("  %-7s %-10s %10s %s %s" % (
            system, r["status"], ("%.1f %s" % (r["value"], r["unit"])) if r["value"] else "",
            ("check " + r["check"]) if r["check"] else "",
            r["note"][:300] if r["status"] != "ok" or "FAIL" in (r["check"],
                                                                 r.get("check_triton")) else ""),
            flush=True)

    st = (forward if cfg["bench"] == "attntut" else backward)(runner, cfg, g)
    runner.sync()
    variant = "variant_of" in cfg  # a gen_ptx.py --baseline build: tilec only
    ref = None
    if not variant:
        try:
            ref = st["torch_ref"]()
            rec("torch", ms=runner.bench(st["torch"]), check="ref")
        except Exception as e:  # noqa: BLE001
            rec("torch", status="error", note=first_line(e))
    runner.sync()

    tri_outs = None
    if "triton" in runner.args.systems and not variant:
        phase = "compile"
        try:
            fn = st["triton"]()
            key = (cfg["source"], cfg["kernel"], cfg["signature"], cfg["num_warps"],
                   cfg["num_stages"])
            poison(st["outs"]["triton"])
            comp, note = runner.triton_first_run(cfg, key, fn)
            runner.sync()
            phase = "run"
            chk, err, nbad, cnote = check_all(runner, cfg, st["outs"]["triton"], ref)
            tri_outs = st["outs"]["triton"]
            rec("triton", ms=runner.bench(fn), check=chk, max_abs_err=err, n_bad=nbad,
                compile_ms=comp, note=cnote or note)
        except Exception as e:  # noqa: BLE001
            status = "rejected" if (is_compile_error(e) or phase == "compile") else "error"
            rec("triton", status=status, note=first_line(e))
            if runner.args.verbose:
                traceback.print_exc()

    if "tilec" in runner.args.systems:
        if cfg.get("status") != "ok":
            rec("tilec", status="compile-failed", note=cfg.get("error", "")[-300:],
                compile_ms=cfg.get("tilec_compile_ms"))
        else:
            try:
                poison(st["outs"]["tilec"])
                runner.sync()
                # load (the driver's JIT of each PTX) + first launch - a warm launch
                t0 = time.perf_counter()
                fn = st["tilec"]()
                load, ms = None, None
                if runner.args.profile:
                    ms = runner.bench(fn)
                else:
                    fn()
                    runner.sync()
                    t1 = time.perf_counter()
                    fn()
                    runner.sync()
                    load = ((t1 - t0) - (time.perf_counter() - t1)) * 1e3
                chk, err, nbad, cnote = check_all(runner, cfg, st["outs"]["tilec"], ref)
                tchk, terr, tbad, tnote = check_all(runner, cfg, st["outs"]["tilec"], tri_outs)
                notes = [n for n in (cnote, tnote and "against Triton: " + tnote) if n]
                if not runner.args.profile:
                    ms = runner.bench(fn)
                rec("tilec", ms=ms, check=chk, max_abs_err=err, n_bad=nbad,
                    check_triton=tchk, max_abs_err_triton=terr, n_bad_triton=tbad,
                    compile_ms=cfg.get("tilec_compile_ms"), load_ms=load,
                    note="; ".join(notes))
            except Exception as e:  # noqa: BLE001
                rec("tilec", status="error", note=first_line(e),
                    compile_ms=cfg.get("tilec_compile_ms"))
                if runner.args.verbose:
                    traceback.print_exc()
    del st, ref, tri_outs
    runner.sync()
