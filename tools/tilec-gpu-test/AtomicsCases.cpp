//===- AtomicsCases.cpp - Cases of examples/atomics.py --------------------===//
//
// Atomics run one program per CTA whatever --programs-per-cta says. In/out
// arrays start from random values, pure outputs poisoned, and a poisoned
// guard after every array must stay untouched. Results that depend on the
// order in which programs reached an address are checked as sets; those
// that do not are also compared with the interpreter (small inputs).
//
//===----------------------------------------------------------------------===//

#include "Cases.h"
#include "RunBuffers.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <memory>
#include <unordered_map>

namespace tilec::gputest {

static unsigned bitWidth(ElemTy t) { return unsigned(byteSize(t) * 8); }
static uint64_t widthMask(ElemTy t) {
  return bitWidth(t) == 64 ? ~uint64_t(0) : (uint64_t(1) << bitWidth(t)) - 1;
}

/// Elements after every array an atomics kernel writes: poisoned, never to
/// be written (nor any element past n of an output indexed by lane).
static constexpr unsigned kGuard = 16;

/// A key of the order tl.atomic_max / atomic_min apply to the bits of a
/// value of type t: signed integers by value, unsigned ones by bits, floats
/// the IEEE way with -0 below +0 (no NaNs in these inputs).
static uint64_t orderKey(ElemTy t, uint64_t b) {
  switch (t) {
  case ElemTy::F32:
    return (b & 0x80000000u) ? (~b & 0xffffffffu) : (b | 0x80000000u);
  case ElemTy::F64:
    return (b >> 63) ? ~b : (b | (uint64_t(1) << 63));
  case ElemTy::I32:
    return b ^ 0x80000000u;
  case ElemTy::I64:
    return b ^ (uint64_t(1) << 63);
  default:
    return b;
  }
}

/// The key of an atomics kernel: examples/atomics.py, one program per CTA
/// whatever --programs-per-cta says (tile-coarsen-programs masks only the
/// stores of programs past the grid, not their atomics).
static KernelKey atomicsKey(const std::string &kernel, const std::string &sig,
                            int warps) {
  KernelKey k{"atomics.py", kernel, sig, warps};
  k.programsPerCTA = 1;
  return k;
}

/// The guard elements of `a` (its last kGuard) must keep the poison.
static void checkGuard(Checker &chk, const HostArray &a,
                       const std::string &name) {
  for (size_t i = a.size() - kGuard; i < a.size(); ++i)
    chk.untouched(a, i, llvm::formatv("{0} guard [{1}]", name, i));
}

/// histogram_kernel: n int32 in [0, 2^31), bins = x % nbins counted onto
/// random initial counts; grid cdiv(n, 1024) (the last program's tail
/// masked). Every bin exact, the guard after the bins untouched.
static Case histogramCase(unsigned n, unsigned nbins) {
  Case c;
  c.kernel = "histogram_kernel";
  c.dtype = "i32";
  c.shape = llvm::formatv("{0} bins {1}", n, nbins);
  c.key = atomicsKey(
      c.kernel,
      llvm::formatv("*i32:16, *i32:16, {0}, {1}, 1024", ispec(n), nbins), 4);
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    Rng rng(1 + n * 31ull + nbins);
    Buffers b;
    unsigned ix = b.add("x", HostArray(ElemTy::I32, n));
    unsigned ib = b.add("bins", poisonedHost(ElemTy::I32, nbins + kGuard));
    HostArray &x = b[ix], &bins = b[ib];
    std::vector<uint64_t> ref(nbins);
    for (unsigned j = 0; j < nbins; ++j)
      bins.setBits(j, ref[j] = rng.below(1000));
    for (unsigned i = 0; i < n; ++i) {
      x.setBits(i, rng.bits() >> 33);
      ++ref[x.bitsAt(i) % nbins];
    }
    const unsigned grid = cdiv(n, 1024);
    const std::vector<int64_t> ints = {n};
    if (auto e = b.run(ctx, k, grid, ints, {ib}))
      return e;
    for (unsigned j = 0; j < nbins; ++j)
      chk.checkBits(bins, j, ref[j], llvm::formatv("bin {0}", j));
    checkGuard(chk, bins, "bins");
    if (ctx.interp && n <= kInterpMaxInputs)
      return b.interp(ctx, chk, grid, ints, {ib});
    return llvm::Error::success();
  };
  return c;
}

/// ticket_kernel on `grid` programs from a random counter c0: the tickets
/// out[0 .. grid) must be c0 .. c0 + grid - 1, each once (in any order), the
/// counter c0 + grid. Not compared with the interpreter (the order is the
/// GPU's).
static Case ticketCase(unsigned grid, int warps) {
  Case c;
  c.kernel = "ticket_kernel";
  c.dtype = "i32";
  c.shape = llvm::formatv("grid {0} w{1}", grid, warps);
  c.key = atomicsKey(c.kernel, "*i32:16, *i32:16", warps);
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    Rng rng(7 + grid * 13ull + warps);
    Buffers b;
    unsigned ic = b.add("counter", poisonedHost(ElemTy::I32, 1 + kGuard));
    unsigned io = b.add("out", poisonedHost(ElemTy::I32, grid + kGuard));
    HostArray &counter = b[ic], &out = b[io];
    const uint64_t c0 = rng.below(1000000);
    counter.setBits(0, c0);
    if (auto e = b.run(ctx, k, grid, {}, {ic, io}))
      return e;
    chk.checkBits(counter, 0, c0 + grid, "counter");
    checkGuard(chk, counter, "counter");
    std::vector<char> seen(grid);
    for (unsigned p = 0; p < grid; ++p) {
      ++chk.checked;
      int64_t t = int64_t(int32_t(uint32_t(out.bitsAt(p)))) - int64_t(c0);
      if (t < 0 || t >= int64_t(grid) || seen[t])
        chk.fail(llvm::formatv("out[{0}] = {1}: not a ticket of {2} .. {3} "
                               "taken once",
                               p, out.get(p), c0, c0 + grid - 1));
      else
        seen[t] = 1;
    }
    checkGuard(chk, out, "out");
    return llvm::Error::success();
  };
  return c;
}

/// accumulate_kernel: n values of dt added into out[i % nout] (random
/// initial values). intRange 0: x uniform in [-1, 1), each sum within
/// (terms + 1) (u |init + sum|x|| + s) of the fp64 sum (u the unit roundoff
/// of dt, s its smallest normal: atom.add.f32 flushes subnormals); intRange
/// R: integers in [-R, R] onto integers in [-8, 8], exact (tolerance 0)
/// wherever |init| + sum|x| fits dt's significand: every partial sum is then
/// representable, whatever the order, so a lost or doubled update shows.
static Case accumulateCase(ElemTy dt, unsigned n, unsigned nout,
                           unsigned intRange) {
  Case c;
  c.kernel = "accumulate_kernel";
  c.dtype = sigName(dt);
  c.shape = llvm::formatv("{0} into {1}", n, nout);
  if (intRange)
    c.shape += llvm::formatv(" ints {0}", intRange);
  c.key = atomicsKey(
      c.kernel,
      llvm::formatv("{0}, {0}, {1}, {2}, 1024", ptrSig(dt), ispec(n), nout), 4);
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    Rng rng(3 + n * 7ull + nout * 131ull + intRange +
            unsigned(dt) * 1000003ull);
    Buffers b;
    unsigned ix = b.add("x", HostArray(dt, n));
    unsigned io = b.add("out", poisonedHost(dt, nout + kGuard));
    HostArray &x = b[ix], &out = b[io];
    for (unsigned j = 0; j < nout; ++j)
      out.setViaF32(j,
                    intRange ? double(rng.range(-8, 8)) : rng.uniform(-1, 1));
    for (unsigned i = 0; i < n; ++i)
      x.setViaF32(i, intRange ? double(rng.range(-int64_t(intRange), intRange))
                              : rng.uniform(-1, 1));
    std::vector<double> sum(nout), mag(nout);
    std::vector<size_t> terms(nout);
    for (unsigned j = 0; j < nout; ++j)
      mag[j] = std::fabs(sum[j] = out.get(j));
    for (unsigned i = 0; i < n; ++i) {
      sum[i % nout] += x.get(i);
      mag[i % nout] += std::fabs(x.get(i));
      ++terms[i % nout];
    }
    const unsigned grid = cdiv(n, 1024);
    const std::vector<int64_t> ints = {n};
    if (auto e = b.run(ctx, k, grid, ints, {io}))
      return e;
    int p = dt == ElemTy::F16    ? 11
            : dt == ElemTy::BF16 ? 8
            : dt == ElemTy::F32  ? 24
                                 : 53;
    int minExp = dt == ElemTy::F16 ? -14 : dt == ElemTy::F64 ? -1022 : -126;
    for (unsigned j = 0; j < nout; ++j) {
      bool exact = intRange && mag[j] <= std::ldexp(1.0, p);
      double tol = exact ? 0
                         : double(terms[j] + 1) * (std::ldexp(mag[j], -p) +
                                                   std::ldexp(1.0, minExp));
      chk.check(out, j, sum[j], tol,
                llvm::formatv("out[{0}] ({1} terms)", j, terms[j]));
    }
    checkGuard(chk, out, "out");
    if (ctx.interp && n <= kInterpMaxInputs)
      return b.interp(ctx, chk, grid, ints, {io});
    return llvm::Error::success();
  };
  return c;
}

/// A random value of dt for max_min_kernel, of one of four kinds: mixed
/// signs (with the odd -0, +0, -inf, +inf among floats when `special`),
/// only negative (signed types; unsigned: the top bit set), only positive,
/// and a few values with many ties (floats: +-0 and subnormals).
static uint64_t maxMinValue(ElemTy dt, Rng &rng, unsigned kind, bool special) {
  if (dt == ElemTy::F32 || dt == ElemTy::F64) {
    double v = 0;
    if (special && rng.below(40) == 0) {
      const double sp[] = {-0.0, 0.0, -INFINITY, INFINITY};
      v = sp[rng.below(4)];
    } else if (kind == 0) {
      v = rng.uniform(-100, 100);
    } else if (kind == 1) {
      v = rng.uniform(-100, -0.01);
    } else if (kind == 2) {
      v = rng.uniform(0.01, 100);
    } else {
      const double f32Few[] = {-0.0, 0.0, 1e-40, -1e-40, 1e-38, -1e-38};
      const double f64Few[] = {-0.0, 0.0, 1e-310, -1e-310, 1e-300, -1e-300};
      v = (dt == ElemTy::F32 ? f32Few : f64Few)[rng.below(6)];
    }
    HostArray h(dt, 1);
    h.setViaF32(0, v);
    return h.bitsAt(0);
  }
  const uint64_t mask = widthMask(dt);
  const uint64_t top = uint64_t(1) << (bitWidth(dt) - 1);
  switch (kind) {
  case 0:
    return rng.bits() & mask;
  case 1:
    return (rng.bits() & mask) | top;
  case 2:
    return rng.bits() & (top - 1);
  default: {
    bool isSigned = dt == ElemTy::I32 || dt == ElemTy::I64;
    int64_t v = isSigned ? rng.range(-3, 3) : rng.range(0, 3);
    return uint64_t(v) & mask;
  }
  }
}

/// max_min_kernel: n values into nout max slots and nout min slots (random
/// initial values of the same kind as the slot's data: slot j gets kind
/// j % 4 of maxMinValue), every slot compared bit for bit with the running
/// max / min in the order atomic max / min define.
static Case maxMinCase(ElemTy dt, unsigned n, unsigned nout) {
  Case c;
  c.kernel = "max_min_kernel";
  c.dtype = sigName(dt);
  c.shape = llvm::formatv("{0} into {1}", n, nout);
  c.key = atomicsKey(
      c.kernel,
      llvm::formatv("{0}, {0}, {1}, {2}, 1024", ptrSig(dt), ispec(n), nout), 4);
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    Rng rng(5 + n * 11ull + nout * 17ull + unsigned(dt) * 1000003ull);
    Buffers b;
    unsigned ix = b.add("x", HostArray(dt, n));
    unsigned io = b.add("out", poisonedHost(dt, 2 * nout + kGuard));
    HostArray &x = b[ix], &out = b[io];
    std::vector<uint64_t> hi(nout), lo(nout);
    for (unsigned j = 0; j < nout; ++j) {
      out.setBits(j, hi[j] = maxMinValue(dt, rng, j % 4, false));
      out.setBits(nout + j, lo[j] = maxMinValue(dt, rng, j % 4, false));
    }
    for (unsigned i = 0; i < n; ++i) {
      unsigned j = i % nout;
      uint64_t v = maxMinValue(dt, rng, j % 4, true);
      x.setBits(i, v);
      if (orderKey(dt, v) > orderKey(dt, hi[j]))
        hi[j] = v;
      if (orderKey(dt, v) < orderKey(dt, lo[j]))
        lo[j] = v;
    }
    const unsigned grid = cdiv(n, 1024);
    const std::vector<int64_t> ints = {n};
    if (auto e = b.run(ctx, k, grid, ints, {io}))
      return e;
    for (unsigned j = 0; j < nout; ++j) {
      chk.checkBits(out, j, hi[j], llvm::formatv("max[{0}]", j));
      chk.checkBits(out, nout + j, lo[j], llvm::formatv("min[{0}]", j));
    }
    checkGuard(chk, out, "out");
    if (ctx.interp && n <= kInterpMaxInputs)
      return b.interp(ctx, chk, grid, ints, {io});
    return llvm::Error::success();
  };
  return c;
}

/// bitwise_kernel: x of two random set bits each; and-slots start all ones
/// but one bit (and get ~x), or-slots with one bit, xor-slots random; every
/// slot exact.
static Case bitwiseCase(ElemTy dt, unsigned n, unsigned nout) {
  Case c;
  c.kernel = "bitwise_kernel";
  c.dtype = sigName(dt);
  c.shape = llvm::formatv("{0} into {1}", n, nout);
  c.key = atomicsKey(
      c.kernel,
      llvm::formatv("{0}, {0}, {1}, {2}, 1024", ptrSig(dt), ispec(n), nout), 4);
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    Rng rng(9 + n * 19ull + nout * 23ull + unsigned(dt) * 1000003ull);
    const uint64_t mask = widthMask(dt);
    const unsigned w = bitWidth(dt);
    Buffers b;
    unsigned ix = b.add("x", HostArray(dt, n));
    unsigned io = b.add("out", poisonedHost(dt, 3 * nout + kGuard));
    HostArray &x = b[ix], &out = b[io];
    std::vector<uint64_t> ref(3 * nout);
    for (unsigned j = 0; j < nout; ++j) {
      ref[j] = mask & ~(uint64_t(1) << rng.below(w));
      ref[nout + j] = uint64_t(1) << rng.below(w);
      ref[2 * nout + j] = rng.bits() & mask;
    }
    for (unsigned j = 0; j < 3 * nout; ++j)
      out.setBits(j, ref[j]);
    for (unsigned i = 0; i < n; ++i) {
      uint64_t v =
          (uint64_t(1) << rng.below(w)) | (uint64_t(1) << rng.below(w));
      x.setBits(i, v);
      unsigned j = i % nout;
      ref[j] &= ~v & mask;
      ref[nout + j] |= v;
      ref[2 * nout + j] ^= v;
    }
    const unsigned grid = cdiv(n, 1024);
    const std::vector<int64_t> ints = {n};
    if (auto e = b.run(ctx, k, grid, ints, {io}))
      return e;
    const char *what[] = {"and", "or", "xor"};
    for (unsigned j = 0; j < 3 * nout; ++j)
      chk.checkBits(out, j, ref[j],
                    llvm::formatv("{0}[{1}]", what[j / nout], j % nout));
    checkGuard(chk, out, "out");
    if (ctx.interp && n <= kInterpMaxInputs)
      return b.interp(ctx, chk, grid, ints, {io});
    return llvm::Error::success();
  };
  return c;
}

/// xchg_kernel: n distinct values swapped into nout slots (distinct initial
/// values). Per slot, the old values returned and the value left must form
/// one chain: initial -> x of the first swap -> ... -> the value left, every
/// lane of the slot on it once (a lost, doubled or torn swap breaks it).
/// With nout >= n (one swap a slot) also compared with the interpreter.
static Case xchgCase(ElemTy dt, unsigned n, unsigned nout) {
  Case c;
  c.kernel = "xchg_kernel";
  c.dtype = sigName(dt);
  c.shape = llvm::formatv("{0} into {1}", n, nout);
  c.key = atomicsKey(c.kernel,
                     llvm::formatv("{0}, {0}, {0}, {1}, {2}, 1024", ptrSig(dt),
                                   ispec(n), nout),
                     4);
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    Rng rng(13 + n * 29ull + nout * 31ull + unsigned(dt) * 1000003ull);
    // Value number i (distinct for distinct i < 2^22): integers through an
    // odd multiplier (a bijection), floats (i - 2^21) / 2 (exact in fp32).
    const uint64_t base = rng.bits();
    auto value = [&](uint64_t i) -> uint64_t {
      HostArray h(dt, 1);
      if (dt == ElemTy::F32 || dt == ElemTy::F64)
        h.setViaF32(0, (double(i) - 2097152.0) * 0.5);
      else
        h.setBits(0, (i * 0x9e3779b97f4a7c15ull + base) & widthMask(dt));
      return h.bitsAt(0);
    };
    Buffers b;
    unsigned ix = b.add("x", HostArray(dt, n));
    unsigned io = b.add("out", poisonedHost(dt, nout + kGuard));
    unsigned iold = b.add("old", poisonedHost(dt, n + kGuard));
    HostArray &x = b[ix], &out = b[io], &old = b[iold];
    for (unsigned i = 0; i < n; ++i)
      x.setBits(i, value(i));
    for (unsigned j = 0; j < nout; ++j)
      out.setBits(j, value(n + j));
    const unsigned grid = cdiv(n, 1024);
    const std::vector<int64_t> ints = {n};
    if (auto e = b.run(ctx, k, grid, ints, {io, iold}))
      return e;
    // next[old value of lane i] = x[i]: the value that replaced it.
    std::unordered_map<uint64_t, uint64_t> next;
    next.reserve(n);
    std::vector<size_t> lanes(nout);
    for (unsigned i = 0; i < n; ++i) {
      ++lanes[i % nout];
      ++chk.checked;
      if (!next.emplace(old.bitsAt(i), x.bitsAt(i)).second)
        chk.fail(
            llvm::formatv("old[{0}] = {1}: returned twice", i, old.get(i)));
    }
    for (unsigned j = 0; j < nout; ++j) {
      ++chk.checked;
      uint64_t v = value(n + j);
      size_t steps = 0;
      for (auto it = next.find(v); it != next.end() && steps <= lanes[j];
           it = next.find(v)) {
        v = it->second;
        ++steps;
      }
      if (steps != lanes[j] || v != out.bitsAt(j)) {
        chk.fail(llvm::formatv("slot {0}: the chain from its initial value "
                               "has {1} swaps and ends at {2}; want {3} swaps "
                               "ending at the value left, {4}",
                               j, steps, fromBits(dt, v), lanes[j],
                               out.get(j)));
        continue;
      }
      chk.recordTol(out, j, 0);
    }
    for (unsigned i = 0; i < n; ++i)
      chk.recordTol(old, i, 0);
    checkGuard(chk, out, "out");
    checkGuard(chk, old, "old");
    if (ctx.interp && nout >= n && n <= kInterpMaxInputs)
      return b.interp(ctx, chk, grid, ints, {io, iold});
    return llvm::Error::success();
  };
  return c;
}

/// locked_accumulate_kernel on `grid` programs over `groups` locks: acc
/// (poisoned) must hold, per group that had programs, the sum of their rows
/// (fp32: within (terms + 1) (2^-24 sum|x| + 2^-126); i32: exact, so a
/// single lost update shows), every lock free again and the written flags
/// set exactly for the groups that had programs; the rows of groups without
/// programs untouched.
static Case lockedCase(ElemTy dt, unsigned grid, unsigned ncols,
                       unsigned groups, unsigned block, int warps) {
  Case c;
  c.kernel = "locked_accumulate_kernel";
  c.dtype = sigName(dt);
  c.shape = llvm::formatv("grid {0} cols {1} locks {2} w{3}", grid, ncols,
                          groups, warps);
  c.key = atomicsKey(c.kernel,
                     llvm::formatv("*i32:16, {0}, {0}, {1}, {2}, {3}",
                                   ptrSig(dt), ispec(ncols), groups, block),
                     warps);
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    Rng rng(17 + grid * 37ull + ncols * 41ull + groups +
            unsigned(dt) * 1000003ull);
    Buffers b;
    unsigned il =
        b.add("locks", poisonedHost(ElemTy::I32, 2 * groups + kGuard));
    unsigned ia =
        b.add("acc", poisonedHost(dt, size_t(groups) * ncols + kGuard));
    unsigned ix = b.add("x", HostArray(dt, size_t(grid) * ncols));
    HostArray &locks = b[il], &acc = b[ia], &x = b[ix];
    for (unsigned g = 0; g < 2 * groups; ++g)
      locks.setBits(g, 0);
    for (size_t i = 0; i < x.size(); ++i)
      x.setViaF32(i, dt == ElemTy::I32 ? double(rng.range(-1000, 1000))
                                       : rng.uniform(-1, 1));
    std::vector<double> sum(size_t(groups) * ncols), mag(sum.size());
    std::vector<size_t> terms(groups);
    for (unsigned p = 0; p < grid; ++p) {
      unsigned g = p % groups;
      ++terms[g];
      for (unsigned j = 0; j < ncols; ++j) {
        double v = x.get(size_t(p) * ncols + j);
        sum[size_t(g) * ncols + j] += v;
        mag[size_t(g) * ncols + j] += std::fabs(v);
      }
    }
    const std::vector<int64_t> ints = {ncols};
    if (auto e = b.run(ctx, k, grid, ints, {il, ia}))
      return e;
    for (unsigned g = 0; g < groups; ++g) {
      chk.checkBits(locks, g, 0, llvm::formatv("lock {0}", g));
      chk.checkBits(locks, groups + g, terms[g] ? 1 : 0,
                    llvm::formatv("written flag {0}", g));
      for (unsigned j = 0; j < ncols; ++j) {
        size_t i = size_t(g) * ncols + j;
        auto where =
            llvm::formatv("acc[{0},{1}] ({2} programs)", g, j, terms[g]);
        if (!terms[g])
          chk.untouched(acc, i, where);
        else if (dt == ElemTy::I32)
          chk.checkBits(acc, i, uint64_t(int64_t(sum[i])) & 0xffffffffu, where);
        else
          chk.check(acc, i, sum[i],
                    double(terms[g] + 1) *
                        (std::ldexp(mag[i], -24) + std::ldexp(1.0, -126)),
                    where);
      }
    }
    checkGuard(chk, locks, "locks");
    checkGuard(chk, acc, "acc");
    if (ctx.interp && x.size() <= kInterpMaxInputs)
      return b.interp(ctx, chk, grid, ints, {il, ia});
    return llvm::Error::success();
  };
  return c;
}

/// small_tile_kernel: a tile of `block` counters with `warps` warps (more
/// threads than elements when block < 32 warps), lanes j < nvalid adding
/// j + 1. stride = block: per-program counters (old = the initial value,
/// the counter + j + 1); stride 0: all programs on one set of counters (the
/// old values of lane j are init + (j + 1) t for t = 0 .. grid - 1, each
/// once). Masked-off lanes: old 0, counter unchanged.
static Case smallTileCase(unsigned block, int warps, unsigned grid,
                          unsigned stride, unsigned nvalid) {
  Case c;
  c.kernel = "small_tile_kernel";
  c.dtype = "i32";
  c.shape = llvm::formatv("{0} w{1} grid {2} stride {3} valid {4}", block,
                          warps, grid, stride, nvalid);
  c.key = atomicsKey(c.kernel,
                     llvm::formatv("*i32:16, *i32:16, {0}, {1}, {2}",
                                   ispec(stride), ispec(nvalid), block),
                     warps);
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    Rng rng(19 + block * 43ull + grid * 47ull + stride + nvalid * 53ull);
    const size_t ncount = stride ? size_t(grid) * stride : block;
    Buffers b;
    unsigned ic = b.add("counters", poisonedHost(ElemTy::I32, ncount + kGuard));
    unsigned io =
        b.add("old", poisonedHost(ElemTy::I32, size_t(grid) * block + kGuard));
    HostArray &counters = b[ic], &old = b[io];
    std::vector<uint64_t> init(ncount);
    for (size_t i = 0; i < ncount; ++i)
      counters.setBits(i, init[i] = rng.below(1000000));
    const std::vector<int64_t> ints = {stride, nvalid};
    if (auto e = b.run(ctx, k, grid, ints, {ic, io}))
      return e;
    for (size_t i = 0; i < ncount; ++i) {
      unsigned j = unsigned(i % block);
      uint64_t times = j >= nvalid ? 0 : stride ? 1 : grid;
      chk.checkBits(counters, i, (init[i] + (j + 1) * times) & 0xffffffffu,
                    llvm::formatv("counter[{0}]", i));
    }
    for (unsigned j = 0; j < block; ++j) {
      std::vector<char> seen(stride ? 0 : grid);
      for (unsigned p = 0; p < grid; ++p) {
        size_t i = size_t(p) * block + j;
        auto where = llvm::formatv("old[{0}] (program {1}, lane {2})", i, p, j);
        if (j >= nvalid || stride) {
          chk.checkBits(old, i, j >= nvalid ? 0 : init[size_t(p) * stride + j],
                        where);
          continue;
        }
        ++chk.checked;
        int64_t d = int64_t(old.bitsAt(i)) - int64_t(init[j]);
        int64_t t = d / int64_t(j + 1);
        if (d < 0 || d % int64_t(j + 1) || t >= int64_t(grid) || seen[t])
          chk.fail(llvm::formatv("{0}: {1} is not init {2} + {3} t for a t "
                                 "of 0 .. {4} returned once",
                                 where.str(), old.get(i), init[j], j + 1,
                                 grid - 1));
        else
          seen[t] = 1;
      }
    }
    checkGuard(chk, counters, "counters");
    checkGuard(chk, old, "old");
    if (ctx.interp) {
      if (stride)
        return b.interp(ctx, chk, grid, ints, {ic, io});
      return b.interp(ctx, chk, grid, ints, {ic}); // old: the GPU's order
    }
    return llvm::Error::success();
  };
  return c;
}

//===----------------------------------------------------------------------===//
// The case list
//===----------------------------------------------------------------------===//

void addAtomicsCases(std::vector<Case> &cs, const Options &opts) {
  // histogram: one bin (every lane on one address), 16 and 1024 bins.
  std::vector<std::pair<unsigned, unsigned>> hist = {
      {1, 16}, {1000, 16}, {4097, 1}, {4097, 1024}};
  if (!opts.quick)
    hist.insert(hist.end(), {{(1u << 20) + 3, 16}, {(1u << 20) + 3, 4096}});
  for (auto [n, bins] : hist)
    cs.push_back(histogramCase(n, bins));
  // ticket: one scalar atomic a program (its old value broadcast to the
  // CTA's threads with 4 warps).
  std::vector<std::pair<unsigned, int>> tickets = {
      {1, 4}, {7, 4}, {1000, 4}, {1000, 1}};
  if (!opts.quick)
    tickets.insert(tickets.end(), {{65541, 4}, {65541, 1}});
  for (auto [g, w] : tickets)
    cs.push_back(ticketCase(g, w));
  // float (and fp64) sums: random values (tolerance from the terms) and
  // small integers (exact); 1 output: every lane of every program on it.
  struct Acc {
    unsigned n, nout, ints;
  };
  std::vector<Acc> acc = {
      {1000, 64, 0}, {4097, 1, 0}, {4097, 64, 3}, {200, 1, 1}};
  std::vector<Acc> accWide = {
      {(1u << 20) + 3, 64, 0}, {(1u << 20) + 3, 64, 8}, {(1u << 20) + 3, 1, 1}};
  std::vector<Acc> accNarrow = {{(1u << 20) + 3, 4096, 0}, {65536, 1024, 3}};
  for (ElemTy dt : {ElemTy::F32, ElemTy::F64, ElemTy::F16, ElemTy::BF16}) {
    if (dt == ElemTy::BF16 && opts.archNumber() < 90)
      continue; // atom.add.bf16 needs sm_90
    for (const Acc &a : acc)
      cs.push_back(accumulateCase(dt, a.n, a.nout, a.ints));
    if (!opts.quick)
      for (const Acc &a : byteSize(dt) == 2 ? accNarrow : accWide)
        cs.push_back(accumulateCase(dt, a.n, a.nout, a.ints));
  }
  std::vector<std::pair<unsigned, unsigned>> small = {
      {1, 4}, {1000, 64}, {4097, 1}};
  std::vector<std::pair<unsigned, unsigned>> big = {{(1u << 20) + 3, 16},
                                                    {65536, 4096}};
  for (ElemTy dt : {ElemTy::F32, ElemTy::F64, ElemTy::I32, ElemTy::U32,
                    ElemTy::I64, ElemTy::U64}) {
    for (auto [n, nout] : small)
      cs.push_back(maxMinCase(dt, n, nout));
    if (!opts.quick)
      for (auto [n, nout] : big)
        cs.push_back(maxMinCase(dt, n, nout));
  }
  for (ElemTy dt : {ElemTy::I32, ElemTy::U32, ElemTy::I64, ElemTy::U64}) {
    for (auto [n, nout] : small)
      cs.push_back(bitwiseCase(dt, n, nout));
    if (!opts.quick)
      for (auto [n, nout] : {std::pair{4097u, 256u}, {(1u << 20) + 3, 1024u}})
        cs.push_back(bitwiseCase(dt, n, nout));
  }
  // xchg: one swap a slot (nout >= n), 8 slots, one slot.
  for (ElemTy dt : {ElemTy::I32, ElemTy::F32, ElemTy::I64, ElemTy::F64}) {
    for (auto [n, nout] : {std::pair{1u, 1u}, {1000u, 1024u}, {4097u, 8u}})
      cs.push_back(xchgCase(dt, n, nout));
    if (!opts.quick)
      for (auto [n, nout] :
           {std::pair{100000u, 1u}, {(1u << 20) + 3, 1u << 20}})
        cs.push_back(xchgCase(dt, n, nout));
  }
  // The spin lock: one program; few on one lock; 1000 programs on 8 locks;
  // 2000 on one (the lock handed over 1999 times).
  struct Lock {
    unsigned grid, ncols, groups, block;
    int warps;
  };
  std::vector<Lock> locks = {{1, 1, 1, 16, 4},
                             {7, 100, 1, 128, 4},
                             {1000, 1000, 8, 1024, 4},
                             {2000, 64, 1, 64, 4}};
  if (!opts.quick)
    locks.insert(locks.end(), {{300, 4097, 4, 8192, 8},
                               {1000, 100, 64, 128, 4},
                               {20000, 16, 1, 16, 1}});
  for (ElemTy dt : {ElemTy::F32, ElemTy::I32})
    for (const Lock &l : locks)
      cs.push_back(lockedCase(dt, l.grid, l.ncols, l.groups, l.block, l.warps));
  // Tiles smaller than the CTA (16 and 64 elements over 128 and 256
  // threads) and one that fits it (128 over 128).
  for (auto [block, warps] : {std::pair{16u, 4}, {64u, 8}, {128u, 4}}) {
    cs.push_back(smallTileCase(block, warps, 1, block, block));
    cs.push_back(smallTileCase(block, warps, 7, block, block - 3));
    cs.push_back(smallTileCase(block, warps, 1000, 0, block));
    cs.push_back(smallTileCase(block, warps, 1000, 0, block - 5));
  }
}

} // namespace tilec::gputest
