# tl.div_rn on a non-fp32 tensor, on two integers, with one argument;
# tl.device_print and print without a string prefix, with a runtime `hex`
# or an unknown keyword; tl.static_print with an unknown keyword.
# RUN: not tilec %s --kernel k --signature "*fp16, 16" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, B: tl.constexpr):
    x = tl.load(X + tl.arange(0, B))
    a = tl.div_rn(x, 2.0)
    b = tl.div_rn(1, 2)
    c = tl.div_rn(x.to(tl.float32))
    tl.device_print(x)
    print("x", x, hex=x)
    tl.static_print(x, file=None)
    tl.device_print("x", x, sep=",")

# CHECK: {{^}}{{.*}}div-rn-print-misuse.py:[[@LINE-8]]:12: error: tl.div_rn() expects fp32 operands, got a tensor of type fp16 and shape [16]{{$}}
# CHECK-NEXT: {{^}}    a = tl.div_rn(x, 2.0){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~{{$}}
# CHECK: {{^}}{{.*}}div-rn-print-misuse.py:[[@LINE-10]]:12: error: tl.div_rn() expects fp32 operands, got the constant 1 and the constant 2{{$}}
# CHECK: {{^}}{{.*}}div-rn-print-misuse.py:[[@LINE-10]]:12: error: tl.div_rn() is missing required argument 'y'{{$}}
# CHECK: {{^}}{{.*}}div-rn-print-misuse.py:[[@LINE-10]]:8: error: tl.device_print() needs a string prefix as its first argument, got a tensor of type fp16 and shape [16]{{$}}
# CHECK: {{^}}{{.*}}div-rn-print-misuse.py:[[@LINE-10]]:5: error: hex of print() must be a compile-time bool, got a tensor of type fp16 and shape [16]{{$}}
# CHECK: {{^}}{{.*}}div-rn-print-misuse.py:[[@LINE-10]]:8: error: tl.static_print() got an unexpected keyword argument 'file'{{$}}
# CHECK: {{^}}{{.*}}div-rn-print-misuse.py:[[@LINE-10]]:8: error: tl.device_print() got an unexpected keyword argument 'sep'{{$}}
