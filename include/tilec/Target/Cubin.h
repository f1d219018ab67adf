//===- Cubin.h - PTX assembled for one GPU by ptxas -----------------------===//
//
// A cubin is PTX assembled for one GPU architecture: a loader runs it
// without the driver's PTX JIT. tilec makes one with the CUDA toolkit's
// ptxas where one is installed (`tilec --emit=cubin`, `tilec aot`, the
// kernel cache's compiles). Its log (-v) gives the kernel's registers and
// spills: tilec::parseAssemblerLog (tilec/Kernel/KernelResources.h).
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TARGET_CUBIN_H
#define TILEC_TARGET_CUBIN_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace tilec {

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
