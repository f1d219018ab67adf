# An unknown type in the signature.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp33, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    pass

# CHECK: {{^}}<signature>:1:8: error: unknown type 'fp33' in signature (expected fp16, bf16, fp32, fp64, fp8e4nv, fp8e5, i1, i8, i16, i32, i64, u8, u16, u32 or u64){{$}}
# CHECK-NEXT: {{^}}*fp32, *fp33, i32, 64{{$}}
# CHECK-NEXT: {{^}}       ^~~~~{{$}}
