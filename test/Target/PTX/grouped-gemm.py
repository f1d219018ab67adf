# examples/grouped_gemm.py (Triton's tutorial 08, unchanged) at sm_90a: the
# statement `tl.multiple_of(a_ptrs, [16, 16])` hints the loop's pointer tiles
# themselves (a tile.axis_hint at the start of the loop body that every use
# reads, also the `a_ptrs += BLOCK_SIZE_K` after it), so A and B are copied by
# 16-byte cp.async although their base pointers and leading dimensions are
# loaded from memory; without the hints every element is its own 2-byte load.
# REQUIRES: ptxas
# RUN: tilec %seeds/grouped_gemm.py --kernel grouped_matmul_kernel --arch sm_90a --signature "*i64:16, *i64:16, *i64:16, *i32:16, *i32:16, i32, 132, 128, 128, 64" --emit=tile | FileCheck %s --check-prefix=TILE
# TILE:      scf.for {{.*}} iter_args(%[[A:.*]] = %{{.*}}, %{{.*}} = %{{.*}}, %[[B:.*]] = %{{.*}}) -> (tensor<128x64x!tile.ptr<f16>>, tensor<128x128xf32>, tensor<64x128x!tile.ptr<f16>>)
# TILE-NEXT:   %[[BH:.*]] = tile.axis_hint %[[B]] {divisibility = array<i64: 16, 16>} : tensor<64x128x!tile.ptr<f16>>
# TILE-NEXT:   %[[AH:.*]] = tile.axis_hint %[[A]] {divisibility = array<i64: 16, 16>} : tensor<128x64x!tile.ptr<f16>>
# TILE:        tile.load %[[AH]]
# TILE:        tile.load %[[BH]]
# TILE:        tile.addptr %[[AH]]
# TILE:        tile.addptr %[[BH]]
# RUN: tilec %seeds/grouped_gemm.py --kernel grouped_matmul_kernel --arch sm_90a --signature "*i64:16, *i64:16, *i64:16, *i32:16, *i32:16, i32, 132, 128, 128, 64" --emit=ptx -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=REGS
# CHECK:     cp.async.cg.shared.global [ {{.*}} ], [ {{.*}} ], 16
# CHECK:     wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
# CHECK-NOT: ld.global.b16
# REGS: 0 bytes spill stores, 0 bytes spill loads
