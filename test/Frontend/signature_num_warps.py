# Checks the signature and options: tile.num_warps from --num-warps, tile.divisibility only on
# parameters with `:16`, i64 / fp32 / fp16 scalar parameters, and constexprs dropped.
# RUN: tilec %s --kernel sig --signature "*fp32:16, *fp16, i64:16, fp32, 128" --num-warps 8 --emit=tile | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def sig(p, q, n, s, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(p + offs, mask=offs < n)
    tl.store(q + offs, x * s, mask=offs < n)


# CHECK: module attributes {tile.num_warps = 8 : i32}
# CHECK-LABEL: func.func @sig
# CHECK-SAME: (%{{.*}}: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %{{.*}}: !tile.ptr<f16>, %[[N:.*]]: i64 {tile.divisibility = 16 : i32}, %[[S:.*]]: f32) attributes {tile.kernel}
# CHECK: tile.make_range 0 to 128 : tensor<128xi32>
# CHECK: %[[W:.*]] = arith.extsi %{{.*}} : tensor<128xi32> to tensor<128xi64>
# CHECK: arith.cmpi slt, %[[W]], %{{.*}} : tensor<128xi64>
# CHECK: arith.truncf %{{.*}} : tensor<128xf32> to tensor<128xf16>
