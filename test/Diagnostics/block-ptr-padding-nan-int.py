# padding_option='nan' on an integer block.
# RUN: not tilec %s --kernel k --signature "*i32, i32, 16" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, M, B: tl.constexpr):
    p = tl.make_block_ptr(X, (M,), (1,), (0,), (B,), (0,))
    x = tl.load(p, boundary_check=(0,), padding_option="nan")

# CHECK: {{^}}{{.*}}block-ptr-padding-nan-int.py:[[@LINE-2]]:12: error: padding_option 'nan' needs a floating-point block, got int32{{$}}
# CHECK-NEXT: {{^}}    x = tl.load(p, boundary_check=(0,), padding_option="nan"){{$}}
# CHECK-NEXT: {{^}}           ^~~~{{$}}
