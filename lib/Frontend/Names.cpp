//===- Names.cpp - Names, globals, imports and attributes -----------------===//
//
// What a name means in a jit function, in order: a local variable, a jit
// function of the file (or a name a triton.jit call binds to one), a
// module-level constant or alias, an import, a name a module-level `if` /
// `try` binds the same way in every branch, then Triton's own modules and
// Python's builtins. Attributes of Triton's modules (`tl.float32`,
// `tl.extra.cuda.libdevice`), of dtypes and of values (`x.dtype`, `x.shape`).
//
//===----------------------------------------------------------------------===//

#include "CodeGen.h"

#include "tilec/Frontend/HostEval.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"

using namespace tilec;

Val CodeGen::importedValue(const std::string &path) {
  llvm::StringRef p = path;
  if (p == "triton")
    return Val::named(Val::Module, "triton");
  if (p == "triton.language" || p == "triton.language.core" ||
      p == "triton.language.standard")
    return Val::named(Val::Module, "tl");
  if (p == "triton.language.math")
    return Val::named(Val::Module, "tl.math");
  if (p == "triton.language.extra")
    return Val::named(Val::Module, "tl.extra");
  if (p == "triton.language.extra.cuda")
    return Val::named(Val::Module, "tl.extra.cuda");
  if (p == "triton.language.extra.libdevice" ||
      p == "triton.language.extra.cuda.libdevice")
    return Val::named(Val::Module, "libdevice");
  // from triton.language import program_id / float32 / ...; from triton
  // import cdiv; from triton.language.extra.libdevice import tanh.
  auto dot = p.rfind('.');
  if (dot != llvm::StringRef::npos) {
    llvm::StringRef parent = p.take_front(dot), name = p.drop_front(dot + 1);
    Val m = importedValue(parent.str());
    if (m.kind == Val::Module && m.s == "tl.math") {
      // from triton.language.math import tanh (Triton 2.x: libdevice's).
      if (!isBuiltin("tl." + name.str()) &&
          isBuiltin("libdevice." + name.str()))
        return Val::named(Val::Builtin, "libdevice." + name.str());
      m.s = "tl";
    }
    if (m.kind == Val::Module) {
      std::string prefix = m.s == "triton" ? "triton" : m.s;
      if (m.s == "tl") {
        if (auto k = parseTLDTypeName(name))
          return Val::dtypeVal(DType::scalar(*k));
        if (auto fp8 = fp8TypeName(name))
          return fp8DTypeVal(*fp8);
        if (name == "constexpr")
          return Val::named(Val::Builtin, "tl.constexpr");
      }
      if (m.s == "triton" && (name == "cdiv" || name == "next_power_of_2"))
        return Val::named(Val::Builtin, "tl." + name.str());
      if (m.s == "triton" && name == "language")
        return Val::named(Val::Module, "tl");
      if ((m.s == "tl" || m.s == "libdevice" || m.s == "tl.extra.cuda") &&
          isBuiltin(m.s + "." + name.str()))
        return Val::named(Val::Builtin, m.s + "." + name.str());
    }
  }
  return Val::error();
}

static Val hostValue(const HostValue &h);

/// The value host code computed, where jit functions can use it as a
/// constant (no object, dtype or other Python value of host code).
static std::optional<Val> hostConstant(const HostResult &r) {
  if (!r.value || r.value->kind == HostValue::Object ||
      r.value->kind == HostValue::DType || r.value->kind == HostValue::Other)
    return std::nullopt;
  return hostValue(*r.value);
}

/// Whether `e` reads a name its module binds to torch or a part of it, or
/// triton.runtime (`triton.runtime.driver.active.get_current_target()`).
bool CodeGen::readsHostLibrary(const Expr &e) const {
  auto bound = [&](const Expr &x, llvm::StringRef module) {
    if (x.kind != ExprKind::Name)
      return false;
    auto imp = mod->imports.find(x.str);
    return imp != mod->imports.end() &&
           (imp->second == module ||
            llvm::StringRef(imp->second).starts_with((module + ".").str()));
  };
  return anyExpr(e, [&](const Expr &x) {
    return bound(x, "torch") || bound(x, "triton.runtime") ||
           (x.kind == ExprKind::Attribute && x.str == "runtime" &&
            bound(*x.args[0], "triton"));
  });
}

std::optional<Val> CodeGen::torchConstant(const Expr &e) {
  // Also an attribute of a module-level global that host code computes
  // from torch (vLLM's `FP8_MIN: tl.constexpr = float8_info.min` with
  // `float8_info = torch.finfo(current_platform.fp8_dtype())`).
  auto ofHostGlobal = [&] {
    const Expr *x = &e;
    while (x->kind == ExprKind::Attribute)
      x = x->args[0].get();
    if (x == &e || x->kind != ExprKind::Name || scope.count(x->str))
      return false;
    auto g = mod->globals.find(x->str);
    return g != mod->globals.end() && readsHostLibrary(*g->second);
  };
  // Only module-level names: a local would be host code's value otherwise.
  if (!(readsHostLibrary(e) || ofHostGlobal()) ||
      anyExpr(e, [&](const Expr &x) {
        return x.kind == ExprKind::Name && scope.count(x.str);
      }))
    return std::nullopt;
  return hostConstant(evalModuleExpr(e, *mod, loader, diags));
}

Val CodeGen::evalGlobal(const Expr &use, const Expr &value) {
  std::string key = mod->name + ":" + use.str;
  if (!globalsInProgress.insert(key).second)
    return error(use, "global '" + use.str + "' is defined in terms of itself");
  auto done = llvm::make_scope_exit([&] { globalsInProgress.erase(key); });
  // A constant that host code computes from torch's dtypes or the target
  // (`torch.finfo(torch.float8_e4m3fn).max`,
  // `torch.cuda.get_device_capability()`): the host evaluator's value.
  if (readsHostLibrary(value)) {
    HostResult r = evalModuleExpr(value, *mod, loader, diags);
    if (std::optional<Val> v = hostConstant(r))
      return *v;
    if (!r.value && r.undecidedNames.empty() && !r.reason.empty()) {
      const Expr &at = r.at ? *r.at : value;
      diags.error(at.loc, r.reason, at.length);
      diags.note(use.loc,
                 "while evaluating the global '" + use.str + "' used here",
                 use.length);
      return Val::error();
    }
  }
  auto callsHostFunction = [&](const Expr &x) {
    return x.kind == ExprKind::Call && !x.args.empty() &&
           x.args[0]->kind == ExprKind::Name && isHostFunction(x.args[0]->str);
  };
  // A global that calls functions of host code (fla's `device_platform =
  // get_available_device()`, a `try` over the target's backend): the host
  // evaluator's value where it computes a constant; else on below.
  if (anyExpr(value, callsHostFunction))
    if (std::optional<Val> v =
            hostConstant(evalModuleExpr(value, *mod, loader, diags)))
      return *v;
  // A global that a call of host code computes (FlagGems' `tl_extra_shim =
  // backend.get_tl_extra_backend_module()`): tilec does not run it, -D can
  // give its value.
  if (callsHostFunction(value)) {
    const Expr &callee = *value.args[0];
    diags.error(callee.loc,
                "the global '" + use.str + "' is the result of '" + callee.str +
                    "', a function of host code, which tilec does not run: "
                    "give its value with -D " +
                    use.str +
                    "=VALUE (a Python literal, or the path of one of "
                    "Triton's modules)",
                callee.length);
    diags.note(use.loc,
               "while evaluating the global '" + use.str + "' used here",
               use.length);
    return Val::error();
  }
  Scope saved = std::move(scope);
  scope.clear();
  unsigned before = diags.numErrors();
  // A module's code runs when Python imports it: functions of host code
  // that the value calls run at compile time, as in a compile-time
  // function's body.
  ++constexprDepth;
  Val v = genExpr(value);
  --constexprDepth;
  scope = std::move(saved);
  if (v.isError() || diags.numErrors() != before) {
    diags.note(use.loc,
               "while evaluating the global '" + use.str + "' used here",
               use.length);
    // A call of host code's (`backend.get_tl_extra_backend_module()`).
    if (value.kind == ExprKind::Call)
      diags.note(value.loc,
                 "-D " + use.str +
                     "=VALUE gives the global's value where host code "
                     "computes it (a Python literal, or the path of one of "
                     "Triton's modules), -D " +
                     use.str + ".ATTRIBUTE=VALUE one of its attributes",
                 value.length);
    return Val::error();
  }
  // Constants, and aliases of builtins, jit functions and modules
  // (`rsqrt = tl.rsqrt`, `exp = libdevice.exp`).
  bool alias =
      v.kind == Val::Builtin || v.kind == Val::Func || v.kind == Val::Module;
  if (!v.isConstexpr() && !alias)
    return error(use,
                 "global '" + use.str + "' is not a compile-time constant");
  return v;
}

std::optional<Val> CodeGen::definedCall(const Expr &call) {
  if (!loader || call.args.size() != 1 || !call.keywords.empty())
    return std::nullopt;
  std::string text = dottedName(*call.args[0]);
  if (text.empty())
    return std::nullopt;
  if (const HostValue *d = loader->defines().lookup(text + "()"))
    return hostValue(*d);
  // By the path of the imported function (`import pkg.platform as plat`,
  // `plat.is_hip()`: -D 'pkg.platform.is_hip()=False').
  llvm::StringRef head = llvm::StringRef(text).split('.').first;
  if (auto imp = mod->imports.find(head.str()); imp != mod->imports.end())
    if (const HostValue *d = loader->defines().lookup(
            imp->second + text.substr(head.size()) + "()"))
      return hostValue(*d);
  return std::nullopt;
}

Val CodeGen::packageModule(const std::string &dotted) {
  Val v = Val::named(Val::Module, dotted);
  if (loader)
    v.pyModule = loader->load(dotted, diags);
  return v;
}

Val CodeGen::evalImport(const Expr &use, const std::string &path) {
  Val v = importedValue(path);
  if (!v.isError())
    return v;
  // A module of the kernel's package, or a name one of them binds.
  std::string why;
  std::optional<std::string> abs =
      ModuleLoader::resolveRelative(path, mod->package, why);
  if (!abs)
    return error(use, "cannot import '" + path + "': " + why);
  if (loader) {
    Val m = packageModule(*abs);
    if (m.pyModule)
      return m;
    llvm::StringRef p = *abs;
    auto dot = p.rfind('.');
    if (dot != llvm::StringRef::npos) {
      std::string parent = p.take_front(dot).str(),
                  name = p.drop_front(dot + 1).str();
      Val pm = packageModule(parent);
      if (pm.pyModule) {
        if (std::optional<Val> r = lookupIn(*pm.pyModule, use, name))
          return *r;
        // A function of host code: module-level code that calls it
        // (`X = A if is_hip() else B`) is decided by a -D of the call.
        if (pm.pyModule->hostFunctions.count(name) ||
            pm.pyModule->unparsedHostFunctions.count(name))
          return error(use, "cannot import name '" + name + "' from '" +
                                parent +
                                "' into a jit function: it is a function "
                                "of host code; where module-level code "
                                "calls it without arguments, -D '" +
                                use.str + "()=VALUE' gives the call's value");
        return error(use, "cannot import name '" + name + "' from '" + parent +
                              "': it binds no jit function, "
                              "constant or import of that name");
      }
    }
    // A package on the search path without this module, or a relative
    // import: name the first module that is missing, as Python does.
    llvm::SmallVector<llvm::StringRef> parts;
    p.split(parts, '.');
    std::string prefix;
    for (size_t i = 0; i < parts.size(); ++i) {
      std::string next = i ? prefix + "." + parts[i].str() : parts[i].str();
      if (!packageModule(next).pyModule) {
        if (i > 0 || path.front() == '.')
          return error(use, "no module named '" + next + "' (search path: " +
                                llvm::join(loader->searchPath(), ", ") + ")");
        break;
      }
      prefix = next;
    }
  }
  if (path == use.str)
    return error(use, "the module '" + use.str +
                          "' cannot be used in jit functions");
  return error(use, "'" + use.str + "' (the imported '" + path +
                        "') cannot be used in jit functions");
}

/// Why the branches of `c` are all alternatives: what its condition reads
/// that tilec cannot compute, and how to give it.
static std::string undecidedCondition(const Module::Conditional &c) {
  if (c.statement != "if")
    return ", and tilec does not run host code to tell which of them runs";
  if (!c.undecidedNames.empty()) {
    std::vector<std::string> quoted, flags;
    for (const std::string &n : c.undecidedNames) {
      quoted.push_back("'" + n + "'");
      flags.push_back("-D " + n + "=VALUE");
    }
    return ", and its condition reads " + llvm::join(quoted, ", ") +
           ", host code's value" + (quoted.size() > 1 ? "s" : "") +
           " that tilec cannot compute: give " +
           (quoted.size() > 1 ? "them" : "it") + " with " +
           llvm::join(flags, " ") + " (a Python literal)";
  }
  return ", and tilec cannot decide its condition (" +
         (c.reason.empty() ? std::string("host code") : c.reason) + ")";
}

/// describe(v), with the line of a jit function's definition (the branches
/// may define functions of one name).
static std::string described(const Val &v) {
  if (v.kind == Val::Func)
    return describe(v) + " of line " + std::to_string(v.fn->loc.line);
  return describe(v);
}

const std::string *
CodeGen::tryBodyUnknown(const Expr &use,
                        const std::vector<std::string> &reads) {
  bool wasSuppressed = diags.suppressed();
  diags.setSuppressed(true);
  auto restore =
      llvm::make_scope_exit([&] { diags.setSuppressed(wasSuppressed); });
  for (const std::string &read : reads) {
    // A dotted name reads its head as the module binds it: an import.
    std::string path = read;
    if (read.empty() || read.front() != '.') {
      llvm::StringRef head = llvm::StringRef(read).split('.').first;
      auto imp = mod->imports.find(head.str());
      if (imp != mod->imports.end())
        path = imp->second + read.substr(head.size());
    }
    if (path.empty() || evalImport(use, path).isError())
      return &read;
  }
  return nullptr;
}

const Module::Alternative *
CodeGen::ownBranchAlternative(const Module::Conditional &c) const {
  if (activeFunctions.empty())
    return nullptr;
  const auto &mine = activeFunctions.back()->branchPath;
  auto same = [](SourceLoc a, SourceLoc b) {
    return a.line == b.line && a.col == b.col && a.file == b.file;
  };
  // Only a function in a branch of this very statement knows which ran.
  if (llvm::none_of(mine, [&](auto &m) { return same(m.first, c.where); }))
    return nullptr;
  const Module::Alternative *found = nullptr;
  for (const Module::Alternative &a : c.alternatives) {
    bool consistent = llvm::all_of(a.branchPath, [&](auto &p) {
      return llvm::all_of(mine, [&](auto &m) {
        return !same(m.first, p.first) || m.second == p.second;
      });
    });
    if (!consistent)
      continue;
    if (found)
      return nullptr; // a nested statement tilec cannot decide either
    found = &a;
  }
  return found;
}

Val CodeGen::evalAlternative(const Expr &use, const Module::Alternative &a) {
  if (a.function) {
    Val v;
    v.kind = Val::Func;
    v.fn = a.function;
    return v;
  }
  return a.value ? evalGlobal(use, *a.value) : evalImport(use, a.importPath);
}

Val CodeGen::evalConditional(const Expr &use, const Module::Conditional &c) {
  std::string at = "the module-level '" + c.statement + "' at line " +
                   std::to_string(c.where.line);
  // A jit function defined in a branch of this statement exists only where
  // that branch ran: it sees that branch's binding (torchao's
  // `if has_triton(): import triton.language as tl` / `@triton.jit def k`).
  if (const Module::Alternative *own = ownBranchAlternative(c))
    return evalAlternative(use, *own);
  // A `try` whose handler sets `triton = None`: no kernel exists where it
  // ran (Module::Conditional::tritonGuard).
  if (c.tritonGuard && c.tryBranch >= 0)
    return evalAlternative(use, c.alternatives[c.tryBranch]);
  // A `try` body that only imports what tilec knows (Triton's names, the
  // package's modules) raises nothing: its bindings hold, its handlers do
  // not run (FlagGems' `try: from triton.language.standard import _log2`).
  const std::string *unknown =
      c.tryReads ? tryBodyUnknown(use, *c.tryReads) : nullptr;
  if (c.tryReads && !unknown && c.tryBranch >= 0)
    return evalAlternative(use, c.alternatives[c.tryBranch]);
  auto whyTry = [&] {
    if (unknown)
      diags.note(c.where,
                 "tilec takes a 'try' body that only imports names it "
                 "knows to raise nothing; this one reads '" +
                     *unknown + "', which it does not know",
                 c.statement.size());
  };
  if (c.partial) {
    error(use, "'" + use.str + "' is bound by only some branches of " + at +
                   undecidedCondition(c));
    diags.note(c.where, "the module-level '" + c.statement + "' is here",
               c.statement.size());
    whyTry();
    return Val::error();
  }
  Val first;
  // The conditions the parser could not decide, tried again with the other
  // modules of the package (a name one of them binds: vLLM's HAS_TRITON):
  // the branch that runs, if they decide it; else every branch may run.
  std::vector<const Module::Alternative *> alts;
  std::optional<size_t> decided =
      decideAlternative(*mod, use.str, loader, diags);
  for (const Module::Alternative &a : c.alternatives)
    if (!decided || &a == &c.alternatives[*decided])
      alts.push_back(&a);
  // A branch whose value jit functions cannot use (another backend's API)
  // is reported through the condition that keeps it, which -D can decide,
  // not by its own error.
  bool several = alts.size() > 1;
  for (size_t i = 0; i < alts.size(); ++i) {
    const Module::Alternative &a = *alts[i];
    bool quiet = several && !a.function && !diags.suppressed();
    if (quiet)
      diags.setSuppressed(true);
    Val v = evalAlternative(use, a);
    if (quiet)
      diags.setSuppressed(false);
    if (v.isError() && several) {
      error(use, "'" + use.str + "' is bound by each branch of " + at +
                     ", and one of them is a value jit functions cannot "
                     "use" +
                     undecidedCondition(c));
      if (a.value)
        diags.note(a.value->loc, "this branch's value", a.value->length);
      diags.note(c.where, "the module-level '" + c.statement + "' is here",
                 c.statement.size());
      whyTry();
      return Val::error();
    }
    if (v.isError())
      return v;
    if (i == 0) {
      first = v;
    } else if (!identicalVals(first, v)) {
      error(use, "'" + use.str +
                     "' is bound differently by the "
                     "branches of " +
                     at + " (" + described(first) + " and " + described(v) +
                     ")" + undecidedCondition(c));
      diags.note(c.where, "the module-level '" + c.statement + "' is here",
                 c.statement.size());
      whyTry();
      return Val::error();
    }
  }
  return first;
}

/// The value a -D option gives a module-level name.
static Val hostValue(const HostValue &h) {
  switch (h.kind) {
  case HostValue::None:
    return Val::none();
  case HostValue::Bool:
    return Val::boolean(h.i != 0);
  case HostValue::Int:
    return Val::integer(h.i);
  case HostValue::Float:
    return Val::floating(h.f);
  case HostValue::Str:
    return Val::str(h.s);
  case HostValue::Tuple:
  case HostValue::List: {
    std::vector<Val> elems;
    for (const HostValue &e : h.elems)
      elems.push_back(hostValue(e));
    return Val::tuple(std::move(elems));
  }
  case HostValue::Dict: // -D gives literals, lists and tuples only
  case HostValue::Object:
  case HostValue::DType:
  case HostValue::Class:
  case HostValue::Other:
    break;
  }
  return Val::none();
}

std::optional<Val> CodeGen::lookupIn(const Module &m, const Expr &use,
                                     const std::string &name) {
  const Module *saved = mod;
  auto restore = llvm::make_scope_exit([&] { mod = saved; });
  mod = &m;
  if (const Function *fn = m.lookup(name)) {
    Val v;
    v.kind = Val::Func;
    v.fn = fn;
    return v;
  }
  // Evaluated as a use of `name` in `m` (diagnostics still point at `use`).
  Expr named(ExprKind::Name, use.loc);
  named.length = use.length;
  named.str = name;
  // A name -D binds, in every module: to a value or to a module's path.
  if (loader) {
    if (const HostValue *d = loader->defines().lookup(name))
      return hostValue(*d);
    if (const std::string *path = loader->defines().lookupModule(name))
      return evalImport(named, *path);
  }
  auto g = m.globals.find(name);
  if (g != m.globals.end())
    return evalGlobal(named, *g->second);
  auto imp = m.imports.find(name);
  if (imp != m.imports.end())
    return evalImport(named, imp->second);
  auto c = m.conditional.find(name);
  if (c != m.conditional.end())
    return evalConditional(named, c->second);
  return std::nullopt;
}

Val CodeGen::lookupName(const Expr &e) {
  auto it = scope.find(e.str);
  if (it != scope.end()) {
    if (it->second.isIR() && !hints.empty()) {
      Val v = it->second;
      v.v = hinted(v.v);
      return v;
    }
    return it->second;
  }
  if (std::optional<Val> v = lookupIn(*mod, e, e.str))
    return *v;
  if (e.str == "tl")
    return Val::named(Val::Module, "tl");
  if (e.str == "triton")
    return Val::named(Val::Module, "triton");
  static const char *pyBuiltins[] = {"range", "float",     "int", "bool",
                                     "min",   "max",       "len", "abs",
                                     "print", "isinstance"};
  for (const char *n : pyBuiltins)
    if (e.str == n)
      return Val::named(Val::Builtin, n);
  if (e.str == "constexpr")
    return Val::named(Val::Builtin, "tl.constexpr");
  // A compile-time function's body is Python that runs while compiling: a
  // function of host code it calls runs the same way (FlagGems' sort:
  // `num_bits = unwrap_if_constexpr(num_bits)` in a @tl.constexpr function).
  if (constexprDepth > 0)
    if (auto h = mod->hostFunctions.find(e.str);
        h != mod->hostFunctions.end() && h->second) {
      Val v;
      v.kind = Val::Func;
      v.fn = h->second.get();
      return v;
    }
  if (isHostFunction(e.str))
    return error(e, "'" + e.str +
                        "' is a function of host code (no @triton.jit): jit "
                        "functions cannot call it");
  if (mod->unparsedConstexprFunctions.count(e.str))
    return error(e, "'" + e.str +
                        "' is a compile-time function whose body "
                        "tilec cannot evaluate: only the kernel language (no "
                        "dict or set literals, comprehensions, lambdas, ...) "
                        "runs at compile time");
  return error(e, "name '" + e.str + "' is not defined");
}

Val CodeGen::genAttribute(const Expr &e) {
  Val base = genExpr(*e.args[0]);
  if (base.isError())
    return base;
  const std::string &attr = e.str;
  switch (base.kind) {
  case Val::Module: {
    if (base.pyModule) {
      // A module of the kernel's package used as a namespace.
      if (std::optional<Val> v = lookupIn(*base.pyModule, e, attr))
        return *v;
      Val sub = packageModule(base.s + "." + attr);
      if (sub.pyModule)
        return sub;
      return error(e, "module '" + base.s + "' has no attribute '" + attr +
                          "' that jit functions can use");
    }
    // tl.math: the tl builtins, and (Triton 2.x's math module was
    // libdevice's) the libdevice functions tl has no builtin for.
    if (base.s == "tl.math") {
      if (!isBuiltin("tl." + attr) && isBuiltin("libdevice." + attr))
        return Val::named(Val::Builtin, "libdevice." + attr);
      base.s = "tl";
    }
    if (base.s == "triton") {
      if (attr == "language")
        return Val::named(Val::Module, "tl");
      if (attr == "cdiv" || attr == "next_power_of_2")
        return Val::named(Val::Builtin, "tl." + attr);
      return error(e, "'triton." + attr +
                          "' is not available in jit "
                          "functions");
    }
    if (base.s == "libdevice") {
      if (isBuiltin("libdevice." + attr))
        return Val::named(Val::Builtin, "libdevice." + attr);
      return error(e, "'libdevice." + attr + "' is not supported by tilec");
    }
    if (base.s == "tl" && attr == "extra")
      return Val::named(Val::Module, "tl.extra");
    if (base.s == "tl.extra" && attr == "cuda")
      return Val::named(Val::Module, "tl.extra.cuda");
    if ((base.s == "tl.extra" || base.s == "tl.extra.cuda") &&
        attr == "libdevice")
      return Val::named(Val::Module, "libdevice");
    if (base.s == "tl.extra.cuda" && isBuiltin(base.s + "." + attr))
      return Val::named(Val::Builtin, base.s + "." + attr);
    if (base.s == "tl.extra" || base.s == "tl.extra.cuda")
      return error(e,
                   "'" + base.s + "." + attr + "' is not supported by tilec");
    if (attr == "math")
      return Val::named(Val::Module, "tl.math"); // tl.math.exp == tl.exp
    if (attr == "core" || attr == "standard")
      return Val::named(Val::Module, "tl");
    if (base.s == "tl.PropagateNan") {
      if (attr == "ALL" || attr == "NONE")
        return Val::str(llvm::StringRef(attr).lower());
      return error(e, "tl.PropagateNan has no member '" + attr + "'");
    }
    if (attr == "PropagateNan")
      return Val::named(Val::Module, "tl.PropagateNan");
    if (auto k = parseTLDTypeName(attr))
      return Val::dtypeVal(DType::scalar(*k));
    if (auto fp8 = fp8TypeName(attr))
      return fp8DTypeVal(*fp8);
    if (isBuiltin("tl." + attr))
      return Val::named(Val::Builtin, "tl." + attr);
    return error(e, "'tl." + attr + "' is not supported by tilec");
  }
  case Val::DTypeV:
    if (attr == "value") // a dtype held by a constexpr
      return base;
    return typeAttribute(e, base, attr);
  case Val::IR: {
    if (attr == "dtype")
      return Val::dtypeVal(base.dtype);
    if (attr == "type") { // a block type for a tensor, the dtype for a scalar
      Val t = Val::dtypeVal(base.dtype);
      auto shape = base.shape();
      t.blockShape.assign(shape.begin(), shape.end());
      return t;
    }
    if (attr == "shape") {
      std::vector<Val> dims;
      for (int64_t d : base.shape())
        dims.push_back(Val::integer(d));
      return Val::tuple(std::move(dims));
    }
    if (attr == "numel") {
      int64_t n = 1;
      for (int64_t d : base.shape())
        n *= d;
      return Val::integer(n);
    }
    if (attr == "T") {
      std::vector<Val> args{base};
      Expr call(ExprKind::Call, e.loc);
      call.length = e.length;
      return callBuiltin("tl.trans", call, args, {});
    }
    if (isTensorMethod(attr)) {
      Val m = Val::named(Val::Method, attr);
      m.elems.push_back(base);
      return m;
    }
    return error(e, "tensor has no attribute '" + attr + "'");
  }
  case Val::BlockPtr: {
    if (base.isDescriptor && (attr == "load" || attr == "store")) {
      Val m = Val::named(Val::Method, attr + "_tensor_descriptor");
      m.elems.push_back(base);
      return m;
    }
    // Triton's tensor methods of a block pointer: p.advance(offsets) is
    // tl.advance(p, offsets), p.store(value, ...) tl.store(p, value, ...).
    if (!base.isDescriptor && (attr == "advance" || attr == "store")) {
      Val m = Val::named(Val::Method, attr);
      m.elems.push_back(base);
      return m;
    }
    // A descriptor's dtype is its element type; a block pointer's is a
    // pointer type (Triton's pointer<block<T>>: `p.dtype.element_ty`,
    // kept here as pointer<T>, casts to T).
    if (attr == "dtype")
      return Val::dtypeVal(base.isDescriptor ? base.elems[0].dtype.pointee()
                                             : base.elems[0].dtype);
    if (attr == "block_shape") {
      std::vector<Val> dims;
      for (int64_t d : base.blockShape)
        dims.push_back(Val::integer(d));
      return Val::tuple(dims);
    }
    return error(e, describe(base) + " has no attribute '" + attr + "'");
  }
  case Val::None:
  case Val::Int:
  case Val::Float:
  case Val::Bool:
  case Val::Str:
    // `BLOCK.value` of a tl.constexpr: the value itself.
    if (attr == "value")
      return base;
    // `template.format(...)`, `" ".join(parts)`: computed at compile time
    // (BuiltinsString.cpp).
    if (base.kind == Val::Str && isStringMethod(attr)) {
      Val m = Val::named(Val::Method, attr);
      m.elems.push_back(base);
      return m;
    }
    // Triton makes a constant assigned to a local a scalar tensor
    // (to_tensor), whose methods then apply (FlagGems' randperm:
    // `bs = BLOCK_SIZE; r % bs.to(tl.uint32)`): the constant as that scalar.
    if (base.kind != Val::None && base.kind != Val::Str &&
        isTensorMethod(attr)) {
      Val t = toIR(base, loc(e), e);
      if (t.isError())
        return t;
      Val m = Val::named(Val::Method, attr);
      m.elems.push_back(t);
      return m;
    }
    return error(e, describe(base) + " has no attribute '" + attr + "'");
  default:
    return error(e, describe(base) + " has no attribute '" + attr + "'");
  }
}
