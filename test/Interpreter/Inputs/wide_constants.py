import triton
import triton.language as tl


# The limits of an integer dtype as FlagGems' utils/limits.py computes them:
# Python evaluates 2 ** 63 as an unbounded int; the results fit 64 bits.
@triton.jit
def get_dtype_min(dtype: tl.constexpr):
    width: tl.constexpr = dtype.int_bitwidth
    value: tl.constexpr = -1 * 2 ** (width - 1)
    return value


@triton.jit
def get_dtype_max(dtype: tl.constexpr):
    width: tl.constexpr = dtype.int_bitwidth
    value: tl.constexpr = 2 ** (width - 1) - 1
    return value


@triton.jit
def clamp_limits(x_ptr, o_ptr, BLOCK: tl.constexpr):
    # max(x, min of the dtype) and min(x, max of the dtype): x unchanged;
    # then the position of the largest element, as argmax kernels start.
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    lo = get_dtype_min(x.dtype)
    hi = get_dtype_max(x.dtype)
    tl.store(o_ptr + offs, tl.minimum(tl.maximum(x, lo), hi))
    tl.store(o_ptr + BLOCK + offs, tl.full([BLOCK], lo, x.dtype))
    tl.store(o_ptr + 2 * BLOCK + offs, tl.full([BLOCK], hi, x.dtype))


@triton.jit
def radix_keys(x_ptr, o_ptr, BLOCK: tl.constexpr):
    # Keys made to sort as unsigned ones (a radix sort's first step), with
    # the sign-bit masks as literals from 2**63 on on uint64 operands (a
    # signed operand takes no such constant, in Triton neither), and the
    # 32-bit form; then constants computed past 64 bits and back.
    offs = tl.arange(0, BLOCK)
    ik = tl.load(x_ptr + offs)
    uk = ik.to(tl.uint64, bitcast=True)
    o = tl.where(ik < 0, uk & 0x7FFFFFFFFFFFFFFF, uk | 0x8000000000000000)
    tl.store(o_ptr + offs, o.to(tl.int64, bitcast=True))
    u32 = ik.to(tl.int32).to(tl.uint32, bitcast=True)
    o32 = tl.where(ik.to(tl.int32) < 0, u32 & 0x7FFFFFFF, u32 | 0x80000000)
    tl.store(o_ptr + BLOCK + offs, o32.to(tl.int32, bitcast=True).to(tl.int64))
    back: tl.constexpr = (2 ** 100 + 5) % 2 ** 64 - 2 ** 64 * 0  # 5
    tl.store(o_ptr + 2 * BLOCK + offs, (uk ^ 0xFFFFFFFFFFFFFFFF).to(tl.int64, bitcast=True) + back)
