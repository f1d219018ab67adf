# Misused dtypes: a dtype called on a tensor, with two arguments or a
# keyword; an fp8 dtype used for a value or called; a block type or pointer
# type called; a predicate given arguments; an attribute dtypes lack.
# RUN: not tilec %s --kernel k --signature "*fp32, 16" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, B: tl.constexpr):
    x = tl.load(X + tl.arange(0, B))
    a = tl.float16(x)
    b = tl.float32(1, 2)
    c = tl.int32(x=1)
    d = tl.zeros([B], dtype=tl.float8e4b15)
    e = tl.float8e4b8(1.0)
    f = x.type(1)
    g = X.dtype(0)
    h = tl.float32.is_fp32(1)
    i = tl.float32.element_ty
    j = x.type.primitive_bitwidth

# CHECK: {{^}}{{.*}}dtype-misuse.py:[[@LINE-11]]:12: error: tl.float16() converts a scalar, got a tensor of type fp32 and shape [16]; use x.to(tl.float16) to cast a tensor{{$}}
# CHECK-NEXT: {{^}}    a = tl.float16(x){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~{{$}}
# CHECK: {{^}}{{.*}}dtype-misuse.py:[[@LINE-13]]:12: error: tl.float32() takes one argument, the value to convert{{$}}
# CHECK: {{^}}{{.*}}dtype-misuse.py:[[@LINE-13]]:12: error: tl.int32() takes one argument, the value to convert{{$}}
# CHECK: {{^}}{{.*}}dtype-misuse.py:[[@LINE-13]]:12: error: the dtype float8e4b15 is an fp8 type not supported on NVIDIA GPUs (fp8e4nv and fp8e5 are){{$}}
# CHECK: {{^}}{{.*}}dtype-misuse.py:[[@LINE-13]]:12: error: the dtype float8e4b8 is an fp8 type not supported on NVIDIA GPUs (fp8e4nv and fp8e5 are){{$}}
# CHECK: {{^}}{{.*}}dtype-misuse.py:[[@LINE-13]]:11: error: the tensor type <[16], fp32> cannot be called{{$}}
# CHECK: {{^}}{{.*}}dtype-misuse.py:[[@LINE-13]]:11: error: a pointer type cannot be called; use x.to(tl.pointer_type(...)) to cast addresses{{$}}
# CHECK: {{^}}{{.*}}dtype-misuse.py:[[@LINE-13]]:20: error: 'is_fp32' takes no arguments{{$}}
# CHECK: {{^}}{{.*}}dtype-misuse.py:[[@LINE-13]]:20: error: the dtype float32 is not a pointer type and has no 'element_ty'{{$}}
# CHECK: {{^}}{{.*}}dtype-misuse.py:[[@LINE-13]]:16: error: the tensor type <[16], fp32> has no attribute 'primitive_bitwidth'{{$}}
