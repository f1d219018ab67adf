//===- HostEvaluator.h - The evaluator of host-side Python -----*- C++ -*-===//
//
// HostEvaluator computes the Python that HostEval.h describes; a HostScope
// gives its names their values. The module scope (HostModuleScope.cpp) and
// the launch scope (HostLaunchScope.cpp) are the two.
//
// A value tilec cannot compute is nullopt. The evaluator records the first
// reason (fail()); a scope may also return nullopt with a reason of its own
// (the module scope's undecided names).
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_FRONTEND_HOSTEVALUATOR_H
#define TILEC_LIB_FRONTEND_HOSTEVALUATOR_H

#include "tilec/Frontend/AST.h"
#include "tilec/Frontend/HostValue.h"

#include "llvm/ADT/Twine.h"

#include <optional>
#include <string>

namespace tilec {

class HostEvaluator;

/// Host code tilec does not evaluate, as a scope words its refusal.
enum class HostCode {
  Call,       // a call of a function tilec does not compute
  Attribute,  // an attribute read
  Expression, // any other expression (a lambda, a dict, ...)
};

/// Where the names of a host expression get their values.
class HostScope {
public:
  virtual ~HostScope() = default;
  /// The value of the name `e`; nullopt (with `ev.fail()` or a record of
  /// the scope's own) when it has none that tilec knows.
  virtual std::optional<HostValue> name(HostEvaluator &ev, const Expr &e) = 0;
  /// The truth of the name `e`: its value's unless the scope knows better.
  virtual std::optional<bool> nameTruth(HostEvaluator &ev, const Expr &e);
  /// The value of the subscript `e` (other than os.environ[...]).
  virtual std::optional<HostValue> subscript(HostEvaluator &ev,
                                             const Expr &e) = 0;
  /// The dotted path that the name `e` names as a module or a function
  /// (`os` after `import os`, `min`), nullopt for a value.
  virtual std::optional<std::string> namePath(const Expr &e) = 0;
  /// Whether host code here reads the process environment (os.environ,
  /// os.getenv); getenv reads a variable (nullopt: not set).
  virtual bool readsEnvironment() const { return false; }
  virtual std::optional<std::string> getenv(const std::string &name) {
    (void)name;
    return std::nullopt;
  }
  /// Why the host code `e` (of `kind`; `path`: the dotted path it names,
  /// if any) is not evaluated, in this scope's words.
  virtual std::string hostCode(HostCode kind, const Expr &e,
                               const std::optional<std::string> &path) = 0;
};

/// The evaluator of host expressions in a scope.
class HostEvaluator {
public:
  explicit HostEvaluator(HostScope &scope) : scope(scope) {}

  /// The value of `e`; nullopt when tilec cannot compute it.
  std::optional<HostValue> eval(const Expr &e);
  /// The truth of `e`. `and`, `or` and `not` need only their operands'
  /// truth, so `x and False` is false whatever x is.
  std::optional<bool> truth(const Expr &e);

  /// Records why `at` cannot be computed (the first reason is kept);
  /// returns nullopt.
  std::nullopt_t fail(const Expr &at, const llvm::Twine &why);

  /// The first reason recorded, and the expression it concerns.
  const std::string &reason() const { return reason_; }
  const Expr *failedAt() const { return failedAt_; }

  /// The dotted path `e` names through the scope (`os.environ`,
  /// `triton.language`), nullopt for a value.
  std::optional<std::string> dottedPath(const Expr &e);
  /// Whether `name` is a builtin function the evaluator computes.
  static bool isBuiltin(llvm::StringRef name);

private:
  std::optional<HostValue> number(const Expr &e);
  std::optional<HostValue> unary(const Expr &e);
  std::optional<HostValue> binary(const Expr &e, const HostValue &a,
                                  const HostValue &b);
  std::optional<HostValue> compareChain(const Expr &e);
  std::optional<bool> compare(const Expr &e, CompareOpKind op,
                              const HostValue &lhs, const Expr &rhsExpr,
                              std::optional<HostValue> &rhs);
  std::optional<HostValue> subscript(const Expr &e);
  std::optional<HostValue> call(const Expr &e);
  std::optional<HostValue> convert(const Expr &e, llvm::StringRef fn,
                                   const HostValue &v);
  std::optional<std::string> envName(const Expr &e);
  bool isNumber(const Expr &e, const HostValue &v);

  HostScope &scope;
  std::string reason_;
  const Expr *failedAt_ = nullptr;
};

} // namespace tilec

#endif // TILEC_LIB_FRONTEND_HOSTEVALUATOR_H
