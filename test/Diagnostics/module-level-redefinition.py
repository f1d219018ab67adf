# A jit function defined at the top level and again in a branch of a
# module-level `if` that may run is a redefinition.
# RUN: not tilec %s --kernel k --signature "*fp32, 16" 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error:
import operator
import triton
import triton.language as tl


@triton.jit
def g(x):
    return x


if operator.ge(1, 0):
    @triton.jit
    def g(x):
        return x + 1.0
# CHECK: {{^}}{{.*}}module-level-redefinition.py:[[@LINE-2]]:9: error: redefinition of jit function 'g'{{$}}
# CHECK-NEXT: {{^}}    def g(x):{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, g(tl.load(x_ptr + offs)))
