//===- Compilations.h - Compiled kernel configurations, cached --*- C++ -*-===//
//
// Every case names the kernel configuration it runs (a KernelKey: seed
// file, kernel, signature, warps, stages, programs per CTA); Compilations
// compiles each distinct one once, from the embedded seeds or --examples,
// and loads it into the device once.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TOOLS_GPUTEST_COMPILATIONS_H
#define TILEC_TOOLS_GPUTEST_COMPILATIONS_H

#include "Options.h"

#include "tilec/Compiler/Compiler.h"
#include "tilec/Runtime/Runtime.h"

#include <map>
#include <memory>
#include <optional>
#include <string>

namespace tilec::gputest {

/// One compiled configuration, shared by the cases that use it.
struct Compiled {
  bool ok = false;
  std::string error; // compile or load error
  CompiledKernel ck;
  std::optional<rt::Kernel> kernel; // after load
  bool loadTried = false;
};

struct KernelKey {
  std::string file, kernel, signature;
  int numWarps = 4;
  int numStages = 3;
  /// Programs per CTA for this kernel whatever --programs-per-cta says (1:
  /// one; the atomics: coarsening masks only the stores of the programs past
  /// the grid, and programs that wait for one another must not share a
  /// CTA); -1: --programs-per-cta.
  int programsPerCTA = -1;
  std::string str() const;
};

class Compilations {
public:
  explicit Compilations(const Options &opts) : opts_(opts) {}

  /// The configuration `key`, compiled on first use.
  Compiled &get(const KernelKey &key);
  size_t size() const { return cache_.size(); }
  /// Unloads every kernel (before the Device that holds them goes away).
  void unloadAll();
  size_t failures() const;
  /// Loads the compiled kernel into `dev` once.
  rt::Kernel *load(Compiled &c, rt::Device &dev);

private:
  const std::string *source(const std::string &file, std::string &err);
  void compile(const KernelKey &key, Compiled &c);

  const Options &opts_;
  Compiler compiler_;
  /// The files --dump-ptx wrote so far (it numbers them in compile order).
  unsigned dumped_ = 0;
  std::map<std::string, std::string> sources_;
  std::map<std::string, ParsedSource> parsed_;
  std::map<std::string, std::unique_ptr<Compiled>> cache_;
};

} // namespace tilec::gputest

#endif // TILEC_TOOLS_GPUTEST_COMPILATIONS_H
