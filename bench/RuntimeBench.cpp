//===- RuntimeBench.cpp - Kernel cache hit time and launch overhead -------===//
//
//   tilec-runtime-bench [--iters N]
//
// (a) cache hit: KernelCache::get of examples/softmax.py's softmax_kernel
//     from a fresh KernelCache object on a warm disk cache (a temporary
//     directory), median of 100 (target < 1 ms); memory hits too.
// (b) with a GPU: host overhead per launch: 10000 launches of a tiny kernel
//     in a loop without synchronizing, wall clock / launch (target < 5 us).
//     Without a GPU it says so.
//
// Not part of the test suite.
//
//===----------------------------------------------------------------------===//

#include "tilec/Runtime/Cache.h"
#include "tilec/Runtime/Runtime.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <vector>

using namespace tilec;
using Clock = std::chrono::steady_clock;

static const char *tinySource = R"(import triton
import triton.language as tl

@triton.jit
def tiny_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, offs.to(tl.float32), mask=offs < n)
)";

static double usSince(Clock::time_point t0) {
  return std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
}

static double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, size_t(p * (v.size() - 1) + 0.5))];
}

static int fail(llvm::Error e) {
  llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
  return 1;
}

int main(int argc, char **argv) {
  int iters = 100;
  if (argc == 3 && llvm::StringRef(argv[1]) == "--iters")
    iters = std::max(1, std::atoi(argv[2]));

  // The source tree it was built in, else the current directory (a copy
  // of the repository elsewhere, e.g. on the GPU machine).
  auto buf = llvm::MemoryBuffer::getFile(TILEC_SOURCE_DIR "/examples/softmax.py");
  if (!buf)
    buf = llvm::MemoryBuffer::getFile("examples/softmax.py");
  if (!buf) {
    llvm::errs() << "error: cannot read examples/softmax.py (run from the "
                    "repository root)\n";
    return 1;
  }
  std::string softmax = (*buf)->getBuffer().str();
  CompileOptions so;
  so.kernel = "softmax_kernel";
  so.signature = "*fp32:16, *fp32:16, i32, i32, i32, 1024";

  llvm::SmallString<256> dir;
  if (llvm::sys::fs::createUniqueDirectory("tilec-runtime-bench", dir)) {
    llvm::errs() << "error: cannot create a temporary directory\n";
    return 1;
  }
  struct Cleanup {
    std::string d;
    ~Cleanup() { llvm::sys::fs::remove_directories(d); }
  } cleanup{std::string(dir)};

  // (a) Cache hits.
  auto t0 = Clock::now();
  {
    rt::KernelCache warm{std::string(dir)};
    auto ck = warm.get(softmax, so, "softmax.py");
    if (!ck)
      return fail(ck.takeError());
    llvm::outs() << llvm::formatv(
        "compile (miss, incl. compiler setup): {0:f1} ms, PTX {1} bytes\n",
        usSince(t0) / 1000, ck->ptx.size());
  }
  std::vector<double> disk, mem;
  for (int i = 0; i < iters; ++i) {
    rt::KernelCache c{std::string(dir)};
    auto t = Clock::now();
    auto ck = c.get(softmax, so, "softmax.py");
    disk.push_back(usSince(t));
    if (!ck)
      return fail(ck.takeError());
    if (c.stats().diskHits != 1) {
      llvm::errs() << "error: expected a disk hit\n";
      return 1;
    }
    t = Clock::now();
    auto again = c.get(softmax, so, "softmax.py");
    mem.push_back(usSince(t));
    if (!again)
      return fail(again.takeError());
  }
  double med = percentile(disk, 0.5);
  llvm::outs() << llvm::formatv(
      "cache hit on disk (fresh KernelCache): median {0:f1} us, p90 {1:f1} us "
      "over {2} ({3})\n",
      med, percentile(disk, 0.9), iters,
      med < 1000 ? "target < 1 ms: met" : "target < 1 ms: MISSED");
  llvm::outs() << llvm::formatv("cache hit in memory: median {0:f2} us\n",
                                percentile(mem, 0.5));

  // (b) Launch overhead.
  auto dev = rt::Device::open();
  if (!dev) {
    llvm::outs() << "launch overhead: skipped, no GPU ("
                 << llvm::toString(dev.takeError()) << ")\n";
    return 0;
  }
  CompileOptions to;
  to.kernel = "tiny_kernel";
  to.signature = "*fp32:16, i32, 32";
  to.numWarps = 1;
  to.arch = dev->computeCapability() >= 90 ? "sm_90" : "sm_80";
  rt::KernelCache cache{std::string(dir)};
  auto k = cache.load(*dev, tinySource, to, "tiny.py");
  if (!k)
    return fail(k.takeError());
  rt::DeviceBuffer x(*dev);
  if (auto e = x.alloc(32 * 4))
    return fail(std::move(e));
  rt::Arg args[] = {rt::Arg::ptr(x, "fp32"), rt::Arg::i32(32)};
  for (int i = 0; i < 1000; ++i)
    if (auto e = k->launch({1}, args))
      return fail(std::move(e));
  if (auto e = dev->synchronize())
    return fail(std::move(e));
  constexpr int launches = 10000;
  std::vector<double> perLaunch;
  for (int rep = 0; rep < 5; ++rep) {
    auto t = Clock::now();
    for (int i = 0; i < launches; ++i)
      if (auto e = k->launch({1}, args))
        return fail(std::move(e));
    double loop = usSince(t);
    if (auto e = dev->synchronize())
      return fail(std::move(e));
    perLaunch.push_back(loop / launches);
  }
  double best = percentile(perLaunch, 0.5);
  llvm::outs() << llvm::formatv(
      "launch overhead on {0}: median {1:f2} us / launch over 5 x {2} "
      "launches, no sync per launch ({3})\n",
      dev->name(), best, launches,
      best < 5 ? "target < 5 us: met" : "target < 5 us: MISSED");
  return 0;
}
