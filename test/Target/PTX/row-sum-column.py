# A row sum stored as a column (examples/row_sum_column.py): the [BLOCK_M, 1]
# store shares the rank-2 layout of the [BLOCK_M, BLOCK_N] load. Lanes fitted
# to the store's one column would all lie along the rows, and every thread
# would hold a whole row (2048 registers at BLOCK_N = 2048, 10 KB of spills).
# tilegpu-coalesce puts them along the row instead, and with one row a
# program the warps too (along the one row, each warp would load a copy of
# it): 4 (8) 16-byte loads a thread at BLOCK_N = 2048 (4096), the warps'
# partial sums meeting in shared memory, no spills; with 4 rows, one warp a
# row and 16 loads a thread. Without a vector access (N not a multiple of
# 16) the default 8 lanes along the row give way to 32 as well.
# REQUIRES: ptxas
# RUN: tilec %seeds/row_sum_column.py --kernel row_sum_column_kernel --signature "*fp32:16, *fp32:16, i32:16, i32:16, 1, 2048" --emit=tilegpu | FileCheck %s --check-prefix=IR
# RUN: tilec %seeds/row_sum_column.py --kernel row_sum_column_kernel --signature "*fp32:16, *fp32:16, i32:16, i32:16, 4, 2048" --emit=tilegpu | FileCheck %s --check-prefix=IR4
# RUN: tilec %seeds/row_sum_column.py --kernel row_sum_column_kernel --signature "*fp32:16, *fp32:16, i32:16, i32, 1, 2048" --emit=tilegpu | FileCheck %s --check-prefix=SCALAR
# RUN: tilec %seeds/row_sum_column.py --kernel row_sum_column_kernel --signature "*fp32:16, *fp32:16, i32:16, i32:16, 1, 2048" --emit=ptx -o %t.2048.ptx
# RUN: FileCheck %s --check-prefix=PTX2048 < %t.2048.ptx
# RUN: %ptxas -arch=sm_90 -v %t.2048.ptx -o %t.2048.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
# RUN: tilec %seeds/row_sum_column.py --kernel row_sum_column_kernel --signature "*fp32:16, *fp32:16, i32:16, i32:16, 1, 4096" --emit=ptx -o %t.4096.ptx
# RUN: FileCheck %s --check-prefix=PTX4096 < %t.4096.ptx
# RUN: %ptxas -arch=sm_90 -v %t.4096.ptx -o %t.4096.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
# RUN: tilec %seeds/row_sum_column.py --kernel row_sum_column_kernel --signature "*fp32:16, *fp32:16, i32:16, i32:16, 4, 2048" --emit=ptx -o %t.m4.ptx
# RUN: FileCheck %s --check-prefix=PTXM4 < %t.m4.ptx
# RUN: %ptxas -arch=sm_90 -v %t.m4.ptx -o %t.m4.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
# RUN: tilec %seeds/row_sum_column.py --kernel row_sum_column_kernel --signature "*fp32:16, *fp32:16, i32:16, i32, 1, 4096" --emit=ptx -o %t.scalar.ptx
# RUN: %ptxas -arch=sm_90 -v %t.scalar.ptx -o %t.scalar.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

# IR: #[[B:blocked[0-9]*]] = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
# IR: %[[ACC:.*]] = tile.load {{.*}} {tilegpu.vector = 4 : i32} : tensor<1x2048x!tile.ptr<f32>, #[[B]]>
# IR: %[[SUM:.*]] = tile.reduce sum %[[ACC]] {axis = 1 : i32} : tensor<1x2048xf32, #[[B]]>
# IR: %[[COL:.*]] = tile.expand_dims %[[SUM]] {axis = 1 : i32} : {{.*}} -> tensor<1x1xf32, #[[B]]>
# IR: tile.store %{{.*}}, %[[COL]] {{.*}} : tensor<1x1x!tile.ptr<f32>, #[[B]]>

# IR4: #[[B:blocked[0-9]*]] = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
# IR4: tile.load {{.*}} : tensor<4x2048x!tile.ptr<f32>, #[[B]]>
# IR4: tile.store {{.*}} : tensor<4x1x!tile.ptr<f32>, #[[B]]>

# SCALAR: #[[B:blocked[0-9]*]] = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
# SCALAR: tile.load {{.*}} {tilegpu.vector = 1 : i32} : tensor<1x2048x!tile.ptr<f32>, #[[B]]>
# SCALAR: tile.store {{.*}} : tensor<1x1x!tile.ptr<f32>, #[[B]]>

# PTX2048-COUNT-4: ld.global.v4.b32
# PTX2048-NOT: ld.global
# PTX2048: bar.sync
# PTXM4-COUNT-16: ld.global.v4.b32
# PTXM4-NOT: ld.global
# PTXM4-NOT: bar.sync
# PTX4096-COUNT-8: ld.global.v4.b32
# PTX4096-NOT: ld.global

# PTXAS: Compiling entry function 'row_sum_column_kernel' for 'sm_90'
# PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
