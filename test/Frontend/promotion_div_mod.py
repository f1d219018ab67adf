# Checks Triton's div_or_mod rule: / and % on fp16 or bf16 operands compute in fp32
# (fp16 / fp16 -> f32, fp16 / 2.0 -> f32, bf16 % bf16 -> f32), since PTX has no 16-bit division.
# RUN: tilec %s --kernel dm --signature "*fp32:16, *fp16:16, *bf16:16" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def dm(fp, hp, bfp):
    offs = tl.arange(0, 16)
    h = tl.load(hp + offs)
    bf = tl.load(bfp + offs)
    tl.store(fp + offs, h / h)
    tl.store(fp + offs, h / 2.0)
    tl.store(fp + offs, bf % bf)


# CHECK-LABEL: func.func @dm
# CHECK: %[[H:.*]] = tile.load %{{.*}} : tensor<16x!tile.ptr<f16>>
# CHECK: %[[B:.*]] = tile.load %{{.*}} : tensor<16x!tile.ptr<bf16>>
# CHECK: %[[HF:.*]] = arith.extf %[[H]] : tensor<16xf16> to tensor<16xf32>
# CHECK: arith.divf %{{.*}}, %{{.*}} : tensor<16xf32>
# CHECK-NOT: arith.divf %{{.*}} : tensor<16xf16>
# CHECK: arith.divf %{{.*}}, %{{.*}} : tensor<16xf32>
# CHECK: arith.extf %[[B]] : tensor<16xbf16> to tensor<16xf32>
# CHECK: arith.remf %{{.*}}, %{{.*}} : tensor<16xf32>
