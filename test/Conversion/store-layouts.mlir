// Checks -tilegpu-store-layouts: an f32 store through an 8-element layout
// (lanes 32 bytes apart, 16-byte vectors: each instruction writes half of
// every sector) gets its own layout with 4 elements a thread and 32 lanes
// along the row; its pointer and mask chains are cloned in it, and the
// conversion its value comes from converts straight to it (the canonicalizer
// folds mma -> old -> new into mma -> new). A value that cannot be cloned
// (a load) is converted right before the store, and so is that of an atomic
// update whose old values nobody reads, up to max-convert-bytes (16 KB
// here). Stores whose pointers cannot be recomputed, or whose vector
// already fills the thread's run, are left alone.
// RUN: tilec-opt %s -tilegpu-store-layouts=max-convert-bytes=16384 -canonicalize | FileCheck %s

// CHECK-DAG: #[[OLD:.*]] = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[OWN:.*]] = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[ROW:.*]] = #tilegpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[ROW4:.*]] = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[ONE:.*]] = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>

#b = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#s0 = #tilegpu.slice<{dim = 0, parent = #b}>
#s1 = #tilegpu.slice<{dim = 1, parent = #b}>
#mma = #tilegpu.mma<{version = 2, warpsPerCTA = [4, 1]}>
#row = #tilegpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {tile.num_warps = 4 : i32} {
  // CHECK-LABEL: func.func @epilogue
  // CHECK-NOT: #[[OLD]]
  // CHECK-DAG: %[[P:.*]] = tile.addptr %{{.*}}, %{{.*}} : tensor<64x64x!tile.ptr<f32>, #[[OWN]]>, tensor<64x64xi32, #[[OWN]]>
  // CHECK-DAG: %[[M:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : tensor<64x64xi32, #[[OWN]]>
  // CHECK-DAG: %[[V:.*]] = tilegpu.convert_layout %{{.*}} : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #[[OWN]]>
  // CHECK-DAG: %[[R:.*]] = arith.maxnumf %[[V]], %{{.*}} : tensor<64x64xf32, #[[OWN]]>
  // CHECK-NOT: tilegpu.convert_layout
  // CHECK: tile.store %[[P]], %[[R]], %[[M]] {tilegpu.vector = 4 : i32} : tensor<64x64x!tile.ptr<f32>, #[[OWN]]>
  func.func @epilogue(%p: !tile.ptr<f32>, %acc: tensor<64x64xf32, #mma>, %n: i32) {
    %r = tile.make_range 0 to 64 : tensor<64xi32, #s1>
    %re = tile.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #s1> -> tensor<64x1xi32, #b>
    %c64 = arith.constant dense<64> : tensor<64x1xi32, #b>
    %ro = arith.muli %re, %c64 : tensor<64x1xi32, #b>
    %c = tile.make_range 0 to 64 : tensor<64xi32, #s0>
    %ce = tile.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #s0> -> tensor<1x64xi32, #b>
    %rb = tile.broadcast %ro : tensor<64x1xi32, #b> -> tensor<64x64xi32, #b>
    %cb = tile.broadcast %ce : tensor<1x64xi32, #b> -> tensor<64x64xi32, #b>
    %off = arith.addi %rb, %cb : tensor<64x64xi32, #b>
    %ps = tile.splat %p : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>, #b>
    %ptrs = tile.addptr %ps, %off : tensor<64x64x!tile.ptr<f32>, #b>, tensor<64x64xi32, #b>
    %ns = tile.splat %n : i32 -> tensor<64x64xi32, #b>
    %mask = arith.cmpi slt, %cb, %ns : tensor<64x64xi32, #b>
    %v = tilegpu.convert_layout %acc : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #b>
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #b>
    %relu = arith.maxnumf %v, %zero : tensor<64x64xf32, #b>
    tile.store %ptrs, %relu, %mask {tilegpu.vector = 4 : i32} : tensor<64x64x!tile.ptr<f32>, #b>
    return
  }

  // Pointers the pass cannot recompute (arguments): left alone.
  // CHECK-LABEL: func.func @loaded
  // CHECK: tile.store %{{.*}}, %{{.*}} {tilegpu.vector = 4 : i32} : tensor<64x64x!tile.ptr<f32>, #[[OLD]]>
  func.func @loaded(%src: tensor<64x64x!tile.ptr<f32>, #b>, %dst: tensor<64x64x!tile.ptr<f32>, #b>) {
    %x = tile.load %src {tilegpu.vector = 4 : i32} : tensor<64x64x!tile.ptr<f32>, #b>
    tile.store %dst, %x {tilegpu.vector = 4 : i32} : tensor<64x64x!tile.ptr<f32>, #b>
    return
  }

  // 8 f16 (16 bytes) a thread, 8 a store: nothing to gain.
  // CHECK-LABEL: func.func @full
  // CHECK: tile.store %{{.*}}, %{{.*}} {tilegpu.vector = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #[[OLD]]>
  func.func @full(%p: !tile.ptr<f16>, %acc: tensor<64x64xf16, #mma>) {
    %ps = tile.splat %p : !tile.ptr<f16> -> tensor<64x64x!tile.ptr<f16>, #b>
    %v = tilegpu.convert_layout %acc : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #b>
    tile.store %ps, %v {tilegpu.vector = 8 : i32} : tensor<64x64x!tile.ptr<f16>, #b>
    return
  }

  // A row of bf16 loaded 16 bytes a thread, widened to f32: the store and
  // the atomic add get 4 floats a thread, the value converted before each.
  // CHECK-LABEL: func.func @widened
  // CHECK: %[[X:.*]] = arith.extf %{{.*}} : tensor<1024xbf16, #[[ROW]]> to tensor<1024xf32, #[[ROW]]>
  // CHECK: %[[C1:.*]] = tilegpu.convert_layout %[[X]] : tensor<1024xf32, #[[ROW]]> -> tensor<1024xf32, #[[ROW4]]>
  // CHECK: tile.store %{{.*}}, %[[C1]], %{{.*}} {tilegpu.vector = 4 : i32} : tensor<1024x!tile.ptr<f32>, #[[ROW4]]>
  // CHECK: %[[C2:.*]] = tilegpu.convert_layout %[[X]] : tensor<1024xf32, #[[ROW]]> -> tensor<1024xf32, #[[ROW4]]>
  // CHECK: tile.atomic_rmw add relaxed gpu %{{.*}}, %[[C2]], %{{.*}} {tilegpu.vector = 4 : i32} : tensor<1024x!tile.ptr<f32>, #[[ROW4]]>
  // An atomic whose old values are read stays.
  // CHECK: tile.atomic_rmw add relaxed gpu %{{.*}}, %[[X]] {tilegpu.vector = 4 : i32} : tensor<1024x!tile.ptr<f32>, #[[ROW]]>
  func.func @widened(%src: !tile.ptr<bf16>, %dst: !tile.ptr<f32>, %acc: !tile.ptr<f32>, %n: i32) -> tensor<1024xf32, #row> {
    %r = tile.make_range 0 to 1024 : tensor<1024xi32, #row>
    %ns = tile.splat %n : i32 -> tensor<1024xi32, #row>
    %m = arith.cmpi slt, %r, %ns : tensor<1024xi32, #row>
    %s = tile.splat %src : !tile.ptr<bf16> -> tensor<1024x!tile.ptr<bf16>, #row>
    %sp = tile.addptr %s, %r : tensor<1024x!tile.ptr<bf16>, #row>, tensor<1024xi32, #row>
    %x16 = tile.load %sp, %m {tilegpu.vector = 8 : i32} : tensor<1024x!tile.ptr<bf16>, #row>
    %x = arith.extf %x16 : tensor<1024xbf16, #row> to tensor<1024xf32, #row>
    %d = tile.splat %dst : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>, #row>
    %dp = tile.addptr %d, %r : tensor<1024x!tile.ptr<f32>, #row>, tensor<1024xi32, #row>
    tile.store %dp, %x, %m {tilegpu.vector = 4 : i32} : tensor<1024x!tile.ptr<f32>, #row>
    %a = tile.splat %acc : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>, #row>
    %ap = tile.addptr %a, %r : tensor<1024x!tile.ptr<f32>, #row>, tensor<1024xi32, #row>
    %unused = tile.atomic_rmw add relaxed gpu %ap, %x, %m {tilegpu.vector = 4 : i32} : tensor<1024x!tile.ptr<f32>, #row>
    %old = tile.atomic_rmw add relaxed gpu %ap, %x {tilegpu.vector = 4 : i32} : tensor<1024x!tile.ptr<f32>, #row>
    return %old : tensor<1024xf32, #row>
  }

  // A scan of the widened row converted before its store runs in the
  // store's layout (the axis spans the same lanes and warps there); the
  // conversion stops at the widening.
  // CHECK-LABEL: func.func @scanned
  // CHECK: %[[X:.*]] = arith.extf %{{.*}} : tensor<1024xbf16, #[[ROW]]> to tensor<1024xf32, #[[ROW]]>
  // CHECK: %[[C:.*]] = tilegpu.convert_layout %[[X]] : tensor<1024xf32, #[[ROW]]> -> tensor<1024xf32, #[[ROW4]]>
  // CHECK: %[[S:.*]] = tile.scan %[[C]] {axis = 0 : i32} : tensor<1024xf32, #[[ROW4]]> -> tensor<1024xf32, #[[ROW4]]>
  // CHECK: tile.store %{{.*}}, %[[S]], %{{.*}} {tilegpu.vector = 4 : i32} : tensor<1024x!tile.ptr<f32>, #[[ROW4]]>
  func.func @scanned(%src: !tile.ptr<bf16>, %dst: !tile.ptr<f32>, %n: i32) {
    %r = tile.make_range 0 to 1024 : tensor<1024xi32, #row>
    %ns = tile.splat %n : i32 -> tensor<1024xi32, #row>
    %m = arith.cmpi slt, %r, %ns : tensor<1024xi32, #row>
    %s = tile.splat %src : !tile.ptr<bf16> -> tensor<1024x!tile.ptr<bf16>, #row>
    %sp = tile.addptr %s, %r : tensor<1024x!tile.ptr<bf16>, #row>, tensor<1024xi32, #row>
    %x16 = tile.load %sp, %m {tilegpu.vector = 8 : i32} : tensor<1024x!tile.ptr<bf16>, #row>
    %x = arith.extf %x16 : tensor<1024xbf16, #row> to tensor<1024xf32, #row>
    %c = tile.scan %x {axis = 0 : i32} : tensor<1024xf32, #row> -> tensor<1024xf32, #row> {
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tile.combine_yield %t : f32
    }
    %d = tile.splat %dst : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>, #row>
    %dp = tile.addptr %d, %r : tensor<1024x!tile.ptr<f32>, #row>, tensor<1024xi32, #row>
    tile.store %dp, %c, %m {tilegpu.vector = 4 : i32} : tensor<1024x!tile.ptr<f32>, #row>
    return
  }

  // 8192 floats (32 KB) would take more shared memory than allowed: left
  // alone. A [1, 1] tile has one element a thread, whatever its layout.
  // CHECK-LABEL: func.func @too_big
  // CHECK-NOT: tilegpu.convert_layout
  // CHECK: tile.store {{.*}} : tensor<8192x!tile.ptr<f32>, #[[ROW]]>
  // CHECK: tile.store {{.*}} : tensor<1x1x!tile.ptr<f32>, #[[OLD]]>
  func.func @too_big(%src: !tile.ptr<bf16>, %dst: !tile.ptr<f32>, %one: tensor<1x1xf32, #b>) {
    %r = tile.make_range 0 to 8192 : tensor<8192xi32, #row>
    %s = tile.splat %src : !tile.ptr<bf16> -> tensor<8192x!tile.ptr<bf16>, #row>
    %sp = tile.addptr %s, %r : tensor<8192x!tile.ptr<bf16>, #row>, tensor<8192xi32, #row>
    %x16 = tile.load %sp {tilegpu.vector = 8 : i32} : tensor<8192x!tile.ptr<bf16>, #row>
    %x = arith.extf %x16 : tensor<8192xbf16, #row> to tensor<8192xf32, #row>
    %d = tile.splat %dst : !tile.ptr<f32> -> tensor<8192x!tile.ptr<f32>, #row>
    %dp = tile.addptr %d, %r : tensor<8192x!tile.ptr<f32>, #row>, tensor<8192xi32, #row>
    tile.store %dp, %x {tilegpu.vector = 4 : i32} : tensor<8192x!tile.ptr<f32>, #row>
    %o = tile.splat %dst : !tile.ptr<f32> -> tensor<1x1x!tile.ptr<f32>, #b>
    tile.store %o, %one {tilegpu.vector = 1 : i32} : tensor<1x1x!tile.ptr<f32>, #b>
    return
  }

  // One element an access: moved where the pointers are consecutive along
  // the row (tilegpu.contiguity) or where the old layout holds copies (a
  // [4, 32] tile in a [16, 64] CTA tile: 8 elements a thread, 1 after);
  // scattered pointers stay (the value's conversion would read shared
  // memory element by element and gain nothing).
  // CHECK-LABEL: func.func @one_element
  // CHECK: tile.store {{.*}} {tilegpu.contiguity = array<i32: 1, 64>, tilegpu.vector = 1 : i32} : tensor<64x64x!tile.ptr<f32>, #[[ONE]]>
  // CHECK: tile.store {{.*}} {tilegpu.vector = 1 : i32} : tensor<64x64x!tile.ptr<f32>, #[[OLD]]>
  // CHECK: tile.atomic_rmw add acq_rel gpu {{.*}} {tilegpu.vector = 1 : i32} : tensor<4x32x!tile.ptr<f32>, #[[ONE]]>
  // Consecutive 2-byte elements move too (a warp then writes whole sectors;
  // the conversion before them reads shared memory 2 bytes at a time).
  // CHECK: tile.store {{.*}} {tilegpu.contiguity = array<i32: 1, 64>, tilegpu.vector = 1 : i32} : tensor<64x64x!tile.ptr<f16>, #[[ONE]]>
  func.func @one_element(%p: !tile.ptr<f32>, %acc: tensor<64x64xf32, #mma>, %q: tensor<64x64x!tile.ptr<f32>, #b>, %a: !tile.ptr<f32>, %v: tensor<4x32xf32, #b>, %h: !tile.ptr<f16>, %acc16: tensor<64x64xf16, #mma>) {
    %c = tile.make_range 0 to 64 : tensor<64xi32, #s0>
    %ce = tile.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #s0> -> tensor<1x64xi32, #b>
    %cb = tile.broadcast %ce : tensor<1x64xi32, #b> -> tensor<64x64xi32, #b>
    %ps = tile.splat %p : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>, #b>
    %ptrs = tile.addptr %ps, %cb : tensor<64x64x!tile.ptr<f32>, #b>, tensor<64x64xi32, #b>
    %x = tilegpu.convert_layout %acc : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #b>
    tile.store %ptrs, %x {tilegpu.contiguity = array<i32: 1, 64>, tilegpu.vector = 1 : i32} : tensor<64x64x!tile.ptr<f32>, #b>
    tile.store %q, %x {tilegpu.vector = 1 : i32} : tensor<64x64x!tile.ptr<f32>, #b>
    %r = tile.make_range 0 to 32 : tensor<32xi32, #s0>
    %re = tile.expand_dims %r {axis = 0 : i32} : tensor<32xi32, #s0> -> tensor<1x32xi32, #b>
    %rb = tile.broadcast %re : tensor<1x32xi32, #b> -> tensor<4x32xi32, #b>
    %as = tile.splat %a : !tile.ptr<f32> -> tensor<4x32x!tile.ptr<f32>, #b>
    %ap = tile.addptr %as, %rb : tensor<4x32x!tile.ptr<f32>, #b>, tensor<4x32xi32, #b>
    %old = tile.atomic_rmw add acq_rel gpu %ap, %v {tilegpu.vector = 1 : i32} : tensor<4x32x!tile.ptr<f32>, #b>
    %hs = tile.splat %h : !tile.ptr<f16> -> tensor<64x64x!tile.ptr<f16>, #b>
    %hp = tile.addptr %hs, %cb : tensor<64x64x!tile.ptr<f16>, #b>, tensor<64x64xi32, #b>
    %x16 = tilegpu.convert_layout %acc16 : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #b>
    tile.store %hp, %x16 {tilegpu.contiguity = array<i32: 1, 64>, tilegpu.vector = 1 : i32} : tensor<64x64x!tile.ptr<f16>, #b>
    return
  }
}
