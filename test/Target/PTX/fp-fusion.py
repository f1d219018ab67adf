# A float multiply and the add or subtract that uses it become one fma.rn,
# as Triton's default enable_fp_fusion makes them (LLVM's FPOpFusion::Fast
# in NVPTX code generation); --fp-fusion=false rounds each operation
# (mul.rn / add.rn / sub.rn, which ptxas does not contract either).
# RUN: tilec %s --kernel axpy --signature "*fp32:16, *fp32:16, *fp32:16, fp32, i32:16, 256" --num-warps 4 --emit=ptx -o %t.fused.ptx
# RUN: FileCheck %s --check-prefix=FUSED < %t.fused.ptx
# FUSED-NOT: mul.rn.f32
# FUSED-NOT: add.rn.f32
# FUSED-NOT: sub.rn.f32
# FUSED-COUNT-4: fma.rn.f32
# FUSED-NOT: fma.rn.f32
# RUN: tilec %s --kernel axpy --signature "*fp32:16, *fp32:16, *fp32:16, fp32, i32:16, 256" --num-warps 4 --fp-fusion=false --emit=ptx -o %t.apart.ptx
# RUN: FileCheck %s --check-prefix=APART < %t.apart.ptx
# APART-NOT: fma.rn.f32
# APART-COUNT-2: mul.rn.f32
# APART-COUNT-2: add.rn.f32
# APART-COUNT-2: mul.rn.f32
# APART-COUNT-2: sub.rn.f32
# APART-NOT: fma.rn.f32
import triton
import triton.language as tl


@triton.jit
def axpy(x_ptr, y_ptr, out_ptr, a, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = tl.load(y_ptr + offs, mask=m)
    tl.store(out_ptr + offs, a * x + y - x * y, mask=m)
