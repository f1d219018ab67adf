// RUN: tilec-opt %s -split-input-file -verify-diagnostics
// The verifier errors of tile.scan, tile.generic_reduce and tile.combine_yield.

func.func @scan_axis(%x: tensor<128xf32>) {
  // expected-error @+1 {{'tile.scan' op axis 1 is out of range for operands of rank 1}}
  %r = tile.scan %x {axis = 1 : i32} : tensor<128xf32> -> tensor<128xf32> {
  ^bb0(%a: f32, %b: f32):
    tile.combine_yield %a : f32
  }
  return
}

// -----

func.func @scan_shapes(%x: tensor<128xf32>, %y: tensor<64xf32>) {
  // expected-error @+1 {{'tile.scan' op operands must have one shape, got [128] and [64]}}
  %r:2 = tile.scan %x, %y {axis = 0 : i32} : tensor<128xf32>, tensor<64xf32> -> tensor<128xf32>, tensor<64xf32> {
  ^bb0(%a: f32, %b: f32, %c: f32, %d: f32):
    tile.combine_yield %a, %b : f32, f32
  }
  return
}

// -----

func.func @scan_arity(%x: tensor<128xf32>) {
  // expected-error @+1 {{'tile.scan' op combine region must take 2 arguments (two per operand), got 3}}
  %r = tile.scan %x {axis = 0 : i32} : tensor<128xf32> -> tensor<128xf32> {
  ^bb0(%a: f32, %b: f32, %c: f32):
    tile.combine_yield %a : f32
  }
  return
}

// -----

func.func @scan_arg_type(%x: tensor<128xf32>) {
  // expected-error @+1 {{'tile.scan' op combine region argument 1 has type 'f16', expected 'f32'}}
  %r = tile.scan %x {axis = 0 : i32} : tensor<128xf32> -> tensor<128xf32> {
  ^bb0(%a: f32, %b: f16):
    tile.combine_yield %a : f32
  }
  return
}

// -----

func.func @scan_yield_count(%x: tensor<128xf32>) {
  %r = tile.scan %x {axis = 0 : i32} : tensor<128xf32> -> tensor<128xf32> {
  ^bb0(%a: f32, %b: f32):
    // expected-error @+1 {{'tile.combine_yield' op yields 2 values, expected 1}}
    tile.combine_yield %a, %b : f32, f32
  }
  return
}

// -----

func.func @scan_yield_type(%x: tensor<128xi32>) {
  %r = tile.scan %x {axis = 0 : i32} : tensor<128xi32> -> tensor<128xi32> {
  ^bb0(%a: i32, %b: i32):
    %c = arith.extsi %a : i32 to i64
    // expected-error @+1 {{'tile.combine_yield' op value 0 has type 'i64', expected 'i32'}}
    tile.combine_yield %c : i64
  }
  return
}

// -----

func.func @scan_result(%x: tensor<128xi32>) {
  // expected-error @+1 {{'tile.scan' op result type 'tensor<128xi64>' does not match operand type 'tensor<128xi32>'}}
  %r = tile.scan %x {axis = 0 : i32} : tensor<128xi32> -> tensor<128xi64> {
  ^bb0(%a: i32, %b: i32):
    tile.combine_yield %a : i32
  }
  return
}

// -----

func.func @scan_outside_value(%x: tensor<128xf32>, %y: f32) {
  // expected-note @+1 {{required by region isolation constraints}}
  %r = tile.scan %x {axis = 0 : i32} : tensor<128xf32> -> tensor<128xf32> {
  ^bb0(%a: f32, %b: f32):
    // expected-error @+1 {{using value defined outside the region}}
    %s = arith.addf %a, %y : f32
    tile.combine_yield %s : f32
  }
  return
}

// -----

func.func @reduce_result(%x: tensor<4x8xi32>) {
  // expected-error @+1 {{'tile.generic_reduce' op result type 'tensor<8xi32>' does not match expected type 'tensor<4xi32>'}}
  %r = tile.generic_reduce %x {axis = 1 : i32} : tensor<4x8xi32> -> tensor<8xi32> {
  ^bb0(%a: i32, %b: i32):
    tile.combine_yield %a : i32
  }
  return
}

// -----

func.func @reduce_scalar_result(%x: tensor<8xi32>) {
  // expected-error @+1 {{'tile.generic_reduce' op result type 'tensor<1xi32>' does not match expected type 'i32'}}
  %r = tile.generic_reduce %x {axis = 0 : i32} : tensor<8xi32> -> tensor<1xi32> {
  ^bb0(%a: i32, %b: i32):
    tile.combine_yield %a : i32
  }
  return
}

// -----

func.func @reduce_axis(%x: tensor<4x8xi32>) {
  // expected-error @+1 {{'tile.generic_reduce' op axis -1 is out of range for operands of rank 2}}
  %r = tile.generic_reduce %x {axis = -1 : i32} : tensor<4x8xi32> -> tensor<4xi32> {
  ^bb0(%a: i32, %b: i32):
    tile.combine_yield %a : i32
  }
  return
}

// -----

func.func @yield_parent(%x: i32) {
  // expected-error @+1 {{'tile.combine_yield' op expects parent op to be one of 'tile.scan, tile.generic_reduce'}}
  tile.combine_yield %x : i32
}
