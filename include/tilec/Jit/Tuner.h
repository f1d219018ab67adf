//===- Tuner.h - Compiling and timing the configs of an autotuning --------===//
//
// The one tuner of tilec: rt::JitKernel tunes @triton.autotune kernels with
// it on their first launch for a tuning key, and `tilec tune` runs it on the
// buffers of its command line. Given one candidate per config (compile
// options and launch), tune() compiles all of them in parallel through a
// KernelCache (KernelCache::getAll: a thread pool sized by the hardware
// concurrency), then loads and times each on the device in turn: warm-up
// repetitions, then the median of the timed ones. As Triton's autotuner
// skips configs that run out of resources, a candidate that does not
// compile, load (too many registers or too much shared memory: the driver's
// error) or launch is skipped, and the record says why; only when every
// candidate is skipped is the tuning an error. With reset_to_zero /
// restore_value buffers each launch is timed alone, those buffers zeroed
// before it and restored after it.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_RUNTIME_TUNER_H
#define TILEC_RUNTIME_TUNER_H

#include "tilec/Jit/Cache.h"
#include "tilec/Runtime/Runtime.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace tilec::rt {

/// One config of a tuning: what to compile and how to launch it.
struct TuningCandidate {
  /// The config, described ("BLOCK_M=128, ..., num_warps=8, num_stages=3").
  std::string label;
  /// kernel, signature, num_warps, num_stages and the other knobs.
  CompileOptions opts;
  llvm::SmallVector<Arg, 16> abiArgs;
  Dim3 grid;
  /// Set when the candidate could not even be specialized (its heuristics or
  /// its grid failed): skipped, with this as its note.
  std::string error;
};

/// The buffers a tuning zeroes (reset_to_zero) and restores (restore_value),
/// as launch arguments with their sizes (Arg::bytes).
struct TuningBuffers {
  std::vector<Arg> zero, restore;
};

/// How many times tune() launches each candidate.
struct TuningSettings {
  int warmupReps = 1;     // untimed repetitions
  int reps = 3;           // timed repetitions: their median is kept
  int launchesPerRep = 5; // launches per repetition (its time / this)
  unsigned threads = 0;   // compile threads (0: the hardware concurrency)
};

/// What a tuning measured.
struct TuningRecord {
  std::string key;
  std::vector<std::string> configs; // per config: its label
  std::vector<double> ms;           // per config: median time, < 0: skipped
  std::vector<std::string> notes;   // per config: why it was skipped
  size_t chosen = 0;
  double seconds = 0;        // the tuning's wall time (compiles included)
  double compileSeconds = 0; // of which compiling all configs
  bool fromDisk = false;     // the choice was read from the cache directory
  /// What the tuning did not apply (prune_configs_by: Autotune::pruneNote).
  std::string note;
  /// One line per config: "  * 2  0.1234 ms  BLOCK=..., num_warps=4, ..."
  /// ('*' marks the chosen one), "skipped" and the note's first line for a
  /// skipped one.
  std::string table() const;
};

/// Compiles, loads and times `candidates` on `ctx` (see above); the record's
/// `chosen` is the fastest. `buffers` are zeroed once more at the end
/// (reset_to_zero's, as Triton leaves them).
llvm::Expected<TuningRecord>
tune(const Context &ctx, KernelCache &cache, llvm::StringRef source,
     llvm::StringRef filename, llvm::ArrayRef<TuningCandidate> candidates,
     const TuningBuffers &buffers, CUstream stream = nullptr,
     const TuningSettings &settings = {});

} // namespace tilec::rt

#endif // TILEC_RUNTIME_TUNER_H
