# fp8 tiles moved bit for bit: split, join, reshape, flip.
import triton
import triton.language as tl


@triton.jit
def k(P, Q):
    r = tl.arange(0, 4)[:, None] * 8 + tl.arange(0, 8)[None, :]
    x = tl.load(P + r)
    a, b = tl.split(tl.reshape(x, (4, 4, 2)))
    y = tl.join(b, a).reshape(4, 8)
    tl.store(Q + r, tl.flip(y, 1))
