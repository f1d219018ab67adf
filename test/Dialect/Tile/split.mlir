// RUN: tilec-opt %s | tilec-opt | FileCheck %s
// Round trip of tile.split and tile.join.

// CHECK-LABEL: func.func @splits
func.func @splits(%x: tensor<128x256xf32>, %y: tensor<64xi32>) {
  // CHECK: %{{.*}}, %{{.*}} = tile.split %{{.*}} {axis = 1 : i32, stride = 128 : i64} : tensor<128x256xf32> -> tensor<128x128xf32>, tensor<128x128xf32>
  %a, %b = tile.split %x {axis = 1 : i32, stride = 128 : i64} : tensor<128x256xf32> -> tensor<128x128xf32>, tensor<128x128xf32>
  // CHECK: tile.split %{{.*}} {axis = 0 : i32, stride = 1 : i64} : tensor<64xi32> -> tensor<32xi32>, tensor<32xi32>
  %c, %d = tile.split %y {axis = 0 : i32, stride = 1 : i64} : tensor<64xi32> -> tensor<32xi32>, tensor<32xi32>
  return
}

// CHECK-LABEL: func.func @joins
func.func @joins(%a: tensor<128x128xf32>, %b: tensor<128x128xf32>) {
  // CHECK: tile.join %{{.*}}, %{{.*}} {axis = 1 : i32, stride = 128 : i64} : tensor<128x128xf32> -> tensor<128x256xf32>
  %j = tile.join %a, %b {axis = 1 : i32, stride = 128 : i64} : tensor<128x128xf32> -> tensor<128x256xf32>
  // CHECK: tile.join %{{.*}}, %{{.*}} {axis = 0 : i32, stride = 1 : i64} : tensor<128x128xf32> -> tensor<256x128xf32>
  %k = tile.join %a, %b {axis = 0 : i32, stride = 1 : i64} : tensor<128x128xf32> -> tensor<256x128xf32>
  return
}
