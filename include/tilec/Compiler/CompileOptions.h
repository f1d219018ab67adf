//===- CompileOptions.h - What a compilation takes ------------------------===//
//
// The options of a compilation: the kernel, its specialization and the
// pipeline's knobs. Plain data without LLVM or MLIR headers, so that the
// headers of the JIT and the kernel cache need no MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_COMPILER_COMPILEOPTIONS_H
#define TILEC_COMPILER_COMPILEOPTIONS_H

#include "tilec/Pipeline/PipelineOptions.h"

#include <string>
#include <vector>

namespace tilec {

/// What to compile and how: the kernel, its specialization and the
/// pipeline's knobs (PipelineOptions, whose defaults are the compiler's).
struct CompileOptions : PipelineOptions {
  std::string kernel;    // name of the @triton.jit function to compile
  std::string signature; // Triton AOT signature, e.g. "*fp32:16, i32, 1024"
  int numWarps = 4;
  bool optimize = true; // canonicalize + CSE the tile IR
  /// Directories searched first for the modules the kernel file imports
  /// (tilec -I); used where the runtime parses the source (KernelCache).
  std::vector<std::string> importPaths;
  /// Module-level names bound to host code's values (tilec -D NAME=VALUE,
  /// Frontend/HostDefines.h); used where the runtime parses the source.
  std::vector<std::string> defines;
};

} // namespace tilec

#endif // TILEC_COMPILER_COMPILEOPTIONS_H
