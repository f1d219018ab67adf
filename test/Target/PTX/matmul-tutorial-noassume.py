# examples/matmul_tutorial_noassume.py (Triton's tutorial 03 without its
# tl.assume lines) at sm_90a: program indices are taken as non-negative, so
# (pid_n * BN + arange) % N (N a multiple of 16) stays contiguous in groups of
# 16 and B is copied by 16-byte cp.async like A; the PTX is the one of the
# kernel with the tl.assume lines.
# REQUIRES: ptxas
# RUN: tilec %seeds/matmul_tutorial_noassume.py --kernel matmul_kernel --num-warps 8 --arch sm_90a --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 128, 256, 64, 8, 'leaky_relu'" --emit=tile | FileCheck %s --check-prefix=TILE
# TILE-NOT: tile.nonnegative
# RUN: tilec %seeds/matmul_tutorial_noassume.py --kernel matmul_kernel --num-warps 8 --arch sm_90a --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 128, 256, 64, 8, 'leaky_relu'" --emit=ptx -o %t.ptx
# RUN: tilec %seeds/matmul_tutorial.py --kernel matmul_kernel --num-warps 8 --arch sm_90a --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 128, 256, 64, 8, 'leaky_relu'" --emit=ptx -o %t.assume.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: diff %t.ptx %t.assume.ptx
# RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=REGS
# The tutorial's 128x128x64 tiles on 4 warps, 4 stages:
# RUN: tilec %seeds/matmul_tutorial_noassume.py --kernel matmul_kernel --num-warps 4 --num-stages 4 --arch sm_90a --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 128, 128, 64, 8, ''" --emit=ptx -o %t.small.ptx
# RUN: FileCheck %s < %t.small.ptx
# RUN: %ptxas -arch=sm_90a -v %t.small.ptx -o %t.small.cubin 2>&1 | FileCheck %s --check-prefix=REGS
# CHECK:     cp.async.cg.shared.global [ {{.*}} ], [ {{.*}} ], 16
# CHECK:     wgmma.mma_async.sync.aligned
# CHECK-NOT: ld.global.b16
# REGS: 0 bytes spill stores, 0 bytes spill loads
