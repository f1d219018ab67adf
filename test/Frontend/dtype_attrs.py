# Checks compile-time type queries: x.dtype (used in tl.zeros and .to), x.shape (indexing a
# dim), ptr.dtype.element_ty, tl.float16 / tl.bfloat16 / tl.float32 / tl.int32 as dtypes, and
# comparisons on dtypes in a constexpr if.
# RUN: tilec %s --kernel da --signature "*fp16:16, *fp32:16" --emit=tile --no-opt | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def da(hp, fp):
    offs = tl.arange(0, 32)
    h = tl.load(hp + offs)
    z = tl.zeros([h.shape[0]], dtype=h.dtype)
    f = tl.load(fp + offs).to(hp.dtype.element_ty)
    if h.dtype == tl.float16:
        f = f + z
    else:
        f = f * 2.0
    if fp.dtype.element_ty == tl.float32:
        g = f.to(tl.bfloat16).to(tl.float32)
    tl.store(fp + offs, g + tl.zeros([32], dtype=tl.int32))


# CHECK-LABEL: func.func @da
# CHECK: %[[H:.*]] = tile.load %{{.*}} : tensor<32x!tile.ptr<f16>>
# zeros([h.shape[0]], dtype=h.dtype)
# CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<32xf16>
# CHECK: %[[F:.*]] = tile.load %{{.*}} : tensor<32x!tile.ptr<f32>>
# .to(hp.dtype.element_ty) is fp16
# CHECK: %[[FH:.*]] = arith.truncf %[[F]] : tensor<32xf32> to tensor<32xf16>
# h.dtype == tl.float16 is taken
# CHECK: %[[S:.*]] = arith.addf %[[FH]], %[[Z]] : tensor<32xf16>
# CHECK-NOT: arith.mulf
# CHECK: %[[SF:.*]] = arith.extf %[[S]] : tensor<32xf16> to tensor<32xf32>
# CHECK: %[[SB:.*]] = arith.truncf %[[SF]] : tensor<32xf32> to tensor<32xbf16>
# CHECK: arith.extf %[[SB]] : tensor<32xbf16> to tensor<32xf32>
# CHECK: arith.constant dense<0> : tensor<32xi32>
