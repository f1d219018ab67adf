import triton
import triton.language as tl

# nspkg/, nspkg/nsdir/ and nspkg/common/ have no __init__.py: namespace packages under the -I
# folder (sglang's minimax_sparse/{common,decode,prefill}).
from ..common.helpers import twice


@triton.jit
def k(p, B: tl.constexpr):
    o = tl.arange(0, B)
    tl.store(p + o, twice(tl.load(p + o)))
