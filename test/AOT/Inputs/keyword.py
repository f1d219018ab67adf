import triton
import triton.language as tl


@triton.jit
def k(x_ptr, int, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 1.0, mask=offs < int)
