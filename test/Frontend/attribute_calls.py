# Checks method-call syntax on tensors (x.to, x.sum, x.exp, x.reshape, x.trans ...) and
# that it emits the same ops as the tl.* function form.
# RUN: tilec %s --kernel methods_kernel --signature "*fp32:16, *fp16:16" --emit=tile | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def methods_kernel(ptr, hptr):
    offs = tl.arange(0, 64)
    x = tl.load(ptr + offs)
    e = x.exp()
    s = e.sum(axis=0)
    m = x.max(0)
    r = x.reshape(8, 8).trans().ravel()
    tl.store(hptr + offs, (r * s + m).to(tl.float16))


# CHECK-LABEL: func.func @methods_kernel
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<64x!tile.ptr<f32>>
# CHECK: %[[E:.*]] = math.exp %[[X]] : tensor<64xf32>
# CHECK: %[[S:.*]] = tile.reduce sum %[[E]] {axis = 0 : i32} : tensor<64xf32> -> f32
# CHECK: %[[M:.*]] = tile.reduce max %[[X]] {axis = 0 : i32} : tensor<64xf32> -> f32
# CHECK: %[[R:.*]] = tile.reshape %[[X]] : tensor<64xf32> -> tensor<8x8xf32>
# CHECK: %[[T:.*]] = tile.trans %[[R]] {order = array<i32: 1, 0>} : tensor<8x8xf32> -> tensor<8x8xf32>
# CHECK: %[[FLAT:.*]] = tile.reshape %[[T]] : tensor<8x8xf32> -> tensor<64xf32>
# CHECK: %[[H:.*]] = arith.truncf %{{.*}} : tensor<64xf32> to tensor<64xf16>
# CHECK: tile.store %{{.*}}, %[[H]] : tensor<64x!tile.ptr<f16>>
