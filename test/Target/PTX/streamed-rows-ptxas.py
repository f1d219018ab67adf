# A long bf16 row streamed three times in 32768-element chunks on 32 warps
# (a KL divergence and its gradient, as Liger's fused-linear KL kernel
# does): 32 elements a thread, 64 registers at most. Its masks `offs < n`
# with n a multiple of 16 are one compare an 8-element vector
# (tilegpu.constancy), which keeps it within the registers: ptxas spills
# nothing (with a plain `i32` n, one compare an element, CUDA 13.0's ptxas
# spills 368 bytes).
# REQUIRES: ptxas
# RUN: tilec %s --kernel streamed_kl --signature "*bf16:16, *bf16:16, *fp32:16, i32:16, 32768" --num-warps 32 --emit=ptx -o %t.ptx
# RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s
# CHECK: 0 bytes spill stores, 0 bytes spill loads
import triton
import triton.language as tl


@triton.jit
def streamed_kl(x_ptr, q_ptr, loss_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    x_ptr += row * n_cols
    q_ptr += row * n_cols
    m = float("-inf")
    for i in range(0, n_cols, BLOCK):
        offs = i + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + offs, mask=offs < n_cols, other=0.0).to(tl.float32)
        m = tl.maximum(m, tl.max(tl.where(offs < n_cols, x, float("-inf")), axis=0))
    s = 0.0
    a = 0.0
    for i in range(0, n_cols, BLOCK):
        offs = i + tl.arange(0, BLOCK)
        mask = offs < n_cols
        x = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32)
        x = tl.where(mask, x, float("-inf"))
        q = tl.load(q_ptr + offs, mask=mask, other=0.0).to(tl.float32)
        s += tl.sum(tl.exp(x - m), axis=0)
        a += tl.sum(tl.where(mask, q * (tl.log(tl.maximum(q, 1e-10)) - x), 0.0), axis=0)
    tl.store(loss_ptr + row, a + (m + tl.log(s)))
    for i in range(0, n_cols, BLOCK):
        offs = i + tl.arange(0, BLOCK)
        mask = offs < n_cols
        x = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32)
        q = tl.load(q_ptr + offs, mask=mask, other=0.0).to(tl.float32)
        d = tl.exp(x - m) / s - q
        tl.store(x_ptr + offs, d, mask=mask)
