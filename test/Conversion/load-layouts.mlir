// Checks -tilegpu-load-layouts: a rank-2 load whose only user is a
// local_alloc gets the blocked layout that fits its own tile (here 32x64 f16
// with 8-element vectors: 8 lanes along a row instead of the shared layout's
// 4), its pointer chain is cloned in that layout, a loop-carried pointer gets
// a loop-carried twin, and the old iter_arg (only feeding its own update) is
// cut and removed by the canonicalizer. Pointers from elsewhere (a function
// argument) are converted; loads with other users, and tiles the new layout
// would replicate, are left alone.
// RUN: tilec-opt %s -tilegpu-load-layouts -canonicalize | FileCheck %s

// CHECK-DAG: #[[OWN:.*]] = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[OLD:.*]] = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>

#b = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#w = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#s0 = #tilegpu.slice<{dim = 0, parent = #b}>
#s1 = #tilegpu.slice<{dim = 1, parent = #b}>
#sh = #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8}>
module attributes {tile.num_warps = 4 : i32} {
  // CHECK-LABEL: func.func @loop
  // CHECK: %[[PN:.*]] = tile.addptr %{{.*}}, %{{.*}} : tensor<32x64x!tile.ptr<f16>, #[[OWN]]>, tensor<32x64xi32, #[[OWN]]>
  // CHECK: %[[PO:.*]] = tile.addptr %{{.*}}, %{{.*}} : tensor<32x64x!tile.ptr<f16>, #[[OLD]]>, tensor<32x64xi32, #[[OLD]]>
  // CHECK: scf.for {{.*}} iter_args(%[[P:.*]] = %[[PN]]) -> (tensor<32x64x!tile.ptr<f16>, #[[OWN]]>)
  // CHECK-NEXT: %[[V:.*]] = tile.load %[[P]] {tilegpu.vector = 8 : i32} : tensor<32x64x!tile.ptr<f16>, #[[OWN]]>
  // CHECK-NEXT: tilegpu.local_alloc %[[V]] : tensor<32x64xf16, #[[OWN]]>
  // CHECK: tile.store %[[PO]], %{{.*}} : tensor<32x64x!tile.ptr<f16>, #[[OLD]]>
  // CHECK: %[[NEXT:.*]] = tile.addptr %[[P]], %{{.*}} : tensor<32x64x!tile.ptr<f16>, #[[OWN]]>
  // CHECK-NEXT: scf.yield %[[NEXT]]
  func.func @loop(%p: !tile.ptr<f16>, %n: i32, %stride: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = tile.make_range 0 to 32 : tensor<32xi32, #s1>
    %re = tile.expand_dims %r {axis = 1 : i32} : tensor<32xi32, #s1> -> tensor<32x1xi32, #b>
    %ss = tile.splat %stride : i32 -> tensor<32x1xi32, #b>
    %ro = arith.muli %re, %ss : tensor<32x1xi32, #b>
    %c = tile.make_range 0 to 64 : tensor<64xi32, #s0>
    %ce = tile.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #s0> -> tensor<1x64xi32, #b>
    %rb = tile.broadcast %ro : tensor<32x1xi32, #b> -> tensor<32x64xi32, #b>
    %cb = tile.broadcast %ce : tensor<1x64xi32, #b> -> tensor<32x64xi32, #b>
    %off = arith.addi %rb, %cb : tensor<32x64xi32, #b>
    %ps = tile.splat %p : !tile.ptr<f16> -> tensor<32x64x!tile.ptr<f16>, #b>
    %p0 = tile.addptr %ps, %off : tensor<32x64x!tile.ptr<f16>, #b>, tensor<32x64xi32, #b>
    %step = arith.constant dense<64> : tensor<32x64xi32, #b>
    %res = scf.for %i = %c0 to %n step %c1 iter_args(%ptr = %p0) -> (tensor<32x64x!tile.ptr<f16>, #b>) : i32 {
      %v = tile.load %ptr {tilegpu.vector = 8 : i32} : tensor<32x64x!tile.ptr<f16>, #b>
      %m = tilegpu.local_alloc %v : tensor<32x64xf16, #b> -> !tilegpu.memdesc<32x64xf16, #sh>
      %x = tilegpu.local_load %m : !tilegpu.memdesc<32x64xf16, #sh> -> tensor<32x64xf16, #b>
      tile.store %p0, %x : tensor<32x64x!tile.ptr<f16>, #b>
      %next = tile.addptr %ptr, %step : tensor<32x64x!tile.ptr<f16>, #b>, tensor<32x64xi32, #b>
      scf.yield %next : tensor<32x64x!tile.ptr<f16>, #b>
    }
    return
  }

  // CHECK-LABEL: func.func @converted
  // CHECK: %[[C:.*]] = tilegpu.convert_layout %{{.*}} : tensor<32x64x!tile.ptr<f16>, #[[OLD]]> -> tensor<32x64x!tile.ptr<f16>, #[[OWN]]>
  // CHECK: tile.load %[[C]] {tilegpu.vector = 8 : i32} : tensor<32x64x!tile.ptr<f16>, #[[OWN]]>
  func.func @converted(%ptrs: tensor<32x64x!tile.ptr<f16>, #b>, %q: tensor<32x64x!tile.ptr<f16>, #b>) {
    %v = tile.load %ptrs {tilegpu.vector = 8 : i32} : tensor<32x64x!tile.ptr<f16>, #b>
    %m = tilegpu.local_alloc %v : tensor<32x64xf16, #b> -> !tilegpu.memdesc<32x64xf16, #sh>
    %x = tilegpu.local_load %m : !tilegpu.memdesc<32x64xf16, #sh> -> tensor<32x64xf16, #b>
    tile.store %q, %x : tensor<32x64x!tile.ptr<f16>, #b>
    return
  }

  // A load with another user (the store) keeps its layout; so does the 8x64
  // tile, which the own layout (4 rows of lanes x 4 warps = 16 rows) would
  // replicate, and a tile whose warps already read whole 128-byte lines
  // (8 lanes x 16 bytes: more lanes measured slower on wide tiles).
  // CHECK-LABEL: func.func @left_alone
  // CHECK: tile.load %{{.*}} : tensor<32x64x!tile.ptr<f16>, #[[OLD]]>
  // CHECK: tile.load %{{.*}} : tensor<8x64x!tile.ptr<f16>, #[[OLD]]>
  // CHECK: tile.load %{{.*}} : tensor<64x128x!tile.ptr<f16>, #[[WIDE:.*]]>
  // CHECK-NOT: tilegpu.convert_layout
  // CHECK: return
  func.func @left_alone(%a: tensor<32x64x!tile.ptr<f16>, #b>, %c: tensor<8x64x!tile.ptr<f16>, #b>, %e: tensor<64x128x!tile.ptr<f16>, #w>) {
    %v = tile.load %a {tilegpu.vector = 8 : i32} : tensor<32x64x!tile.ptr<f16>, #b>
    tile.store %a, %v : tensor<32x64x!tile.ptr<f16>, #b>
    %w = tile.load %c {tilegpu.vector = 8 : i32} : tensor<8x64x!tile.ptr<f16>, #b>
    %m = tilegpu.local_alloc %w : tensor<8x64xf16, #b> -> !tilegpu.memdesc<8x64xf16, #sh>
    %x = tilegpu.local_load %m : !tilegpu.memdesc<8x64xf16, #sh> -> tensor<8x64xf16, #b>
    tile.store %c, %x : tensor<8x64x!tile.ptr<f16>, #b>
    %y = tile.load %e {tilegpu.vector = 8 : i32} : tensor<64x128x!tile.ptr<f16>, #w>
    %n = tilegpu.local_alloc %y : tensor<64x128xf16, #w> -> !tilegpu.memdesc<64x128xf16, #sh>
    %z = tilegpu.local_load %n : !tilegpu.memdesc<64x128xf16, #sh> -> tensor<64x128xf16, #w>
    tile.store %e, %z : tensor<64x128x!tile.ptr<f16>, #w>
    return
  }

  // The pointer's update uses another loop-carried tile (%inc): while the
  // loop is being rebuilt for the pointer's twin, a second rebuild is not
  // started; %inc is converted into the new layout inside the loop instead.
  // CHECK-LABEL: func.func @carried_update
  // CHECK: scf.for {{.*}} -> ({{.*}}tensor<32x64x!tile.ptr<f16>, #[[OWN]]>{{.*}})
  // CHECK-NEXT: %[[C:.*]] = tilegpu.convert_layout %{{.*}} : tensor<32x64xi32, #[[OLD]]> -> tensor<32x64xi32, #[[OWN]]>
  // CHECK-NEXT: tile.load %[[P:.*]] {tilegpu.vector = 8 : i32} : tensor<32x64x!tile.ptr<f16>, #[[OWN]]>
  // CHECK: tile.addptr %[[P]], %[[C]] : tensor<32x64x!tile.ptr<f16>, #[[OWN]]>
  func.func @carried_update(%p0: tensor<32x64x!tile.ptr<f16>, #b>, %i0: tensor<32x64xi32, #b>, %q: tensor<32x64x!tile.ptr<f16>, #b>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %one = arith.constant dense<1> : tensor<32x64xi32, #b>
    %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%ptr = %p0, %inc = %i0) -> (tensor<32x64x!tile.ptr<f16>, #b>, tensor<32x64xi32, #b>) : i32 {
      %v = tile.load %ptr {tilegpu.vector = 8 : i32} : tensor<32x64x!tile.ptr<f16>, #b>
      %m = tilegpu.local_alloc %v : tensor<32x64xf16, #b> -> !tilegpu.memdesc<32x64xf16, #sh>
      %x = tilegpu.local_load %m : !tilegpu.memdesc<32x64xf16, #sh> -> tensor<32x64xf16, #b>
      tile.store %q, %x : tensor<32x64x!tile.ptr<f16>, #b>
      %next = tile.addptr %ptr, %inc : tensor<32x64x!tile.ptr<f16>, #b>, tensor<32x64xi32, #b>
      %inc2 = arith.addi %inc, %one : tensor<32x64xi32, #b>
      scf.yield %next, %inc2 : tensor<32x64x!tile.ptr<f16>, #b>, tensor<32x64xi32, #b>
    }
    return
  }
}
