//===- BuiltinRegistry.h - The builtins by name -----------------*- C++ -*-===//
//
// Private to lib/Frontend: one entry per builtin (a `tl.` function, a
// libdevice function, a Python builtin usable in jit functions) with its
// name, its argument spec (Triton's parameter names) and the CodeGen member
// that emits it. Each family file adds its own entries (CodeGen::register...
// Builtins); CodeGen::builtinRegistry() builds the registry once, on first
// use, so no entry depends on the order of static initialisation.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_FRONTEND_BUILTINREGISTRY_H
#define TILEC_LIB_FRONTEND_BUILTINREGISTRY_H

#include "CodeGen.h"

#include "llvm/ADT/StringMap.h"

namespace tilec {

/// Properties of a builtin beyond its parameters.
enum BuiltinFlags : unsigned {
  NoBuiltinFlags = 0,
  /// reshape(x, 2, 3) as well as reshape(x, (2, 3)): positional arguments
  /// after the first become one tuple.
  VariadicShape = 1u << 0,
  /// Takes fp8 values (stores, loads, moves or converts them); other
  /// builtins reject fp8 arguments.
  TakesFP8 = 1u << 1,
  /// The emitter reads the positional and keyword arguments as given
  /// (BuiltinCall::a and kwargs): print(*values) and its relatives.
  Unbound = 1u << 2,
  /// Also callable as a tensor method, `x.name(...)`.
  TensorMethod = 1u << 3,
};

/// How a builtin's arguments bind.
struct BuiltinSpec {
  /// Triton's parameter names; the first `required` must be given.
  std::vector<const char *> params;
  unsigned required = 0;
  unsigned flags = NoBuiltinFlags;
};

/// One builtin.
struct BuiltinEntry {
  BuiltinSpec spec;
  CodeGen::BuiltinEmitter emit = nullptr;
  /// Which of the builtins sharing `emit` this is: a value of an enum of
  /// the emitter's family.
  unsigned variant = 0;
  /// The builtin that this one calls with its arguments (libdevice.exp:
  /// tl.exp); empty for the others.
  std::string forwardTo;
};

/// The builtins by name.
class BuiltinRegistry {
public:
  /// Adds builtin `name`; every name is added once.
  BuiltinEntry &add(llvm::StringRef name, std::vector<const char *> params,
                    unsigned required, CodeGen::BuiltinEmitter emit,
                    unsigned flags = NoBuiltinFlags, unsigned variant = 0);
  /// The builtin `name`, or null.
  const BuiltinEntry *lookup(llvm::StringRef name) const;

private:
  llvm::StringMap<BuiltinEntry> entries;
};

} // namespace tilec

#endif // TILEC_LIB_FRONTEND_BUILTINREGISTRY_H
