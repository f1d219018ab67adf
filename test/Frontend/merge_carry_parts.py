# Values merged by a runtime `if` and carried by loops, part by part:
# - a variable bound to an int in one branch and to a float in the other is
#   an error, as in Triton (an i32 and an fp32 scalar);
# - tuples with compile-time parts (None, a dtype) merge and carry their
#   runtime parts only, the compile-time parts unchanged;
# - tl.assume under a runtime `if` marks nothing (it holds only there);
# - `from ... import (a, b,)` binds both names.
# RUN: not tilec %s --kernel consts --signature "*fp32, i32" --emit=tile 2>&1 | FileCheck %s --check-prefix=CONSTS
# CONSTS: error: variable 't' is a scalar of type i32 in the 'if' branch but a scalar of type fp32 in the 'else' branch
# RUN: tilec %s --kernel parts --signature "*fp32, i32, i32" --emit=tile | FileCheck %s --check-prefix=PARTS
# PARTS: scf.for {{.*}} -> (tensor<16xf32>)
# PARTS: tile.store {{.*}} : tensor<16x!tile.ptr<f32>>
# RUN: tilec %s --kernel branch_assume --signature "*fp32, i32, i32" --emit=tile | FileCheck %s --check-prefix=ASSUME
# ASSUME-NOT: tile.nonnegative
import triton
import triton.language as tl
from triton.language import (
    arange,
    load,
)


@triton.jit
def consts(out, flag):
    if flag > 0:
        t = 1
    else:
        t = 2.5
    tl.store(out, t)


@triton.jit
def parts(x_ptr, n, flag):
    acc = (tl.zeros((16,), dtype=tl.float32), None, tl.float32)
    if flag > 0:
        acc = (acc[0] + 1, None, tl.float32)
    for i in range(n):
        acc = (acc[0] + load(x_ptr + arange(0, 16)).to(acc[2]), acc[1], acc[2])
    if acc[1] is None:
        tl.store(x_ptr + tl.arange(0, 16), acc[0])


@triton.jit
def branch_assume(x_ptr, off, flag):
    if flag > 0:
        tl.assume(off >= 0)
    tl.store(x_ptr + off, 1.0)
