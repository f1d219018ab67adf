# dtypes called on one value make a scalar of that dtype: a number becomes a
# constant of the dtype (as tl.full((), x, dtype)), a runtime scalar is cast;
# also through a dtype held by a constexpr (DTYPE(0)).
# RUN: tilec %s --kernel dc --signature "*fp32:16, i32, fp16, tl.float16, 64" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def dc(out_ptr, n, h, DTYPE: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.float32(0.0)
    three = tl.int64(3)
    z = DTYPE(0)
    nf = tl.float32(n)
    hh = tl.float16(h)
    hb = tl.bfloat16(h)
    u = tl.uint8(300)
    t = tl.int32(2.75)
    r = acc + nf * three.to(tl.float32) + z + hh + hb + u + t
    tl.store(out_ptr + offs, r + tl.zeros([BLOCK], dtype=tl.float32))


# CHECK-LABEL: func.func @dc
# CHECK-SAME: %[[N:arg1]]: i32, %[[H:arg2]]: f16)
# CHECK: arith.constant 0.000000e+00 : f32
# CHECK: arith.constant 3 : i64
# CHECK: arith.constant 0.000000e+00 : f16
# CHECK: arith.sitofp %[[N]] : i32 to f32
# tl.float16 of an fp16 scalar is the scalar itself; bf16 goes through fp32.
# CHECK-NOT: arith.truncf %[[H]]
# CHECK: %[[HX:.*]] = arith.extf %[[H]] : f16 to f32
# CHECK: arith.truncf %[[HX]] : f32 to bf16
# 300 wraps to 44 in 8 bits; 2.75 truncates to 2.
# CHECK: arith.constant 44 : i8
# CHECK: arith.constant 2 : i32
