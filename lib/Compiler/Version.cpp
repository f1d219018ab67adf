//===- Version.cpp - tilec's version and build id -------------------------===//

#include "tilec/Compiler/Version.h"

#include "tilec/BuildId.h"

#include "llvm/Config/llvm-config.h"

#ifndef TILEC_VERSION
#define TILEC_VERSION "unknown"
#endif

const char *tilec::version() { return TILEC_VERSION; }

const char *tilec::buildId() { return TILEC_BUILD_ID; }

std::string tilec::versionText(const char *tool) {
  return std::string(tool) + " " + TILEC_VERSION + " (build " +
         std::string(TILEC_BUILD_ID).substr(0, 12) +
         ")\n  built with LLVM and MLIR " + LLVM_VERSION_STRING + "\n";
}
