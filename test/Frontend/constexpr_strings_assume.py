# String and None constexprs from the signature ('leaky_relu', '', None) pick
# branches at compile time; tl.assume(x >= 0) / (0 < x) marks x's defining op
# or kernel argument tile.nonnegative (the contiguity analysis uses it) and
# emits nothing else; other assumptions are dropped.
# RUN: tilec %s --kernel k --signature "*fp32, i32, i32, 'leaky_relu', None" --emit=tile | FileCheck %s --check-prefix=LEAKY
# RUN: tilec %s --kernel k --signature "*fp32, i32, i32, '', None" --emit=tile | FileCheck %s --check-prefix=PLAIN
# LEAKY:      func.func @k(%arg0: !tile.ptr<f32>, %arg1: i32 {tile.nonnegative}, %arg2: i32)
# LEAKY:      arith.divsi {{.*}} {tile.nonnegative} : i32
# LEAKY-NOT:  arith.cmpi
# LEAKY:      arith.mulf
# LEAKY:      arith.select
# LEAKY:      tile.store
# PLAIN:      func.func @k(%arg0: !tile.ptr<f32>, %arg1: i32 {tile.nonnegative}, %arg2: i32)
# PLAIN-NOT:  arith.select
# PLAIN:      tile.store
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, n, m, ACT: tl.constexpr, EXTRA: tl.constexpr):
    tl.assume(0 < n)
    q = m // 3
    tl.assume(q >= 0)
    tl.assume(m != 5)
    offs = q * 64 + tl.arange(0, 64)
    x = tl.load(x_ptr + offs)
    if ACT == "leaky_relu":
        x = tl.where(x >= 0, x, 0.01 * x)
    if EXTRA is not None:
        x = x + EXTRA
    tl.store(x_ptr + offs, x)
