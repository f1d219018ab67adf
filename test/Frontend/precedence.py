# Checks Python operator precedence: ** binds tighter than unary -, * before +,
# shifts before &, & before ^ before |, comparisons after arithmetic.
# RUN: tilec %s --kernel prec --signature "*fp32:16, i32" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def prec(p, n):
    offs = tl.arange(0, 16)
    a = 2 + offs * 3
    b = offs | offs ^ n & 1 << 2
    c = -2 ** 2
    m = offs + 1 < n * 2
    tl.store(p + offs, a + b + c, mask=m)


# CHECK-LABEL: func.func @prec
# CHECK-SAME: %[[N:arg1]]: i32
# a = 2 + (offs * 3)
# CHECK: %[[R:.*]] = tile.make_range 0 to 16
# CHECK: %[[MUL:.*]] = arith.muli %[[R]], %{{.*}} : tensor<16xi32>
# CHECK: %[[A:.*]] = arith.addi %{{.*}}, %[[MUL]] : tensor<16xi32>
# b = offs | (offs ^ (n & (1 << 2))), with 1 << 2 folded to 4
# CHECK: %[[C4:.*]] = arith.constant 4 : i32
# CHECK: %[[AND:.*]] = arith.andi %[[N]], %[[C4]] : i32
# CHECK: %[[ANDS:.*]] = tile.splat %[[AND]] : i32 -> tensor<16xi32>
# CHECK: %[[XOR:.*]] = arith.xori %[[R]], %[[ANDS]] : tensor<16xi32>
# CHECK: %[[B:.*]] = arith.ori %[[R]], %[[XOR]] : tensor<16xi32>
# c = -(2 ** 2) = -4, an i32 scalar from its assignment on
# CHECK: %[[CM4:.*]] = arith.constant -4 : i32
# m = (offs + 1) < (n * 2)
# CHECK: %[[ADD1:.*]] = arith.addi %[[R]], %{{.*}} : tensor<16xi32>
# CHECK: %[[N2:.*]] = arith.muli %[[N]], %{{.*}} : i32
# CHECK: %[[N2S:.*]] = tile.splat %[[N2]] : i32 -> tensor<16xi32>
# CHECK: %[[M:.*]] = arith.cmpi slt, %[[ADD1]], %[[N2S]] : tensor<16xi32>
# c (above: its assignment makes the i32 scalar)
# CHECK: %[[AB:.*]] = arith.addi %[[A]], %[[B]] : tensor<16xi32>
# CHECK: %[[CM4S:.*]] = tile.splat %[[CM4]]
# CHECK: arith.addi %[[AB]], %[[CM4S]] : tensor<16xi32>
# CHECK: tile.store %{{.*}}, %{{.*}}, %[[M]]
