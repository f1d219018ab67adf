// RUN: tilec-opt %s -split-input-file -verify-diagnostics
// The verifier errors of tile.sort.

func.func @not_pow2(%x: tensor<4x12xf32>) {
  // expected-error @+1 {{'tile.sort' op sorts a last dimension whose size is a power of two, got 12}}
  %s = tile.sort %x : tensor<4x12xf32>
  return
}

// -----

func.func @unsigned_float(%x: tensor<16xf32>) {
  // expected-error @+1 {{'tile.sort' op 'unsigned_compare' compares integers, got elements of type 'f32'}}
  %s = tile.sort %x {unsigned_compare} : tensor<16xf32>
  return
}

// -----

func.func @types(%x: tensor<16xf32>) {
  // expected-error @+1 {{'tile.sort' op requires the same type for all operands and results}}
  %s = "tile.sort"(%x) : (tensor<16xf32>) -> tensor<16xf16>
  return
}
