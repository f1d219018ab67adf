//===- Harness.h - Helpers of the interpreter tests -------------*- C++ -*-===//

#ifndef TILEC_INTERP_TESTS_HARNESS_H
#define TILEC_INTERP_TESTS_HARNESS_H

#include "tilec/Compiler/Compiler.h"
#include "tilec/Interpreter/Interpreter.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <variant>
#include <vector>

namespace tilec::interp::test {

enum class DType { F32, F16, BF16 };

inline const char *sigName(DType d) {
  return d == DType::F32 ? "fp32" : d == DType::F16 ? "fp16" : "bf16";
}
inline size_t sizeOf(DType d) { return d == DType::F32 ? 4 : 2; }
inline double roundTo(DType d, double v) {
  return d == DType::F32 ? double(float(v))
         : d == DType::F16 ? roundToF16(v)
                           : roundToBF16(v);
}
/// The unit roundoff of a format.
inline double unitRoundoff(DType d) {
  return d == DType::F32 ? std::ldexp(1.0, -24)
         : d == DType::F16 ? std::ldexp(1.0, -11)
                           : std::ldexp(1.0, -8);
}

/// A host array of one dtype, poisoned with NaN on creation.
struct Array {
  DType dtype;
  std::vector<uint64_t> storage; // 8-byte aligned
  size_t n;
  Array(DType d, size_t count) : dtype(d), storage((count * sizeOf(d) + 7) / 8 + 1), n(count) {
    for (size_t i = 0; i < n; ++i)
      set(i, NAN);
  }
  void *data() { return storage.data(); }
  size_t bytes() const { return n * sizeOf(dtype); }
  void set(size_t i, double v) {
    char *p = reinterpret_cast<char *>(storage.data()) + i * sizeOf(dtype);
    if (dtype == DType::F32) {
      float f = float(v);
      std::memcpy(p, &f, 4);
    } else {
      uint16_t b = dtype == DType::F16 ? toF16Bits(v) : toBF16Bits(v);
      std::memcpy(p, &b, 2);
    }
  }
  double get(size_t i) const {
    const char *p = reinterpret_cast<const char *>(storage.data()) + i * sizeOf(dtype);
    if (dtype == DType::F32) {
      float f;
      std::memcpy(&f, p, 4);
      return f;
    }
    uint16_t b;
    std::memcpy(&b, p, 2);
    return dtype == DType::F16 ? fromF16Bits(b) : fromBF16Bits(b);
  }
  /// Uniform random values in [-1, 1), rounded to the dtype.
  void randomize(std::mt19937 &rng) {
    std::uniform_real_distribution<double> dist(-1.0, 1.0);
    for (size_t i = 0; i < n; ++i)
      set(i, dist(rng));
  }
  HostBuffer buffer(std::string name) {
    return HostBuffer{data(), bytes(), std::move(name)};
  }
};

/// Compiles kernels of one source file, caching by (kernel, signature).
class KernelCache {
public:
  explicit KernelCache(std::string path, std::string text = "") {
    if (text.empty()) {
      auto buf = llvm::MemoryBuffer::getFile(path);
      if (buf)
        text = (*buf)->getBuffer().str();
    }
    src_ = compiler_.parse(path, text, llvm::errs());
  }
  mlir::ModuleOp get(const std::string &kernel, const std::string &sig) {
    auto key = kernel + "|" + sig;
    auto it = cache_.find(key);
    if (it != cache_.end())
      return it->second.get();
    CompileOptions opts;
    opts.kernel = kernel;
    opts.signature = sig;
    auto m = compiler_.compileToTile(src_, opts, llvm::errs());
    mlir::ModuleOp r = m.get();
    cache_.emplace(key, std::move(m));
    return r;
  }
  Compiler &compiler() { return compiler_; }

private:
  Compiler compiler_;
  ParsedSource src_;
  std::map<std::string, mlir::OwningOpRef<mlir::ModuleOp>> cache_;
};

inline KernelCache &seeds() {
  static KernelCache cache(TILEC_SOURCE_DIR "/examples/seed_kernels.py");
  return cache;
}

inline int64_t nextPow2(int64_t n) {
  int64_t p = 1;
  while (p < n)
    p *= 2;
  return p;
}

/// Runs and returns the error message ("" on success).
inline std::string run(mlir::ModuleOp m, std::array<unsigned, 3> grid,
                       llvm::ArrayRef<KernelArg> args,
                       llvm::MutableArrayRef<HostBuffer> bufs) {
  if (!m)
    return "<compile failed>";
  llvm::Error e = interpret(m, grid, args, bufs);
  return e ? llvm::toString(std::move(e)) : std::string();
}

/// Compiles `kernel` for `sig` (through `kc`) and runs it on `args`: a
/// test's buffer type (any with `HostBuffer host(std::string name)`) or a
/// scalar; buffers named `names[i]` (in diagnostics), else "buf<i>".
template <class BufT>
std::string runKernelWith(KernelCache &kc, const std::string &kernel,
                          const std::string &sig, std::array<unsigned, 3> grid,
                          std::vector<std::variant<BufT *, KernelArg>> args,
                          const std::vector<std::string> &names = {}) {
  mlir::ModuleOp m = kc.get(kernel, sig);
  if (!m)
    return "<compile failed: " + kernel + " " + sig + ">";
  std::vector<HostBuffer> bufs;
  std::vector<KernelArg> kargs;
  for (auto &a : args) {
    if (auto *b = std::get_if<BufT *>(&a)) {
      kargs.push_back(KernelArg::buf(unsigned(bufs.size())));
      bufs.push_back((*b)->host(bufs.size() < names.size()
                                    ? names[bufs.size()]
                                    : "buf" + std::to_string(bufs.size())));
    } else {
      kargs.push_back(std::get<KernelArg>(a));
    }
  }
  return run(m, grid, kargs, bufs);
}

} // namespace tilec::interp::test

#endif
