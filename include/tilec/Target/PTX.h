//===- PTX.h - LLVM IR to PTX with LLVM's NVPTX backend -------------------===//

#ifndef TILEC_TARGET_PTX_H
#define TILEC_TARGET_PTX_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <string>

namespace tilec {

struct PTXOptions {
  std::string arch = "sm_90"; // sm_80, sm_90, sm_90a
  int optLevel = 3;
  /// Contract fp mul + add into fma (PipelineOptions::fpFusion).
  bool fpFusion = true;
  /// libdevice bitcode; empty: $TILEC_LIBDEVICE, else the CUDA toolkit's.
  std::string libdevicePath;
};

/// Translates a module of the LLVM/NVVM dialects to LLVM IR text.
llvm::Expected<std::string> translateToLLVMIR(mlir::ModuleOp module,
                                              const PTXOptions &opts);

/// Translates a module of the LLVM/NVVM dialects to PTX: LLVM IR, libdevice
/// linked in when a __nv_* function is called, optimized, NVPTX codegen.
llvm::Expected<std::string> translateToPTX(mlir::ModuleOp module,
                                           const PTXOptions &opts);

} // namespace tilec

#endif // TILEC_TARGET_PTX_H
