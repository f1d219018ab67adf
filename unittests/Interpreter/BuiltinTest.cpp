//===- BuiltinTest.cpp - Every builtin and operator against fp64 loops ----===//
//
// Small kernels (Python source compiled through tilec::Compiler) exercise one
// builtin or operator each; they run in the interpreter on fresh random
// inputs (the generator is seeded from the test's name, inputs are never all
// zero), with every output poisoned first (NaN for floats, 0xAB bytes for
// integers), and every element is compared with a reference computed
// independently with plain C++ loops in fp64 (or exact integer arithmetic).
//
// Tolerances, |got - ref| <= atol + rtol * |ref|, ref unrounded fp64:
//  * integers, booleans, shapes, data movement, max/min/argmax/argmin,
//    float->int casts, bitcasts: exact.
//  * elementwise math and arithmetic (one rounding to the result type):
//      fp32 rtol = 4 * 2^-24 (a few ulp), fp16 rtol = 2^-10, bf16 rtol = 2^-7
//      (twice the unit roundoff), fp64 rtol = 4 * 2^-53; atol = the smallest
//      subnormal of the type (for results that underflow).
//    Half-precision math is computed in fp32 (here: fp64) and rounded once.
//    sigmoid is lowered to three ops in the input type (exp, add, div), so
//    its tolerance is 2x the above.
//  * int->float casts: 1 ulp (64-bit integers may round through fp64).
//  * sum (sequential or tree, in the element type or wider):
//      atol = (n + 1) * u * sum|x|, u the unit roundoff of the result type.
//  * dot: atol = (K + 2) * 2^-24 * sum_k |a_mk b_kn| (fp32 ieee and fp16
//    inputs, fp32 accumulator); int8 -> int32: exact.
//  * loops / helpers in fp32: 4 * 2^-24 relative per accumulated op, stated
//    at each test.
//
//===----------------------------------------------------------------------===//

#include "BuiltinHarness.h"

using namespace tilec::interp;
using namespace tilec::interp::test;
using namespace tilec::interp::test::builtins;

namespace {

//===----------------------------------------------------------------------===//
// Program ids, tile construction
//===----------------------------------------------------------------------===//

TEST(Builtins, ProgramIdNumPrograms3D) {
  TileKernels kc("pid.py", R"(
@triton.jit
def pid3(out):
    x = tl.program_id(0)
    y = tl.program_id(axis=1)
    z = tl.program_id(2)
    nx = tl.num_programs(0)
    ny = tl.num_programs(1)
    nz = tl.num_programs(axis=2)
    p = out + ((z * ny + y) * nx + x) * 6
    tl.store(p, x)
    tl.store(p + 1, y)
    tl.store(p + 2, z)
    tl.store(p + 3, nx)
    tl.store(p + 4, ny)
    tl.store(p + 5, nz)
)");
  for (auto g : {std::array<unsigned, 3>{3, 2, 5}, {1, 1, 1}, {1, 7, 2}}) {
    size_t n = size_t(g[0]) * g[1] * g[2];
    NanArray out(ElemTy::I32, n * 6);
    EXPECT_RUN(kc, "pid3", "*i32", g, {&out});
    Checker c;
    for (unsigned z = 0; z < g[2]; ++z)
      for (unsigned y = 0; y < g[1]; ++y)
        for (unsigned x = 0; x < g[0]; ++x) {
          size_t b = ((z * g[1] + y) * g[0] + x) * 6;
          int64_t ref[6] = {x, y, z, g[0], g[1], g[2]};
          for (int k = 0; k < 6; ++k)
            c.eq(out.i64(b + k), ref[k], at("out", b + k));
        }
  }
}

TEST(Builtins, ArangeZerosFull) {
  TileKernels kc("mk.py", R"(
@triton.jit
def mk(x, o_ar, o_z, o_f16, o_i8, o_like, v, N: tl.constexpr):
    offs = tl.arange(0, N)
    tl.store(o_ar + offs, tl.arange(3, 3 + N))
    a = tl.load(x + offs)
    tl.store(o_z + offs, tl.zeros_like(a) + tl.zeros((N,), tl.float32) + a * 0.0 + 1.0)
    tl.store(o_f16 + offs, tl.full((N,), v, tl.float16))
    tl.store(o_i8 + offs, tl.full([N], -7, dtype=tl.int8))
    tl.store(o_like + offs, tl.full_like(a, 2.5) + tl.zeros_like(a, dtype=tl.int32))
)");
  const int N = 64;
  std::mt19937_64 rng(testSeed());
  NanArray x(ElemTy::F32, N), ar(ElemTy::I32, N), z(ElemTy::F32, N),
      f16(ElemTy::F16, N), i8(ElemTy::I8, N), like(ElemTy::F32, N);
  x.fillUniform(rng, -1, 1);
  double v = std::uniform_real_distribution<double>(-100, 100)(rng);
  EXPECT_RUN(kc, "mk", "*fp32, *i32, *fp32, *fp16, *i8, *fp32, fp32, 64",
             {1, 1, 1}, {&x, &ar, &z, &f16, &i8, &like, F(v)});
  Checker c;
  for (int i = 0; i < N; ++i) {
    c.eq(ar.i64(i), 3 + i, at("arange", i));
    c.near(z.get(i), 1.0, 0, 0, at("zeros", i));
    c.flt(ElemTy::F16, f16.get(i), double(float(v)), at("full", i));
    c.eq(i8.i64(i), -7, at("full_i8", i));
    c.near(like.get(i), 2.5, 0, 0, at("full_like", i));
  }
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

TEST(Builtins, LoadStoreMaskOther) {
  std::string src = R"(
@triton.jit
def lsm_T(x, y_all, y_part, n, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    v = tl.load(x + o, mask=o < n, other=OTHER)
    tl.store(y_all + o, v)
    tl.store(y_part + o, v, mask=o < n - 3)
)";
  std::string all;
  const ElemTy tys[] = {ElemTy::F32, ElemTy::F16, ElemTy::BF16, ElemTy::I8,
                        ElemTy::I32, ElemTy::U16, ElemTy::I64};
  for (ElemTy t : tys)
    all += replaceAll(replaceAll(src, "_T", std::string("_") + info(t).sig),
                      "OTHER", info(t).isSigned ? "-3" : "3");
  TileKernels kc("lsm.py", all);
  std::mt19937_64 rng(testSeed());
  const int B = 32;
  for (ElemTy t : tys)
    for (int n : {1, 31, 32, 33, 100}) {
      SCOPED_TRACE(std::string(info(t).sig) + " n=" + std::to_string(n));
      unsigned grid = unsigned((n + B - 1) / B);
      NanArray x(t, n), ya(t, grid * B), yp(t, grid * B);
      if (isFloat(t))
        x.fillUniform(rng, -1, 1);
      else
        x.fillUniformInt(rng, info(t).isSigned ? -100 : 0, 100);
      std::string s = std::string("*") + info(t).sig;
      EXPECT_RUN(kc, std::string("lsm_") + info(t).sig,
                 s + ", " + s + ", " + s + ", i32, 32", {grid, 1, 1},
                 {&x, &ya, &yp, I(n)});
      Checker c;
      double other = info(t).isSigned ? -3 : 3;
      for (int i = 0; i < int(grid) * B; ++i) {
        double ref = i < n ? x.get(i) : other;
        c.near(ya.get(i), ref, 0, 0, at("all", i));
        if (i < n - 3)
          c.near(yp.get(i), ref, 0, 0, at("part", i));
        else if (!yp.poisoned(i))
          c.fail(at("masked-off lane written", i));
      }
    }
}

TEST(Builtins, PointerArithmeticStrides) {
  TileKernels kc("ptr.py", R"(
@triton.jit
def tcopy(x, y, M, N, sxm, sxn, sym, syn, BM: tl.constexpr, BN: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    v = tl.load(x + rm[:, None] * sxm + rn[None, :] * sxn, mask=mask, other=0.0)
    tl.store(y + rn[:, None] * sym + rm[None, :] * syn, tl.trans(v) * 2.0, mask=tl.trans(mask))

@triton.jit
def reverse(x, y, N: tl.constexpr):
    o = tl.arange(0, N)
    p = y + N - 1
    tl.store(p - o, tl.load(x + o))
)");
  std::mt19937_64 rng(testSeed());
  // x: M x N with row stride N + 3 (column stride 1); y: N x M with row
  // stride M + 2; the padding must stay NaN.
  for (auto [M, N] : {std::pair<int, int>{37, 21}, {16, 16}, {1, 50}}) {
    int sx = N + 3, sy = M + 2;
    NanArray x(ElemTy::F32, size_t(M - 1) * sx + N),
        y(ElemTy::F32, size_t(N - 1) * sy + M);
    x.fillUniform(rng, -1, 1);
    EXPECT_RUN(kc, "tcopy", "*fp32, *fp32, i32, i32, i32, i32, i32, i32, 16, 8",
               {unsigned((M + 15) / 16), unsigned((N + 7) / 8), 1},
               {&x, &y, I(M), I(N), I(sx), I(1), I(sy), I(1)});
    Checker c;
    for (int n = 0; n < N; ++n)
      for (int m = 0; m < sy && size_t(n) * sy + m < y.size(); ++m) {
        size_t i = size_t(n) * sy + m;
        if (m < M)
          c.near(y.get(i), 2 * x.get(size_t(m) * sx + n), 0, 0, at("y", i));
        else if (!y.poisoned(i))
          c.fail(at("padding written", i));
      }
  }
  NanArray x(ElemTy::F32, 64), y(ElemTy::F32, 64);
  x.fillUniform(rng, -1, 1);
  EXPECT_RUN(kc, "reverse", "*fp32, *fp32, 64", {1, 1, 1}, {&x, &y});
  Checker c;
  for (int i = 0; i < 64; ++i)
    c.near(y.get(63 - i), x.get(i), 0, 0, at("reverse", i));
}

//===----------------------------------------------------------------------===//
// where, maximum, minimum, clamp
//===----------------------------------------------------------------------===//

TEST(Builtins, WhereMaximumMinimumClampNaN) {
  std::string src = R"(
@triton.jit
def mm(x, y, o_max, o_min, o_maxp, o_minp, o_clamp, o_where, o_where_s, lo, hi, N: tl.constexpr):
    o = tl.arange(0, N)
    a = tl.load(x + o)
    b = tl.load(y + o)
    tl.store(o_max + o, tl.maximum(a, b))
    tl.store(o_min + o, tl.minimum(a, b))
    tl.store(o_maxp + o, tl.maximum(a, b, propagate_nan="all"))
    tl.store(o_minp + o, tl.minimum(a, b, propagate_nan="all"))
    tl.store(o_clamp + o, tl.clamp(a, lo, hi))
    tl.store(o_where + o, tl.where(a > b, a, b * 2))
    tl.store(o_where_s + o, tl.where(a < 0, 0.5, a))
)";
  TileKernels kc("mm.py", src);
  std::mt19937_64 rng(testSeed());
  const int N = 128;
  for (ElemTy t : {ElemTy::F32, ElemTy::F16, ElemTy::BF16}) {
    SCOPED_TRACE(info(t).sig);
    NanArray x(t, N), y(t, N);
    x.fillUniform(rng, -1, 1);
    y.fillUniform(rng, -1, 1);
    for (int i = 0; i < N; i += 5)
      x.set(i, NAN);
    for (int i = 0; i < N; i += 7)
      y.set(i, NAN);
    std::vector<NanArray> outs(7, NanArray(t, N));
    std::string p = std::string("*") + info(t).sig;
    std::string sig = p;
    for (int k = 0; k < 8; ++k)
      sig += ", " + p;
    double lo = -0.5, hi = 0.25;
    sig += ", fp32, fp32, 128";
    EXPECT_RUN(kc, "mm", sig, {1, 1, 1},
               {&x, &y, &outs[0], &outs[1], &outs[2], &outs[3], &outs[4],
                &outs[5], &outs[6], F(lo), F(hi)});
    Checker c;
    for (int i = 0; i < N; ++i) {
      double a = x.get(i), b = y.get(i);
      bool nan = std::isnan(a) || std::isnan(b);
      c.near(outs[0].get(i), std::fmax(a, b), 0, 0, at("maximum", i));
      c.near(outs[1].get(i), std::fmin(a, b), 0, 0, at("minimum", i));
      c.near(outs[2].get(i), nan ? NAN : std::max(a, b), 0, 0,
             at("maximum_all", i));
      c.near(outs[3].get(i), nan ? NAN : std::min(a, b), 0, 0,
             at("minimum_all", i));
      c.near(outs[4].get(i), std::fmin(std::fmax(a, lo), hi), 0, 0,
             at("clamp", i));
      c.near(outs[5].get(i), (!nan && a > b) ? a : roundTo(t, b * 2), 0, 0,
             at("where", i));
      c.near(outs[6].get(i), a < 0 ? 0.5 : a, 0, 0, at("where_scalar", i));
    }
  }
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

const char *kReduceSrc = R"(
@triton.jit
def ld(x, R: tl.constexpr, C: tl.constexpr):
    r = tl.arange(0, R)
    c = tl.arange(0, C)
    return tl.load(x + r[:, None] * C + c[None, :])

@triton.jit
def red0(x, s, mx, mn, am, an, R: tl.constexpr, C: tl.constexpr):
    t = ld(x, R, C)
    c = tl.arange(0, C)
    tl.store(s + c, tl.sum(t, axis=0))
    tl.store(mx + c, tl.max(t, axis=0))
    tl.store(mn + c, t.min(0))
    tl.store(am + c, tl.argmax(t, axis=0))
    tl.store(an + c, tl.argmin(t, 0))

@triton.jit
def red1(x, s, mx, mn, am, an, R: tl.constexpr, C: tl.constexpr):
    t = ld(x, R, C)
    r = tl.arange(0, R)
    tl.store(s + r, t.sum(axis=1))
    tl.store(mx + r, tl.max(t, axis=-1))
    tl.store(mn + r, tl.min(t, axis=1))
    tl.store(am + r, t.argmax(axis=1))
    tl.store(an + r, tl.argmin(t, axis=1))

@triton.jit
def redall(x, s, mx, mn, am, an, R: tl.constexpr, C: tl.constexpr):
    t = ld(x, R, C)
    tl.store(s, tl.sum(t))
    tl.store(mx, tl.max(t, axis=None))
    tl.store(mn, tl.min(t))
    tl.store(am, tl.argmax(t, axis=None))
    tl.store(an, tl.argmin(t, axis=None))

@triton.jit
def redkeep(x, s, mx, mn, am, an, R: tl.constexpr, C: tl.constexpr):
    t = ld(x, R, C)
    r = tl.arange(0, R)
    c = tl.arange(0, C)
    k1 = tl.sum(t, axis=1, keep_dims=True)
    tl.static_assert(len(k1.shape) == 2)
    tl.store(s + r[:, None], k1)
    tl.store(mx + c[None, :], tl.max(t, axis=0, keep_dims=True))
    tl.store(mn + r[:, None], tl.min(t, axis=1, keep_dims=True))
    tl.store(am + c[None, :], tl.argmax(t, axis=0, keep_dims=True))
    a = tl.argmin(t, axis=None, keep_dims=True)
    tl.store(an + r[:, None] * 0 + c[None, :] * 0, a)

@triton.jit
def redidx(x, s, mx, mn, am, an, R: tl.constexpr, C: tl.constexpr):
    t = ld(x, R, C)
    r = tl.arange(0, R)
    c = tl.arange(0, C)
    v, i = tl.max(t, axis=1, return_indices=True)
    tl.store(mx + r, v)
    tl.store(am + r, i)
    w, j = tl.min(t, axis=0, return_indices=True)
    tl.store(mn + c, w)
    tl.store(an + c, j)
    tl.store(s, tl.sum(tl.sum(t, axis=1), axis=0))
)";

ElemTy sumTy(ElemTy t) {
  switch (t) {
  case ElemTy::I8:
  case ElemTy::I16:
    return ElemTy::I32;
  case ElemTy::U8:
  case ElemTy::U16:
    return ElemTy::U32;
  default:
    return t;
  }
}

TEST(Builtins, Reductions) {
  TileKernels kc("red.py", kReduceSrc);
  std::mt19937_64 rng(testSeed());
  const int R = 8, C = 16;
  for (ElemTy t : {ElemTy::F32, ElemTy::F16, ElemTy::BF16, ElemTy::I32,
                   ElemTy::I8, ElemTy::U8}) {
    NanArray x(t, R * C);
    if (isFloat(t))
      x.fillUniform(rng, -1, 1);
    else
      x.fillUniformInt(rng, info(t).isSigned ? -100 : 0, 100);
    // Full-precision reductions of x.
    auto val = [&](int r, int c) { return x.get(size_t(r) * C + c); };
    struct Red {
      double sum = 0, abs = 0, mx = -INFINITY, mn = INFINITY;
      int am = 0, an = 0;
    };
    auto reduce = [&](auto idx, int n) {
      Red d;
      for (int k = 0; k < n; ++k) {
        double v = idx(k);
        d.sum += v;
        d.abs += std::fabs(v);
        if (v > d.mx)
          d.mx = v, d.am = k;
        if (v < d.mn)
          d.mn = v, d.an = k;
      }
      return d;
    };
    ElemTy st = sumTy(t);
    auto checkSum = [&](Checker &c, double got, const Red &d, int n,
                        const std::string &w) {
      if (isFloat(st))
        c.near(got, d.sum, (n + 1) * unitRoundoff(st) * d.abs, 0, w);
      else
        c.eq(int64_t(got), int64_t(d.sum), w);
    };
    std::string p = std::string("*") + info(t).sig;
    std::string sig =
        p + ", *" + info(st).sig + ", " + p + ", " + p + ", *i32, *i32, 8, 16";
    for (const char *k : {"red0", "red1", "redall", "redkeep", "redidx"}) {
      SCOPED_TRACE(std::string(info(t).sig) + " " + k);
      NanArray s(st, 64), mx(t, 64), mn(t, 64), am(ElemTy::I32, 64),
          an(ElemTy::I32, 64);
      EXPECT_RUN(kc, k, sig, {1, 1, 1}, {&x, &s, &mx, &mn, &am, &an});
      Checker c;
      std::string kn = k;
      auto col = [&](int j) {
        return reduce([&](int r) { return val(r, j); }, R);
      };
      auto row = [&](int i) {
        return reduce([&](int cc) { return val(i, cc); }, C);
      };
      Red all = reduce([&](int k2) { return val(k2 / C, k2 % C); }, R * C);
      if (kn == "red0") {
        for (int j = 0; j < C; ++j) {
          Red d = col(j);
          checkSum(c, s.get(j), d, R, at("sum0", j));
          c.near(mx.get(j), d.mx, 0, 0, at("max0", j));
          c.near(mn.get(j), d.mn, 0, 0, at("min0", j));
          c.eq(am.i64(j), d.am, at("argmax0", j));
          c.eq(an.i64(j), d.an, at("argmin0", j));
        }
      } else if (kn == "red1") {
        for (int i = 0; i < R; ++i) {
          Red d = row(i);
          checkSum(c, s.get(i), d, C, at("sum1", i));
          c.near(mx.get(i), d.mx, 0, 0, at("max1", i));
          c.near(mn.get(i), d.mn, 0, 0, at("min1", i));
          c.eq(am.i64(i), d.am, at("argmax1", i));
          c.eq(an.i64(i), d.an, at("argmin1", i));
        }
      } else if (kn == "redall") {
        checkSum(c, s.get(0), all, R * C, "sum");
        c.near(mx.get(0), all.mx, 0, 0, "max");
        c.near(mn.get(0), all.mn, 0, 0, "min");
        c.eq(am.i64(0), all.am, "argmax");
        c.eq(an.i64(0), all.an, "argmin");
      } else if (kn == "redkeep") {
        for (int i = 0; i < R; ++i) {
          checkSum(c, s.get(i), row(i), C, at("sum_keep1", i));
          c.near(mn.get(i), row(i).mn, 0, 0, at("min_keep1", i));
        }
        for (int j = 0; j < C; ++j) {
          c.near(mx.get(j), col(j).mx, 0, 0, at("max_keep0", j));
          c.eq(am.i64(j), col(j).am, at("argmax_keep0", j));
        }
        c.eq(an.i64(0), all.an, "argmin_keep_all");
      } else {
        for (int i = 0; i < R; ++i) {
          c.near(mx.get(i), row(i).mx, 0, 0, at("max_idx_v", i));
          c.eq(am.i64(i), row(i).am, at("max_idx_i", i));
        }
        for (int j = 0; j < C; ++j) {
          c.near(mn.get(j), col(j).mn, 0, 0, at("min_idx_v", j));
          c.eq(an.i64(j), col(j).an, at("min_idx_i", j));
        }
        checkSum(c, s.get(0), all, R * C + C, "sum_sum");
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// dot
//===----------------------------------------------------------------------===//

const char *kDotSrc = R"(
@triton.jit
def dot_k(a, b, c, o, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr, ACC: tl.constexpr):
    m = tl.arange(0, M)
    n = tl.arange(0, N)
    k = tl.arange(0, K)
    A = tl.load(a + m[:, None] * K + k[None, :])
    B = tl.load(b + k[:, None] * N + n[None, :])
    if ACC:
        C = tl.load(c + m[:, None] * N + n[None, :])
        r = tl.dot(A, B, C PREC)
    else:
        r = tl.dot(A, B PREC)
    tl.store(o + m[:, None] * N + n[None, :], r)

@triton.jit
def dot_loop(a, b, o, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr, BK: tl.constexpr):
    m = tl.arange(0, M)
    n = tl.arange(0, N)
    k = tl.arange(0, BK)
    acc = tl.zeros((M, N), dtype=tl.float32)
    for k0 in range(0, K, BK):
        A = tl.load(a + m[:, None] * K + (k0 + k)[None, :])
        B = tl.load(b + (k0 + k)[:, None] * N + n[None, :])
        acc += tl.dot(A, B PREC)
    tl.store(o + m[:, None] * N + n[None, :], acc)
)";

TEST(Builtins, Dot) {
  TileKernels fk("dotf.py",
                 replaceAll(kDotSrc, " PREC", ", input_precision=\"ieee\""));
  TileKernels ik("doti.py", replaceAll(kDotSrc, " PREC", ""));
  std::mt19937_64 rng(testSeed());
  struct Case {
    ElemTy in, acc;
    int M, N, K;
    bool withAcc;
  };
  for (Case cs : {Case{ElemTy::F32, ElemTy::F32, 32, 16, 64, false},
                  Case{ElemTy::F32, ElemTy::F32, 16, 32, 16, true},
                  Case{ElemTy::F16, ElemTy::F32, 32, 32, 32, false},
                  Case{ElemTy::F16, ElemTy::F32, 16, 16, 64, true},
                  Case{ElemTy::BF16, ElemTy::F32, 16, 16, 32, true},
                  Case{ElemTy::I8, ElemTy::I32, 32, 16, 64, false},
                  Case{ElemTy::I8, ElemTy::I32, 16, 32, 32, true}}) {
    SCOPED_TRACE(std::string(info(cs.in).sig) + (cs.withAcc ? " acc" : "") +
                 " " + std::to_string(cs.M) + "x" + std::to_string(cs.N) + "x" +
                 std::to_string(cs.K));
    NanArray a(cs.in, cs.M * cs.K), b(cs.in, cs.K * cs.N),
        acc(cs.acc, cs.M * cs.N), o(cs.acc, cs.M * cs.N);
    bool isInt = !isFloat(cs.in);
    if (isInt) {
      a.fillUniformInt(rng, -128, 127);
      b.fillUniformInt(rng, -128, 127);
      acc.fillUniformInt(rng, -100000, 100000);
    } else {
      a.fillUniform(rng, -1, 1);
      b.fillUniform(rng, -1, 1);
      acc.fillUniform(rng, -4, 4);
    }
    std::string pi = std::string("*") + info(cs.in).sig,
                pa = std::string("*") + info(cs.acc).sig;
    std::string sig = pi + ", " + pi + ", " + pa + ", " + pa + ", " +
                      std::to_string(cs.M) + ", " + std::to_string(cs.N) +
                      ", " + std::to_string(cs.K) +
                      (cs.withAcc ? ", True" : ", False");
    EXPECT_RUN(isInt ? ik : fk, "dot_k", sig, {1, 1, 1}, {&a, &b, &acc, &o});
    Checker c;
    for (int m = 0; m < cs.M; ++m)
      for (int n = 0; n < cs.N; ++n) {
        double ref = cs.withAcc ? acc.get(m * cs.N + n) : 0,
               mag = std::fabs(ref);
        for (int k = 0; k < cs.K; ++k) {
          double p = a.get(m * cs.K + k) * b.get(k * cs.N + n);
          ref += p;
          mag += std::fabs(p);
        }
        if (isInt)
          c.eq(o.i64(m * cs.N + n), int64_t(ref), at("dot", m * cs.N + n));
        else
          c.near(o.get(m * cs.N + n), ref,
                 (cs.K + 2) * std::ldexp(1.0, -24) * mag, 0,
                 at("dot", m * cs.N + n));
      }
  }
  // A K loop accumulating with += (folded into the accumulator).
  NanArray a(ElemTy::F16, 16 * 128), b(ElemTy::F16, 128 * 32),
      o(ElemTy::F32, 16 * 32);
  a.fillUniform(rng, -1, 1);
  b.fillUniform(rng, -1, 1);
  EXPECT_RUN(fk, "dot_loop", "*fp16, *fp16, *fp32, 16, 32, 128, 32", {1, 1, 1},
             {&a, &b, &o});
  Checker c;
  for (int m = 0; m < 16; ++m)
    for (int n = 0; n < 32; ++n) {
      double ref = 0, mag = 0;
      for (int k = 0; k < 128; ++k) {
        double p = a.get(m * 128 + k) * b.get(k * 32 + n);
        ref += p;
        mag += std::fabs(p);
      }
      c.near(o.get(m * 32 + n), ref, 130 * std::ldexp(1.0, -24) * mag, 0,
             at("dot_loop", m * 32 + n));
    }
}

//===----------------------------------------------------------------------===//
// Elementwise math
//===----------------------------------------------------------------------===//

struct MathOp {
  const char *name;
  double lo, hi;
  std::function<double(double)> ref;
  double tolScale = 1;
};

TEST(Builtins, UnaryMath) {
  std::vector<MathOp> ops = {
      {"exp", -4, 4, [](double x) { return std::exp(x); }},
      {"exp2", -6, 6, [](double x) { return std::exp2(x); }},
      {"log", 1.0 / 64, 8, [](double x) { return std::log(x); }},
      {"log2", 1.0 / 64, 8, [](double x) { return std::log2(x); }},
      {"sqrt", 0, 16, [](double x) { return std::sqrt(x); }},
      {"sqrt_rn", 0, 16, [](double x) { return std::sqrt(x); }},
      {"rsqrt", 1.0 / 64, 16, [](double x) { return 1 / std::sqrt(x); }},
      {"sigmoid", -8, 8, [](double x) { return 1 / (1 + std::exp(-x)); }, 2},
      {"abs", -4, 4, [](double x) { return std::fabs(x); }},
      {"cos", -4, 4, [](double x) { return std::cos(x); }},
      {"sin", -4, 4, [](double x) { return std::sin(x); }},
      {"erf", -3, 3, [](double x) { return std::erf(x); }},
      {"floor", -8, 8, [](double x) { return std::floor(x); }},
      {"ceil", -8, 8, [](double x) { return std::ceil(x); }},
  };
  std::string src;
  for (const MathOp &op : ops)
    src += replaceAll(R"(
@triton.jit
def k_OP(x, y, N: tl.constexpr):
    o = tl.program_id(0) * N + tl.arange(0, N)
    tl.store(y + o, tl.OP(tl.load(x + o)))

@triton.jit
def m_OP(x, y, N: tl.constexpr):
    o = tl.program_id(0) * N + tl.arange(0, N)
    tl.store(y + o, tl.load(x + o).OP())
)",
                      "OP", op.name);
  TileKernels kc("math.py", src);
  std::mt19937_64 rng(testSeed());
  const int N = 64, G = 4;
  for (const MathOp &op : ops)
    for (ElemTy t : {ElemTy::F32, ElemTy::F16, ElemTy::BF16, ElemTy::F64})
      for (const char *form : {"k_", "m_"}) {
        if (std::string(op.name) == "sqrt_rn" && form[0] == 'm')
          continue;
        SCOPED_TRACE(std::string(form) + op.name + " " + info(t).sig);
        NanArray x(t, N * G), y(t, N * G);
        x.fillUniform(rng, op.lo, op.hi);
        std::string p = std::string("*") + info(t).sig;
        EXPECT_RUN(kc, form + std::string(op.name), p + ", " + p + ", 64",
                   {G, 1, 1}, {&x, &y});
        Checker c;
        for (int i = 0; i < N * G; ++i)
          c.flt(t, y.get(i), op.ref(x.get(i)), at("y", i), op.tolScale);
      }
}

TEST(Builtins, FmaCdivFloatOperators) {
  TileKernels kc("fo.py", R"(
@triton.jit
def fops(a, b, d, o_add, o_sub, o_mul, o_div, o_fdiv, o_mod, o_neg, o_fma, N: tl.constexpr):
    o = tl.arange(0, N)
    x = tl.load(a + o)
    y = tl.load(b + o)
    z = tl.load(d + o)
    tl.store(o_add + o, x + y)
    tl.store(o_sub + o, x - y)
    tl.store(o_mul + o, x * y)
    tl.store(o_div + o, x / y)
    tl.store(o_fdiv + o, x // y)
    tl.store(o_mod + o, x % y)
    tl.store(o_neg + o, -x)
    tl.store(o_fma + o, tl.fma(x, y, z))

@triton.jit
def cdiv_k(a, b, o_c, o_k, N: tl.constexpr):
    o = tl.arange(0, N)
    x = tl.load(a + o)
    y = tl.load(b + o)
    tl.store(o_c + o, tl.cdiv(x, y))
    tl.store(o_k + o, tl.cdiv(x, 8) + tl.cdiv(10, 4) * 1000)
)");
  std::mt19937_64 rng(testSeed());
  const int N = 256;
  for (ElemTy t : {ElemTy::F32, ElemTy::F16, ElemTy::BF16, ElemTy::F64}) {
    SCOPED_TRACE(info(t).sig);
    NanArray a(t, N), b(t, N), d(t, N);
    a.fillUniform(rng, -4, 4);
    b.fillUniform(rng, 0.25, 1);
    for (int i = 0; i < N; i += 2)
      b.set(i, -b.get(i));
    d.fillUniform(rng, -1, 1);
    std::vector<NanArray> o(8, NanArray(t, N));
    std::string p = std::string("*") + info(t).sig, sig = p;
    for (int k = 0; k < 10; ++k)
      sig += ", " + p;
    EXPECT_RUN(
        kc, "fops", sig + ", 256", {1, 1, 1},
        {&a, &b, &d, &o[0], &o[1], &o[2], &o[3], &o[4], &o[5], &o[6], &o[7]});
    Checker c;
    for (int i = 0; i < N; ++i) {
      double x = a.get(i), y = b.get(i), z = d.get(i);
      c.flt(t, o[0].get(i), x + y, at("add", i));
      c.flt(t, o[1].get(i), x - y, at("sub", i));
      c.flt(t, o[2].get(i), x * y, at("mul", i));
      c.flt(t, o[3].get(i), x / y, at("div", i));
      // `//` is floor of the (rounded) quotient.
      c.near(o[4].get(i), std::floor(roundTo(t, x / y)), 0, 0,
             at("floordiv", i));
      c.flt(t, o[5].get(i), std::fmod(x, y), at("mod", i));
      c.near(o[6].get(i), -x, 0, 0, at("neg", i));
      c.flt(t, o[7].get(i), std::fma(x, y, z), at("fma", i));
    }
  }
  NanArray a(ElemTy::I32, 64), b(ElemTy::I32, 64), oc(ElemTy::I32, 64),
      ok(ElemTy::I32, 64);
  a.fillUniformInt(rng, -1000, 1000);
  b.fillUniformInt(rng, 1, 50);
  EXPECT_RUN(kc, "cdiv_k", "*i32, *i32, *i32, *i32, 64", {1, 1, 1},
             {&a, &b, &oc, &ok});
  Checker c;
  for (int i = 0; i < 64; ++i) {
    int64_t x = a.i64(i), y = b.i64(i);
    c.eq(oc.i64(i), (x + y - 1) / y,
         at("cdiv", i)); // truncating, as documented
    c.eq(ok.i64(i), (x + 7) / 8 + 3000, at("cdiv_const", i));
  }
}

} // namespace
