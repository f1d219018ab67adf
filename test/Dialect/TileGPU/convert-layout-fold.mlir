// Checks the folder of tilegpu.convert_layout under -canonicalize: a no-op
// conversion is dropped, a -> b -> a gives a back, and a -> b -> c becomes
// a -> c (in place), leaving a -> b to die unless it has other users.
// RUN: tilec-opt %s -canonicalize | FileCheck %s

#a = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#c = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tile.num_warps = 4 : i32} {
  // CHECK-LABEL: func.func @chain
  // CHECK-SAME: (%[[X:.*]]: tensor<64x64xf32, #{{.*}}>)
  // CHECK-NEXT: %[[C:.*]] = tilegpu.convert_layout %[[X]] : tensor<64x64xf32, #[[A:blocked[0-9]*]]> -> tensor<64x64xf32, #[[CC:blocked[0-9]*]]>
  // CHECK-NEXT: return %[[X]], %[[C]]
  func.func @chain(%x: tensor<64x64xf32, #a>) -> (tensor<64x64xf32, #a>, tensor<64x64xf32, #c>) {
    %0 = tilegpu.convert_layout %x : tensor<64x64xf32, #a> -> tensor<64x64xf32, #a>
    %1 = tilegpu.convert_layout %0 : tensor<64x64xf32, #a> -> tensor<64x64xf32, #b>
    %2 = tilegpu.convert_layout %1 : tensor<64x64xf32, #b> -> tensor<64x64xf32, #a>
    %3 = tilegpu.convert_layout %1 : tensor<64x64xf32, #b> -> tensor<64x64xf32, #c>
    return %2, %3 : tensor<64x64xf32, #a>, tensor<64x64xf32, #c>
  }
  // a -> b with another user stays; a -> b -> c still converts a -> c.
  // CHECK-LABEL: func.func @shared
  // CHECK: %[[P:.*]] = tilegpu.convert_layout %arg0 : tensor<64x64xf32, #{{.*}}> -> tensor<64x64xf32, #{{.*}}>
  // CHECK-NEXT: %[[Q:.*]] = tilegpu.convert_layout %arg0 : tensor<64x64xf32, #{{.*}}> -> tensor<64x64xf32, #{{.*}}>
  // CHECK-NEXT: return %[[P]], %[[Q]]
  func.func @shared(%x: tensor<64x64xf32, #a>) -> (tensor<64x64xf32, #b>, tensor<64x64xf32, #c>) {
    %1 = tilegpu.convert_layout %x : tensor<64x64xf32, #a> -> tensor<64x64xf32, #b>
    %2 = tilegpu.convert_layout %1 : tensor<64x64xf32, #b> -> tensor<64x64xf32, #c>
    return %1, %2 : tensor<64x64xf32, #b>, tensor<64x64xf32, #c>
  }
}
