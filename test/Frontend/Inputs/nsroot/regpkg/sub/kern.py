import triton
import triton.language as tl

# A regular package (folders with __init__.py): named from its outermost
# package whatever -I folder holds it.
from regpkg.helpers import twice


@triton.jit
def k(p, B: tl.constexpr):
    o = tl.arange(0, B)
    tl.store(p + o, twice(tl.load(p + o)))
