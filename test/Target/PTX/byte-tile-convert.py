# A boolean tile computed in a blocked layout (a loaded mask compared to
# zero) and used in the mma accumulator layout (tl.where on a dot's result,
# as neighborhood attention masks its scores) is converted through shared
# memory as bytes. Runs of two or four bytes are read as one 16- or 32-bit
# integer and split with shifts: no `<2 x i8>` vector, which NVPTX moves
# through a local-memory stack slot, so the kernel has no local memory.
# test/GPU/byte-tile-convert.test runs it against the interpreter.
# RUN: tilec %s --kernel masked_scores --signature "*bf16:16, *bf16:16, *fp32:16, *bf16:16" --num-warps 4 --arch sm_90a --emit=ptx -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: not grep -E "__local_depot|ld\.local|st\.local" %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
# CHECK: wgmma.mma_async
# CHECK: st.shared.v2.u32
# CHECK-COUNT-16: ld.volatile.shared.u16
# CHECK: st.global.v4.b32
# PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
# PTXAS-NOT: cumulative stack size
import triton
import triton.language as tl


@triton.jit
def masked_scores(Q, K, M, S):
    o = tl.arange(0, 64)
    q = tl.load(Q + o[:, None] * 64 + o[None, :])
    k = tl.load(K + o[:, None] * 64 + o[None, :])
    acc = tl.dot(q, tl.trans(k)) * 0.125
    keep = tl.load(M + o[:, None] * 64 + o[None, :])
    acc = tl.where(keep > 0.0, acc, 0.0)
    tl.store(S + o[:, None] * 64 + o[None, :], acc.to(tl.bfloat16))
