# Square roots in the forms Triton 3.6 gives them on NVIDIA GPUs: tl.sqrt and
# libdevice.sqrt of fp32 are sqrt.approx.ftz.f32, tl.rsqrt and libdevice.rsqrt
# rsqrt.approx.ftz.f32 (one MUFU instruction each), tl.sqrt_rn and
# libdevice.sqrt_rn the IEEE-rounded sqrt.rn.f32 (the frontend marks the op
# `tile.sqrt_rn`, as it marks tl.div_rn); fp64 sqrt is sqrt.rn.f64 and fp64
# rsqrt rsqrt.approx.f64; fp16 inputs are computed in fp32. ptxas accepts it.
# RUN: tilec %s --kernel k --signature "*fp32:16, *fp64:16, *fp16:16, *fp32:16, 128" --emit=tile | FileCheck %s --check-prefix=IR
# IR: math.sqrt %{{.*}} : tensor<128xf32>
# IR-NOT: tile.sqrt_rn
# IR: math.rsqrt %{{.*}} : tensor<128xf32>
# IR: math.sqrt %{{.*}} {tile.sqrt_rn} : tensor<128xf32>
# RUN: tilec %s --kernel k --signature "*fp32:16, *fp64:16, *fp16:16, *fp32:16, 128" --emit=ptx -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# CHECK-NOT: rcp.rn
# CHECK-DAG: sqrt.approx.ftz.f32
# CHECK-DAG: rsqrt.approx.ftz.f32
# CHECK-DAG: sqrt.rn.f32
# CHECK-DAG: sqrt.rn.f64
# CHECK-DAG: rsqrt.approx.f64
# CHECK-NOT: rcp.rn
# RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def k(x_ptr, d_ptr, h_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    d = tl.load(d_ptr + offs)
    h = tl.load(h_ptr + offs)
    y = tl.sqrt(x) + tl.rsqrt(x) + tl.sqrt_rn(x + 1.0)
    y += libdevice.sqrt(x + 2.0) + libdevice.rsqrt(x + 3.0)
    y += libdevice.sqrt_rn(x + 4.0) + tl.sqrt(h).to(tl.float32)
    y += (tl.sqrt(d) + tl.rsqrt(d)).to(tl.float32)
    tl.store(out_ptr + offs, y)
