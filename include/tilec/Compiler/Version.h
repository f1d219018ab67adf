//===- Version.h - tilec's version and build id ---------------------------===//

#ifndef TILEC_COMPILER_VERSION_H
#define TILEC_COMPILER_VERSION_H

#include <string>

namespace tilec {

/// "0.1.0".
const char *version();
/// The SHA-256 of the compiler's sources at build time (cmake/BuildId.cmake),
/// in hex: two builds with the same id compile the same code.
const char *buildId();
/// What `tilec --version` prints: "tilec 0.1.0 (build 1a2b3c4d5e6f)" and the
/// LLVM/MLIR it was built with, on two lines.
std::string versionText(const char *tool = "tilec");

} // namespace tilec

#endif // TILEC_COMPILER_VERSION_H
