//===- HostValues.h - Module-level host values tilec can compute ---------===//
//
// Module-level code of a kernel file is host code, which tilec does not run.
// Some of it decides which jit functions exist: `if os.environ.get('FAST',
// '0') == '1': def exp ... else: def exp ...`, `if IS_BLACKWELL: def dot ...
// else: def dot ...`. A condition built from literals, the process
// environment (os.environ / os.getenv, read as Python reads them at import),
// hasattr(triton.language, NAME) (true for what tilec provides), module
// constants and the names a -D option binds is computed at compile time, and
// only the branch that runs binds names; any other condition is undecided
// and keeps its branches as alternatives (Module::Conditional).
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_FRONTEND_HOSTVALUES_H
#define TILEC_FRONTEND_HOSTVALUES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tilec {

struct Expr;
struct Module;

/// A Python value of host code: None, a bool, an int, a float, a string, or
/// a tuple of them.
struct HostValue {
  enum Kind { None, Bool, Int, Float, Str, Tuple } kind = None;
  bool b = false;
  int64_t i = 0;
  double f = 0;
  std::string s;
  std::vector<HostValue> elems;

  static HostValue none() { return {}; }
  static HostValue boolean(bool x);
  static HostValue integer(int64_t x);
  static HostValue floating(double x);
  static HostValue str(std::string x);
  /// Python's truth value.
  bool truthy() const;
  /// Python's repr (`'1'`, `True`, `(1, 2)`).
  std::string repr() const;
};

/// Python's `==` on host values (1 == 1.0 == True).
bool hostEquals(const HostValue &a, const HostValue &b);

/// Module-level names bound on the command line (`tilec -D NAME=VALUE`):
/// host code's value of NAME, which tilec cannot compute (`-D
/// IS_NVIDIA_BLACKWELL=False`). Wherever module-level code of any module of
/// the compilation reads NAME, and wherever a jit function reads the
/// module-level NAME, it is VALUE.
struct HostDefines {
  std::map<std::string, HostValue> values;

  /// Parses `NAME=VALUE`, VALUE a Python literal (True, False, None, an
  /// int, a float, a quoted string); nullopt with `error` set otherwise.
  static std::optional<std::pair<std::string, HostValue>>
  parse(llvm::StringRef define, std::string &error);
  /// Every define of `defines` (NAME=VALUE each); false with `error` set at
  /// the first bad one.
  bool add(llvm::ArrayRef<std::string> defines, std::string &error);
  const HostValue *lookup(llvm::StringRef name) const {
    auto it = values.find(name.str());
    return it == values.end() ? nullptr : &it->second;
  }

  /// The environment variables module-level code read, with the values it
  /// saw (nullopt: unset): what a compiled kernel depends on besides its
  /// sources (rt::KernelCache recompiles when one of them changes).
  mutable std::map<std::string, std::optional<std::string>> environment;
  /// Reads the variable `name` and records it.
  std::optional<std::string> getenv(const std::string &name) const;
};

/// The truth of a module-level condition, or why tilec cannot tell.
struct HostEval {
  std::optional<bool> truth;
  /// When undecided: the names of host values it depends on that tilec
  /// cannot compute (each one a -D could give), or else a short reason.
  std::vector<std::string> undecidedNames;
  std::string reason;
};

/// The truth of the module-level condition `e`, as Python computes it at
/// import. `scopes` are the modules whose earlier bindings it sees,
/// innermost first (the branch being parsed, then the enclosing module).
HostEval evalHostCondition(const Expr &e, llvm::ArrayRef<const Module *> scopes,
                           const HostDefines *defines);

} // namespace tilec

#endif // TILEC_FRONTEND_HOSTVALUES_H
