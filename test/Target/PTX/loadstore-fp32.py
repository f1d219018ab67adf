# Vectorized global memory access for fp32 GeLU: with 16-byte aligned
# pointers and n a multiple of 16, each thread moves 4 floats per
# instruction; without the hints every access is scalar.
# RUN: tilec %s --kernel triton_gelu_kernel --signature "*fp32:16, *fp32:16, i32:16, 1024" --emit=ptx | FileCheck %s --check-prefix=VEC
# RUN: tilec %s --kernel triton_gelu_kernel --signature "*fp32, *fp32, i32, 1024" --emit=ptx | FileCheck %s --check-prefix=SCALAR
# RUN: tilec %s --kernel triton_gelu_kernel --signature "*fp32:16, *fp32:16, i32, 1024" --emit=ptx | FileCheck %s --check-prefix=TAIL

# VEC-LABEL: .entry triton_gelu_kernel
# VEC-NOT: ld.global.b32
# VEC: @%p{{[0-9]+}} ld.global.v4.b32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [ %rd{{[0-9]+}} + 0 ];
# VEC-NOT: ld.global.b32
# VEC: @%p{{[0-9]+}} st.global.v4.b32 [ %rd{{[0-9]+}} + 0 ], {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};
# VEC-NOT: st.global.b32

# SCALAR-LABEL: .entry triton_gelu_kernel
# SCALAR-NOT: .v4.
# SCALAR: @%p{{[0-9]+}} ld.global.b32 %r{{[0-9]+}}, [ %rd{{[0-9]+}} + 0 ];
# SCALAR: @%p{{[0-9]+}} st.global.b32 [ %rd{{[0-9]+}} + 0 ], %r{{[0-9]+}};
# SCALAR-NOT: .v4.

# A tail mask (n of unknown divisibility) is a prefix mask over each
# thread's 4 floats: one branch (tilegpu-version-bounds) between unpredicated
# 16-byte accesses where all of the thread's runs are in bounds and, at the
# edge, runs whole where their last element is in bounds, else one predicate
# per element.
# TAIL-LABEL: .entry triton_gelu_kernel
# TAIL: @{{!?}}%p{{[0-9]+}} bra
# TAIL: {{^}}	ld.global.v4.b32
# TAIL: {{^}}	st.global.v4.b32
# TAIL: @%p{{[0-9]+}} ld.global.v4.b32
# TAIL: @%p{{[0-9]+}} ld.global.b32
# TAIL: @%p{{[0-9]+}} st.global.v4.b32
# TAIL: @%p{{[0-9]+}} st.global.b32

import triton
import triton.language as tl

@triton.jit
def triton_gelu_kernel(x_ptr, y_ptr, num_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    start = pid * BLOCK_SIZE
    offsets = start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < num_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    a = 0.79788456 * (x + 0.044715 * x * x * x)
    exp = tl.exp(2 * a)
    tanh = (exp - 1) / (exp + 1)
    y = 0.5 * x * (1 + tanh)
    tl.store(y_ptr + offsets, y, mask=mask)
