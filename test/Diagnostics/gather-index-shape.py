# tl.gather needs the index's shape along every other axis to be the source's.
# RUN: not tilec %s --kernel k --signature "*fp32, *i32" 2>&1 \
# RUN:   | FileCheck %s --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, I):
    x = tl.load(X + tl.arange(0, 8)[:, None] * 4 + tl.arange(0, 4)[None, :])
    i = tl.load(I + tl.arange(0, 4)[:, None] * 2 + tl.arange(0, 2)[None, :])
    y = tl.gather(x, i, 1)

# CHECK: gather-index-shape.py:[[@LINE-2]]:12: error: tl.gather(): index dimension 0 (4) must match the source's (8)
# CHECK-NEXT: {{^}}    y = tl.gather(x, i, 1){{$}}
