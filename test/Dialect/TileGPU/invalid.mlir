// Verifier errors of the tilegpu layouts and ops.
// RUN: tilec-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{threadsPerWarp must multiply to 32, got 16}}
func.func @f(%x: tensor<32xf32, #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [4], order = [0]}>>) { return }

// -----

// expected-error @+1 {{order must be a permutation of [0, 2)}}
func.func @f(%x: tensor<32x4xf32, #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 1]}>>) { return }

// -----

// expected-error @+1 {{layout sizes must be powers of two}}
func.func @f(%x: tensor<32xf32, #tilegpu.blocked<{sizePerThread = [3], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>) { return }

// -----

// expected-error @+1 {{slice dim 1 is out of range for a parent of rank 1}}
func.func @f(%x: tensor<32xf32, #tilegpu.slice<{dim = 1, parent = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>}>>) { return }

// -----

#b = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
func.func @f(%x: tensor<32xf32, #b>) {
  // expected-error @+1 {{'tilegpu.convert_layout' op source 'tensor<32xf32, #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>' and result 'tensor<32xf16, #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>' must differ in their layout only}}
  %c = tilegpu.convert_layout %x : tensor<32xf32, #b> -> tensor<32xf16, #b>
  return
}

// -----

#b = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
func.func @f(%x: tensor<32x16xf16, #b>) {
  // expected-error @+1 {{'tilegpu.local_alloc' op initial value shape [32, 16] does not match the buffer's shape [64, 32]}}
  %m = tilegpu.local_alloc %x : tensor<32x16xf16, #b> -> !tilegpu.memdesc<64x32xf16>
  return
}

// -----

#b = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
func.func @f(%x: tensor<64x32xf32, #b>, %m: !tilegpu.memdesc<64x32xf16>) {
  // expected-error @+1 {{'tilegpu.local_store' op stored value element type 'f32' does not match the buffer's element type 'f16'}}
  tilegpu.local_store %x, %m : tensor<64x32xf32, #b> -> !tilegpu.memdesc<64x32xf16>
  return
}

// -----

#b = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
func.func @f(%m: !tilegpu.memdesc<64x32xf16>) {
  // expected-error @+1 {{'tilegpu.local_load' op result shape [2048] does not match the buffer's shape [64, 32]}}
  %v = tilegpu.local_load %m : !tilegpu.memdesc<64x32xf16> -> tensor<2048xf16, #b>
  return
}

// -----

#b = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
func.func @f(%m: !tilegpu.memdesc<64xi32>) {
  // expected-error @+1 {{'tilegpu.local_load' op result element type 'i64' does not match the buffer's element type 'i32'}}
  %v = tilegpu.local_load %m : !tilegpu.memdesc<64xi32> -> tensor<64xi64, #b>
  return
}

// -----

// expected-error @+1 {{memdesc element type must be an integer, a float or a !tile.ptr, got 'index'}}
func.func @f(%m: !tilegpu.memdesc<64xindex>) { return }

// -----

// expected-error @+1 {{memdesc dimensions must be positive, got 0}}
func.func @f(%m: !tilegpu.memdesc<0x4xf32>) { return }
