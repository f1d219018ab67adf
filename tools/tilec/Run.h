//===- Run.h - `tilec run`: run a kernel on the host ------------*- C++ -*-===//
//
// Wiring (tilec.cpp): after cl::ParseCommandLineOptions,
//   if (RunSubcommand) return runMain();
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TOOLS_TILEC_RUN_H
#define TILEC_TOOLS_TILEC_RUN_H

#include "llvm/Support/CommandLine.h"

extern llvm::cl::SubCommand RunSubcommand;
/// -I: directories searched for the modules a kernel file imports (both the
/// compiler and `run`).
extern llvm::cl::list<std::string> importDirs;

/// Runs the `run` subcommand (options already parsed); returns the exit code.
int runMain();

#endif // TILEC_TOOLS_TILEC_RUN_H
