# Module-level constants computed from torch's dtype limits, as kernel
# libraries write them (`FP8_MAX = torch.finfo(torch.float8_e4m3fn).max`,
# FlagGems' `_MIN_FLOAT32_VAL = tl.constexpr(torch.finfo(torch.float32).min)`):
# torch.finfo's bits, eps, max, min, tiny and resolution, torch.iinfo's max
# and min, with torch's values; dtype aliases (`torch.half`).
# RUN: tilec %s --kernel k --signature "*fp32:16, *i32:16, *i64:16" --emit=tile | FileCheck %s
# CHECK-DAG: arith.constant 4.480000e+02 : f32
# CHECK-DAG: arith.constant -3.40282347E+38 : f32
# CHECK-DAG: arith.constant 7.812500e-03 : f32
# CHECK-DAG: arith.constant 6.10351563E-5 : f32
# CHECK-DAG: arith.constant 1.000000e-03 : f32
# CHECK-DAG: arith.constant 5.734400e+04 : f32
# CHECK-DAG: arith.constant 2147483647 : i32
# CHECK-DAG: arith.constant 255 : i32
# CHECK-DAG: arith.constant 16 : i32
# CHECK-DAG: arith.constant -9223372036854775808 : i64
import torch
import triton
import triton.language as tl

FP8_MAX = torch.finfo(torch.float8_e4m3fn).max
_MIN_FLOAT32_VAL = tl.constexpr(torch.finfo(torch.float32).min)
_MAX_INT32_VAL = tl.constexpr(torch.iinfo(torch.int32).max)
EPS = torch.finfo(torch.bfloat16).eps
TINY16 = torch.finfo(torch.half).tiny
RES = torch.finfo(torch.float16).resolution
E5M2_MAX = torch.finfo(torch.float8_e5m2).max
BF16_BITS = torch.finfo(torch.bfloat16).bits
U8 = torch.iinfo(torch.uint8).max
I64MIN = torch.iinfo(torch.long).min


@triton.jit
def k(Y, I, L):
    tl.store(Y + 0, FP8_MAX)
    tl.store(Y + 1, _MIN_FLOAT32_VAL)
    tl.store(Y + 2, EPS)
    tl.store(Y + 3, TINY16)
    tl.store(Y + 4, RES)
    tl.store(Y + 5, E5M2_MAX)
    tl.store(I + 0, _MAX_INT32_VAL)
    tl.store(I + 1, U8)
    tl.store(I + 2, BF16_BITS)
    tl.store(L, I64MIN)
