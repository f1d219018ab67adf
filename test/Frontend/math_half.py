# Checks transcendental math on fp16/bf16 tiles: computed in fp32 (extf, op, truncf), as
# architecture.md promises ("fp16/bf16 inputs to transcendental functions are computed in fp32").
# RUN: tilec %s --kernel mh --signature "*fp16:16, *bf16:16" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def mh(hp, bp):
    offs = tl.arange(0, 16)
    h = tl.load(hp + offs)
    b = tl.load(bp + offs)
    tl.store(hp + offs, tl.exp(h))
    tl.store(bp + offs, tl.log(b))


# CHECK-LABEL: func.func @mh
# CHECK: %[[H:.*]] = tile.load %{{.*}} : tensor<16x!tile.ptr<f16>>
# CHECK: %[[B:.*]] = tile.load %{{.*}} : tensor<16x!tile.ptr<bf16>>
# CHECK: %[[HF:.*]] = arith.extf %[[H]] : tensor<16xf16> to tensor<16xf32>
# CHECK: %[[E:.*]] = math.exp %[[HF]] : tensor<16xf32>
# CHECK: arith.truncf %[[E]] : tensor<16xf32> to tensor<16xf16>
# CHECK: %[[BF:.*]] = arith.extf %[[B]] : tensor<16xbf16> to tensor<16xf32>
# CHECK: %[[L:.*]] = math.log %[[BF]] : tensor<16xf32>
# CHECK: arith.truncf %[[L]] : tensor<16xf32> to tensor<16xbf16>
