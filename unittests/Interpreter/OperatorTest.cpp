//===- OperatorTest.cpp - Casts, shapes, integer operators, control flow --===//
//
// The second half of the builtin tests (BuiltinTest.cpp describes the
// method and the tolerances): casts and bitcasts between every pair of
// types, shape operations, integer operators, and control flow with helpers.
//
//===----------------------------------------------------------------------===//

#include "BuiltinHarness.h"

using namespace tilec::interp;
using namespace tilec::interp::test;
using namespace tilec::interp::test::builtins;

namespace {

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

std::string castKernel(ElemTy s, ElemTy d, bool bitcast) {
  return std::string("c_") + info(s).sig + "_" + info(d).sig +
         (bitcast ? "_bc" : "");
}

TEST(Builtins, Casts) {
  std::string src;
  auto bitcastable = [](ElemTy s, ElemTy d) {
    return s != d && s != ElemTy::I1 && d != ElemTy::I1 &&
           info(s).bits == info(d).bits;
  };
  for (ElemTy s : kAllElemTys)
    for (ElemTy d : kAllElemTys) {
      for (bool bc : {false, true}) {
        if (bc && !bitcastable(s, d))
          continue;
        src += "\n@triton.jit\ndef " + castKernel(s, d, bc) +
               "(x, y, N: tl.constexpr):\n    o = tl.arange(0, N)\n"
               "    tl.store(y + o, tl.load(x + o).to(" +
               info(d).tl + (bc ? ", bitcast=True" : "") + "))\n";
      }
    }
  TileKernels kc("casts.py", src);
  std::mt19937_64 rng(testSeed());
  const int N = 64;
  for (ElemTy s : kAllElemTys)
    for (ElemTy d : kAllElemTys)
      for (bool bc : {false, true}) {
        if (bc && !bitcastable(s, d))
          continue;
        SCOPED_TRACE(castKernel(s, d, bc));
        tilec::testing::ElemTyInfo si = info(s), di = info(d);
        NanArray x(s, N), y(d, N);
        if (bc) {
          if (si.isFloat)
            x.fillUniform(rng, -1e3, 1e3);
          else
            x.fillRandomBits(rng);
        } else if (si.isFloat && !di.isFloat && d != ElemTy::I1) {
          // Within the destination's range (out of range is undefined).
          double hi = di.isSigned ? std::ldexp(1.0, di.bits - 1)
                                  : std::ldexp(1.0, di.bits);
          if (s == ElemTy::F16)
            hi = std::min(hi, 65504.0);
          hi *= 0.99;
          double lo = di.isSigned ? -hi : 0;
          x.fillUniform(rng, lo, hi);
          for (int i = 0; i < N; i += 3) // fractions around 0 too
            x.set(i, std::uniform_real_distribution<double>(
                         di.isSigned ? -3 : 0, 3)(rng));
        } else if (si.isFloat) {
          x.fillUniform(rng, -1e3, 1e3);
          for (int i = 0; i < N; i += 4)
            x.set(i, std::uniform_real_distribution<double>(-1, 1)(rng));
        } else {
          x.fillRandomBits(rng);
          for (int i = 0; i < N && s != ElemTy::I1; i += 5)
            x.setBits(i, uint64_t(int64_t(rng() % 300) - 150));
        }
        if (d == ElemTy::I1 || s == ElemTy::I1)
          for (int i = 1; i < N; i += 4)
            x.setBits(i, 0);
        std::string sig = std::string("*") + si.sig + ", *" + di.sig + ", 64";
        EXPECT_RUN(kc, castKernel(s, d, bc), sig, {1, 1, 1}, {&x, &y});
        Checker c;
        for (int i = 0; i < N; ++i) {
          std::string w = at("y", i);
          if (bc) {
            // Same bits (compared as values for floats: NaN payloads of
            // int->float bitcasts need not survive).
            NanArray tmp(d, 1);
            tmp.setBits(0, x.bitsAt(i));
            if (di.isFloat)
              c.near(y.get(i), tmp.get(0), 0, 0, w);
            else
              c.eq(int64_t(y.bitsAt(i)), int64_t(tmp.bitsAt(0)), w);
            continue;
          }
          if (d == ElemTy::I1) {
            bool nz = si.isFloat ? x.get(i) != 0 : x.bitsAt(i) != 0;
            c.eq(int64_t(y.bitsAt(i)), nz ? 1 : 0, w);
            continue;
          }
          if (di.isFloat) {
            double v;
            if (si.isFloat)
              v = x.get(i);
            else if (s == ElemTy::U64)
              v = double(
                  x.bitsAt(i)); // may round; covered by the 1-ulp tolerance
            else
              v = double(x.i64(i));
            double tol = si.isFloat ? 0 : 2 * unitRoundoff(d);
            c.near(y.get(i), roundTo(d, v), 0, tol, w);
            continue;
          }
          // -> integer.
          uint64_t v;
          if (si.isFloat)
            v = di.isSigned ? uint64_t(int64_t(std::trunc(x.get(i))))
                            : uint64_t(std::trunc(x.get(i)));
          else
            v = uint64_t(x.i64(i)); // by source signedness
          c.eq(int64_t(y.bitsAt(i)),
               int64_t(uint64_t(wrapTo(d, v)) &
                       (di.bits == 64 ? ~0ull : ((1ull << di.bits) - 1))),
               w);
        }
      }
}

//===----------------------------------------------------------------------===//
// Shapes
//===----------------------------------------------------------------------===//

TEST(Builtins, Shapes) {
  TileKernels kc("shape.py", R"(
@triton.jit
def shp(x, o_resh, o_trans, o_perm, o_bc, o_ed, o_rav, o_view, o_T):
    i = tl.arange(0, 4)
    j = tl.arange(0, 8)
    a8 = tl.arange(0, 8)
    a4 = tl.arange(0, 4)
    a2 = tl.arange(0, 2)
    t = tl.load(x + i[:, None] * 8 + j[None, :])
    r = tl.reshape(t, (8, 4))
    tl.store(o_resh + a8[:, None] * 4 + a4[None, :], r)
    tt = tl.trans(t)
    tl.store(o_trans + a8[:, None] * 4 + a4[None, :], tt)
    t3 = tl.reshape(t, 2, 2, 8)
    p = tl.permute(t3, (2, 0, 1))
    tl.store(o_perm + a8[:, None, None] * 4 + a2[None, :, None] * 2 + a2[None, None, :], p)
    row = tl.load(x + j)
    b = tl.broadcast_to(row[None, :], (4, 8))
    tl.store(o_bc + i[:, None] * 8 + j[None, :], b)
    e = tl.expand_dims(row, 1)
    e2 = tl.broadcast_to(e, 8, 4)
    tl.store(o_ed + a8[:, None] * 4 + a4[None, :], e2)
    tl.store(o_rav + tl.arange(0, 32), tl.ravel(tt))
    v = t.reshape(32)
    tl.store(o_view + tl.arange(0, 32), tl.view(v, (32,)) + 1.0)
    tl.store(o_T + a8[:, None] * 4 + a4[None, :], t.T + tl.trans(t3.permute(2, 0, 1).reshape(8, 4), 1, 0).T * 0.0)
)");
  std::mt19937_64 rng(testSeed());
  NanArray x(ElemTy::F32, 32);
  x.fillUniform(rng, -1, 1);
  std::vector<NanArray> o(8, NanArray(ElemTy::F32, 32));
  EXPECT_RUN(kc, "shp",
             "*fp32, *fp32, *fp32, *fp32, *fp32, *fp32, *fp32, *fp32, *fp32",
             {1, 1, 1},
             {&x, &o[0], &o[1], &o[2], &o[3], &o[4], &o[5], &o[6], &o[7]});
  Checker c;
  auto X = [&](int r, int cc) { return x.get(r * 8 + cc); };
  for (int a = 0; a < 8; ++a)
    for (int b = 0; b < 4; ++b) {
      int k = a * 4 + b;
      c.near(o[0].get(k), x.get(k), 0, 0, at("reshape", k));
      c.near(o[1].get(k), X(b, a), 0, 0, at("trans", k));
      // p[a][b1][b2] = t3[b1][b2][a] = t[(b1*2+b2)][a] with b = b1*2+b2
      c.near(o[2].get(k), X(b, a), 0, 0, at("permute", k));
      c.near(o[4].get(k), X(0, a), 0, 0, at("expand_dims", k));
      c.near(o[5].get(k), X(b, a), 0, 0, at("ravel", k));
      c.near(o[6].get(k), roundTo(ElemTy::F32, x.get(k) + 1), 0, 0,
             at("view", k));
      c.near(o[7].get(k), X(b, a), 0, 0, at("T", k));
    }
  for (int r = 0; r < 4; ++r)
    for (int cc = 0; cc < 8; ++cc)
      c.near(o[3].get(r * 8 + cc), X(0, cc), 0, 0,
             at("broadcast_to", r * 8 + cc));
}

//===----------------------------------------------------------------------===//
// Integer operators
//===----------------------------------------------------------------------===//

TEST(Builtins, IntegerOperators) {
  std::string tmpl = R"(
@triton.jit
def iops_T(a, b, s, o_div, o_mod, o_shl, o_shr, o_and, o_or, o_xor, o_not, o_neg, o_add, o_sub, o_mul, o_max, o_min, o_cmp, N: tl.constexpr):
    o = tl.arange(0, N)
    x = tl.load(a + o)
    y = tl.load(b + o)
    k = tl.load(s + o)
    tl.store(o_div + o, x // y)
    tl.store(o_mod + o, x % y)
    tl.store(o_shl + o, x << k)
    tl.store(o_shr + o, x >> k)
    tl.store(o_and + o, x & y)
    tl.store(o_or + o, x | y)
    tl.store(o_xor + o, x ^ y)
    tl.store(o_not + o, ~x)
    tl.store(o_neg + o, -x)
    tl.store(o_add + o, x + y)
    tl.store(o_sub + o, x - y)
    tl.store(o_mul + o, x * y)
    tl.store(o_max + o, tl.maximum(x, y))
    tl.store(o_min + o, tl.minimum(x, y))
    c = (x < y).to(tl.int32) + (x <= y).to(tl.int32) * 2 + (x > y).to(tl.int32) * 4
    c += (x >= y).to(tl.int32) * 8 + (x == y).to(tl.int32) * 16 + (x != y).to(tl.int32) * 32
    tl.store(o_cmp + o, c)
)";
  const ElemTy tys[] = {ElemTy::I8, ElemTy::I16, ElemTy::I32, ElemTy::I64,
                        ElemTy::U8, ElemTy::U16, ElemTy::U32, ElemTy::U64};
  std::string src;
  for (ElemTy t : tys)
    src += replaceAll(tmpl, "_T", std::string("_") + info(t).sig);
  TileKernels kc("iops.py", src);
  std::mt19937_64 rng(testSeed());
  const int N = 128;
  for (ElemTy t : tys) {
    SCOPED_TRACE(info(t).sig);
    tilec::testing::ElemTyInfo ti = info(t);
    NanArray a(t, N), b(t, N), s(t, N);
    a.fillRandomBits(rng);
    b.fillRandomBits(rng);
    s.fillUniformInt(rng, 0, ti.bits - 1);
    for (int i = 0; i < N; ++i) {
      if (i % 4 == 1) // small values, of both signs
        a.setBits(i, uint64_t(int64_t(rng() % 41) - 20)),
            b.setBits(i, uint64_t(int64_t(rng() % 9) - 4));
      if (i % 8 == 3)
        b.setBits(i, a.bitsAt(i)); // equal operands
      if (b.i64(i) == 0)
        b.setBits(i, uint64_t(3));
      // INT_MIN / -1 overflows (undefined in C).
      if (ti.isSigned && b.i64(i) == -1 &&
          a.i64(i) == wrapTo(t, 1ull << (ti.bits - 1)))
        a.setBits(i, uint64_t(a.i64(i) + 1));
    }
    std::vector<NanArray> o(14, NanArray(t, N));
    NanArray cmp(ElemTy::I32, N);
    std::string p = std::string("*") + ti.sig, sig = p + ", " + p + ", " + p;
    for (int k = 0; k < 14; ++k)
      sig += ", " + p;
    sig += ", *i32, 128";
    std::vector<RunArg> args = {&a, &b, &s};
    for (NanArray &ob : o)
      args.push_back(&ob);
    args.push_back(&cmp);
    EXPECT_RUN(kc, std::string("iops_") + ti.sig, sig, {1, 1, 1}, args);
    Checker c;
    for (int i = 0; i < N; ++i) {
      int64_t x = a.i64(i), y = b.i64(i);
      uint64_t ux = uint64_t(x), uy = uint64_t(y), sh = uint64_t(s.i64(i));
      // Unsigned views (zero-extended from the width).
      uint64_t m = ti.bits == 64 ? ~0ull : (1ull << ti.bits) - 1;
      uint64_t zx = ux & m, zy = uy & m;
      auto W = [&](uint64_t v) { return wrapTo(t, v); };
      int64_t div, mod, shr, mx, mn;
      bool lt;
      if (ti.isSigned) {
        div = x / y; // C: truncates
        mod = x % y; // C: sign of the dividend
        shr = x >> sh;
        lt = x < y;
        mx = std::max(x, y), mn = std::min(x, y);
      } else {
        div = int64_t(zx / zy);
        mod = int64_t(zx % zy);
        shr = int64_t(zx >> sh);
        lt = zx < zy;
        mx = zx >= zy ? x : y, mn = zx <= zy ? x : y;
      }
      bool eq = x == y;
      int64_t refs[14] = {W(uint64_t(div)),
                          W(uint64_t(mod)),
                          W(ux << sh),
                          W(uint64_t(shr)),
                          W(ux & uy),
                          W(ux | uy),
                          W(ux ^ uy),
                          W(~ux),
                          W(0 - ux),
                          W(ux + uy),
                          W(ux - uy),
                          W(ux * uy),
                          mx,
                          mn};
      const char *names[14] = {"div", "mod", "shl", "shr", "and", "or",  "xor",
                               "not", "neg", "add", "sub", "mul", "max", "min"};
      for (int k = 0; k < 14; ++k)
        c.eq(o[k].i64(i), refs[k],
             at(names[k], i) + " x=" + std::to_string(x) +
                 " y=" + std::to_string(y));
      int64_t cr =
          lt + 2 * (lt || eq) + 4 * (!lt && !eq) + 8 * !lt + 16 * eq + 32 * !eq;
      c.eq(cmp.i64(i), cr, at("cmp", i));
    }
  }
}

//===----------------------------------------------------------------------===//
// Control flow and helpers
//===----------------------------------------------------------------------===//

const char *kFlowSrc = R"(
@triton.jit
def if_k(x, y, n, N: tl.constexpr):
    pid = tl.program_id(0)
    o = pid * N + tl.arange(0, N)
    v = tl.load(x + o)
    if (pid + n) % 3 == 0:
        w = v * 2.0
        s = 1
    elif (pid + n) % 3 == 1:
        w = v - 1.0
        s = 3
    else:
        s = 5
        w = v
    tl.store(y + o, w + s)

@triton.jit
def for_k(x, y, cnt, lo, hi, N: tl.constexpr, STEP: tl.constexpr):
    o = tl.arange(0, N)
    v = tl.load(x + o)
    acc = tl.zeros((N,), tl.float32)
    c = 0
    for i in range(hi, lo, STEP):
        acc += v * i
        c += 1
    tl.store(y + o, acc)
    tl.store(cnt, c)

@triton.jit
def while_k(x, y, cnt, n, m, N: tl.constexpr):
    o = tl.arange(0, N)
    acc = tl.zeros((N,), tl.float32)
    i = 0
    while i < n:
        acc += tl.load(x + i * N + o)
        i += 1
    k = m
    steps = 0
    while k != 1:
        if k % 2 == 0:
            k = k // 2
        else:
            k = 3 * k + 1
        steps += 1
    tl.store(y + o, acc)
    tl.store(cnt, i)
    tl.store(cnt + 1, steps)

@triton.jit
def static_k(x, y, N: tl.constexpr):
    o = tl.arange(0, N)
    v = tl.load(x + o)
    acc = v * 0.0
    for i in tl.static_range(1, 5):
        acc += v * i
    for j in tl.static_range(8, 0, -3):
        acc = acc - j
    for q in tl.static_range(2):
        acc = acc * (q + 1)
    tl.store(y + o, acc)

@triton.jit
def scale_shift(v, a, B: tl.constexpr = 2):
    return v * a + B, v - a

@triton.jit
def twice(v):
    p, q = scale_shift(v, 1.0, B=0)
    return p + q + 1.0

@triton.jit
def helper_k(x, y1, y2, a, N: tl.constexpr):
    o = tl.arange(0, N)
    v = tl.load(x + o)
    p, q = scale_shift(v, a)
    r, _s = scale_shift(p, a, B=5)
    tl.store(y1 + o, r)
    tl.store(y2 + o, twice(q))
)";

TEST(Builtins, IfWithResults) {
  TileKernels kc("flow.py", kFlowSrc);
  std::mt19937_64 rng(testSeed());
  const int N = 32, G = 6;
  for (int n : {0, 1, 2, -7}) {
    NanArray x(ElemTy::F32, N * G), y(ElemTy::F32, N * G);
    x.fillUniform(rng, -1, 1);
    EXPECT_RUN(kc, "if_k", "*fp32, *fp32, i32, 32", {G, 1, 1}, {&x, &y, I(n)});
    Checker c;
    for (int p = 0; p < G; ++p)
      for (int l = 0; l < N; ++l) {
        int i = p * N + l;
        int r = (p + n) % 3; // C remainder: sign of the dividend
        double v = x.get(i);
        double ref = r == 0   ? float(v * 2) + 1
                     : r == 1 ? float(v - 1) + 3
                              : v + 5;
        c.near(y.get(i), ref, 0, rtolOf(ElemTy::F32), at("y", i));
      }
  }
}

TEST(Builtins, ForLoopsNegativeStep) {
  TileKernels kc("flow.py", kFlowSrc);
  std::mt19937_64 rng(testSeed());
  const int N = 16;
  for (int step : {-1, -3, 1, 2, -7})
    for (auto [lo, hi] : {std::pair<int, int>{0, 10},
                          {10, 0},
                          {-5, 6},
                          {3, 3},
                          {7, -9},
                          {-20, -1}}) {
      SCOPED_TRACE("range(" + std::to_string(hi) + ", " + std::to_string(lo) +
                   ", " + std::to_string(step) + ")");
      NanArray x(ElemTy::F32, N), y(ElemTy::F32, N), cnt(ElemTy::I32, 1);
      x.fillUniform(rng, -1, 1);
      EXPECT_RUN(kc, "for_k",
                 "*fp32, *fp32, *i32, i32, i32, 16, " + std::to_string(step),
                 {1, 1, 1}, {&x, &y, &cnt, I(lo), I(hi)});
      Checker c;
      int count = 0;
      std::vector<double> acc(N, 0.0), mag(N, 0.0);
      for (int i = hi; step > 0 ? i < lo : i > lo; i += step) {
        ++count;
        for (int l = 0; l < N; ++l)
          acc[l] += x.get(l) * i, mag[l] += std::fabs(x.get(l) * i);
      }
      c.eq(cnt.i64(0), count, "count");
      // fp32 accumulation: 2 roundings per iteration.
      for (int l = 0; l < N; ++l)
        c.near(y.get(l), acc[l],
               2 * (count + 1) * std::ldexp(1.0, -24) * mag[l], 0, at("y", l));
    }
}

TEST(Builtins, WhileLoops) {
  TileKernels kc("flow.py", kFlowSrc);
  std::mt19937_64 rng(testSeed());
  const int N = 16;
  for (auto [n, m] : {std::pair<int, int>{0, 1}, {1, 6}, {5, 27}, {3, 97}}) {
    NanArray x(ElemTy::F32, N * std::max(n, 1)), y(ElemTy::F32, N),
        cnt(ElemTy::I32, 2);
    x.fillUniform(rng, -1, 1);
    EXPECT_RUN(kc, "while_k", "*fp32, *fp32, *i32, i32, i32, 16", {1, 1, 1},
               {&x, &y, &cnt, I(n), I(m)});
    Checker c;
    int steps = 0;
    for (int64_t k = m; k != 1; ++steps)
      k = k % 2 == 0 ? k / 2 : 3 * k + 1;
    c.eq(cnt.i64(0), n, "i");
    c.eq(cnt.i64(1), steps, "collatz steps");
    for (int l = 0; l < N; ++l) {
      double acc = 0, mag = 0;
      for (int i = 0; i < n; ++i)
        acc += x.get(i * N + l), mag += std::fabs(x.get(i * N + l));
      c.near(y.get(l), acc, (n + 1) * std::ldexp(1.0, -24) * mag, 0,
             at("y", l));
    }
  }
}

TEST(Builtins, StaticRangeAndHelpers) {
  TileKernels kc("flow.py", kFlowSrc);
  std::mt19937_64 rng(testSeed());
  const int N = 64;
  NanArray x(ElemTy::F32, N), y(ElemTy::F32, N);
  x.fillUniform(rng, -1, 1);
  EXPECT_RUN(kc, "static_k", "*fp32, *fp32, 64", {1, 1, 1}, {&x, &y});
  Checker c;
  // acc = (10 v - (8 + 5 + 2)) * 1 * 2; ~8 fp32 roundings of values <= 25.
  for (int l = 0; l < N; ++l)
    c.near(y.get(l), (10 * x.get(l) - 15) * 2, 16 * 50 * std::ldexp(1.0, -24),
           0, at("static", l));

  NanArray y1(ElemTy::F32, N), y2(ElemTy::F32, N);
  double a = 0.75;
  EXPECT_RUN(kc, "helper_k", "*fp32, *fp32, *fp32, fp32, 64", {1, 1, 1},
             {&x, &y1, &y2, F(a)});
  for (int l = 0; l < N; ++l) {
    double v = x.get(l), p = v * a + 2, q = v - a;
    // twice(q) = (q * 1 + 0) + (q - 1) + 1 = 2q
    c.near(y1.get(l), p * a + 5, 8 * std::ldexp(1.0, -24) * 8, 0,
           at("helper", l));
    c.near(y2.get(l), 2 * q, 8 * std::ldexp(1.0, -24) * 4, 0, at("helper2", l));
  }
}

} // namespace
