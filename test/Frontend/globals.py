# Checks module-level constants read by jit functions: `NAME: tl.constexpr = v`,
# `NAME = tl.constexpr(v)` and plain literals; host code around them is skipped.
# RUN: tilec %s --kernel k --signature "*fp32:16" --emit=tile | FileCheck %s
import torch
import triton
import triton.language as tl

DEVICE = torch.device("cuda")
BLOCK: tl.constexpr = 128
LOG2E = tl.constexpr(1.4426950408889634)
SCALE = 2
config = {"a": 1}


@triton.jit
def k(p):
    offs = tl.arange(0, BLOCK)
    tl.store(p + offs, offs.to(tl.float32) * LOG2E * SCALE)

# CHECK-LABEL: func.func @k
# CHECK-DAG: %[[TWO:.*]] = arith.constant dense<2.000000e+00> : tensor<128xf32>
# CHECK-DAG: %[[L:.*]] = arith.constant dense<1.44269502> : tensor<128xf32>
# CHECK-DAG: %[[R:.*]] = tile.make_range 0 to 128 : tensor<128xi32>
# CHECK: %[[F:.*]] = arith.sitofp %[[R]] : tensor<128xi32> to tensor<128xf32>
# CHECK: %[[M:.*]] = arith.mulf %[[F]], %[[L]] : tensor<128xf32>
# CHECK: %[[M2:.*]] = arith.mulf %[[M]], %[[TWO]] : tensor<128xf32>
# CHECK: tile.store %{{.*}}, %[[M2]] : tensor<128x!tile.ptr<f32>>
