import triton
import triton.language as tl

SCALE = 3


@triton.jit
def scale(x):
    return x * SCALE


@triton.jit
def twice(x):
    # a helper calling a helper of its own module
    return scale(x) * 2
