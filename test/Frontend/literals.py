# Checks literals: ints, floats, hex/underscore ints, float('-inf'), -float('inf'),
# float("nan"), True/False/None used as values: weakly typed constants where
# they are used, scalars of Triton's types where a variable is bound to them
# (`t = True` is an i1: t + t is their xor, as Triton computes it).
# RUN: tilec %s --kernel lit_kernel --signature "*fp32:16, *fp32:16" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def lit_kernel(fptr, iptr):
    offs = tl.arange(0, 16)
    tl.store(fptr + offs, tl.full([16], -float('inf'), tl.float32))
    tl.store(fptr + offs + 16, tl.full([16], float('-inf'), tl.float32))
    tl.store(fptr + offs + 32, tl.full([16], float("inf"), tl.float32))
    tl.store(fptr + offs + 48, tl.full([16], 1.5e3, tl.float32))
    tl.store(iptr + offs, tl.full([16], 0x10 + 1_000, tl.int32))
    t = True
    f = False
    n = None
    if n is None:
        tl.store(iptr + offs + 16, tl.full([16], t + t, tl.int32))
    if not f:
        tl.store(iptr + offs + 32, tl.full([16], -7, tl.int32))
    x = tl.load(fptr + offs)
    tl.store(fptr + offs + 64, x * 2.5)


# CHECK-LABEL: func.func @lit_kernel
# CHECK-SAME: (%[[F:.*]]: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %[[I:.*]]: !tile.ptr<f32> {tile.divisibility = 16 : i32})
# CHECK: %[[NINF:.*]] = arith.constant dense<0xFF800000> : tensor<16xf32>
# CHECK: tile.store %{{.*}}, %[[NINF]] : tensor<16x!tile.ptr<f32>>
# CHECK: %[[NINF2:.*]] = arith.constant dense<0xFF800000> : tensor<16xf32>
# CHECK: tile.store %{{.*}}, %[[NINF2]] : tensor<16x!tile.ptr<f32>>
# CHECK: %[[PINF:.*]] = arith.constant dense<0x7F800000> : tensor<16xf32>
# CHECK: tile.store %{{.*}}, %[[PINF]]
# CHECK: %[[K:.*]] = arith.constant dense<1.500000e+03> : tensor<16xf32>
# CHECK: tile.store %{{.*}}, %[[K]]
# CHECK: %[[HEX:.*]] = arith.constant dense<1016> : tensor<16xi32>
# CHECK: %[[HEXF:.*]] = arith.sitofp %[[HEX]] : tensor<16xi32> to tensor<16xf32>
# CHECK: tile.store %{{.*}}, %[[HEXF]] : tensor<16x!tile.ptr<f32>>
# CHECK: %[[T:.*]] = arith.constant true
# CHECK: %[[F:.*]] = arith.constant false
# CHECK: %[[TT:.*]] = arith.addi %[[T]], %[[T]] : i1
# CHECK: %[[TTI:.*]] = arith.extui %[[TT]] : i1 to i32
# CHECK: %[[TTS:.*]] = tile.splat %[[TTI]] : i32 -> tensor<16xi32>
# CHECK: %[[TTF:.*]] = arith.sitofp %[[TTS]] : tensor<16xi32> to tensor<16xf32>
# CHECK: tile.store %{{.*}}, %[[TTF]] : tensor<16x!tile.ptr<f32>>
# CHECK: %[[NF:.*]] = arith.xori %[[F]], %{{.*}} : i1
# CHECK: scf.if %[[NF]]
# CHECK: %[[M7:.*]] = arith.constant dense<-7> : tensor<16xi32>
# CHECK: %[[M7F:.*]] = arith.sitofp %[[M7]] : tensor<16xi32> to tensor<16xf32>
# CHECK: tile.store %{{.*}}, %[[M7F]] : tensor<16x!tile.ptr<f32>>
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<16x!tile.ptr<f32>>
# CHECK: %[[C:.*]] = arith.constant 2.500000e+00 : f32
# CHECK: %[[S:.*]] = tile.splat %[[C]] : f32 -> tensor<16xf32>
# CHECK: %[[M:.*]] = arith.mulf %[[X]], %[[S]] : tensor<16xf32>
# CHECK: tile.store %{{.*}}, %[[M]] : tensor<16x!tile.ptr<f32>>
