// RUN: tilec-opt %s -split-input-file -verify-diagnostics
// The verifier errors of tile.gather, tile.histogram, tile.inline_asm and
// tile.print.

func.func @gather_shape(%src: tensor<32x64xf32>, %idx: tensor<16x16xi32>) {
  // expected-error @+1 {{'tile.gather' op index dimension 0 (16) must match the source's (32)}}
  %g = tile.gather %src[%idx] {axis = 1 : i32} : tensor<32x64xf32>, tensor<16x16xi32> -> tensor<16x16xf32>
  return
}

// -----

func.func @gather_axis(%src: tensor<32xf32>, %idx: tensor<8xi32>) {
  // expected-error @+1 {{'tile.gather' op axis 1 is out of range for rank 1}}
  %g = tile.gather %src[%idx] {axis = 1 : i32} : tensor<32xf32>, tensor<8xi32> -> tensor<8xf32>
  return
}

// -----

func.func @histogram_result(%x: tensor<64xi32>) {
  // expected-error @+1 {{'tile.histogram' op result must be a 1-D tile of i32 (one per bin)}}
  %h = tile.histogram %x : tensor<64xi32> -> tensor<16xi64>
  return
}

// -----

func.func @asm_mixed(%x: tensor<64xi32>, %s: i32) {
  // expected-error @+1 {{'tile.inline_asm' op operands and results must be all tiles of one shape or all scalars}}
  %a = tile.inline_asm "add.s32 $0, $1, $2;", "=r,r,r" (%x, %s) {packed_element = 1 : i32, pure = true} : (tensor<64xi32>, i32) -> tensor<64xi32>
  return
}

// -----

func.func @asm_no_result(%s: i32) {
  // expected-error @+1 {{'tile.inline_asm' op needs at least one result}}
  tile.inline_asm "mov.b32 $0, $0;", "r" (%s) {packed_element = 1 : i32, pure = false} : (i32) -> ()
  return
}

// -----

func.func @asm_pack(%x: tensor<64xi32>) {
  // expected-error @+1 {{'tile.inline_asm' op packed_element must be at least 1}}
  %a = tile.inline_asm "mov.b32 $0, $1;", "=r,r" (%x) {packed_element = 0 : i32, pure = true} : (tensor<64xi32>) -> tensor<64xi32>
  return
}

// -----

func.func @print_signed(%x: tensor<64xi32>, %p: i32) {
  // expected-error @+1 {{'tile.print' op is_signed must have one entry per operand}}
  tile.print "x" pid(%p, %p, %p), %x {hex = false, is_signed = array<i1>} : tensor<64xi32>
  return
}
