# wgmma with warpgroups side by side along N (--arch sm_90a): a 64-row tile
# on 8 warps is one warpgroup of rows, so the two warpgroups split N, each
# computing N / 2 consecutive columns with one m64n<N/2>k16 per k step of
# 16, its B descriptor starting at its first column (Triton's rule: whole
# warpgroups along M while M has 64 rows for each, the rest along N).
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*bf16:16, *bf16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 64, 128, 64" --num-warps 8 --arch sm_90a --emit=tilegpu | FileCheck %s --check-prefix=TGPU
# TGPU: #tilegpu.mma<{version = 3, warpsPerCTA = [4, 2], instrN = 64}>
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*bf16:16, *bf16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 64, 128, 64" --num-warps 8 --arch sm_90a --emit=ptx -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=serialized
# The loop: 4 k steps, one commit group.
# CHECK-NOT: mma.sync
# CHECK: wgmma.fence.sync.aligned
# CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
# CHECK: wgmma.commit_group.sync.aligned
# CHECK-NOT: mma.sync
# PTXAS: 0 bytes spill stores
#
# 16 warps on 64 x 256: four warpgroups along N, 64 columns each.
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 64, 256, 64" --num-warps 16 --arch sm_90a --emit=tilegpu | FileCheck %s --check-prefix=TGPU16
# TGPU16: #tilegpu.mma<{version = 3, warpsPerCTA = [4, 4], instrN = 64}>
#
# B given transposed (K-major, read from a transposed buffer): split at any
# 8 columns, 32 each here. B row-major with 32-column halves would start a
# warpgroup inside a 128-byte swizzle row: mma.sync instead.
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, 1, i32:16, i32:16, 1, 64, 64, 32" --num-warps 8 --arch sm_90a --emit=ptx -o %t.bt.ptx
# RUN: FileCheck %s --check-prefix=BT < %t.bt.ptx
# BT-COUNT-2: wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16
# RUN: tilec %seeds/matmul_relu.py --kernel matmul_relu_kernel --signature "*fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 64, 64, 32" --num-warps 8 --arch sm_90a --emit=tilegpu | FileCheck %s --check-prefix=NARROW
# NARROW: #tilegpu.mma<{warpsPerCTA = [4, 2]}>
#
# Attention's first dot feeds the second: all warps stay along M (its
# accumulator is the next dot's A in registers), so 64 rows on 8 warps
# stay on mma.sync.
# RUN: tilec %seeds/flash_attention.py --kernel flash_attention_fwd_kernel --num-warps 8 --arch sm_90a --signature "*fp16:16, *fp16:16, *fp16:16, fp32, *fp16:16, i32:16, i32:16, i32:16, 1, i32:16, i32:16, i32:16, 1, i32:16, i32:16, i32:16, 1, i32:16, i32:16, i32:16, 1, i32, i32, i32:16, 64, 64, 64, 0" --emit=tilegpu | FileCheck %s --check-prefix=ATTN
# ATTN-NOT: instrN
# ATTN: #tilegpu.mma<{warpsPerCTA = [4, 2]}>
# ATTN-NOT: instrN
