// Checks tilegpu-tma-stores on tilegpu IR: a block store through a host
// descriptor's base becomes a local_alloc of the value and a tma_store (the
// map a new kernel argument); the branch on whole 16-byte rows where the
// inner size's divisibility does not prove them; the store kept where the
// buffer would pass the shared-memory limit or where the kernel also stores
// through the descriptor without coordinates. (test/Target/PTX/tma-store.py
// has the kernels from source, their PTX and the other cases.)
// RUN: tilec-opt %s -tilegpu-tma-stores -split-input-file | FileCheck %s
// RUN: tilec-opt %s -tilegpu-tma-stores=shared-limit=4096 -split-input-file | FileCheck %s --check-prefix=SMALL

#b = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {tile.num_warps = 4 : i32} {
  // CHECK-LABEL: func.func @whole_rows(
  // CHECK-SAME: %[[MAP:[^:]+]]: !tilegpu.tensormap {tilegpu.tensor_map = {box = array<i64: 64, 64>, desc = "y", dtype = "fp16", swizzle = 128 : i32}})
  // CHECK-NOT: scf.if
  // CHECK: %[[BUF:.*]] = tilegpu.local_alloc %{{.*}} : tensor<64x64xf16, #blocked> -> !tilegpu.memdesc<64x64xf16, #shared>
  // CHECK-NEXT: tilegpu.tma_store %[[MAP]][%arg6, %arg7], %[[BUF]]
  // CHECK-NOT: tile.store
  // SMALL-LABEL: func.func @whole_rows(
  // SMALL-NOT: tilegpu.tensormap
  // SMALL: tile.store %{{.*}}, %{{.*}}, %{{.*}} block[%arg6, %arg7]
  func.func @whole_rows(%base: !tile.ptr<f16> {tile.divisibility = 16 : i32, tile.host_descriptor = "y"},
                        %m: i32 {tile.divisibility = 16 : i32}, %n: i32 {tile.divisibility = 16 : i32},
                        %s0: i64, %s1: i64, %off: tensor<64x64xi32, #b>, %row: i32, %col: i32,
                        %v: tensor<64x64xf16, #b>, %mask: tensor<64x64xi1, #b>) attributes {tile.kernel} {
    %s = tile.splat %base : !tile.ptr<f16> -> tensor<64x64x!tile.ptr<f16>, #b>
    %p = tile.addptr %s, %off : tensor<64x64x!tile.ptr<f16>, #b>, tensor<64x64xi32, #b>
    tile.store %p, %v, %mask block[%row, %col] : tensor<64x64x!tile.ptr<f16>, #b>
    return
  }

  // CHECK-LABEL: func.func @any_rows(
  // CHECK: %[[LOW:.*]] = arith.andi %arg2, %{{.*}} : i32
  // CHECK: %[[OK:.*]] = arith.cmpi eq, %[[LOW]], %{{.*}} : i32
  // CHECK: scf.if %[[OK]] {
  // CHECK-NEXT: tilegpu.local_alloc
  // CHECK-NEXT: tilegpu.tma_store
  // CHECK-NEXT: } else {
  // CHECK-NEXT: tile.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x64x!tile.ptr<f16>, #blocked>
  // CHECK-NEXT: }
  func.func @any_rows(%base: !tile.ptr<f16> {tile.divisibility = 16 : i32, tile.host_descriptor = "y"},
                      %m: i32, %n: i32, %s0: i64, %s1: i64, %off: tensor<64x64xi32, #b>, %row: i32, %col: i32,
                      %v: tensor<64x64xf16, #b>, %mask: tensor<64x64xi1, #b>) attributes {tile.kernel} {
    %s = tile.splat %base : !tile.ptr<f16> -> tensor<64x64x!tile.ptr<f16>, #b>
    %p = tile.addptr %s, %off : tensor<64x64x!tile.ptr<f16>, #b>, tensor<64x64xi32, #b>
    tile.store %p, %v, %mask block[%row, %col] : tensor<64x64x!tile.ptr<f16>, #b>
    return
  }

  // Another store through the descriptor, without coordinates: both stay.
  // CHECK-LABEL: func.func @mixed(
  // CHECK-NOT: tilegpu.tma_store
  // CHECK: tile.store %{{.*}}, %{{.*}}, %{{.*}} block[
  // CHECK: tile.store
  // CHECK-NOT: tilegpu.tma_store
  // CHECK: return
  func.func @mixed(%base: !tile.ptr<f16> {tile.divisibility = 16 : i32, tile.host_descriptor = "y"},
                   %m: i32 {tile.divisibility = 16 : i32}, %n: i32 {tile.divisibility = 16 : i32},
                   %s0: i64, %s1: i64, %off: tensor<64x64xi32, #b>, %row: i32, %col: i32,
                   %v: tensor<64x64xf16, #b>, %mask: tensor<64x64xi1, #b>) attributes {tile.kernel} {
    %s = tile.splat %base : !tile.ptr<f16> -> tensor<64x64x!tile.ptr<f16>, #b>
    %p = tile.addptr %s, %off : tensor<64x64x!tile.ptr<f16>, #b>, tensor<64x64xi32, #b>
    tile.store %p, %v, %mask block[%row, %col] : tensor<64x64x!tile.ptr<f16>, #b>
    tile.store %p, %v, %mask : tensor<64x64x!tile.ptr<f16>, #b>
    return
  }
}
