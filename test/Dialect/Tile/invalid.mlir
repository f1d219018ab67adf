// RUN: tilec-opt %s -split-input-file -verify-diagnostics
// One case per verifier (and custom parser) error of the tile ops.

func.func @program_id_axis() {
  // expected-error @+1 {{'tile.program_id' op axis must be 0, 1 or 2}}
  %0 = tile.program_id 3
  return
}

// -----

func.func @num_programs_axis() {
  // expected-error @+1 {{'tile.num_programs' op axis must be 0, 1 or 2}}
  %0 = tile.num_programs -1
  return
}

// -----

func.func @make_range_empty() {
  // expected-error @+1 {{'tile.make_range' op end (16) must be greater than start (16)}}
  %0 = tile.make_range 16 to 16 : tensor<1xi32>
  return
}

// -----

func.func @make_range_not_pow2() {
  // expected-error @+1 {{'tile.make_range' op range length 96 must be a power of two}}
  %0 = tile.make_range 0 to 96 : tensor<96xi32>
  return
}

// -----

func.func @make_range_shape() {
  // expected-error @+1 {{'tile.make_range' op result shape [64] does not match range length 128}}
  %0 = tile.make_range 0 to 128 : tensor<64xi32>
  return
}

// -----

func.func @splat_element(%x: f32) {
  // expected-error @+1 {{'tile.splat' op result element type 'f16' does not match operand type 'f32'}}
  %0 = tile.splat %x : f32 -> tensor<128xf16>
  return
}

// -----

func.func @splat_index(%x: index) {
  // expected-error @+1 {{'tile.splat' op operand #0 must be integer, float or !tile.ptr, but got 'index'}}
  %0 = tile.splat %x : index -> tensor<128xindex>
  return
}

// -----

func.func @splat_dynamic(%x: f32) {
  // expected-error @+1 {{'tile.splat' op result #0 must be statically shaped tensor of integer, float or !tile.ptr, but got 'tensor<?xf32>'}}
  %0 = tile.splat %x : f32 -> tensor<?xf32>
  return
}

// -----

func.func @broadcast_rank(%t: tensor<64xf32>) {
  // expected-error @+1 {{'tile.broadcast' op operand rank 1 does not match result rank 2}}
  %0 = tile.broadcast %t : tensor<64xf32> -> tensor<32x64xf32>
  return
}

// -----

func.func @broadcast_element(%t: tensor<1x64xf32>) {
  // expected-error @+1 {{'tile.broadcast' op result element type 'f16' does not match operand element type 'f32'}}
  %0 = tile.broadcast %t : tensor<1x64xf32> -> tensor<32x64xf16>
  return
}

// -----

func.func @broadcast_shape(%t: tensor<2x64xf32>) {
  // expected-error @+1 {{'tile.broadcast' op operand shape [2, 64] cannot be broadcast to result shape [32, 64]}}
  %0 = tile.broadcast %t : tensor<2x64xf32> -> tensor<32x64xf32>
  return
}

// -----

func.func @expand_dims_axis(%t: tensor<64xf32>) {
  // expected-error @+1 {{'tile.expand_dims' op axis 2 is out of range [0, 1]}}
  %0 = tile.expand_dims %t {axis = 2 : i32} : tensor<64xf32> -> tensor<64x1xf32>
  return
}

// -----

func.func @expand_dims_result(%t: tensor<64xf32>) {
  // expected-error @+1 {{'tile.expand_dims' op result type 'tensor<64x1xf32>' does not match expected type 'tensor<1x64xf32>'}}
  %0 = tile.expand_dims %t {axis = 0 : i32} : tensor<64xf32> -> tensor<64x1xf32>
  return
}

// -----

func.func @reshape_element(%t: tensor<4x16xf32>) {
  // expected-error @+1 {{'tile.reshape' op result element type 'i32' does not match operand element type 'f32'}}
  %0 = tile.reshape %t : tensor<4x16xf32> -> tensor<64xi32>
  return
}

// -----

func.func @reshape_count(%t: tensor<4x16xf32>) {
  // expected-error @+1 {{'tile.reshape' op result element count 32 does not match operand element count 64}}
  %0 = tile.reshape %t : tensor<4x16xf32> -> tensor<32xf32>
  return
}

// -----

func.func @trans_order(%t: tensor<32x64xf32>) {
  // expected-error @+1 {{'tile.trans' op order [0, 0] is not a permutation of [0, 2)}}
  %0 = tile.trans %t {order = array<i32: 0, 0>} : tensor<32x64xf32> -> tensor<32x64xf32>
  return
}

// -----

func.func @trans_result(%t: tensor<32x64xf32>) {
  // expected-error @+1 {{'tile.trans' op result type 'tensor<32x64xf32>' does not match expected type 'tensor<64x32xf32>'}}
  %0 = tile.trans %t {order = array<i32: 1, 0>} : tensor<32x64xf32> -> tensor<32x64xf32>
  return
}

// -----

func.func @addptr_not_pointer(%p: i64, %o: i32) {
  // expected-error @+1 {{'tile.addptr' op pointer operand must be !tile.ptr or a tensor of !tile.ptr, got 'i64'}}
  %0 = tile.addptr %p, %o : i64, i32
  return
}

// -----

func.func @addptr_offset_type(%p: !tile.ptr<f32>, %o: f32) {
  // expected-error @+1 {{'tile.addptr' op offset must be an integer or a tensor of integers, got 'f32'}}
  %0 = tile.addptr %p, %o : !tile.ptr<f32>, f32
  return
}

// -----

func.func @addptr_scalar_tensor(%p: tensor<128x!tile.ptr<f32>>, %o: i32) {
  // expected-error @+1 {{'tile.addptr' op pointer and offset must both be scalars or both tensors}}
  %0 = tile.addptr %p, %o : tensor<128x!tile.ptr<f32>>, i32
  return
}

// -----

func.func @addptr_shape(%p: tensor<128x!tile.ptr<f32>>, %o: tensor<64xi32>) {
  // expected-error @+1 {{'tile.addptr' op offset shape [64] does not match pointer shape [128]}}
  %0 = tile.addptr %p, %o : tensor<128x!tile.ptr<f32>>, tensor<64xi32>
  return
}

// -----

func.func @addptr_result(%p: !tile.ptr<f32>, %o: i32) {
  // expected-error @+1 {{'tile.addptr' op failed to verify that all of {ptr, result} have same type}}
  %0 = "tile.addptr"(%p, %o) : (!tile.ptr<f32>, i32) -> !tile.ptr<f16>
  return
}

// -----

func.func @load_parse_not_pointer(%p: tensor<128xf32>) {
  // expected-error @+1 {{expected !tile.ptr or a tensor of !tile.ptr, got 'tensor<128xf32>'}}
  %0 = tile.load %p : tensor<128xf32>
  return
}

// -----

func.func @load_not_pointer(%p: tensor<128xf32>) {
  // expected-error @+1 {{'tile.load' op pointer operand must be !tile.ptr or a tensor of !tile.ptr, got 'tensor<128xf32>'}}
  %0 = "tile.load"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (tensor<128xf32>) -> tensor<128xf32>
  return
}

// -----

func.func @load_mask_element(%p: tensor<128x!tile.ptr<f32>>, %m: tensor<128xi32>) {
  // expected-error @+1 {{'tile.load' op mask must have i1 elements, got 'tensor<128xi32>'}}
  %0 = "tile.load"(%p, %m) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (tensor<128x!tile.ptr<f32>>, tensor<128xi32>) -> tensor<128xf32>
  return
}

// -----

func.func @load_mask_shape(%p: tensor<128x!tile.ptr<f32>>, %m: tensor<64xi1>) {
  // expected-error @+1 {{'tile.load' op mask shape [64] does not match pointer shape [128]}}
  %0 = "tile.load"(%p, %m) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (tensor<128x!tile.ptr<f32>>, tensor<64xi1>) -> tensor<128xf32>
  return
}

// -----

func.func @load_result(%p: tensor<128x!tile.ptr<f32>>) {
  // expected-error @+1 {{'tile.load' op result type 'tensor<128xf16>' does not match loaded type 'tensor<128xf32>'}}
  %0 = "tile.load"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (tensor<128x!tile.ptr<f32>>) -> tensor<128xf16>
  return
}

// -----

func.func @load_other_without_mask(%p: tensor<128x!tile.ptr<f32>>, %o: tensor<128xf32>) {
  // expected-error @+1 {{'tile.load' op other requires a mask}}
  %0 = "tile.load"(%p, %o) <{operandSegmentSizes = array<i32: 1, 0, 1, 0>}> : (tensor<128x!tile.ptr<f32>>, tensor<128xf32>) -> tensor<128xf32>
  return
}

// -----

func.func @load_other_type(%p: tensor<128x!tile.ptr<f32>>, %m: tensor<128xi1>, %o: tensor<128xf16>) {
  // expected-error @+1 {{'tile.load' op other type 'tensor<128xf16>' does not match result type 'tensor<128xf32>'}}
  %0 = "tile.load"(%p, %m, %o) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (tensor<128x!tile.ptr<f32>>, tensor<128xi1>, tensor<128xf16>) -> tensor<128xf32>
  return
}

// -----

func.func @f(%p: tensor<64x64x!tile.ptr<f16>>, %m: tensor<64x64xi1>, %r: i32) {
  // expected-error @+1 {{'tile.load' op block needs one coordinate per dimension of a masked tile load (2 to 5 for a 2-D tile of a block with leading unit dimensions), got 1 for 'tensor<64x64xf16>'}}
  %0 = tile.load %p, %m block[%r] : tensor<64x64x!tile.ptr<f16>>
  return
}

// -----

func.func @f(%p: tensor<64x64x!tile.ptr<f16>>, %m: tensor<64x64xi1>, %r: i32) {
  // expected-error @+1 {{'tile.load' op block needs one coordinate per dimension of a masked tile load (2 to 5 for a 2-D tile of a block with leading unit dimensions), got 6 for 'tensor<64x64xf16>'}}
  %0 = tile.load %p, %m block[%r, %r, %r, %r, %r, %r] : tensor<64x64x!tile.ptr<f16>>
  return
}

// -----

func.func @f(%p: tensor<64x!tile.ptr<f16>>, %m: tensor<64xi1>, %r: i32) {
  // expected-error @+1 {{'tile.load' op block needs one coordinate per dimension of a masked tile load (2 to 5 for a 2-D tile of a block with leading unit dimensions), got 2 for 'tensor<64xf16>'}}
  %0 = tile.load %p, %m block[%r, %r] : tensor<64x!tile.ptr<f16>>
  return
}

// -----

func.func @f(%p: tensor<64x64x!tile.ptr<f16>>, %r: i32) {
  // expected-error @+1 {{'tile.load' op block needs one coordinate per dimension of a masked tile load (2 to 5 for a 2-D tile of a block with leading unit dimensions), got 2 for 'tensor<64x64xf16>'}}
  %0 = tile.load %p block[%r, %r] : tensor<64x64x!tile.ptr<f16>>
  return
}

// -----

func.func @f(%p: tensor<64x64x!tile.ptr<f16>>, %m: tensor<64x64xi1>) {
  // expected-error @+1 {{'tile.load' op blockTransposed without block coordinates}}
  %0 = tile.load %p, %m {blockTransposed} : tensor<64x64x!tile.ptr<f16>>
  return
}

// -----

func.func @store_parse_not_pointer(%p: i64, %v: i64) {
  // expected-error @+1 {{expected !tile.ptr or a tensor of !tile.ptr, got 'i64'}}
  tile.store %p, %v : i64
  return
}

// -----

func.func @store_block(%p: tensor<64x64x!tile.ptr<f16>>, %v: tensor<64x64xf16>, %r: i32) {
  // expected-error @+1 {{'tile.store' op block needs one coordinate per dimension of a masked tile store (2 to 5 for a 2-D tile of a block with leading unit dimensions), got 2 for 'tensor<64x64xf16>'}}
  tile.store %p, %v block[%r, %r] : tensor<64x64x!tile.ptr<f16>>
  return
}

// -----

func.func @store_not_pointer(%p: i64, %v: f32) {
  // expected-error @+1 {{'tile.store' op pointer operand must be !tile.ptr or a tensor of !tile.ptr, got 'i64'}}
  "tile.store"(%p, %v) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (i64, f32) -> ()
  return
}

// -----

func.func @store_value(%p: tensor<128x!tile.ptr<f32>>, %v: tensor<64xf32>) {
  // expected-error @+1 {{'tile.store' op value type 'tensor<64xf32>' does not match stored type 'tensor<128xf32>'}}
  "tile.store"(%p, %v) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (tensor<128x!tile.ptr<f32>>, tensor<64xf32>) -> ()
  return
}

// -----

func.func @store_mask_shape(%p: !tile.ptr<f32>, %v: f32, %m: tensor<1xi1>) {
  // expected-error @+1 {{'tile.store' op mask shape [1] does not match pointer shape []}}
  "tile.store"(%p, %v, %m) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (!tile.ptr<f32>, f32, tensor<1xi1>) -> ()
  return
}

// -----

func.func @store_mask_element(%p: !tile.ptr<f32>, %v: f32, %m: i8) {
  // expected-error @+1 {{'tile.store' op mask must have i1 elements, got 'i8'}}
  "tile.store"(%p, %v, %m) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (!tile.ptr<f32>, f32, i8) -> ()
  return
}

// -----

func.func @reduce_axis(%x: tensor<128xf32>) {
  // expected-error @+1 {{'tile.reduce' op axis 1 is out of range for operand of rank 1}}
  %0 = tile.reduce sum %x {axis = 1 : i32} : tensor<128xf32> -> f32
  return
}

// -----

func.func @reduce_result(%x: tensor<32x64xf32>) {
  // expected-error @+1 {{'tile.reduce' op result type 'tensor<64xf32>' does not match expected type 'tensor<32xf32>'}}
  %0 = tile.reduce max %x {axis = 1 : i32} : tensor<32x64xf32> -> tensor<64xf32>
  return
}

// -----

func.func @reduce_argmax_result(%x: tensor<128xf32>) {
  // expected-error @+1 {{'tile.reduce' op result type 'f32' does not match expected type 'i32'}}
  %0 = tile.reduce argmax %x {axis = 0 : i32} : tensor<128xf32> -> f32
  return
}

// -----

func.func @reduce_kind(%x: tensor<128xf32>) {
  // expected-error @+1 {{unknown reduction kind 'prod'}}
  %0 = tile.reduce prod %x {axis = 0 : i32} : tensor<128xf32> -> f32
  return
}

// -----

func.func @dot_rank(%a: tensor<2x32x16xf16>, %b: tensor<16x64xf16>, %c: tensor<32x64xf32>) {
  // expected-error @+1 {{'tile.dot' op operand a must have rank 2, got rank 3}}
  %0 = tile.dot %a, %b, %c : tensor<2x32x16xf16> * tensor<16x64xf16> -> tensor<32x64xf32>
  return
}

// -----

func.func @dot_contraction(%a: tensor<16x32xf16>, %b: tensor<64x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'tile.dot' op contraction dimension of a (32) does not match that of b (64)}}
  %0 = tile.dot %a, %b, %c : tensor<16x32xf16> * tensor<64x16xf16> -> tensor<16x16xf32>
  return
}

// -----

func.func @dot_acc(%a: tensor<32x16xf16>, %b: tensor<16x64xf16>, %c: tensor<32x32xf32>) {
  // expected-error @+1 {{'tile.dot' op accumulator shape [32, 32] does not match expected shape [32, 64]}}
  %0 = tile.dot %a, %b, %c : tensor<32x16xf16> * tensor<16x64xf16> -> tensor<32x32xf32>
  return
}

// -----

func.func @cast_shape(%p: tensor<128x!tile.ptr<f32>>) {
  // expected-error @+1 {{'tile.cast' op operand shape [128] does not match result shape [64]}}
  %0 = tile.cast %p : tensor<128x!tile.ptr<f32>> -> tensor<64xi64>
  return
}

// -----

func.func @cast_kind(%x: f32) {
  // expected-error @+1 {{'tile.cast' op cast from 'f32' to '!tile.ptr<f32>' is not a pointer cast (ptr to ptr, ptr to i64 or i64 to ptr)}}
  %0 = tile.cast %x : f32 -> !tile.ptr<f32>
  return
}

// -----

func.func @cast_ptr_to_i32(%p: !tile.ptr<f32>) {
  // expected-error @+1 {{'tile.cast' op cast from '!tile.ptr<f32>' to 'i32' is not a pointer cast (ptr to ptr, ptr to i64 or i64 to ptr)}}
  %0 = tile.cast %p : !tile.ptr<f32> -> i32
  return
}

// -----

func.func @axis_hint_float(%x: tensor<16xf32>) {
  // expected-error @+1 {{'tile.axis_hint' op hints an integer or pointer value, not 'tensor<16xf32>'}}
  %0 = tile.axis_hint %x {divisibility = array<i64: 16>} : tensor<16xf32>
  return
}

// -----

func.func @axis_hint_rank(%x: tensor<16x16xi32>) {
  // expected-error @+1 {{'tile.axis_hint' op contiguity has 1 values for rank 2}}
  %0 = tile.axis_hint %x {contiguity = array<i64: 16>} : tensor<16x16xi32>
  return
}

// -----

func.func @axis_hint_positive(%x: i32) {
  // expected-error @+1 {{'tile.axis_hint' op constancy values must be positive}}
  %0 = tile.axis_hint %x {constancy = array<i64: 0>} : i32
  return
}
