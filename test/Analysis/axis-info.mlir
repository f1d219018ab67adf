// Checks the axis analysis (contiguity, divisibility, constancy per
// dimension; pointer divisibility in bytes) through the test-only option
// print-axis-info of -tilegpu-coalesce.
// RUN: tilec-opt %s -convert-tile-to-tilegpu -tilegpu-coalesce=print-axis-info=true | FileCheck %s

module attributes {tile.num_warps = 4 : i32} {
  // CHECK-LABEL: func.func @gelu_like
  func.func @gelu_like(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                       %n: i32 {tile.divisibility = 16 : i32}, %m: i32) {
    // CHECK: tile.program_id 0 {tilegpu.axis_info = "contiguity = [1], divisibility = [1], constancy = [1]"}
    %pid = tile.program_id 0
    // CHECK: arith.constant {tilegpu.axis_info = "contiguity = [1], divisibility = [1024], constancy = [1], constant = 1024"} 1024
    %c1024 = arith.constant 1024 : i32
    // CHECK: arith.muli {{.*}} {tilegpu.axis_info = "contiguity = [1], divisibility = [1024], constancy = [1]"}
    %start = arith.muli %pid, %c1024 : i32
    // CHECK: tile.make_range 0 to 1024 {tilegpu.axis_info = "contiguity = [1024], divisibility = [1073741824], constancy = [1]"}
    %r = tile.make_range 0 to 1024 : tensor<1024xi32>
    // CHECK: tile.splat {{.*}} {tilegpu.axis_info = "contiguity = [1], divisibility = [1024], constancy = [1024]"}
    %s = tile.splat %start : i32 -> tensor<1024xi32>
    // CHECK: arith.addi {{.*}} {tilegpu.axis_info = "contiguity = [1024], divisibility = [1024], constancy = [1]"}
    %offs = arith.addi %s, %r : tensor<1024xi32>
    %ns = tile.splat %n : i32 -> tensor<1024xi32>
    // The mask is constant over runs of 16 (n is a multiple of 16).
    // CHECK: arith.cmpi slt, {{.*}} {tilegpu.axis_info = "contiguity = [1], divisibility = [1], constancy = [16], mask prefix = [1024]"}
    %mask = arith.cmpi slt, %offs, %ns : tensor<1024xi32>
    %ms = tile.splat %m : i32 -> tensor<1024xi32>
    // CHECK: arith.cmpi slt, {{.*}} {tilegpu.axis_info = "contiguity = [1], divisibility = [1], constancy = [1], mask prefix = [1024]"}
    %mask2 = arith.cmpi slt, %offs, %ms : tensor<1024xi32>
    // sle is not aligned to the group: only the constancy of the operands.
    // CHECK: arith.cmpi sle, {{.*}} {tilegpu.axis_info = "contiguity = [1], divisibility = [1], constancy = [1], mask prefix = [1024]"}
    %mask3 = arith.cmpi sle, %offs, %ns : tensor<1024xi32>
    // CHECK: tile.splat {{.*}} {tilegpu.axis_info = "contiguity = [1], divisibility = [16], constancy = [1024]"}
    %xs = tile.splat %x : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
    // Pointers: divisibility in bytes, gcd(16, 1024 * 4).
    // CHECK: tile.addptr {{.*}} {tilegpu.axis_info = "contiguity = [1024], divisibility = [16], constancy = [1]"}
    %xp = tile.addptr %xs, %offs : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    // (x * 2): contiguity lost, divisibility doubled.
    %c2 = arith.constant dense<2> : tensor<1024xi32>
    // CHECK: arith.muli {{.*}} {tilegpu.axis_info = "contiguity = [1], divisibility = [2], constancy = [1]"}
    %o2 = arith.muli %r, %c2 : tensor<1024xi32>
    // x & 63 keeps runs of 64; x << 2 multiplies divisibility by 4.
    %c63 = arith.constant dense<63> : tensor<1024xi32>
    // CHECK: arith.andi {{.*}} {tilegpu.axis_info = "contiguity = [64], divisibility = [64], constancy = [1]"}
    %and = arith.andi %offs, %c63 : tensor<1024xi32>
    // CHECK: arith.shli {{.*}} {tilegpu.axis_info = "contiguity = [1], divisibility = [4096], constancy = [1024]"}
    %sh = arith.shli %s, %c2 : tensor<1024xi32>
    // n - arange is not contiguous.
    // CHECK: arith.subi {{.*}} {tilegpu.axis_info = "contiguity = [1], divisibility = [1], constancy = [1]"}
    %sub = arith.subi %ns, %r : tensor<1024xi32>
    // CHECK: arith.subi {{.*}} {tilegpu.axis_info = "contiguity = [1024], divisibility = [16], constancy = [1]"}
    %sub2 = arith.subi %offs, %ns : tensor<1024xi32>
    %v = tile.load %xp, %mask : tensor<1024x!tile.ptr<f32>>
    tile.store %xp, %v, %mask2 : tensor<1024x!tile.ptr<f32>>
    return
  }

  // 2-D: rows * stride + cols.
  // CHECK-LABEL: func.func @two_d
  func.func @two_d(%p: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                   %stride: i32 {tile.divisibility = 16 : i32}) {
    %r = tile.make_range 0 to 32 : tensor<32xi32>
    %c = tile.make_range 0 to 64 : tensor<64xi32>
    // CHECK: tile.expand_dims {{.*}} {axis = 1 : i32, tilegpu.axis_info = "contiguity = [32, 1], divisibility = [1073741824, 1], constancy = [1, 1]"}
    %re = tile.expand_dims %r {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %ss = tile.splat %stride : i32 -> tensor<32x1xi32>
    // CHECK: arith.muli {{.*}} {tilegpu.axis_info = "contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 1]"}
    %rm = arith.muli %re, %ss : tensor<32x1xi32>
    // CHECK: tile.broadcast {{.*}} {tilegpu.axis_info = "contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 64]"}
    %rb = tile.broadcast %rm : tensor<32x1xi32> -> tensor<32x64xi32>
    %ce = tile.expand_dims %c {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    // CHECK: tile.broadcast {{.*}} {tilegpu.axis_info = "contiguity = [1, 64], divisibility = [1, 1073741824], constancy = [32, 1]"}
    %cb = tile.broadcast %ce : tensor<1x64xi32> -> tensor<32x64xi32>
    // CHECK: arith.addi {{.*}} {tilegpu.axis_info = "contiguity = [1, 64], divisibility = [1, 16], constancy = [1, 1]"}
    %off = arith.addi %rb, %cb : tensor<32x64xi32>
    %ps = tile.splat %p : !tile.ptr<f16> -> tensor<32x64x!tile.ptr<f16>>
    // CHECK: tile.addptr {{.*}} {tilegpu.axis_info = "contiguity = [1, 64], divisibility = [2, 16], constancy = [1, 1]"}
    %pp = tile.addptr %ps, %off : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
    %v = tile.load %pp : tensor<32x64x!tile.ptr<f16>>
    tile.store %pp, %v : tensor<32x64x!tile.ptr<f16>>
    return
  }

  // Loop-carried pointers: the join of the init value and the increment.
  // CHECK-LABEL: func.func @loop
  func.func @loop(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = tile.make_range 0 to 256 : tensor<256xi32>
    %ps = tile.splat %p : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>>
    %p0 = tile.addptr %ps, %r : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
    %step = arith.constant dense<256> : tensor<256xi32>
    %step1 = arith.constant dense<1> : tensor<256xi32>
    // CHECK: scf.for
    %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %p0, %b = %p0) -> (tensor<256x!tile.ptr<f32>>, tensor<256x!tile.ptr<f32>>) : i32 {
      %v = tile.load %a : tensor<256x!tile.ptr<f32>>
      tile.store %b, %v : tensor<256x!tile.ptr<f32>>
      // CHECK: tile.addptr {{.*}} {tilegpu.axis_info = "contiguity = [256], divisibility = [16], constancy = [1]"}
      %a2 = tile.addptr %a, %step : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
      // CHECK: tile.addptr {{.*}} {tilegpu.axis_info = "contiguity = [256], divisibility = [4], constancy = [1]"}
      %b2 = tile.addptr %b, %step1 : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
      scf.yield %a2, %b2 : tensor<256x!tile.ptr<f32>>, tensor<256x!tile.ptr<f32>>
    }
    return
  }

  // Reshapes keep the info of the dimensions they keep: all of them when
  // only unit dimensions come or go, else an equal last dimension (a split
  // dimension keeps nothing); the rest get every element's divisibility.
  // CHECK-LABEL: func.func @reshapes
  func.func @reshapes(%x: !tile.ptr<f16> {tile.divisibility = 16 : i32}) {
    %r = tile.make_range 0 to 64 : tensor<64xi32>
    %c16 = arith.constant dense<16> : tensor<64xi32>
    %m = arith.muli %r, %c16 : tensor<64xi32>
    // CHECK: tile.reshape {{.*}} "contiguity = [1, 64], divisibility = [1, 1073741824], constancy = [1, 1]"
    %a = tile.reshape %r : tensor<64xi32> -> tensor<1x64xi32>
    // CHECK: tile.reshape {{.*}} "contiguity = [1, 1, 1], divisibility = [1, 1, 1], constancy = [1, 1, 1]"
    %b = tile.reshape %r : tensor<64xi32> -> tensor<1x4x16xi32>
    // CHECK: tile.reshape {{.*}} "contiguity = [1, 64], divisibility = [1, 1073741824], constancy = [1, 1]"
    %c = tile.reshape %a : tensor<1x64xi32> -> tensor<1x64xi32>
    // CHECK: tile.reshape {{.*}} "contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 1]"
    %d = tile.reshape %m : tensor<64xi32> -> tensor<4x16xi32>
    return
  }
}
