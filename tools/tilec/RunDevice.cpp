//===- RunDevice.cpp - `tilec run` on the GPU
//------------------------------===//
//
// Built with TilecRuntime (TILEC_HAVE_RUNTIME); without it deviceRunAvailable()
// is false and runOnDevice() says how to run on the CPU instead.
//
//===----------------------------------------------------------------------===//

#include "RunDevice.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#ifdef TILEC_HAVE_RUNTIME
#include "tilec/Jit/Jit.h"
#include "tilec/Runtime/Runtime.h"

#include <algorithm>
#include <chrono>
#endif

using namespace tilec;

#ifndef TILEC_HAVE_RUNTIME

bool tilec::deviceRunAvailable() { return false; }

std::string tilec::deviceArch() { return {}; }

llvm::Error tilec::runOnDevice(Compiler &, const ParsedSource &, CompileOptions,
                               const DeviceRunOptions &,
                               std::array<unsigned, 3>,
                               llvm::ArrayRef<interp::KernelArg>,
                               llvm::ArrayRef<interp::HostBuffer>,
                               llvm::raw_ostream &) {
  return llvm::createStringError(
      "this tilec was built without the CUDA runtime (cuda.h was not found); "
      "run in the CPU interpreter with --interpret");
}

#else

bool tilec::deviceRunAvailable() { return true; }

std::string tilec::deviceArch() {
  auto dev = rt::Device::open();
  if (!dev) {
    llvm::consumeError(dev.takeError());
    return {};
  }
  return rt::archForComputeCapability(dev->computeCapability());
}

llvm::Error tilec::runOnDevice(Compiler &compiler, const ParsedSource &src,
                               CompileOptions opts, const DeviceRunOptions &run,
                               std::array<unsigned, 3> grid,
                               llvm::ArrayRef<interp::KernelArg> args,
                               llvm::ArrayRef<interp::HostBuffer> buffers,
                               llvm::raw_ostream &timing) {
  // 1. The device, and the target it runs.
  auto dev = rt::Device::open();
  if (!dev)
    return dev.takeError();
  if (!run.arch.empty()) {
    opts.arch = run.arch;
  } else {
    opts.arch = rt::archForComputeCapability(dev->computeCapability());
  }

  // 2. Compile and load.
  auto kernel = rt::compileAndLoad(*dev, compiler, src, opts);
  if (!kernel)
    return kernel.takeError();
  const CompiledKernel &ck = kernel->compiled();
  if (ck.resources.spills())
    llvm::errs() << "tilec: warning: kernel '" << ck.name
                 << "' spills registers to local memory ("
                 << ck.resources.summary() << " per thread)\n";
  if (ck.params.size() != args.size())
    return llvm::createStringError(
        "kernel '" + ck.name + "' takes " + std::to_string(ck.params.size()) +
        " runtime arguments, " + std::to_string(args.size()) + " given");

  // 3. Buffers in, arguments typed as the signature says.
  std::vector<rt::DeviceBuffer> devBufs;
  devBufs.reserve(buffers.size());
  for (const interp::HostBuffer &hb : buffers) {
    devBufs.emplace_back(*dev);
    // A 0-byte buffer still gets a distinct, valid address.
    if (auto e = devBufs.back().alloc(std::max<size_t>(hb.bytes, 16)))
      return e;
    if (auto e = devBufs.back().copyFromHost(hb.data, hb.bytes))
      return e;
  }
  std::vector<rt::Arg> rtArgs;
  for (size_t i = 0; i < args.size(); ++i) {
    // The signature's types; rt::checkArgs reports a buffer given for a
    // scalar or the reverse.
    llvm::StringRef type = ck.params[i].second;
    bool pointer = type.starts_with("*");
    const interp::KernelArg &a = args[i];
    switch (a.kind) {
    case interp::KernelArg::Buffer:
      rtArgs.push_back(
          rt::Arg::ptr(devBufs[a.buffer], pointer ? type.drop_front() : ""));
      break;
    case interp::KernelArg::Int:
      rtArgs.push_back(rt::Arg::integer(pointer ? "" : type, a.i));
      break;
    case interp::KernelArg::Float:
      rtArgs.push_back(rt::Arg::fp(pointer ? "" : type, a.f));
      break;
    }
  }

  // 4. Launch once, check, copy out; then the timed launches.
  rt::Dim3 g(grid[0], grid[1], grid[2]);
  if (auto e = kernel->launch(g, rtArgs))
    return e;
  if (auto e = dev->synchronize())
    return e;
  for (size_t b = 0; b < buffers.size(); ++b)
    if (auto e = devBufs[b].copyToHost(buffers[b].data, buffers[b].bytes))
      return e;
  if (run.repeat <= 0)
    return llvm::Error::success();
  for (int w = 0; w < run.warmup; ++w)
    if (auto e = kernel->launch(g, rtArgs))
      return e;
  auto timer = rt::Timer::create(*dev);
  if (!timer)
    return timer.takeError();
  std::vector<float> ms;
  auto start = std::chrono::steady_clock::now();
  bool progress = false;
  for (int r = 0; r < run.repeat; ++r) {
    if (auto e = timer->start())
      return e;
    if (auto e = kernel->launch(g, rtArgs))
      return e;
    if (auto e = timer->stop())
      return e;
    auto t = timer->elapsedMs();
    if (!t)
      return t.takeError();
    ms.push_back(*t);
    // A progress line for runs that take a while.
    double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    if (s > 2 && (r + 1) % 10 == 0) {
      llvm::errs() << "\rtilec: " << (r + 1) << "/" << run.repeat
                   << " launches";
      progress = true;
    }
  }
  if (progress)
    llvm::errs() << "\n";
  std::sort(ms.begin(), ms.end());
  double median = ms[ms.size() / 2];
  timing << "tilec: " << ck.name << " on " << dev->name() << " (" << opts.arch
         << "): median " << llvm::format("%.4f", median) << " ms over "
         << run.repeat << " launches (min " << llvm::format("%.4f", ms.front())
         << ")";
  if (run.warmup)
    timing << " after " << run.warmup << " warm-up";
  if (run.bytes > 0)
    timing << ", " << llvm::format("%.1f", run.bytes / (median * 1e-3) / 1e9)
           << " GB/s";
  if (run.flops > 0)
    timing << ", " << llvm::format("%.1f", run.flops / (median * 1e-3) / 1e12)
           << " TFLOP/s";
  timing << "\n";
  return llvm::Error::success();
}

#endif
