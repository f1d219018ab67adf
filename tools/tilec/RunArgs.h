//===- RunArgs.h - The --arg buffers and scalars of `tilec run` -*- C++ -*-===//
//
// `tilec run` and `tilec tune` take the same arguments (Run.cpp lists the
// forms); parseRunArgs reads them into host storage.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TOOLS_TILEC_RUNARGS_H
#define TILEC_TOOLS_TILEC_RUNARGS_H

#include "tilec/Frontend/HostEval.h"
#include "tilec/Interpreter/Interpreter.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace tilec {

struct RunDType {
  bool isFloat;
  unsigned bytes;
  std::string name;
};

/// Whether `s` names a DTYPE of --arg; sets `d`.
bool parseRunDType(llvm::StringRef s, RunDType &d);

/// Host storage of one buffer (8-byte aligned).
struct RunStorage {
  std::vector<uint64_t> words;
  size_t bytes = 0;
  RunDType dtype;
  void resize(size_t n) {
    bytes = n;
    words.assign((n + 7) / 8 + 1, 0);
  }
  char *data() { return reinterpret_cast<char *>(words.data()); }
};

/// The arguments of a run: host buffers and scalars, in --arg order.
struct RunArguments {
  std::vector<RunStorage> storage;
  std::vector<interp::KernelArg> args;
  std::vector<int> bufferOfArg; // per argument: its buffer, or -1
  std::vector<std::string> bufferNames;
  /// The buffers as the interpreter and the device run take them.
  std::vector<interp::HostBuffer> hostBuffers();
};

/// Reads `specs` (--arg values); `names` (empty, or one per spec) name the
/// buffers in messages. False after reporting an error in the compiler's
/// style at the culprit in its spec (`--arg:1:10: error: bad element count
/// 'ten'`).
bool parseRunArgs(llvm::ArrayRef<std::string> specs,
                  llvm::ArrayRef<std::string> names, RunArguments &out);

/// The values of the scalar specs (none for buffers), for heuristics.
std::vector<std::optional<HostValue>>
scalarRunValues(llvm::ArrayRef<std::string> specs);

} // namespace tilec

#endif // TILEC_TOOLS_TILEC_RUNARGS_H
