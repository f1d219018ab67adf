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
