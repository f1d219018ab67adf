// Round trip of the tilegpu layouts and ops.
// RUN: tilec-opt %s | tilec-opt | FileCheck %s

// CHECK: #[[B:.*]] = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: #[[S:.*]] = #tilegpu.slice<{dim = 0, parent = #[[B]]}>
#b = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #tilegpu.slice<{dim = 0, parent = #b}>
// CHECK-LABEL: func.func @convert
func.func @convert(%x: tensor<32xf32, #s>) -> tensor<32xf32, #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>> {
  // CHECK: tilegpu.barrier
  tilegpu.barrier
  // CHECK: %[[C:.*]] = tilegpu.convert_layout %{{.*}} : tensor<32xf32, #[[S]]> -> tensor<32xf32, #{{.*}}>
  %c = tilegpu.convert_layout %x : tensor<32xf32, #s> -> tensor<32xf32, #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>
  return %c : tensor<32xf32, #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>
}

// Shared-memory buffers.
// CHECK-LABEL: func.func @local_memory
func.func @local_memory(%x: tensor<64x32xf16, #b>) -> tensor<64x32xf16, #b> {
  // CHECK: %[[M:.*]] = tilegpu.local_alloc : !tilegpu.memdesc<64x32xf16>
  %m = tilegpu.local_alloc : !tilegpu.memdesc<64x32xf16>
  // CHECK: tilegpu.local_store %{{.*}}, %[[M]] : tensor<64x32xf16, #[[B]]> -> !tilegpu.memdesc<64x32xf16>
  tilegpu.local_store %x, %m : tensor<64x32xf16, #b> -> !tilegpu.memdesc<64x32xf16>
  // CHECK: tilegpu.local_load %[[M]] : !tilegpu.memdesc<64x32xf16> -> tensor<64x32xf16, #[[B]]>
  %v = tilegpu.local_load %m : !tilegpu.memdesc<64x32xf16> -> tensor<64x32xf16, #b>
  // CHECK: tilegpu.local_dealloc %[[M]] : !tilegpu.memdesc<64x32xf16>
  tilegpu.local_dealloc %m : !tilegpu.memdesc<64x32xf16>
  // CHECK: %[[N:.*]] = tilegpu.local_alloc %{{.*}} : tensor<64x32xf16, #[[B]]> -> !tilegpu.memdesc<64x32xf16>
  %n = tilegpu.local_alloc %x : tensor<64x32xf16, #b> -> !tilegpu.memdesc<64x32xf16>
  // A 1-D buffer of pointers, read into a slice layout.
  // CHECK: tilegpu.local_alloc : !tilegpu.memdesc<32x!tile.ptr<f32>>
  %p = tilegpu.local_alloc : !tilegpu.memdesc<32x!tile.ptr<f32>>
  // CHECK: tilegpu.local_load %{{.*}} : !tilegpu.memdesc<32x!tile.ptr<f32>> -> tensor<32x!tile.ptr<f32>, #[[S]]>
  %q = tilegpu.local_load %p : !tilegpu.memdesc<32x!tile.ptr<f32>> -> tensor<32x!tile.ptr<f32>, #s>
  %w = tilegpu.local_load %n : !tilegpu.memdesc<64x32xf16> -> tensor<64x32xf16, #b>
  return %w : tensor<64x32xf16, #b>
}
