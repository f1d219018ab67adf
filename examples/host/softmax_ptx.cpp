// softmax_ptx: loads softmax_kernel as `tilec` wrote it (PTX or cubin and its
// metadata JSON) and, when a GPU is present, runs it on random input and
// checks it against a CPU reference. It links tilec::runtime only: no
// compiler, no MLIR.
//
//   tilec examples/softmax.py --kernel softmax_kernel \
//     --signature "*fp32:16, *fp32:16, i32, i32, i32, 1024" \
//     --emit=ptx -o softmax.ptx                      # and softmax.json
//   softmax_ptx softmax.ptx [rows] [cols]            # cols <= BLOCK_SIZE
//
// Without a GPU, loading fails with the runtime's error ("no CUDA driver
// found (...)") and it exits 1.

#include "tilec/Kernel/CompiledKernel.h"
#include "tilec/Runtime/Runtime.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

using namespace tilec;

static int fail(llvm::Error e) {
  std::fflush(stdout);
  std::fprintf(stderr, "error: %s\n", llvm::toString(std::move(e)).c_str());
  return 1;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: softmax_ptx KERNEL.ptx|KERNEL.cubin "
                         "[rows] [cols]\n");
    return 2;
  }
  int rows = argc > 2 ? std::atoi(argv[2]) : 4096;
  int cols = argc > 3 ? std::atoi(argv[3]) : 1000;

  auto ck = CompiledKernel::readFiles(argv[1]);
  if (!ck)
    return fail(ck.takeError());
  std::printf("read %s: %zu parameters, %d warps, %s\n", ck->name.c_str(),
              ck->params.size(), ck->numWarps,
              ck->cubin.empty() ? "PTX"
                                : ("cubin for " + ck->cubinTarget).c_str());

  auto dev = rt::Device::open();
  if (!dev)
    return fail(dev.takeError());
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
  // Checked against the parameters of the metadata before the launch.
  if (auto e = k->launch({unsigned(rows)},
                         {rt::Arg::ptr(dy, "fp32"), rt::Arg::ptr(dx, "fp32"),
                          rt::Arg::i32(cols), rt::Arg::i32(cols),
                          rt::Arg::i32(cols)}))
    return fail(std::move(e));
  if (auto e = dev->synchronize())
    return fail(std::move(e));
  if (auto e = dy.copyToHost(y.data(), n * 4))
    return fail(std::move(e));
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i)
    bad +=
        !(std::fabs(double(y[i]) - ref[i]) <= 1e-6 + 1e-5 * std::fabs(ref[i]));
  std::printf("%s: softmax %dx%d: %zu bad\n", dev->name().c_str(), rows, cols,
              bad);
  return bad ? 1 : 0;
}
