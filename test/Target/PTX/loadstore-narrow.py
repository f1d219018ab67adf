# 16- and 8-bit elements are packed into 32-bit words: 8 halves or 16
# bytes per ld.global.v4.b32; `other` is moved into the words first.
# RUN: tilec %s --kernel copy_half --signature "*fp16:16, *fp16:16, i32:16, 2048" --emit=ptx | FileCheck %s --check-prefix=HALF
# RUN: tilec %s --kernel copy_half --signature "*fp16, *fp16, i32, 2048" --emit=ptx | FileCheck %s --check-prefix=HALF1
# RUN: tilec %s --kernel copy_bytes --signature "*i8:16, *i8:16, i32:16, 4096" --emit=ptx | FileCheck %s --check-prefix=BYTE

# HALF-LABEL: .entry copy_half
# HALF: mov.b32 %r{{[0-9]+}}, %r{{[0-9]+}};
# HALF: @%p{{[0-9]+}} ld.global.v4.b32
# HALF-NOT: ld.global.b16
# HALF: @%p{{[0-9]+}} st.global.v4.b32
# HALF-NOT: st.global.b16

# HALF1-LABEL: .entry copy_half
# HALF1-NOT: .v4.
# HALF1: @%p{{[0-9]+}} ld.global.b16 %rs{{[0-9]+}}, [ %rd{{[0-9]+}} + 0 ];
# HALF1: @%p{{[0-9]+}} st.global.b16

# BYTE-LABEL: .entry copy_bytes
# BYTE: @%p{{[0-9]+}} ld.global.v4.b32
# BYTE-NOT: ld.global.u8
# BYTE: @%p{{[0-9]+}} st.global.v4.b32
# BYTE-NOT: st.global.u8

import triton
import triton.language as tl

@triton.jit
def copy_half(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=1.0)
    tl.store(y_ptr + offs, x * 2.0, mask=mask)

@triton.jit
def copy_bytes(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    tl.store(y_ptr + offs, x + 1, mask=mask)
