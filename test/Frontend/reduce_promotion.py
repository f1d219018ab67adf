# Triton's type rules for reductions: tl.sum/max/min/argmax/argmin compute
# bf16 in fp32; tl.max/tl.min (without indices) also widen fp16 to fp32 and
# 8/16-bit ints to int32; tl.sum keeps fp16 and widens small ints to (u)int32;
# max with return_indices=True keeps fp16.
# RUN: tilec %s --kernel red --signature "*bf16:16, *fp16:16, *i8:16, *u16:16, *fp32:16" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def red(pb, ph, pi, pu, out):
    r = tl.arange(0, 16)
    b = tl.load(pb + r)
    h = tl.load(ph + r)
    i = tl.load(pi + r)
    u = tl.load(pu + r)
    tl.store(out + 0, tl.max(b, axis=0))
    tl.store(out + 1, tl.sum(b, axis=0))
    tl.store(out + 2, tl.min(h, axis=0))
    tl.store(out + 3, tl.sum(h, axis=0))
    tl.store(out + 4, tl.max(i, axis=0).to(tl.float32))
    tl.store(out + 5, tl.min(u, axis=0).to(tl.float32))
    v, k = tl.max(h, axis=0, return_indices=True)
    tl.store(out + 6, v)
    tl.store(out + 7, k.to(tl.float32))
    tl.store(out + 8, tl.argmax(b, axis=0).to(tl.float32))


# CHECK-LABEL: func.func @red
# CHECK: %[[B:.*]] = tile.load {{.*}} : tensor<16x!tile.ptr<bf16>>
# CHECK: %[[H:.*]] = tile.load {{.*}} : tensor<16x!tile.ptr<f16>>
# CHECK: %[[I:.*]] = tile.load {{.*}} : tensor<16x!tile.ptr<i8>>
# CHECK: %[[U:.*]] = tile.load {{.*}} : tensor<16x!tile.ptr<i16>>
# CHECK: %[[B1:.*]] = arith.extf %[[B]] : tensor<16xbf16> to tensor<16xf32>
# CHECK: tile.reduce max %[[B1]] {axis = 0 : i32} : tensor<16xf32> -> f32
# CHECK: tile.reduce sum %[[B]] {axis = 0 : i32} : tensor<16xbf16> -> bf16
# CHECK: %[[H1:.*]] = arith.extf %[[H]] : tensor<16xf16> to tensor<16xf32>
# CHECK: tile.reduce min %[[H1]] {axis = 0 : i32} : tensor<16xf32> -> f32
# CHECK: tile.reduce sum %[[H]] {axis = 0 : i32} : tensor<16xf16> -> f16
# CHECK: %[[I1:.*]] = arith.extsi %[[I]] : tensor<16xi8> to tensor<16xi32>
# CHECK: tile.reduce max %[[I1]] {axis = 0 : i32} : tensor<16xi32> -> i32
# CHECK: %[[U1:.*]] = arith.extui %[[U]] : tensor<16xi16> to tensor<16xi32>
# CHECK: tile.reduce min %[[U1]] {axis = 0 : i32} : tensor<16xi32> -> i32
# CHECK: tile.reduce max %[[H]] {axis = 0 : i32} : tensor<16xf16> -> f16
# CHECK: tile.reduce argmax %[[H]] {axis = 0 : i32} : tensor<16xf16> -> i32
# CHECK: %[[B3:.*]] = arith.extf %[[B]] : tensor<16xbf16> to tensor<16xf32>
# CHECK: tile.reduce argmax %[[B3]] {axis = 0 : i32} : tensor<16xf32> -> i32
