import triton
import triton.language as tl


@triton.jit
def k(X, I, S0, S1, R, N: tl.constexpr):
    rows = tl.arange(0, N)[:, None]
    cols = tl.arange(0, N)[None, :]
    x = tl.load(X + rows * N + cols)
    i = tl.load(I + rows * N + cols)
    tl.store(S0 + rows * N + cols, tl.softmax(x))
    tl.store(S1 + rows * N + cols, x.softmax(1, keep_dims=True, ieee_rounding=True))
    r = tl.arange(0, N)
    tl.store(R + r, tl.xor_sum(i, 1))
    tl.store(R + N + r, i.reduce_or(0))
    tl.store(R + 2 * N + r, tl.xor_sum(i, 0, keep_dims=True).reshape(N))
    tl.store(R + 3 * N, tl.xor_sum(i))
