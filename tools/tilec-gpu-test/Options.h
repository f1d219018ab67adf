//===- Options.h - Settings of tilec-gpu-test -------------------*- C++ -*-===//
//
// The command line (tilec-gpu-test.cpp) as parsed once in main, handed to the
// parts of the tool that depend on it.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TOOLS_GPUTEST_OPTIONS_H
#define TILEC_TOOLS_GPUTEST_OPTIONS_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace tilec::gputest {

struct Options {
  /// --filter: only the cases (and benchmarks) whose line contains this.
  std::string filter;
  /// --quick: small shapes only.
  bool quick = false;
  /// --arch: the PTX target.
  std::string arch = "sm_90";
  /// --examples: read the seeds from this directory, not the embedded copies.
  std::string examplesDir;
  /// --dump-ptx: write each compiled kernel's PTX to this directory.
  std::string dumpPTX;
  /// Compare the GPU's results with the interpreter's (not --no-interp).
  bool interp = true;
  /// --programs-per-cta as parsed (0: auto).
  int programsPerCTA = 0;
  /// --verbose: compile diagnostics, timings and JIT logs.
  bool verbose = false;
  /// --tma: CompileOptions::tma for every kernel (host descriptors' blocks
  /// copied with TMA where a dot loop stages them; default on).
  bool tma = true;

  /// The compute capability `arch` names (sm_90a: 90; 0 if it names none).
  int archNumber() const {
    llvm::StringRef a(arch);
    int n = 0;
    if (a.consume_front("sm_"))
      a.take_while([](char ch) {
         return ch >= '0' && ch <= '9';
       }).getAsInteger(10, n);
    return n;
  }
};

} // namespace tilec::gputest

#endif // TILEC_TOOLS_GPUTEST_OPTIONS_H
