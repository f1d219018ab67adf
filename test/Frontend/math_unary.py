# Checks the unary math builtins on f32 tiles: exp exp2 log log2 sqrt rsqrt cos sin erf
# floor ceil abs (math dialect ops), sigmoid = 1 / (1 + exp(-x)), integer abs (absi),
# and an int input computed in f32.
# RUN: tilec %s --kernel mu --signature "*fp32:16" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def mu(p):
    offs = tl.arange(0, 16)
    x = tl.load(p + offs)
    tl.store(p + offs, tl.exp(x))
    tl.store(p + offs, tl.exp2(x))
    tl.store(p + offs, tl.log(x))
    tl.store(p + offs, tl.log2(x))
    tl.store(p + offs, tl.sqrt(x))
    tl.store(p + offs, tl.rsqrt(x))
    tl.store(p + offs, tl.cos(x))
    tl.store(p + offs, tl.sin(x))
    tl.store(p + offs, tl.erf(x))
    tl.store(p + offs, tl.floor(x))
    tl.store(p + offs, tl.ceil(x))
    tl.store(p + offs, tl.abs(x))
    tl.store(p + offs, tl.sigmoid(x))
    tl.store(p + offs, tl.abs(offs - 8))
    tl.store(p + offs, tl.exp(offs))


# CHECK-LABEL: func.func @mu
# CHECK: %[[R:.*]] = tile.make_range 0 to 16
# CHECK: %[[X:.*]] = tile.load
# CHECK: math.exp %[[X]] : tensor<16xf32>
# CHECK: math.exp2 %[[X]] : tensor<16xf32>
# CHECK: math.log %[[X]] : tensor<16xf32>
# CHECK: math.log2 %[[X]] : tensor<16xf32>
# CHECK: math.sqrt %[[X]] : tensor<16xf32>
# CHECK: math.rsqrt %[[X]] : tensor<16xf32>
# CHECK: math.cos %[[X]] : tensor<16xf32>
# CHECK: math.sin %[[X]] : tensor<16xf32>
# CHECK: math.erf %[[X]] : tensor<16xf32>
# CHECK: math.floor %[[X]] : tensor<16xf32>
# CHECK: math.ceil %[[X]] : tensor<16xf32>
# CHECK: math.absf %[[X]] : tensor<16xf32>
# sigmoid
# CHECK: %[[ONE:.*]] = tile.splat %{{.*}} : f32 -> tensor<16xf32>
# CHECK: %[[NEG:.*]] = arith.negf %[[X]] : tensor<16xf32>
# CHECK: %[[E:.*]] = math.exp %[[NEG]] : tensor<16xf32>
# CHECK: %[[DEN:.*]] = arith.addf %[[ONE]], %[[E]] : tensor<16xf32>
# CHECK: arith.divf %[[ONE]], %[[DEN]] : tensor<16xf32>
# integer abs
# CHECK: %[[D:.*]] = arith.subi %[[R]], %{{.*}} : tensor<16xi32>
# CHECK: math.absi %[[D]] : tensor<16xi32>
# exp of an int tile computes in f32
# CHECK: %[[RF:.*]] = arith.sitofp %[[R]] : tensor<16xi32> to tensor<16xf32>
# CHECK: math.exp %[[RF]] : tensor<16xf32>
