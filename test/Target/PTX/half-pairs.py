# 16-bit floats go two at a time where the target has the paired instruction:
# the seed GeLU in bf16 on sm_90 computes its bf16 arithmetic with
# mul/fma/add.bf16x2 (a multiply and the add using it contracted, as Triton's
# default fp fusion does) and rounds its fp32 results with cvt.rn.bf16x2.f32 (one
# instruction per two elements); on sm_80 only the rounding pairs up (bf16x2
# add/mul need sm_90), fp16 pairs up on sm_80; sm_75 has none of them.
# RUN: tilec %seeds/gelu.py --kernel triton_gelu_kernel --signature "*bf16:16, *bf16:16, i32:16, 1024" --arch sm_90 --emit=ptx -o %t90.ptx
# RUN: FileCheck %s --check-prefix=BF90 < %t90.ptx
# RUN: tilec %seeds/gelu.py --kernel triton_gelu_kernel --signature "*bf16:16, *bf16:16, i32:16, 1024" --arch sm_80 --emit=ptx | FileCheck %s --check-prefix=BF80
# RUN: tilec %seeds/gelu.py --kernel triton_gelu_kernel --signature "*fp16:16, *fp16:16, i32:16, 1024" --arch sm_80 --emit=ptx -o %th80.ptx
# RUN: FileCheck %s --check-prefix=H80 < %th80.ptx
# RUN: tilec %seeds/gelu.py --kernel triton_gelu_kernel --signature "*fp16:16, *fp16:16, i32:16, 1024" --arch sm_75 --emit=ptx | FileCheck %s --check-prefix=H75
# REQUIRES: ptxas
# RUN: %ptxas -arch=sm_90 %t90.ptx -o %t90.cubin
# RUN: %ptxas -arch=sm_80 %th80.ptx -o %th80.cubin

# BF90: ld.global.v4.b32
# BF90: mul.bf16x2
# BF90: fma.rn.bf16x2
# BF90: add.bf16x2
# BF90: ex2.approx.f32
# BF90: cvt.rn.bf16x2.f32
# BF90: div.full.f32
# BF90: cvt.rn.bf16x2.f32
# BF90: st.global.v4.b32
# BF90-NOT: mul.rn.bf16 {{.*}};
# BF90-NOT: cvt.rn.bf16.f32

# BF80-NOT: {{(mul|fma|add)(.rn)?}}.bf16x2
# BF80: cvt.rn.bf16x2.f32
# BF80-NOT: {{(mul|fma|add)(.rn)?}}.bf16x2

# H80: mul.f16x2
# H80: fma.rn.f16x2
# H80: add.f16x2
# H80: cvt.rn.f16x2.f32
# H80-NOT: cvt.rn.f16.f32

# H75-NOT: f16x2
