// RUN: tilec-opt %s | tilec-opt | FileCheck %s
// Round trip of tile.gather, tile.histogram, tile.inline_asm and tile.print.

// CHECK-LABEL: func.func @ops
func.func @ops(%src: tensor<32x64xf32>, %idx: tensor<32x16xi32>, %x: tensor<1024xi32>, %m: tensor<1024xi1>, %p: i32) {
  // CHECK: tile.gather %{{.*}}[%{{.*}}] {axis = 1 : i32} : tensor<32x64xf32>, tensor<32x16xi32> -> tensor<32x16xf32>
  %g = tile.gather %src[%idx] {axis = 1 : i32} : tensor<32x64xf32>, tensor<32x16xi32> -> tensor<32x16xf32>
  // CHECK: tile.histogram %{{.*}}, %{{.*}} : tensor<1024xi32>, tensor<1024xi1> -> tensor<64xi32>
  %h = tile.histogram %x, %m : tensor<1024xi32>, tensor<1024xi1> -> tensor<64xi32>
  // CHECK: tile.histogram %{{.*}} : tensor<1024xi32> -> tensor<16xi32>
  %h2 = tile.histogram %x : tensor<1024xi32> -> tensor<16xi32>
  // CHECK: tile.inline_asm "shl.b32 $0, $1, 3;", "=r,r"(%{{.*}}) {packed_element = 1 : i32, pure = true} : (tensor<1024xi32>) -> tensor<1024xi32>
  %a = tile.inline_asm "shl.b32 $0, $1, 3;", "=r,r" (%x) {packed_element = 1 : i32, pure = true} : (tensor<1024xi32>) -> tensor<1024xi32>
  // CHECK: tile.inline_asm "mov.u64 $0, %globaltimer;", "=l"() {packed_element = 1 : i32, pure = false} : () -> i64
  %t = tile.inline_asm "mov.u64 $0, %globaltimer;", "=l" () {packed_element = 1 : i32, pure = false} : () -> i64
  // CHECK: tile.print " x: " pid(%{{.*}}, %{{.*}}, %{{.*}}), %{{.*}}, %{{.*}} {hex = false, is_signed = array<i1: true, false>} : tensor<1024xi32>, tensor<32x16xf32>
  tile.print " x: " pid(%p, %p, %p), %x, %g {hex = false, is_signed = array<i1: true, false>} : tensor<1024xi32>, tensor<32x16xf32>
  // CHECK: tile.print "here" pid(%{{.*}}, %{{.*}}, %{{.*}}) {hex = false, is_signed = array<i1>}
  tile.print "here" pid(%p, %p, %p) {hex = false, is_signed = array<i1>}
  return
}
