# A `return` inside a `for` or `while` body is rejected, as Triton rejects it,
# in a kernel and in a helper; a helper that returns early may still be called
# from a loop (its returns are its own).
# RUN: not tilec %s --kernel k --signature "*fp32, i32" 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error:
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, n):
    for i in range(0, n):
        tl.store(x_ptr + i, early(1.0, i))
        if i == 3:
            return
# CHECK: {{^}}{{.*}}return-in-loop.py:[[@LINE-1]]:13: error: 'return' inside a 'for' or 'while' loop is not supported (Triton rejects it too){{$}}
# CHECK-NEXT: {{^}}            return{{$}}
# CHECK-NEXT: {{^}}            ^~~~~~{{$}}
        tl.store(x_ptr + i, h(1.0, n))


@triton.jit
def h(x, n):
    while n > 0:
        if n == 2:
            return x
        n -= 1
# CHECK: {{^}}{{.*}}return-in-loop.py:[[@LINE-2]]:13: error: 'return' inside a 'for' or 'while' loop is not supported (Triton rejects it too){{$}}
# CHECK-NEXT: {{^}}            return x{{$}}
# CHECK-NEXT: {{^}}            ^~~~~~{{$}}
# CHECK: {{^}}{{.*}}return-in-loop.py:18:29: note: in the call to jit function 'h' here{{$}}
    return x * 2.0


@triton.jit
def early(x, n):
    if n > 3:
        return x
    return x + 1.0
