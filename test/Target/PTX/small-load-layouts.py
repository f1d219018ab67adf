# The row update of a triangular solve by forward substitution: a small
# loaded vector, negated, plus a column sum of the 2-D state, used as a row
# of the state. The remove-layout-conversions pass counts the negated load
# as recomputable in another layout (Triton counts loads of fewer elements
# than the CTA has threads as cheap), so the sum is made in the column
# sum's own layout and the loop converts only the loaded vector (to the
# two layouts it is used in), not the sum and its operand as well.
# test/GPU/small-load-layouts.test runs it against the interpreter.
# RUN: tilec %s --kernel unit_lower_inverse --signature "*fp32:16, *fp32:16, i32, 16" --num-warps 4 --arch sm_90a --emit=tilegpu -o - | FileCheck %s
# CHECK: scf.for
# CHECK: %[[L:.*]] = tile.load %{{.*}} : tensor<16x!tile.ptr<f32>, #{{.*}}>
# CHECK-NOT: tilegpu.convert_layout
# CHECK: tilegpu.convert_layout %[[L]]
# CHECK-NOT: tilegpu.convert_layout
# CHECK: %[[SUM:.*]] = tile.reduce sum %{{.*}} -> tensor<16xf32, #[[S:slice[0-9]*]]>
# CHECK-NOT: tilegpu.convert_layout
# CHECK: %[[ROW:.*]] = tilegpu.convert_layout %[[L]] : tensor<16xf32, #{{.*}}> -> tensor<16xf32, #[[S]]>
# CHECK-NOT: tilegpu.convert_layout
# CHECK: arith.addf %{{.*}}, %[[SUM]] : tensor<16xf32, #[[S]]>
# CHECK-NOT: tilegpu.convert_layout
# CHECK: scf.yield
import triton
import triton.language as tl


@triton.jit
def unit_lower_inverse(A, Ai, T, BT: tl.constexpr):
    """Ai = inverse of (I + strictly lower part of each BT x BT diagonal
    block of A), row by row; a block of fewer than BT rows is the top-left
    part of its square."""
    pid = tl.program_id(0)
    o = tl.arange(0, BT)
    base = A + pid * BT * BT
    rows = T - pid * BT
    lower = o[:, None] > o[None, :]
    b = tl.load(base + o[:, None] * BT + o[None, :], mask=o[:, None] < rows, other=0.0)
    b = -tl.where(lower, b, 0.0)
    for i in range(2, tl.minimum(BT, rows)):
        a = -tl.load(base + i * BT + o)
        a = tl.where(o < i, a, 0.0)
        a += tl.sum(a[:, None] * b, 0)
        b = tl.where((o == i)[:, None], a, b)
    b += (o[:, None] == o[None, :]).to(tl.float32)
    tl.store(Ai + pid * BT * BT + o[:, None] * BT + o[None, :], b, mask=o[:, None] < rows)
