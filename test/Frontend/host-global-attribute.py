# An attribute of a module-level global that host code computes from torch
# (vLLM's attention kernels: `float8_info = torch.finfo(...)`, then
# `FP8_MIN: tl.constexpr = float8_info.min` as a parameter's default) is
# the host evaluator's value: fp8 e4m3fn's range is [-448, 448].
# RUN: tilec %s --kernel clamp_fp8 --signature "*fp32:16, 64, True" --emit=tile | FileCheck %s
# CHECK-DAG: arith.constant dense<4.480000e+02> : tensor<64xf32>
# CHECK-DAG: arith.constant dense<-4.480000e+02> : tensor<64xf32>
import torch
import triton
import triton.language as tl

float8_info = torch.finfo(torch.float8_e4m3fn)


@triton.jit
def clamp_fp8(p, B: tl.constexpr, USE_FP8: tl.constexpr,
              FP8_MIN: tl.constexpr = float8_info.min,
              FP8_MAX: tl.constexpr = float8_info.max):
    o = tl.arange(0, B)
    x = tl.load(p + o)
    if USE_FP8:
        x = tl.clamp(x, FP8_MIN, FP8_MAX)
    tl.store(p + o, x)
