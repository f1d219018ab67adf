# tl.multiple_of / tl.max_contiguous / tl.max_constancy hint the value
# itself, as in Triton: the tile.axis_hint goes right after the value's
# definition and every use reads it, those before the call too, also when
# the call is a statement whose result is dropped, when a helper makes it,
# and on a loop's carried value (at the start of the body). Hints on floats
# change nothing.
# RUN: tilec %s --kernel k --signature "*fp32:16, i32, i32" --emit=tile | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def hint_in_helper(x):
    tl.max_constancy(x, 4)


@triton.jit
def k(p, n, steps):
    offs = tl.arange(0, 64)
    early = p + offs
    tl.max_contiguous(offs, [64])
    m = n * 2
    hint_in_helper(m)
    f = tl.load(early)
    tl.multiple_of(f, 16)
    q = p + offs
    for i in range(steps):
        tl.multiple_of(q, [16])
        tl.store(q, f + m)
        q += 64


# CHECK-LABEL: func.func @k
# CHECK:      %[[R:.*]] = tile.make_range 0 to 64
# CHECK-NEXT: %[[RH:.*]] = tile.axis_hint %[[R]] {contiguity = array<i64: 64>} : tensor<64xi32>
# CHECK:      %[[E:.*]] = tile.addptr %{{.*}}, %[[RH]]
# CHECK:      %[[M:.*]] = arith.muli
# CHECK-NEXT: %[[MH:.*]] = tile.axis_hint %[[M]] {constancy = array<i64: 4>} : i32
# CHECK:      %[[F:.*]] = tile.load %[[E]] : tensor<64x!tile.ptr<f32>>
# CHECK-NOT:  tile.axis_hint %[[F]]
# CHECK:      arith.sitofp %[[MH]]
# CHECK:      scf.for {{.*}} iter_args(%[[Q:.*]] = %{{.*}}) -> (tensor<64x!tile.ptr<f32>>)
# CHECK-NEXT:   %[[QH:.*]] = tile.axis_hint %[[Q]] {divisibility = array<i64: 16>} : tensor<64x!tile.ptr<f32>>
# CHECK:        tile.store %[[QH]]
# CHECK:        tile.addptr %[[QH]]
