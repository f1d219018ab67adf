# Block pointers (tl.make_block_ptr, tl.advance) become ordinary pointer
# tiles and masks in the frontend: the block's start in i64 as a scalar
# addptr, element offsets in the stride's type, boundary_check as
# 0 <= offset + arange < shape on the checked dimensions only, padding_option
# as the load's `other`. In a loop only the runtime parts a body changes are
# carried (the offsets advanced); a tuple is carried element by element.
# RUN: tilec %s --kernel copy --signature "*fp32, *fp32, i32, i32, i64, 4, 8" --emit=tile | FileCheck %s --check-prefix=COPY
# RUN: tilec %s --kernel walk --signature "*fp32, *fp32, i32, 16" --emit=tile | FileCheck %s --check-prefix=WALK

# COPY:      %cst = arith.constant dense<0x7FC00000> : tensor<4x8xf32>
# COPY:      %[[PID:.*]] = tile.program_id 0
# COPY:      %[[ROW:.*]] = arith.muli %[[PID]], %c4_i32 : i32
# COPY:      %[[ROW64:.*]] = arith.extsi %[[ROW]] : i32 to i64
# COPY:      %[[START:.*]] = arith.muli %[[ROW64]], %arg4 : i64
# COPY:      %[[BASE:.*]] = tile.addptr %arg0, %[[START]] : !tile.ptr<f32>, i64
# COPY:      arith.muli {{.*}} : tensor<4x1xi64>
# COPY:      %[[OFFS:.*]] = arith.addi {{.*}} : tensor<4x8xi64>
# COPY:      %[[SPLAT:.*]] = tile.splat %[[BASE]]
# COPY:      %[[PTRS:.*]] = tile.addptr %[[SPLAT]], %[[OFFS]] : tensor<4x8x!tile.ptr<f32>>, tensor<4x8xi64>
# COPY:      %[[IDX:.*]] = arith.addi {{.*}} : tensor<4x1xi32>
# COPY:      %[[HI:.*]] = arith.cmpi slt, %[[IDX]], {{.*}} : tensor<4x1xi32>
# COPY:      %[[LO:.*]] = arith.cmpi sge, %[[IDX]], {{.*}} : tensor<4x1xi32>
# COPY:      %[[IN:.*]] = arith.andi %[[LO]], %[[HI]] : tensor<4x1xi1>
# COPY:      %[[MASK:.*]] = tile.broadcast %[[IN]] : tensor<4x1xi1> -> tensor<4x8xi1>
# COPY:      tile.load %[[PTRS]], %[[MASK]], %cst : tensor<4x8x!tile.ptr<f32>>
# COPY:      %[[OUT:.*]] = tile.addptr %arg1, %[[START]]
# COPY-NOT:  arith.cmpi
# COPY:      tile.store {{.*}} : tensor<4x8x!tile.ptr<f32>>

# WALK:      scf.for {{.*}} iter_args(%[[ACC:.*]] = %cst_0, %[[CNT:.*]] = %c0_i32, %[[OFF:.*]] = %c0_i32) -> (tensor<16xf32>, i32, i32)
# WALK:        %[[OFF64:.*]] = arith.extsi %[[OFF]] : i32 to i64
# WALK:        tile.addptr %arg0, %[[OFF64]] : !tile.ptr<f32>, i64
# WALK:        %[[X:.*]] = tile.load {{.*}}, {{.*}}, %cst_0 : tensor<16x!tile.ptr<f32>>
# WALK:        %[[SUM:.*]] = arith.addf %[[ACC]], %[[X]]
# WALK:        %[[CNT1:.*]] = arith.addi %[[CNT]], %c1_i32
# WALK:        %[[OFF1:.*]] = arith.addi %[[OFF]], %c16_i32
# WALK:        scf.yield %[[SUM]], %[[CNT1]], %[[OFF1]] : tensor<16xf32>, i32, i32

import triton
import triton.language as tl


@triton.jit
def copy(in_ptr, out_ptr, M, N, sm, BM: tl.constexpr, BN: tl.constexpr):
    src = tl.make_block_ptr(in_ptr, shape=(M, N), strides=(sm, 1),
                            offsets=(tl.program_id(0) * BM, 0),
                            block_shape=(BM, BN), order=(1, 0))
    x = tl.load(src, boundary_check=(0,), padding_option="nan")
    dst = tl.make_block_ptr(out_ptr, (M, N), (sm, 1), (tl.program_id(0) * BM, 0),
                            (BM, BN), (1, 0))
    tl.store(dst, x)


@triton.jit
def walk(x_ptr, out_ptr, N, B: tl.constexpr):
    p = tl.make_block_ptr(x_ptr, (N,), (1,), (0,), (B,), (0,))
    acc = (tl.zeros((B,), dtype=tl.float32), 0)
    for k in range(0, N, B):
        acc = (acc[0] + tl.load(p, boundary_check=(0,), padding_option="zero"), acc[1] + 1)
        p = tl.advance(p, (B,))
    tl.store(out_ptr, tl.sum(acc[0], axis=0) + acc[1])
