# GeLU bf16 (examples/gelu.py) with --programs-per-cta auto: 16 bytes a thread
# per program, no reduction, so 8 programs per CTA. The grid's x is a fifth
# parameter; the 8 programs' 16-byte loads are all issued before the first
# store; programs 1..7 compute a clamped program id (min with x - 1) and
# store only when they are below the grid's x.
# RUN: tilec %seeds/gelu.py --kernel triton_gelu_kernel --signature "*bf16:16, *bf16:16, i32:16, 1024" --programs-per-cta auto --emit=ptx -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: FileCheck %s --check-prefix=JSON8 < %t.json
# JSON8: "programs_per_cta": 8,
#
# The CLI's default keeps one program per CTA and the plain ABI.
# RUN: tilec %seeds/gelu.py --kernel triton_gelu_kernel --signature "*bf16:16, *bf16:16, i32:16, 1024" --emit=ptx -o %t1.ptx
# RUN: FileCheck %s --check-prefix=ONE < %t1.ptx
# RUN: FileCheck %s --check-prefix=JSON1 < %t1.json
# ONE: .param .u32 triton_gelu_kernel_param_2
# ONE-NOT: triton_gelu_kernel_param_3
# ONE-COUNT-1: ld.global.v4.b32
# ONE-NOT: ld.global
# JSON1: "programs_per_cta": 1,
#
# Bad values.
# RUN: not tilec %seeds/gelu.py --kernel triton_gelu_kernel --signature "*bf16:16, *bf16:16, i32:16, 1024" --programs-per-cta 0 --emit=ptx 2>&1 | FileCheck %s --check-prefix=BAD0
# BAD0: tilec: error: --programs-per-cta must be auto or from 1 to 8, got '0'
# RUN: not tilec %seeds/gelu.py --kernel triton_gelu_kernel --signature "*bf16:16, *bf16:16, i32:16, 1024" --programs-per-cta many --emit=ptx 2>&1 | FileCheck %s --check-prefix=BADW
# BADW: tilec: error: --programs-per-cta must be auto or from 1 to 8, got 'many'
#
# REQUIRES: ptxas
# RUN: %ptxas -arch=sm_90 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
# PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

# CHECK-LABEL: .entry triton_gelu_kernel
# CHECK: .param .u32 triton_gelu_kernel_param_3
# CHECK: ld.param.u32 {{.*}}[triton_gelu_kernel_param_3]
# CHECK-COUNT-7: min.s32
# CHECK-NOT: st.global
# CHECK-COUNT-8: ld.global.v4.b32
# CHECK-NOT: ld.global
# CHECK: st.global.v4.b32
# CHECK-COUNT-7: @%p{{[0-9]+}} st.global.v4.b32
# CHECK-NOT: st.global
# CHECK: ret;
