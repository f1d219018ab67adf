# Row sums stored as a column: BLOCK_M rows a program, each summed over its
# first N columns (one tile of BLOCK_N >= N), written to y[row] through an
# [BLOCK_M, 1] tile. The [BLOCK_M, 1] store and the [BLOCK_M, BLOCK_N] load
# share one layout, which must spread the row over the lanes.
# Launch: BLOCK_N = next_power_of_2(N); grid = (M / BLOCK_M,) (M a multiple of
#         BLOCK_M); num_warps = 4.
# tilec: --kernel row_sum_column_kernel --signature "*fp32:16, *fp32:16, i32:16, i32:16, 1, 2048"
import triton
import triton.language as tl

@triton.jit
def row_sum_column_kernel(X, Y, stride, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_N)
    acc = tl.load(X + rows[:, None] * stride + cols[None, :], mask=cols[None, :] < N, other=0.0)
    tl.store(Y + rows[:, None], tl.sum(acc, 1)[:, None], mask=rows[:, None] >= 0)
