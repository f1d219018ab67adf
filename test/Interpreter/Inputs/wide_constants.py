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
    # FlagGems' randperm: int64 keys made to sort as unsigned ones, the
    # sign-bit masks written as literals of 2**63 and up; and the int32 form.
    offs = tl.arange(0, BLOCK)
    ik = tl.load(x_ptr + offs)
    mask = (ik >> 63) & 0x1
    o = tl.where(mask, ik & 0x7FFFFFFFFFFFFFFF, ik | 0x8000000000000000)
    tl.store(o_ptr + offs, o)
    i32 = ik.to(tl.int32)
    o32 = tl.where(i32 < 0, i32 & 0x7FFFFFFF, i32 | 0x80000000)
    tl.store(o_ptr + BLOCK + offs, o32.to(tl.int64))
    tl.store(o_ptr + 2 * BLOCK + offs, ik ^ 0xFFFFFFFFFFFFFFFF)
