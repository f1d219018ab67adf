// Checks rule 7 of -tilegpu-remove-layout-conversions: a scan whose result
// is converted to a blocked layout spanning its axis with no more lanes
// and warps runs in that layout, and the conversion climbs above it and on
// above the widening of a loaded bf16 tile (rule 2): the loaded bf16 is
// converted (fla's chunk-local cumsum: 64 x 64 bf16 scanned along the rows
// and stored as fp32, 4 floats a thread). A target spanning the axis with
// more lanes keeps the scan where it is, and so does a scan whose result
// has another user.
// RUN: tilec-opt %s -split-input-file -tilegpu-remove-layout-conversions | FileCheck %s

#l8 = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#l4 = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tile.num_warps = 4 : i32} {
  // CHECK-LABEL: func.func @cumsum_rows
  // CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<64x64x!tile.ptr<bf16>, #[[L8:.*]]>
  // CHECK: %[[C:.*]] = tilegpu.convert_layout %[[X]] : tensor<64x64xbf16, #[[L8]]> -> tensor<64x64xbf16, #[[L4:.*]]>
  // CHECK: %[[W:.*]] = arith.extf %[[C]] : tensor<64x64xbf16, #[[L4]]> to tensor<64x64xf32, #[[L4]]>
  // CHECK: %[[S:.*]] = tile.scan %[[W]] {axis = 0 : i32} : tensor<64x64xf32, #[[L4]]> -> tensor<64x64xf32, #[[L4]]>
  // CHECK: arith.addf
  // CHECK: tile.store %{{.*}}, %[[S]] : tensor<64x64x!tile.ptr<f32>, #[[L4]]>
  // CHECK-NOT: tilegpu.convert_layout
  func.func @cumsum_rows(%p: tensor<64x64x!tile.ptr<bf16>, #l8>, %q: tensor<64x64x!tile.ptr<f32>, #l4>) {
    %x = tile.load %p : tensor<64x64x!tile.ptr<bf16>, #l8>
    %w = arith.extf %x : tensor<64x64xbf16, #l8> to tensor<64x64xf32, #l8>
    %s = tile.scan %w {axis = 0 : i32} : tensor<64x64xf32, #l8> -> tensor<64x64xf32, #l8> {
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tile.combine_yield %t : f32
    }
    %c = tilegpu.convert_layout %s : tensor<64x64xf32, #l8> -> tensor<64x64xf32, #l4>
    tile.store %q, %c : tensor<64x64x!tile.ptr<f32>, #l4>
    return
  }
}

// -----

// Along axis 1 the target spans 16 lanes where the source spans 8: the
// scan stays in its layout and its result is converted.
#l8 = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#l4 = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tile.num_warps = 4 : i32} {
  // CHECK-LABEL: func.func @more_lanes
  // CHECK: tile.scan %{{.*}} {axis = 1 : i32} : tensor<64x64xf32, #[[L8:.*]]> -> tensor<64x64xf32, #[[L8]]>
  // CHECK: tilegpu.convert_layout %{{.*}} : tensor<64x64xf32, #[[L8]]> -> tensor<64x64xf32, #{{.*}}>
  func.func @more_lanes(%p: tensor<64x64x!tile.ptr<f32>, #l8>, %q: tensor<64x64x!tile.ptr<f32>, #l4>) {
    %x = tile.load %p : tensor<64x64x!tile.ptr<f32>, #l8>
    %s = tile.scan %x {axis = 1 : i32} : tensor<64x64xf32, #l8> -> tensor<64x64xf32, #l8> {
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tile.combine_yield %t : f32
    }
    %c = tilegpu.convert_layout %s : tensor<64x64xf32, #l8> -> tensor<64x64xf32, #l4>
    tile.store %q, %c : tensor<64x64x!tile.ptr<f32>, #l4>
    return
  }
}

// -----

// The scan's result is also stored in its own layout: it stays, and the
// conversion with it.
#l8 = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#l4 = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tile.num_warps = 4 : i32} {
  // CHECK-LABEL: func.func @two_users
  // CHECK: %[[S:.*]] = tile.scan %{{.*}} {axis = 0 : i32} : tensor<64x64xf32, #[[L8:.*]]> -> tensor<64x64xf32, #[[L8]]>
  // CHECK: tilegpu.convert_layout %[[S]]
  func.func @two_users(%p: tensor<64x64x!tile.ptr<f32>, #l8>, %q: tensor<64x64x!tile.ptr<f32>, #l4>) {
    %x = tile.load %p : tensor<64x64x!tile.ptr<f32>, #l8>
    %s = tile.scan %x {axis = 0 : i32} : tensor<64x64xf32, #l8> -> tensor<64x64xf32, #l8> {
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tile.combine_yield %t : f32
    }
    %c = tilegpu.convert_layout %s : tensor<64x64xf32, #l8> -> tensor<64x64xf32, #l4>
    tile.store %q, %c : tensor<64x64x!tile.ptr<f32>, #l4>
    tile.store %p, %s : tensor<64x64x!tile.ptr<f32>, #l8>
    return
  }
}
