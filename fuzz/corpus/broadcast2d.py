@triton.jit
def tile2d(a_ptr, out_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    ptrs = a_ptr + rm[:, None] * N + rn[None, :]
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    a = tl.load(ptrs, mask=mask, other=0.0)
    s = tl.sum(a, axis=1)
    mx = tl.max(a, axis=0)
    b = tl.trans(a)
    c = tl.dot(a, b)
    tl.store(out_ptr + rm, s.to(tl.float16), mask=rm < M)
