# tl.div_rn on a non-fp32 tensor, on two integers, with one argument;
# tl.device_print and print, which tilec cannot lower yet; tl.static_print
# with an unknown keyword; the GPU clock and SM id of
# triton.language.extra.cuda, not supported yet.
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
    tl.device_print("x", x)
    print("x", x)
    tl.static_print(x, file=None)
    t = tl.extra.cuda.globaltimer()
    s = tl.extra.cuda.smid()

# CHECK: {{^}}{{.*}}div-rn-print-misuse.py:[[@LINE-9]]:12: error: tl.div_rn() expects fp32 operands, got a tensor of type fp16 and shape [16]{{$}}
# CHECK-NEXT: {{^}}    a = tl.div_rn(x, 2.0){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~{{$}}
# CHECK: {{^}}{{.*}}div-rn-print-misuse.py:[[@LINE-11]]:12: error: tl.div_rn() expects fp32 operands, got the constant 1 and the constant 2{{$}}
# CHECK: {{^}}{{.*}}div-rn-print-misuse.py:[[@LINE-11]]:12: error: tl.div_rn() is missing required argument 'y'{{$}}
# CHECK: {{^}}{{.*}}div-rn-print-misuse.py:[[@LINE-11]]:8: error: tl.device_print() is not supported yet: tilec does not print from the GPU (tl.static_print prints at compile time){{$}}
# CHECK: {{^}}{{.*}}div-rn-print-misuse.py:[[@LINE-11]]:5: error: print() is not supported yet: tilec does not print from the GPU (tl.static_print prints at compile time){{$}}
# CHECK: {{^}}{{.*}}div-rn-print-misuse.py:[[@LINE-11]]:8: error: tl.static_print() got an unexpected keyword argument 'file'{{$}}
# CHECK: {{^}}{{.*}}div-rn-print-misuse.py:[[@LINE-11]]:23: error: tl.extra.cuda.globaltimer() is not supported yet{{$}}
# CHECK: {{^}}{{.*}}div-rn-print-misuse.py:[[@LINE-11]]:23: error: tl.extra.cuda.smid() is not supported yet{{$}}
