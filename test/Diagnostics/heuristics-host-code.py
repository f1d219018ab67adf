# What tilec cannot evaluate in @triton.heuristics is an error at the
# expression, in the compiler's style, when a value of it is needed; a
# decorator tilec cannot read is an error at the decorator.
# RUN: not tilec %s --kernel k --signature "*fp16, auto" --emit=tile 2>&1 | FileCheck %s --check-prefix=ATTR
# ATTR: heuristics-host-code.py:[[@LINE+16]]:56: error: @triton.heuristics value of 'B': the attribute '.dtype' is host code tilec cannot evaluate (it computes with the integer, float and bool values of the arguments)
# ATTR-NEXT: {{^}}@triton.heuristics({'B': lambda args: 128 if args['x'].dtype == tl.float16 else 64})
# ATTR-NEXT: {{^}}                                                       ^~~~~{{$}}
# The value given instead: nothing is evaluated.
# RUN: tilec %s --kernel k --signature "*fp16, 128" --emit=tile | FileCheck %s --check-prefix=GIVEN
# GIVEN: tile.kernel
# RUN: not tilec %s --kernel u --signature "*fp16, auto" --emit=tile 2>&1 | FileCheck %s --check-prefix=UNREAD
# UNREAD: heuristics-host-code.py:[[@LINE+15]]:1: error: @triton.heuristics: its argument is not a dict literal of lambdas tilec can read ({'NAME': lambda args: ..., ...})
# UNREAD-NEXT: {{^}}@triton.heuristics(HEURISTICS)
# RUN: not tilec %s --list-configs 2>&1 | FileCheck %s --check-prefix=UNREAD
import triton
import triton.language as tl

HEURISTICS = {'B': lambda args: 64}


@triton.heuristics({'B': lambda args: 128 if args['x'].dtype == tl.float16 else 64})
@triton.jit
def k(x, B: tl.constexpr):
    tl.store(x + tl.arange(0, B), 1.0)


@triton.heuristics(HEURISTICS)
@triton.jit
def u(x, B: tl.constexpr):
    tl.store(x + tl.arange(0, B), 1.0)
