# Checks promotion of 16-bit floats: fp16 + bf16 -> fp16 (Triton's rule: fp16 is checked before bf16),
# u8 + 1 stays u8 (weak int scalar; zero-extending conversions afterwards).
# RUN: tilec %s --kernel half --signature "*fp32:16, *fp16:16, *bf16:16" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def half(fp, hp, bfp):
    offs = tl.arange(0, 16)
    h = tl.load(hp + offs)
    bf = tl.load(bfp + offs)
    tl.store(fp + offs, h + bf)
    tl.store(fp + offs, offs.to(tl.uint8) + 1)


# CHECK-LABEL: func.func @half
# CHECK: %[[H:.*]] = tile.load %{{.*}} : tensor<16x!tile.ptr<f16>>
# CHECK: %[[B:.*]] = tile.load %{{.*}} : tensor<16x!tile.ptr<bf16>>
# CHECK: %[[BF:.*]] = arith.extf %[[B]] : tensor<16xbf16> to tensor<16xf32>
# CHECK: %[[BH:.*]] = arith.truncf %[[BF]] : tensor<16xf32> to tensor<16xf16>
# CHECK: %[[S:.*]] = arith.addf %[[H]], %[[BH]] : tensor<16xf16>
# CHECK: %[[SF:.*]] = arith.extf %[[S]] : tensor<16xf16> to tensor<16xf32>
# CHECK: tile.store %{{.*}}, %[[SF]] : tensor<16x!tile.ptr<f32>>
# CHECK: %[[U:.*]] = arith.trunci %{{.*}} : tensor<16xi32> to tensor<16xi8>
# CHECK: %[[C1:.*]] = arith.constant 1 : i8
# CHECK: %[[UA:.*]] = arith.addi %[[U]], %{{.*}} : tensor<16xi8>
# CHECK: arith.uitofp %[[UA]] : tensor<16xi8> to tensor<16xf32>
