import triton
import triton.language as tl
from triton.language.extra import cuda


@triton.constexpr_function
def log2(n):
    r = 0
    while n > 1:
        n //= 2
        r += 1
    return r


@tl.constexpr
def width(dtype):
    return {tl.float16: 2}[dtype]


@triton.jit
def k(X, I, Y, H, B: tl.constexpr):
    L: tl.constexpr = log2(B)
    r = tl.arange(0, B)
    x = tl.load(X + r[:, None] * B + r[None, :])
    i = tl.load(I + r[:, None] * B + r[None, :])
    g = tl.gather(x, i, 1)
    h = tl.histogram(tl.ravel(i), B, mask=tl.ravel(i) >= L)
    y = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", [g], dtype=tl.float32, is_pure=True, pack=1)
    tl.device_print("y", y, hex=True)
    print("t", cuda.globaltimer(), cuda.smid())
    tl.store(Y + r[:, None] * B + r[None, :], y)
    tl.store(H + r, h)
