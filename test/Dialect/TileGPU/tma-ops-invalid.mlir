// Verifier errors of the mbarrier and TMA copy ops (tma-ops.mlir has the valid forms).
// RUN: tilec-opt %s -split-input-file -verify-diagnostics > /dev/null

func.func @f() {
  %bar = tilegpu.local_alloc : !tilegpu.memdesc<2xi64>
  // expected-error @+1 {{needs one mbarrier, a !tilegpu.memdesc<1xi64>, got '!tilegpu.memdesc<2xi64>'}}
  tilegpu.mbarrier_init %bar, 1 : !tilegpu.memdesc<2xi64>
  return
}

// -----

func.func @f() {
  %bar = tilegpu.local_alloc : !tilegpu.memdesc<1xi64>
  // expected-error @+1 {{expects at least one arrival, got 0}}
  tilegpu.mbarrier_init %bar, 0 : !tilegpu.memdesc<1xi64>
  return
}

// -----

func.func @f() {
  %bar = tilegpu.local_alloc : !tilegpu.memdesc<1xi64>
  // expected-error @+1 {{expects 1 to 2^20 - 1 bytes, got 1048576}}
  tilegpu.mbarrier_expect %bar, 1048576 : !tilegpu.memdesc<1xi64>
  return
}

// -----

func.func @f(%p: i32) {
  %bar = tilegpu.local_alloc : !tilegpu.memdesc<1xi32>
  // expected-error @+1 {{needs one mbarrier}}
  tilegpu.mbarrier_wait %bar, %p : !tilegpu.memdesc<1xi32>
  return
}

// -----

func.func @f(%map: !tilegpu.tensormap, %i: i32) {
  %bar = tilegpu.local_alloc : !tilegpu.memdesc<1xi64>
  %buf = tilegpu.local_alloc : !tilegpu.memdesc<64x64xf16, #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4}>>
  // expected-error @+1 {{cannot copy '!tilegpu.memdesc<64x64xf16, #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4}>>': TMA copies 2-D buffers}}
  tilegpu.tma_copy %map[%i, %i], %buf, %bar : !tilegpu.tensormap, !tilegpu.memdesc<64x64xf16, #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4}>>, !tilegpu.memdesc<1xi64>
  return
}

// -----

func.func @f(%map: !tilegpu.tensormap, %i: i32) {
  %bar = tilegpu.local_alloc : !tilegpu.memdesc<1xi64>
  %buf = tilegpu.local_alloc : !tilegpu.memdesc<512x8xf16>
  // expected-error @+1 {{cannot copy}}
  tilegpu.tma_copy %map[%i, %i], %buf, %bar : !tilegpu.tensormap, !tilegpu.memdesc<512x8xf16>, !tilegpu.memdesc<1xi64>
  return
}

// -----

func.func @f(%map: !tilegpu.tensormap, %i: i32) {
  %bar = tilegpu.local_alloc : !tilegpu.memdesc<1xi64>
  %buf = tilegpu.local_alloc : !tilegpu.memdesc<16x8xf16>
  // expected-error @+1 {{expects 2 coordinates for a 2-D block, or 3 to 5 for one of a tensor of that rank with leading unit dimensions, got 1}}
  tilegpu.tma_copy %map[%i], %buf, %bar : !tilegpu.tensormap, !tilegpu.memdesc<16x8xf16>, !tilegpu.memdesc<1xi64>
  return
}

// -----

func.func @f(%map: !tilegpu.tensormap, %i: i32) {
  %buf = tilegpu.local_alloc : !tilegpu.memdesc<512x8xf16>
  // expected-error @+1 {{'tilegpu.tma_store' op cannot copy}}
  tilegpu.tma_store %map[%i, %i], %buf : !tilegpu.tensormap, !tilegpu.memdesc<512x8xf16>
  return
}

// -----

func.func @f(%map: !tilegpu.tensormap, %i: i32) {
  %buf = tilegpu.local_alloc : !tilegpu.memdesc<16x8xf16>
  // expected-error @+1 {{'tilegpu.tma_store' op expects 2 coordinates for a 2-D block, or 3 to 5 for one of a tensor of that rank with leading unit dimensions, got 6}}
  tilegpu.tma_store %map[%i, %i, %i, %i, %i, %i], %buf : !tilegpu.tensormap, !tilegpu.memdesc<16x8xf16>
  return
}
