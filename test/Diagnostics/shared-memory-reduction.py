# A reduction whose cross-warp exchange needs more shared memory than the
# target has: the error is at the reduction, with its line (it named only the
# kernel).
# RUN: not tilec %s --kernel k --signature "*fp32:16, *fp32:16" --num-warps 32 --emit=ptx -o %t.ptx 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace

import triton
import triton.language as tl

@triton.jit
def k(x_ptr, o_ptr):
    rm = tl.arange(0, 2)
    rn = tl.arange(0, 2048)
    x = tl.load(x_ptr + rm[:, None] * 2048 + rn[None, :])
    tl.store(o_ptr + rn, tl.sum(x, axis=0))

# CHECK: {{^}}{{.*}}shared-memory-reduction.py:[[@LINE-2]]:29: error: this reduction needs 262144 bytes of shared memory, the kernel 262144 in all; the target allows at most 232448 per program (use smaller tiles, fewer warps or fewer --num-stages){{$}}
# CHECK-NEXT: {{^}}    tl.store(o_ptr + rn, tl.sum(x, axis=0)){{$}}
# CHECK-NEXT: {{^}}                            ^{{$}}
# CHECK-NEXT: {{^}}tilec: error: lowering to LLVM failed (in pass 'tilegpu-allocate-shared'){{$}}
