#!/usr/bin/env python3
"""fp8 in Triton and in tilec on the same sources and inputs (runs on the H200).

1. examples/fp8.py's fp8_convert_kernel, launched by Triton and by
   `tilec run --arch sm_90a`, on 2^16 fp32, fp16 and bf16 inputs (the values
   where rounding and saturation decide, then random magnitudes from 2^-20 to
   2^20): every fp8e4nv / fp8e5 byte and every value converted back compared.
2. examples/fp8_matmul.py at 4096^3 on fp8e4nv inputs, and the same source on
   bf16 inputs: both outputs against each other and against the fp64 product,
   Triton timed with triton.testing.do_bench, tilec with `tilec run --bench`
   (25 warm-up launches, median of 200).

  python3 bench/fp8_vs_triton.py TILEC OUTDIR   # TILEC: the tilec binary
"""
import importlib.util, os, subprocess, sys, math
import torch, triton
tilec, out = sys.argv[1], sys.argv[2]
spec = importlib.util.spec_from_file_location("fp8ex", "examples/fp8.py")
m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
n = 1 << 16
special = [0.0, -0.0, 1.0, 1.0625, 1.125, 448.0, 464.0, 480.0, 500.0, 1e6, math.inf, -math.inf,
           math.nan, 2.0**-9, 2.0**-10, 3 * 2.0**-11, 57344.0, 61440.0, 65504.0, -0.1, 2.0**-7 * 1.0625]
g = torch.Generator().manual_seed(1234)
ok = True
for name, dt in [("fp32", torch.float32), ("fp16", torch.float16), ("bf16", torch.bfloat16)]:
    mag = torch.rand(n, generator=g, dtype=torch.float64) + 1
    ex = torch.randint(-20, 21, (n,), generator=g).double()
    sg = torch.randint(0, 2, (n,), generator=g).double() * 2 - 1
    x = (sg * mag * torch.pow(2.0, ex))
    x[:len(special)] = torch.tensor(special, dtype=torch.float64)
    x = x.to(dt).cuda()
    e4 = torch.full((n,), 0x5a, dtype=torch.uint8, device="cuda").view(torch.float8_e4m3fn)
    e5 = torch.full((n,), 0x5a, dtype=torch.uint8, device="cuda").view(torch.float8_e5m2)
    b4 = torch.full((n,), float("nan"), dtype=torch.float32, device="cuda")
    b5 = torch.full((n,), float("nan"), dtype=dt, device="cuda")
    m.fp8_convert_kernel[(triton.cdiv(n, 1024),)](x, e4, e5, b4, b5, n, BLOCK=1024)
    torch.cuda.synchronize()
    d = os.path.join(out, name); os.makedirs(d, exist_ok=True)
    x.cpu().view(torch.uint8).numpy().tofile(d + "/x.bin")
    size = {"fp32": 4, "fp16": 2, "bf16": 2}[name]
    cmd = [tilec, "run", "examples/fp8.py", "--kernel", "fp8_convert_kernel", "--arch", "sm_90a",
           "--signature", f"*{name}:16, *fp8e4nv:16, *fp8e5:16, *fp32:16, *{name}:16, i32:16, 1024",
           "--grid", str(n // 1024), "--arg", f"buf:{name}:file:{d}/x.bin",
           "--arg", f"buf:i8:{n}:random:1", "--arg", f"buf:i8:{n}:random:2",
           "--arg", f"buf:fp32:{n}:random:3", "--arg", f"buf:{name}:{n}:random:4", "--arg", f"i32:{n}",
           "--out", f"1={d}/e4", "--out", f"2={d}/e5", "--out", f"3={d}/b4", "--out", f"4={d}/b5"]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode:
        print(name, "tilec failed", p.stderr[-2000:]); ok = False; continue
    for tag, t, nbytes in [("e4", e4, 1), ("e5", e5, 1), ("b4", b4, 4), ("b5", b5, size)]:
        mine = open(f"{d}/{tag}", "rb").read()
        ref = t.cpu().view(torch.uint8).numpy().tobytes()
        diffs = [i for i in range(n) if mine[i*nbytes:(i+1)*nbytes] != ref[i*nbytes:(i+1)*nbytes]]
        xs = x.cpu().double()
        print(f"{name} {tag}: {n - len(diffs)} of {n} identical", flush=True)
        for i in diffs[:8]:
            print(f"   at {i}: x={xs[i].item()!r} tilec={mine[i*nbytes:(i+1)*nbytes].hex()} triton={ref[i*nbytes:(i+1)*nbytes].hex()}")
        ok &= not diffs
print("ALL IDENTICAL" if ok else "DIFFERENCES")

# fp8 matmul (examples/fp8_matmul.py) at 4096^3: Triton and tilec on the same
# fp8e4nv inputs (outputs compared), both timed; the bf16 version of the
# same source beside it.
spec = importlib.util.spec_from_file_location("fp8mm", "examples/fp8_matmul.py")
mm = importlib.util.module_from_spec(spec); spec.loader.exec_module(mm)
S = 4096
BM, BN, BK, W = 128, 128, 64, 8
for name, tdt in [("fp8e4nv", torch.float8_e4m3fn), ("bf16", torch.bfloat16)]:
    a = (torch.rand((S, S), generator=g) * 8 - 4).to(tdt).cuda()
    b = (torch.rand((S, S), generator=g) * 8 - 4).to(tdt).cuda()
    c = torch.full((S, S), float("nan"), dtype=torch.float16, device="cuda")
    grid = (S // BM, S // BN)
    run = lambda: mm.fp8_matmul_kernel[grid](a, b, c, S, S, S, S, 1, S, 1, S, 1, BLOCK_M=BM, BLOCK_N=BN, BLOCK_K=BK, num_warps=W, num_stages=3)
    run(); torch.cuda.synchronize()
    t_ms = triton.testing.do_bench(run, warmup=25, rep=200)
    d = os.path.join(out, "mm_" + name); os.makedirs(d, exist_ok=True)
    a.cpu().view(torch.uint8).numpy().tofile(d + "/a.bin"); b.cpu().view(torch.uint8).numpy().tofile(d + "/b.bin")
    sig = f"*{name}:16, *{name}:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, {BM}, {BN}, {BK}"
    cmd = [tilec, "run", "examples/fp8_matmul.py", "--kernel", "fp8_matmul_kernel", "--arch", "sm_90a",
           "--num-warps", str(W), "--num-stages", "3", "--signature", sig, "--grid", f"{S // BM},{S // BN}",
           "--arg", f"buf:{name}:file:{d}/a.bin", "--arg", f"buf:{name}:file:{d}/b.bin", "--arg", f"buf:fp16:{S*S}:random:5",
           "--arg", f"i32:{S}", "--arg", f"i32:{S}", "--arg", f"i32:{S}", "--arg", f"i32:{S}", "--arg", f"i32:{S}", "--arg", f"i32:{S}",
           "--out", f"2={d}/c.bin", "--bench", "--warmup", "25", "--repeat", "200", "--flops", str(2 * S**3)]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode:
        print("matmul", name, "tilec failed", p.stderr[-2000:]); continue
    import numpy as np
    mine = torch.from_numpy(np.fromfile(f"{d}/c.bin", dtype=np.float16).reshape(S, S)).float()
    ref = c.cpu().float()
    err = (mine - ref).abs().max().item()
    rel = ((mine - ref).abs() / (ref.abs() + 1)).max().item()
    exact = (a.double() @ b.double()).cpu()
    e_t = (ref.double() - exact).abs().max().item(); e_m = (mine.double() - exact).abs().max().item()
    print(f"matmul {name} 4096^3: max |tilec - triton| = {err:.4g} (rel {rel:.3g}); max |x - fp64|: tilec {e_m:.4g}, triton {e_t:.4g}; triton {t_ms*1e3:.1f} us ({2*S**3/t_ms/1e9:.0f} TFLOP/s)")
    print("   tilec:", p.stdout.strip().splitlines()[-1] if p.stdout.strip() else p.stderr.strip()[-300:])
