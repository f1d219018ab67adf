//===- ScanTest.cpp - Scans and reductions with a combine function
//---------===//
//
// tl.cumsum, tl.cumprod, tl.associative_scan (one input and a tuple, a
// non-commutative combine function, reverse) and tl.reduce with a combine
// function (keep_dims, axis=None, the tuple form) in the interpreter,
// against references computed here: integer results exactly, floats within
// the element type's rounding.
//
//===----------------------------------------------------------------------===//

#include "BuiltinHarness.h"

#include <gtest/gtest.h>

using namespace tilec::interp;
using namespace tilec::interp::test;
using namespace tilec::interp::test::builtins;

namespace {

const char *kScanSrc = R"(
import triton
import triton.language as tl


@triton.jit
def recur(a1, x1, a2, x2):
    # h = a * h_prev + x: the composition of two steps (not commutative).
    return a1 * a2, x1 * a2 + x2


@triton.jit
def running_max(v1, i1, v2, i2):
    take = v2 > v1
    return tl.where(take, v2, v1), tl.where(take, i2, i1)


@triton.jit
def cumsum2d(X, Y, M: tl.constexpr, N: tl.constexpr, AXIS: tl.constexpr,
             REV: tl.constexpr):
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    x = tl.load(X + offs)
    tl.store(Y + offs, tl.cumsum(x, axis=AXIS, reverse=REV))


@triton.jit
def cumprod1d(X, Y, N: tl.constexpr, REV: tl.constexpr):
    offs = tl.arange(0, N)
    tl.store(Y + offs, tl.load(X + offs).cumprod(0, reverse=REV))


@triton.jit
def recurrence(A, X, HA, HX, M: tl.constexpr, N: tl.constexpr,
               AXIS: tl.constexpr, REV: tl.constexpr):
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    a = tl.load(A + offs)
    x = tl.load(X + offs)
    ha, hx = tl.associative_scan((a, x), AXIS, recur, reverse=REV)
    tl.store(HA + offs, ha)
    tl.store(HX + offs, hx)


@triton.jit
def argmax_scan(X, V, I, N: tl.constexpr):
    offs = tl.arange(0, N)
    v, i = tl.associative_scan((tl.load(X + offs), offs), 0, running_max)
    tl.store(V + offs, v)
    tl.store(I + offs, i)
)";

TEST(Scan, CumsumTypesAxesReverse) {
  TileKernels kc("scan.py", kScanSrc);
  std::mt19937_64 rng(testSeed());
  // (input type, output type): bf16 in fp32, narrow ints in int32.
  std::pair<ElemTy, ElemTy> types[] = {
      {ElemTy::F32, ElemTy::F32},  {ElemTy::F16, ElemTy::F16},
      {ElemTy::BF16, ElemTy::F32}, {ElemTy::I32, ElemTy::I32},
      {ElemTy::I8, ElemTy::I32},   {ElemTy::U8, ElemTy::U32},
      {ElemTy::I64, ElemTy::I64}};
  for (auto [in, out] : types)
    for (auto [M, N] : {std::pair<int, int>{1, 64}, {8, 32}, {16, 4}})
      for (int axis : {0, 1})
        for (int rev : {0, 1}) {
          size_t n = size_t(M) * N;
          NanArray x(in, n), y(out, n);
          if (isFloat(in))
            x.fillUniform(rng, -2, 2);
          else
            x.fillRandomBits(rng);
          std::string sig = std::string("*") + info(in).sig + ", *" +
                            info(out).sig + ", " + std::to_string(M) + ", " +
                            std::to_string(N) + ", " + std::to_string(axis) +
                            ", " + std::to_string(rev);
          EXPECT_RUN(kc, "cumsum2d", sig, {1, 1, 1}, {&x, &y});
          Checker ck;
          int len = axis ? N : M;
          for (int i = 0; i < M; ++i)
            for (int j = 0; j < N; ++j) {
              double f = 0, mag = 0;
              uint64_t s = 0;
              int p = axis ? j : i;
              for (int q = 0; q < len; ++q) {
                if (rev ? q < p : q > p)
                  continue;
                size_t k = axis ? size_t(i) * N + q : size_t(q) * N + j;
                f += x.get(k);
                mag += std::fabs(x.get(k));
                s += uint64_t(x.i64(k));
              }
              size_t k = size_t(i) * N + j;
              std::string w = std::string(info(in).sig) + " " +
                              std::to_string(M) + "x" + std::to_string(N) +
                              " axis " + std::to_string(axis) + " rev " +
                              std::to_string(rev) + " " + at("y", k);
              // Each partial sum rounds once: |error| <= len * u * sum |x|.
              if (isFloat(out))
                ck.near(y.get(k), f,
                        len * (atolOf(out) + 2 * rtolOf(out) * mag), 0, w);
              else
                ck.eq(y.i64(k), wrapTo(out, s), w);
            }
        }
}

TEST(Scan, Cumprod) {
  TileKernels kc("scan.py", kScanSrc);
  std::mt19937_64 rng(testSeed());
  for (int rev : {0, 1}) {
    NanArray x(ElemTy::F32, 128), y(ElemTy::F32, 128);
    x.fillUniform(rng, 0.9, 1.1);
    EXPECT_RUN(kc, "cumprod1d", "*fp32, *fp32, 128, " + std::to_string(rev),
               {1, 1, 1}, {&x, &y});
    Checker ck;
    for (int i = 0; i < 128; ++i) {
      double p = 1;
      for (int q = 0; q < 128; ++q)
        if (rev ? q >= i : q <= i)
          p *= x.get(q);
      ck.flt(ElemTy::F32, y.get(i), p, at("y", i), 128);
    }
    NanArray xi(ElemTy::I32, 32), yi(ElemTy::I32, 32);
    xi.fillUniformInt(rng, -3, 3);
    EXPECT_RUN(kc, "cumprod1d", "*i32, *i32, 32, " + std::to_string(rev),
               {1, 1, 1}, {&xi, &yi});
    for (int i = 0; i < 32; ++i) {
      uint64_t p = 1;
      for (int q = 0; q < 32; ++q)
        if (rev ? q >= i : q <= i)
          p *= uint64_t(xi.i64(q));
      ck.eq(yi.i64(i), wrapTo(ElemTy::I32, p), at("yi", i));
    }
  }
}

TEST(Scan, NonCommutativeTupleReverse) {
  TileKernels kc("scan.py", kScanSrc);
  std::mt19937_64 rng(testSeed());
  for (auto [M, N] : {std::pair<int, int>{1, 128}, {32, 16}, {4, 64}})
    for (int axis : {0, 1})
      for (int rev : {0, 1}) {
        size_t n = size_t(M) * N;
        NanArray a(ElemTy::I32, n), x(ElemTy::I32, n), ha(ElemTy::I32, n),
            hx(ElemTy::I32, n);
        a.fillRandomBits(rng);
        x.fillRandomBits(rng);
        std::string sig = "*i32, *i32, *i32, *i32, " + std::to_string(M) +
                          ", " + std::to_string(N) + ", " +
                          std::to_string(axis) + ", " + std::to_string(rev);
        EXPECT_RUN(kc, "recurrence", sig, {1, 1, 1}, {&a, &x, &ha, &hx});
        Checker ck;
        int len = axis ? N : M;
        for (int o = 0; o < (axis ? M : N); ++o) {
          uint64_t pa = 1, px = 0;
          for (int s = 0; s < len; ++s) {
            int q = rev ? len - 1 - s : s;
            size_t k = axis ? size_t(o) * N + q : size_t(q) * N + o;
            // (pa, px) then (a, x): (pa * a, px * a + x).
            px = px * uint64_t(a.i64(k)) + uint64_t(x.i64(k));
            pa = pa * uint64_t(a.i64(k));
            ck.eq(ha.i64(k), wrapTo(ElemTy::I32, pa), at("ha", k));
            ck.eq(hx.i64(k), wrapTo(ElemTy::I32, px), at("hx", k));
          }
        }
      }
}

TEST(Scan, RunningArgmax) {
  TileKernels kc("scan.py", kScanSrc);
  std::mt19937_64 rng(testSeed());
  NanArray x(ElemTy::F16, 256), v(ElemTy::F16, 256), idx(ElemTy::I32, 256);
  x.fillUniformInt(rng, -50, 50); // ties: the earlier index stays
  EXPECT_RUN(kc, "argmax_scan", "*fp16, *fp16, *i32, 256", {1, 1, 1},
             {&x, &v, &idx});
  Checker ck;
  double best = x.get(0);
  int bi = 0;
  for (int i = 0; i < 256; ++i) {
    if (x.get(i) > best) {
      best = x.get(i);
      bi = i;
    }
    ck.near(v.get(i), best, 0, 0, at("v", i));
    ck.eq(idx.i64(i), bi, at("idx", i));
  }
}

const char *kReduceSrc = R"(
import triton
import triton.language as tl


@triton.jit
def add(a, b):
    return a + b


@triton.jit
def argmin_left(v1, i1, v2, i2):
    lt = (v2 < v1) | ((v2 == v1) & (i2 < i1))
    return tl.where(lt, v2, v1), tl.where(lt, i2, i1)


@triton.jit
def reduce2d(X, S, MX, V, I, ALL, M: tl.constexpr, N: tl.constexpr,
             AXIS: tl.constexpr):
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    x = tl.load(X + offs)
    if AXIS == 0:
        o = tl.arange(0, N)[None, :]
    else:
        o = tl.arange(0, M)[:, None]
    tl.store(S + o, tl.reduce(x, AXIS, add, keep_dims=True))
    tl.store(MX + o, x.reduce(AXIS, tl.maximum, keep_dims=True))
    zero = tl.zeros((M, N), tl.int32)
    if AXIS == 0:
        idx = tl.arange(0, M)[:, None] + zero
    else:
        idx = tl.arange(0, N)[None, :] + zero
    v, i = tl.reduce((x, idx), AXIS, argmin_left, keep_dims=True)
    tl.store(V + o, v)
    tl.store(I + o, i)
    tl.store(ALL, tl.reduce(x, None, add))
)";

TEST(Reduce, CombineFunctionAxesTuple) {
  TileKernels kc("red.py", kReduceSrc);
  std::mt19937_64 rng(testSeed());
  for (auto [M, N] : {std::pair<int, int>{1, 64}, {8, 32}, {64, 2}})
    for (int axis : {0, 1}) {
      size_t n = size_t(M) * N;
      int outN = axis ? M : N, len = axis ? N : M;
      NanArray x(ElemTy::I32, n), s(ElemTy::I32, outN), mx(ElemTy::I32, outN),
          v(ElemTy::I32, outN), i(ElemTy::I32, outN), all(ElemTy::I32, 1);
      x.fillUniformInt(rng, -20, 20);
      std::string sig = "*i32, *i32, *i32, *i32, *i32, *i32, " +
                        std::to_string(M) + ", " + std::to_string(N) + ", " +
                        std::to_string(axis);
      EXPECT_RUN(kc, "reduce2d", sig, {1, 1, 1}, {&x, &s, &mx, &v, &i, &all});
      Checker ck;
      int64_t total = 0;
      for (int o = 0; o < outN; ++o) {
        int64_t sum = 0, best = INT64_MIN, low = INT64_MAX, lowI = -1;
        for (int q = 0; q < len; ++q) {
          int64_t e = x.i64(axis ? size_t(o) * N + q : size_t(q) * N + o);
          sum += e;
          best = std::max(best, e);
          if (e < low) {
            low = e;
            lowI = q;
          }
        }
        total += sum;
        ck.eq(s.i64(o), sum, at("sum", o));
        ck.eq(mx.i64(o), best, at("max", o));
        ck.eq(v.i64(o), low, at("argmin value", o));
        ck.eq(i.i64(o), lowI, at("argmin index", o));
      }
      ck.eq(all.i64(0), total, "sum over all");
    }
}

} // namespace
