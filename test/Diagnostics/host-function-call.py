# A jit function that calls a function of host code (a module-level def
# without @triton.jit, which module-level host code may call): the error
# says so, whether tilec reads its body or not.
# RUN: not tilec %s --kernel k --signature "*fp32" 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error:
import triton
import triton.language as tl


def scale(x):
    return x * 2


def unread(x):
    with open(x) as f:
        return f.read()


@triton.jit
def k(x_ptr):
    tl.store(x_ptr, scale(1.0))
    tl.store(x_ptr, unread(1.0))
# CHECK:      {{^}}{{.*}}host-function-call.py:[[@LINE-2]]:21: error: 'scale' is a function of host code (no @triton.jit): jit functions cannot call it{{$}}
# CHECK-NEXT: {{^}}    tl.store(x_ptr, scale(1.0)){{$}}
# CHECK-NEXT: {{^}}                    ^~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}host-function-call.py:[[@LINE-4]]:21: error: 'unread' is a function of host code (no @triton.jit): jit functions cannot call it{{$}}
# CHECK-NEXT: {{^}}    tl.store(x_ptr, unread(1.0)){{$}}
# CHECK-NEXT: {{^}}                    ^~~~~~{{$}}
