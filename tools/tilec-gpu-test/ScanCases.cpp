//===- ScanCases.cpp - Cases of examples/scan.py --------------------------===//
//
// Scans (tl.cumsum, a tuple tl.associative_scan) and reductions with a
// combine function (tl.reduce) along either axis of 1-D and 2-D tiles, three
// programs a launch (one tile each), both directions, 4 and 8 warps, tiles
// smaller than the CTA's (replicated), larger (several chunks a thread),
// one row or column (2 x 512). Outputs are poisoned before the launch;
// integer results (and float reductions of small integers) are checked bit
// for bit, float scans within the error of a sum in the element type
// (2 * length * u * sum |x|), and small cases against the interpreter too.
//
//===----------------------------------------------------------------------===//

#include "Cases.h"

#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <memory>

namespace tilec::gputest {

namespace {

constexpr unsigned kPrograms = 3;

uint64_t maskOf(ElemTy t) {
  return byteSize(t) == 8 ? ~uint64_t(0)
                          : (uint64_t(1) << (8 * byteSize(t))) - 1;
}
/// The tile geometry of a case: `programs` tiles of bm x bn (bm = 1, axis 1
/// and `oneD` for a 1-D tile), reduced or scanned along `axis`.
struct Geo {
  unsigned bm, bn, axis;
  bool oneD;
  size_t numel() const { return size_t(kPrograms) * bm * bn; }
  unsigned len() const { return axis ? bn : bm; }
  unsigned lines() const { return axis ? bm : bn; }
  /// Flat index of position q along the axis on line o of program p.
  size_t at(unsigned p, unsigned o, unsigned q) const {
    return size_t(p) * bm * bn +
           (axis ? size_t(o) * bn + q : size_t(q) * bn + o);
  }
  std::string str() const {
    return oneD ? llvm::formatv("{0}", bn).str()
                : llvm::formatv("{0}x{1} axis {2}", bm, bn, axis).str();
  }
};

/// Uploads `ins`, poisons outputs of the types `outTypes`, launches `k` on
/// kPrograms programs with the pointers (inputs, then outputs), downloads
/// the outputs into `outs`, and (small inputs) compares them with the
/// interpreter's after `check` ran.
llvm::Error runArrays(Ctx &ctx, rt::Kernel &k, Checker &chk,
                      std::vector<HostArray> &ins, std::vector<ElemTy> outTypes,
                      std::vector<HostArray> &outs,
                      const std::function<void()> &check) {
  std::vector<std::unique_ptr<rt::DeviceBuffer>> bufs;
  std::vector<rt::Arg> args;
  for (HostArray &h : ins) {
    bufs.push_back(std::make_unique<rt::DeviceBuffer>(ctx.dev));
    if (auto e = upload(ctx.dev, *bufs.back(), h))
      return e;
    args.push_back(rt::Arg::ptr(*bufs.back(), sigName(h.type())));
  }
  for (size_t i = 0; i < outTypes.size(); ++i) {
    bufs.push_back(std::make_unique<rt::DeviceBuffer>(ctx.dev));
    if (auto e =
            poisonedOutput(ctx.dev, *bufs.back(), outTypes[i], outs[i].size()))
      return e;
    args.push_back(rt::Arg::ptr(*bufs.back(), sigName(outTypes[i])));
  }
  if (auto e = k.launch({kPrograms}, args))
    return e;
  if (auto e = ctx.dev.synchronize())
    return e;
  for (size_t i = 0; i < outs.size(); ++i)
    if (auto e = download(*bufs[ins.size() + i], outs[i]))
      return e;
  check();
  size_t inputs = 0;
  for (HostArray &h : ins)
    inputs += h.size();
  if (!ctx.interp || inputs > kInterpMaxInputs)
    return llvm::Error::success();
  std::vector<HostArray> interpOuts;
  for (HostArray &o : outs)
    interpOuts.push_back(poisonedHost(o.type(), o.size()));
  std::vector<std::pair<std::string, HostArray *>> arrays;
  std::vector<std::pair<unsigned, const HostArray *>> cmp;
  std::vector<interp::KernelArg> iargs;
  for (size_t i = 0; i < ins.size(); ++i)
    arrays.push_back({"in" + std::to_string(i), &ins[i]});
  for (size_t i = 0; i < outs.size(); ++i) {
    cmp.push_back({unsigned(arrays.size()), &outs[i]});
    arrays.push_back({"out" + std::to_string(i), &interpOuts[i]});
  }
  for (size_t i = 0; i < arrays.size(); ++i)
    iargs.push_back(interp::KernelArg::buf(unsigned(i)));
  return compareOutputsWithInterpreter(ctx, chk, {kPrograms, 1, 1}, arrays, cmp,
                                       iargs);
}

std::string tileSig(const Geo &g) {
  return g.oneD ? llvm::formatv("{0}", g.bn).str()
                : llvm::formatv("{0}, {1}, {2}", g.bm, g.bn, g.axis).str();
}

/// tl.cumsum of `in` (its result in `out`: bf16 scans in fp32).
Case cumsumCase(ElemTy in, ElemTy out, Geo g, bool rev, int warps) {
  Case c;
  c.kernel = g.oneD ? "scan_cumsum_1d" : "scan_cumsum";
  c.dtype = std::string(sigName(in)) +
            (in == out ? "" : std::string("->") + sigName(out));
  c.shape = g.str() + (rev ? " reverse" : "") +
            llvm::formatv(" warps {0}", warps).str();
  c.key = {"scan.py", c.kernel,
           ptrSig(in) + ", " + ptrSig(out) + ", " + tileSig(g) + ", " +
               (rev ? "1" : "0"),
           warps};
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    std::vector<HostArray> ins{HostArray(in, g.numel())};
    fillRandom(ins[0], testing::isFloat(in) ? -1.0 : -1e6,
               testing::isFloat(in) ? 1.0 : 1e6,
               g.numel() * 7 + g.axis * 3 + rev + warps * 11);
    std::vector<HostArray> outs{HostArray(out, g.numel())};
    return runArrays(ctx, k, chk, ins, {out}, outs, [&] {
      const HostArray &x = ins[0];
      for (unsigned p = 0; p < kPrograms; ++p)
        for (unsigned o = 0; o < g.lines(); ++o) {
          double s = 0, mag = 0;
          uint64_t is = 0;
          for (unsigned t = 0; t < g.len(); ++t) {
            unsigned q = rev ? g.len() - 1 - t : t;
            size_t i = g.at(p, o, q);
            s += x.get(i);
            mag += std::fabs(x.get(i));
            is += uint64_t(x.i64(i));
            auto where = llvm::formatv("program {0} line {1} [{2}]", p, o, q);
            if (testing::isFloat(out))
              chk.check(outs[0], i, s,
                        1e-30 +
                            2.0 * g.len() * testing::unitRoundoff(out) * mag,
                        where);
            else
              chk.checkBits(outs[0], i, is & maskOf(out), where);
          }
        }
    });
  };
  return c;
}

/// (a, x) -> (prod a, h) with h = a * h_prev + x, int32 (wrapping), exact.
Case recurrenceCase(Geo g, bool rev, int warps) {
  Case c;
  c.kernel = "scan_recurrence";
  c.dtype = "i32";
  c.shape = g.str() + (rev ? " reverse" : "") +
            llvm::formatv(" warps {0}", warps).str();
  c.key = {"scan.py", c.kernel,
           "*i32:16, *i32:16, *i32:16, *i32:16, " + tileSig(g) + ", " +
               (rev ? "1" : "0"),
           warps};
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    std::vector<HostArray> ins{HostArray(ElemTy::I32, g.numel()),
                               HostArray(ElemTy::I32, g.numel())};
    fillRandom(ins[0], -3, 3, g.numel() + 5 * g.axis + rev);
    fillRandom(ins[1], -1000, 1000, g.numel() * 3 + g.axis + rev);
    std::vector<HostArray> outs{HostArray(ElemTy::I32, g.numel()),
                                HostArray(ElemTy::I32, g.numel())};
    return runArrays(ctx, k, chk, ins, {ElemTy::I32, ElemTy::I32}, outs, [&] {
      for (unsigned p = 0; p < kPrograms; ++p)
        for (unsigned o = 0; o < g.lines(); ++o) {
          uint32_t pa = 1, px = 0;
          for (unsigned t = 0; t < g.len(); ++t) {
            unsigned q = rev ? g.len() - 1 - t : t;
            size_t i = g.at(p, o, q);
            uint32_t a = uint32_t(ins[0].bitsAt(i)),
                     x = uint32_t(ins[1].bitsAt(i));
            px = px * a + x;
            pa = pa * a;
            auto where = llvm::formatv("program {0} line {1} [{2}]", p, o, q);
            chk.checkBits(outs[0], i, pa, where);
            chk.checkBits(outs[1], i, px, where);
          }
        }
    });
  };
  return c;
}

/// The first index of the minimum along the axis (small integer values:
/// ties), and a tl.reduce sum of small integers in fp32 (exact).
Case reduceCase(bool argmin, ElemTy dt, Geo g, int warps) {
  Case c;
  c.kernel = argmin ? "reduce_argmin" : "reduce_sum_fn";
  c.dtype = sigName(dt);
  c.shape = g.str() + llvm::formatv(" warps {0}", warps).str();
  c.key = {"scan.py", c.kernel,
           argmin ? ptrSig(dt) + ", " + ptrSig(dt) + ", *i32:16, " + tileSig(g)
                  : ptrSig(dt) + ", " + ptrSig(dt) + ", " + tileSig(g),
           warps};
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    std::vector<HostArray> ins{HostArray(dt, g.numel())};
    fillRandom(ins[0], -20, 20, g.numel() * 13 + g.axis + argmin);
    for (size_t i = 0; i < g.numel(); ++i)
      ins[0].setViaF32(i, std::floor(ins[0].get(i)));
    size_t outN = size_t(kPrograms) * g.lines();
    std::vector<HostArray> outs{HostArray(dt, outN)};
    std::vector<ElemTy> types{dt};
    if (argmin) {
      outs.push_back(HostArray(ElemTy::I32, outN));
      types.push_back(ElemTy::I32);
    }
    return runArrays(ctx, k, chk, ins, types, outs, [&] {
      for (unsigned p = 0; p < kPrograms; ++p)
        for (unsigned o = 0; o < g.lines(); ++o) {
          double best = INFINITY, sum = 0;
          unsigned bi = 0;
          for (unsigned q = 0; q < g.len(); ++q) {
            double v = ins[0].get(g.at(p, o, q));
            sum += v;
            if (v < best) {
              best = v;
              bi = q;
            }
          }
          size_t r = size_t(p) * g.lines() + o;
          auto where = llvm::formatv("program {0} line {1}", p, o);
          chk.check(outs[0], r, argmin ? best : sum, 0, where);
          if (argmin)
            chk.checkBits(outs[1], r, bi, where);
        }
    });
  };
  return c;
}

} // namespace

void addScanCases(std::vector<Case> &cs, const Options &opts) {
  // 2-D tiles: square, tall, wide, one row pair, smaller than a CTA tile.
  std::vector<std::pair<unsigned, unsigned>> tiles = {
      {64, 64}, {16, 256}, {256, 16}, {2, 512}, {8, 8}};
  std::vector<unsigned> lines = {16, 128, 1024, 4096};
  std::vector<int> warps = {4, 8};
  if (opts.quick) {
    tiles = {{64, 64}, {8, 8}};
    lines = {16, 1024};
    warps = {4};
  }
  std::vector<std::pair<ElemTy, ElemTy>> types = {{ElemTy::F32, ElemTy::F32},
                                                  {ElemTy::BF16, ElemTy::F32},
                                                  {ElemTy::F16, ElemTy::F16},
                                                  {ElemTy::I32, ElemTy::I32},
                                                  {ElemTy::I64, ElemTy::I64}};
  for (auto [in, out] : types)
    for (int w : warps)
      for (bool rev : {false, true}) {
        for (unsigned n : lines)
          // A 1-D tile is one line of bn positions (axis 1 of 1 x bn).
          cs.push_back(cumsumCase(in, out, {1, n, 1, true}, rev, w));
        for (auto [bm, bn] : tiles)
          for (unsigned axis : {0u, 1u})
            cs.push_back(cumsumCase(in, out, {bm, bn, axis, false}, rev, w));
      }
  for (int w : warps)
    for (bool rev : {false, true})
      for (auto [bm, bn] : tiles)
        for (unsigned axis : {0u, 1u})
          cs.push_back(recurrenceCase({bm, bn, axis, false}, rev, w));
  for (int w : warps)
    for (auto [bm, bn] : tiles)
      for (unsigned axis : {0u, 1u}) {
        for (ElemTy dt : {ElemTy::F32, ElemTy::F16})
          cs.push_back(reduceCase(true, dt, {bm, bn, axis, false}, w));
        cs.push_back(reduceCase(false, ElemTy::F32, {bm, bn, axis, false}, w));
      }
}

} // namespace tilec::gputest
