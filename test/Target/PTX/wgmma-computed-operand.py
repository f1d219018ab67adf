# A dot with one computed operand (a * 2.0, staged by its own stores every
# iteration) and one pipelined operand at sm_90a: wgmma, but no wgmma group
# left in flight across iterations (wait_group 0, not 1): the next
# iteration's stores into the computed operand's buffer would race with a
# group still reading it. The dot of two pipelined operands keeps its group
# in flight (wait_group 1).
# RUN: tilec %s --kernel mm --signature "*fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 128, 128, 64, 1" --num-warps 4 --num-stages 3 --arch sm_90a --emit=ptx | FileCheck %s --check-prefix=COMPUTED
# COMPUTED: st.shared
# COMPUTED: fence.proxy.async.shared::cta
# COMPUTED: wgmma.mma_async
# COMPUTED-NOT: wgmma.wait_group.sync.aligned 1;
# COMPUTED: wgmma.wait_group.sync.aligned 0;
# COMPUTED-NOT: wgmma.wait_group.sync.aligned 1;
# RUN: tilec %s --kernel mm --signature "*fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 128, 128, 64, 0" --num-warps 4 --num-stages 3 --arch sm_90a --emit=ptx | FileCheck %s --check-prefix=LOADED
# LOADED: wgmma.mma_async
# LOADED: wgmma.wait_group.sync.aligned 1;
import triton
import triton.language as tl


@triton.jit
def mm(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn,
       stride_cm, stride_cn, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
       BLOCK_K: tl.constexpr, SCALE_A: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + rm[:, None] * stride_am + rk[None, :] * stride_ak
    b_ptrs = b_ptr + rk[:, None] * stride_bk + rn[None, :] * stride_bn
    acc = tl.zeros([BLOCK_M, BLOCK_N], dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptrs, mask=(rm[:, None] < M) & (rk[None, :] + k < K), other=0.0)
        b = tl.load(b_ptrs, mask=(rk[:, None] + k < K) & (rn[None, :] < N), other=0.0)
        if SCALE_A:
            a = a * 2.0
        acc += tl.dot(a, b)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn, acc,
             mask=(rm[:, None] < M) & (rn[None, :] < N))
