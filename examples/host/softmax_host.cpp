// softmax_host: compiles examples/softmax.py's softmax_kernel through the
// tilec kernel cache and, when a GPU is present, runs it on random input,
// checks it against a CPU reference and prints time and GB/s. Without a GPU
// it prints "no CUDA driver found" (or the driver's error) and exits 0.
//
//   softmax_host [softmax.py] [rows] [cols]

#include "tilec/Jit/Cache.h"
#include "tilec/Runtime/Runtime.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace tilec;

static int fail(llvm::Error e) {
  std::fprintf(stderr, "error: %s\n", llvm::toString(std::move(e)).c_str());
  return 1;
}

int main(int argc, char **argv) {
  std::string path = argc > 1 ? argv[1] : SOFTMAX_PY;
  int rows = argc > 2 ? std::atoi(argv[2]) : 4096;
  int cols = argc > 3 ? std::atoi(argv[3]) : 1000;
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "error: cannot read %s\n", path.c_str());
    return 1;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  std::string source = ss.str();

  int block = 1;
  while (block < cols)
    block *= 2;
  CompileOptions opts;
  opts.kernel = "softmax_kernel";
  opts.signature =
      "*fp32:16, *fp32:16, i32, i32, i32, " + std::to_string(block);
  opts.numWarps = block >= 4096 ? 16 : block >= 2048 ? 8 : 4;

  auto dev = rt::Device::open();
  if (dev && dev->computeCapability() < 90)
    opts.arch = "sm_80";

  rt::KernelCache &cache = rt::KernelCache::global();
  auto ck = cache.get(source, opts, path);
  if (!ck)
    return fail(ck.takeError());
  std::printf("compiled %s (BLOCK_SIZE %d, %d warps, %zu bytes of PTX; "
              "cache: %s)\n",
              ck->name.c_str(), block, opts.numWarps, ck->ptx.size(),
              cache.directory().empty() ? "memory only"
                                        : cache.directory().c_str());

  if (!dev) {
    std::printf("%s\n", llvm::toString(dev.takeError()).c_str());
    return 0;
  }
  auto k = rt::Kernel::load(*dev, *ck);
  if (!k)
    return fail(k.takeError());

  size_t n = size_t(rows) * cols;
  std::vector<float> x(n), y(n), ref(n);
  std::mt19937 rng(42);
  std::uniform_real_distribution<float> dist(-4.0f, 4.0f);
  for (float &v : x)
    v = dist(rng);
  for (int r = 0; r < rows; ++r) {
    const float *xr = &x[size_t(r) * cols];
    double m = *std::max_element(xr, xr + cols), s = 0;
    for (int c = 0; c < cols; ++c)
      s += std::exp(double(xr[c]) - m);
    for (int c = 0; c < cols; ++c)
      ref[size_t(r) * cols + c] = float(std::exp(double(xr[c]) - m) / s);
  }

  rt::DeviceBuffer dx(*dev), dy(*dev);
  if (auto e = dx.alloc(n * 4))
    return fail(std::move(e));
  if (auto e = dy.alloc(n * 4))
    return fail(std::move(e));
  if (auto e = dx.copyFromHost(x.data(), n * 4))
    return fail(std::move(e));
  std::vector<rt::Arg> args = {rt::Arg::ptr(dy, "fp32"),
                               rt::Arg::ptr(dx, "fp32"), rt::Arg::i32(cols),
                               rt::Arg::i32(cols), rt::Arg::i32(cols)};
  if (auto e = k->launch({unsigned(rows)}, args))
    return fail(std::move(e));
  if (auto e = dev->synchronize())
    return fail(std::move(e));
  if (auto e = dy.copyToHost(y.data(), n * 4))
    return fail(std::move(e));
  double maxErr = 0;
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i) {
    double err = std::fabs(double(y[i]) - ref[i]);
    maxErr = std::max(maxErr, std::isnan(err) ? INFINITY : err);
    bad += !(err <= 1e-6 + 1e-5 * std::fabs(ref[i]));
  }

  auto timer = rt::Timer::create(*dev);
  if (!timer)
    return fail(timer.takeError());
  std::vector<float> ms;
  for (int i = 0; i < 20; ++i) {
    if (auto e = timer->start())
      return fail(std::move(e));
    if (auto e = k->launch({unsigned(rows)}, args))
      return fail(std::move(e));
    if (auto e = timer->stop())
      return fail(std::move(e));
    auto t = timer->elapsedMs();
    if (!t)
      return fail(t.takeError());
    ms.push_back(*t);
  }
  std::sort(ms.begin(), ms.end());
  double med = ms[ms.size() / 2];
  std::printf("%s: softmax %dx%d: max_err %.3g, %zu bad; %.4f ms, %.1f GB/s\n",
              dev->name().c_str(), rows, cols, maxErr, bad, med,
              2.0 * n * 4 / (med * 1e-3) / 1e9);
  return bad ? 1 : 0;
}
