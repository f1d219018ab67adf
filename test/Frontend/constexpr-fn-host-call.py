# A compile-time function's body is Python that runs while compiling, so a
# function of host code it calls runs then too, in the kernel language
# (FlagGems' radix sort: `@tl.constexpr def get_int_t(num_bits, signed)`
# calls `unwrap_if_constexpr(num_bits)`, a plain def). The sign bit of a
# float's bits, flipped as a radix sort orders floats.
# RUN: tilec %s --kernel k --signature "*fp32:16, *u32:16" --emit=tile | FileCheck %s
# CHECK: %[[SIGN:.*]] = arith.constant dense<-2147483648> : tensor<16xi32>
# CHECK: %[[X:.*]] = tile.load
# CHECK: %[[B:.*]] = arith.bitcast %[[X]] : tensor<16xf32> to tensor<16xi32>
# CHECK: arith.xori %[[B]], %[[SIGN]] : tensor<16xi32>
# Outside a compile-time function, a jit function cannot call host code.
# RUN: not tilec %s --kernel direct --signature "*i32:16" --emit=tile 2>&1 | FileCheck %s --check-prefix=DIRECT
# DIRECT: error: 'unwrap_if_constexpr' is a function of host code (no @triton.jit): jit functions cannot call it
# A host function whose body is no kernel language says where it was called.
# RUN: not tilec %s --kernel table --signature "*i32:16" --emit=tile 2>&1 | FileCheck %s --check-prefix=TABLE
# TABLE: error: dict and set literals are not supported in jit functions
# TABLE: note: in the call, at compile time, to the function of host code 'bits_table' here
# TABLE: note: in the call to the compile-time function 'width' here
import triton
import triton.language as tl


def unwrap_if_constexpr(o):
    return o.value if isinstance(o, tl.constexpr) else o


def bits_table(n):
    return {8: 1, 16: 2}[n]


@tl.constexpr
def get_int_t(num_bits: tl.constexpr, signed: tl.constexpr) -> tl.dtype:
    num_bits = unwrap_if_constexpr(num_bits)
    signed = unwrap_if_constexpr(signed)
    return tl.core.get_int_dtype(num_bits, signed)


@tl.constexpr
def one_zeros(num_bits: tl.constexpr) -> int:
    num_bits = unwrap_if_constexpr(num_bits)
    return 1 << (num_bits - 1)


@tl.constexpr
def width(n: tl.constexpr) -> int:
    return bits_table(n)


@triton.jit
def k(X, Y):
    x = tl.load(X + tl.arange(0, 16))
    num_bits: tl.constexpr = x.dtype.primitive_bitwidth
    udtype = get_int_t(num_bits, False)
    m: tl.constexpr = one_zeros(num_bits)
    ux = x.to(udtype, bitcast=True) ^ tl.full((), value=m, dtype=udtype)
    tl.store(Y + tl.arange(0, 16), ux)


@triton.jit
def direct(Y):
    tl.store(Y, unwrap_if_constexpr(3))


@triton.jit
def table(Y):
    w: tl.constexpr = width(16)
    tl.store(Y, w)
