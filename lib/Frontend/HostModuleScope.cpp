//===- HostModuleScope.cpp - Module-level conditions at import ----------===//
//
// evalHostCondition: the host evaluator (HostEvaluator.h) in the module
// scope. Names are the module's constants (computed in turn), its imports
// (`os.environ`, `triton.language`), the names -D binds and the builtins;
// os.environ / os.getenv read tilec's own environment (recorded in
// HostDefines). What tilec cannot compute leaves the condition undecided,
// naming the host values a -D option could give.
//
//===----------------------------------------------------------------------===//

#include "tilec/Frontend/HostEval.h"

#include "HostEvaluator.h"

#include "llvm/ADT/STLExtras.h"

#include <cstdlib>

using namespace tilec;

namespace {

class ModuleScope final : public HostScope {
public:
  ModuleScope(llvm::ArrayRef<const Module *> scopes, const HostDefines *defines)
      : scopes(scopes), defines(defines) {}

  std::optional<HostValue> name(HostEvaluator &ev, const Expr &e) override;
  std::optional<bool> nameTruth(HostEvaluator &ev, const Expr &e) override;
  std::optional<HostValue> subscript(HostEvaluator &ev,
                                     const Expr &e) override {
    return ev.fail(e, "it subscripts a value of host code");
  }
  std::optional<std::string> namePath(const Expr &e) override;
  bool readsEnvironment() const override { return true; }
  std::optional<std::string> getenv(const std::string &name) override;
  std::string hostCode(HostCode kind, const Expr &e,
                       const std::optional<std::string> &path) override;

  /// The names of host values the condition needs that tilec cannot
  /// compute.
  std::vector<std::string> undecidedNames;

private:
  const Expr *global(const std::string &name) const;
  std::nullopt_t undecidedName(const std::string &name) {
    if (!llvm::is_contained(undecidedNames, name))
      undecidedNames.push_back(name);
    return std::nullopt;
  }
  /// `compute` (the value or truth of the global `e` names) as a name: what
  /// -D can give is this name, not what host code computes it from.
  template <typename F>
  auto viaGlobal(HostEvaluator &ev, const Expr &e, F compute)
      -> decltype(compute());

  llvm::ArrayRef<const Module *> scopes;
  const HostDefines *defines;
  unsigned depth = 0;
};

} // namespace

const Expr *ModuleScope::global(const std::string &name) const {
  for (const Module *m : scopes)
    if (auto g = m->globals.find(name); g != m->globals.end())
      return g->second.get();
  return nullptr;
}

template <typename F>
auto ModuleScope::viaGlobal(HostEvaluator &ev, const Expr &e, F compute)
    -> decltype(compute()) {
  if (depth > 50)
    return ev.fail(e, "'" + e.str + "' is defined in terms of itself");
  ++depth;
  std::vector<std::string> saved = std::move(undecidedNames);
  undecidedNames.clear();
  auto v = compute();
  --depth;
  undecidedNames = std::move(saved);
  if (!v)
    undecidedName(e.str);
  return v;
}

std::optional<HostValue> ModuleScope::name(HostEvaluator &ev, const Expr &e) {
  if (defines)
    if (const HostValue *v = defines->lookup(e.str))
      return *v;
  if (const Expr *g = global(e.str))
    return viaGlobal(ev, e, [&] { return ev.eval(*g); });
  return undecidedName(e.str);
}

std::optional<bool> ModuleScope::nameTruth(HostEvaluator &ev, const Expr &e) {
  if (!(defines && defines->lookup(e.str)))
    if (const Expr *g = global(e.str))
      return viaGlobal(ev, e, [&] { return ev.truth(*g); });
  return HostScope::nameTruth(ev, e);
}

std::optional<std::string> ModuleScope::namePath(const Expr &e) {
  if (defines && defines->lookup(e.str))
    return std::nullopt;
  for (const Module *m : scopes) {
    if (m->globals.count(e.str) || m->conditional.count(e.str))
      return std::nullopt;
    if (auto i = m->imports.find(e.str); i != m->imports.end())
      return i->second;
  }
  if (HostEvaluator::isBuiltin(e.str))
    return e.str;
  return std::nullopt;
}

std::optional<std::string> ModuleScope::getenv(const std::string &name) {
  if (defines)
    return defines->getenv(name);
  if (const char *v = std::getenv(name.c_str()))
    return std::string(v);
  return std::nullopt;
}

std::string ModuleScope::hostCode(HostCode kind, const Expr &e,
                                  const std::optional<std::string> &path) {
  switch (kind) {
  case HostCode::Call: {
    const Expr &callee = *e.args[0];
    if (callee.kind == ExprKind::Name)
      return "it calls '" + callee.str + "', which is host code";
    if (path)
      return "it calls '" + *path + "', which is host code";
    return "it calls host code";
  }
  case HostCode::Attribute:
    if (path)
      return "'" + *path + "' is host code";
    return "an attribute of host code";
  case HostCode::Expression:
    break;
  }
  return "an expression tilec does not evaluate at module level";
}

HostEval tilec::evalHostCondition(const Expr &e,
                                  llvm::ArrayRef<const Module *> scopes,
                                  const HostDefines *defines) {
  ModuleScope scope(scopes, defines);
  HostEvaluator ev(scope);
  HostEval out;
  out.truth = ev.truth(e);
  if (!out.truth) {
    out.undecidedNames = std::move(scope.undecidedNames);
    out.reason = ev.reason();
  }
  return out;
}
