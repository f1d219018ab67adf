# Checks tl.static_assert on constexprs (passes, emits nothing), the hints tl.multiple_of /
# tl.max_contiguous (tile.axis_hint ops on the hinted values, which every use then reads),
# and that a failing static_assert is an error.
# RUN: tilec %s --kernel sa --signature "*fp32:16, i32, 64" --emit=tile | FileCheck %s
# RUN: if tilec %s --kernel sa --signature "*fp32:16, i32, 48" --emit=tile 2> %t.err; then exit 1; fi
# RUN: FileCheck %s --check-prefix=ERR < %t.err
import triton
import triton.language as tl


@triton.jit
def sa(p, n, BLOCK: tl.constexpr):
    tl.static_assert(BLOCK % 32 == 0, "BLOCK must be a multiple of 32")
    tl.static_assert(BLOCK >= 16)
    offs = tl.multiple_of(tl.arange(0, 64), 16)
    offs = tl.max_contiguous(offs, 64)
    m = tl.multiple_of(n, 8)
    tl.store(p + offs, 1.0, mask=offs < m)


# CHECK-LABEL: func.func @sa
# CHECK-SAME: %[[N:arg1]]: i32
# CHECK: %[[NH:.*]] = tile.axis_hint %[[N]] {divisibility = array<i64: 8>} : i32
# CHECK: %[[R0:.*]] = tile.make_range 0 to 64 : tensor<64xi32>
# CHECK: %[[R1:.*]] = tile.axis_hint %[[R0]] {divisibility = array<i64: 16>} : tensor<64xi32>
# CHECK: %[[R:.*]] = tile.axis_hint %[[R1]] {contiguity = array<i64: 64>} : tensor<64xi32>
# CHECK: %[[NS:.*]] = tile.splat %[[NH]] : i32 -> tensor<64xi32>
# CHECK: %[[M:.*]] = arith.cmpi slt, %[[R]], %[[NS]] : tensor<64xi32>
# CHECK: tile.store %{{.*}}, %{{.*}}, %[[M]] : tensor<64x!tile.ptr<f32>>

# ERR: error: static assertion failed: BLOCK must be a multiple of 32
# ERR-NEXT: tl.static_assert(BLOCK % 32 == 0, "BLOCK must be a multiple of 32")
