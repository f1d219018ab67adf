# Checks comparisons: < <= > >= == != on float tensors (ordered cmpf, une for !=),
# signed and unsigned ints (slt vs ult), and chained comparisons a < x < b (= a < x and x < b).
# RUN: tilec %s --kernel fcmp --signature "*fp32:16, fp32" --emit=tile --no-opt > %t
# RUN: tilec %s --kernel icmp --signature "*fp32:16, i32, u32" --emit=tile --no-opt >> %t
# RUN: tilec %s --kernel chained --signature "*fp32:16, i32, i32" --emit=tile --no-opt >> %t
# RUN: FileCheck %s < %t
import triton
import triton.language as tl


@triton.jit
def fcmp(p, t):
    offs = tl.arange(0, 16)
    x = tl.load(p + offs)
    tl.store(p + offs, x < t)
    tl.store(p + offs, x <= t)
    tl.store(p + offs, x > t)
    tl.store(p + offs, x >= t)
    tl.store(p + offs, x == t)
    tl.store(p + offs, x != t)


@triton.jit
def icmp(p, s, u):
    offs = tl.arange(0, 16)
    tl.store(p + offs, offs < s)
    tl.store(p + offs, offs.to(tl.uint32) < u)
    tl.store(p + offs, offs.to(tl.uint32) >= u)


@triton.jit
def chained(p, lo, hi):
    offs = tl.arange(0, 16)
    m = lo <= offs < hi
    x = tl.load(p + offs, mask=m)
    tl.store(p + offs, x, mask=m)


# CHECK-LABEL: func.func @fcmp
# CHECK: %[[X:.*]] = tile.load
# CHECK: %[[C0:.*]] = arith.cmpf olt, %[[X]], %{{.*}} : tensor<16xf32>
# Storing i1 into an fp32 pointer converts 0/1.
# CHECK: arith.uitofp %[[C0]] : tensor<16xi1> to tensor<16xf32>
# CHECK: arith.cmpf ole, %[[X]]
# CHECK: arith.cmpf ogt, %[[X]]
# CHECK: arith.cmpf oge, %[[X]]
# CHECK: arith.cmpf oeq, %[[X]]
# CHECK: arith.cmpf une, %[[X]]

# CHECK-LABEL: func.func @icmp
# CHECK-SAME: %[[S:arg1]]: i32, %[[U:arg2]]: i32
# CHECK: %[[SS:.*]] = tile.splat %[[S]] : i32 -> tensor<16xi32>
# CHECK: arith.cmpi slt, %{{.*}}, %[[SS]] : tensor<16xi32>
# CHECK: %[[US:.*]] = tile.splat %[[U]] : i32 -> tensor<16xi32>
# CHECK: arith.cmpi ult, %{{.*}}, %[[US]] : tensor<16xi32>
# CHECK: arith.cmpi uge, %{{.*}}, %{{.*}} : tensor<16xi32>

# CHECK-LABEL: func.func @chained
# CHECK-SAME: %[[LO:arg1]]: i32, %[[HI:arg2]]: i32
# CHECK: %[[R:.*]] = tile.make_range 0 to 16
# CHECK: %[[LOS:.*]] = tile.splat %[[LO]] : i32 -> tensor<16xi32>
# CHECK: %[[A:.*]] = arith.cmpi sle, %[[LOS]], %[[R]] : tensor<16xi32>
# CHECK: %[[HIS:.*]] = tile.splat %[[HI]] : i32 -> tensor<16xi32>
# CHECK: %[[B:.*]] = arith.cmpi slt, %[[R]], %[[HIS]] : tensor<16xi32>
# CHECK: %[[M:.*]] = arith.andi %[[A]], %[[B]] : tensor<16xi1>
# CHECK: tile.load %{{.*}}, %[[M]] : tensor<16x!tile.ptr<f32>>
# CHECK: tile.store %{{.*}}, %{{.*}}, %[[M]] : tensor<16x!tile.ptr<f32>>
