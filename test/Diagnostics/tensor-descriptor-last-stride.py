# A tensor descriptor whose innermost dimension is not contiguous.
# RUN: not tilec %s --kernel k --signature "*fp32, i32, i32, i32, 16" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, M, N, stride, B: tl.constexpr):
    d = tl.make_tensor_descriptor(X, shape=[M, N], strides=[1, stride], block_shape=[B, B])

# CHECK: {{^}}{{.*}}tensor-descriptor-last-stride.py:[[@LINE-2]]:12: error: the last stride of tl.make_tensor_descriptor must be 1 (the innermost dimension contiguous), got a scalar of type i32{{$}}
# CHECK-NEXT: {{^}}    d = tl.make_tensor_descriptor(X, shape={{[[]}}M, N], strides={{[[]}}1, stride], block_shape={{[[]}}B, B]){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~~~~~~~~~~~~~{{$}}
