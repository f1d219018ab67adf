import triton
import triton.language as tl


@triton.jit
def copy_nomask(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(y_ptr + offs, x)


@triton.jit
def copy_masked(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs - 1, mask=mask & (offs > 0), other=0.0)
    tl.store(y_ptr + offs, x, mask=mask)
