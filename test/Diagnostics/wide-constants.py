# Compile-time integers beyond 64 bits: they compute as Python's ints (here
# in 128 bits), and one that becomes a value must lie in [-2**63, 2**64).
# RUN: not tilec %s --kernel too_big --signature "*i64, 64" 2>&1 | FileCheck %s --check-prefix=BIG
# BIG: wide-constants.py:[[@LINE+40]]:8: error: the constant 18446744073709551616 does not fit in 64 bits
# RUN: not tilec %s --kernel too_small --signature "*i64, 64" 2>&1 | FileCheck %s --check-prefix=SMALL
# SMALL: wide-constants.py:[[@LINE+44]]:8: error: the constant -9223372036854775809 does not fit in 64 bits
# RUN: not tilec %s --kernel huge --signature "*i64, 64" 2>&1 | FileCheck %s --check-prefix=HUGE
# HUGE: error: integer overflow in constant expression
# RUN: not tilec %s --kernel wide_size --signature "*i64, 64" 2>&1 | FileCheck %s --check-prefix=SIZE
# SIZE: error: tl.arange() takes compile-time integers of int64's range, got the constant 9223372036854775808
# Sizes, offsets, loop bounds and hints take no constant past int64; a
# constant assigned to a variable becomes a value, which must fit.
# RUN: not tilec %s --kernel wide_offset --signature "*i64, i32, 64" 2>&1 | FileCheck %s --check-prefix=OFFSET
# OFFSET: error: tl.make_block_ptr() takes compile-time integers of int64's range, got the constant 18446744073709551616
# RUN: not tilec %s --kernel wide_bound --signature "*i64, i32, 64" 2>&1 | FileCheck %s --check-prefix=BOUND
# BOUND: error: range() takes bounds of int64's range, got the constant 9223372036854775808
# RUN: not tilec %s --kernel wide_branch --signature "*i64, i32, 64" 2>&1 | FileCheck %s --check-prefix=BRANCH
# BRANCH: wide-constants.py:[[@LINE+81]]:15: error: the constant 18446744073709551616 does not fit in 64 bits
# A float operand takes the value, not its low 64 bits.
# RUN: tilec %s --kernel float_scale --signature "*fp32, 64" --emit=tile | FileCheck %s --check-prefix=FLOAT
# FLOAT: arith.constant dense<1.84467441E+19> : tensor<64xf32>
# An int32 operand takes the constants of int32 only, as in Triton (a
# sign-bit mask of a signed operand too).
# RUN: not tilec %s --kernel wide_for_i32 --signature "*i32, 64" 2>&1 | FileCheck %s --check-prefix=I32
# I32: error: the constant 2147483648 does not fit in int32
# An unsigned operand takes no negative constant.
# RUN: not tilec %s --kernel negative_for_u64 --signature "*u64, 64" 2>&1 | FileCheck %s --check-prefix=U64
# U64: error: the constant -1 does not fit in uint64
# A constant from 2**63 on, alone, is a uint64 (Triton's type for it); its
# digits print as Python's.
# RUN: tilec %s --kernel alone --signature "*u64, 64" --emit=tile 2>&1 | FileCheck %s --check-prefix=ALONE
# ALONE: 18446744073709551615 9223372036854775808 -9223372036854775808
# ALONE: -1 1 2 2 18446744073709551616 1.8446744073709552e+19 18446744073709551616
# ALONE: %[[C:.*]] = arith.constant dense<-9223372036854775808> : tensor<64xi64>
# ALONE: tile.store %{{.*}}, %[[C]]

import triton
import triton.language as tl


@triton.jit
def too_big(p, B: tl.constexpr):
    v: tl.constexpr = 2 ** 64
    tl.store(p + tl.arange(0, B), v)


@triton.jit
def too_small(p, B: tl.constexpr):
    v: tl.constexpr = -(2 ** 63) - 1
    tl.store(p + tl.arange(0, B), v)


@triton.jit
def wide_for_i32(p, B: tl.constexpr):
    x = tl.load(p + tl.arange(0, B))
    tl.store(p + tl.arange(0, B), x | 0x80000000)


@triton.jit
def negative_for_u64(p, B: tl.constexpr):
    x = tl.load(p + tl.arange(0, B))
    tl.store(p + tl.arange(0, B), x + (-1))


@triton.jit
def alone(p, B: tl.constexpr):
    tl.static_print(2 ** 64 - 1, 2 ** 63, -1 * 2 ** 63)
    tl.static_print((-1) ** 3, (-1) ** 4, (-(2 ** 126) * 2) % 5, 2 ** 64 % 7,
                    abs(-(2 ** 64)), float(2 ** 64), max(2 ** 64, 5))
    tl.store(p + tl.arange(0, B), 0x8000000000000000)


@triton.jit
def huge(p, B: tl.constexpr):
    v: tl.constexpr = 2 ** 200
    tl.store(p + tl.arange(0, B), v)


@triton.jit
def wide_size(p, B: tl.constexpr):
    tl.store(p + tl.arange(0, 2 ** 63), 0)


@triton.jit
def wide_offset(p, n, B: tl.constexpr):
    bp = tl.make_block_ptr(p, (n,), (1,), (2 ** 64,), (B,), (0,))
    tl.store(bp, tl.zeros([B], tl.int64))


@triton.jit
def wide_bound(p, n, B: tl.constexpr):
    for i in range(n, 2 ** 63):
        tl.store(p + i, 0)


@triton.jit
def wide_branch(p, n, B: tl.constexpr):
    if n > 0:
        c = 2 ** 64
    else:
        c = 0
    tl.store(p + tl.arange(0, B), c // 2 ** 32)


@triton.jit
def float_scale(p, B: tl.constexpr):
    x = tl.load(p + tl.arange(0, B))
    tl.store(p + tl.arange(0, B), x * (2 ** 64 - 1))
