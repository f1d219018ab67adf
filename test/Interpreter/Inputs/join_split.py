import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, a_ptr, b_ptr, z_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    a, b = tl.split(tl.join(x, y))
    tl.store(a_ptr + offs, a)
    tl.store(b_ptr + offs, b)
    z = tl.interleave(x, y)
    tl.store(z_ptr + tl.arange(0, 2 * N), z)
    # The pairs of z again, through the tensor method.
    p, q = z.reshape(N, 2).split()
    tl.store(a_ptr + N + offs, q)
    tl.store(b_ptr + N + offs, p)
