// RUN: tilec-opt %s -split-input-file -verify-diagnostics
// Verifier and custom-parser errors of tile.atomic_rmw, tile.atomic_cas and
// tile.barrier, one case each. Mismatched operand types can only be written in
// the generic form (the custom form derives them from the pointer type).

func.func @rmw_not_pointer(%p: i64, %v: f32) {
  // expected-error @+1 {{'tile.atomic_rmw' op pointer operand must be !tile.ptr or a tensor of !tile.ptr, got 'i64'}}
  %0 = "tile.atomic_rmw"(%p, %v) <{kind = #tile<atomic_kind add>, scope = #tile<mem_scope gpu>, sem = #tile<mem_semantic acq_rel>}> : (i64, f32) -> f32
  return
}

// -----

func.func @rmw_parse_not_pointer(%p: tensor<128xf32>, %v: tensor<128xf32>) {
  // expected-error @+1 {{expected !tile.ptr or a tensor of !tile.ptr, got 'tensor<128xf32>'}}
  %0 = tile.atomic_rmw add acq_rel gpu %p, %v : tensor<128xf32>
  return
}

// -----

func.func @rmw_value_element(%p: tensor<128x!tile.ptr<f32>>, %v: tensor<128xf16>) {
  // expected-error @+1 {{'tile.atomic_rmw' op value type 'tensor<128xf16>' does not match pointee type 'tensor<128xf32>'}}
  %0 = "tile.atomic_rmw"(%p, %v) <{kind = #tile<atomic_kind add>, scope = #tile<mem_scope gpu>, sem = #tile<mem_semantic acq_rel>}> : (tensor<128x!tile.ptr<f32>>, tensor<128xf16>) -> tensor<128xf16>
  return
}

// -----

func.func @rmw_value_shape(%p: tensor<128x!tile.ptr<f32>>, %v: tensor<64xf32>) {
  // expected-error @+1 {{'tile.atomic_rmw' op value type 'tensor<64xf32>' does not match pointee type 'tensor<128xf32>'}}
  %0 = "tile.atomic_rmw"(%p, %v) <{kind = #tile<atomic_kind add>, scope = #tile<mem_scope gpu>, sem = #tile<mem_semantic acq_rel>}> : (tensor<128x!tile.ptr<f32>>, tensor<64xf32>) -> tensor<64xf32>
  return
}

// -----

func.func @rmw_value_tile_scalar_pointer(%p: !tile.ptr<i32>, %v: tensor<128xi32>) {
  // expected-error @+1 {{'tile.atomic_rmw' op value type 'tensor<128xi32>' does not match pointee type 'i32'}}
  %0 = "tile.atomic_rmw"(%p, %v) <{kind = #tile<atomic_kind add>, scope = #tile<mem_scope gpu>, sem = #tile<mem_semantic acq_rel>}> : (!tile.ptr<i32>, tensor<128xi32>) -> tensor<128xi32>
  return
}

// -----

func.func @rmw_value_scalar_tile_pointer(%p: tensor<128x!tile.ptr<i32>>, %v: i32) {
  // expected-error @+1 {{'tile.atomic_rmw' op value type 'i32' does not match pointee type 'tensor<128xi32>'}}
  %0 = "tile.atomic_rmw"(%p, %v) <{kind = #tile<atomic_kind add>, scope = #tile<mem_scope gpu>, sem = #tile<mem_semantic acq_rel>}> : (tensor<128x!tile.ptr<i32>>, i32) -> i32
  return
}

// -----

func.func @rmw_result(%p: !tile.ptr<f32>, %v: f32) {
  // expected-error @+1 {{'tile.atomic_rmw' op result type 'f64' does not match value type 'f32'}}
  %0 = "tile.atomic_rmw"(%p, %v) <{kind = #tile<atomic_kind add>, scope = #tile<mem_scope gpu>, sem = #tile<mem_semantic acq_rel>}> : (!tile.ptr<f32>, f32) -> f64
  return
}

// -----

func.func @rmw_mask_shape(%p: tensor<128x!tile.ptr<f32>>, %v: tensor<128xf32>, %m: tensor<64xi1>) {
  // expected-error @+1 {{'tile.atomic_rmw' op mask shape [64] does not match pointer shape [128]}}
  %0 = "tile.atomic_rmw"(%p, %v, %m) <{kind = #tile<atomic_kind add>, scope = #tile<mem_scope gpu>, sem = #tile<mem_semantic acq_rel>}> : (tensor<128x!tile.ptr<f32>>, tensor<128xf32>, tensor<64xi1>) -> tensor<128xf32>
  return
}

// -----

func.func @rmw_mask_shape_2d(%p: tensor<16x64x!tile.ptr<f32>>, %v: tensor<16x64xf32>, %m: tensor<16x1xi1>) {
  // expected-error @+1 {{'tile.atomic_rmw' op mask shape [16, 1] does not match pointer shape [16, 64]}}
  %0 = "tile.atomic_rmw"(%p, %v, %m) <{kind = #tile<atomic_kind add>, scope = #tile<mem_scope gpu>, sem = #tile<mem_semantic acq_rel>}> : (tensor<16x64x!tile.ptr<f32>>, tensor<16x64xf32>, tensor<16x1xi1>) -> tensor<16x64xf32>
  return
}

// -----

func.func @rmw_mask_tile_scalar_pointer(%p: !tile.ptr<f32>, %v: f32, %m: tensor<1xi1>) {
  // expected-error @+1 {{'tile.atomic_rmw' op mask shape [1] does not match pointer shape []}}
  %0 = "tile.atomic_rmw"(%p, %v, %m) <{kind = #tile<atomic_kind add>, scope = #tile<mem_scope gpu>, sem = #tile<mem_semantic acq_rel>}> : (!tile.ptr<f32>, f32, tensor<1xi1>) -> f32
  return
}

// -----

func.func @rmw_mask_element(%p: tensor<128x!tile.ptr<f32>>, %v: tensor<128xf32>, %m: tensor<128xi32>) {
  // expected-error @+1 {{'tile.atomic_rmw' op mask must have i1 elements, got 'tensor<128xi32>'}}
  %0 = "tile.atomic_rmw"(%p, %v, %m) <{kind = #tile<atomic_kind add>, scope = #tile<mem_scope gpu>, sem = #tile<mem_semantic acq_rel>}> : (tensor<128x!tile.ptr<f32>>, tensor<128xf32>, tensor<128xi32>) -> tensor<128xf32>
  return
}

// -----

func.func @rmw_and_f32(%p: !tile.ptr<f32>, %v: f32) {
  // expected-error @+1 {{'tile.atomic_rmw' op atomic and does not take elements of 'f32'}}
  %0 = tile.atomic_rmw and acq_rel gpu %p, %v : !tile.ptr<f32>
  return
}

// -----

func.func @rmw_or_f64(%p: !tile.ptr<f64>, %v: f64) {
  // expected-error @+1 {{'tile.atomic_rmw' op atomic or does not take elements of 'f64'}}
  %0 = tile.atomic_rmw or acq_rel gpu %p, %v : !tile.ptr<f64>
  return
}

// -----

func.func @rmw_xor_bf16(%p: !tile.ptr<bf16>, %v: bf16) {
  // expected-error @+1 {{'tile.atomic_rmw' op atomic xor does not take elements of 'bf16'}}
  %0 = tile.atomic_rmw xor acq_rel gpu %p, %v : !tile.ptr<bf16>
  return
}

// -----

func.func @rmw_max_f16_tile(%p: tensor<8x!tile.ptr<f16>>, %v: tensor<8xf16>) {
  // expected-error @+1 {{'tile.atomic_rmw' op atomic max does not take elements of 'f16'}}
  %0 = tile.atomic_rmw max acq_rel gpu %p, %v : tensor<8x!tile.ptr<f16>>
  return
}

// -----

func.func @rmw_min_bf16(%p: !tile.ptr<bf16>, %v: bf16) {
  // expected-error @+1 {{'tile.atomic_rmw' op atomic min does not take elements of 'bf16'}}
  %0 = tile.atomic_rmw min acq_rel gpu %p, %v : !tile.ptr<bf16>
  return
}

// -----

func.func @rmw_max_i16(%p: !tile.ptr<i16>, %v: i16) {
  // expected-error @+1 {{'tile.atomic_rmw' op atomic max does not take elements of 'i16'}}
  %0 = tile.atomic_rmw max acq_rel gpu %p, %v : !tile.ptr<i16>
  return
}

// -----

func.func @rmw_umax_f32(%p: !tile.ptr<f32>, %v: f32) {
  // expected-error @+1 {{'tile.atomic_rmw' op atomic umax does not take elements of 'f32'}}
  %0 = tile.atomic_rmw umax acq_rel gpu %p, %v : !tile.ptr<f32>
  return
}

// -----

func.func @rmw_umin_f64_tile(%p: tensor<4x!tile.ptr<f64>>, %v: tensor<4xf64>) {
  // expected-error @+1 {{'tile.atomic_rmw' op atomic umin does not take elements of 'f64'}}
  %0 = tile.atomic_rmw umin acq_rel gpu %p, %v : tensor<4x!tile.ptr<f64>>
  return
}

// -----

func.func @rmw_add_i16(%p: !tile.ptr<i16>, %v: i16) {
  // expected-error @+1 {{'tile.atomic_rmw' op atomic add does not take elements of 'i16'}}
  %0 = tile.atomic_rmw add acq_rel gpu %p, %v : !tile.ptr<i16>
  return
}

// -----

func.func @rmw_add_i8(%p: !tile.ptr<i8>, %v: i8) {
  // expected-error @+1 {{'tile.atomic_rmw' op atomic add does not take elements of 'i8'}}
  %0 = tile.atomic_rmw add acq_rel gpu %p, %v : !tile.ptr<i8>
  return
}

// -----

func.func @rmw_add_i1(%p: !tile.ptr<i1>, %v: i1) {
  // expected-error @+1 {{'tile.atomic_rmw' op atomic add does not take elements of 'i1'}}
  %0 = tile.atomic_rmw add acq_rel gpu %p, %v : !tile.ptr<i1>
  return
}

// -----

func.func @rmw_xchg_f16(%p: !tile.ptr<f16>, %v: f16) {
  // expected-error @+1 {{'tile.atomic_rmw' op atomic xchg does not take elements of 'f16'}}
  %0 = tile.atomic_rmw xchg acq_rel gpu %p, %v : !tile.ptr<f16>
  return
}

// -----

func.func @rmw_xchg_i16(%p: !tile.ptr<i16>, %v: i16) {
  // expected-error @+1 {{'tile.atomic_rmw' op atomic xchg does not take elements of 'i16'}}
  %0 = tile.atomic_rmw xchg acq_rel gpu %p, %v : !tile.ptr<i16>
  return
}

// -----

func.func @rmw_and_i8(%p: !tile.ptr<i8>, %v: i8) {
  // expected-error @+1 {{'tile.atomic_rmw' op atomic and does not take elements of 'i8'}}
  %0 = tile.atomic_rmw and acq_rel gpu %p, %v : !tile.ptr<i8>
  return
}

// -----

func.func @rmw_unknown_kind(%p: !tile.ptr<f32>, %v: f32) {
  // expected-error @+1 {{unknown atomic kind 'nand'}}
  %0 = tile.atomic_rmw nand acq_rel gpu %p, %v : !tile.ptr<f32>
  return
}

// -----

func.func @rmw_kind_case(%p: !tile.ptr<f32>, %v: f32) {
  // expected-error @+1 {{unknown atomic kind 'ADD'}}
  %0 = tile.atomic_rmw ADD acq_rel gpu %p, %v : !tile.ptr<f32>
  return
}

// -----

func.func @rmw_kind_cpp_name(%p: !tile.ptr<f32>, %v: f32) {
  // expected-error @+1 {{unknown atomic kind 'and_'}}
  %0 = tile.atomic_rmw and_ acq_rel gpu %p, %v : !tile.ptr<f32>
  return
}

// -----

func.func @rmw_unknown_sem(%p: !tile.ptr<f32>, %v: f32) {
  // expected-error @+1 {{unknown memory semantic 'seq_cst'}}
  %0 = tile.atomic_rmw add seq_cst gpu %p, %v : !tile.ptr<f32>
  return
}

// -----

func.func @rmw_unknown_scope(%p: !tile.ptr<f32>, %v: f32) {
  // expected-error @+1 {{unknown memory scope 'device'}}
  %0 = tile.atomic_rmw add acq_rel device %p, %v : !tile.ptr<f32>
  return
}

// -----

func.func @rmw_sem_scope_swapped(%p: !tile.ptr<f32>, %v: f32) {
  // expected-error @+1 {{unknown memory semantic 'gpu'}}
  %0 = tile.atomic_rmw add gpu acq_rel %p, %v : !tile.ptr<f32>
  return
}

// -----

func.func @rmw_missing_scope(%p: !tile.ptr<f32>, %v: f32) {
  // expected-error @+1 {{expected valid keyword}}
  %0 = tile.atomic_rmw add acq_rel %p, %v : !tile.ptr<f32>
  return
}

// -----

func.func @cas_not_pointer(%p: f32, %v: f32) {
  // expected-error @+1 {{'tile.atomic_cas' op pointer operand must be !tile.ptr or a tensor of !tile.ptr, got 'f32'}}
  %0 = "tile.atomic_cas"(%p, %v, %v) <{scope = #tile<mem_scope gpu>, sem = #tile<mem_semantic acq_rel>}> : (f32, f32, f32) -> f32
  return
}

// -----

func.func @cas_parse_not_pointer(%p: i64, %v: i64) {
  // expected-error @+1 {{expected !tile.ptr or a tensor of !tile.ptr, got 'i64'}}
  %0 = tile.atomic_cas acq_rel gpu %p, %v, %v : i64
  return
}

// -----

func.func @cas_cmp_type(%p: !tile.ptr<i32>, %c: f32, %v: i32) {
  // expected-error @+1 {{'tile.atomic_cas' op operand type 'f32' does not match pointee type 'i32'}}
  %0 = "tile.atomic_cas"(%p, %c, %v) <{scope = #tile<mem_scope gpu>, sem = #tile<mem_semantic acq_rel>}> : (!tile.ptr<i32>, f32, i32) -> i32
  return
}

// -----

func.func @cas_value_type(%p: !tile.ptr<i32>, %c: i32, %v: i64) {
  // expected-error @+1 {{'tile.atomic_cas' op operand type 'i64' does not match pointee type 'i32'}}
  %0 = "tile.atomic_cas"(%p, %c, %v) <{scope = #tile<mem_scope gpu>, sem = #tile<mem_semantic acq_rel>}> : (!tile.ptr<i32>, i32, i64) -> i64
  return
}

// -----

func.func @cas_value_shape(%p: tensor<64x!tile.ptr<i32>>, %c: tensor<64xi32>, %v: i32) {
  // expected-error @+1 {{'tile.atomic_cas' op operand type 'i32' does not match pointee type 'tensor<64xi32>'}}
  %0 = "tile.atomic_cas"(%p, %c, %v) <{scope = #tile<mem_scope gpu>, sem = #tile<mem_semantic acq_rel>}> : (tensor<64x!tile.ptr<i32>>, tensor<64xi32>, i32) -> tensor<64xi32>
  return
}

// -----

func.func @cas_result(%p: !tile.ptr<i32>, %c: i32, %v: i32) {
  // expected-error @+1 {{'tile.atomic_cas' op cmp, value and result must have one type, got 'i32', 'i32' and 'i64'}}
  %0 = "tile.atomic_cas"(%p, %c, %v) <{scope = #tile<mem_scope gpu>, sem = #tile<mem_semantic acq_rel>}> : (!tile.ptr<i32>, i32, i32) -> i64
  return
}

// -----

func.func @cas_i8(%p: !tile.ptr<i8>, %v: i8) {
  // expected-error @+1 {{'tile.atomic_cas' op atomic cas does not take elements of 'i8'}}
  %0 = tile.atomic_cas acq_rel gpu %p, %v, %v : !tile.ptr<i8>
  return
}

// -----

func.func @cas_i1(%p: !tile.ptr<i1>, %v: i1) {
  // expected-error @+1 {{'tile.atomic_cas' op atomic cas does not take elements of 'i1'}}
  %0 = tile.atomic_cas acq_rel gpu %p, %v, %v : !tile.ptr<i1>
  return
}

// -----

func.func @cas_unknown_sem(%p: !tile.ptr<i32>, %v: i32) {
  // expected-error @+1 {{unknown memory semantic 'seq_cst'}}
  %0 = tile.atomic_cas seq_cst gpu %p, %v, %v : !tile.ptr<i32>
  return
}

// -----

func.func @cas_unknown_scope(%p: !tile.ptr<i32>, %v: i32) {
  // expected-error @+1 {{unknown memory scope 'block'}}
  %0 = tile.atomic_cas acq_rel block %p, %v, %v : !tile.ptr<i32>
  return
}

// -----

func.func @cas_kind_given(%p: !tile.ptr<i32>, %v: i32) {
  // expected-error @+1 {{unknown memory semantic 'add'}}
  %0 = tile.atomic_cas add acq_rel gpu %p, %v, %v : !tile.ptr<i32>
  return
}

// -----

func.func @barrier_operand(%x: i32) {
  // expected-error @+1 {{'tile.barrier' op requires zero operands}}
  "tile.barrier"(%x) : (i32) -> ()
  return
}

// -----

func.func @barrier_result() {
  // expected-error @+1 {{'tile.barrier' op requires zero results}}
  %0 = "tile.barrier"() : () -> i32
  return
}
