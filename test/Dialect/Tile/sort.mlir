// RUN: tilec-opt %s | tilec-opt | FileCheck %s
// Round trip of tile.sort.

// CHECK-LABEL: func.func @sorts
func.func @sorts(%x: tensor<4x16xf32>, %u: tensor<1024xi32>) {
  // CHECK: tile.sort %{{.*}} : tensor<4x16xf32>
  %a = tile.sort %x : tensor<4x16xf32>
  // CHECK: tile.sort %{{.*}} {descending, unsigned_compare} : tensor<1024xi32>
  %b = tile.sort %u {descending, unsigned_compare} : tensor<1024xi32>
  return
}
