//===- RunBuffers.h - Arrays of one kernel run, random inputs ---*- C++ -*-===//
//
// Rng: the random bits and numbers of the small-input cases (one thread).
// Buffers: the arrays of one launch in the kernel's parameter order (its
// pointers first, then i32s), uploaded, launched, downloaded, and the same
// launch on the interpreter for comparison.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TOOLS_GPUTEST_RUNBUFFERS_H
#define TILEC_TOOLS_GPUTEST_RUNBUFFERS_H

#include "Cases.h"

#include "llvm/ADT/ArrayRef.h"

#include <memory>

namespace tilec::gputest {

/// Random bits and numbers for small inputs (small inputs: one thread).
struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed * 0x100000001b3ull + 0x5eed) {}
  uint64_t bits() { return splitmix(s); }
  /// Uniform in [0, n) (n > 0).
  uint64_t below(uint64_t n) { return bits() % n; }
  /// Uniform integer in [lo, hi].
  int64_t range(int64_t lo, int64_t hi) {
    return lo + int64_t(below(uint64_t(hi - lo) + 1));
  }
  double uniform(double lo, double hi) {
    return lo + (hi - lo) * double(bits() >> 11) * (1.0 / 9007199254740992.0);
  }
};

/// The arrays of one run in the kernel's parameter order (pointers first,
/// then i32s).
/// Inputs and in/out arrays hold what the kernel starts from; pure outputs
/// are poisonedHost. Add every array before taking references to them.
struct Buffers {
  std::vector<std::string> names;
  std::vector<HostArray> arrays;  // after run(): the GPU's results
  std::vector<HostArray> initial; // what run() uploaded (the interpreter's)
  unsigned add(const std::string &name, HostArray a) {
    names.push_back(name);
    arrays.push_back(std::move(a));
    return unsigned(arrays.size() - 1);
  }
  HostArray &operator[](unsigned i) { return arrays[i]; }

  /// Uploads every array, launches `k` on `grid` programs with a pointer to
  /// each then the i32 `ints`, and downloads the arrays `outs` in place.
  llvm::Error run(Ctx &ctx, rt::Kernel &k, unsigned grid,
                  llvm::ArrayRef<int64_t> ints, llvm::ArrayRef<unsigned> outs) {
    initial = arrays;
    std::vector<std::unique_ptr<rt::DeviceBuffer>> bufs;
    std::vector<rt::Arg> args;
    for (HostArray &h : arrays) {
      bufs.push_back(std::make_unique<rt::DeviceBuffer>(ctx.dev));
      if (auto e = upload(ctx.dev, *bufs.back(), h))
        return e;
      args.push_back(rt::Arg::ptr(*bufs.back(), sigName(h.type())));
    }
    for (int64_t v : ints)
      args.push_back(rt::Arg::i32(int32_t(v)));
    if (auto e = k.launch({grid}, args))
      return e;
    if (auto e = ctx.dev.synchronize())
      return e;
    for (unsigned i : outs)
      if (auto e = download(*bufs[i], arrays[i]))
        return e;
    return llvm::Error::success();
  }

  /// The same launch on the interpreter, from `initial`, its arrays `outs`
  /// compared with the GPU's (compareArrays: integers bit for bit, floats
  /// within twice the recorded tolerance). Only for results that do not
  /// depend on the order in which programs reached an address.
  llvm::Error interp(Ctx &ctx, Checker &chk, unsigned grid,
                     llvm::ArrayRef<int64_t> ints,
                     llvm::ArrayRef<unsigned> outs) {
    std::vector<std::pair<std::string, HostArray *>> a;
    std::vector<interp::KernelArg> args;
    for (unsigned i = 0; i < initial.size(); ++i) {
      a.push_back({names[i], &initial[i]});
      args.push_back(interp::KernelArg::buf(i));
    }
    for (int64_t v : ints)
      args.push_back(interp::KernelArg::integer(v));
    std::vector<std::pair<unsigned, const HostArray *>> o;
    for (unsigned i : outs)
      o.push_back({i, &arrays[i]});
    return compareOutputsWithInterpreter(ctx, chk, {grid, 1, 1}, a, o, args);
  }
};

} // namespace tilec::gputest

#endif // TILEC_TOOLS_GPUTEST_RUNBUFFERS_H
