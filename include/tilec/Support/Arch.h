//===- Arch.h - The GPU targets tilec compiles for --------------*- C++ -*-===//
//
// Names of the PTX targets (`sm_80`, `sm_90a`, ...), their compute
// capability and the shared memory a block may use: what the pass pipeline,
// the compiler's checks and host code's device queries (HostTorch.cpp) need
// to know of a target.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_SUPPORT_ARCH_H
#define TILEC_SUPPORT_ARCH_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace tilec {

/// The PTX targets tilec emits: what LLVM 19's NVPTX backend and PTX 8.0
/// know (the architecture-specific 'a' variant only for sm_90).
bool isSupportedArch(llvm::StringRef arch);

/// The list isSupportedArch accepts, for diagnostics ("sm_60, ... or sm_90a").
llvm::StringRef supportedArchList();

/// 90 for "sm_90a", 80 for "sm_80" (90 when the name has no number).
int computeCapabilityOf(llvm::StringRef arch);

/// Whether `arch` has Hopper's warpgroup MMA (wgmma): sm_90a only.
bool hasWgmma(llvm::StringRef arch);

/// Dynamic shared memory a block may use on `arch` (0: unknown arch).
uint64_t maxSharedBytesPerBlock(llvm::StringRef arch);

} // namespace tilec

#endif // TILEC_SUPPORT_ARCH_H
