//===- SortCases.cpp - Cases of examples/sort.py --------------------------===//
//
// tl.sort of 2-D tiles along their rows and of 1-D tiles, both directions,
// 4 and 8 warps, tiles smaller than the CTA's (replicated), larger (several
// chunks a thread), rows within a lane, across lanes and across warps;
// floats with ties and infinities, signed and unsigned (as uint32 keys)
// integers, 64-bit integers; tl.topk of rows. Three programs a launch (one
// tile each), outputs poisoned first; every element is checked exactly
// against std::sort of its row (bit for bit), and small cases against
// the interpreter too.
//
//===----------------------------------------------------------------------===//

#include "Cases.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>
#include <memory>

namespace tilec::gputest {

namespace {

constexpr unsigned kPrograms = 3;

/// Random values of `dt` with ties (half drawn from a few small integers)
/// and, for floats, infinities.
void fillKeys(HostArray &a, uint64_t seed) {
  fillRandom(a, isInt(a.type()) ? -1e9 : -100.0, isInt(a.type()) ? 1e9 : 100.0,
             seed);
  uint64_t s = seed * 7919 + 13;
  for (size_t i = 0; i < a.size(); ++i) {
    uint64_t r = splitmix(s);
    if (r % 2 == 0)
      a.setViaF32(i, double(int64_t(r >> 8) % 7 - 3));
    else if (!isInt(a.type()) && r % 16 == 1)
      a.setViaF32(i, (r >> 8) % 2 ? INFINITY : -INFINITY);
  }
}

/// Uploads `in`, launches `k` on kPrograms programs with (in, out), checks
/// each of the `lines` lines of `len` inputs: out line o holds the first
/// `keep` of the line sorted (descending when `desc`); small cases are
/// compared with the interpreter.
llvm::Error runSort(Ctx &ctx, rt::Kernel &k, Checker &chk, HostArray &in,
                    unsigned lines, unsigned len, unsigned keep, bool desc,
                    bool asUnsigned) {
  HostArray out(in.type(), size_t(lines) * keep);
  rt::DeviceBuffer dIn(ctx.dev), dOut(ctx.dev);
  if (auto e = upload(ctx.dev, dIn, in))
    return e;
  if (auto e = poisonedOutput(ctx.dev, dOut, out.type(), out.size()))
    return e;
  if (auto e = k.launch({kPrograms}, {rt::Arg::ptr(dIn, sigName(in.type())),
                                      rt::Arg::ptr(dOut, sigName(out.type()))}))
    return e;
  if (auto e = ctx.dev.synchronize())
    return e;
  if (auto e = download(dOut, out))
    return e;
  bool isFloat = !isInt(in.type());
  for (unsigned o = 0; o < lines; ++o) {
    std::vector<size_t> idx(len);
    for (unsigned q = 0; q < len; ++q)
      idx[q] = size_t(o) * len + q;
    auto less = [&](size_t a, size_t b) {
      if (isFloat)
        return in.get(a) < in.get(b);
      if (asUnsigned)
        return uint32_t(in.bitsAt(a)) < uint32_t(in.bitsAt(b));
      return in.i64(a) < in.i64(b);
    };
    std::stable_sort(idx.begin(), idx.end(), less);
    if (desc)
      std::reverse(idx.begin(), idx.end());
    for (unsigned q = 0; q < keep; ++q) {
      size_t i = size_t(o) * keep + q;
      // Bit for bit: equal floats of the inputs have equal bits (no -0.0,
      // no NaN among them).
      chk.checkBits(out, i, in.bitsAt(idx[q]),
                    llvm::formatv("line {0} [{1}]", o, q));
    }
  }
  if (!ctx.interp || in.size() > kInterpMaxInputs)
    return llvm::Error::success();
  HostArray interpOut = poisonedHost(out.type(), out.size());
  return compareWithInterpreter(ctx, chk, {kPrograms, 1, 1},
                                {{"x", &in}, {"y", &interpOut}}, 1, out,
                                {interp::KernelArg::buf(0),
                                 interp::KernelArg::buf(1)});
}

std::string warpsStr(int warps) {
  return llvm::formatv(" warps {0}", warps).str();
}

/// sort_rows (oneD: sort_1d) of kPrograms tiles of bm x bn.
Case sortCase(ElemTy dt, unsigned bm, unsigned bn, bool oneD, bool desc,
              int warps) {
  Case c;
  c.kernel = oneD ? "sort_1d" : "sort_rows";
  c.dtype = sigName(dt);
  c.shape = (oneD ? llvm::formatv("{0}", bn).str()
                  : llvm::formatv("{0}x{1}", bm, bn).str()) +
            (desc ? " descending" : "") + warpsStr(warps);
  std::string tile = oneD ? llvm::formatv("{0}", bn).str()
                          : llvm::formatv("{0}, {1}", bm, bn).str();
  c.key = {"sort.py", c.kernel,
           ptrSig(dt) + ", " + ptrSig(dt) + ", " + tile + ", " +
               (desc ? "1" : "0"),
           warps};
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    unsigned lines = kPrograms * bm;
    HostArray in(dt, size_t(lines) * bn);
    fillKeys(in, size_t(lines) * bn * 3 + desc + warps * 5 + unsigned(dt));
    return runSort(ctx, k, chk, in, lines, bn, bn, desc, false);
  };
  return c;
}

/// sort_u32: kPrograms tiles of n int32 words sorted as uint32 keys.
Case sortU32Case(unsigned n, int warps) {
  Case c;
  c.kernel = "sort_u32";
  c.dtype = "u32";
  c.shape = llvm::formatv("{0}", n).str() + warpsStr(warps);
  c.key = {"sort.py", c.kernel,
           llvm::formatv("*i32:16, *i32:16, {0}", n).str(), warps};
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    HostArray in(ElemTy::I32, size_t(kPrograms) * n);
    uint64_t s = n * 31 + warps;
    for (size_t i = 0; i < in.size(); ++i) {
      uint64_t r = splitmix(s);
      // (expert << 16 | index) words, padding experts 0xFFFF among them.
      uint64_t expert = r % 5 == 0 ? 0xFFFF : (r >> 8) % 64;
      in.setBits(i, (expert << 16) | (i % n));
    }
    return runSort(ctx, k, chk, in, kPrograms, n, n, false, true);
  };
  return c;
}

/// topk_rows: the kk largest of each row of kPrograms bm x bn tiles.
Case topkCase(ElemTy dt, unsigned bm, unsigned bn, unsigned kk, int warps) {
  Case c;
  c.kernel = "topk_rows";
  c.dtype = sigName(dt);
  c.shape = llvm::formatv("{0}x{1} k {2}", bm, bn, kk).str() + warpsStr(warps);
  c.key = {"sort.py", c.kernel,
           ptrSig(dt) + ", " + ptrSig(dt) +
               llvm::formatv(", {0}, {1}, {2}", bm, bn, kk).str(),
           warps};
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    unsigned lines = kPrograms * bm;
    HostArray in(dt, size_t(lines) * bn);
    fillKeys(in, size_t(lines) * bn + kk);
    return runSort(ctx, k, chk, in, lines, bn, kk, true, false);
  };
  return c;
}

} // namespace

void addSortCases(std::vector<Case> &cs, const Options &opts) {
  // Rows within a thread, across lanes, across warps, several chunks a
  // thread, a tile smaller than the CTA's.
  std::vector<std::pair<unsigned, unsigned>> tiles = {
      {4, 16}, {16, 256}, {64, 64}, {2, 4096}, {1, 32}};
  std::vector<unsigned> lengths = {64, 1024, 4096};
  std::vector<int> warps = {4, 8};
  std::vector<ElemTy> types = {ElemTy::F32, ElemTy::F16, ElemTy::BF16,
                               ElemTy::I32, ElemTy::I64};
  if (opts.quick) {
    tiles = {{4, 16}, {2, 4096}};
    lengths = {1024};
    warps = {4};
    types = {ElemTy::F32, ElemTy::BF16, ElemTy::I64};
  }
  for (ElemTy dt : types)
    for (int w : warps)
      for (bool desc : {false, true}) {
        for (auto [bm, bn] : tiles)
          cs.push_back(sortCase(dt, bm, bn, false, desc, w));
        for (unsigned n : lengths)
          cs.push_back(sortCase(dt, 1, n, true, desc, w));
      }
  for (int w : warps)
    for (unsigned n : {1024u, 4096u})
      cs.push_back(sortU32Case(n, w));
  cs.push_back(topkCase(ElemTy::F32, 8, 128, 8, 4));
  cs.push_back(topkCase(ElemTy::BF16, 16, 64, 4, 8));
}

} // namespace tilec::gputest
