# The dtype of a block pointer is a pointer type (Triton's pointer to the
# block type) whose element_ty is the element type, so that kernels cast
# what they store through it: `b.to(p.dtype.element_ty)` (flash-linear-
# attention's kernels as FlagGems carries them); a tensor descriptor's dtype
# is its element type.
# RUN: tilec %s --kernel k --signature "*fp16:16, *bf16:16, tensordesc<fp16[16, 64]>, i32, i32, 16, 64" --emit=tile 2>&1 | FileCheck %s
# CHECK: pointer<fp16> fp16 fp16
# CHECK: %[[V:.*]] = tile.load {{.*}} : tensor<16x64x!tile.ptr<f16>>
# CHECK: %[[F:.*]] = arith.extf %[[V]] : tensor<16x64xf16> to tensor<16x64xf32>
# CHECK: %[[B:.*]] = arith.truncf %[[F]] : tensor<16x64xf32> to tensor<16x64xbf16>
# CHECK: tile.store %{{.*}}, %[[B]], %{{.*}} : tensor<16x64x!tile.ptr<bf16>>

import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, d, M, N, BM: tl.constexpr, BN: tl.constexpr):
    p_x = tl.make_block_ptr(x_ptr, (M, N), (N, 1), (0, 0), (BM, BN), (1, 0))
    p_y = tl.make_block_ptr(y_ptr, (M, N), (N, 1), (0, 0), (BM, BN), (1, 0))
    tl.static_assert(p_x.dtype.is_ptr())
    tl.static_print(p_x.dtype, p_x.dtype.element_ty, d.dtype)
    b = tl.load(p_x, boundary_check=(0, 1)).to(tl.float32)
    tl.store(p_y, b.to(p_y.dtype.element_ty), boundary_check=(0, 1))
