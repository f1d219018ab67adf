// tile.axis_hint in the axis analysis: each hinted property is raised to the
// largest power of two dividing the hint (contiguity and constancy no more
// than the dimension), never lowered below what the analysis derived; a
// pointer's divisibility is in bytes. Loads through hinted pointers get the
// vector width the hints allow.
// RUN: tilec-opt %s -convert-tile-to-tilegpu -tilegpu-coalesce=print-axis-info=true | FileCheck %s

module attributes {tile.num_warps = 4 : i32} {
  // CHECK-LABEL: func.func @hints
  func.func @hints(%base: !tile.ptr<f16>, %ld: i32, %n: i32) {
    %r = tile.make_range 0 to 64 : tensor<64xi32>
    %r0 = tile.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %r1 = tile.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %lds = tile.splat %ld : i32 -> tensor<64x1xi32>
    %rows = arith.muli %r0, %lds : tensor<64x1xi32>
    %rowsb = tile.broadcast %rows : tensor<64x1xi32> -> tensor<64x64xi32>
    %colsb = tile.broadcast %r1 : tensor<1x64xi32> -> tensor<64x64xi32>
    %offs = arith.addi %rowsb, %colsb : tensor<64x64xi32>
    %bs = tile.splat %base : !tile.ptr<f16> -> tensor<64x64x!tile.ptr<f16>>
    // An fp16 base and a leading dimension of unknown divisibility: 2 bytes.
    // CHECK: tile.addptr {{.*}}tilegpu.axis_info = "contiguity = [1, 64], divisibility = [2, 2], constancy = [1, 1]"}
    %p = tile.addptr %bs, %offs : tensor<64x64x!tile.ptr<f16>>, tensor<64x64xi32>
    // CHECK: tile.axis_hint {{.*}}tilegpu.axis_info = "contiguity = [1, 64], divisibility = [16, 16], constancy = [1, 1]"}
    %ph = tile.axis_hint %p {divisibility = array<i64: 16, 16>} : tensor<64x64x!tile.ptr<f16>>
    // CHECK: tile.load {{.*}} {tilegpu.vector = 8 : i32}
    %v = tile.load %ph : tensor<64x64x!tile.ptr<f16>>
    tile.store %ph, %v : tensor<64x64x!tile.ptr<f16>>
    // 24 = 8 * 3: divisibility 8; a contiguity hint beyond the dimension
    // stays within it; a weaker hint keeps what was derived.
    // CHECK: tile.axis_hint {{.*}}tilegpu.axis_info = "contiguity = [64], divisibility = [1073741824], constancy = [1]"}
    %rh = tile.axis_hint %r {divisibility = array<i64: 24>, contiguity = array<i64: 256>} : tensor<64xi32>
    // CHECK: tile.axis_hint {{.*}}tilegpu.axis_info = "contiguity = [1], divisibility = [8], constancy = [1]"}
    %nh = tile.axis_hint %n {divisibility = array<i64: 24>} : i32
    %ns = tile.splat %nh : i32 -> tensor<64xi32>
    // CHECK: tile.axis_hint {{.*}}tilegpu.axis_info = "contiguity = [1], divisibility = [8], constancy = [64]"}
    %nsh = tile.axis_hint %ns {constancy = array<i64: 4>} : tensor<64xi32>
    %q = tile.splat %base : !tile.ptr<f16> -> tensor<64x!tile.ptr<f16>>
    %qp = tile.addptr %q, %nsh : tensor<64x!tile.ptr<f16>>, tensor<64xi32>
    %qv = tile.load %qp : tensor<64x!tile.ptr<f16>>
    tile.store %qp, %qv : tensor<64x!tile.ptr<f16>>
    return
  }
}
