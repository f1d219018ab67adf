# Checks tl.load: plain, with mask, with mask and other (scalar other is splat to the tile,
# cast to the pointee type), cache_modifier / eviction_policy / volatile, and a scalar load.
# RUN: tilec %s --kernel ld --signature "*fp32:16, *fp16:16, i32" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def ld(p, hp, n):
    offs = tl.arange(0, 64)
    m = offs < n
    a = tl.load(p + offs)
    b = tl.load(p + offs, mask=m)
    c = tl.load(p + offs, mask=m, other=0.0)
    d = tl.load(hp + offs, m, -1)
    e = tl.load(p + offs, cache_modifier=".cg", eviction_policy="evict_last", volatile=True)
    s = tl.load(p)
    tl.store(p + offs, a + b + c + d + e + s)


# CHECK-LABEL: func.func @ld
# CHECK-SAME: %[[P:arg0]]: !tile.ptr<f32>
# CHECK: %[[M:.*]] = arith.cmpi slt
# CHECK: %[[A:.*]] = tile.load %{{.*}} : tensor<64x!tile.ptr<f32>>
# CHECK: %[[B:.*]] = tile.load %{{.*}}, %[[M]] : tensor<64x!tile.ptr<f32>>
# CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
# CHECK: %[[ZS:.*]] = tile.splat %[[Z]] : f32 -> tensor<64xf32>
# CHECK: %[[C:.*]] = tile.load %{{.*}}, %[[M]], %[[ZS]] : tensor<64x!tile.ptr<f32>>
# other=-1 into an fp16 pointer: an f16 -1.0
# CHECK: %[[M1:.*]] = arith.constant -1.000000e+00 : f16
# CHECK: %[[M1S:.*]] = tile.splat %[[M1]] : f16 -> tensor<64xf16>
# CHECK: %[[D:.*]] = tile.load %{{.*}}, %[[M]], %[[M1S]] : tensor<64x!tile.ptr<f16>>
# CHECK: %[[E:.*]] = tile.load %{{.*}} {cache = ".cg", evict = "evict_last", isVolatile} : tensor<64x!tile.ptr<f32>>
# CHECK: %[[S:.*]] = tile.load %[[P]] : !tile.ptr<f32>
# CHECK: arith.extf %[[D]] : tensor<64xf16> to tensor<64xf32>
# CHECK: tile.splat %[[S]] : f32 -> tensor<64xf32>
