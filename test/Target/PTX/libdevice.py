# Triton's libdevice functions (triton.language.extra.libdevice) compile for
# every float type: the tanh form of GeLU in fp32 and bf16 (computed in
# fp32), and a kernel calling every supported function in fp32, fp64 and
# fp16 inputs; ptxas accepts all of them. log1p, expm1 and pow go to
# libdevice rather than to MathToLLVM's llvm.log / llvm.pow (NVPTX cannot
# select those), trunc/round/rint to cvt.rzi / cvt.rni. libdevice is linked
# with subnormals flushed (nvvm-reflect-ftz = 1), as Triton links it: its
# functions take their .ftz code paths.
# REQUIRES: ptxas
# RUN: tilec %s --kernel gelu_tanh --signature "*fp32:16, *fp32:16, i32, 1024" --emit=tile | FileCheck %s --check-prefix=TILE
# TILE: math.tanh %{{.*}} : tensor<1024xf32>
# RUN: tilec %s --kernel gelu_tanh --signature "*bf16:16, *bf16:16, i32, 1024" --emit=ptx -o %t.g.ptx
# RUN: %ptxas -arch=sm_90 %t.g.ptx -o %t.g.cubin
# RUN: tilec %s --kernel many --signature "*fp32:16, *fp32:16, *fp32:16, i32, 128" --emit=ptx -o %t.32.ptx
# RUN: %ptxas -arch=sm_90 %t.32.ptx -o %t.32.cubin
# RUN: FileCheck %s --check-prefix=F32 < %t.32.ptx
# F32-DAG: cvt.rzi.f32.f32
# F32-DAG: cvt.rni.f32.f32
# F32-DAG: fma.rn.ftz.f32
# F32-NOT: call{{.*}}__nv_
# RUN: tilec %s --kernel many --signature "*fp64:16, *fp64:16, *fp64:16, i32, 128" --emit=ptx -o %t.64.ptx
# RUN: %ptxas -arch=sm_90 %t.64.ptx -o %t.64.cubin
# RUN: tilec %s --kernel many --signature "*fp16:16, *fp16:16, *fp32:16, i32, 128" --emit=ptx -o %t.16.ptx
# RUN: %ptxas -arch=sm_90 %t.16.ptx -o %t.16.cubin
import triton
import triton.language as tl
from triton.language.extra import libdevice
from triton.language.extra.cuda import libdevice as cuda_ld
from triton.language import float32


@triton.jit
def gelu_tanh(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask).to(float32)
    inner = 0.7978845608028654 * (x + 0.044715 * x * x * x)
    y = 0.5 * x * (1 + libdevice.tanh(inner))
    tl.store(y_ptr + offs, y.to(y_ptr.dtype.element_ty), mask=mask)


@triton.jit
def many(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.5)
    y = tl.load(y_ptr + offs, mask=mask, other=0.5)
    r = libdevice.tan(x) + cuda_ld.asin(x) + libdevice.acos(x) + libdevice.atan(x)
    r += tl.extra.cuda.libdevice.sinh(x) + libdevice.cosh(x) + libdevice.asinh(x)
    r += libdevice.atanh(x * 0.5) + libdevice.log1p(x + 1) + libdevice.expm1(x)
    r += libdevice.log10(x + 2) + libdevice.cbrt(x) + libdevice.trunc(x * 3)
    r += libdevice.round(x * 3) + libdevice.rint(x * 3) + libdevice.pow(x + 2, y)
    r += libdevice.atan2(x, y) + libdevice.copysign(x, y) + libdevice.fmod(x * 5, y + 2)
    r += libdevice.acosh(x + 2) + libdevice.isnan(x / y).to(tl.float32)
    r += libdevice.isinf(x / 0.0).to(tl.float32) + libdevice.signbit(y).to(tl.float32)
    tl.store(out_ptr + offs, r, mask=mask)
