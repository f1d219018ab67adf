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

// expected-error @+1 {{slice parent must not be a transposed mma layout}}
func.func @f(%x: tensor<32xf32, #tilegpu.slice<{dim = 1, parent = #tilegpu.mma<{version = 3, warpsPerCTA = [4, 1], transposed}>}>>) { return }

// -----

// expected-error @+1 {{slice dim 2 is out of range for a parent of rank 2}}
func.func @f(%x: tensor<32xf32, #tilegpu.slice<{dim = 2, parent = #tilegpu.mma<{warpsPerCTA = [2, 2]}>}>>) { return }

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

// -----

// Tensor-core layouts and swizzled buffers.

// expected-error @+1 {{mma layout needs warpsPerCTA of rank 2}}
func.func @f(%x: tensor<64x64xf32, #tilegpu.mma<{warpsPerCTA = [4]}>>) { return }

// -----

// expected-error @+1 {{mma warpsPerCTA must be powers of two}}
func.func @f(%x: tensor<64x64xf32, #tilegpu.mma<{warpsPerCTA = [3, 1]}>>) { return }

// -----

// expected-error @+1 {{mma warpsPerCTA must be powers of two}}
func.func @f(%x: tensor<64x64xf32, #tilegpu.mma<{warpsPerCTA = [0, 4]}>>) { return }

// -----

// expected-error @+1 {{mma version must be 2 (mma.sync) or 3 (wgmma), got 1}}
func.func @f(%x: tensor<64x64xf32, #tilegpu.mma<{version = 1, warpsPerCTA = [2, 2]}>>) { return }

// -----

// Version 3 (wgmma): whole warpgroups along M.
// expected-error @+1 {{an mma version 3 layout has whole warpgroups along M: warpsPerCTA = [4k, n]}}
func.func @f(%x: tensor<64x64xf32, #tilegpu.mma<{version = 3, warpsPerCTA = [2, 2]}>>) { return }

// -----

// expected-error @+1 {{an mma version 3 layout has whole warpgroups along M: warpsPerCTA = [4k, n]}}
func.func @f(%x: tensor<64x64xf32, #tilegpu.mma<{version = 3, warpsPerCTA = [2, 1]}>>) { return }

// -----

// Warpgroups along N each compute instrN columns.
// expected-error @+1 {{an mma version 3 layout with warps along N needs instrN}}
func.func @f(%x: tensor<64x128xf32, #tilegpu.mma<{version = 3, warpsPerCTA = [4, 2]}>>) { return }

// -----

// expected-error @+1 {{instrN is the n of a wgmma (version 3): a multiple of 8 up to 256, got 64}}
func.func @f(%x: tensor<64x128xf32, #tilegpu.mma<{warpsPerCTA = [2, 2], instrN = 64}>>) { return }

// -----

// expected-error @+1 {{instrN is the n of a wgmma (version 3): a multiple of 8 up to 256, got 12}}
func.func @f(%x: tensor<64x128xf32, #tilegpu.mma<{version = 3, warpsPerCTA = [4, 2], instrN = 12}>>) { return }

// -----

// expected-error @+1 {{a transposed mma layout has all warps along M}}
func.func @f(%x: tensor<64x128xf32, #tilegpu.mma<{version = 3, warpsPerCTA = [4, 2], instrN = 64, transposed}>>) { return }

// -----

// Only wgmma computes the transposed product.
// expected-error @+1 {{only an mma version 3 (wgmma) layout can be transposed}}
func.func @f(%x: tensor<64x64xf32, #tilegpu.mma<{warpsPerCTA = [2, 2], transposed}>>) { return }

// -----

// expected-error @+1 {{expected 'transposed' or 'instrN'}}
func.func @f(%x: tensor<64x64xf32, #tilegpu.mma<{version = 3, warpsPerCTA = [4, 1], swapped}>>) { return }

// -----

// expected-error @+1 {{dot_op opIdx must be 0 (A) or 1 (B), got 2}}
func.func @f(%x: tensor<64x32xf16, #tilegpu.dot_op<{opIdx = 2, parent = #tilegpu.mma<{warpsPerCTA = [2, 2]}>}>>) { return }

// -----

// expected-error @+1 {{dot_op parent must be a #tilegpu.mma layout}}
func.func @f(%x: tensor<64x32xf16, #tilegpu.dot_op<{opIdx = 0, parent = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>}>>) { return }

// -----

// expected-error @+1 {{shared vec, perPhase and maxPhase must be powers of two}}
func.func @f(%m: !tilegpu.memdesc<64x32xf16, #tilegpu.shared<{vec = 8, perPhase = 3, maxPhase = 4}>>) { return }

// -----

// expected-error @+1 {{shared vec, perPhase and maxPhase must be powers of two}}
func.func @f(%m: !tilegpu.memdesc<64x32xf16, #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 0}>>) { return }

// -----

// expected-error @+1 {{shared blockCols must be a power of two holding at least maxPhase chunks of vec}}
func.func @f(%m: !tilegpu.memdesc<32x256xf16, #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, blockCols = 48}>>) { return }

// -----

// A block of 32 columns holds 4 chunks of 8, fewer than 8 phases.
// expected-error @+1 {{shared blockCols must be a power of two holding at least maxPhase chunks of vec}}
func.func @f(%m: !tilegpu.memdesc<32x256xf16, #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, blockCols = 32}>>) { return }

// -----

// expected-error @+1 {{rows of 96 elements are not whole blocks of 64}}
func.func @f(%m: !tilegpu.memdesc<32x96xf16, #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, blockCols = 64}>>) { return }

// -----

// expected-error @+1 {{memdesc encoding must be a #tilegpu.shared layout}}
func.func @f(%m: !tilegpu.memdesc<64x32xf16, #tilegpu.mma<{warpsPerCTA = [2, 2]}>>) { return }

// -----

// expected-error @+1 {{a swizzled memdesc must have at least two dimensions}}
func.func @f(%m: !tilegpu.memdesc<64xf16, #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 1}>>) { return }

// -----

// Rows of 12 elements are not whole chunks of 8.
// expected-error @+1 {{swizzle vec 8 and maxPhase 1 do not fit rows of 12 elements}}
func.func @f(%m: !tilegpu.memdesc<64x12xf16, #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 1}>>) { return }

// -----

// Rows of 2 chunks cannot take 4 phases.
// expected-error @+1 {{swizzle vec 8 and maxPhase 4 do not fit rows of 16 elements}}
func.func @f(%m: !tilegpu.memdesc<64x16xf16, #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4}>>) { return }

// -----

#s = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4}>
func.func @f(%buf: !tilegpu.memdesc<3x64x32xf16, #s>, %i: i32) {
  // expected-error @+1 {{'tilegpu.memdesc_subview' op result '!tilegpu.memdesc<32x32xf16, #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4}>>' must be one slot of '!tilegpu.memdesc<3x64x32xf16, #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4}>>' (its leading dimension dropped)}}
  %s = tilegpu.memdesc_subview %buf[%i] : !tilegpu.memdesc<3x64x32xf16, #s> -> !tilegpu.memdesc<32x32xf16, #s>
  return
}

// -----

#s = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4}>
func.func @f(%buf: !tilegpu.memdesc<3x64x32xf16, #s>, %i: i32) {
  // The same rank: nothing dropped.
  // expected-error @+1 {{'tilegpu.memdesc_subview' op result '!tilegpu.memdesc<3x64x32xf16, #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4}>>' must be one slot of}}
  %s = tilegpu.memdesc_subview %buf[%i] : !tilegpu.memdesc<3x64x32xf16, #s> -> !tilegpu.memdesc<3x64x32xf16, #s>
  return
}

// -----

#s = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4}>
func.func @f(%buf: !tilegpu.memdesc<3x64x32xf16, #s>, %i: i32) {
  // expected-error @+1 {{'tilegpu.memdesc_subview' op result '!tilegpu.memdesc<64x32xbf16, #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4}>>' must be one slot of}}
  %s = tilegpu.memdesc_subview %buf[%i] : !tilegpu.memdesc<3x64x32xf16, #s> -> !tilegpu.memdesc<64x32xbf16, #s>
  return
}

// -----

#s = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4}>
func.func @f(%buf: !tilegpu.memdesc<3x64x32xf16, #s>, %i: i32) {
  // The encoding must carry over.
  // expected-error @+1 {{'tilegpu.memdesc_subview' op result '!tilegpu.memdesc<64x32xf16>' must be one slot of}}
  %s = tilegpu.memdesc_subview %buf[%i] : !tilegpu.memdesc<3x64x32xf16, #s> -> !tilegpu.memdesc<64x32xf16>
  return
}

// -----

#b = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
func.func @f(%p: tensor<64x32xi64, #b>, %m: !tilegpu.memdesc<64x32xf16>) {
  // expected-error @+1 {{'tilegpu.async_copy' op needs a tile of pointers, got 'tensor<64x32xi64, #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>'}}
  tilegpu.async_copy %p, %m {vector = 8 : i32} : tensor<64x32xi64, #b> -> !tilegpu.memdesc<64x32xf16>
  return
}

// -----

#b = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
func.func @f(%p: tensor<32x32x!tile.ptr<f16>, #b>, %m: !tilegpu.memdesc<64x32xf16>) {
  // expected-error @+1 {{'tilegpu.async_copy' op pointers 'tensor<32x32x!tile.ptr<f16>, #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>' do not match the buffer '!tilegpu.memdesc<64x32xf16>'}}
  tilegpu.async_copy %p, %m {vector = 8 : i32} : tensor<32x32x!tile.ptr<f16>, #b> -> !tilegpu.memdesc<64x32xf16>
  return
}

// -----

#b = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
func.func @f(%p: tensor<64x32x!tile.ptr<bf16>, #b>, %m: !tilegpu.memdesc<64x32xf16>) {
  // A pointee other than the buffer's element type.
  // expected-error @+1 {{'tilegpu.async_copy' op pointers 'tensor<64x32x!tile.ptr<bf16>, #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>' do not match the buffer '!tilegpu.memdesc<64x32xf16>'}}
  tilegpu.async_copy %p, %m {vector = 8 : i32} : tensor<64x32x!tile.ptr<bf16>, #b> -> !tilegpu.memdesc<64x32xf16>
  return
}

// -----

#b = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
func.func @f(%p: tensor<64x32x!tile.ptr<f16>, #b>, %mask: tensor<64x32xi8, #b>, %m: !tilegpu.memdesc<64x32xf16>) {
  // expected-error @+1 {{'tilegpu.async_copy' op mask must be an i1 tile of the pointers' shape}}
  tilegpu.async_copy %p, %m mask %mask {vector = 8 : i32} : tensor<64x32x!tile.ptr<f16>, #b>, tensor<64x32xi8, #b> -> !tilegpu.memdesc<64x32xf16>
  return
}

// -----

#b = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
func.func @f(%p: tensor<64x32x!tile.ptr<f16>, #b>, %mask: tensor<32x32xi1, #b>, %m: !tilegpu.memdesc<64x32xf16>) {
  // expected-error @+1 {{'tilegpu.async_copy' op mask must be an i1 tile of the pointers' shape}}
  tilegpu.async_copy %p, %m mask %mask {vector = 8 : i32} : tensor<64x32x!tile.ptr<f16>, #b>, tensor<32x32xi1, #b> -> !tilegpu.memdesc<64x32xf16>
  return
}

// -----

#b = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
func.func @f(%p: tensor<64x32x!tile.ptr<f32>, #b>, %m: !tilegpu.memdesc<64x32xf32>) {
  // 8 f32 = 32 bytes.
  // expected-error @+1 {{'tilegpu.async_copy' op copies of 32 bytes: cp.async moves 4, 8 or 16}}
  tilegpu.async_copy %p, %m {vector = 8 : i32} : tensor<64x32x!tile.ptr<f32>, #b> -> !tilegpu.memdesc<64x32xf32>
  return
}

// -----

#b = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
func.func @f(%p: tensor<64x32x!tile.ptr<f16>, #b>, %m: !tilegpu.memdesc<64x32xf16>) {
  // One f16 = 2 bytes.
  // expected-error @+1 {{'tilegpu.async_copy' op copies of 2 bytes: cp.async moves 4, 8 or 16}}
  tilegpu.async_copy %p, %m {vector = 1 : i32} : tensor<64x32x!tile.ptr<f16>, #b> -> !tilegpu.memdesc<64x32xf16>
  return
}

// -----

// A transposed buffer swizzles its columns: columns of 48 f32 are not
// whole 128-byte blocks.
// expected-error @+1 {{rows of 48 elements are not whole blocks of 32}}
func.func @f(%m: !tilegpu.memdesc<48x256xf32, #tilegpu.shared<{vec = 4, perPhase = 1, maxPhase = 8, blockCols = 32, transposed}>>) { return }

// -----

#s = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4}>
func.func @f(%buf: !tilegpu.memdesc<32x64xf16, #s>) {
  // The `transposed` flag must flip.
  // expected-error @+1 {{'tilegpu.memdesc_trans' op result '!tilegpu.memdesc<64x32xf16, #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4}>>' must be the transpose of the 2-D buffer '!tilegpu.memdesc<32x64xf16, #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4}>>' (shape swapped, `transposed` flipped)}}
  %t = tilegpu.memdesc_trans %buf : !tilegpu.memdesc<32x64xf16, #s> -> !tilegpu.memdesc<64x32xf16, #s>
  return
}

// -----

#s = #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4}>
func.func @f(%buf: !tilegpu.memdesc<3x32x64xf16, #s>) {
  // A multi-buffered buffer: its slots are seen transposed, not it.
  // expected-error @+1 {{'tilegpu.memdesc_trans' op result '!tilegpu.memdesc<64x32xf16, #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, transposed}>>' must be the transpose of the 2-D buffer}}
  %t = tilegpu.memdesc_trans %buf : !tilegpu.memdesc<3x32x64xf16, #s> -> !tilegpu.memdesc<64x32xf16, #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, transposed}>>
  return
}
