# Malformed host tensor descriptors and fp8 types other than fp8e4nv and
# fp8e5 in a signature: one error
# each, at the entry (the commas inside a descriptor's brackets do not split
# it; a well-formed descriptor is accepted).
# RUN: not tilec %s --kernel k --signature "*fp32, tensordesc<bf16[1,128,64]>, *fp8e4b15, tl.float8e4b8" 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error:
# RUN: not tilec %s --kernel k --signature "*fp32, tensordesc<bf16[1,128,6]>, *fp32, 4" 2>&1 | FileCheck %s --check-prefix=SHAPE --strict-whitespace --implicit-check-not=error:
# RUN: not tilec %s --kernel k --signature "*fp32, tensordesc<bf17[64]>, *fp32, 4" 2>&1 | FileCheck %s --check-prefix=ELEM --implicit-check-not=error:
# RUN: not tilec %s --kernel k --signature "*fp32, tensordesc[64], *fp32, 4" 2>&1 | FileCheck %s --check-prefix=ANGLE --implicit-check-not=error:
# RUN: not tilec %s --kernel k --signature "*fp32, tensordesc<fp8e5b16[64]>, *fp32, 4" 2>&1 | FileCheck %s --check-prefix=FP8 --implicit-check-not=error:
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, desc, y_ptr, D: tl.constexpr):
    pass

# CHECK: {{^}}<signature>:1:36: error: the fp8 type '*fp8e4b15' is not supported on NVIDIA GPUs (fp8e4nv and fp8e5 are){{$}}
# CHECK-NEXT: {{^}}*fp32, tensordesc<bf16[1,128,64]>, *fp8e4b15, tl.float8e4b8{{$}}
# CHECK-NEXT: {{^}}                                   ^~~~~~~~~{{$}}
# CHECK: {{^}}<signature>:1:47: error: the fp8 type 'tl.float8e4b8' is not supported on NVIDIA GPUs (fp8e4nv and fp8e5 are){{$}}
# SHAPE: {{^}}<signature>:1:8: error: malformed tensor descriptor 'tensordesc<bf16[1,128,6]>': the block shape needs 1 to 5 dimensions, each a power of two (expected tensordesc<T[b0, b1, ...]>, e.g. tensordesc<bf16[64, 64]>, or with ':16' after it){{$}}
# SHAPE-NEXT: {{^}}*fp32, tensordesc<bf16[1,128,6]>, *fp32, 4{{$}}
# SHAPE-NEXT: {{^}}       ^~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
# ELEM: <signature>:1:8: error: malformed tensor descriptor 'tensordesc<bf17[64]>': unknown element type 'bf17'
# ANGLE: <signature>:1:8: error: malformed tensor descriptor 'tensordesc[64]': no <...>
# FP8: <signature>:1:8: error: the fp8 type 'fp8e5b16' is not supported on NVIDIA GPUs (fp8e4nv and fp8e5 are)
