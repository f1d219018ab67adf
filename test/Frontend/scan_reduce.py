# tl.associative_scan, tl.reduce with a combine function (one input and a
# tuple), tl.cumsum / tl.cumprod and their tensor-method forms: the combine
# function is inlined into the region of tile.scan / tile.generic_reduce.
# RUN: tilec %s --kernel scans --signature "*fp32:16, *i32:16, *bf16:16, *i8:16, *fp16:16" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def add(a, b):
    return a + b


@triton.jit
def max_with_index(v0, i0, v1, i1):
    gt = v1 > v0
    return tl.where(gt, v1, v0), tl.where(gt, i1, i0)


@triton.jit
def first(a, b):
    return a


@triton.jit
def scans(px, pi, pb, p8, ph):
    r = tl.arange(0, 64)
    x = tl.load(px + r)
    i = tl.load(pi + r)
    b = tl.load(pb + r)
    c = tl.load(p8 + r)
    h = tl.load(ph + r)
    m = tl.load(px + r[:, None] * 64 + r[None, :])
    tl.store(px + r, tl.associative_scan(x, 0, add))
    v, k = tl.associative_scan((x, i), axis=0, combine_fn=max_with_index, reverse=True)
    tl.store(px + r, v)
    tl.store(pi + r, k)
    tl.store(px + r, tl.cumsum(b, 0))
    tl.store(pi + r, tl.cumsum(c, axis=0, reverse=True))
    tl.store(ph + r, tl.cumprod(h, 0))
    tl.store(px + r[:, None] * 64 + r[None, :], m.cumsum(1))
    tl.store(px, tl.reduce(x, 0, add))
    tl.store(px + r, tl.reduce(m, axis=1, combine_fn=tl.maximum))
    rv, ri = tl.reduce((m, m.to(tl.int32)), 0, max_with_index, keep_dims=True)
    tl.store(px + r[None, :], rv)
    tl.store(pi + r[None, :], ri)
    tl.store(px, m.reduce(None, first))


# CHECK-LABEL: func.func @scans
# CHECK: %[[X:.*]] = tile.load {{.*}} : tensor<64x!tile.ptr<f32>>
# CHECK: %[[I:.*]] = tile.load {{.*}} : tensor<64x!tile.ptr<i32>>
# CHECK: %[[B:.*]] = tile.load {{.*}} : tensor<64x!tile.ptr<bf16>>
# CHECK: %[[C:.*]] = tile.load {{.*}} : tensor<64x!tile.ptr<i8>>
# CHECK: %[[H:.*]] = tile.load {{.*}} : tensor<64x!tile.ptr<f16>>
# CHECK: tile.scan %[[X]] {axis = 0 : i32} : tensor<64xf32> -> tensor<64xf32> {
# CHECK-NEXT: ^bb0(%[[A0:.*]]: f32, %[[A1:.*]]: f32):
# CHECK-NEXT: %[[S:.*]] = arith.addf %[[A0]], %[[A1]] : f32
# CHECK-NEXT: tile.combine_yield %[[S]] : f32
# CHECK: tile.scan %[[X]], %[[I]] {axis = 0 : i32, reverse} : tensor<64xf32>, tensor<64xi32> -> tensor<64xf32>, tensor<64xi32> {
# CHECK-NEXT: ^bb0(%[[V0:.*]]: f32, %[[I0:.*]]: i32, %[[V1:.*]]: f32, %[[I1:.*]]: i32):
# CHECK-NEXT: %[[GT:.*]] = arith.cmpf ogt, %[[V1]], %[[V0]] : f32
# CHECK-NEXT: %[[SV:.*]] = arith.select %[[GT]], %[[V1]], %[[V0]] : f32
# CHECK-NEXT: %[[SI:.*]] = arith.select %[[GT]], %[[I1]], %[[I0]] : i32
# CHECK-NEXT: tile.combine_yield %[[SV]], %[[SI]] : f32, i32
# cumsum of bf16 scans in fp32, of int8 in int32 (Triton's standard.py).
# CHECK: %[[BF:.*]] = arith.extf %[[B]] : tensor<64xbf16> to tensor<64xf32>
# CHECK: tile.scan %[[BF]] {axis = 0 : i32} : tensor<64xf32> -> tensor<64xf32>
# CHECK: arith.addf
# CHECK: %[[CI:.*]] = arith.extsi %[[C]] : tensor<64xi8> to tensor<64xi32>
# CHECK: tile.scan %[[CI]] {axis = 0 : i32, reverse} : tensor<64xi32> -> tensor<64xi32>
# CHECK: arith.addi
# cumprod keeps fp16.
# CHECK: tile.scan %[[H]] {axis = 0 : i32} : tensor<64xf16> -> tensor<64xf16>
# CHECK-NEXT: ^bb0
# CHECK-NEXT: arith.mulf {{.*}} : f16
# CHECK: tile.scan %{{.*}} {axis = 1 : i32} : tensor<64x64xf32> -> tensor<64x64xf32>
# CHECK: tile.generic_reduce %[[X]] {axis = 0 : i32} : tensor<64xf32> -> f32 {
# CHECK: arith.addf
# CHECK: tile.generic_reduce %{{.*}} {axis = 1 : i32} : tensor<64x64xf32> -> tensor<64xf32> {
# CHECK-NEXT: ^bb0
# CHECK-NEXT: arith.maxnumf
# CHECK: %[[R:.*]]:2 = tile.generic_reduce %{{.*}}, %{{.*}} {axis = 0 : i32} : tensor<64x64xf32>, tensor<64x64xi32> -> tensor<64xf32>, tensor<64xi32> {
# CHECK: tile.reshape %[[R]]#0 : tensor<64xf32> -> tensor<1x64xf32>
# CHECK: tile.reshape %[[R]]#1 : tensor<64xi32> -> tensor<1x64xi32>
# axis=None: the flattened tile.
# CHECK: %[[FLAT:.*]] = tile.reshape %{{.*}} : tensor<64x64xf32> -> tensor<4096xf32>
# CHECK: tile.generic_reduce %[[FLAT]] {axis = 0 : i32} : tensor<4096xf32> -> f32 {
# CHECK-NEXT: ^bb0(%[[F0:.*]]: f32, %{{.*}}: f32):
# CHECK-NEXT: tile.combine_yield %[[F0]] : f32
