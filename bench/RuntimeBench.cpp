//===- RuntimeBench.cpp - Kernel cache hit time and launch overhead -------===//
//
//   tilec-runtime-bench [--iters N]
//
// (a) cache hit: KernelCache::get of examples/softmax.py's softmax_kernel
//     from a fresh KernelCache object on a warm disk cache (a temporary
//     directory), median of 100 (target < 1 ms); memory hits too.
// (b) with a GPU: host overhead per launch: 10000 launches of a tiny kernel
//     in a loop without synchronizing, wall clock / launch (target < 5 us),
//     through rt::Kernel and through rt::JitKernel's typed launch (which
//     specializes on the arguments each time). Without a GPU it says so.
// (c) with a GPU: examples/matmul_relu.py at 4096^3 fp16 (128x128x64 tiles,
//     8 warps) launched through rt::JitKernel with plain int sizes and
//     strides, against the kernel compiled for the hand-written signature
//     (`i32:16` / `1`): same PTX, same result (exact on the inputs used),
//     median time of each.
//     Then examples/matmul_autotune.py (the same kernel under
//     @triton.autotune over five configs) tuned on first launch, each
//     config's time, the choice, and the chosen kernel's median time.
// (d) the same matmul (sm_90a) from a fresh KernelCache on a warm disk cache
//     to a loaded kernel, with the entry's cubin (cuModuleLoadData, no PTX
//     JIT) and from its PTX (cuModuleLoadDataEx), median of 7 each. The
//     entry is made first, also without a GPU, in $TILEC_BENCH_CUBIN_CACHE
//     (default: the temporary directory); its cubin needs ptxas, so on a GPU
//     machine without a CUDA toolkit prepare that directory elsewhere with
//     the same build and carry it. The
//     driver's own cache of JIT results is turned off for the process
//     (CUDA_CACHE_DISABLE=1, unless set otherwise), so that the PTX path
//     pays the JIT as a first run on a machine does.
//
// Not part of the test suite.
//
//===----------------------------------------------------------------------===//

#include "tilec/Jit/Cache.h"
#include "tilec/Jit/Jit.h"
#include "tilec/Runtime/Runtime.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
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

static std::string readSource(llvm::StringRef name) {
  // The source tree it was built in, else the current directory (a copy
  // of the repository elsewhere, e.g. on the GPU machine).
  auto buf = llvm::MemoryBuffer::getFile(TILEC_SOURCE_DIR "/" + name);
  if (!buf)
    buf = llvm::MemoryBuffer::getFile(name);
  return buf ? (*buf)->getBuffer().str() : "";
}

static int jitMatmul(const rt::Device &dev);
static int cubinLoad(const rt::Device &dev, const std::string &dir);
static int cubinPrepare(const std::string &dir);

static int fail(llvm::Error e) {
  llvm::errs() << "error: " << llvm::toString(std::move(e)) << "\n";
  return 1;
}

int main(int argc, char **argv) {
  setenv("CUDA_CACHE_DISABLE", "1", /*overwrite=*/0); // before cuInit
  int iters = 100;
  if (argc == 3 && llvm::StringRef(argv[1]) == "--iters")
    iters = std::max(1, std::atoi(argv[2]));

  std::string softmax = readSource("examples/softmax.py");
  if (softmax.empty()) {
    llvm::errs() << "error: cannot read examples/softmax.py (run from the "
                    "repository root)\n";
    return 1;
  }
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

  // (d), first part: the cubin entry (also without a GPU).
  std::string cubinDir = std::string(dir);
  if (const char *d = std::getenv("TILEC_BENCH_CUBIN_CACHE"); d && *d)
    cubinDir = d;
  if (int rc = cubinPrepare(cubinDir))
    return rc;

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

  // The same through the JIT's typed launch.
  rt::JitOptions jo;
  jo.constexprs = {{"BLOCK", "32"}};
  jo.compile.numWarps = 1;
  jo.cache = &cache;
  auto jk = rt::JitKernel::create(*dev, tinySource, "tiny_kernel", jo);
  if (!jk)
    return fail(jk.takeError());
  auto xp = rt::ptr<float>(x);
  for (int i = 0; i < 1000; ++i)
    if (auto e = jk->launch(1, xp, 32))
      return fail(std::move(e));
  if (auto e = dev->synchronize())
    return fail(std::move(e));
  perLaunch.clear();
  for (int rep = 0; rep < 5; ++rep) {
    auto t = Clock::now();
    for (int i = 0; i < launches; ++i)
      if (auto e = jk->launch(1, xp, 32))
        return fail(std::move(e));
    double loop = usSince(t);
    if (auto e = dev->synchronize())
      return fail(std::move(e));
    perLaunch.push_back(loop / launches);
  }
  llvm::outs() << llvm::formatv(
      "launch overhead through JitKernel (specialized per launch): median "
      "{0:f2} us / launch\n",
      percentile(perLaunch, 0.5));
  if (int rc = jitMatmul(*dev))
    return rc;
  return cubinLoad(*dev, cubinDir);
}

static int jitMatmul(const rt::Device &dev) {
  std::string src = readSource("examples/matmul_relu.py");
  if (src.empty()) {
    llvm::errs() << "error: cannot read examples/matmul_relu.py\n";
    return 1;
  }
  const int M = 4096, N = 4096, K = 4096;
  // Entries in {-1, -0.5, 0, 0.5, 1} (fp16 bits): every product and partial
  // sum is exact in fp32, so both kernels must match the reference exactly.
  const uint16_t bits[] = {0xBC00, 0xB800, 0x0000, 0x3800, 0x3C00};
  const double vals[] = {-1, -0.5, 0, 0.5, 1};
  auto stream = rt::Stream::create(dev);
  if (!stream)
    return fail(stream.takeError());
  rt::PinnedBuffer ha(dev), hb(dev), hc(dev);
  rt::DeviceBuffer a(dev), b(dev), c(dev), cHand(dev);
  size_t abytes = size_t(M) * K * 2, cbytes = size_t(M) * N * 4;
  for (rt::PinnedBuffer *h : {&ha, &hb})
    if (auto e = h->alloc(abytes))
      return fail(std::move(e));
  for (rt::DeviceBuffer *d : {&a, &b})
    if (auto e = d->alloc(abytes))
      return fail(std::move(e));
  if (auto e = hc.alloc(cbytes))
    return fail(std::move(e));
  for (rt::DeviceBuffer *d : {&c, &cHand})
    if (auto e = d->alloc(cbytes))
      return fail(std::move(e));
  uint32_t seed = 12345;
  auto next = [&] {
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 16) % 5;
  };
  std::vector<uint8_t> ia(size_t(M) * K), ib(size_t(K) * N);
  for (size_t i = 0; i < ia.size(); ++i)
    ha.as<uint16_t>()[i] = bits[ia[i] = next()];
  for (size_t i = 0; i < ib.size(); ++i)
    hb.as<uint16_t>()[i] = bits[ib[i] = next()];
  if (auto e = a.copyFromHostAsync(ha.data(), abytes, *stream))
    return fail(std::move(e));
  if (auto e = b.copyFromHostAsync(hb.data(), abytes, *stream))
    return fail(std::move(e));
  for (rt::DeviceBuffer *out : {&c, &cHand})
    if (auto e = out->fill32(0x7fc00000)) // NaN: poisoned
      return fail(std::move(e));

  rt::JitOptions o;
  o.constexprs = {{"BLOCK_M", "128"}, {"BLOCK_N", "128"}, {"BLOCK_K", "64"}};
  o.compile.numWarps = 8;
  o.filename = "matmul_relu.py";
  rt::KernelCache cache{""};
  o.cache = &cache;
  auto jit = rt::JitKernel::create(dev, src, "matmul_relu_kernel", o);
  if (!jit)
    return fail(jit.takeError());
  rt::Dim3 grid(M / 128, N / 128);
  auto pa = rt::ptr<rt::half>(a), pb = rt::ptr<rt::half>(b);
  auto pc = rt::ptr<float>(c);
  auto launchJit = [&] {
    return jit->launch(*stream, grid, pa, pb, pc, M, N, K, K, 1, N, 1, N, 1);
  };
  auto spec = jit->specializer().specialize(
      {rt::toArg(pa), rt::toArg(pb), rt::toArg(pc), rt::toArg(M), rt::toArg(N),
       rt::toArg(K), rt::toArg(K), rt::toArg(1), rt::toArg(N), rt::toArg(1),
       rt::toArg(N), rt::toArg(1)});
  if (!spec)
    return fail(spec.takeError());
  auto jk = jit->kernelFor(pa, pb, pc, M, N, K, K, 1, N, 1, N, 1);
  if (!jk)
    return fail(jk.takeError());

  CompileOptions hand = o.compile;
  hand.kernel = "matmul_relu_kernel";
  hand.arch = rt::archForComputeCapability(dev.computeCapability());
  hand.signature = "*fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, i32:16, "
                   "i32:16, 1, i32:16, 1, i32:16, 1, 128, 128, 64";
  auto hk = cache.load(dev, src, hand, "matmul_relu.py");
  if (!hk)
    return fail(hk.takeError());
  auto launchHand = [&] {
    return hk->launch(grid,
                      {rt::Arg::ptr(a, "fp16"), rt::Arg::ptr(b, "fp16"),
                       rt::Arg::ptr(cHand, "fp32"), rt::Arg::i32(M),
                       rt::Arg::i32(N), rt::Arg::i32(K), rt::Arg::i32(K),
                       rt::Arg::i32(N), rt::Arg::i32(N)},
                      *stream);
  };
  if (auto e = launchJit())
    return fail(std::move(e));
  if (auto e = launchHand())
    return fail(std::move(e));
  if (auto e = c.copyToHostAsync(hc.data(), cbytes, *stream))
    return fail(std::move(e));
  if (auto e = stream->synchronize())
    return fail(std::move(e));
  std::vector<float> handOut(size_t(M) * N);
  if (auto e = cHand.copyToHost(handOut.data(), cbytes))
    return fail(std::move(e));
  // The reference on a sample of entries; the two outputs everywhere.
  size_t bad = 0, differ = 0;
  for (size_t t = 0; t < 4096; ++t) {
    size_t i = (t * 2654435761u) % M, j = (t * 40503u + 7) % N;
    double ref = 0;
    for (int k = 0; k < K; ++k)
      ref += vals[ia[i * K + k]] * vals[ib[size_t(k) * N + j]];
    ref = std::max(ref, 0.0);
    bad += hc.as<float>()[i * N + j] != float(ref);
  }
  for (size_t i = 0; i < handOut.size(); ++i)
    differ += std::memcmp(&handOut[i], &hc.as<float>()[i], 4) != 0;

  auto time = [&](const std::function<llvm::Error()> &launch)
      -> llvm::Expected<double> {
    auto timer = rt::Timer::create(dev);
    if (!timer)
      return timer.takeError();
    std::vector<double> ms;
    for (int rep = 0; rep < 25; ++rep) {
      if (auto e = timer->start(*stream))
        return std::move(e);
      if (auto e = launch())
        return std::move(e);
      if (auto e = timer->stop(*stream))
        return std::move(e);
      auto t = timer->elapsedMs();
      if (!t)
        return t.takeError();
      if (rep >= 5) // warm-up
        ms.push_back(*t);
    }
    return percentile(ms, 0.5);
  };
  auto tj = time(launchJit);
  if (!tj)
    return fail(tj.takeError());
  auto th = time(launchHand);
  if (!th)
    return fail(th.takeError());
  double flops = 2.0 * M * N * K;
  bool samePTX = jk->compiled().ptx == hk->compiled().ptx;
  llvm::outs() << llvm::formatv(
      "JIT matmul_relu 4096^3 fp16 with plain ints: signature \"{0}\", PTX "
      "{1} the hand-written signature's; sampled entries wrong: {2}, entries "
      "differing from the hand-signed kernel: {3}; median {4:f3} ms ({5:f0} "
      "TFLOP/s) vs {6:f3} ms ({7:f0} TFLOP/s) hand-signed\n",
      spec->signature, samePTX ? "identical to" : "DIFFERENT from", bad, differ,
      *tj, flops / *tj / 1e9, *th, flops / *th / 1e9);
  if (bad || differ || !samePTX)
    return 1;

  // (e) Autotuning: examples/matmul_autotune.py (the same kernel under
  // @triton.autotune over five configs) on the same inputs.
  std::string tunedSrc = readSource("examples/matmul_autotune.py");
  rt::JitOptions to;
  to.filename = "matmul_autotune.py";
  to.cache = &cache; // memory only: tuned afresh
  auto tuned = rt::JitKernel::create(dev, tunedSrc, "matmul_relu_kernel", to);
  if (!tuned)
    return fail(tuned.takeError());
  auto gridOf = [&](const rt::Meta &meta) {
    return rt::Dim3(unsigned((M + meta["BLOCK_M"] - 1) / meta["BLOCK_M"]),
                    unsigned((N + meta["BLOCK_N"] - 1) / meta["BLOCK_N"]));
  };
  if (auto e = c.fill32(0x7fc00000))
    return fail(std::move(e));
  auto launchTuned = [&] {
    return tuned->launch(*stream, gridOf, pa, pb, pc, M, N, K, K, 1, N, 1, N,
                         1);
  };
  if (auto e = launchTuned()) // tunes, then runs the chosen config
    return fail(std::move(e));
  const rt::TuningRecord &rec = tuned->lastTuning();
  if (auto e = c.copyToHost(hc.data(), cbytes))
    return fail(std::move(e));
  size_t tunedDiffer = 0;
  for (size_t i = 0; i < handOut.size(); ++i)
    tunedDiffer += std::memcmp(&handOut[i], &hc.as<float>()[i], 4) != 0;
  auto tt = time(launchTuned);
  if (!tt)
    return fail(tt.takeError());
  const auto &configs = tuned->specializer().autotune()->configs;
  double fastest = -1;
  for (size_t i = 0; i < rec.ms.size(); ++i) {
    llvm::outs() << llvm::formatv(
        "  autotune config {0} ({1}): {2}\n", i, configs[i].describe(),
        rec.ms[i] < 0 ? std::string("failed")
                      : llvm::formatv("{0:f3} ms ({1:f0} TFLOP/s)", rec.ms[i],
                                      flops / rec.ms[i] / 1e9)
                            .str());
    if (rec.ms[i] >= 0 && (fastest < 0 || rec.ms[i] < fastest))
      fastest = rec.ms[i];
  }
  llvm::outs() << llvm::formatv(
      "autotuned matmul_relu 4096^3: config {0} chosen in {1:f2} s (5 "
      "configs compiled and timed); then median {2:f3} ms ({3:f0} TFLOP/s), "
      "fastest config while tuning {4:f3} ms; entries differing from the "
      "hand-signed kernel: {5}\n",
      rec.chosen, rec.seconds, *tt, flops / *tt / 1e9, fastest, tunedDiffer);
  return tunedDiffer ? 1 : 0;
}

/// The matmul of (d), compiled for sm_90a.
static CompileOptions cubinLoadOptions() {
  CompileOptions o;
  o.kernel = "matmul_relu_kernel";
  o.numWarps = 8;
  o.arch = "sm_90a";
  o.signature = "*fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, i32:16, "
                "i32:16, 1, i32:16, 1, i32:16, 1, 128, 128, 64";
  return o;
}

/// (d), first part, with or without a GPU: the entry in `dir` (assembled
/// into a cubin where ptxas is found).
static int cubinPrepare(const std::string &dir) {
  rt::KernelCache c{dir};
  auto ck = c.get(readSource("examples/matmul_relu.py"), cubinLoadOptions(),
                  "matmul_relu.py");
  if (!ck)
    return fail(ck.takeError());
  llvm::outs() << llvm::formatv(
      "matmul_relu_kernel in the cache: cubin of {0} bytes for {1} ({2})\n",
      ck->cubin.size(), ck->cubin.empty() ? "-" : ck->cubinTarget,
      ck->cubin.empty() ? "no ptxas here" : ck->resources.summary());
  return 0;
}

static int cubinLoad(const rt::Device &dev, const std::string &dir) {
  std::string src = readSource("examples/matmul_relu.py");
  CompileOptions o = cubinLoadOptions();
  std::vector<double> withCubin, fromPTX;
  for (int rep = 0; rep < 7; ++rep) {
    rt::KernelCache c{dir};
    auto t = Clock::now();
    auto k = c.load(dev, src, o, "matmul_relu.py");
    withCubin.push_back(usSince(t));
    if (!k)
      return fail(k.takeError());
    if (k->compiled().cubin.empty() || !k->jitInfoLog().empty()) {
      llvm::outs() << "cubin load: skipped (the cache entry has no cubin: "
                      "prepare it where ptxas is, see the file comment)\n";
      return 0;
    }
    rt::KernelCache c2{dir};
    t = Clock::now();
    auto ck = c2.get(src, o, "matmul_relu.py");
    if (!ck)
      return fail(ck.takeError());
    CompiledKernel noCubin = *ck;
    noCubin.cubin.clear();
    auto k2 = rt::Kernel::load(dev, noCubin);
    fromPTX.push_back(usSince(t));
    if (!k2)
      return fail(k2.takeError());
    if (rep == 0)
      llvm::outs() << "the driver JIT's log:\n"
                   << llvm::StringRef(k2->jitInfoLog()).trim() << "\n";
  }
  llvm::outs() << llvm::formatv(
      "fresh KernelCache to loaded matmul_relu_kernel: median {0:f2} ms with "
      "the cached cubin, {1:f2} ms from the cached PTX\n",
      percentile(withCubin, 0.5) / 1000, percentile(fromPTX, 0.5) / 1000);
  return 0;
}
