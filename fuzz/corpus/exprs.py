@triton.jit
def e(p, n, B: tl.constexpr):
    """docstring"""
    x = -n ** 2 // 3 % 5 << 1 >> 1 | 7 & 3 ^ 1
    y = not x and n or x if n < x <= 4 else ~n
    z = (1, 2.5e-3, 0x1F, 0b101, 0o7, 1_000, True, None)
    s = 'a' "b" r'\n' '''t'''
    t = tl.cdiv(n, B) + tl.minimum(n, 3) * tl.maximum(n, 4)
    u = tl.full((B,), 1.0, tl.float32) + tl.abs(-x)
    tl.store(p + tl.arange(0, B), tl.sqrt(u.to(tl.float32)))
