# Row statistics: the max and min of each row and where they are (the first
# index on ties), one row per program. Exercises every reduction across warps
# (values and indices); 16-bit inputs are compared in fp32, as in Triton.
# Launch: BLOCK_SIZE = next_power_of_2(N); grid = (M,); num_warps 4..16.
# tilec: --kernel row_stats_kernel --signature "*fp32:16, *fp32:16, i32, 1024"
import triton
import triton.language as tl

@triton.jit
def row_stats_kernel(x_ptr, out_ptr, N, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < N
    x = tl.load(x_ptr + row * N + cols, mask=mask, other=float('-inf'))
    hi, where_hi = tl.max(x, axis=0, return_indices=True)
    y = tl.where(mask, x, float('inf'))
    lo = tl.min(y, axis=0)
    where_lo = tl.argmin(y, axis=0)
    out = out_ptr + row * 4
    tl.store(out, hi)
    tl.store(out + 1, where_hi.to(tl.float32))
    tl.store(out + 2, lo)
    tl.store(out + 3, where_lo.to(tl.float32))
