# examples/flash_attention.py (block pointers, two dots per iteration, an
# online softmax) at sm_90a with 8 warps: both dots on wgmma, exp2 as
# ex2.approx, no spills (ptxas -v); at sm_90 on mma.sync.
# REQUIRES: ptxas
# RUN: tilec %seeds/flash_attention.py --kernel flash_attention_fwd_kernel --num-warps 8 --arch sm_90a --signature "*fp16:16, *fp16:16, *fp16:16, fp32, *fp16:16, i32:16, i32:16, i32:16, 1, i32:16, i32:16, i32:16, 1, i32:16, i32:16, i32:16, 1, i32:16, i32:16, i32:16, 1, i32, i32, i32:16, 128, 64, 64, 1" --emit=ptx -o %t.a.ptx
# RUN: FileCheck %s --check-prefix=WGMMA < %t.a.ptx
# RUN: %ptxas -arch=sm_90a -v %t.a.ptx -o %t.a.cubin 2>&1 | FileCheck %s --check-prefix=REGS
# WGMMA: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
# WGMMA: ex2.approx.f32
# WGMMA: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
# REGS: 0 bytes spill stores, 0 bytes spill loads
# RUN: tilec %seeds/flash_attention.py --kernel flash_attention_fwd_kernel --num-warps 8 --signature "*fp16:16, *fp16:16, *fp16:16, fp32, *fp16:16, i32:16, i32:16, i32:16, 1, i32:16, i32:16, i32:16, 1, i32:16, i32:16, i32:16, 1, i32:16, i32:16, i32:16, 1, i32, i32, i32:16, 128, 64, 64, 0" --emit=ptx -o %t.m.ptx
# RUN: FileCheck %s --check-prefix=MMA < %t.m.ptx
# RUN: %ptxas -arch=sm_90 %t.m.ptx -o %t.m.cubin
# MMA: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
