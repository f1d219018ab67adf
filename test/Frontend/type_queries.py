# Compile-time type queries: x.type (a tensor's block type, a scalar's dtype),
# .type.element_ty / .dtype.element_ty / .scalar / .shape / .numel, the
# dtype predicates and attributes with Triton's definitions (int1 counts as
# unsigned), comparisons with the fp8 dtypes, constexpr.value, and
# tl.static_print, which prints at compile time to stderr.
# RUN: tilec %s --kernel tq --signature "*fp16:16, *fp32:16, i32, tl.bfloat16, 32" --emit=tile --no-opt 2>%t.err | FileCheck %s
# RUN: FileCheck %s --check-prefix=PRINT --strict-whitespace < %t.err
import triton
import triton.language as tl
from triton.language import float8e4nv


@triton.jit
def tq(x_ptr, out_ptr, n, DTYPE: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    acc = tl.zeros([BLOCK.value], dtype=tl.float32)
    tl.static_assert(x.type.is_block() and not x.dtype.is_block())
    tl.static_assert(x.type.element_ty == tl.float16 and x.type.scalar == x.dtype)
    tl.static_assert(x.type.shape[0] == BLOCK and x.type.numel == 32)
    tl.static_assert(x.type == x.type and x.type != acc.type and x.type != x.dtype)
    tl.static_assert(n.type == tl.int32 and not n.type.is_block())
    tl.static_assert(x_ptr.type.is_ptr() and x_ptr.type.element_ty == tl.float16)
    tl.static_assert(x_ptr.dtype.element_ty.primitive_bitwidth == 16)
    tl.static_assert(tl.int1.is_int_unsigned() and not tl.int1.is_int_signed())
    tl.static_assert(tl.int1.is_bool() and tl.int1.is_int() and tl.int1.is_int1())
    tl.static_assert(tl.uint8.is_uint8() and tl.int16.is_int16() and tl.int64.is_int64())
    tl.static_assert(tl.uint32.is_uint32() and not tl.uint32.is_int32())
    tl.static_assert(DTYPE.is_bf16() and DTYPE.is_standard_floating())
    tl.static_assert(DTYPE.fp_mantissa_width == 7 and tl.float32.exponent_bias == 127)
    tl.static_assert(tl.float64.fp_mantissa_width == 52 and tl.int8.int_bitwidth == 8)
    tl.static_assert(x.dtype != tl.float8e5 and x.dtype != tl.float8e4nv)
    tl.static_assert(tl.float8e4nv == float8e4nv and tl.float8e4nv != tl.float8e5)
    tl.static_assert(tl.float8e5.is_fp8() and tl.float8e5.is_fp8e5() and tl.float8e5.is_floating())
    tl.static_assert(not tl.float8e5.is_standard_floating() and tl.float8e4nv.primitive_bitwidth == 8)
    tl.static_assert(tl.float16.name == "fp16" and x_ptr.type.name == "pointer<fp16>")
    tl.static_print("x:", x, "type", x.type, x.dtype, x_ptr.type, BLOCK.value, DTYPE, tl.float8e5)
    tl.static_print(1e-05, 2.5, 1e+20, 100.0, -0.0, (1, "a", 2.0), (3,), True, None, sep="|")
    tl.static_print(n, "end", end="!\n")
    if x.dtype == tl.float16:
        acc += x
    else:
        acc -= x
    tl.store(out_ptr + offs, acc.to(out_ptr.type.element_ty))


# CHECK-LABEL: func.func @tq
# CHECK: arith.extf {{.*}} : tensor<32xf16> to tensor<32xf32>
# CHECK-NEXT: arith.addf
# CHECK-NOT: arith.subf
# CHECK: tile.store
# PRINT:      {{^}}x: fp16[constexpr[32]] type <[32], fp16> fp16 pointer<fp16> 32 bf16 fp8e5{{$}}
# PRINT-NEXT: {{^}}1e-05|2.5|1e+20|100.0|-0.0|(1, 'a', 2.0)|(3,)|True|None{{$}}
# PRINT-NEXT: {{^}}int32[] end!{{$}}
