# A jit function defined in two branches of a module-level `if` whose
# condition tilec cannot compute (host code) is an error where a jit
# function calls it (module-level-redefinition.py: one defined at the top
# level and again in a branch).
# RUN: not tilec %s --kernel k --signature "*fp32, 16" 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error:
import operator
import triton
import triton.language as tl

if operator.ge(1, 0):
    @triton.jit
    def f(x):
        return x
else:
    @triton.jit
    def f(x):
        return x * 2.0


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, f(tl.load(x_ptr + offs)))
# CHECK: {{^}}{{.*}}module-level-def-twice.py:[[@LINE-1]]:28: error: 'f' is bound differently by the branches of the module-level 'if' at line 10 (the jit function 'f' of line 12 and the jit function 'f' of line 16), and tilec cannot decide its condition (it calls 'operator.ge', which is host code){{$}}
# CHECK-NEXT: {{^}}    tl.store(x_ptr + offs, f(tl.load(x_ptr + offs))){{$}}
# CHECK-NEXT: {{^}}                           ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}module-level-def-twice.py:10:1: note: the module-level 'if' is here{{$}}
# CHECK-NEXT: {{^}}if operator.ge(1, 0):{{$}}
# CHECK-NEXT: {{^}}^~{{$}}
