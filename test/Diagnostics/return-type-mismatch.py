# A helper whose returns disagree in type on paths that meet at run time is an
# error where they meet (Triton: "Inconsistent return types").
# RUN: not tilec %s --kernel k --signature "*fp32, i32" 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error:
import triton
import triton.language as tl


@triton.jit
def f(n):
    if n > 0:
        return tl.arange(0, 16)
    return tl.zeros([16], dtype=tl.float32)
# CHECK: {{^}}{{.*}}return-type-mismatch.py:[[@LINE-1]]:5: error: 'f' returns a tensor of type fp32 and shape [16] on one path and a tensor of type i32 and shape [16] on another{{$}}
# CHECK-NEXT: {{^}}    return tl.zeros([16], dtype=tl.float32){{$}}
# CHECK-NEXT: {{^}}    ^~~~~~{{$}}


@triton.jit
def k(x_ptr, n):
    tl.store(x_ptr + tl.arange(0, 16), f(n))
# CHECK: {{^}}{{.*}}return-type-mismatch.py:[[@LINE-1]]:40: note: in the call to jit function 'f' here{{$}}
