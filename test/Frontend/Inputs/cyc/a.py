import triton
import triton.language as tl
from .b import inc_b

STEP = 1


@triton.jit
def add_step(x):
    return x + STEP


@triton.jit
def k(p):
    tl.store(p, inc_b(add_step(tl.load(p))))
