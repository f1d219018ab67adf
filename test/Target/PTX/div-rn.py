# tl.div_rn is IEEE division rounded to nearest, div.rn.f32, while `/` stays
# div.full.f32 as in Triton; ptxas accepts the PTX.
# RUN: tilec %s --kernel k --signature "*fp32:16, *fp32:16, *fp32:16, 256" --emit=ptx -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# CHECK-DAG: div.rn.f32
# CHECK-DAG: div.full.f32
# RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    tl.store(out_ptr + offs, tl.div_rn(x, y) - x / y)
