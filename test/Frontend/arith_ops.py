# Checks the arithmetic operators on tensors: + - * / // % ** (on constants only),
# unary -, unary +, for floats and signed ints (// and % truncate like C, as in Triton).
# RUN: tilec %s --kernel farith --signature "*fp32:16, *fp32:16" --emit=tile --no-opt > %t
# RUN: tilec %s --kernel iarith --signature "*fp32:16, i32, i32" --emit=tile --no-opt >> %t
# RUN: FileCheck %s < %t
import triton
import triton.language as tl


@triton.jit
def farith(xp, yp):
    offs = tl.arange(0, 32)
    x = tl.load(xp + offs)
    y = tl.load(yp + offs)
    tl.store(xp + offs, x + y)
    tl.store(xp + offs, x - y)
    tl.store(xp + offs, x * y)
    tl.store(xp + offs, x / y)
    tl.store(xp + offs, x % y)
    tl.store(xp + offs, -x)
    tl.store(xp + offs, +x)


@triton.jit
def iarith(p, a, b):
    offs = tl.arange(0, 32)
    i = offs + a
    tl.store(p + offs, i - b)
    tl.store(p + offs, i * b)
    tl.store(p + offs, i // b)
    tl.store(p + offs, i % b)
    tl.store(p + offs, -i)
    tl.store(p + offs, i / b)
    tl.store(p + offs, i * 2 ** 3)


# CHECK-LABEL: func.func @farith
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<32x!tile.ptr<f32>>
# CHECK: %[[Y:.*]] = tile.load %{{.*}} : tensor<32x!tile.ptr<f32>>
# CHECK: arith.addf %[[X]], %[[Y]] : tensor<32xf32>
# CHECK: arith.subf %[[X]], %[[Y]] : tensor<32xf32>
# CHECK: arith.mulf %[[X]], %[[Y]] : tensor<32xf32>
# CHECK: arith.divf %[[X]], %[[Y]] : tensor<32xf32>
# CHECK: arith.remf %[[X]], %[[Y]] : tensor<32xf32>
# CHECK: arith.negf %[[X]] : tensor<32xf32>
# Unary + is the identity.
# CHECK: tile.store %{{.*}}, %[[X]] : tensor<32x!tile.ptr<f32>>

# CHECK-LABEL: func.func @iarith
# CHECK-SAME: %[[A:arg1]]: i32, %[[B:arg2]]: i32
# CHECK: %[[I:.*]] = arith.addi %{{.*}}, %{{.*}} : tensor<32xi32>
# CHECK: %[[BS:.*]] = tile.splat %[[B]] : i32 -> tensor<32xi32>
# CHECK: %[[SUB:.*]] = arith.subi %[[I]], %[[BS]] : tensor<32xi32>
# CHECK: arith.sitofp %[[SUB]] : tensor<32xi32> to tensor<32xf32>
# CHECK: arith.muli %[[I]], %{{.*}} : tensor<32xi32>
# CHECK: arith.divsi %[[I]], %{{.*}} : tensor<32xi32>
# CHECK: arith.remsi %[[I]], %{{.*}} : tensor<32xi32>
# CHECK: %[[Z:.*]] = tile.splat %{{.*}} : i32 -> tensor<32xi32>
# CHECK: arith.subi %[[Z]], %[[I]] : tensor<32xi32>
# int / int is true division in fp32.
# CHECK: %[[IF:.*]] = arith.sitofp %[[I]] : tensor<32xi32> to tensor<32xf32>
# CHECK: %[[BF:.*]] = arith.sitofp %[[B]] : i32 to f32
# CHECK: %[[BFS:.*]] = tile.splat %[[BF]] : f32 -> tensor<32xf32>
# CHECK: arith.divf %[[IF]], %[[BFS]] : tensor<32xf32>
# 2 ** 3 folds to 8.
# CHECK: %[[C8:.*]] = arith.constant 8 : i32
# CHECK: %[[C8S:.*]] = tile.splat %[[C8]] : i32 -> tensor<32xi32>
# CHECK: arith.muli %[[I]], %[[C8S]] : tensor<32xi32>
