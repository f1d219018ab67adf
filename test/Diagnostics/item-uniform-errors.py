# x.item() of a tile of more than one element, and tl.uint_to_uniform_float
# of 16-bit integers, are errors at the call.
# RUN: not tilec %s --kernel item_many --signature "*fp32, 16" 2>&1 \
# RUN:   | FileCheck %s --check-prefix=ITEM --strict-whitespace --implicit-check-not=error:
# RUN: not tilec %s --kernel uniform_i16 --signature "*i16, *fp32, 16" 2>&1 \
# RUN:   | FileCheck %s --check-prefix=UNIFORM --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def item_many(X, N: tl.constexpr):
    r = tl.arange(0, N)
    tl.store(X + r, tl.load(X + r).item() + 1.0)
# ITEM: {{^}}{{.*}}item-uniform-errors.py:[[@LINE-1]]:36: error: tl.item() needs a tensor of one element, got a tensor of type fp32 and shape {{[[]}}16]{{$}}


@triton.jit
def uniform_i16(X, Y, N: tl.constexpr):
    r = tl.arange(0, N)
    tl.store(Y + r, tl.uint_to_uniform_float(tl.load(X + r)))
# UNIFORM: {{^}}{{.*}}item-uniform-errors.py:[[@LINE-1]]:24: error: tl.uint_to_uniform_float takes 32- or 64-bit integers, got a tensor of type i16 and shape {{[[]}}16]{{$}}
