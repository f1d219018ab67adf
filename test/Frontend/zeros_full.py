# Checks tl.zeros, tl.full (constant and runtime values), tl.zeros_like and tl.full_like
# (with and without dtype): dense constants or splats of the right shape and dtype.
# RUN: tilec %s --kernel zf --signature "*fp32:16, *fp16:16, fp32" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def zf(p, hp, v):
    offs = tl.arange(0, 16)
    a = tl.zeros([16], dtype=tl.float32)
    b = tl.zeros((4, 8), tl.float16)
    c = tl.full([16], 7, tl.int32)
    d = tl.full((16,), v, dtype=tl.float16)
    h = tl.load(hp + offs)
    e = tl.zeros_like(h)
    f = tl.full_like(h, 2.0, dtype=tl.float32)
    tl.store(p + offs, a + c + f)
    tl.store(hp + offs, d + e)


# CHECK-LABEL: func.func @zf
# CHECK-SAME: %[[V:arg2]]: f32
# CHECK: %[[A:.*]] = arith.constant dense<0.000000e+00> : tensor<16xf32>
# CHECK: %[[B:.*]] = arith.constant dense<0.000000e+00> : tensor<4x8xf16>
# CHECK: %[[C:.*]] = arith.constant dense<7> : tensor<16xi32>
# full with a runtime value: cast then splat
# CHECK: %[[VH:.*]] = arith.truncf %[[V]] : f32 to f16
# CHECK: %[[D:.*]] = tile.splat %[[VH]] : f16 -> tensor<16xf16>
# CHECK: %[[H:.*]] = tile.load
# zeros_like(h) keeps f16, full_like(h, 2.0, dtype=tl.float32) is f32
# CHECK: %[[E:.*]] = arith.constant dense<0.000000e+00> : tensor<16xf16>
# CHECK: %[[F:.*]] = arith.constant dense<2.000000e+00> : tensor<16xf32>
# CHECK: %[[CF:.*]] = arith.sitofp %[[C]] : tensor<16xi32> to tensor<16xf32>
# CHECK: %[[AC:.*]] = arith.addf %[[A]], %[[CF]] : tensor<16xf32>
# CHECK: arith.addf %[[AC]], %[[F]] : tensor<16xf32>
# CHECK: %[[DE:.*]] = arith.addf %[[D]], %[[E]] : tensor<16xf16>
# CHECK: tile.store %{{.*}}, %[[DE]] : tensor<16x!tile.ptr<f16>>
