# Checks augmented assignment += -= *= /= //= %= &= |= ^= <<= >>= on tensors and on
# pointer tensors (ptrs += k is an addptr).
# RUN: tilec %s --kernel aug --signature "*fp32:16, i32" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def aug(p, n):
    offs = tl.arange(0, 16)
    ptrs = p + offs
    x = tl.load(ptrs)
    x += 1.0
    x -= 2.0
    x *= 3.0
    x /= 4.0
    i = offs
    i //= n
    i %= n
    i &= 7
    i |= 8
    i ^= n
    i <<= 1
    i >>= 1
    ptrs += n
    tl.store(ptrs, x + i)


# CHECK-LABEL: func.func @aug
# CHECK: %[[R:.*]] = tile.make_range 0 to 16
# CHECK: %[[PTRS:.*]] = tile.addptr %{{.*}}, %[[R]] : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
# CHECK: %[[X:.*]] = tile.load %[[PTRS]]
# CHECK: %[[X1:.*]] = arith.addf %[[X]], %{{.*}} : tensor<16xf32>
# CHECK: %[[X2:.*]] = arith.subf %[[X1]], %{{.*}} : tensor<16xf32>
# CHECK: %[[X3:.*]] = arith.mulf %[[X2]], %{{.*}} : tensor<16xf32>
# CHECK: %[[X4:.*]] = arith.divf %[[X3]], %{{.*}} : tensor<16xf32>
# CHECK: %[[I1:.*]] = arith.divsi %[[R]], %{{.*}} : tensor<16xi32>
# CHECK: %[[I2:.*]] = arith.remsi %[[I1]], %{{.*}} : tensor<16xi32>
# CHECK: %[[I3:.*]] = arith.andi %[[I2]], %{{.*}} : tensor<16xi32>
# CHECK: %[[I4:.*]] = arith.ori %[[I3]], %{{.*}} : tensor<16xi32>
# CHECK: %[[I5:.*]] = arith.xori %[[I4]], %{{.*}} : tensor<16xi32>
# CHECK: %[[I6:.*]] = arith.shli %[[I5]], %{{.*}} : tensor<16xi32>
# CHECK: %[[I7:.*]] = arith.shrsi %[[I6]], %{{.*}} : tensor<16xi32>
# CHECK: %[[P2:.*]] = tile.addptr %[[PTRS]], %{{.*}} : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
# CHECK: %[[IF:.*]] = arith.sitofp %[[I7]] : tensor<16xi32> to tensor<16xf32>
# CHECK: %[[SUM:.*]] = arith.addf %[[X4]], %[[IF]] : tensor<16xf32>
# CHECK: tile.store %[[P2]], %[[SUM]] : tensor<16x!tile.ptr<f32>>
