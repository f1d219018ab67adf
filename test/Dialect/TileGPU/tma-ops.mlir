// The mbarrier and TMA copy and store ops round trip (tma-ops-invalid.mlir: the verifier).
// RUN: tilec-opt %s -split-input-file | tilec-opt -split-input-file | FileCheck %s

#sw128 = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, blockCols = 64}>
// CHECK-LABEL: func.func @ops
// CHECK-SAME: !tilegpu.tensormap {tilegpu.tensor_map = {box = array<i64: 64, 64>, desc = "desc_k", dtype = "fp16", swizzle = 128 : i32}}
// CHECK: tilegpu.mbarrier_init %{{.*}}, 1 : !tilegpu.memdesc<1xi64>
// CHECK: tilegpu.mbarrier_expect %{{.*}}, 16384 pred %{{.*}} : !tilegpu.memdesc<1xi64>
// CHECK: tilegpu.tma_copy %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}, %{{.*}} pred %{{.*}} : !tilegpu.tensormap, !tilegpu.memdesc<64x128xf16, #shared>, !tilegpu.memdesc<1xi64>
// CHECK: tilegpu.tma_copy %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}, %{{.*}} : !tilegpu.tensormap, !tilegpu.memdesc<128x64xf16, #shared1>, !tilegpu.memdesc<1xi64>
// CHECK: tilegpu.mbarrier_wait %{{.*}}, %{{.*}} : !tilegpu.memdesc<1xi64>
// CHECK: tilegpu.mbarrier_inval %{{.*}} : !tilegpu.memdesc<1xi64>
func.func @ops(%map: !tilegpu.tensormap {tilegpu.tensor_map = {desc = "desc_k", dtype = "fp16", box = array<i64: 64, 64>, swizzle = 128 : i32}}, %row: i32, %col: i32, %phase: i32, %p: i1) {
  %bar = tilegpu.local_alloc : !tilegpu.memdesc<1xi64>
  %buf = tilegpu.local_alloc : !tilegpu.memdesc<64x128xf16, #sw128>
  %t = tilegpu.local_alloc : !tilegpu.memdesc<128x64xf16, #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, blockCols = 64, transposed}>>
  tilegpu.mbarrier_init %bar, 1 : !tilegpu.memdesc<1xi64>
  tilegpu.mbarrier_expect %bar, 16384 pred %p : !tilegpu.memdesc<1xi64>
  tilegpu.tma_copy %map[%row, %col], %buf, %bar pred %p : !tilegpu.tensormap, !tilegpu.memdesc<64x128xf16, #sw128>, !tilegpu.memdesc<1xi64>
  tilegpu.tma_copy %map[%row, %col], %t, %bar : !tilegpu.tensormap, !tilegpu.memdesc<128x64xf16, #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, blockCols = 64, transposed}>>, !tilegpu.memdesc<1xi64>
  tilegpu.mbarrier_wait %bar, %phase : !tilegpu.memdesc<1xi64>
  tilegpu.mbarrier_inval %bar : !tilegpu.memdesc<1xi64>
  return
}

// -----

// The swizzle modes TMA has: 64-byte rows (perPhase 2), 32-byte rows
// (perPhase 4), and unswizzled rows of a multiple of 16 bytes.
// CHECK-LABEL: func.func @modes
func.func @modes(%map: !tilegpu.tensormap, %i: i32) {
  %bar = tilegpu.local_alloc : !tilegpu.memdesc<1xi64>
  %a = tilegpu.local_alloc : !tilegpu.memdesc<64x32xf16, #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4}>>
  %b = tilegpu.local_alloc : !tilegpu.memdesc<64x8xf32, #tilegpu.shared<{vec = 4, perPhase = 4, maxPhase = 2}>>
  %c = tilegpu.local_alloc : !tilegpu.memdesc<16x24xf16>
  tilegpu.tma_copy %map[%i, %i], %a, %bar : !tilegpu.tensormap, !tilegpu.memdesc<64x32xf16, #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4}>>, !tilegpu.memdesc<1xi64>
  tilegpu.tma_copy %map[%i, %i], %b, %bar : !tilegpu.tensormap, !tilegpu.memdesc<64x8xf32, #tilegpu.shared<{vec = 4, perPhase = 4, maxPhase = 2}>>, !tilegpu.memdesc<1xi64>
  tilegpu.tma_copy %map[%i, %i], %c, %bar : !tilegpu.tensormap, !tilegpu.memdesc<16x24xf16>, !tilegpu.memdesc<1xi64>
  return
}

// -----

// A producer region and the consumers' release of a slot.
// CHECK-LABEL: func.func @producer
// CHECK: tilegpu.warp_specialize producer_warps(4) regs(40, 232) {
// CHECK-NEXT: tilegpu.mbarrier_wait %{{.*}}, %{{.*}} : !tilegpu.memdesc<1xi64>
// CHECK-NEXT: }
// CHECK: tilegpu.mbarrier_arrive %{{.*}} pred %{{.*}} : !tilegpu.memdesc<1xi64>
// CHECK: tilegpu.mbarrier_arrive %{{.*}} : !tilegpu.memdesc<1xi64>
func.func @producer(%phase: i32, %p: i1) {
  %bar = tilegpu.local_alloc : !tilegpu.memdesc<1xi64>
  tilegpu.mbarrier_init %bar, 4 : !tilegpu.memdesc<1xi64>
  tilegpu.warp_specialize producer_warps(4) regs(40, 232) {
    tilegpu.mbarrier_wait %bar, %phase : !tilegpu.memdesc<1xi64>
  }
  tilegpu.mbarrier_arrive %bar pred %p : !tilegpu.memdesc<1xi64>
  tilegpu.mbarrier_arrive %bar : !tilegpu.memdesc<1xi64>
  return
}

// -----

// A TMA store of a buffer.
// CHECK-LABEL: func.func @store
// CHECK: tilegpu.tma_store %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !tilegpu.tensormap, !tilegpu.memdesc<128x64xf16, #shared>
func.func @store(%map: !tilegpu.tensormap, %row: i32, %col: i32) {
  %buf = tilegpu.local_alloc : !tilegpu.memdesc<128x64xf16, #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8}>>
  tilegpu.tma_store %map[%row, %col], %buf : !tilegpu.tensormap, !tilegpu.memdesc<128x64xf16, #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8}>>
  return
}
