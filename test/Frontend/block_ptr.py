# Block pointers (tl.make_block_ptr, tl.advance) become ordinary pointer
# tiles and masks in the frontend: the block's start in i64 as a scalar
# addptr, element offsets in the stride's type, boundary_check as
# 0 <= offset + arange < shape on the checked dimensions only (the lower
# bound folded away by tile-combine where the offset is known non-negative,
# like pid * BM; kept for a runtime offset), padding_option as the load's
# `other`. In a loop only the runtime parts a body changes are
# carried (the offsets advanced); a tuple is carried element by element.
# RUN: tilec %s --kernel copy --signature "*fp32, *fp32, i32, i32, i64, 4, 8" --emit=tile | FileCheck %s --check-prefix=COPY
# RUN: tilec %s --kernel walk --signature "*fp32, *fp32, i32, 16" --emit=tile | FileCheck %s --check-prefix=WALK
# RUN: tilec %s --kernel shifted --signature "*fp32, i32, i32, 16" --emit=tile | FileCheck %s --check-prefix=SHIFT
# Element offsets of a runtime i32 stride in i64 (stride * 31 may pass
# 2^31), of a small constant stride in i32; an i64 shape compares in i64.
# RUN: tilec %s --kernel widths --signature "*fp32, i32, i64, i32" --emit=tile | FileCheck %s --check-prefix=WIDTH
# WIDTH-DAG: arith.muli {{.*}} : tensor<32x1xi64>
# WIDTH-DAG: arith.muli {{.*}} : tensor<1x16xi32>
# WIDTH-DAG: arith.cmpi slt, {{.*}} : tensor<1x16xi64>
# SHIFT: %[[I:.*]] = arith.addi {{.*}} : tensor<16xi32>
# SHIFT: arith.cmpi slt, %[[I]]
# SHIFT: arith.cmpi sge, %[[I]]

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
# COPY-NOT:  arith.cmpi sge
# COPY:      %[[MASK:.*]] = tile.broadcast %[[HI]] : tensor<4x1xi1> -> tensor<4x8xi1>
# COPY:      tile.load %[[PTRS]], %[[MASK]], %cst : tensor<4x8x!tile.ptr<f32>>
# COPY:      %[[OUT:.*]] = tile.addptr %arg1, %[[START]]
# COPY-NOT:  arith.cmpi
# COPY:      tile.store {{.*}} : tensor<4x8x!tile.ptr<f32>>

# WALK:      scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[ZERO:cst[_0-9]*]], %[[CNT:.*]] = %c0_i32, %[[OFF:.*]] = %c0_i32) -> (tensor<16xf32>, i32, i32)
# WALK:        %[[OFF64:.*]] = arith.extsi %[[OFF]] : i32 to i64
# WALK:        tile.addptr %arg0, %[[OFF64]] : !tile.ptr<f32>, i64
# WALK:        %[[X:.*]] = tile.load {{.*}}, {{.*}}, %[[ZERO]] : tensor<16x!tile.ptr<f32>>
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


@triton.jit
def shifted(x_ptr, N, off, B: tl.constexpr):
    p = tl.make_block_ptr(x_ptr, (N,), (1,), (off,), (B,), (0,))
    tl.store(p, tl.load(p, boundary_check=(0,), padding_option="zero") + 1, boundary_check=(0,))


@triton.jit
def widths(x_ptr, stride, N, M):
    p = tl.make_block_ptr(x_ptr, (M, N), (stride, 3), (0, tl.program_id(0) * 16), (32, 16), (1, 0))
    tl.store(p, tl.load(p, boundary_check=(1,), padding_option="zero") + 1, boundary_check=(1,))
