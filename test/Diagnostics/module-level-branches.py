# Names a module-level `if` / `try` binds in only some branches, or binds
# differently, are errors where a jit function uses them when tilec cannot
# tell which branch runs (a condition of host code, an exception); so is a
# `raise` that is compiled.
# RUN: not tilec %s --kernel k --signature "*fp32, 16" 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error:
import operator
import triton
import triton.language as tl

if operator.ge(2, 0):
    BETA = 2.0

try:
    import torch
    HAS_TORCH = True
except ImportError:
    HAS_TORCH = False



@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    y = tl.load(x_ptr + offs) * BETA
# CHECK: {{^}}{{.*}}module-level-branches.py:[[@LINE-1]]:33: error: 'BETA' is bound by only some branches of the module-level 'if' at line 10, and tilec cannot decide its condition (it calls 'operator.ge', which is host code){{$}}
# CHECK-NEXT: {{^}}    y = tl.load(x_ptr + offs) * BETA{{$}}
# CHECK-NEXT: {{^}}                                ^~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}module-level-branches.py:10:1: note: the module-level 'if' is here{{$}}
    if HAS_TORCH:
        y = y + 1.0
# CHECK: {{^}}{{.*}}module-level-branches.py:[[@LINE-2]]:8: error: 'HAS_TORCH' is bound differently by the branches of the module-level 'try' at line 13 (the constant True and the constant False), and tilec does not run host code to tell which of them runs{{$}}
    if BLOCK == 16:
        raise ValueError("BLOCK must not be 16")
# CHECK: {{^}}{{.*}}module-level-branches.py:[[@LINE-1]]:9: error: 'raise' reached in a jit function: BLOCK must not be 16 (only a branch that is never compiled, under a compile-time condition that is false, may raise){{$}}
    tl.store(x_ptr + offs, y)
