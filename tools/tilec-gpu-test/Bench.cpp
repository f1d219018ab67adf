//===- Bench.cpp - --bench: time the seed kernels on the GPU --------------===//
//
// Median time (cuEvent, 5 warm-up runs, then 50 timed runs, each after a
// 256 MB memset that flushes L2 as triton.testing.do_bench does) and GB/s
// (bytes read + written once) for softmax 4096 x N, gelu 2^28, row sum, and
// TFLOP/s for matmul 4096^3. Results of bench runs are not checked.
//
//===----------------------------------------------------------------------===//

#include "Cases.h"
#include "Modes.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

namespace tilec::gputest {

/// The median time of 50 runs of `launch` after 5 warm-up runs, each timed
/// run after a 256 MB memset.
static llvm::Expected<double>
timeMedian(rt::Device &dev, const std::function<llvm::Error()> &launch) {
  for (int i = 0; i < 5; ++i)
    if (auto e = launch())
      return std::move(e);
  if (auto e = dev.synchronize())
    return std::move(e);
  auto timer = rt::Timer::create(dev);
  if (!timer)
    return timer.takeError();
  // Like triton.testing.do_bench: overwrite 256 MB before each run so that
  // the L2 cache (50 MB) holds nothing of the kernel's data.
  rt::DeviceBuffer flush(dev);
  if (auto e = flush.alloc(size_t(256) << 20))
    return std::move(e);
  std::vector<double> ms;
  for (int i = 0; i < 50; ++i) {
    if (auto e = flush.fill32(uint32_t(i)))
      return std::move(e);
    if (auto e = timer->start())
      return std::move(e);
    if (auto e = launch())
      return std::move(e);
    if (auto e = timer->stop())
      return std::move(e);
    auto t = timer->elapsedMs();
    if (!t)
      return t.takeError();
    ms.push_back(*t);
  }
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

int runBench(rt::Device &dev, Compilations &comps, const Options &opts) {
  int failures = 0;
  auto report =
      [&](const std::string &what, Compiled &c,
          const std::function<llvm::Expected<double>(rt::Kernel &)> &fn,
          double work, const char *unit) {
        if (!opts.filter.empty() && what.find(opts.filter) == std::string::npos)
          return;
        rt::Kernel *k = comps.load(c, dev);
        if (!k) {
          llvm::outs() << "BENCH-FAIL " << what << ": " << c.error << "\n";
          ++failures;
          return;
        }
        auto ms = fn(*k);
        if (!ms) {
          llvm::outs() << "BENCH-FAIL " << what << ": "
                       << llvm::toString(ms.takeError()) << "\n";
          ++failures;
          return;
        }
        llvm::outs() << llvm::formatv(
            "BENCH {0,-44} {1,9:f4} ms {2,9:f1} {3}\n", what, *ms,
            work / (*ms * 1e-3) / 1e9, unit);
        llvm::outs().flush();
      };
  const unsigned M = 4096;
  for (ElemTy dt : {ElemTy::F32, ElemTy::BF16})
    for (unsigned n : {256u, 1024u, 4096u, 12672u, 32768u}) {
      Case cs = softmaxCase("softmax_kernel", dt, dt, false, M, n, n, n);
      Compiled &c = comps.get(cs.key);
      report(
          cs.line(), c,
          [&](rt::Kernel &k) -> llvm::Expected<double> {
            rt::DeviceBuffer x(dev), y(dev);
            size_t bytes = size_t(M) * n * byteSize(dt);
            if (auto e = x.alloc(bytes))
              return std::move(e);
            if (auto e = x.fill8(0))
              return std::move(e);
            if (auto e = y.alloc(bytes))
              return std::move(e);
            return timeMedian(dev, [&] {
              return k.launch({M}, {rt::Arg::ptr(y), rt::Arg::ptr(x),
                                    rt::Arg::i32(n), rt::Arg::i32(n),
                                    rt::Arg::i32(n)});
            });
          },
          2.0 * M * n * byteSize(dt), "GB/s");
    }
  for (ElemTy dt : {ElemTy::F32, ElemTy::BF16}) {
    unsigned n = 1u << 28;
    Case cs = geluCase(dt, n);
    report(
        cs.line(), comps.get(cs.key),
        [&](rt::Kernel &k) -> llvm::Expected<double> {
          rt::DeviceBuffer x(dev), y(dev);
          if (auto e = x.alloc(size_t(n) * byteSize(dt)))
            return std::move(e);
          if (auto e = x.fill8(0))
            return std::move(e);
          if (auto e = y.alloc(size_t(n) * byteSize(dt)))
            return std::move(e);
          return timeMedian(dev, [&] {
            return k.launch({cdiv(n, 1024)}, {rt::Arg::ptr(x), rt::Arg::ptr(y),
                                              rt::Arg::i32(n)});
          });
        },
        2.0 * n * byteSize(dt), "GB/s");
  }
  for (auto rc : std::vector<std::pair<unsigned, unsigned>>{
           {8192, 1024}, {8192, 4096}, {8192, 16384}, {2048, 65536}}) {
    unsigned rows = rc.first, cols = rc.second;
    Case cs = rowSumCase(ElemTy::F32, rows, cols);
    report(
        cs.line() + " (bytes read)", comps.get(cs.key),
        [&](rt::Kernel &k) -> llvm::Expected<double> {
          rt::DeviceBuffer x(dev), y(dev);
          if (auto e = x.alloc(size_t(rows) * cols * 4))
            return std::move(e);
          if (auto e = x.fill8(0))
            return std::move(e);
          if (auto e = y.alloc(size_t(rows) * 4))
            return std::move(e);
          return timeMedian(dev, [&] {
            return k.launch(
                {rows}, {rt::Arg::ptr(x), rt::Arg::ptr(y), rt::Arg::i32(cols)});
          });
        },
        double(rows) * cols * 4, "GB/s");
  }
  for (ElemTy dt : {ElemTy::F16, ElemTy::BF16, ElemTy::F32}) {
    unsigned n = 4096;
    MatmulCfg m;
    m.dt = dt;
    m.M = m.N = m.K = n;
    m.specialize = true; // as Triton's JIT launches it
    Case cs = matmulCase(m);
    report(
        cs.line(), comps.get(cs.key),
        [&](rt::Kernel &k) -> llvm::Expected<double> {
          rt::DeviceBuffer a(dev), b(dev), c(dev);
          size_t bytes = size_t(n) * n * byteSize(dt);
          if (auto e = a.alloc(bytes))
            return std::move(e);
          if (auto e = a.fill8(0))
            return std::move(e);
          if (auto e = b.alloc(bytes))
            return std::move(e);
          if (auto e = b.fill8(0))
            return std::move(e);
          if (auto e = c.alloc(size_t(n) * n * 4))
            return std::move(e);
          return timeMedian(dev, [&] {
            return k.launch({cdiv(n, 64), cdiv(n, 64)},
                            {rt::Arg::ptr(a), rt::Arg::ptr(b), rt::Arg::ptr(c),
                             rt::Arg::i32(n), rt::Arg::i32(n), rt::Arg::i32(n),
                             rt::Arg::i32(n), rt::Arg::i32(n),
                             rt::Arg::i32(n)});
          });
        },
        2.0 * n * n * n / 1e3, "TFLOP/s");
  }
  return failures ? 1 : 0;
}

} // namespace tilec::gputest
