# RUN: not tilec %s --kernel k --signature "*fp32:16, i32" --emit=tile 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(p, n):
    acc = tl.zeros([16], dtype=tl.float32)
    for i in tl.range(0, n, 16, num_stages=33):
        acc += tl.load(p + i + tl.arange(0, 16))
    tl.store(p + tl.arange(0, 16), acc)

# CHECK: range-num-stages.py:[[@LINE-4]]:33: error: num_stages must be from 0 to 32, got 33
# CHECK-NEXT: {{^}}    for i in tl.range(0, n, 16, num_stages=33):
