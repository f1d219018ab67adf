# A jit function defined in two branches of a module-level `if` is an error:
# tilec does not run host code to tell which branch runs.
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
# CHECK: {{^}}{{.*}}module-level-def-twice.py:[[@LINE-2]]:9: error: jit function 'f' is defined twice (a module-level 'if' may define it in one of its branches only){{$}}
# CHECK-NEXT: {{^}}    def f(x):{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, f(tl.load(x_ptr + offs)))
