// RUN: tilec-opt %s | tilec-opt | FileCheck %s
// RUN: tilec-opt %s -mlir-print-op-generic | tilec-opt | FileCheck %s
// Round trip of tile.atomic_rmw (every kind, on every element type it takes),
// tile.atomic_cas and tile.barrier: every sem (relaxed acquire release
// acq_rel) and scope (cta gpu sys) keyword, scalar and tensor pointers, with
// and without a mask. The second RUN line goes through the generic form
// (kind/sem/scope as #tile<...> attributes) and back to the custom form.

// CHECK-LABEL: func.func @rmw_kinds_i32
// CHECK-SAME: (%[[P:.*]]: !tile.ptr<i32>, %[[V:.*]]: i32)
func.func @rmw_kinds_i32(%p: !tile.ptr<i32>, %v: i32) -> i32 {
  // CHECK: %[[A:.*]] = tile.atomic_rmw add acq_rel gpu %[[P]], %[[V]] : !tile.ptr<i32>
  %0 = tile.atomic_rmw add acq_rel gpu %p, %v : !tile.ptr<i32>
  // CHECK: tile.atomic_rmw max acq_rel gpu %[[P]], %[[V]] : !tile.ptr<i32>
  %1 = tile.atomic_rmw max acq_rel gpu %p, %v : !tile.ptr<i32>
  // CHECK: tile.atomic_rmw min acq_rel gpu %[[P]], %[[V]] : !tile.ptr<i32>
  %2 = tile.atomic_rmw min acq_rel gpu %p, %v : !tile.ptr<i32>
  // CHECK: tile.atomic_rmw umax acq_rel gpu %[[P]], %[[V]] : !tile.ptr<i32>
  %3 = tile.atomic_rmw umax acq_rel gpu %p, %v : !tile.ptr<i32>
  // CHECK: tile.atomic_rmw umin acq_rel gpu %[[P]], %[[V]] : !tile.ptr<i32>
  %4 = tile.atomic_rmw umin acq_rel gpu %p, %v : !tile.ptr<i32>
  // CHECK: tile.atomic_rmw and acq_rel gpu %[[P]], %[[V]] : !tile.ptr<i32>
  %5 = tile.atomic_rmw and acq_rel gpu %p, %v : !tile.ptr<i32>
  // CHECK: tile.atomic_rmw or acq_rel gpu %[[P]], %[[V]] : !tile.ptr<i32>
  %6 = tile.atomic_rmw or acq_rel gpu %p, %v : !tile.ptr<i32>
  // CHECK: tile.atomic_rmw xor acq_rel gpu %[[P]], %[[V]] : !tile.ptr<i32>
  %7 = tile.atomic_rmw xor acq_rel gpu %p, %v : !tile.ptr<i32>
  // CHECK: tile.atomic_rmw xchg acq_rel gpu %[[P]], %[[V]] : !tile.ptr<i32>
  %8 = tile.atomic_rmw xchg acq_rel gpu %p, %v : !tile.ptr<i32>
  // CHECK: return %[[A]] : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @rmw_kinds_i64
func.func @rmw_kinds_i64(%p: !tile.ptr<i64>, %v: i64) {
  // CHECK: tile.atomic_rmw add relaxed gpu %{{.*}}, %{{.*}} : !tile.ptr<i64>
  %0 = tile.atomic_rmw add relaxed gpu %p, %v : !tile.ptr<i64>
  // CHECK: tile.atomic_rmw max relaxed gpu %{{.*}}, %{{.*}} : !tile.ptr<i64>
  %1 = tile.atomic_rmw max relaxed gpu %p, %v : !tile.ptr<i64>
  // CHECK: tile.atomic_rmw min relaxed gpu %{{.*}}, %{{.*}} : !tile.ptr<i64>
  %2 = tile.atomic_rmw min relaxed gpu %p, %v : !tile.ptr<i64>
  // CHECK: tile.atomic_rmw umax relaxed gpu %{{.*}}, %{{.*}} : !tile.ptr<i64>
  %3 = tile.atomic_rmw umax relaxed gpu %p, %v : !tile.ptr<i64>
  // CHECK: tile.atomic_rmw umin relaxed gpu %{{.*}}, %{{.*}} : !tile.ptr<i64>
  %4 = tile.atomic_rmw umin relaxed gpu %p, %v : !tile.ptr<i64>
  // CHECK: tile.atomic_rmw and relaxed gpu %{{.*}}, %{{.*}} : !tile.ptr<i64>
  %5 = tile.atomic_rmw and relaxed gpu %p, %v : !tile.ptr<i64>
  // CHECK: tile.atomic_rmw or relaxed gpu %{{.*}}, %{{.*}} : !tile.ptr<i64>
  %6 = tile.atomic_rmw or relaxed gpu %p, %v : !tile.ptr<i64>
  // CHECK: tile.atomic_rmw xor relaxed gpu %{{.*}}, %{{.*}} : !tile.ptr<i64>
  %7 = tile.atomic_rmw xor relaxed gpu %p, %v : !tile.ptr<i64>
  // CHECK: tile.atomic_rmw xchg relaxed gpu %{{.*}}, %{{.*}} : !tile.ptr<i64>
  %8 = tile.atomic_rmw xchg relaxed gpu %p, %v : !tile.ptr<i64>
  return
}

// Floats: add on f16/bf16/f32/f64; max/min and xchg on f32/f64.
// CHECK-LABEL: func.func @rmw_floats
func.func @rmw_floats(%h: !tile.ptr<f16>, %vh: f16, %b: !tile.ptr<bf16>,
                      %vb: bf16, %f: !tile.ptr<f32>, %vf: f32,
                      %d: !tile.ptr<f64>, %vd: f64) {
  // CHECK: tile.atomic_rmw add acq_rel gpu %{{.*}}, %{{.*}} : !tile.ptr<f16>
  %0 = tile.atomic_rmw add acq_rel gpu %h, %vh : !tile.ptr<f16>
  // CHECK: tile.atomic_rmw add acq_rel gpu %{{.*}}, %{{.*}} : !tile.ptr<bf16>
  %1 = tile.atomic_rmw add acq_rel gpu %b, %vb : !tile.ptr<bf16>
  // CHECK: tile.atomic_rmw add acq_rel gpu %{{.*}}, %{{.*}} : !tile.ptr<f32>
  %2 = tile.atomic_rmw add acq_rel gpu %f, %vf : !tile.ptr<f32>
  // CHECK: tile.atomic_rmw max acq_rel gpu %{{.*}}, %{{.*}} : !tile.ptr<f32>
  %3 = tile.atomic_rmw max acq_rel gpu %f, %vf : !tile.ptr<f32>
  // CHECK: tile.atomic_rmw min acq_rel gpu %{{.*}}, %{{.*}} : !tile.ptr<f32>
  %4 = tile.atomic_rmw min acq_rel gpu %f, %vf : !tile.ptr<f32>
  // CHECK: tile.atomic_rmw xchg acq_rel gpu %{{.*}}, %{{.*}} : !tile.ptr<f32>
  %5 = tile.atomic_rmw xchg acq_rel gpu %f, %vf : !tile.ptr<f32>
  // CHECK: tile.atomic_rmw add acq_rel gpu %{{.*}}, %{{.*}} : !tile.ptr<f64>
  %6 = tile.atomic_rmw add acq_rel gpu %d, %vd : !tile.ptr<f64>
  // CHECK: tile.atomic_rmw max acq_rel gpu %{{.*}}, %{{.*}} : !tile.ptr<f64>
  %7 = tile.atomic_rmw max acq_rel gpu %d, %vd : !tile.ptr<f64>
  // CHECK: tile.atomic_rmw min acq_rel gpu %{{.*}}, %{{.*}} : !tile.ptr<f64>
  %8 = tile.atomic_rmw min acq_rel gpu %d, %vd : !tile.ptr<f64>
  // CHECK: tile.atomic_rmw xchg acq_rel gpu %{{.*}}, %{{.*}} : !tile.ptr<f64>
  %9 = tile.atomic_rmw xchg acq_rel gpu %d, %vd : !tile.ptr<f64>
  return
}

// Every sem and every scope keyword.
// CHECK-LABEL: func.func @rmw_sem_scope
func.func @rmw_sem_scope(%p: !tile.ptr<f32>, %v: f32) {
  // CHECK: tile.atomic_rmw add relaxed cta %{{.*}}, %{{.*}} : !tile.ptr<f32>
  %0 = tile.atomic_rmw add relaxed cta %p, %v : !tile.ptr<f32>
  // CHECK: tile.atomic_rmw add acquire gpu %{{.*}}, %{{.*}} : !tile.ptr<f32>
  %1 = tile.atomic_rmw add acquire gpu %p, %v : !tile.ptr<f32>
  // CHECK: tile.atomic_rmw add release sys %{{.*}}, %{{.*}} : !tile.ptr<f32>
  %2 = tile.atomic_rmw add release sys %p, %v : !tile.ptr<f32>
  // CHECK: tile.atomic_rmw add acq_rel cta %{{.*}}, %{{.*}} : !tile.ptr<f32>
  %3 = tile.atomic_rmw add acq_rel cta %p, %v : !tile.ptr<f32>
  // CHECK: tile.atomic_rmw add relaxed sys %{{.*}}, %{{.*}} : !tile.ptr<f32>
  %4 = tile.atomic_rmw add relaxed sys %p, %v : !tile.ptr<f32>
  // CHECK: tile.atomic_rmw add acquire cta %{{.*}}, %{{.*}} : !tile.ptr<f32>
  %5 = tile.atomic_rmw add acquire cta %p, %v : !tile.ptr<f32>
  // CHECK: tile.atomic_rmw add release gpu %{{.*}}, %{{.*}} : !tile.ptr<f32>
  %6 = tile.atomic_rmw add release gpu %p, %v : !tile.ptr<f32>
  return
}

// Masks: a scalar i1 on a scalar pointer, an i1 tile of the pointer's shape on
// a tile of pointers (1-D and 2-D); the result is the value's type.
// CHECK-LABEL: func.func @rmw_masks
// CHECK-SAME: (%[[P:.*]]: !tile.ptr<i32>, %[[V:.*]]: i32, %[[M:.*]]: i1, %[[PT:.*]]: tensor<128x!tile.ptr<i32>>, %[[VT:.*]]: tensor<128xi32>, %[[MT:.*]]: tensor<128xi1>, %[[P2:.*]]: tensor<16x64x!tile.ptr<f32>>, %[[V2:.*]]: tensor<16x64xf32>, %[[M2:.*]]: tensor<16x64xi1>)
func.func @rmw_masks(%p: !tile.ptr<i32>, %v: i32, %m: i1,
                     %pt: tensor<128x!tile.ptr<i32>>, %vt: tensor<128xi32>,
                     %mt: tensor<128xi1>, %p2: tensor<16x64x!tile.ptr<f32>>,
                     %v2: tensor<16x64xf32>, %m2: tensor<16x64xi1>)
    -> (i32, tensor<128xi32>, tensor<16x64xf32>) {
  // CHECK: %[[R0:.*]] = tile.atomic_rmw add acq_rel gpu %[[P]], %[[V]], %[[M]] : !tile.ptr<i32>
  %0 = tile.atomic_rmw add acq_rel gpu %p, %v, %m : !tile.ptr<i32>
  // CHECK: tile.atomic_rmw max relaxed cta %[[PT]], %[[VT]] : tensor<128x!tile.ptr<i32>>
  %1 = tile.atomic_rmw max relaxed cta %pt, %vt : tensor<128x!tile.ptr<i32>>
  // CHECK: %[[R2:.*]] = tile.atomic_rmw umin release sys %[[PT]], %[[VT]], %[[MT]] : tensor<128x!tile.ptr<i32>>
  %2 = tile.atomic_rmw umin release sys %pt, %vt, %mt : tensor<128x!tile.ptr<i32>>
  // CHECK: tile.atomic_rmw xchg acquire gpu %[[P2]], %[[V2]] : tensor<16x64x!tile.ptr<f32>>
  %3 = tile.atomic_rmw xchg acquire gpu %p2, %v2 : tensor<16x64x!tile.ptr<f32>>
  // CHECK: %[[R4:.*]] = tile.atomic_rmw add acq_rel gpu %[[P2]], %[[V2]], %[[M2]] : tensor<16x64x!tile.ptr<f32>>
  %4 = tile.atomic_rmw add acq_rel gpu %p2, %v2, %m2 : tensor<16x64x!tile.ptr<f32>>
  // CHECK: return %[[R0]], %[[R2]], %[[R4]] : i32, tensor<128xi32>, tensor<16x64xf32>
  return %0, %2, %4 : i32, tensor<128xi32>, tensor<16x64xf32>
}

// Compare-and-swap: scalar and tile pointers, 16/32/64-bit integers, f32,
// f64, every sem and scope.
// CHECK-LABEL: func.func @cas
// CHECK-SAME: (%[[L:.*]]: !tile.ptr<i32>, %[[C:.*]]: i32, %[[V:.*]]: i32, %[[PT:.*]]: tensor<64x!tile.ptr<f32>>, %[[CT:.*]]: tensor<64xf32>, %[[VT:.*]]: tensor<64xf32>
func.func @cas(%l: !tile.ptr<i32>, %c: i32, %v: i32,
               %pt: tensor<64x!tile.ptr<f32>>, %ct: tensor<64xf32>,
               %vt: tensor<64xf32>, %s: !tile.ptr<i16>, %cs: i16,
               %q: !tile.ptr<i64>, %cq: i64, %d: tensor<2x8x!tile.ptr<f64>>,
               %cd: tensor<2x8xf64>) -> (i32, tensor<64xf32>) {
  // CHECK: %[[O:.*]] = tile.atomic_cas acq_rel gpu %[[L]], %[[C]], %[[V]] : !tile.ptr<i32>
  %0 = tile.atomic_cas acq_rel gpu %l, %c, %v : !tile.ptr<i32>
  // CHECK: %[[OT:.*]] = tile.atomic_cas relaxed cta %[[PT]], %[[CT]], %[[VT]] : tensor<64x!tile.ptr<f32>>
  %1 = tile.atomic_cas relaxed cta %pt, %ct, %vt : tensor<64x!tile.ptr<f32>>
  // CHECK: tile.atomic_cas acquire sys %{{.*}}, %{{.*}}, %{{.*}} : !tile.ptr<i16>
  %2 = tile.atomic_cas acquire sys %s, %cs, %cs : !tile.ptr<i16>
  // CHECK: tile.atomic_cas release gpu %{{.*}}, %{{.*}}, %{{.*}} : !tile.ptr<i64>
  %3 = tile.atomic_cas release gpu %q, %cq, %cq : !tile.ptr<i64>
  // CHECK: tile.atomic_cas acq_rel sys %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x8x!tile.ptr<f64>>
  %4 = tile.atomic_cas acq_rel sys %d, %cd, %cd : tensor<2x8x!tile.ptr<f64>>
  // CHECK: return %[[O]], %[[OT]] : i32, tensor<64xf32>
  return %0, %1 : i32, tensor<64xf32>
}

// CHECK-LABEL: func.func @barrier
func.func @barrier() {
  // CHECK-NEXT: tile.barrier
  // CHECK-NEXT: tile.barrier
  // CHECK-NEXT: return
  tile.barrier
  tile.barrier
  return
}
