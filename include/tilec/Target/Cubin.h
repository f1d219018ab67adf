//===- Cubin.h - PTX assembled for one GPU, and what it uses --------------===//
//
// A cubin is PTX assembled for one GPU architecture: a loader runs it
// without the driver's PTX JIT. tilec makes one with the CUDA toolkit's
// ptxas where one is installed (`tilec --emit=cubin`, `tilec aot`, the
// kernel cache's compiles). ptxas and the driver's JIT (rt::Kernel::load
// of PTX) report the kernel's registers and spills in the logs read here.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TARGET_CUBIN_H
#define TILEC_TARGET_CUBIN_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tilec {

/// What the assembler reports for one kernel (-1: not known).
struct KernelResources {
  int registers = -1;           // per thread
  int64_t stackBytes = -1;      // stack frame per thread
  int64_t spillStoreBytes = -1; // per thread
  int64_t spillLoadBytes = -1;  // per thread

  bool known() const { return registers >= 0; }
  bool spills() const { return spillStoreBytes > 0 || spillLoadBytes > 0; }
  /// "25 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes
  /// spill loads" (the parts that are known).
  std::string summary() const;
};

/// Reads the verbose log of ptxas (-v) or of the driver's JIT
/// (CU_JIT_LOG_VERBOSE) for entry function `kernel`.
KernelResources parseAssemblerLog(llvm::StringRef log, llvm::StringRef kernel);

/// The ptxas to run: $TILEC_PTXAS, else ptxas on PATH, else
/// $CUDA_HOME/bin/ptxas, else /usr/local/cuda/bin/ptxas; none if no file is
/// there.
std::optional<std::string> findPtxas();

struct AssembledKernel {
  std::string cubin;
  std::string log; // ptxas -v output
};

/// Runs `ptxas -arch=<arch> -v` on `ptx`. The error carries ptxas's
/// messages.
llvm::Expected<AssembledKernel> assembleWithPtxas(llvm::StringRef ptx,
                                                  llvm::StringRef arch,
                                                  llvm::StringRef ptxas);

} // namespace tilec

#endif // TILEC_TARGET_CUBIN_H
