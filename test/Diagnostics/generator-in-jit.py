# A generator expression in a jit function is an error in the compiler's
# style (host code reads them as lists: test/Frontend/host-generators.py).
# RUN: not tilec %s --kernel k --signature "*fp32:16" --emit=tile 2>&1 | FileCheck %s --strict-whitespace
# CHECK: {{^}}{{.*}}generator-in-jit.py:[[@LINE+9]]:27: error: generator expressions are not supported in jit functions{{$}}
# CHECK-NEXT: {{^}}    tl.static_print(sum(i for i in range(3))){{$}}
# CHECK-NEXT: {{^}}                          ^~~{{$}}
import triton
import triton.language as tl


@triton.jit
def k(x_ptr):
    tl.static_print(sum(i for i in range(3)))
