# Checks x.to / tl.cast between dtypes: f32->f16 (truncf), f16->f32 (extf), f32->i32 (fptosi),
# i32->f32 (sitofp), u32->f32 (uitofp), i32->i8 (trunci), i8->i64 (extsi), int->bool (cmpi ne 0),
# float->bool (cmpf une 0), bool->f32 (uitofp), f32->bf16, and bitcast=True (f32<->i32).
# RUN: tilec %s --kernel cv --signature "*fp32:16, *fp16:16, *bf16:16" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def cv(p, hp, bp):
    offs = tl.arange(0, 16)
    x = tl.load(p + offs)
    tl.store(hp + offs, x.to(tl.float16))
    h = tl.load(hp + offs)
    tl.store(p + offs, h.to(tl.float32))
    i = x.to(tl.int32)
    tl.store(p + offs, i.to(tl.float32))
    tl.store(p + offs, offs.to(tl.uint32).to(tl.float32))
    b8 = tl.cast(i, tl.int8)
    tl.store(p + offs, b8.to(tl.int64).to(tl.float32))
    tl.store(p + offs, i.to(tl.int1).to(tl.float32))
    tl.store(p + offs, x.to(tl.int1).to(tl.float32))
    tl.store(bp + offs, x.to(tl.bfloat16))
    bits = x.to(tl.int32, bitcast=True)
    tl.store(p + offs, tl.cast(bits + 1, tl.float32, bitcast=True))


# CHECK-LABEL: func.func @cv
# CHECK: %[[R:.*]] = tile.make_range 0 to 16
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<16x!tile.ptr<f32>>
# CHECK: arith.truncf %[[X]] : tensor<16xf32> to tensor<16xf16>
# CHECK: %[[H:.*]] = tile.load %{{.*}} : tensor<16x!tile.ptr<f16>>
# CHECK: arith.extf %[[H]] : tensor<16xf16> to tensor<16xf32>
# CHECK: %[[I:.*]] = arith.fptosi %[[X]] : tensor<16xf32> to tensor<16xi32>
# CHECK: arith.sitofp %[[I]] : tensor<16xi32> to tensor<16xf32>
# CHECK: arith.uitofp %[[R]] : tensor<16xi32> to tensor<16xf32>
# CHECK: %[[B8:.*]] = arith.trunci %[[I]] : tensor<16xi32> to tensor<16xi8>
# CHECK: %[[B64:.*]] = arith.extsi %[[B8]] : tensor<16xi8> to tensor<16xi64>
# CHECK: arith.sitofp %[[B64]] : tensor<16xi64> to tensor<16xf32>
# CHECK: %[[IB:.*]] = arith.cmpi ne, %[[I]], %{{.*}} : tensor<16xi32>
# CHECK: arith.uitofp %[[IB]] : tensor<16xi1> to tensor<16xf32>
# CHECK: %[[FB:.*]] = arith.cmpf une, %[[X]], %{{.*}} : tensor<16xf32>
# CHECK: arith.uitofp %[[FB]] : tensor<16xi1> to tensor<16xf32>
# CHECK: %[[BF:.*]] = arith.truncf %[[X]] : tensor<16xf32> to tensor<16xbf16>
# CHECK: tile.store %{{.*}}, %[[BF]] : tensor<16x!tile.ptr<bf16>>
# CHECK: %[[BITS:.*]] = arith.bitcast %[[X]] : tensor<16xf32> to tensor<16xi32>
# CHECK: %[[INC:.*]] = arith.addi %[[BITS]], %{{.*}} : tensor<16xi32>
# CHECK: %[[BACK:.*]] = arith.bitcast %[[INC]] : tensor<16xi32> to tensor<16xf32>
# CHECK: tile.store %{{.*}}, %[[BACK]] : tensor<16x!tile.ptr<f32>>
