//===- Run.h - `tilec run`: run a kernel on the host ------------*- C++ -*-===//
//
// Wiring (tilec.cpp): after cl::ParseCommandLineOptions,
//   if (runSubcommand()) return runMain();
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TOOLS_TILEC_RUN_H
#define TILEC_TOOLS_TILEC_RUN_H

#include "llvm/Support/CommandLine.h"

/// Runs the `run` subcommand (options already parsed); returns the exit code.
int runMain();
/// Runs the `tune` subcommand (Tune.cpp); returns the exit code.
int tuneMain();

#endif // TILEC_TOOLS_TILEC_RUN_H
