//===- AtomicTest.cpp - Atomics, barriers and spin loops in the interpreter
//===//
//
// tl.atomic_add/max/min/and/or/xor/xchg and tl.atomic_cas (tile.atomic_rmw /
// tile.atomic_cas), tl.debug_barrier, and the iteration budget of while
// loops. Kernels are Python source compiled through tilec::Compiler; inputs
// are fresh random values (the seed is printed with every failure; set
// TILEC_TEST_SEED to rerun one), outputs are poisoned first (0xAB bytes), and
// every result is compared exactly with a reference that applies the lanes
// one after another on the host, in lane order (the interpreter's order).
//
//===----------------------------------------------------------------------===//

#include "TypedBuffers.h"

#include <cstdlib>
#include <set>
#include <variant>

using namespace tilec::interp;
using namespace tilec::interp::test;

namespace {

const char *kSource = R"(import triton
import triton.language as tl

@triton.jit
def histogram(x_ptr, bins_ptr, old_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    old = tl.atomic_add(bins_ptr + x, 1, mask=mask)
    tl.store(old_ptr + offs, old)

@triton.jit
def ticket(counter_ptr, out_ptr):
    pid = tl.program_id(1) * tl.num_programs(0) + tl.program_id(0)
    old = tl.atomic_add(counter_ptr, 1)
    tl.store(out_ptr + pid, old)

@triton.jit
def cas_lanes(p_ptr, idx_ptr, cmp_ptr, val_ptr, old_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    i = tl.load(idx_ptr + offs)
    c = tl.load(cmp_ptr + offs)
    v = tl.load(val_ptr + offs)
    old = tl.atomic_cas(p_ptr + i, c, v)
    tl.store(old_ptr + offs, old)

@triton.jit
def lock_accumulate(x_ptr, acc_ptr, lock_ptr, N, GROUP: tl.constexpr,
                    BLOCK: tl.constexpr):
    # The locking of Triton's layer-norm backward tutorial (_layer_norm_bwd_dx_fused).
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    x = tl.load(x_ptr + row * N + cols, mask=mask, other=0.)
    lock_id = row % GROUP
    Lock = lock_ptr + lock_id
    Count = lock_ptr + GROUP + lock_id
    acc_ptrs = acc_ptr + lock_id * N + cols
    while tl.atomic_cas(Lock, 0, 1) == 1:
        pass
    count = tl.load(Count)
    if count == 0:
        tl.atomic_xchg(Count, 1)
    else:
        x += tl.load(acc_ptrs, mask=mask)
    tl.store(acc_ptrs, x, mask=mask)
    tl.debug_barrier()
    tl.atomic_xchg(Lock, 0)

@triton.jit
def lock_no_release(lock_ptr, out_ptr):
    while tl.atomic_cas(lock_ptr, 0, 1) == 1:
        pass
    tl.store(out_ptr + tl.program_id(0), 1)

@triton.jit
def masked_add(dst_ptr, old_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    old = tl.atomic_add(dst_ptr + 2 * offs, 5, mask=offs % 3 == 0)
    tl.store(old_ptr + offs, old)

@triton.jit
def bad_add(bins_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.atomic_add(bins_ptr + offs, 1, mask=offs < n + 1)

@triton.jit
def bad_scalar_max(p_ptr, k):
    tl.atomic_max(p_ptr + k, 3)

@triton.jit
def bad_cas(p_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.atomic_cas(p_ptr + offs - 2, offs, offs + 1)

@triton.jit
def wild_masked(p_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    far = offs * 1000000 + 123456789
    old = tl.atomic_add(p_ptr + far, 1, mask=offs < 0)
    tl.store(p_ptr + offs, old + 7, mask=offs < n)

@triton.jit
def grid_barrier(count_ptr, out_ptr):
    tl.atomic_add(count_ptr, 1)
    while tl.atomic_add(count_ptr, 0) < tl.num_programs(0):
        pass
    tl.store(out_ptr + tl.program_id(0), 1)

@triton.jit
def count_up(out_ptr, n):
    i = 0
    while i < n:
        i += 1
    tl.store(out_ptr, i)
)";

/// One kernel per read-modify-write: lane l applies x[l] at dst + idx[l].
const char *kRMWTemplate = R"(
@triton.jit
def rmw_OP(x_ptr, idx_ptr, dst_ptr, old_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    i = tl.load(idx_ptr + offs, mask=mask, other=0)
    old = tl.atomic_OP(dst_ptr + i, x, mask=mask)
    tl.store(old_ptr + offs, old, mask=mask)
)";

std::string rmwSource() {
  std::string s = "import triton\nimport triton.language as tl\n";
  for (const char *op : {"add", "max", "min", "and", "or", "xor", "xchg"}) {
    std::string k = kRMWTemplate;
    for (size_t p; (p = k.find("OP")) != std::string::npos;)
      k.replace(p, 2, op);
    s += k;
  }
  return s;
}

TileKernels &kernels() {
  static TileKernels cache("atomics.py", kSource);
  return cache;
}
TileKernels &rmwKernels() {
  static TileKernels cache("rmw.py", rmwSource());
  return cache;
}

//===----------------------------------------------------------------------===//
// The reference: lanes one after another
//===----------------------------------------------------------------------===//

enum class Op { Add, Max, Min, And, Or, Xor, Xchg };
const char *opName(Op op) {
  switch (op) {
  case Op::Add:
    return "add";
  case Op::Max:
    return "max";
  case Op::Min:
    return "min";
  case Op::And:
    return "and";
  case Op::Or:
    return "or";
  case Op::Xor:
    return "xor";
  case Op::Xchg:
    return "xchg";
  }
  return "";
}

/// IEEE maxNum / minNum with -0 < +0: the operand that is not NaN.
double refMaxMin(bool isMax, double a, double b) {
  if (std::isnan(a))
    return b;
  if (std::isnan(b))
    return a;
  if (a == b)
    return (std::signbit(a) == isMax) ? b : a;
  return (isMax ? a > b : a < b) ? a : b;
}

/// dst[j] = dst[j] <op> x[l]; returns the old bits in `old[l]`.
void refApply(Op op, ByteArray &dst, size_t j, const ByteArray &x, size_t l,
              ByteArray &old) {
  old.setBits(l, dst.bitsAt(j));
  ElemTy t = dst.type();
  if (info(t).isFloat) {
    double a = dst.get(j), b = x.get(l), r = a;
    switch (op) {
    case Op::Add:
      r = t == ElemTy::F32   ? double(float(a) + float(b))
          : t == ElemTy::F64 ? a + b
          : t == ElemTy::F16 ? roundToF16(a + b) // exact in fp64, rounded once
                             : roundToBF16(a + b);
      break;
    case Op::Max:
      r = refMaxMin(true, a, b);
      break;
    case Op::Min:
      r = refMaxMin(false, a, b);
      break;
    case Op::Xchg:
      r = b;
      break;
    default:
      ADD_FAILURE() << "bad float op";
    }
    dst.set(j, r);
    return;
  }
  uint64_t a = dst.bitsAt(j), b = x.bitsAt(l), r = 0;
  int64_t sa = dst.i64(j), sb = x.i64(l);
  bool sgn = info(t).isSigned;
  switch (op) {
  case Op::Add:
    r = a + b;
    break; // wraps (setRaw keeps the low bytes)
  case Op::Max:
    r = sgn ? (sa > sb ? a : b) : (a > b ? a : b);
    break;
  case Op::Min:
    r = sgn ? (sa < sb ? a : b) : (a < b ? a : b);
    break;
  case Op::And:
    r = a & b;
    break;
  case Op::Or:
    r = a | b;
    break;
  case Op::Xor:
    r = a ^ b;
    break;
  case Op::Xchg:
    r = b;
    break;
  }
  dst.setBits(j, r);
}

/// Random values: full-width bits for integers; for floats a mix of
/// uniform values in [-8, 8) with (for max/min/xchg) NaNs, zeros of both
/// signs and infinities.
void fill(ByteArray &b, std::mt19937_64 &rng, bool special) {
  std::uniform_real_distribution<double> u(-8.0, 8.0);
  for (size_t i = 0; i < b.size(); ++i) {
    if (!info(b.type()).isFloat) {
      uint64_t v = rng();
      if (rng() % 4 == 0)
        v = uint64_t(int64_t(rng() % 21) - 10); // small, both signs
      b.setBits(i, v);
      continue;
    }
    double v = u(rng);
    if (special)
      switch (rng() % 16) {
      case 0:
        v = NAN;
        break;
      case 1:
        v = 0.0;
        break;
      case 2:
        v = -0.0;
        break;
      case 3:
        v = (rng() & 1) ? INFINITY : -INFINITY;
        break;
      default:
        break;
      }
    b.set(i, v);
  }
}

//===----------------------------------------------------------------------===//
// Tests
//===----------------------------------------------------------------------===//

TEST(Atomics, HistogramRepeatedBins) {
  FRESH_RNG(rng);
  const int BLOCK = 256;
  for (int round = 0; round < 4; ++round) {
    int nbins = 1 + int(rng() % 16);
    int n = 1 + int(rng() % 3000);
    unsigned grid = unsigned((n + BLOCK - 1) / BLOCK);
    ByteArray x(ElemTy::I32, n), bins(ElemTy::I32, nbins),
        old(ElemTy::I32, grid * BLOCK);
    std::vector<int64_t> count(nbins), init(nbins);
    for (int i = 0; i < n; ++i)
      x.setBits(i, rng() % nbins);
    for (int b = 0; b < nbins; ++b)
      bins.setBits(b, init[b] = int64_t(rng() % 1000) - 500);
    ASSERT_EQ(runKernel(kernels(), "histogram", "*i32, *i32, *i32, i32, 256",
                        {grid, 1, 1}, {&x, &bins, &old, I(n)}),
              "");
    // Every lane counts; lane i sees the count of the lanes before it.
    for (int i = 0; i < n; ++i) {
      int64_t b = x.i64(i);
      ASSERT_EQ(old.i64(i), init[b] + count[b]) << "old[" << i << "]";
      ++count[b];
    }
    int64_t total = 0;
    for (int b = 0; b < nbins; ++b) {
      EXPECT_EQ(bins.i64(b), init[b] + count[b]) << "bin " << b;
      total += bins.i64(b) - init[b];
    }
    EXPECT_EQ(total, n);
    // Masked-off lanes return 0.
    for (unsigned i = unsigned(n); i < grid * BLOCK; ++i)
      ASSERT_EQ(old.i64(i), 0) << "masked old[" << i << "]";
  }
}

TEST(Atomics, ScalarCounterOncePerProgram) {
  FRESH_RNG(rng);
  const unsigned gx = 7, gy = 3;
  ByteArray counter(ElemTy::I32, 1), out(ElemTy::I32, gx * gy);
  int64_t start = int64_t(rng() % 100000) - 50000;
  counter.setBits(0, uint64_t(start));
  ASSERT_EQ(runKernel(kernels(), "ticket", "*i32, *i32", {gx, gy, 1},
                      {&counter, &out}),
            "");
  EXPECT_EQ(counter.i64(0), start + int64_t(gx * gy));
  std::set<int64_t> seen;
  for (unsigned p = 0; p < gx * gy; ++p) {
    // Programs run x fastest: program p is the p-th to take a ticket.
    EXPECT_EQ(out.i64(p), start + int64_t(p)) << "program " << p;
    seen.insert(out.i64(p));
  }
  EXPECT_EQ(seen.size(), size_t(gx * gy)); // distinct old values
}

/// Every read-modify-write on every element type it takes, on random
/// values with repeated addresses, against the lane-by-lane reference.
TEST(Atomics, ReadModifyWriteAgainstReference) {
  FRESH_RNG(rng);
  const std::vector<std::pair<Op, std::vector<ElemTy>>> cases = {
      {Op::Add,
       {ElemTy::I32, ElemTy::I64, ElemTy::U32, ElemTy::U64, ElemTy::F16,
        ElemTy::BF16, ElemTy::F32, ElemTy::F64}},
      {Op::Max,
       {ElemTy::I32, ElemTy::I64, ElemTy::U32, ElemTy::U64, ElemTy::F32,
        ElemTy::F64}},
      {Op::Min,
       {ElemTy::I32, ElemTy::I64, ElemTy::U32, ElemTy::U64, ElemTy::F32,
        ElemTy::F64}},
      {Op::And, {ElemTy::I32, ElemTy::I64, ElemTy::U32, ElemTy::U64}},
      {Op::Or, {ElemTy::I32, ElemTy::I64, ElemTy::U32, ElemTy::U64}},
      {Op::Xor, {ElemTy::I32, ElemTy::I64, ElemTy::U32, ElemTy::U64}},
      {Op::Xchg,
       {ElemTy::I32, ElemTy::I64, ElemTy::U32, ElemTy::U64, ElemTy::F32,
        ElemTy::F64}}};
  const int BLOCK = 128;
  for (auto &[op, tys] : cases)
    for (ElemTy t : tys) {
      std::string what = std::string(opName(op)) + " " + info(t).sig;
      SCOPED_TRACE(what);
      int ndst = 1 + int(rng() % 6);
      int n = BLOCK / 2 + int(rng() % (BLOCK / 2 + 1));
      ByteArray x(t, BLOCK), idx(ElemTy::I32, BLOCK), dst(t, ndst),
          old(t, BLOCK);
      fill(x, rng, op != Op::Add);
      fill(dst, rng, op != Op::Add);
      for (int l = 0; l < BLOCK; ++l)
        idx.setBits(l, rng() % ndst);
      ByteArray refDst = dst, refOld(t, BLOCK);
      for (int l = 0; l < n; ++l)
        refApply(op, refDst, size_t(idx.i64(l)), x, l, refOld);
      std::string T = info(t).sig;
      ASSERT_EQ(runKernel(rmwKernels(), std::string("rmw_") + opName(op),
                          "*" + T + ", *i32, *" + T + ", *" + T + ", i32, 128",
                          {1, 1, 1}, {&x, &idx, &dst, &old, I(n)}),
                "");
      int bad = 0;
      for (int l = 0; l < n && bad < 5; ++l)
        if (!same(old, l, refOld, l))
          ++bad, ADD_FAILURE() << what << " old[" << l << "] = " << show(old, l)
                               << ", expected " << show(refOld, l);
      for (int j = 0; j < ndst; ++j)
        EXPECT_TRUE(same(dst, j, refDst, j))
            << what << " dst[" << j << "] = " << show(dst, j) << ", expected "
            << show(refDst, j);
      for (int l = n; l < BLOCK; ++l)
        ASSERT_TRUE(old.poisoned(l)) << what << " old[" << l << "] written";
    }
}

/// Hand-checked values: float max/min with negatives, NaN and signed
/// zeros; signed vs unsigned integer max/min; wrapping add.
TEST(Atomics, MaxMinAndWrapFixedValues) {
  auto runOne = [](Op op, ElemTy t, const ByteArray &x, ByteArray &dst,
                   ByteArray &old) {
    ByteArray idx(ElemTy::I32, 128);
    for (int l = 0; l < 128; ++l)
      idx.setBits(l, 0);
    ByteArray xs = x;
    std::string T = info(t).sig;
    return runKernel(rmwKernels(), std::string("rmw_") + opName(op),
                     "*" + T + ", *i32, *" + T + ", *" + T + ", i32, 128",
                     {1, 1, 1}, {&xs, &idx, &dst, &old, I(int64_t(x.size()))});
  };
  // f32: all lanes on one address, starting from NaN.
  const double seq[] = {NAN, -3.0, -0.0, 0.0, -5.0, NAN, -2.5};
  const size_t ns = sizeof seq / sizeof seq[0];
  ByteArray x(ElemTy::F32, ns);
  for (size_t i = 0; i < ns; ++i)
    x.set(i, seq[i]);
  {
    ByteArray dst(ElemTy::F32, 1), old(ElemTy::F32, 128);
    dst.set(0, NAN);
    ASSERT_EQ(runOne(Op::Max, ElemTy::F32, x, dst, old), "");
    // NaN stays until a number comes; -0 < +0; negatives below +0.
    const double wantOld[] = {NAN, NAN, -3.0, -0.0, 0.0, 0.0, 0.0};
    for (size_t i = 0; i < ns; ++i) {
      ByteArray w(ElemTy::F32, 1);
      w.set(0, wantOld[i]);
      EXPECT_TRUE(same(old, i, w, 0))
          << "max old[" << i << "] = " << show(old, i);
    }
    EXPECT_EQ(dst.get(0), 0.0);
    EXPECT_FALSE(std::signbit(dst.get(0)));
  }
  {
    ByteArray dst(ElemTy::F32, 1), old(ElemTy::F32, 128);
    dst.set(0, NAN);
    ASSERT_EQ(runOne(Op::Min, ElemTy::F32, x, dst, old), "");
    const double wantOld[] = {NAN, NAN, -3.0, -3.0, -3.0, -5.0, -5.0};
    for (size_t i = 0; i < ns; ++i) {
      ByteArray w(ElemTy::F32, 1);
      w.set(0, wantOld[i]);
      EXPECT_TRUE(same(old, i, w, 0))
          << "min old[" << i << "] = " << show(old, i);
    }
    EXPECT_EQ(dst.get(0), -5.0);
  }
  {
    // All negative, from -inf: the max is the largest negative value.
    ByteArray neg(ElemTy::F32, 4), dst(ElemTy::F32, 1), old(ElemTy::F32, 128);
    const double v[] = {-7.25, -0.5, -3.0, -1.0};
    for (int i = 0; i < 4; ++i)
      neg.set(i, v[i]);
    dst.set(0, -INFINITY);
    ASSERT_EQ(runOne(Op::Max, ElemTy::F32, neg, dst, old), "");
    EXPECT_EQ(dst.get(0), -0.5);
    EXPECT_EQ(old.get(3), -0.5);
    dst.set(0, INFINITY);
    ASSERT_EQ(runOne(Op::Min, ElemTy::F32, neg, dst, old), "");
    EXPECT_EQ(dst.get(0), -7.25);
    EXPECT_EQ(old.get(1), -7.25);
  }
  // i32 vs u32 on the same bits: 0xFFFFFFF0 is -16 signed, 4294967280
  // unsigned.
  const uint64_t bits[] = {5, 0xFFFFFFF0u, 0x80000000u, 7};
  for (ElemTy t : {ElemTy::I32, ElemTy::U32}) {
    ByteArray xs(t, 4), dst(t, 1), old(t, 128);
    for (int i = 0; i < 4; ++i)
      xs.setBits(i, bits[i]);
    dst.setBits(0, 0);
    ASSERT_EQ(runOne(Op::Max, t, xs, dst, old), "");
    EXPECT_EQ(dst.bitsAt(0), t == ElemTy::I32 ? 7u : 0xFFFFFFF0u)
        << info(t).sig;
    dst.setBits(0, 6);
    ASSERT_EQ(runOne(Op::Min, t, xs, dst, old), "");
    EXPECT_EQ(dst.bitsAt(0), t == ElemTy::I32 ? 0x80000000u : 5u)
        << info(t).sig;
  }
  {
    // Integer add wraps: INT32_MAX + 1 + 1.
    ByteArray xs(ElemTy::I32, 2), dst(ElemTy::I32, 1), old(ElemTy::I32, 128);
    xs.setBits(0, 1);
    xs.setBits(1, 1);
    dst.setBits(0, 0x7FFFFFFF);
    ASSERT_EQ(runOne(Op::Add, ElemTy::I32, xs, dst, old), "");
    EXPECT_EQ(old.i64(0), 2147483647);
    EXPECT_EQ(old.i64(1), -2147483648ll);
    EXPECT_EQ(dst.i64(0), -2147483647ll);
  }
  {
    // f16 add rounds each sum to f16: 2048 + 1 = 2048 (spacing 2 there).
    ByteArray xs(ElemTy::F16, 3), dst(ElemTy::F16, 1), old(ElemTy::F16, 128);
    xs.set(0, 1.0);
    xs.set(1, 1.0);
    xs.set(2, 3.0);
    dst.set(0, 2048.0);
    ASSERT_EQ(runOne(Op::Add, ElemTy::F16, xs, dst, old), "");
    EXPECT_EQ(old.get(1), 2048.0);
    EXPECT_EQ(old.get(2), 2048.0);
    EXPECT_EQ(dst.get(0), 2052.0); // 2051 ties to even
  }
}

TEST(Atomics, XchgReturnsOldAndStoresValue) {
  FRESH_RNG(rng);
  // Repeated addresses: each lane gets the previous lane's value.
  for (ElemTy t : {ElemTy::I32, ElemTy::F32}) {
    ByteArray x(t, 128), idx(ElemTy::I32, 128), dst(t, 3), old(t, 128);
    fill(x, rng, false);
    fill(dst, rng, false);
    std::vector<int> last(3, -1);
    ByteArray init = dst;
    for (int l = 0; l < 128; ++l)
      idx.setBits(l, rng() % 3);
    std::string T = info(t).sig;
    ASSERT_EQ(runKernel(rmwKernels(), "rmw_xchg",
                        "*" + T + ", *i32, *" + T + ", *" + T + ", i32, 128",
                        {1, 1, 1}, {&x, &idx, &dst, &old, I(128)}),
              "");
    for (int l = 0; l < 128; ++l) {
      int j = int(idx.i64(l));
      if (last[j] < 0)
        EXPECT_TRUE(same(old, l, init, j)) << "old[" << l << "]";
      else
        EXPECT_TRUE(same(old, l, x, last[j])) << "old[" << l << "]";
      last[j] = l;
    }
    for (int j = 0; j < 3; ++j)
      if (last[j] >= 0)
        EXPECT_TRUE(same(dst, j, x, last[j])) << "dst[" << j << "]";
  }
}

TEST(Atomics, CompareAndSwapLanes) {
  FRESH_RNG(rng);
  {
    // One address, cmp = lane, value = lane + 1: a chain through every
    // lane in order; broken at lane `brk` (cmp 999), no lane after swaps.
    int brk = int(rng() % 64);
    ByteArray p(ElemTy::I32, 1), idx(ElemTy::I32, 64), cmp(ElemTy::I32, 64),
        val(ElemTy::I32, 64), old(ElemTy::I32, 64);
    p.setBits(0, 0);
    for (int l = 0; l < 64; ++l) {
      idx.setBits(l, 0);
      cmp.setBits(l, l == brk ? 999 : l);
      val.setBits(l, l + 1);
    }
    ASSERT_EQ(runKernel(kernels(), "cas_lanes",
                        "*i32, *i32, *i32, *i32, *i32, 64", {1, 1, 1},
                        {&p, &idx, &cmp, &val, &old}),
              "");
    for (int l = 0; l < 64; ++l)
      EXPECT_EQ(old.i64(l), std::min(l, brk)) << "old[" << l << "]";
    EXPECT_EQ(p.i64(0), brk);
  }
  // Random: values drawn from few candidates so that some compares match.
  for (ElemTy t : {ElemTy::I32, ElemTy::I64, ElemTy::F32, ElemTy::F64}) {
    SCOPED_TRACE(info(t).sig);
    const int ndst = 4;
    ByteArray p(t, ndst), idx(ElemTy::I32, 64), cmp(t, 64), val(t, 64),
        old(t, 64);
    ByteArray cand(t, 6);
    fill(cand, rng, true);
    if (info(t).isFloat) { // signed zeros compare by bits
      cand.set(0, 0.0);
      cand.set(1, -0.0);
    }
    for (int j = 0; j < ndst; ++j)
      p.setBits(j, cand.bitsAt(rng() % 6));
    for (int l = 0; l < 64; ++l) {
      idx.setBits(l, rng() % ndst);
      cmp.setBits(l, cand.bitsAt(rng() % 6));
      val.setBits(l, cand.bitsAt(rng() % 6));
    }
    cmp.setBits(0, p.bitsAt(size_t(idx.i64(0)))); // at least one swap
    ByteArray ref = p;
    std::vector<uint64_t> refOld(64);
    int swaps = 0;
    for (int l = 0; l < 64; ++l) {
      size_t j = size_t(idx.i64(l));
      refOld[l] = ref.bitsAt(j);
      if (ref.bitsAt(j) == cmp.bitsAt(l))
        ref.setBits(j, val.bitsAt(l)), ++swaps;
    }
    std::string T = info(t).sig;
    ASSERT_EQ(
        runKernel(kernels(), "cas_lanes",
                  "*" + T + ", *i32, *" + T + ", *" + T + ", *" + T + ", 64",
                  {1, 1, 1}, {&p, &idx, &cmp, &val, &old}),
        "");
    EXPECT_GT(swaps, 0);
    for (int l = 0; l < 64; ++l)
      EXPECT_EQ(old.bitsAt(l), refOld[l]) << "old[" << l << "]";
    for (int j = 0; j < ndst; ++j)
      EXPECT_EQ(p.bitsAt(j), ref.bitsAt(j)) << "p[" << j << "]";
  }
  {
    // f32: +0 does not match -0; a NaN matches the same NaN bits.
    ByteArray p(ElemTy::F32, 2), idx(ElemTy::I32, 64), cmp(ElemTy::F32, 64),
        val(ElemTy::F32, 64), old(ElemTy::F32, 64);
    p.set(0, 0.0);
    p.set(1, NAN);
    for (int l = 0; l < 64; ++l) {
      idx.setBits(l, l % 2);
      cmp.set(l, l % 2 ? NAN : -0.0);
      val.set(l, 4.0);
    }
    ASSERT_EQ(runKernel(kernels(), "cas_lanes",
                        "*fp32, *i32, *fp32, *fp32, *fp32, 64", {1, 1, 1},
                        {&p, &idx, &cmp, &val, &old}),
              "");
    EXPECT_EQ(p.get(0), 0.0);
    EXPECT_FALSE(std::signbit(p.get(0)));
    EXPECT_EQ(p.get(1), 4.0);
    EXPECT_TRUE(std::isnan(old.get(1)));
    EXPECT_EQ(old.get(3), 4.0);
  }
}

TEST(Atomics, LockAcquireRelease) {
  FRESH_RNG(rng);
  const int GROUP = 4, N = 50;
  for (int rows : {3, 13}) {
    ByteArray x(ElemTy::F32, rows * N), acc(ElemTy::F32, GROUP * N),
        lock(ElemTy::I32, 2 * GROUP);
    std::uniform_real_distribution<double> u(-1, 1);
    for (int i = 0; i < rows * N; ++i)
      x.set(i, u(rng));
    for (int i = 0; i < 2 * GROUP; ++i)
      lock.setBits(i, 0);
    // acc stays poisoned (0xAB bytes): the first row of a group must not
    // read it, and groups no row maps to stay untouched.
    ASSERT_EQ(runKernel(kernels(), "lock_accumulate",
                        "*fp32, *fp32, *i32, i32, 4, 64",
                        {unsigned(rows), 1, 1}, {&x, &acc, &lock, I(N)}),
              "");
    for (int g = 0; g < GROUP; ++g) {
      bool used = g < rows;
      EXPECT_EQ(lock.i64(g), 0) << "lock " << g << " released";
      EXPECT_EQ(lock.i64(GROUP + g), used ? 1 : 0) << "count " << g;
      for (int c = 0; c < N; ++c) {
        if (!used) {
          EXPECT_TRUE(acc.poisoned(g * N + c));
          continue;
        }
        float s = float(x.get(g * N + c));
        for (int r = g + GROUP; r < rows; r += GROUP)
          s = float(x.get(r * N + c)) + s;
        EXPECT_EQ(acc.get(g * N + c), double(s))
            << "acc[" << g << "][" << c << "]";
      }
    }
  }
}

TEST(Atomics, MaskedLanesUntouched) {
  FRESH_RNG(rng);
  const int BLOCK = 64;
  ByteArray dst(ElemTy::I32, 2 * BLOCK), old(ElemTy::I32, BLOCK);
  for (int i = 0; i < 2 * BLOCK; ++i)
    dst.setBits(i, rng());
  ByteArray init = dst;
  ASSERT_EQ(runKernel(kernels(), "masked_add", "*i32, *i32, 64", {1, 1, 1},
                      {&dst, &old}),
            "");
  for (int l = 0; l < BLOCK; ++l) {
    bool on = l % 3 == 0;
    EXPECT_EQ(old.bitsAt(l), on ? init.bitsAt(2 * l) : 0u)
        << "old[" << l << "]";
    EXPECT_EQ(dst.bitsAt(2 * l),
              on ? uint32_t(init.bitsAt(2 * l) + 5) : init.bitsAt(2 * l))
        << "dst[" << 2 * l << "]";
    EXPECT_EQ(dst.bitsAt(2 * l + 1), init.bitsAt(2 * l + 1))
        << "dst[" << 2 * l + 1 << "]";
  }
  // Masked-off lanes with wild addresses are never checked.
  ByteArray p(ElemTy::I32, 100);
  ASSERT_EQ(runKernel(kernels(), "wild_masked", "*i32, i32, 128", {1, 1, 1},
                      {&p, I(100)}),
            "");
  for (int i = 0; i < 100; ++i)
    ASSERT_EQ(p.i64(i), 7) << "p[" << i << "]";
}

TEST(Atomics, OutOfBounds) {
  ByteArray bins(ElemTy::I32, 10);
  EXPECT_EQ(runKernel(kernels(), "bad_add", "*i32, i32, 16", {1, 1, 1},
                      {&bins, I(10)}, {"bins"}),
            "out-of-bounds atomic_add in kernel 'bad_add' at atomics.py:65:8, "
            "program (0, 0, 0), lane [10]: address 0x10000000028 (4 bytes) is "
            "4 bytes past the end of buffer 'bins' (40 bytes)");
  // The lanes before the bad one were applied, in order; none after it.
  for (int i = 0; i < 10; ++i)
    EXPECT_EQ(bins.bitsAt(i), 0xABABABABu + 1) << i;
  ByteArray p(ElemTy::I32, 4);
  EXPECT_EQ(runKernel(kernels(), "bad_scalar_max", "*i32, i32", {2, 1, 1},
                      {&p, I(4)}, {"p"}),
            "out-of-bounds atomic_max in kernel 'bad_scalar_max' at "
            "atomics.py:69:8, program (0, 0, 0), lane (scalar): address "
            "0x10000000010 (4 bytes) is 4 bytes past the end of buffer 'p' "
            "(16 bytes)");
  ByteArray q(ElemTy::I32, 8);
  EXPECT_EQ(runKernel(kernels(), "bad_cas", "*i32, 8", {1, 1, 1}, {&q}, {"q"}),
            "out-of-bounds atomic_cas in kernel 'bad_cas' at atomics.py:74:8, "
            "program (0, 0, 0), lane [0]: address 0xfffffffff8 (4 bytes) is "
            "8 bytes before the start of buffer 'q' (32 bytes)");
  // In bounds, the same scalar atomic is fine (and sets the max).
  p.setBits(3, uint64_t(-9));
  EXPECT_EQ(runKernel(kernels(), "bad_scalar_max", "*i32, i32", {2, 1, 1},
                      {&p, I(3)}, {"p"}),
            "");
  EXPECT_EQ(p.i64(3), 3);
}

TEST(Atomics, SpinLoopsStopWithAnError) {
  // A grid-wide barrier: program 0 waits for programs that run after it.
  ByteArray count(ElemTy::I32, 1), out(ElemTy::I32, 3);
  count.setBits(0, 0);
  EXPECT_EQ(runKernel(kernels(), "grid_barrier", "*i32, *i32", {3, 1, 1},
                      {&count, &out}),
            "while loop in kernel 'grid_barrier' at atomics.py:86:5, program "
            "(0, 0, 0), ran 10000000 iterations without finishing; the "
            "interpreter runs programs one at a time, so a program that waits "
            "for another program (a spin lock, a grid-wide barrier) cannot "
            "finish here");
  EXPECT_TRUE(out.poisoned(0));
  // With one program there is nobody to wait for.
  count.setBits(0, 0);
  ASSERT_EQ(runKernel(kernels(), "grid_barrier", "*i32, *i32", {1, 1, 1},
                      {&count, &out}),
            "");
  EXPECT_EQ(out.i64(0), 1);
  // A lock never released: the second program spins.
  ByteArray lock(ElemTy::I32, 1), flags(ElemTy::I32, 2);
  lock.setBits(0, 0);
  EXPECT_EQ(runKernel(kernels(), "lock_no_release", "*i32, *i32", {2, 1, 1},
                      {&lock, &flags}),
            "while loop in kernel 'lock_no_release' at atomics.py:52:5, "
            "program (1, 0, 0), ran 10000000 iterations without finishing; "
            "the interpreter runs programs one at a time, so a program that "
            "waits for another program (a spin lock, a grid-wide barrier) "
            "cannot finish here");
  EXPECT_EQ(flags.i64(0), 1);
  EXPECT_TRUE(flags.poisoned(1));
}

TEST(Atomics, WhileBudgetIsExact) {
  static_assert(kMaxWhileIterations == 10000000);
  // Exactly the budget finishes; one more iteration is an error.
  ByteArray out(ElemTy::I32, 1);
  ASSERT_EQ(runKernel(kernels(), "count_up", "*i32, i32", {1, 1, 1},
                      {&out, I(int64_t(kMaxWhileIterations))}),
            "");
  EXPECT_EQ(out.i64(0), int64_t(kMaxWhileIterations));
  ByteArray out2(ElemTy::I32, 1);
  EXPECT_EQ(runKernel(kernels(), "count_up", "*i32, i32", {1, 1, 1},
                      {&out2, I(int64_t(kMaxWhileIterations) + 1)}),
            "while loop in kernel 'count_up' at atomics.py:93:5, program "
            "(0, 0, 0), ran 10000000 iterations without finishing; the "
            "interpreter runs programs one at a time, so a program that waits "
            "for another program (a spin lock, a grid-wide barrier) cannot "
            "finish here");
  EXPECT_TRUE(out2.poisoned(0));
}

} // namespace
