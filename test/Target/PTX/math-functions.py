# Every tl math function compiles to PTX that ptxas accepts, in fp32, fp64,
# fp16 and bf16 (16-bit computed in fp32). tl.log, tl.log2, tl.sin, tl.cos
# and fp64 tl.exp / tl.exp2 / tl.sigmoid used to fail in LLVM's NVPTX
# backend (MathToLLVM turned them into llvm.log / llvm.sin / llvm.exp, which
# NVPTX cannot select; sin and cos aborted): they are libdevice calls now.
# fp32 exp stays ex2.approx.f32 of x * log2(e), exp2 ex2.approx.ftz.f32
# (Triton's libdevice exp2, linked with denormals flushed).
# REQUIRES: ptxas
# RUN: tilec %s --kernel k --signature "*fp32:16, 128" --emit=ptx -o %t.32.ptx
# RUN: FileCheck %s --check-prefix=F32 < %t.32.ptx
# RUN: %ptxas -arch=sm_90 %t.32.ptx -o %t.32.cubin
# RUN: tilec %s --kernel k --signature "*fp64:16, 128" --emit=ptx -o %t.64.ptx
# RUN: %ptxas -arch=sm_90 %t.64.ptx -o %t.64.cubin
# RUN: tilec %s --kernel k --signature "*fp16:16, 128" --emit=ptx -o %t.16.ptx
# RUN: %ptxas -arch=sm_90 %t.16.ptx -o %t.16.cubin
# RUN: tilec %s --kernel k --signature "*bf16:16, 128" --emit=ptx -o %t.b16.ptx
# RUN: %ptxas -arch=sm_90 %t.b16.ptx -o %t.b16.cubin
# F32-DAG: ex2.approx.f32
# F32-DAG: ex2.approx.ftz.f32
# F32-NOT: call{{.*}}__nv_
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = tl.load(x_ptr + offs)
    y = tl.log(x) + tl.log2(x) + tl.sin(x) + tl.cos(x) + tl.exp(x) + tl.exp2(x)
    y += tl.sqrt(x) + tl.rsqrt(x) + tl.erf(x) + tl.floor(x) + tl.ceil(x)
    y += tl.abs(x) + tl.sigmoid(x) + tl.sqrt_rn(x)
    tl.store(x_ptr + offs, y)
