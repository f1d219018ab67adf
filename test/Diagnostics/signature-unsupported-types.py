# Host tensor descriptors and fp8 types in a signature: one error each, at
# the entry (the commas inside a descriptor's brackets do not split it).
# RUN: not tilec %s --kernel k --signature "*fp32, tensordesc<bf16[1,128,64]>, *fp8e4nv, tl.float8e5" 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error:
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, desc, y_ptr, D: tl.constexpr):
    pass

# CHECK: {{^}}<signature>:1:8: error: host tensor descriptors ('tensordesc<bf16[1,128,64]>') are not supported yet: pass the base pointer, shape and strides, and make the descriptor in the kernel with tl.make_tensor_descriptor{{$}}
# CHECK-NEXT: {{^}}*fp32, tensordesc<bf16[1,128,64]>, *fp8e4nv, tl.float8e5{{$}}
# CHECK-NEXT: {{^}}       ^~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
# CHECK: {{^}}<signature>:1:36: error: fp8 types ('*fp8e4nv') are not supported yet{{$}}
# CHECK: {{^}}<signature>:1:46: error: fp8 types ('tl.float8e5') are not supported yet{{$}}
