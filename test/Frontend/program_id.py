# Checks tl.program_id and tl.num_programs on axes 0, 1, 2 (positional and axis=) as i32 scalars.
# RUN: tilec %s --kernel pid --signature "*fp32:16" --emit=tile | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def pid(p):
    x = tl.program_id(0) + tl.program_id(axis=1) * tl.num_programs(0)
    y = tl.program_id(2) + tl.num_programs(axis=1) + tl.num_programs(2)
    tl.store(p + x, y)


# CHECK-LABEL: func.func @pid
# CHECK: %[[P0:.*]] = tile.program_id 0
# CHECK: %[[P1:.*]] = tile.program_id 1
# CHECK: %[[N0:.*]] = tile.num_programs 0
# CHECK: %[[M:.*]] = arith.muli %[[P1]], %[[N0]] : i32
# CHECK: %[[X:.*]] = arith.addi %[[P0]], %[[M]] : i32
# CHECK: %[[P2:.*]] = tile.program_id 2
# CHECK: %[[N1:.*]] = tile.num_programs 1
# CHECK: %[[A:.*]] = arith.addi %[[P2]], %[[N1]] : i32
# CHECK: %[[N2:.*]] = tile.num_programs 2
# CHECK: %[[Y:.*]] = arith.addi %[[A]], %[[N2]] : i32
# CHECK: %[[PTR:.*]] = tile.addptr %{{.*}}, %[[X]] : !tile.ptr<f32>, i32
# CHECK: %[[YF:.*]] = arith.sitofp %[[Y]] : i32 to f32
# CHECK: tile.store %[[PTR]], %[[YF]] : !tile.ptr<f32>
