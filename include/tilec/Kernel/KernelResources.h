//===- KernelResources.h - Registers and spills of an assembled kernel ----===//
//
// ptxas (-v) and the driver's JIT (rt::Kernel::load of PTX,
// CU_JIT_LOG_VERBOSE) report the kernel's registers and spills in the logs
// read here.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_KERNEL_KERNELRESOURCES_H
#define TILEC_KERNEL_KERNELRESOURCES_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
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

} // namespace tilec

#endif // TILEC_KERNEL_KERNELRESOURCES_H
