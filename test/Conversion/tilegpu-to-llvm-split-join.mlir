// tile.split and tile.join in registers: the halves of a repeat of the CTA
// tile (an element of a thread's registers each, no memory, no barrier),
// and the error where the result's layout does not hold them so (layout
// assignment never makes that; IR written by hand can).
// RUN: tilec-opt %s -convert-tilegpu-to-llvm -split-input-file -verify-diagnostics | FileCheck %s

#b = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tile.num_warps = 4 : i32} {
  // 256 elements on 128 threads: 2 a thread, at t and t + 128; the halves
  // along bit 128 are one register each, and joining them back is the pair.
  // CHECK-LABEL: llvm.func @halves
  // CHECK-NOT: nvvm.barrier0
  // CHECK-NOT: llvm.store
  // CHECK: llvm.return
  func.func @halves(%x: tensor<256xf32, #b>) {
    %lo, %hi = tile.split %x {axis = 0 : i32, stride = 128 : i64} : tensor<256xf32, #b> -> tensor<128xf32, #b>, tensor<128xf32, #b>
    %y = tile.join %hi, %lo {axis = 0 : i32, stride = 128 : i64} : tensor<128xf32, #b> -> tensor<256xf32, #b>
    return
  }
}

// -----

#b = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tile.num_warps = 4 : i32} {
  // The even and odd elements lie in other threads' registers.
  func.func @lanes(%x: tensor<256xf32, #b>) {
    // expected-error @+2 {{failed to legalize operation 'tile.split'}}
    // expected-error @+1 {{'tile.split' op results in #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}> are not registers of the operand in #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>}}
    %lo, %hi = tile.split %x {axis = 0 : i32, stride = 1 : i64} : tensor<256xf32, #b> -> tensor<128xf32, #b>, tensor<128xf32, #b>
    return
  }
}

// -----

#b = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tile.num_warps = 4 : i32} {
  func.func @join_lanes(%x: tensor<128xf32, #b>) {
    // expected-error @+2 {{failed to legalize operation 'tile.join'}}
    // expected-error @+1 {{'tile.join' op operands in #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}> are not registers of the result in #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>}}
    %y = tile.join %x, %x {axis = 0 : i32, stride = 1 : i64} : tensor<128xf32, #b> -> tensor<256xf32, #b>
    return
  }
}
