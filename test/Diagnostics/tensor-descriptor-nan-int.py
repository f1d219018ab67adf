# A tensor descriptor of int64 with padding_option='nan'.
# RUN: not tilec %s --kernel k --signature "*i64, i32, i64, 16" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, N, d, B: tl.constexpr):
    desc = tl.make_tensor_descriptor(X, [N], [1], [B], padding_option="nan")

# CHECK: {{^}}{{.*}}tensor-descriptor-nan-int.py:[[@LINE-2]]:15: error: padding_option 'nan' needs a floating-point tensor, got int64{{$}}
# CHECK-NEXT: {{^}}    desc = tl.make_tensor_descriptor(X, {{[[]}}N], {{[[]}}1], {{[[]}}B], padding_option="nan"){{$}}
# CHECK-NEXT: {{^}}              ^~~~~~~~~~~~~~~~~~~~~~{{$}}
