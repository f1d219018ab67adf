//===- RandomCases.cpp - Philox random streams of examples/dropout.py -----===//
//
// random_streams_kernel against the host Philox4x32 of
// tilec/Testing/HostPhilox.h, written independently of the compiler's.
//
//===----------------------------------------------------------------------===//

#include "Cases.h"

#include "tilec/Testing/HostPhilox.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>

namespace tilec::gputest {

using tilec::testing::hostPhilox;
using tilec::testing::hostUniform;

/// examples/dropout.py's random_streams_kernel: randint4x bit for bit,
/// rand4x exactly, randn4x within 2^-18 relative (the GPU's log / cos / sin),
/// against the host Philox for an int32 seed (sign-extended to the key).
static Case randomStreamsCase(unsigned n, int32_t seed) {
  Case c;
  c.kernel = "random_streams_kernel";
  c.dtype = "u32/fp32";
  c.shape = llvm::formatv("{0} seed {1}", n, seed);
  c.key = {"dropout.py", c.kernel,
           "*u32:16, *fp32:16, i32, " + ispec(n) + ", 1024", 4};
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    HostArray ints(ElemTy::U32, size_t(4) * n),
        floats(ElemTy::F32, size_t(8) * n);
    rt::DeviceBuffer di(ctx.dev), df(ctx.dev);
    if (auto e = poisonedOutput(ctx.dev, di, ElemTy::U32, ints.size()))
      return e;
    if (auto e = poisonedOutput(ctx.dev, df, ElemTy::F32, floats.size()))
      return e;
    if (auto e = k.launch({cdiv(n, 1024)},
                          {rt::Arg::ptr(di, "u32"), rt::Arg::ptr(df, "fp32"),
                           rt::Arg::i32(seed), rt::Arg::i32(int32_t(n))}))
      return e;
    if (auto e = ctx.dev.synchronize())
      return e;
    if (auto e = download(di, ints))
      return e;
    if (auto e = download(df, floats))
      return e;
    uint64_t key = uint64_t(int64_t(seed));
    for (unsigned i = 0; i < n; ++i) {
      auto w = hostPhilox({i, 0, 0, 0}, {uint32_t(key), uint32_t(key >> 32)});
      float u[4];
      for (int q = 0; q < 4; ++q) {
        chk.check(ints, size_t(i) * 4 + q, double(w[q]), 0,
                  llvm::formatv("randint4x[{0}] at {1}", q, i));
        u[q] = hostUniform(w[q]);
        chk.check(floats, size_t(i) * 8 + q, double(u[q]), 0,
                  llvm::formatv("rand4x[{0}] at {1}", q, i));
      }
      for (int pair = 0; pair < 2; ++pair) {
        double u1 = std::max(1e-7, double(u[2 * pair])), u2 = u[2 * pair + 1];
        double r = std::sqrt(-2.0 * std::log(u1)), th = 6.283185307179586 * u2;
        double want[2] = {r * std::cos(th), r * std::sin(th)};
        for (int h = 0; h < 2; ++h)
          chk.check(floats, size_t(i) * 8 + 4 + 2 * pair + h, want[h],
                    std::ldexp(1.0, -18) * (1 + std::fabs(want[h])),
                    llvm::formatv("randn4x[{0}] at {1}", 2 * pair + h, i));
      }
    }
    return llvm::Error::success();
  };
  return c;
}

void addRandomStreamsCases(std::vector<Case> &cs, const Options &opts) {
  // Philox random numbers (examples/dropout.py).
  cs.push_back(randomStreamsCase(1000, 0));
  cs.push_back(randomStreamsCase(4096, -12345));
  if (!opts.quick)
    cs.push_back(randomStreamsCase(1 << 20, 987654321));
}

} // namespace tilec::gputest
