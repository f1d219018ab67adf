# Fewer offsets than block_shape entries.
# RUN: not tilec %s --kernel k --signature "*fp32, i32, i32, 16" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, M, N, B: tl.constexpr):
    p = tl.make_block_ptr(X, shape=(M, N), strides=(N, 1), offsets=(0,),
                          block_shape=(B, B), order=(1, 0))

# CHECK: {{^}}{{.*}}block-ptr-rank-mismatch.py:[[@LINE-3]]:12: error: tl.make_block_ptr needs as many shape, strides, offsets and order entries as block_shape has (2), got 2, 2, 1 and 2{{$}}
# CHECK-NEXT: {{^}}    p = tl.make_block_ptr(X, shape=(M, N), strides=(N, 1), offsets=(0,),{{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~~~~~{{$}}
