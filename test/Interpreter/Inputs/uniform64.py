# tl.uint_to_uniform_float of 64-bit integers (FlagGems' exponential_ for
# fp64 pastes two Philox words into a uint64): run_uniform64.test.
import triton
import triton.language as tl


@triton.jit
def uniform64(X, U, V, N: tl.constexpr):
    r = tl.arange(0, N)
    x = tl.load(X + r)
    tl.store(U + r, tl.uint_to_uniform_float(x))
    tl.store(V + r, tl.uint_to_uniform_float(x.to(tl.uint64, bitcast=True)))
