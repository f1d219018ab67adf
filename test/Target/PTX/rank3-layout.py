# A layout of rank 3 is fitted to its largest tile, as Triton's default
# layout is, when that gives a thread fewer registers: a [4, 32, 128] fp32
# product of a [32, 128] tile and a [4, 32] one on 8 warps had the default
# layout (warps along the 4-row dimension: every element held twice, 128
# registers of it a thread); it now spreads the lanes along the 128
# columns, 4 a thread, and the warps along the 32 rows (64 a thread). A
# layout that fits its tiles keeps its lanes (FIT). Ptxas accepts the
# kernel without spills.
# RUN: tilec %s --kernel mix --signature "*bf16:16, *fp32:16, *fp32:16, 4, 32, 128" --num-warps 8 --emit=tilegpu -o - | FileCheck %s
# RUN: tilec %s --kernel mix --signature "*bf16:16, *fp32:16, *fp32:16, 8, 8, 8" --num-warps 1 --emit=tilegpu -o - | FileCheck %s --check-prefix=FIT
# RUN: tilec %s --kernel mix --signature "*bf16:16, *fp32:16, *fp32:16, 4, 32, 128" --num-warps 8 --emit=ptx -o %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=NOSPILL %}
# CHECK: #tilegpu.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [1, 1, 32], warpsPerCTA = [1, 8, 1], order = [2, 1, 0]}>
# FIT: #tilegpu.blocked<{sizePerThread = [1, 1, {{[0-9]+}}], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 1, 1], order = [2, 1, 0]}>
# NOSPILL: 0 bytes spill stores, 0 bytes spill loads
import triton
import triton.language as tl


@triton.jit
def mix(x_ptr, h_ptr, out_ptr, HC: tl.constexpr, BN: tl.constexpr, BC: tl.constexpr):
    n = tl.arange(0, BN)
    c = tl.arange(0, BC)
    o = tl.arange(0, HC)
    f = tl.load(x_ptr + n[:, None] * BC + c[None, :]).to(tl.float32)
    h = tl.load(h_ptr + o[:, None] * BN + n[None, :])
    acc = f[None, :, :] * h[:, :, None]
    tl.store(out_ptr + o[:, None, None] * BN * BC + n[None, :, None] * BC + c[None, None, :], acc)
