// TMA copies and stores of blocks of rank-3 and rank-4 tensors whose
// leading dimensions are 1: the box has the unit dimensions in front, and
// the coordinates go to cp.async.bulk.tensor.<rank>d innermost first (the
// column, the row, then the leading ones from the inside out); a buffer
// split into column blocks takes one copy a block, its column advanced.
// RUN: tilec-opt %s -tilegpu-allocate-shared -convert-tilegpu-to-llvm | FileCheck %s

// CHECK: tilegpu.tensor_maps = [{box = array<i64: 1, 64, 64>, desc = "a", dtype = "fp16", swizzle = 128 : i32}, {box = array<i64: 1, 1, 64, 64>, desc = "c", dtype = "fp16", swizzle = 128 : i32}]
// CHECK: llvm.func @copy(%[[MAP:[^:]*]]: !llvm.ptr {{.*}}, %[[OUT:[^:]*]]: !llvm.ptr {{.*}}, %[[B:[^:]*]]: i32, %[[H:[^:]*]]: i32, %[[ROW:[^:]*]]: i32, %[[COL:[^:]*]]: i32, %[[P:[^:]*]]: i1)
// CHECK: "@$6 cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [$0], [$1, {$2, $3, $4}], [$5];", "r,l,r,r,r,r,b" %{{[^,]*}}, %[[MAP]], %[[COL]], %[[ROW]], %[[B]], %{{[^,]*}}, %{{[^,]*}}
// CHECK: %[[COL1:.*]] = llvm.add %[[COL]], %{{.*}} : i32
// CHECK: cp.async.bulk.tensor.3d{{.*}}"r,l,r,r,r,r,b" %{{[^,]*}}, %[[MAP]], %[[COL1]], %[[ROW]], %[[B]],
// CHECK-NOT: cp.async.bulk.tensor.3d
// CHECK: "@$6 cp.async.bulk.tensor.4d.global.shared::cta.bulk_group [$0, {$1, $2, $3, $4}], [$5];", "l,r,r,r,r,r,b" %[[OUT]], %[[COL]], %[[ROW]], %[[H]], %[[B]],
// CHECK: cp.async.bulk.tensor.4d.global{{.*}} %[[OUT]], %{{[^,]*}}, %[[ROW]], %[[H]], %[[B]],
// CHECK: cp.async.bulk.commit_group
#shared = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, blockCols = 64}>
module attributes {tile.num_warps = 4 : i32} {
  func.func @copy(%map: !tilegpu.tensormap {tilegpu.tensor_map = {desc = "a", dtype = "fp16", box = array<i64: 1, 64, 64>, swizzle = 128 : i32}}, %out: !tilegpu.tensormap {tilegpu.tensor_map = {desc = "c", dtype = "fp16", box = array<i64: 1, 1, 64, 64>, swizzle = 128 : i32}}, %b: i32, %h: i32, %row: i32, %col: i32, %p: i1) attributes {tile.kernel} {
    %bar = tilegpu.local_alloc : !tilegpu.memdesc<1xi64>
    %buf = tilegpu.local_alloc : !tilegpu.memdesc<64x128xf16, #shared>
    tilegpu.mbarrier_init %bar, 1 : !tilegpu.memdesc<1xi64>
    tilegpu.barrier
    tilegpu.mbarrier_expect %bar, 16384 pred %p : !tilegpu.memdesc<1xi64>
    tilegpu.tma_copy %map[%b, %row, %col], %buf, %bar pred %p : !tilegpu.tensormap, !tilegpu.memdesc<64x128xf16, #shared>, !tilegpu.memdesc<1xi64>
    %c0 = arith.constant 0 : i32
    tilegpu.mbarrier_wait %bar, %c0 : !tilegpu.memdesc<1xi64>
    tilegpu.barrier
    tilegpu.tma_store %out[%b, %h, %row, %col], %buf : !tilegpu.tensormap, !tilegpu.memdesc<64x128xf16, #shared>
    tilegpu.mbarrier_inval %bar : !tilegpu.memdesc<1xi64>
    return
  }
}
