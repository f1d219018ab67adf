// RUN: tilec-opt %s -canonicalize -cse | FileCheck %s
// Atomics and barriers write memory: -canonicalize does not erase them when
// their result is unused, and -cse does not merge two identical ones (each
// applies its update), nor a load across them.

// CHECK-LABEL: func.func @unused_results_kept
func.func @unused_results_kept(%p: !tile.ptr<i32>, %v: i32,
                               %pt: tensor<128x!tile.ptr<f32>>,
                               %vt: tensor<128xf32>, %mt: tensor<128xi1>) {
  // CHECK-NEXT: tile.atomic_rmw add acq_rel gpu
  // CHECK-NEXT: tile.atomic_rmw add acq_rel gpu
  // CHECK-NEXT: tile.atomic_rmw max relaxed cta {{.*}} : tensor<128x!tile.ptr<f32>>
  // CHECK-NEXT: tile.atomic_cas acq_rel gpu
  // CHECK-NEXT: tile.atomic_cas acq_rel gpu
  // CHECK-NEXT: tile.barrier
  // CHECK-NEXT: tile.barrier
  // CHECK-NEXT: return
  %0 = tile.atomic_rmw add acq_rel gpu %p, %v : !tile.ptr<i32>
  %1 = tile.atomic_rmw add acq_rel gpu %p, %v : !tile.ptr<i32>
  %2 = tile.atomic_rmw max relaxed cta %pt, %vt, %mt : tensor<128x!tile.ptr<f32>>
  %3 = tile.atomic_cas acq_rel gpu %p, %v, %v : !tile.ptr<i32>
  %4 = tile.atomic_cas acq_rel gpu %p, %v, %v : !tile.ptr<i32>
  tile.barrier
  tile.barrier
  return
}

// CHECK-LABEL: func.func @results_distinct
// CHECK-SAME: (%[[P:.*]]: !tile.ptr<i32>, %[[V:.*]]: i32)
func.func @results_distinct(%p: !tile.ptr<i32>, %v: i32) -> (i32, i32, i32, i32) {
  // CHECK: %[[L0:.*]] = tile.load %[[P]]
  // CHECK: %[[A:.*]] = tile.atomic_rmw add acq_rel gpu %[[P]], %[[V]]
  // CHECK: %[[B:.*]] = tile.atomic_rmw add acq_rel gpu %[[P]], %[[V]]
  // CHECK: tile.barrier
  // CHECK: %[[L1:.*]] = tile.load %[[P]]
  // CHECK: return %[[L0]], %[[A]], %[[B]], %[[L1]]
  %l0 = tile.load %p : !tile.ptr<i32>
  %a = tile.atomic_rmw add acq_rel gpu %p, %v : !tile.ptr<i32>
  %b = tile.atomic_rmw add acq_rel gpu %p, %v : !tile.ptr<i32>
  tile.barrier
  %l1 = tile.load %p : !tile.ptr<i32>
  return %l0, %a, %b, %l1 : i32, i32, i32, i32
}
