//===- OpsTest.cpp - Semantics of individual ops (from MLIR text) ---------===//
//
// Small kernels written directly in tile IR store the results of the ops
// under test into an i64 / f64 buffer, which is compared with expected
// values.
//
//===----------------------------------------------------------------------===//

#include "Harness.h"

#include "mlir/Parser/Parser.h"

using namespace tilec::interp;
using namespace tilec::interp::test;

namespace {

mlir::OwningOpRef<mlir::ModuleOp> parse(const std::string &text) {
  return mlir::parseSourceString<mlir::ModuleOp>(text,
                                                 &seeds().compiler().context());
}

/// Runs `body` (which may use %out : !tile.ptr<i64> and %fout :
/// !tile.ptr<f64>) and returns the two 16-element output arrays.
struct Outputs {
  std::vector<int64_t> i = std::vector<int64_t>(16, -999);
  std::vector<double> f = std::vector<double>(16, NAN);
  std::string error;
};
Outputs runBody(const std::string &body) {
  std::string text = "func.func @k(%out: !tile.ptr<i64>, %fout: !tile.ptr<f64>)"
                     " attributes {tile.kernel} {\n" +
                     body + "\n  return\n}\n";
  auto m = parse(text);
  Outputs o;
  if (!m) {
    o.error = "<parse error>";
    return o;
  }
  std::vector<HostBuffer> bufs = {{o.i.data(), 16 * 8, "out"},
                                  {o.f.data(), 16 * 8, "fout"}};
  o.error = run(*m, {1, 1, 1}, {KernelArg::buf(0), KernelArg::buf(1)}, bufs);
  return o;
}

/// Stores the 4-element i64 tile %v at out[0..4).
const char *kStore4 = R"(
  %r4 = tile.make_range 0 to 4 : tensor<4xi32>
  %ps = tile.splat %out : !tile.ptr<i64> -> tensor<4x!tile.ptr<i64>>
  %pp = tile.addptr %ps, %r4 : tensor<4x!tile.ptr<i64>>, tensor<4xi32>
  tile.store %pp, %v : tensor<4x!tile.ptr<i64>>)";

TEST(Ops, IntegerArith) {
  // i8 lanes: divsi, floordivsi, ceildivsi, divui of [-7, 7, -128, 100] by
  // [2, -2, -1, 3] and a wrapping multiply, packed as 4 digits per lane.
  auto o = runBody(std::string(R"(
  %a = arith.constant dense<[-7, 7, -128, 100]> : tensor<4xi8>
  %b = arith.constant dense<[2, -2, -1, 3]> : tensor<4xi8>
  %d = arith.divsi %a, %b : tensor<4xi8>
  %fl = arith.floordivsi %a, %b : tensor<4xi8>
  %c = arith.ceildivsi %a, %b : tensor<4xi8>
  %du = arith.divui %a, %b : tensor<4xi8>
  %m = arith.muli %a, %b : tensor<4xi8>
  %x0 = arith.extsi %d : tensor<4xi8> to tensor<4xi64>
  %x1 = arith.extsi %fl : tensor<4xi8> to tensor<4xi64>
  %x2 = arith.extsi %c : tensor<4xi8> to tensor<4xi64>
  %x3 = arith.extui %du : tensor<4xi8> to tensor<4xi64>
  %x4 = arith.extsi %m : tensor<4xi8> to tensor<4xi64>
  %k = arith.constant dense<1000> : tensor<4xi64>
  %k2 = arith.constant dense<1000000> : tensor<4xi64>
  %k3 = arith.constant dense<1000000000> : tensor<4xi64>
  %k4 = arith.constant dense<1000000000000> : tensor<4xi64>
  %y1 = arith.muli %x1, %k : tensor<4xi64>
  %y2 = arith.muli %x2, %k2 : tensor<4xi64>
  %y3 = arith.muli %x3, %k3 : tensor<4xi64>
  %y4 = arith.muli %x4, %k4 : tensor<4xi64>
  %s1 = arith.addi %x0, %y1 : tensor<4xi64>
  %s2 = arith.addi %s1, %y2 : tensor<4xi64>
  %s3 = arith.addi %s2, %y3 : tensor<4xi64>
  %v = arith.addi %s3, %y4 : tensor<4xi64>)") +
                   kStore4);
  ASSERT_EQ(o.error, "");
  auto pack = [](int64_t d, int64_t f, int64_t c, int64_t u, int64_t m) {
    return d + f * 1000 + c * 1000000 + u * 1000000000 + m * 1000000000000;
  };
  EXPECT_EQ(o.i[0], pack(-3, -4, -3, 124, -14));      // 249 / 2 = 124
  EXPECT_EQ(o.i[1], pack(-3, -4, -3, 0, -14));        // 7 / 254 = 0
  EXPECT_EQ(o.i[2], pack(-128, -128, -128, 0, -128)); // overflow wraps
  EXPECT_EQ(o.i[3], pack(33, 33, 34, 33, 44));        // 300 wraps to 44
}

TEST(Ops, Reductions) {
  auto o = runBody(std::string(R"(
  %x = arith.constant dense<[[3.0, 0x7FF8000000000000, 9.0, 9.0], [-1.0, -5.0, -5.0, 2.0]]> : tensor<2x4xf64>
  %am = tile.reduce argmax %x {axis = 1 : i32} : tensor<2x4xf64> -> tensor<2xi32>
  %an = tile.reduce argmin %x {axis = 1 : i32} : tensor<2x4xf64> -> tensor<2xi32>
  %mx = tile.reduce max %x {axis = 0 : i32} : tensor<2x4xf64> -> tensor<4xf64>
  %e0 = tile.expand_dims %am {axis = 0 : i32} : tensor<2xi32> -> tensor<1x2xi32>
  %e1 = tile.expand_dims %an {axis = 0 : i32} : tensor<2xi32> -> tensor<1x2xi32>
  %j = tile.reshape %e0 : tensor<1x2xi32> -> tensor<2xi32>
  %k = tile.reshape %e1 : tensor<1x2xi32> -> tensor<2xi32>
  %jj = tile.expand_dims %j {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
  %kk = tile.expand_dims %k {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
  %b = tile.broadcast %jj : tensor<2x1xi32> -> tensor<2x2xi32>
  %t = tile.trans %b {order = array<i32: 1, 0>} : tensor<2x2xi32> -> tensor<2x2xi32>
  %f = tile.reshape %t : tensor<2x2xi32> -> tensor<4xi32>
  %v = arith.extsi %f : tensor<4xi32> to tensor<4xi64>)") +
                   kStore4 + R"(
  %kv = tile.reshape %kk : tensor<2x1xi32> -> tensor<2xi32>
  %kr = tile.make_range 4 to 6 : tensor<2xi32>
  %ks = tile.splat %out : !tile.ptr<i64> -> tensor<2x!tile.ptr<i64>>
  %kp = tile.addptr %ks, %kr : tensor<2x!tile.ptr<i64>>, tensor<2xi32>
  %k64 = arith.extsi %kv : tensor<2xi32> to tensor<2xi64>
  tile.store %kp, %k64 : tensor<2x!tile.ptr<i64>>
  %fs = tile.splat %fout : !tile.ptr<f64> -> tensor<4x!tile.ptr<f64>>
  %fp = tile.addptr %fs, %r4 : tensor<4x!tile.ptr<f64>>, tensor<4xi32>
  tile.store %fp, %mx : tensor<4x!tile.ptr<f64>>)");
  ASSERT_EQ(o.error, "");
  // argmax rows: [3, nan, 9, 9] -> 2 (first max, NaN ignored); [-1,-5,-5,2] ->
  // 3 trans of [[2,2],[3,3]] = [[2,3],[2,3]].
  EXPECT_EQ(o.i[0], 2);
  EXPECT_EQ(o.i[1], 3);
  EXPECT_EQ(o.i[2], 2);
  EXPECT_EQ(o.i[3], 3);
  EXPECT_EQ(o.i[4], 0); // argmin row 0: 3 (NaN ignored)
  EXPECT_EQ(o.i[5], 1); // argmin row 1: first -5
  EXPECT_EQ(o.f[0], 3.0);
  EXPECT_EQ(o.f[1], -5.0); // max(NaN, -5) ignores NaN
  EXPECT_EQ(o.f[2], 9.0);
  EXPECT_EQ(o.f[3], 9.0);
}

TEST(Ops, ControlFlowAndPrograms) {
  auto o = runBody(std::string(R"(
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c10 = arith.constant 10 : i64
  %c3 = arith.constant 3 : i64
  %s = scf.for %i = %c0 to %c10 step %c3 iter_args(%acc = %c0) -> (i64) : i64 {
    %n = arith.addi %acc, %i : i64
    scf.yield %n : i64
  }
  %w:2 = scf.while (%a = %c0, %b = %c1) : (i64, i64) -> (i64, i64) {
    %lt = arith.cmpi slt, %a, %c10 : i64
    scf.condition(%lt) %a, %b : i64, i64
  } do {
  ^bb0(%a: i64, %b: i64):
    %a2 = arith.addi %a, %c3 : i64
    %b2 = arith.muli %b, %c3 : i64
    scf.yield %a2, %b2 : i64, i64
  }
  %gt = arith.cmpi ugt, %c1, %c10 : i64
  %r = scf.if %gt -> (i64) {
    scf.yield %c1 : i64
  } else {
    scf.yield %c10 : i64
  }
  %np = tile.num_programs 0
  %np64 = arith.extsi %np : i32 to i64
  %t0 = tile.splat %s : i64 -> tensor<1xi64>
  %t1 = tile.splat %w#1 : i64 -> tensor<1xi64>
  %t2 = tile.splat %r : i64 -> tensor<1xi64>
  %t3 = tile.splat %np64 : i64 -> tensor<1xi64>
  %j0 = tile.reshape %t0 : tensor<1xi64> -> tensor<1x1xi64>
  %u = tile.broadcast %j0 : tensor<1x1xi64> -> tensor<1x4xi64>
  %u1 = tile.reshape %u : tensor<1x4xi64> -> tensor<4xi64>
  %idx = tile.make_range 0 to 4 : tensor<4xi32>
  %c1t = arith.constant dense<1> : tensor<4xi32>
  %is1 = arith.cmpi eq, %idx, %c1t : tensor<4xi32>
  %b1 = tile.broadcast %t1 : tensor<1xi64> -> tensor<4xi64>
  %b2 = tile.broadcast %t2 : tensor<1xi64> -> tensor<4xi64>
  %b3 = tile.broadcast %t3 : tensor<1xi64> -> tensor<4xi64>
  %v1 = arith.select %is1, %b1, %u1 : tensor<4xi1>, tensor<4xi64>
  %c2t = arith.constant dense<2> : tensor<4xi32>
  %is2 = arith.cmpi eq, %idx, %c2t : tensor<4xi32>
  %v2 = arith.select %is2, %b2, %v1 : tensor<4xi1>, tensor<4xi64>
  %c3t = arith.constant dense<3> : tensor<4xi32>
  %is3 = arith.cmpi sge, %idx, %c3t : tensor<4xi32>
  %v = arith.select %is3, %b3, %v2 : tensor<4xi1>, tensor<4xi64>)") +
                   kStore4);
  ASSERT_EQ(o.error, "");
  EXPECT_EQ(o.i[0], 0 + 3 + 6 + 9);
  EXPECT_EQ(o.i[1], 81); // 4 iterations: a = 0,3,6,9
  EXPECT_EQ(o.i[2], 10);
  EXPECT_EQ(o.i[3], 1);
}

TEST(Ops, Unsupported) {
  auto o = runBody(R"(
  %c = arith.constant 7 : i32
  %d = math.ctpop %c : i32 loc("u.py":3:7))");
  EXPECT_EQ(o.error, "kernel 'k': unsupported operation 'math.ctpop' in the "
                     "interpreter ('math.ctpop' at u.py:3:7)");
}

} // namespace
