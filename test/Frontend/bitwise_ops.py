# Checks the bitwise operators & | ^ ~ << >> on ints (>> is arithmetic for signed,
# logical for unsigned) and & | ^ on boolean masks.
# RUN: tilec %s --kernel bits --signature "*fp32:16, i32, u32" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def bits(p, s, u):
    offs = tl.arange(0, 16)
    a = offs & s
    b = offs | 3
    c = offs ^ s
    d = ~offs
    e = offs << 2
    f = offs >> s
    g = offs.to(tl.uint32) >> u
    m = (offs < s) & (offs > 2) | (offs == 7) ^ (offs != 1)
    tl.store(p + offs, a + b + c + d + e + f + g.to(tl.int32), mask=m)


# CHECK-LABEL: func.func @bits
# CHECK-SAME: %[[S:arg1]]: i32, %[[U:arg2]]: i32
# CHECK: %[[R:.*]] = tile.make_range 0 to 16 : tensor<16xi32>
# CHECK: arith.andi %[[R]], %{{.*}} : tensor<16xi32>
# CHECK: arith.ori %[[R]], %{{.*}} : tensor<16xi32>
# CHECK: arith.xori %[[R]], %{{.*}} : tensor<16xi32>
# ~x is x ^ -1.
# CHECK: %[[M1:.*]] = arith.constant -1 : i32
# CHECK: %[[M1S:.*]] = tile.splat %[[M1]] : i32 -> tensor<16xi32>
# CHECK: arith.xori %[[R]], %[[M1S]] : tensor<16xi32>
# CHECK: arith.shli %[[R]], %{{.*}} : tensor<16xi32>
# CHECK: arith.shrsi %[[R]], %{{.*}} : tensor<16xi32>
# CHECK: %[[US:.*]] = tile.splat %[[U]] : i32 -> tensor<16xi32>
# CHECK: arith.shrui %[[R]], %[[US]] : tensor<16xi32>
# (a & b) | (c ^ d) on masks: & before ^ before |.
# CHECK: %[[LT:.*]] = arith.cmpi slt
# CHECK: %[[GT:.*]] = arith.cmpi sgt
# CHECK: %[[AND:.*]] = arith.andi %[[LT]], %[[GT]] : tensor<16xi1>
# CHECK: %[[EQ:.*]] = arith.cmpi eq
# CHECK: %[[NE:.*]] = arith.cmpi ne
# CHECK: %[[XOR:.*]] = arith.xori %[[EQ]], %[[NE]] : tensor<16xi1>
# CHECK: %[[MASK:.*]] = arith.ori %[[AND]], %[[XOR]] : tensor<16xi1>
# CHECK: tile.store %{{.*}}, %{{.*}}, %[[MASK]] : tensor<16x!tile.ptr<f32>>
