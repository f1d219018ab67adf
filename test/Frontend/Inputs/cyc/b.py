import triton
import triton.language as tl
from . import a


@triton.jit
def inc_b(x):
    return a.add_step(x + a.STEP * 10)
