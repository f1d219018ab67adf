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
