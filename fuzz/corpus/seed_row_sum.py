# Row sum from seed article 001: the row is split into BLOCK_SIZE tiles.
# Launch: BLOCK_SIZE = 1024; grid = (M,); num_warps = 4 (Triton's default).
# tilec: --kernel row_sum_kernel --signature "*fp32:16, *fp32:16, i32, 1024"
import triton
import triton.language as tl

@triton.jit
def row_sum_kernel(x_ptr, out_ptr, N, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for start in range(0, N, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        mask = cols < N
        x = tl.load(x_ptr + row * N + cols, mask=mask, other=0.0)
        acc += x
    result = tl.sum(acc, axis=0)
    tl.store(out_ptr + row, result)
