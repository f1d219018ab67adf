import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, o_ptr):
    offs = tl.arange(0, 8)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    tl.store(o_ptr + offs, tl.umulhi(x, y))
