@triton.jit
def loops(x_ptr, n, BLOCK: tl.constexpr):
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for i in range(0, n, BLOCK):
        offs = i + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    for j in tl.static_range(4):
        acc = acc * 2
    k = 0
    while k < n:
        k += 1
    if BLOCK > 8:
        acc = acc + 1
    else:
        acc = acc - 1
    tl.store(x_ptr + tl.arange(0, BLOCK), acc)
