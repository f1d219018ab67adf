//===- Modes.h - tilec-gpu-test's modes other than the cases ----*- C++ -*-===//

#ifndef TILEC_TOOLS_GPUTEST_MODES_H
#define TILEC_TOOLS_GPUTEST_MODES_H

#include "Compilations.h"
#include "Options.h"

#include "tilec/Runtime/Runtime.h"

namespace tilec::gputest {

/// --check-args (CheckArgs.cpp): prints rt::checkArgs's message for right
/// and wrong argument lists; returns the exit status.
int runCheckArgs();

/// --bench (Bench.cpp): times the seed kernels on `dev`; returns the exit
/// status (1 if one failed to compile, load or run).
int runBench(rt::Device &dev, Compilations &comps, const Options &opts);

} // namespace tilec::gputest

#endif // TILEC_TOOLS_GPUTEST_MODES_H
