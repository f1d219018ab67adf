//===- HostModuleScope.cpp - Module-level host code at import -----------===//
//
// evalHostCondition, evalModuleExpr and splatKeywords: the host evaluator
// (HostEvaluator.h) in the module scope. Names are the module's constants
// (computed in turn, each in its own module), its module-level functions of
// host code, its imports (`os.environ`, `triton.language`, and, where a
// ModuleLoader is given, the constants, functions and modules of the other
// modules of the package), the names -D binds and the builtins; os.environ /
// os.getenv read tilec's own environment (recorded in HostDefines). A name
// that the branches of a module-level `if` bind has the value they all
// give. What tilec cannot compute leaves the value undecided, naming the
// host values a -D option could give.
//
//===----------------------------------------------------------------------===//

#include "tilec/Frontend/HostEval.h"

#include "HostEvaluator.h"

#include "tilec/Frontend/ModuleLoader.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"

#include <cstdlib>
#include <set>

using namespace tilec;

namespace {

/// What a name of module-level host code is bound to.
struct Binding {
  enum Kind {
    Unbound,
    Define,           // by -D
    Global,           // a constant
    Conditional,      // by the branches of a module-level `if` / `try`
    HostFunction,     // a function of host code tilec may call
    UnparsedFunction, // a function of host code tilec does not read
    EnumClass,        // an enumeration (HostEnums.cpp)
    JitFunction,
    PackageModule, // a module of the package
    Path,          // a module or function outside the package (`os.environ`)
  } kind = Unbound;
  const HostValue *define = nullptr;
  const Expr *global = nullptr;
  const Module::Conditional *conditional = nullptr;
  const Function *function = nullptr;
  const tilec::EnumClass *enumClass = nullptr;
  /// The module of a Global or a Conditional; the module a PackageModule
  /// is.
  const Module *module = nullptr;
  /// Whether the binding is in the modules of the current frame (no other
  /// module's code runs to compute it).
  bool here = false;
  std::string path; // Path
};

class ModuleScope final : public HostScope {
public:
  ModuleScope(std::vector<const Module *> modules, const HostDefines *defines,
              ModuleLoader *loader, DiagnosticEngine *diags)
      : frames{std::move(modules)}, defines(defines), loader(loader),
        diags(diags) {}

  std::optional<HostValue> name(HostEvaluator &ev, const Expr &e) override {
    return value(ev, e, lookup(e.str));
  }
  std::optional<bool> nameTruth(HostEvaluator &ev, const Expr &e) override;
  std::optional<HostValue> subscript(HostEvaluator &ev,
                                     const Expr &e) override {
    return ev.subscriptValue(e);
  }
  std::optional<std::string> namePath(HostEvaluator &ev,
                                      const Expr &e) override;
  /// The dotted path of `getattr(MODULE, ATTR)` (`e`, a constant of `m`)
  /// where ATTR is a string `ev` computes there: fla's `getattr(torch,
  /// device)`; nullopt for any other expression.
  std::optional<std::string> getattrPath(HostEvaluator &ev, const Expr &e,
                                         const Module &m);
  std::optional<HostValue> pathValue(HostEvaluator &ev, const Expr &e,
                                     const std::string &path) override;
  const Function *hostFunction(HostEvaluator &ev, const Expr &callee) override;
  const EnumClass *enumClass(const std::string &name) override {
    return lookup(name).enumClass;
  }
  void enterModule(const Module &m) override { frames.push_back({&m}); }
  void leaveModule() override { frames.pop_back(); }
  bool readsEnvironment() const override { return true; }
  const HostValue *defined(llvm::StringRef text) override {
    return defines ? defines->lookup(text) : nullptr;
  }
  std::optional<std::string> getenv(const std::string &name) override;
  llvm::StringRef arch() const override {
    return defines ? llvm::StringRef(defines->arch) : llvm::StringRef();
  }
  std::string hostCode(HostCode kind, const Expr &e,
                       const std::optional<std::string> &path) override;

  /// Adds the keys the value of `e` may have to `keys` (splatKeywords);
  /// false when tilec cannot tell them.
  bool possibleKeys(HostEvaluator &ev, const Expr &e,
                    std::vector<std::string> &keys, unsigned depth = 0);

private:
  /// What `name` is bound to in the current frame.
  Binding lookup(const std::string &name);
  /// What `name` is bound to in the module `m` (as an import of it sees).
  Binding lookupIn(const Module &m, const std::string &name, unsigned depth);
  Binding bindingIn(const Module &m, const std::string &name, unsigned depth);
  /// What the import of `path` in `from` binds.
  Binding resolveImport(const Module &from, const std::string &path,
                        unsigned depth);
  /// The module `dotted` of the package, null if none (or no loader).
  const Module *load(const std::string &dotted) {
    return loader && diags ? loader->load(dotted, *diags) : nullptr;
  }
  /// The value of the name (or attribute) `e` that `b` binds.
  std::optional<HostValue> value(HostEvaluator &ev, const Expr &e,
                                 const Binding &b);
  std::optional<HostValue> conditionalValue(HostEvaluator &ev, const Expr &e,
                                            const Binding &b);
  bool bindingKeys(HostEvaluator &ev, const Expr &e, const Binding &b,
                   std::vector<std::string> &keys, unsigned depth);
  /// `compute` (the value, truth or keys of what `e` names, bound by `b`)
  /// in the module of `b`, as a name: what -D can give is this name, not
  /// what host code computes it from, unless that is a name that decides a
  /// condition (HostEvaluator::undecided).
  template <typename F>
  auto viaGlobal(HostEvaluator &ev, const Expr &e, const Binding &b, F compute)
      -> decltype(compute());

  /// The modules whose names code sees, innermost first; the current frame
  /// last (a constant or a function of another module pushes one).
  std::vector<std::vector<const Module *>> frames;
  const HostDefines *defines;
  ModuleLoader *loader;
  DiagnosticEngine *diags;
  unsigned depth = 0;
  /// How deep getattrPath recurses (a getattr of a getattr's name).
  unsigned pathDepth = 0;
  static constexpr unsigned kMaxPathDepth = 16;
};

} // namespace

// --------------------------------------------------------------- bindings

Binding ModuleScope::bindingIn(const Module &m, const std::string &name,
                               unsigned depth) {
  Binding b;
  b.module = &m;
  if (auto g = m.globals.find(name); g != m.globals.end()) {
    b.kind = Binding::Global;
    b.global = g->second.get();
  } else if (auto c = m.conditional.find(name); c != m.conditional.end()) {
    b.kind = Binding::Conditional;
    b.conditional = &c->second;
  } else if (auto f = m.hostFunctions.find(name); f != m.hostFunctions.end()) {
    b.kind = Binding::HostFunction;
    b.function = f->second.get();
  } else if (m.unparsedHostFunctions.count(name)) {
    b.kind = Binding::UnparsedFunction;
  } else if (auto c = m.enumClasses.find(name); c != m.enumClasses.end()) {
    b.kind = Binding::EnumClass;
    b.enumClass = c->second.get();
  } else if (m.lookup(name)) {
    b.kind = Binding::JitFunction;
  } else if (auto i = m.imports.find(name); i != m.imports.end()) {
    return resolveImport(m, i->second, depth);
  }
  return b;
}

Binding ModuleScope::lookup(const std::string &name) {
  Binding b;
  if (defines) {
    if (const HostValue *v = defines->lookup(name)) {
      b.kind = Binding::Define;
      b.define = v;
      return b;
    }
    if (const std::string *path = defines->lookupModule(name)) {
      b.kind = Binding::Path;
      b.path = *path;
      return b;
    }
  }
  for (const Module *m : frames.back()) {
    b = bindingIn(*m, name, 0);
    if (b.kind != Binding::Unbound) {
      b.here = b.kind != Binding::PackageModule && b.module == m;
      return b;
    }
  }
  // Builtins; without an import, `triton` and `tl` still mean Triton's
  // modules (as in jit functions).
  b = {};
  if (HostEvaluator::isBuiltin(name) || name == "triton" || name == "tl") {
    b.kind = Binding::Path;
    b.path = name == "tl" ? "triton.language" : name;
  }
  return b;
}

Binding ModuleScope::lookupIn(const Module &m, const std::string &name,
                              unsigned depth) {
  if (defines) {
    if (const HostValue *v = defines->lookup(name)) {
      Binding b;
      b.kind = Binding::Define;
      b.define = v;
      return b;
    }
    if (const std::string *path = defines->lookupModule(name)) {
      Binding b;
      b.kind = Binding::Path;
      b.path = *path;
      return b;
    }
  }
  return bindingIn(m, name, depth);
}

Binding ModuleScope::resolveImport(const Module &from, const std::string &path,
                                   unsigned depth) {
  Binding b;
  b.kind = Binding::Path;
  b.path = path;
  if (!loader || depth > HostEvaluator::kMaxDepth)
    return b;
  std::string why;
  std::optional<std::string> abs =
      ModuleLoader::resolveRelative(path, from.package, why);
  if (!abs)
    return b;
  b.path = *abs;
  if (const Module *m = load(*abs)) {
    b.kind = Binding::PackageModule;
    b.module = m;
    return b;
  }
  size_t dot = abs->rfind('.');
  if (dot != std::string::npos)
    if (const Module *parent = load(abs->substr(0, dot)))
      return lookupIn(*parent, abs->substr(dot + 1), depth + 1);
  return b;
}

// ----------------------------------------------------------------- values

template <typename F>
auto ModuleScope::viaGlobal(HostEvaluator &ev, const Expr &e, const Binding &b,
                            F compute) -> decltype(compute()) {
  if (depth > HostEvaluator::kMaxDepth)
    return ev.fail(e, "'" + e.str + "' is defined in terms of itself");
  if (!ev.step(e))
    return std::nullopt;
  ++depth;
  std::vector<HostEvaluator::Undecided> saved = ev.takeNames();
  bool push = !b.here && b.module;
  if (push)
    frames.push_back({b.module});
  decltype(compute()) v;
  {
    HostEvaluator::Frame frame(ev); // a module's code sees no local names
    HostEvaluator::Apart apart(ev); // nor the reader's handlers
    v = compute();
  }
  if (push)
    frames.pop_back();
  --depth;
  std::vector<HostEvaluator::Undecided> inner = ev.takeNames();
  ev.putNames(std::move(saved));
  if (!v) {
    bool decisive = !inner.empty() &&
                    llvm::all_of(inner, [](auto &u) { return u.decisive; });
    if (decisive)
      for (const HostEvaluator::Undecided &u : inner)
        ev.undecided(u.name, true);
    else
      ev.undecided(e.str);
  }
  return v;
}

std::optional<HostValue> ModuleScope::value(HostEvaluator &ev, const Expr &e,
                                            const Binding &b) {
  switch (b.kind) {
  case Binding::Define:
    return *b.define;
  case Binding::Global:
    return viaGlobal(ev, e, b, [&] { return ev.eval(*b.global); });
  case Binding::Conditional:
    return viaGlobal(ev, e, b, [&] { return conditionalValue(ev, e, b); });
  case Binding::HostFunction:
  case Binding::UnparsedFunction:
    return HostValue::other("the function '" + e.str + "'");
  case Binding::EnumClass:
    return HostValue::enumeration(*b.enumClass);
  case Binding::JitFunction:
    return HostValue::other("the jit function '" + e.str + "'");
  case Binding::PackageModule:
    return HostValue::other("the module '" + b.module->name + "'");
  case Binding::Path:
    // typing.TYPE_CHECKING is False whenever code runs (true only for
    // static type checkers): vLLM's `if TYPE_CHECKING or HAS_TRITON:`.
    if (b.path == "typing.TYPE_CHECKING")
      return HostValue::boolean(false);
    break;
  case Binding::Unbound:
    break;
  }
  return ev.undecided(e.str);
}

std::optional<HostValue> ModuleScope::conditionalValue(HostEvaluator &ev,
                                                       const Expr &e,
                                                       const Binding &b) {
  // The value every branch that may run gives it.
  const Module::Conditional &c = *b.conditional;
  std::string at = "the module-level '" + c.statement + "' at line " +
                   std::to_string(c.where.line);
  if (c.partial)
    return ev.fail(e,
                   "'" + e.str + "' is bound by only some branches of " + at);
  // The conditions the parser could not decide, tried again with the
  // other modules of the package.
  std::vector<const Module::Alternative *> alts;
  std::optional<size_t> decided;
  if (loader && diags && b.module)
    decided = decideAlternative(*b.module, e.str, loader, *diags);
  for (const Module::Alternative &a : c.alternatives)
    if (!decided || &a == &c.alternatives[*decided])
      alts.push_back(&a);
  std::optional<HostValue> first;
  bool same = true;
  for (const Module::Alternative *ap : alts) {
    const Module::Alternative &a = *ap;
    std::optional<HostValue> v;
    if (a.function)
      v = HostValue::other("the jit function '" + e.str + "' of line " +
                           std::to_string(a.function->loc.line));
    else if (a.value)
      v = ev.eval(*a.value);
    else
      v = value(ev, e, resolveImport(*b.module, a.importPath, 0));
    if (!v)
      return std::nullopt;
    if (!first)
      first = std::move(v);
    else
      same &= sameHostValue(*first, *v);
  }
  if (same && first)
    return first;
  for (const std::string &n : c.undecidedNames)
    ev.undecided(n, /*decisive=*/true);
  return ev.fail(e, "'" + e.str + "' is bound differently by the branches of " +
                        at);
}

std::optional<bool> ModuleScope::nameTruth(HostEvaluator &ev, const Expr &e) {
  Binding b = lookup(e.str);
  if (b.kind == Binding::Global)
    return viaGlobal(ev, e, b, [&] { return ev.truth(*b.global); });
  return HostScope::nameTruth(ev, e);
}

std::optional<std::string> ModuleScope::namePath(HostEvaluator &ev,
                                                 const Expr &e) {
  Binding b = lookup(e.str);
  // A module a module-level `if` imports in the branch that runs (vLLM's
  // `triton` from vllm.triton_utils).
  if (b.kind == Binding::Conditional && loader && diags && b.module)
    if (std::optional<size_t> i =
            decideAlternative(*b.module, e.str, loader, *diags)) {
      const Module::Alternative &a = b.conditional->alternatives[*i];
      if (!a.value && !a.function)
        b = resolveImport(*b.module, a.importPath, 0);
    }
  if (b.kind == Binding::Path)
    return b.path;
  if (b.kind == Binding::PackageModule)
    return b.module->name;
  if (b.kind == Binding::Global)
    return getattrPath(ev, *b.global, *b.module);
  return std::nullopt;
}

std::optional<std::string>
ModuleScope::getattrPath(HostEvaluator &ev, const Expr &e, const Module &m) {
  if (e.kind != ExprKind::Call || e.args.size() != 3 || !e.keywords.empty() ||
      e.args[0]->kind != ExprKind::Name || e.args[0]->str != "getattr" ||
      pathDepth >= kMaxPathDepth)
    return std::nullopt;
  ++pathDepth;
  frames.push_back({&m});
  auto leave = llvm::make_scope_exit([&] {
    frames.pop_back();
    --pathDepth;
  });
  Binding::Kind getattrKind = lookup("getattr").kind;
  if (getattrKind != Binding::Unbound && getattrKind != Binding::Path)
    return std::nullopt; // a getattr of the module's own
  // Module-level code, computed quietly: where it is no path, the name is
  // a value (ModuleScope::value says why it has none).
  HostEvaluator::Frame frame(ev);
  HostEvaluator::Apart apart(ev);
  HostEvaluator::State before = ev.save();
  std::optional<std::string> base = ev.dottedPath(*e.args[1]);
  std::optional<HostValue> attr;
  if (base)
    attr = ev.eval(*e.args[2]);
  ev.restore(std::move(before));
  if (!attr || attr->kind != HostValue::Str)
    return std::nullopt;
  return *base + "." + attr->s;
}

std::optional<HostValue> ModuleScope::pathValue(HostEvaluator &ev,
                                                const Expr &e,
                                                const std::string &path) {
  // `M.NAME` of a module M of the package.
  size_t dot = path.rfind('.');
  if (dot != std::string::npos)
    if (const Module *m = load(path.substr(0, dot))) {
      Binding b = lookupIn(*m, path.substr(dot + 1), 0);
      if (b.kind == Binding::Unbound)
        return ev.fail(e,
                       "the module '" + m->name + "' binds no '" + e.str + "'");
      if (b.kind != Binding::Path)
        return value(ev, e, b);
    }
  return HostScope::pathValue(ev, e, path);
}

const Function *ModuleScope::hostFunction(HostEvaluator &ev,
                                          const Expr &callee) {
  Binding b;
  if (callee.kind == ExprKind::Name) {
    if (ev.local(callee.str))
      return nullptr;
    b = lookup(callee.str);
  } else if (callee.kind == ExprKind::Attribute) {
    std::optional<std::string> path = ev.dottedPath(callee);
    size_t dot = path ? path->rfind('.') : std::string::npos;
    if (dot == std::string::npos)
      return nullptr;
    if (const Module *m = load(path->substr(0, dot)))
      b = lookupIn(*m, path->substr(dot + 1), 0);
  }
  return b.kind == Binding::HostFunction ? b.function : nullptr;
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
    if (callee.kind == ExprKind::Name) {
      Binding b = lookup(callee.str);
      if (b.kind == Binding::UnparsedFunction)
        return "it calls '" + callee.str +
               "', a function of host code tilec cannot evaluate (" +
               HostEvaluator::kEvaluatedBodies.str() + ")";
      return "it calls '" + callee.str + "', which is host code";
    }
    if (path)
      return "it calls '" + *path + "', which is host code";
    return "it calls host code";
  }
  case HostCode::Attribute:
    if (path)
      return "'" + *path + "' is host code; -D '" + *path +
             "=VALUE' gives its value";
    return "an attribute of host code";
  case HostCode::Expression:
    break;
  }
  return "an expression tilec does not evaluate at module level";
}

// ------------------------------------------------------------ ** splats

bool ModuleScope::bindingKeys(HostEvaluator &ev, const Expr &e,
                              const Binding &b, std::vector<std::string> &keys,
                              unsigned depth) {
  auto inModule = [&](const Module *m, auto compute) {
    bool push = !b.here && m;
    if (push)
      frames.push_back({m});
    bool ok;
    {
      HostEvaluator::Frame frame(ev);
      ok = compute();
    }
    if (push)
      frames.pop_back();
    return ok;
  };
  if (b.kind == Binding::Global)
    return inModule(
        b.module, [&] { return possibleKeys(ev, *b.global, keys, depth + 1); });
  if (b.kind != Binding::Conditional)
    return false;
  const Module::Conditional &c = *b.conditional;
  if (c.partial) {
    ev.fail(e, "'" + e.str +
                   "' is bound by only some branches of the "
                   "module-level '" +
                   c.statement + "' at line " + std::to_string(c.where.line));
    return false;
  }
  bool ok = true;
  for (const Module::Alternative &a : c.alternatives) {
    if (a.value)
      ok &= inModule(b.module, [&] {
        return possibleKeys(ev, *a.value, keys, depth + 1);
      });
    else if (!a.function)
      ok &= bindingKeys(ev, e, resolveImport(*b.module, a.importPath, depth),
                        keys, depth + 1);
    else
      ok = false;
  }
  return ok;
}

bool ModuleScope::possibleKeys(HostEvaluator &ev, const Expr &e,
                               std::vector<std::string> &keys, unsigned depth) {
  if (depth > HostEvaluator::kMaxDepth) {
    ev.fail(e, "it is defined in terms of itself");
    return false;
  }
  auto add = [&](const Expr &at, const HostValue &k) {
    if (k.kind != HostValue::Str) {
      ev.fail(at, "the key " + k.repr() + " is not a string");
      return false;
    }
    if (!llvm::is_contained(keys, k.s))
      keys.push_back(k.s);
    return true;
  };
  // Its value, when tilec can compute it.
  HostEvaluator::State before = ev.save();
  if (std::optional<HostValue> v = ev.eval(e)) {
    if (v->kind != HostValue::Dict) {
      ev.fail(e, v->describe() + " is not a dict");
      return false;
    }
    bool ok = true;
    for (const HostValue &k : v->elems)
      ok &= add(e, k);
    return ok;
  }
  // Else the keys of every dict it may be.
  switch (e.kind) {
  case ExprKind::Dict: {
    ev.restore(before);
    bool ok = true;
    for (size_t i = 0; i + 1 < e.args.size(); i += 2) {
      std::optional<HostValue> k = ev.eval(*e.args[i]);
      ok &= k && add(*e.args[i], *k);
    }
    return ok;
  }
  case ExprKind::IfExp: {
    std::optional<bool> t = ev.truth(*e.args[1]);
    if (t)
      return possibleKeys(ev, *e.args[*t ? 0 : 2], keys, depth + 1);
    bool a = possibleKeys(ev, *e.args[0], keys, depth + 1);
    bool b = possibleKeys(ev, *e.args[2], keys, depth + 1);
    return a && b;
  }
  case ExprKind::Name:
    if (ev.local(e.str))
      return false;
    return bindingKeys(ev, e, lookup(e.str), keys, depth);
  default:
    return false;
  }
}

// ------------------------------------------------------------ entries

HostEval tilec::evalHostCondition(const Expr &e,
                                  llvm::ArrayRef<const Module *> scopes,
                                  const HostDefines *defines) {
  ModuleScope scope({scopes.begin(), scopes.end()}, defines, nullptr, nullptr);
  HostEvaluator ev(scope);
  HostEval out;
  out.truth = ev.truth(e);
  if (!out.truth) {
    out.undecidedNames = ev.undecidedNames();
    out.reason = ev.reason();
  }
  return out;
}

std::optional<size_t> tilec::decideAlternative(const Module &module,
                                               const std::string &name,
                                               ModuleLoader *loader,
                                               DiagnosticEngine &diags) {
  auto it = module.conditional.find(name);
  if (it == module.conditional.end() || it->second.partial)
    return std::nullopt;
  // A condition that reads the name it decides (directly or not) stays
  // undecided.
  static thread_local std::set<std::string> inProgress;
  std::string key = module.name + ":" + name;
  if (!inProgress.insert(key).second)
    return std::nullopt;
  auto done = llvm::make_scope_exit([&] { inProgress.erase(key); });
  ModuleScope scope({&module}, loader ? &loader->defines() : nullptr, loader,
                    &diags);
  const std::vector<Module::Alternative> &alts = it->second.alternatives;
  for (size_t i = 0; i < alts.size(); ++i) {
    const auto &guard = alts[i].guard;
    if (guard.empty())
      return std::nullopt; // a `try`, or a condition that did not parse
    bool holds = true;
    for (const auto &[test, want] : guard) {
      HostEvaluator ev(scope);
      std::optional<bool> t = ev.truth(*test);
      if (!t)
        return std::nullopt;
      if (*t != want) {
        holds = false;
        break;
      }
    }
    if (holds)
      return i;
  }
  return std::nullopt;
}

/// Fills the fields of `out` that say why `ev` computed nothing.
static void failure(const HostEvaluator &ev, HostResult &out) {
  out.undecidedNames = ev.undecidedNames();
  out.reason = ev.reason();
  out.at = ev.failedAt();
  out.notes = ev.notes();
}

HostResult tilec::evalModuleExpr(const Expr &e, const Module &module,
                                 ModuleLoader *loader,
                                 DiagnosticEngine &diags) {
  ModuleScope scope({&module}, loader ? &loader->defines() : nullptr, loader,
                    &diags);
  HostEvaluator ev(scope);
  HostResult out;
  out.value = ev.eval(e);
  if (!out.value)
    failure(ev, out);
  out.warnings = ev.warnings();
  return out;
}

std::optional<std::vector<std::string>>
tilec::splatKeywords(const Expr &e, const Module &module, ModuleLoader *loader,
                     DiagnosticEngine &diags, HostResult &why) {
  ModuleScope scope({&module}, loader ? &loader->defines() : nullptr, loader,
                    &diags);
  HostEvaluator ev(scope);
  std::vector<std::string> keys;
  if (scope.possibleKeys(ev, e, keys))
    return keys;
  failure(ev, why);
  return std::nullopt;
}
