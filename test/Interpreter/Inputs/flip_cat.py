import triton
import triton.language as tl


@triton.jit
def k(x_ptr, f0_ptr, f1_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr):
    rows = tl.arange(0, M)[:, None]
    cols = tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + rows * N + cols)
    tl.store(f0_ptr + rows * N + cols, tl.flip(x, 0))
    tl.store(f1_ptr + rows * N + cols, x.flip())
    both = tl.cat(x, tl.flip(x, 0), can_reorder=True)
    tl.store(c_ptr + tl.arange(0, 2 * M)[:, None] * N + cols, both)
