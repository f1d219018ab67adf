# tl.div_rn is an fp32 arith.divf marked tile.div_rn (numbers become fp32
# beside an fp32 operand); `/` stays unmarked. tl.swizzle2d is Triton's
# integer arithmetic (standard.py), folded on constants (its results are
# scalars, as Triton returns tensors from it); num_warps() and
# num_threads() of triton.language.extra.cuda are the kernel's num_warps and
# 32 times it.
# RUN: tilec %s --kernel dr --signature "*fp32:16, *fp32:16, *fp32:16, 64" --emit=tile --no-opt | FileCheck %s
# RUN: tilec %s --kernel sw --signature "*i32:16, i32, i32, 4" --emit=tile --no-opt | FileCheck %s --check-prefix=SW
# RUN: tilec %s --kernel sw_const --signature "*i32:16" --emit=tile | FileCheck %s --check-prefix=SWC
# SWC: tile.store %arg0, %c5003_i32
# SWC: tile.store %{{.*}}, %c9001_i32
# SWC: tile.store %{{.*}}, %c4001_i32
# RUN: tilec %s --kernel warps --signature "*i32:16" --num-warps 8 --emit=tile | FileCheck %s --check-prefix=WARPS
import triton
import triton.language as tl
from triton.language.extra.cuda import num_threads


@triton.jit
def dr(x_ptr, y_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    s = tl.load(y_ptr)
    q = tl.div_rn(x, y) + tl.div_rn(x, 3) + tl.div_rn(1.0, s) + x / y
    tl.store(out_ptr + offs, q)


# CHECK-LABEL: func.func @dr
# CHECK: %[[X:.*]] = tile.load
# CHECK: %[[Y:.*]] = tile.load
# CHECK: %[[S:.*]] = tile.load %{{.*}} : !tile.ptr<f32>
# CHECK: arith.divf %[[X]], %[[Y]] {tile.div_rn} : tensor<64xf32>
# CHECK: %[[C3:.*]] = arith.constant 3.000000e+00 : f32
# CHECK: %[[C3S:.*]] = tile.splat %[[C3]]
# CHECK: arith.divf %[[X]], %[[C3S]] {tile.div_rn} : tensor<64xf32>
# CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
# CHECK: arith.divf %[[ONE]], %[[S]] {tile.div_rn} : f32
# CHECK: arith.divf %[[X]], %[[Y]] : tensor<64xf32>


@triton.jit
def sw(out_ptr, M, N, G: tl.constexpr):
    i = tl.arange(0, 16)[:, None]
    j = tl.arange(0, 8)[None, :]
    ni, nj = tl.swizzle2d(i, j, M, N, G)
    tl.store(out_ptr + i * 8 + j, ni * 1000 + nj)



@triton.jit
def sw_const(out_ptr):
    a, b = tl.swizzle2d(5, 3, 10, 4, 3)
    tl.store(out_ptr + 0, a * 1000 + b)
    a, b = tl.swizzle2d(9, 1, 10, 4, 3)
    tl.store(out_ptr + 1, a * 1000 + b)
    a, b = tl.swizzle2d(4, 0, 10, 4, 3)
    tl.store(out_ptr + 2, a * 1000 + b)


# SW-LABEL: func.func @sw
# ij = i * size_j + j; group = ij // (size_g * size_j); off_i = group * size_g
# SW: %[[IJ:.*]] = arith.addi
# SW: %[[GJ:.*]] = arith.muli %{{.*}}, %arg2 : i32
# SW: %[[GJS:.*]] = tile.splat %[[GJ]]
# SW: %[[GRP:.*]] = arith.divsi %[[IJ]], %[[GJS]]
# SW: %[[OFFI:.*]] = arith.muli %[[GRP]]
# size_g = minimum(size_i - off_i, size_g)
# SW: %[[REST:.*]] = arith.subi %{{.*}}, %[[OFFI]]
# SW: %[[G:.*]] = arith.minsi %[[REST]]
# SW: %[[IJG:.*]] = arith.remsi %[[IJ]]
# SW: %[[R:.*]] = arith.remsi %[[IJG]], %[[G]]
# SW: arith.addi %[[OFFI]], %[[R]]
# SW: arith.divsi %[[IJG]], %[[G]]


@triton.jit
def warps(out_ptr):
    tl.static_assert(tl.extra.cuda.num_warps() == 8 and num_threads() == 256)
    tl.store(out_ptr, tl.extra.cuda.num_warps() + num_threads())


# WARPS-LABEL: func.func @warps
# WARPS: arith.constant 264 : i32
