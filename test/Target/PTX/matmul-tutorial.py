# examples/matmul_tutorial.py (Triton's tutorial 03, unchanged) at sm_90a:
# with tl.assume(pid_n >= 0) the offsets (pid_n * BN + arange) % N (N a
# multiple of 16) stay contiguous in groups of 16, so B is copied by 16-byte
# cp.async like A, pipelined, and the kernel fits its registers; the string
# constexpr 'leaky_relu' selects the epilogue (a select with 0.01 * x).
# REQUIRES: ptxas
# RUN: tilec %seeds/matmul_tutorial.py --kernel matmul_kernel --num-warps 8 --arch sm_90a --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 128, 256, 64, 8, 'leaky_relu'" --emit=tile | FileCheck %s --check-prefix=TILE
# TILE-DAG: tile.nonnegative
# TILE-DAG: arith.remsi
# TILE:     arith.select
# RUN: tilec %seeds/matmul_tutorial.py --kernel matmul_kernel --num-warps 8 --arch sm_90a --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 128, 256, 64, 8, 'leaky_relu'" --emit=ptx -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=REGS
# CHECK:     cp.async.cg.shared.global [ {{.*}} ], [ {{.*}} ], 16
# CHECK:     wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16
# CHECK-NOT: ld.global.b16
# REGS: 0 bytes spill stores, 0 bytes spill loads
