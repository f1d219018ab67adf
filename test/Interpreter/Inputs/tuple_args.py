import triton
import triton.language as tl


@triton.jit
def gather(x_ptr, y_ptr, s, B: tl.constexpr):
    # s: a tuple (stride, offset, scale) of which the last is a constant.
    o = tl.arange(0, B)
    tl.store(y_ptr + o, tl.load(x_ptr + o * s[0] + s[1] * s[2]))


@triton.heuristics({'BIG': lambda args: args['n'] > 100})
@triton.jit
def big(p, s, n, BIG: tl.constexpr, B: tl.constexpr):
    # A heuristic of an argument after a tuple (which takes two arguments).
    o = tl.arange(0, B)
    v = tl.load(p + o) + s[0] + s[1]
    if BIG:
        v = v * 1000
    tl.store(p + o, v)
