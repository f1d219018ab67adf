//===- HostLaunchScope.cpp - Heuristics and grids of a launch -----------===//
//
// evaluateHostExpr: the host evaluator (HostEvaluator.h) in the launch
// scope. Names are the values of a launch's arguments and meta-parameters,
// read as `P['name']` (P the lambda's parameter) or, in a grid, as bare
// names; functions are named as written (`triton.cdiv`, `min`). What tilec
// cannot compute is an error at the expression concerned.
//
//===----------------------------------------------------------------------===//

#include "tilec/Frontend/HostEval.h"

#include "HostEvaluator.h"

using namespace tilec;

namespace {

class LaunchNames final : public HostScope {
public:
  explicit LaunchNames(const LaunchScope &scope) : scope(scope) {}

  std::optional<HostValue> name(HostEvaluator &ev, const Expr &e) override {
    if (scope.bareNames)
      return value(ev, e, e.str, "'" + e.str + "'");
    if (e.str == scope.argsName)
      return ev.fail(e, "'" + e.str + "' is used whole; tilec reads " + e.str +
                            "['name'] only");
    return ev.fail(e, "'" + e.str +
                          "' is not one of the kernel's arguments (a "
                          "heuristic reads them as " +
                          scope.argsName + "['name'])");
  }

  std::optional<HostValue> subscript(HostEvaluator &ev,
                                     const Expr &e) override {
    if (!scope.argsName.empty() && e.args.size() == 2 &&
        e.args[0]->kind == ExprKind::Name && e.args[0]->str == scope.argsName &&
        e.args[1]->kind == ExprKind::Str)
      return value(ev, e, e.args[1]->str,
                   scope.argsName + "['" + e.args[1]->str + "']");
    return ev.fail(e, "tilec evaluates subscripts " + scope.argsName +
                          "['name'] only");
  }

  std::optional<std::string> namePath(HostEvaluator &ev,
                                      const Expr &e) override {
    (void)ev;
    return e.str;
  }
  /// The values of a launch are numbers, strings and tuples.
  bool objects() const override { return false; }

  std::string hostCode(HostCode kind, const Expr &e,
                       const std::optional<std::string> &path) override {
    switch (kind) {
    case HostCode::Call: {
      std::string callee = path.value_or("");
      if (callee.empty() && e.args[0]->kind == ExprKind::Attribute)
        callee = "." + e.args[0]->str + "()"; // a method of a value
      return "'" + (callee.empty() ? std::string("this call") : callee) +
             "' is host code tilec cannot run (it evaluates "
             "triton.next_power_of_2, triton.cdiv, min, max, abs, int, "
             "float and bool)";
    }
    case HostCode::Attribute:
      return "the attribute '." + e.str +
             "' is host code tilec cannot evaluate (it computes with the "
             "integer, float and bool values of the arguments)";
    case HostCode::Expression:
      break;
    }
    return "this is host code tilec cannot evaluate (it computes integer, "
           "float and bool arithmetic)";
  }

private:
  std::optional<HostValue> value(HostEvaluator &ev, const Expr &e,
                                 const std::string &name,
                                 const std::string &spelled) {
    if (scope.values)
      if (auto it = scope.values->find(name); it != scope.values->end())
        return it->second;
    return ev.fail(e, spelled + " has no value here" + scope.missing);
  }

  const LaunchScope &scope;
};

} // namespace

/// The error of `ev`'s failed evaluation of `e` in `scope`, reported to
/// `diags`.
static llvm::Error launchError(HostEvaluator &ev, const Expr &e,
                               const LaunchScope &scope,
                               DiagnosticEngine &diags) {
  const Expr &at = ev.failedAt() ? *ev.failedAt() : e;
  std::string msg = scope.what + ": " + ev.reason();
  SourceLoc loc = at.loc;
  unsigned length = at.length;
  // `args['x']` is underlined whole (its node is at the bracket).
  if (at.kind == ExprKind::Subscript && at.args.size() == 2 &&
      at.args[0]->kind == ExprKind::Name &&
      at.args[0]->loc.line == at.loc.line && at.args[0]->loc.col < at.loc.col &&
      at.args[1]->kind == ExprKind::Str) {
    loc = at.args[0]->loc;
    length = at.loc.col - loc.col + unsigned(at.args[1]->str.size()) + 4;
  }
  diags.error(loc, msg, length);
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

llvm::Expected<HostValue> tilec::evaluateHostExpr(const Expr &e,
                                                  const LaunchScope &scope,
                                                  DiagnosticEngine &diags) {
  LaunchNames names(scope);
  HostEvaluator ev(names);
  if (std::optional<HostValue> v = ev.eval(e))
    return std::move(*v);
  return launchError(ev, e, scope, diags);
}

llvm::Expected<HostValue> tilec::evaluateHostFunction(const Function &fn,
                                                      const Expr &at,
                                                      const LaunchScope &scope,
                                                      DiagnosticEngine &diags) {
  LaunchNames names(scope);
  HostEvaluator ev(names);
  if (std::optional<HostValue> v = ev.runFunctionBody(at, fn))
    return std::move(*v);
  return launchError(ev, at, scope, diags);
}
