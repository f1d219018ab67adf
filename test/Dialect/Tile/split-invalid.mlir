// RUN: tilec-opt %s -split-input-file -verify-diagnostics
// The verifier errors of tile.split and tile.join.

func.func @axis(%x: tensor<4x16xf32>) {
  // expected-error @+1 {{'tile.split' op axis 2 is not a dimension of 'tensor<4x16xf32>'}}
  %a, %b = tile.split %x {axis = 2 : i32, stride = 1 : i64} : tensor<4x16xf32> -> tensor<4x8xf32>, tensor<4x8xf32>
  return
}

// -----

func.func @stride(%x: tensor<4x16xf32>) {
  // expected-error @+1 {{'tile.split' op stride 16 is not a power of two whose double divides 16 (dimension 1)}}
  %a, %b = tile.split %x {axis = 1 : i32, stride = 16 : i64} : tensor<4x16xf32> -> tensor<4x8xf32>, tensor<4x8xf32>
  return
}

// -----

func.func @stride_pow2(%x: tensor<4x16xf32>) {
  // expected-error @+1 {{'tile.split' op stride 3 is not a power of two whose double divides 16 (dimension 1)}}
  %a, %b = tile.split %x {axis = 1 : i32, stride = 3 : i64} : tensor<4x16xf32> -> tensor<4x8xf32>, tensor<4x8xf32>
  return
}

// -----

func.func @shape(%x: tensor<4x16xf32>) {
  // expected-error @+1 {{'tile.split' op results must be 'tensor<4x8xf32>' (the operand with dimension 1 halved), got 'tensor<2x16xf32>'}}
  %a, %b = tile.split %x {axis = 1 : i32, stride = 1 : i64} : tensor<4x16xf32> -> tensor<2x16xf32>, tensor<2x16xf32>
  return
}

// -----

func.func @types(%x: tensor<4x16xf32>) {
  // expected-error @+1 {{'tile.split' op results must have one type, got 'tensor<4x8xf32>' and 'tensor<4x8xf16>'}}
  %a, %b = tile.split %x {axis = 1 : i32, stride = 1 : i64} : tensor<4x16xf32> -> tensor<4x8xf32>, tensor<4x8xf16>
  return
}

// -----

func.func @join_stride(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'tile.join' op stride 16 is not a power of two that divides 8 (dimension 1)}}
  %j = tile.join %a, %a {axis = 1 : i32, stride = 16 : i64} : tensor<4x8xf32> -> tensor<4x16xf32>
  return
}

// -----

func.func @join_shape(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'tile.join' op result must be 'tensor<4x16xf32>' (the operands with dimension 1 doubled), got 'tensor<8x8xf32>'}}
  %j = tile.join %a, %a {axis = 1 : i32, stride = 1 : i64} : tensor<4x8xf32> -> tensor<8x8xf32>
  return
}

// -----

func.func @join_types(%a: tensor<4x8xf32>, %b: tensor<4x8xf16>) {
  // expected-error @+1 {{'tile.join' op failed to verify that all of {lo, hi} have same type}}
  %j = "tile.join"(%a, %b) {axis = 1 : i32, stride = 1 : i64} : (tensor<4x8xf32>, tensor<4x8xf16>) -> tensor<4x16xf32>
  return
}
