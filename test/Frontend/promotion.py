# Checks Triton's dtype promotion: Python scalars are weak (x_fp16 * 2.0 stays f16,
# i8 + 1 stays i8), i32 + fp32 -> f32, fp16 + fp32 -> f32, bf16 + bf16 stays bf16,
# i32 + i64 -> i64, i32 + u32 -> u32 (unsigned compare), int tensor * float scalar -> f32,
# bool + int -> i32.
# RUN: tilec %s --kernel weak --signature "*fp16:16, *fp32:16" --emit=tile --no-opt > %t
# RUN: tilec %s --kernel mixed --signature "*fp32:16, *fp16:16, *bf16:16, i32, i64, u32, fp32" --emit=tile --no-opt >> %t
# RUN: FileCheck %s < %t
import triton
import triton.language as tl


@triton.jit
def weak(hp, fp):
    offs = tl.arange(0, 16)
    h = tl.load(hp + offs)
    b = offs.to(tl.int8)
    tl.store(fp + offs, h * 2.0)
    tl.store(fp + offs, h + 3)
    tl.store(fp + offs, b + 1)
    tl.store(fp + offs, b * 1.5)
    tl.store(fp + offs, (offs < 4) + 1)


@triton.jit
def mixed(fp, hp, bfp, i, j, u, s):
    offs = tl.arange(0, 16)
    f = tl.load(fp + offs)
    h = tl.load(hp + offs)
    bf = tl.load(bfp + offs)
    tl.store(fp + offs, offs + f)
    tl.store(fp + offs, h + f)
    tl.store(fp + offs, h * s)
    tl.store(fp + offs, bf + bf)
    tl.store(fp + offs, offs + j)
    tl.store(fp + offs, (offs + i) < u)
    tl.store(fp + offs, i + s)


# CHECK-LABEL: func.func @weak
# CHECK: %[[H:.*]] = tile.load %{{.*}} : tensor<16x!tile.ptr<f16>>
# CHECK: %[[B:.*]] = arith.trunci %{{.*}} : tensor<16xi32> to tensor<16xi8>
# h * 2.0 stays f16
# CHECK: %[[C2:.*]] = arith.constant 2.000000e+00 : f16
# CHECK: %[[C2S:.*]] = tile.splat %[[C2]] : f16 -> tensor<16xf16>
# CHECK: %[[M:.*]] = arith.mulf %[[H]], %[[C2S]] : tensor<16xf16>
# CHECK: arith.extf %[[M]] : tensor<16xf16> to tensor<16xf32>
# h + 3 stays f16
# CHECK: %[[C3:.*]] = arith.constant 3.000000e+00 : f16
# CHECK: arith.addf %[[H]], %{{.*}} : tensor<16xf16>
# b + 1 stays i8
# CHECK: %[[C1:.*]] = arith.constant 1 : i8
# CHECK: %[[BA:.*]] = arith.addi %[[B]], %{{.*}} : tensor<16xi8>
# CHECK: arith.sitofp %[[BA]] : tensor<16xi8> to tensor<16xf32>
# b * 1.5 is f32
# CHECK: %[[BF:.*]] = arith.sitofp %[[B]] : tensor<16xi8> to tensor<16xf32>
# CHECK: arith.constant 1.500000e+00 : f32
# CHECK: arith.mulf %[[BF]], %{{.*}} : tensor<16xf32>
# bool + 1 is i32
# CHECK: %[[CMP:.*]] = arith.cmpi slt
# CHECK: %[[EXT:.*]] = arith.extui %[[CMP]] : tensor<16xi1> to tensor<16xi32>
# CHECK: arith.addi %[[EXT]], %{{.*}} : tensor<16xi32>

# CHECK-LABEL: func.func @mixed
# CHECK-SAME: %[[I:arg3]]: i32, %[[J:arg4]]: i64, %[[U:arg5]]: i32, %[[S:arg6]]: f32
# CHECK: %[[R:.*]] = tile.make_range 0 to 16
# CHECK: %[[F:.*]] = tile.load %{{.*}} : tensor<16x!tile.ptr<f32>>
# CHECK: %[[H:.*]] = tile.load %{{.*}} : tensor<16x!tile.ptr<f16>>
# CHECK: %[[BF:.*]] = tile.load %{{.*}} : tensor<16x!tile.ptr<bf16>>
# i32 tensor + f32 tensor -> f32
# CHECK: %[[RF:.*]] = arith.sitofp %[[R]] : tensor<16xi32> to tensor<16xf32>
# CHECK: arith.addf %[[RF]], %[[F]] : tensor<16xf32>
# f16 + f32 -> f32
# CHECK: %[[HF:.*]] = arith.extf %[[H]] : tensor<16xf16> to tensor<16xf32>
# CHECK: arith.addf %[[HF]], %[[F]] : tensor<16xf32>
# f16 tensor * f32 runtime scalar -> f32 (a runtime scalar is not weak)
# CHECK: %[[HF2:.*]] = arith.extf %[[H]] : tensor<16xf16> to tensor<16xf32>
# CHECK: %[[SS:.*]] = tile.splat %[[S]] : f32 -> tensor<16xf32>
# CHECK: arith.mulf %[[HF2]], %[[SS]] : tensor<16xf32>
# bf16 + bf16 stays bf16
# CHECK: %[[BB:.*]] = arith.addf %[[BF]], %[[BF]] : tensor<16xbf16>
# CHECK: arith.extf %[[BB]] : tensor<16xbf16> to tensor<16xf32>
# i32 + i64 -> i64
# CHECK: %[[R64:.*]] = arith.extsi %[[R]] : tensor<16xi32> to tensor<16xi64>
# CHECK: %[[JS:.*]] = tile.splat %[[J]] : i64 -> tensor<16xi64>
# CHECK: arith.addi %[[R64]], %[[JS]] : tensor<16xi64>
# i32 < u32 compares unsigned
# CHECK: %[[RI:.*]] = arith.addi %[[R]], %{{.*}} : tensor<16xi32>
# CHECK: %[[US:.*]] = tile.splat %[[U]] : i32 -> tensor<16xi32>
# CHECK: arith.cmpi ult, %[[RI]], %[[US]] : tensor<16xi32>
# i32 scalar + f32 scalar -> f32 scalar
# CHECK: %[[IF:.*]] = arith.sitofp %[[I]] : i32 to f32
# CHECK: %[[IS:.*]] = arith.addf %[[IF]], %[[S]] : f32
# CHECK: tile.splat %[[IS]] : f32 -> tensor<16xf32>
