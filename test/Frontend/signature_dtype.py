# A tl.dtype value for a tl.constexpr parameter, spelled as Triton names it
# (tl.bfloat16, triton.language.float16).
# RUN: tilec %s --kernel k --signature "*fp32, *bf16, 16, tl.bfloat16" --emit=tile | FileCheck %s --check-prefix=BF16
# RUN: tilec %s --kernel k --signature "*fp32, *fp16, 16, triton.language.float16" --emit=tile | FileCheck %s --check-prefix=FP16
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, BLOCK: tl.constexpr, OUT_DTYPE: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs).to(OUT_DTYPE))

# BF16: arith.truncf %{{.*}} : tensor<16xf32> to tensor<16xbf16>
# FP16: arith.truncf %{{.*}} : tensor<16xf32> to tensor<16xf16>
