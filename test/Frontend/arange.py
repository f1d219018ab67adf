# Checks tl.arange(start, end): make_range i32 tensors with a nonzero start, used in offsets.
# RUN: tilec %s --kernel ar --signature "*fp32:16" --emit=tile | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def ar(p):
    a = tl.arange(0, 128)
    b = tl.arange(16, 32)
    tl.store(p + a, a)
    tl.store(p + b, b.to(tl.float32))


# CHECK-LABEL: func.func @ar
# CHECK: %[[A:.*]] = tile.make_range 0 to 128 : tensor<128xi32>
# CHECK: %[[B:.*]] = tile.make_range 16 to 32 : tensor<16xi32>
# CHECK: tile.addptr %{{.*}}, %[[A]] : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
# CHECK: arith.sitofp %[[A]] : tensor<128xi32> to tensor<128xf32>
# CHECK: tile.addptr %{{.*}}, %[[B]] : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
# CHECK: arith.sitofp %[[B]] : tensor<16xi32> to tensor<16xf32>
