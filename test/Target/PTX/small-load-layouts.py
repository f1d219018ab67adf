# A small loaded vector used both as a column and as a row of a 2-D tile (the
# row update of a triangular solve by forward substitution): the remove-
# layout-conversions pass loads it in each of the two layouts (Triton counts
# loads of fewer elements than the CTA has threads as cheap) instead of
# converting it through shared memory in every iteration, so the loop keeps
# only the barriers of its cross-warp reduction.
# test/GPU/small-load-layouts.test runs it against the interpreter.
# RUN: tilec %s --kernel unit_lower_inverse --signature "*fp32:16, *fp32:16, i32, 16" --num-warps 4 --arch sm_90a --emit=tilegpu -o - | FileCheck %s
# RUN: tilec %s --kernel unit_lower_inverse --signature "*fp32:16, *fp32:16, i32, 16" --num-warps 4 --arch sm_90a --emit=ptx -o - | FileCheck %s --check-prefix=PTX
# CHECK: scf.for
# CHECK-NOT: tilegpu.convert_layout
# CHECK-DAG: tile.load %{{.*}} : tensor<16x!tile.ptr<f32>, #[[ROW:slice[0-9]*]]>
# CHECK-DAG: tile.load %{{.*}} : tensor<16x!tile.ptr<f32>, #[[COL:slice[0-9]*]]>
# CHECK-NOT: tilegpu.convert_layout
# CHECK: tile.reduce sum
# CHECK-NOT: tilegpu.convert_layout
# CHECK: scf.yield
# The loop's body (between its two labels) has the reduction's two barriers.
# PTX: $L__BB0_[[LOOP:[0-9]+]]:
# PTX-COUNT-2: bar.sync
# PTX-NOT: bar.sync
# PTX: @%p{{[0-9]+}} bra $L__BB0_[[LOOP]];
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
