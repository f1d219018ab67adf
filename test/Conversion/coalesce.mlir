// Checks -tilegpu-coalesce: the widest access the axis analysis allows
// becomes sizePerThread of the rank's blocked layout (every type using it,
// slices included) and `tilegpu.vector` of each load / store.
// RUN: tilec-opt %s -split-input-file -convert-tile-to-tilegpu -tilegpu-coalesce | FileCheck %s
// RUN: tilec-opt %s -split-input-file -convert-tile-to-tilegpu -tilegpu-remove-layout-conversions -tilegpu-coalesce | FileCheck %s --check-prefix=RLC

// fp32, 16-byte aligned pointers, n a multiple of 16: 4 x 32 bits.
// CHECK: #[[B:.*]] = #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: func.func @gelu_like
// CHECK: arith.constant dense<0.000000e+00> : tensor<1024xf32, #[[B]]>
// CHECK: tile.load {{.*}} {tilegpu.vector = 4 : i32} : tensor<1024x!tile.ptr<f32>, #[[B]]>
// CHECK: tile.store {{.*}} {tilegpu.vector = 4 : i32} : tensor<1024x!tile.ptr<f32>, #[[B]]>
module attributes {tile.num_warps = 4 : i32} {
  func.func @gelu_like(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                       %y: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                       %n: i32 {tile.divisibility = 16 : i32}) {
    %pid = tile.program_id 0
    %c1024 = arith.constant 1024 : i32
    %start = arith.muli %pid, %c1024 : i32
    %r = tile.make_range 0 to 1024 : tensor<1024xi32>
    %s = tile.splat %start : i32 -> tensor<1024xi32>
    %offs = arith.addi %s, %r : tensor<1024xi32>
    %ns = tile.splat %n : i32 -> tensor<1024xi32>
    %mask = arith.cmpi slt, %offs, %ns : tensor<1024xi32>
    %xs = tile.splat %x : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
    %xp = tile.addptr %xs, %offs : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %zero = arith.constant dense<0.0> : tensor<1024xf32>
    %v = tile.load %xp, %mask, %zero : tensor<1024x!tile.ptr<f32>>
    %ys = tile.splat %y : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
    %yp = tile.addptr %ys, %offs : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    tile.store %yp, %v, %mask : tensor<1024x!tile.ptr<f32>>
    return
  }
}

// -----

// fp16: 8 x 16 bits.
// CHECK: #[[B:.*]] = #tilegpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: func.func @half
// CHECK: tile.load {{.*}} {tilegpu.vector = 8 : i32} : tensor<1024x!tile.ptr<f16>, #[[B]]>
module attributes {tile.num_warps = 4 : i32} {
  func.func @half(%x: !tile.ptr<f16> {tile.divisibility = 16 : i32}) {
    %r = tile.make_range 0 to 1024 : tensor<1024xi32>
    %xs = tile.splat %x : !tile.ptr<f16> -> tensor<1024x!tile.ptr<f16>>
    %xp = tile.addptr %xs, %r : tensor<1024x!tile.ptr<f16>>, tensor<1024xi32>
    %v = tile.load %xp : tensor<1024x!tile.ptr<f16>>
    tile.store %xp, %v : tensor<1024x!tile.ptr<f16>>
    return
  }
}

// -----

// No alignment hint: only the natural alignment, one element per access.
// CHECK: #[[B:.*]] = #tilegpu.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: func.func @unaligned
// CHECK: tile.load {{.*}} {tilegpu.vector = 1 : i32}
module attributes {tile.num_warps = 4 : i32} {
  func.func @unaligned(%x: !tile.ptr<f32>) {
    %r = tile.make_range 0 to 1024 : tensor<1024xi32>
    %xs = tile.splat %x : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
    %xp = tile.addptr %xs, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %v = tile.load %xp : tensor<1024x!tile.ptr<f32>>
    tile.store %xp, %v : tensor<1024x!tile.ptr<f32>>
    return
  }
}

// -----

// A mask with runs of 2 (n a multiple of 2) limits the width to 2; a tile
// smaller than the CTA (replicated) still takes whole chunks of the layout.
// CHECK-DAG: #[[B:.*]] = #tilegpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: func.func @mask_tail
// CHECK: tile.load {{.*}} {tilegpu.vector = 2 : i32} : tensor<1024x!tile.ptr<f32>, #[[B]]>
// CHECK: tile.load {{.*}} {tilegpu.vector = 2 : i32} : tensor<64x!tile.ptr<f32>, #[[B]]>
module attributes {tile.num_warps = 4 : i32} {
  func.func @mask_tail(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                       %n: i32 {tile.divisibility = 2 : i32}) {
    %r = tile.make_range 0 to 1024 : tensor<1024xi32>
    %ns = tile.splat %n : i32 -> tensor<1024xi32>
    %mask = arith.cmpi slt, %r, %ns : tensor<1024xi32>
    %xs = tile.splat %x : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
    %xp = tile.addptr %xs, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %v = tile.load %xp, %mask : tensor<1024x!tile.ptr<f32>>
    tile.store %xp, %v, %mask : tensor<1024x!tile.ptr<f32>>
    %r2 = tile.make_range 0 to 64 : tensor<64xi32>
    %xs2 = tile.splat %x : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
    %xp2 = tile.addptr %xs2, %r2 : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
    %v2 = tile.load %xp2 : tensor<64x!tile.ptr<f32>>
    tile.store %xp2, %v2 : tensor<64x!tile.ptr<f32>>
    return
  }
}

// -----

// 2-D fp16 rows of a 16-aligned stride: 8 halves along the fastest
// dimension; the reduction's slice layout follows its parent.
// CHECK-DAG: #[[B2:.*]] = #tilegpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[S:.*]] = #tilegpu.slice<{dim = 1, parent = #[[B2]]}>
// CHECK-LABEL: func.func @two_d
// CHECK: tile.load {{.*}} {tilegpu.vector = 8 : i32} : tensor<32x64x!tile.ptr<f16>, #[[B2]]>
// CHECK: tile.reduce sum {{.*}} : tensor<32x64xf16, #[[B2]]> -> tensor<32xf16, #[[S]]>
module attributes {tile.num_warps = 4 : i32} {
  func.func @two_d(%p: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                   %q: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                   %stride: i32 {tile.divisibility = 16 : i32}) {
    %r = tile.make_range 0 to 32 : tensor<32xi32>
    %c = tile.make_range 0 to 64 : tensor<64xi32>
    %re = tile.expand_dims %r {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %ss = tile.splat %stride : i32 -> tensor<32x1xi32>
    %rm = arith.muli %re, %ss : tensor<32x1xi32>
    %rb = tile.broadcast %rm : tensor<32x1xi32> -> tensor<32x64xi32>
    %ce = tile.expand_dims %c {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %cb = tile.broadcast %ce : tensor<1x64xi32> -> tensor<32x64xi32>
    %off = arith.addi %rb, %cb : tensor<32x64xi32>
    %ps = tile.splat %p : !tile.ptr<f16> -> tensor<32x64x!tile.ptr<f16>>
    %pp = tile.addptr %ps, %off : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
    %v = tile.load %pp : tensor<32x64x!tile.ptr<f16>>
    %s = tile.reduce sum %v {axis = 1 : i32} : tensor<32x64xf16> -> tensor<32xf16>
    %qs = tile.splat %q : !tile.ptr<f16> -> tensor<32x!tile.ptr<f16>>
    %qp = tile.addptr %qs, %r : tensor<32x!tile.ptr<f16>>, tensor<32xi32>
    tile.store %qp, %s : tensor<32x!tile.ptr<f16>>
    return
  }
}

// -----

// A row sum stored as a column: the [1, 1] store has one column, but
// fitting the lanes to it (1 along the row, 32 along the one row) would give
// every thread the whole [1, 2048] row. The lanes go where the largest tile
// is spread best: all 32 along the row, and so do the warps (along the one
// row, each would hold a copy of it): 4 elements a thread, not 16.
// CHECK: #[[B:.*]] = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
// CHECK-LABEL: func.func @row_sum_column
// CHECK: tile.load {{.*}} {tilegpu.vector = 4 : i32} : tensor<1x2048x!tile.ptr<f32>, #[[B]]>
// CHECK: tile.store {{.*}} {tilegpu.vector = 1 : i32} : tensor<1x1x!tile.ptr<f32>, #[[B]]>
module attributes {tile.num_warps = 4 : i32} {
  func.func @row_sum_column(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                            %y: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                            %n: i32 {tile.divisibility = 16 : i32}) {
    %zero = arith.constant dense<0.0> : tensor<1x2048xf32>
    %pid = tile.program_id 0
    %r = tile.splat %pid : i32 -> tensor<1x1xi32>
    %c = tile.make_range 0 to 2048 : tensor<2048xi32>
    %ce = tile.expand_dims %c {axis = 0 : i32} : tensor<2048xi32> -> tensor<1x2048xi32>
    %xs = tile.splat %x : !tile.ptr<f32> -> tensor<1x2048x!tile.ptr<f32>>
    %xp = tile.addptr %xs, %ce : tensor<1x2048x!tile.ptr<f32>>, tensor<1x2048xi32>
    %ns = tile.splat %n : i32 -> tensor<1x2048xi32>
    %mask = arith.cmpi slt, %ce, %ns : tensor<1x2048xi32>
    %v = tile.load %xp, %mask, %zero : tensor<1x2048x!tile.ptr<f32>>
    %s = tile.reduce sum %v {axis = 1 : i32} : tensor<1x2048xf32> -> tensor<1xf32>
    %se = tile.expand_dims %s {axis = 1 : i32} : tensor<1xf32> -> tensor<1x1xf32>
    %ys = tile.splat %y : !tile.ptr<f32> -> tensor<1x1x!tile.ptr<f32>>
    %yp = tile.addptr %ys, %r : tensor<1x1x!tile.ptr<f32>>, tensor<1x1xi32>
    tile.store %yp, %se : tensor<1x1x!tile.ptr<f32>>
    return
  }
}

// -----

// The same without vectors (no alignment): the default layout's 8 lanes
// along the row (4 along the one row) would give every thread 256 elements
// of it; 32 lanes give 64, and the warps along the row too, 16.
// CHECK: #[[B:.*]] = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
// CHECK-LABEL: func.func @row_sum_column_scalar
// CHECK: tile.load {{.*}} {tilegpu.vector = 1 : i32} : tensor<1x2048x!tile.ptr<f32>, #[[B]]>
module attributes {tile.num_warps = 4 : i32} {
  func.func @row_sum_column_scalar(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>) {
    %c = tile.make_range 0 to 2048 : tensor<2048xi32>
    %ce = tile.expand_dims %c {axis = 0 : i32} : tensor<2048xi32> -> tensor<1x2048xi32>
    %xs = tile.splat %x : !tile.ptr<f32> -> tensor<1x2048x!tile.ptr<f32>>
    %xp = tile.addptr %xs, %ce : tensor<1x2048x!tile.ptr<f32>>, tensor<1x2048xi32>
    %v = tile.load %xp : tensor<1x2048x!tile.ptr<f32>>
    %s = tile.reduce sum %v {axis = 1 : i32} : tensor<1x2048xf32> -> tensor<1xf32>
    %se = tile.expand_dims %s {axis = 1 : i32} : tensor<1xf32> -> tensor<1x1xf32>
    %yp = tile.splat %y : !tile.ptr<f32> -> tensor<1x1x!tile.ptr<f32>>
    tile.store %yp, %se : tensor<1x1x!tile.ptr<f32>>
    return
  }
}

// -----

// Rows of unknown alignment (a row stride of no known divisibility): every
// access one element wide, and still the lanes along the row as many as the
// narrowest access has elements (here 32), so that a warp reads whole
// 128-byte lines of one row rather than 32 bytes of four (the default's 8
// lanes along the row), as Triton's default layout does.
// CHECK: #[[B:.*]] = #tilegpu.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: func.func @scalar_rows
// CHECK: tile.load {{.*}} {tilegpu.vector = 1 : i32} : tensor<16x256x!tile.ptr<f32>, #[[B]]>
// CHECK: tile.store {{.*}} {tilegpu.vector = 1 : i32} : tensor<16x256x!tile.ptr<f32>, #[[B]]>
module attributes {tile.num_warps = 4 : i32} {
  func.func @scalar_rows(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                         %y: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                         %stride: i32) {
    %r = tile.make_range 0 to 16 : tensor<16xi32>
    %re = tile.expand_dims %r {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
    %ss = tile.splat %stride : i32 -> tensor<16x1xi32>
    %rm = arith.muli %re, %ss : tensor<16x1xi32>
    %rb = tile.broadcast %rm : tensor<16x1xi32> -> tensor<16x256xi32>
    %c = tile.make_range 0 to 256 : tensor<256xi32>
    %ce = tile.expand_dims %c {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
    %cb = tile.broadcast %ce : tensor<1x256xi32> -> tensor<16x256xi32>
    %off = arith.addi %rb, %cb : tensor<16x256xi32>
    %xs = tile.splat %x : !tile.ptr<f32> -> tensor<16x256x!tile.ptr<f32>>
    %xp = tile.addptr %xs, %off : tensor<16x256x!tile.ptr<f32>>, tensor<16x256xi32>
    %v = tile.load %xp : tensor<16x256x!tile.ptr<f32>>
    %w = arith.mulf %v, %v : tensor<16x256xf32>
    %ys = tile.splat %y : !tile.ptr<f32> -> tensor<16x256x!tile.ptr<f32>>
    %yp = tile.addptr %ys, %off : tensor<16x256x!tile.ptr<f32>>, tensor<16x256xi32>
    tile.store %yp, %w : tensor<16x256x!tile.ptr<f32>>
    return
  }
}

// -----

// A [64, 1] column (a scale per row) loaded beside a [64, 64] tile: the
// column alone would take 1 lane along the row (the [64, 64] tile then
// replicated over 128 rows of lanes and warps: 64 elements a thread). Two
// to eight lanes along the row give the [64, 64] tile its share, 32
// elements, and the column 4; of those, four and eight read runs of 64
// bytes of the tile's rows (the fewest memory requests), and four are
// nearer to the column's one.
// CHECK: #[[B:.*]] = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: func.func @scale_rows
// CHECK: tile.load {{.*}} {tilegpu.vector = 4 : i32} : tensor<64x64x!tile.ptr<f32>, #[[B]]>
// CHECK: tile.load {{.*}} {tilegpu.vector = 1 : i32} : tensor<64x1x!tile.ptr<f32>, #[[B]]>
module attributes {tile.num_warps = 4 : i32} {
  func.func @scale_rows(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                        %s: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                        %stride: i32 {tile.divisibility = 16 : i32}) {
    %r = tile.make_range 0 to 64 : tensor<64xi32>
    %re = tile.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %ss = tile.splat %stride : i32 -> tensor<64x1xi32>
    %rm = arith.muli %re, %ss : tensor<64x1xi32>
    %rb = tile.broadcast %rm : tensor<64x1xi32> -> tensor<64x64xi32>
    %ce = tile.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %cb = tile.broadcast %ce : tensor<1x64xi32> -> tensor<64x64xi32>
    %off = arith.addi %rb, %cb : tensor<64x64xi32>
    %xs = tile.splat %x : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>>
    %xp = tile.addptr %xs, %off : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
    %v = tile.load %xp : tensor<64x64x!tile.ptr<f32>>
    %sp = tile.splat %s : !tile.ptr<f32> -> tensor<64x1x!tile.ptr<f32>>
    %sr = tile.addptr %sp, %re : tensor<64x1x!tile.ptr<f32>>, tensor<64x1xi32>
    %scale = tile.load %sr : tensor<64x1x!tile.ptr<f32>>
    %sb = tile.broadcast %scale : tensor<64x1xf32> -> tensor<64x64xf32>
    %w = arith.mulf %v, %sb : tensor<64x64xf32>
    tile.store %xp, %w : tensor<64x64x!tile.ptr<f32>>
    return
  }
}

// -----

// The load of a staged dot operand whose mask is a row check (constant
// along the row) and a column bound check of unknown divisibility, anded
// and broadcast: a prefix mask along the row, so 16-byte accesses with
// `tilegpu.mask_prefix` (tilegpu-pipeline's cp.async copies the in-bounds
// bytes). A check `n > j` is one too; `j > n` (false first) is not: one
// element each, addressed from the first of each run of consecutive
// addresses (`tilegpu.contiguity`, the pointers' along each dimension). A
// load that is not a staged operand gets the prefix form as well (the LLVM
// lowering, or tilegpu-version-bounds, branches to the element-by-element
// path at the edge).
// CHECK-LABEL: func.func @mask_prefix_staged
// CHECK: tile.load {{.*}} {tilegpu.mask_prefix, tilegpu.vector = 8 : i32} : tensor<32x64x!tile.ptr<f16>
// CHECK: tile.load {{.*}} {tilegpu.mask_prefix, tilegpu.vector = 8 : i32} : tensor<32x64x!tile.ptr<f16>
// CHECK: tile.load {{.*}} {tilegpu.contiguity = array<i32: 1, 64>, tilegpu.vector = 1 : i32} : tensor<32x64x!tile.ptr<f16>
// CHECK: tile.load {{.*}} {tilegpu.mask_prefix, tilegpu.vector = 8 : i32} : tensor<32x64x!tile.ptr<f16>
module attributes {tile.num_warps = 4 : i32} {
  func.func @mask_prefix_staged(%x: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                                %b: tensor<64x32xf16>, %m: i32, %n: i32) {
    %c64 = arith.constant dense<64> : tensor<32x1xi32>
    %zero = arith.constant dense<0.0> : tensor<32x32xf32>
    %rows = tile.make_range 0 to 32 : tensor<32xi32>
    %cols = tile.make_range 0 to 64 : tensor<64xi32>
    %r2 = tile.expand_dims %rows {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %c2 = tile.expand_dims %cols {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %ms = tile.splat %m : i32 -> tensor<32x1xi32>
    %rowok = arith.cmpi slt, %r2, %ms : tensor<32x1xi32>
    %ns = tile.splat %n : i32 -> tensor<1x64xi32>
    %colok = arith.cmpi slt, %c2, %ns : tensor<1x64xi32>
    %colok2 = arith.cmpi sgt, %ns, %c2 : tensor<1x64xi32>
    %colbad = arith.cmpi sgt, %c2, %ns : tensor<1x64xi32>
    %rb = tile.broadcast %rowok : tensor<32x1xi1> -> tensor<32x64xi1>
    %cb = tile.broadcast %colok : tensor<1x64xi1> -> tensor<32x64xi1>
    %cb2 = tile.broadcast %colok2 : tensor<1x64xi1> -> tensor<32x64xi1>
    %cbad = tile.broadcast %colbad : tensor<1x64xi1> -> tensor<32x64xi1>
    %mask = arith.andi %rb, %cb : tensor<32x64xi1>
    %mask2 = arith.andi %rb, %cb2 : tensor<32x64xi1>
    %roff = arith.muli %r2, %c64 : tensor<32x1xi32>
    %rob = tile.broadcast %roff : tensor<32x1xi32> -> tensor<32x64xi32>
    %cob = tile.broadcast %c2 : tensor<1x64xi32> -> tensor<32x64xi32>
    %off = arith.addi %rob, %cob : tensor<32x64xi32>
    %xs = tile.splat %x : !tile.ptr<f16> -> tensor<32x64x!tile.ptr<f16>>
    %xp = tile.addptr %xs, %off : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
    %a1 = tile.load %xp, %mask : tensor<32x64x!tile.ptr<f16>>
    %a2 = tile.load %xp, %mask2 : tensor<32x64x!tile.ptr<f16>>
    %a3 = tile.load %xp, %cbad : tensor<32x64x!tile.ptr<f16>>
    %v = tile.load %xp, %mask : tensor<32x64x!tile.ptr<f16>>
    %d1 = tile.dot %a1, %b, %zero : tensor<32x64xf16> * tensor<64x32xf16> -> tensor<32x32xf32>
    %d2 = tile.dot %a2, %b, %d1 : tensor<32x64xf16> * tensor<64x32xf16> -> tensor<32x32xf32>
    %d3 = tile.dot %a3, %b, %d2 : tensor<32x64xf16> * tensor<64x32xf16> -> tensor<32x32xf32>
    %s = arith.addf %v, %v : tensor<32x64xf16>
    tile.store %xp, %s : tensor<32x64x!tile.ptr<f16>>
    %o = tile.splat %x : !tile.ptr<f16> -> tensor<32x32x!tile.ptr<f16>>
    %h = arith.truncf %d3 : tensor<32x32xf32> to tensor<32x32xf16>
    tile.store %o, %h : tensor<32x32x!tile.ptr<f16>>
    return
  }
}

// -----

// A [2, 512] bf16 tile on 8 warps (two gathered rows summed into one, as
// Liger's MoE token gather does): with the warps along the 2 rows, 4 of
// them would hold copies and every thread 16 elements of the tile; 8-element
// vectors would still leave half the threads with copies. The layout takes
// 4-element vectors and puts warps along the row: 4 elements a thread, none
// twice; all 8 of them, with 2 lanes of each along the rows, so that the sum
// over the rows stays within each warp. The sum (a slice of it) is stored
// with the slice's own vectors (tilegpu-remove-layout-conversions leaves the
// store in the slice layout).
// RLC: #[[B:.*]] = #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [1, 8], order = [1, 0]}>
// RLC: #[[S:.*]] = #tilegpu.slice<{dim = 0, parent = #[[B]]}>
// RLC-LABEL: func.func @two_rows
// RLC: tile.load {{.*}} {tilegpu.vector = 4 : i32} : tensor<2x512x!tile.ptr<bf16>, #[[B]]>
// RLC: tile.store {{.*}} {tilegpu.vector = 4 : i32} : tensor<512x!tile.ptr<f32>, #[[S]]>
module attributes {tile.num_warps = 8 : i32} {
  func.func @two_rows(%x: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                      %y: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
    %rows = tile.make_range 0 to 2 : tensor<2xi32>
    %re = tile.expand_dims %rows {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
    %stride = arith.constant dense<2048> : tensor<2x1xi32>
    %ro = arith.muli %re, %stride : tensor<2x1xi32>
    %rb = tile.broadcast %ro : tensor<2x1xi32> -> tensor<2x512xi32>
    %c = tile.make_range 0 to 512 : tensor<512xi32>
    %ce = tile.expand_dims %c {axis = 0 : i32} : tensor<512xi32> -> tensor<1x512xi32>
    %cb = tile.broadcast %ce : tensor<1x512xi32> -> tensor<2x512xi32>
    %off = arith.addi %rb, %cb : tensor<2x512xi32>
    %xs = tile.splat %x : !tile.ptr<bf16> -> tensor<2x512x!tile.ptr<bf16>>
    %xp = tile.addptr %xs, %off : tensor<2x512x!tile.ptr<bf16>>, tensor<2x512xi32>
    %v = tile.load %xp : tensor<2x512x!tile.ptr<bf16>>
    %f = arith.extf %v : tensor<2x512xbf16> to tensor<2x512xf32>
    %s = tile.reduce sum %f {axis = 0 : i32} : tensor<2x512xf32> -> tensor<512xf32>
    %ys = tile.splat %y : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>>
    %yp = tile.addptr %ys, %c : tensor<512x!tile.ptr<f32>>, tensor<512xi32>
    tile.store %yp, %s : tensor<512x!tile.ptr<f32>>
    return
  }
}
