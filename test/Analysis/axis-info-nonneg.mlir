// Non-negativity in the axis analysis: `(pid * 256 + arange) % n` with n a
// multiple of 16 keeps groups of 16 contiguous when the dividend is known
// non-negative (a program id, a range, tile.nonnegative from tl.assume), and
// only its divisibility otherwise (a signed remainder of a negative value
// wraps at a group's first element).
// Program indices (scalars computed from a program id, whatever the other
// operands) are taken as non-negative: Triton's matmul tutorial without its
// tl.assume lines keeps groups of 16.
// RUN: tilec-opt %s -split-input-file -convert-tile-to-tilegpu -tilegpu-coalesce=print-axis-info=true | FileCheck %s

module attributes {tile.num_warps = 4 : i32} {
  // CHECK-LABEL: func.func @rem
  func.func @rem(%n: i32 {tile.divisibility = 16 : i32}, %q: i32,
                 %k: i32 {tile.nonnegative}, %x: !tile.ptr<f16> {tile.divisibility = 16 : i32}) {
    %pid = tile.program_id 0
    %c256 = arith.constant 256 : i32
    %start = arith.muli %pid, %c256 : i32
    %r = tile.make_range 0 to 256 : tensor<256xi32>
    %s = tile.splat %start : i32 -> tensor<256xi32>
    %offs = arith.addi %s, %r : tensor<256xi32>
    %ns = tile.splat %n : i32 -> tensor<256xi32>
    // CHECK: arith.remsi {{.*}} {tilegpu.axis_info = "contiguity = [16], divisibility = [16], constancy = [1]"}
    %m = arith.remsi %offs, %ns : tensor<256xi32>
    // A start of unknown sign (%q): only the divisibility.
    %qs0 = arith.muli %q, %c256 : i32
    %qs = tile.splat %qs0 : i32 -> tensor<256xi32>
    %qoffs = arith.addi %qs, %r : tensor<256xi32>
    // CHECK: arith.remsi {{.*}} {tilegpu.axis_info = "contiguity = [1], divisibility = [1], constancy = [1]"}
    %qm = arith.remsi %qoffs, %ns : tensor<256xi32>
    // The same start marked non-negative (tl.assume(q >= 0) in the frontend).
    %as0 = arith.muli %q, %c256 {tile.nonnegative} : i32
    %as = tile.splat %as0 : i32 -> tensor<256xi32>
    %aoffs = arith.addi %as, %r : tensor<256xi32>
    // CHECK: arith.remsi {{.*}} {tilegpu.axis_info = "contiguity = [16], divisibility = [16], constancy = [1]"}
    %am = arith.remsi %aoffs, %ns : tensor<256xi32>
    // A non-negative argument (%k) as the start.
    %ks0 = arith.muli %k, %c256 : i32
    %ks = tile.splat %ks0 : i32 -> tensor<256xi32>
    %koffs = arith.addi %ks, %r : tensor<256xi32>
    // CHECK: arith.remsi {{.*}} {tilegpu.axis_info = "contiguity = [16], divisibility = [16], constancy = [1]"}
    %km = arith.remsi %koffs, %ns : tensor<256xi32>
    // A divisor known only to be odd-aligned (%q): no contiguity.
    %qd = tile.splat %q : i32 -> tensor<256xi32>
    // CHECK: arith.remsi {{.*}} {tilegpu.axis_info = "contiguity = [1], divisibility = [1], constancy = [1]"}
    %odd = arith.remsi %offs, %qd : tensor<256xi32>
    // A logical shift right by a runtime amount may be by 0 (a negative
    // value stays negative): no contiguity; by a constant >= 1 the result is
    // non-negative.
    %sh0 = arith.shrui %q, %q : i32
    %shs = tile.splat %sh0 : i32 -> tensor<256xi32>
    %sho = arith.addi %shs, %r : tensor<256xi32>
    // CHECK: arith.remsi {{.*}} {tilegpu.axis_info = "contiguity = [1], divisibility = [1], constancy = [1]"}
    %shm = arith.remsi %sho, %ns : tensor<256xi32>
    %c4 = arith.constant 4 : i32
    %sh1 = arith.shrui %q, %c4 : i32
    %c256b = arith.constant 256 : i32
    %sh1m = arith.muli %sh1, %c256b : i32
    %sh1s = tile.splat %sh1m : i32 -> tensor<256xi32>
    %sh1o = arith.addi %sh1s, %r : tensor<256xi32>
    // CHECK: arith.remsi {{.*}} {tilegpu.axis_info = "contiguity = [16], divisibility = [16], constancy = [1]"}
    %sh1r = arith.remsi %sh1o, %ns : tensor<256xi32>
    // Loads through the wrapped offsets vectorize by 8 fp16 (16 bytes).
    %xs = tile.splat %x : !tile.ptr<f16> -> tensor<256x!tile.ptr<f16>>
    // CHECK: tile.addptr {{.*}} {tilegpu.axis_info = "contiguity = [16], divisibility = [16], constancy = [1]"}
    %p = tile.addptr %xs, %m : tensor<256x!tile.ptr<f16>>, tensor<256xi32>
    %v = tile.load %p : tensor<256x!tile.ptr<f16>>
    tile.store %p, %v : tensor<256x!tile.ptr<f16>>
    return
  }
}

// -----

module attributes {tile.num_warps = 4 : i32} {
  // CHECK-LABEL: func.func @grouped_order
  func.func @grouped_order(%m: i32, %n: i32 {tile.divisibility = 16 : i32}) {
    %pid = tile.program_id 0
    %c8 = arith.constant 8 : i32
    %c127 = arith.constant 127 : i32
    %c128 = arith.constant 128 : i32
    // num_pid_m = cdiv(M, 128), num_pid_n = cdiv(N, 128): of unknown sign.
    %m1 = arith.addi %m, %c127 : i32
    %npm = arith.divsi %m1, %c128 : i32
    %n1 = arith.addi %n, %c127 : i32
    %npn = arith.divsi %n1, %c128 : i32
    %npig = arith.muli %npn, %c8 : i32
    %gid = arith.divsi %pid, %npig : i32
    %first = arith.muli %gid, %c8 : i32
    %left = arith.subi %npm, %first : i32
    %gsm = arith.minsi %left, %c8 : i32
    %inner = arith.remsi %pid, %npig : i32
    // pid_n = (pid % num_pid_in_group) // group_size_m
    %pidn = arith.divsi %inner, %gsm : i32
    %start = arith.muli %pidn, %c128 : i32
    %s = tile.splat %start : i32 -> tensor<128xi32>
    %r = tile.make_range 0 to 128 : tensor<128xi32>
    %offs = arith.addi %s, %r : tensor<128xi32>
    %ns = tile.splat %n : i32 -> tensor<128xi32>
    // CHECK: arith.remsi {{.*}} {tilegpu.axis_info = "contiguity = [16], divisibility = [16], constancy = [1]"}
    %wrapped = arith.remsi %offs, %ns : tensor<128xi32>
    // A quotient of an argument is no program index, even by one.
    %inner2 = arith.remsi %m, %npig : i32
    %q = arith.divsi %inner2, %gsm : i32
    %qstart = arith.muli %q, %c128 : i32
    %qs = tile.splat %qstart : i32 -> tensor<128xi32>
    %qoffs = arith.addi %qs, %r : tensor<128xi32>
    // CHECK: arith.remsi {{.*}} {tilegpu.axis_info = "contiguity = [1], divisibility = [1], constancy = [1]"}
    %qwrapped = arith.remsi %qoffs, %ns : tensor<128xi32>
    // A loop counter starting at the program id (a persistent kernel's tile
    // index) is a program index too.
    %c1000 = arith.constant 1000 : i32
    %c132 = arith.constant 132 : i32
    scf.for %t = %pid to %c1000 step %c132 : i32 {
      %tn = arith.divsi %t, %npm : i32
      %ts = arith.muli %tn, %c128 : i32
      %tss = tile.splat %ts : i32 -> tensor<128xi32>
      %to = arith.addi %tss, %r : tensor<128xi32>
      // CHECK: arith.remsi {{.*}} {tilegpu.axis_info = "contiguity = [16], divisibility = [16], constancy = [1]"}
      %tw = arith.remsi %to, %ns : tensor<128xi32>
    }
    return
  }
}

// -----

// The quotient of the same groups (`offs // n`: the row of a flat index in
// rows of n) is constant over each: computed once a group by the LLVM
// lowering (tilegpu.constancy). Signed: only for a non-negative dividend
// (-16 // 16 = -1 but -15 // 16 = 0 in C's truncation); unsigned ops whatever
// the sign, for remainders too.
module attributes {tile.num_warps = 4 : i32} {
  // CHECK-LABEL: func.func @div
  func.func @div(%n: i32 {tile.divisibility = 16 : i32}, %q: i32) {
    %pid = tile.program_id 0
    %c256 = arith.constant 256 : i32
    %start = arith.muli %pid, %c256 : i32
    %r = tile.make_range 0 to 256 : tensor<256xi32>
    %s = tile.splat %start : i32 -> tensor<256xi32>
    %offs = arith.addi %s, %r : tensor<256xi32>
    %ns = tile.splat %n : i32 -> tensor<256xi32>
    // CHECK: arith.divsi {{.*}} {tilegpu.axis_info = "contiguity = [1], divisibility = [1], constancy = [16]"}
    %d = arith.divsi %offs, %ns : tensor<256xi32>
    %c5632 = arith.constant dense<5632> : tensor<256xi32>
    // CHECK: arith.divsi {{.*}} {tilegpu.axis_info = "contiguity = [1], divisibility = [1], constancy = [256]"}
    %d2 = arith.divsi %offs, %c5632 : tensor<256xi32>
    %qs0 = arith.muli %q, %c256 : i32
    %qs = tile.splat %qs0 : i32 -> tensor<256xi32>
    %qoffs = arith.addi %qs, %r : tensor<256xi32>
    // CHECK: arith.divsi {{.*}} {tilegpu.axis_info = "contiguity = [1], divisibility = [1], constancy = [1]"}
    %qd = arith.divsi %qoffs, %ns : tensor<256xi32>
    // CHECK: arith.divui {{.*}} {tilegpu.axis_info = "contiguity = [1], divisibility = [1], constancy = [16]"}
    %ud = arith.divui %qoffs, %ns : tensor<256xi32>
    // CHECK: arith.remui {{.*}} {tilegpu.axis_info = "contiguity = [16], divisibility = [16], constancy = [1]"}
    %ur = arith.remui %qoffs, %ns : tensor<256xi32>
    return
  }
}
