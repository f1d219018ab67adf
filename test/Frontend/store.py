# Checks tl.store: plain, masked, scalar pointer, the value cast to the pointee type
# (f32 -> f16, scalar broadcast to the pointer tile), and cache_modifier.
# RUN: tilec %s --kernel st --signature "*fp32:16, *fp16:16, i32" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def st(p, hp, n):
    offs = tl.arange(0, 64)
    x = tl.load(p + offs)
    tl.store(p + offs, x)
    tl.store(p + offs, x, mask=offs < n)
    tl.store(hp + offs, x)
    tl.store(p + offs, 3.0)
    tl.store(p, 1.0)
    tl.store(p + offs, x, cache_modifier=".wb")


# CHECK-LABEL: func.func @st
# CHECK-SAME: %[[P:arg0]]: !tile.ptr<f32>
# CHECK: %[[X:.*]] = tile.load
# CHECK: tile.store %{{.*}}, %[[X]] : tensor<64x!tile.ptr<f32>>
# CHECK: %[[M:.*]] = arith.cmpi slt
# CHECK: tile.store %{{.*}}, %[[X]], %[[M]] : tensor<64x!tile.ptr<f32>>
# CHECK: %[[H:.*]] = arith.truncf %[[X]] : tensor<64xf32> to tensor<64xf16>
# CHECK: tile.store %{{.*}}, %[[H]] : tensor<64x!tile.ptr<f16>>
# CHECK: %[[C3:.*]] = arith.constant 3.000000e+00 : f32
# CHECK: %[[C3S:.*]] = tile.splat %[[C3]] : f32 -> tensor<64xf32>
# CHECK: tile.store %{{.*}}, %[[C3S]] : tensor<64x!tile.ptr<f32>>
# CHECK: %[[C1:.*]] = arith.constant 1.000000e+00 : f32
# CHECK: tile.store %[[P]], %[[C1]] : !tile.ptr<f32>
# CHECK: tile.store %{{.*}}, %[[X]] {cache = ".wb"} : tensor<64x!tile.ptr<f32>>
