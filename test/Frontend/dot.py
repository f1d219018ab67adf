# Checks tl.dot: fp16 inputs with an f32 zero accumulator, an explicit acc, out_dtype,
# input_precision="ieee" / allow_tf32=False, and `acc += tl.dot(a, b)`.
# RUN: tilec %s --kernel dt --signature "*fp16:16, *fp32:16" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def dt(hp, fp):
    r = tl.arange(0, 32)
    c = tl.arange(0, 16)
    a = tl.load(hp + r[:, None] * 16 + c[None, :])
    b = tl.load(hp + c[:, None] * 32 + r[None, :])
    fa = tl.load(fp + r[:, None] * 16 + c[None, :])
    fb = tl.load(fp + c[:, None] * 32 + r[None, :])
    acc = tl.zeros([32, 32], dtype=tl.float32)
    x = tl.dot(a, b)
    y = tl.dot(a, b, acc)
    z = tl.dot(fa, fb, input_precision="ieee")
    w = tl.dot(fa, fb, allow_tf32=False)
    h = tl.dot(a, b, out_dtype=tl.float16)
    acc += tl.dot(fa, fb)
    tl.store(fp + r[:, None] * 32 + r[None, :], x + y + z + w + h + acc)


# CHECK-LABEL: func.func @dt
# CHECK: %[[A:.*]] = tile.load %{{.*}} : tensor<32x16x!tile.ptr<f16>>
# CHECK: %[[B:.*]] = tile.load %{{.*}} : tensor<16x32x!tile.ptr<f16>>
# CHECK: %[[FA:.*]] = tile.load %{{.*}} : tensor<32x16x!tile.ptr<f32>>
# CHECK: %[[FB:.*]] = tile.load %{{.*}} : tensor<16x32x!tile.ptr<f32>>
# CHECK: %[[ACC:.*]] = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
# CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
# CHECK: %[[X:.*]] = tile.dot %[[A]], %[[B]], %[[Z]] : tensor<32x16xf16> * tensor<16x32xf16> -> tensor<32x32xf32>
# CHECK: %[[Y:.*]] = tile.dot %[[A]], %[[B]], %[[ACC]] : tensor<32x16xf16> * tensor<16x32xf16> -> tensor<32x32xf32>
# CHECK: tile.dot %[[FA]], %[[FB]], %{{.*}} {input_precision = #tile<input_precision ieee>} : tensor<32x16xf32> * tensor<16x32xf32> -> tensor<32x32xf32>
# CHECK: tile.dot %[[FA]], %[[FB]], %{{.*}} {input_precision = #tile<input_precision ieee>} : tensor<32x16xf32> * tensor<16x32xf32> -> tensor<32x32xf32>
# CHECK: %[[ZH:.*]] = arith.constant dense<0.000000e+00> : tensor<32x32xf16>
# CHECK: %[[H:.*]] = tile.dot %[[A]], %[[B]], %[[ZH]] : tensor<32x16xf16> * tensor<16x32xf16> -> tensor<32x32xf16>
# fp32 inputs default to tf32 (no attribute printed)
# CHECK: %[[D:.*]] = tile.dot %[[FA]], %[[FB]], %{{.*}} : tensor<32x16xf32> * tensor<16x32xf32> -> tensor<32x32xf32>
# CHECK: arith.addf %[[ACC]], %[[D]] : tensor<32x32xf32>
# CHECK: arith.extf %[[H]] : tensor<32x32xf16> to tensor<32x32xf32>
