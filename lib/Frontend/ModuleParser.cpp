//===- ModuleParser.cpp - The module level of a kernel file ---------------===//
//
// A kernel file is a Python module: tilec keeps its @triton.jit functions,
// the constants and imports they can use, the functions of host code that
// module-level code may call (HostEval.h), and skips the rest (host code).
// A module-level `if` / `try` is parsed branch by branch; what its branches
// bind is merged (mergeBranches): the same binding in every branch is taken
// as it is, anything else is kept as alternatives for CodeGen::lookupName,
// which accepts a name when every branch binds it to the same thing (the
// usual `try: from triton.language.extra.libdevice import rsqrt except
// ModuleNotFoundError: from triton.language.extra.cuda.libdevice import
// rsqrt`) and reports it otherwise.
//
//===----------------------------------------------------------------------===//

#include "ParserImpl.h"

#include "tilec/Frontend/Parser.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <set>

using namespace tilec;

namespace tilec::detail {

std::unique_ptr<Module> Parser::parseModule() {
  auto module = std::make_unique<Module>();
  moduleScopes = {module.get()};
  while (!cur().is(Tok::Eof)) {
    if (cur().is(Tok::Dedent)) { // a block that ended at the top level
      consume();
      continue;
    }
    parseModuleStatement(*module);
  }
  // Functions made jit functions by a call of triton.jit: parsed now, under
  // their own names, and found under the names the calls bind too.
  for (const JitCall &c : jitCalls) {
    if (!module->lookup(c.function)) {
      auto d = plainDefs.find(c.function);
      if (d == plainDefs.end())
        continue; // not defined in this file: the name stays unbound
      size_t saved = idx;
      idx = d->second;
      if (auto fn = parseFunction({"triton.jit"})) {
        applyCallFormDecorators(c, *fn);
        module->functions.push_back(std::move(fn));
      }
      idx = saved;
    }
    if (c.name != c.function)
      module->jitAliases[c.name] = c.function;
  }
  for (auto &fn : module->functions)
    fn->owner = module.get();
  for (auto &fn : module->branchFunctions)
    fn->owner = module.get();
  for (auto &[name, fn] : module->hostFunctions)
    fn->owner = module.get();
  for (auto &[name, cls] : module->enumClasses) {
    cls->owner = module.get();
    for (auto &[method, fn] : cls->methods)
      fn->owner = module.get();
  }
  return module;
}

void Parser::applyCallFormDecorators(const JitCall &c, Function &fn) {
  size_t saved = idx;
  idx = c.valueStart;
  ExprPtr value;
  {
    SpeculativeHostParse speculative(*this);
    value = parseTest();
    if (speculative.failed())
      value.reset();
  }
  idx = saved;
  if (!value)
    return;
  // decorator(args)(inner): the outermost call first, as @-decorators list
  // them; inner is the next call form or triton.jit(f).
  auto callee = [](const Expr &e) -> std::string {
    if (e.kind != ExprKind::Call || e.args.empty() || !e.args[0])
      return "";
    const Expr &f = *e.args[0];
    if (f.kind == ExprKind::Name)
      return f.str;
    if (f.kind == ExprKind::Attribute && !f.args.empty() && f.args[0] &&
        f.args[0]->kind == ExprKind::Name)
      return f.args[0]->str + "." + f.str;
    return "";
  };
  Expr *e = value.get();
  while (e && e->kind == ExprKind::Call && e->args.size() == 2 && e->args[0] &&
         e->args[0]->kind == ExprKind::Call) {
    ExprPtr decorator = std::move(e->args[0]);
    Expr *inner = e->args[1].get();
    std::string name = callee(*decorator);
    if (name == "triton.heuristics" || name == "heuristics") {
      fn.heuristics.emplace_back(decorator->loc, std::move(decorator));
    } else if (name == "triton.autotune" || name == "autotune") {
      fn.autotuneLoc = decorator->loc;
      fn.autotune = std::move(decorator);
    } else {
      return;
    }
    e = inner;
  }
}

void Parser::scanJitCall(const std::string &name) {
  // triton.jit ( F )  |  jit ( F ), anywhere on the line (inside
  // triton.heuristics(...)( ... ) or triton.autotune(...)( ... ) too).
  for (size_t i = idx;
       i < toks.size() && !toks[i].is(Tok::Newline) && !toks[i].is(Tok::Eof);
       ++i) {
    size_t j = i;
    if (toks[j].is(Tok::Name) && toks[j].text == "triton" &&
        j + 2 < toks.size() && toks[j + 1].isOp("."))
      j += 2;
    if (!(toks[j].is(Tok::Name) && toks[j].text == "jit") ||
        (j == i && i > 0 && toks[i - 1].isOp(".")))
      continue;
    if (j + 3 < toks.size() && toks[j + 1].isOp("(") &&
        toks[j + 2].is(Tok::Name) && toks[j + 3].isOp(")")) {
      size_t value = idx + 1;
      while (value < i && !toks[value - 1].isOp("="))
        ++value;
      jitCalls.push_back({name, toks[j + 2].text, toks[i].loc, value});
      return;
    }
  }
}

/// Renames the reads of the name `from` in `e` to `to`; whether there were
/// any.
static bool renameReads(Expr &e, const std::string &from,
                        const std::string &to) {
  bool reads = false;
  if (e.kind == ExprKind::Name && e.str == from) {
    reads = true;
    e.str = to;
  }
  for (ExprPtr &a : e.args)
    if (a)
      reads |= renameReads(*a, from, to);
  for (Keyword &k : e.keywords)
    if (k.value)
      reads |= renameReads(*k.value, from, to);
  return reads;
}

void Parser::keepReboundGlobal(Module &module, const std::string &name,
                               Expr &value) {
  auto old = module.globals.find(name);
  if (old == module.globals.end())
    return;
  std::string previous = name + "#" + std::to_string(rebindings + 1);
  if (renameReads(value, name, previous)) {
    ++rebindings;
    module.globals[previous] = std::move(old->second);
  }
}

bool Parser::parseModuleUnpacking(Module &module) {
  size_t save = idx;
  StmtPtr s;
  bool ok;
  {
    SpeculativeHostParse speculative(*this);
    s = parseSmallStatement();
    ok = s && !speculative.failed() && s->kind == StmtKind::Assign &&
         s->value && s->targets.size() == 1 &&
         s->targets[0]->kind == ExprKind::Tuple &&
         (cur().is(Tok::Newline) || cur().is(Tok::Eof));
  }
  std::vector<std::string> names;
  if (ok)
    for (const ExprPtr &t : s->targets[0]->args) {
      ok &=
          t->kind == ExprKind::Name && llvm::find(names, t->str) == names.end();
      if (ok)
        names.push_back(t->str);
    }
  // A display of another length raises ValueError when Python imports the
  // module: its names stay unbound.
  bool display = ok && (s->value->kind == ExprKind::Tuple ||
                        s->value->kind == ExprKind::List);
  if (display)
    ok = s->value->args.size() == names.size();
  if (!ok) {
    idx = save;
    return false;
  }
  // `A, B = B, A` reads the bindings it replaces.
  for (const std::string &n : names)
    keepReboundGlobal(module, n, *s->value);
  Expr &value = *s->value;
  // A tuple display: each name its element. Otherwise the value is a
  // global of its own, under a name no Python code can spell, and each
  // name its subscript.
  std::string whole = "(" + llvm::join(names, ", ") + ")";
  for (size_t i = 0; i < names.size(); ++i) {
    const Expr &target = *s->targets[0]->args[i];
    ExprPtr element;
    if (display) {
      element = std::move(value.args[i]);
    } else {
      element = std::make_unique<Expr>(ExprKind::Subscript, target.loc);
      auto base = std::make_unique<Expr>(ExprKind::Name, target.loc);
      base->str = whole;
      auto index = std::make_unique<Expr>(ExprKind::Int, target.loc);
      index->intValue = i;
      element->args.push_back(std::move(base));
      element->args.push_back(std::move(index));
    }
    module.unbind(names[i]);
    module.globals[names[i]] = std::move(element);
  }
  if (!display)
    module.globals[whole] = std::move(s->value);
  ++module.skippedStatements;
  if (cur().is(Tok::Newline))
    consume();
  return true;
}

void Parser::parseModuleStatement(Module &module) {
  if (cur().is(Tok::Newline)) {
    consume();
    return;
  }
  if (cur().is(Tok::Indent)) {
    // Stray indentation is host code's problem; skip it.
    skipStatement();
    return;
  }
  if (isKw("if") || isKw("try")) {
    parseModuleBranches(module);
    return;
  }
  if (((cur().is(Tok::Name) && peekTok().isOp(",")) ||
       (cur().isOp("(") && peekTok().is(Tok::Name))) &&
      parseModuleUnpacking(module))
    return;
  // A global constant (`BLOCK: tl.constexpr = 128`, `LOG2E = 1.44`,
  // `CONFIGS = [triton.Config(...) for ...]`): parsed speculatively, with the
  // syntax of module-level host code, and silently skipped if it does not
  // parse.
  if (cur().is(Tok::Name) && (peekTok().isOp("=") || peekTok().isOp(":"))) {
    scanJitCall(cur().text);
    size_t save = idx;
    std::string name = cur().text;
    bool ok;
    StmtPtr s;
    {
      SpeculativeHostParse speculative(*this);
      s = parseSmallStatement();
      ok = s && !speculative.failed() && s->value && s->targets.size() == 1 &&
           s->targets[0]->kind == ExprKind::Name &&
           (cur().is(Tok::Newline) || cur().is(Tok::Eof));
    }
    if (ok) {
      // `configs = [... for c in configs]` reads the binding it replaces
      // (torchao's int8_mm autotune configs).
      keepReboundGlobal(module, name, *s->value);
      module.unbind(name);
      module.globals[name] = std::move(s->value);
      ++module.skippedStatements;
      if (cur().is(Tok::Newline))
        consume();
      return;
    }
    idx = save;
  }
  if (isKw("class")) {
    parseModuleClass(module);
    return;
  }
  if (isKw("import") || isKw("from")) {
    parseImport(module);
    ++module.skippedStatements;
    skipStatement();
    return;
  }
  std::vector<std::string> decorators;
  bool jit = false, constexprFn = false;
  SourceLoc jitLoc;
  std::string jitSpelling;
  ExprPtr autotune;
  SourceLoc autotuneLoc;
  std::vector<std::pair<SourceLoc, ExprPtr>> heuristics;
  while (isOp("@")) {
    SourceLoc at = cur().loc;
    consume();
    size_t exprStart = idx;
    std::string spelling;
    while (!cur().is(Tok::Newline) && !cur().is(Tok::Eof)) {
      if (isOp("("))
        break;
      spelling += cur().text;
      consume();
    }
    // The arguments of @triton.autotune and @triton.heuristics: parsed
    // speculatively; what does not parse is an error where it is read.
    bool isAutotune = spelling == "triton.autotune" || spelling == "autotune";
    bool isHeuristics =
        spelling == "triton.heuristics" || spelling == "heuristics";
    if ((isAutotune || isHeuristics) && isOp("(")) {
      idx = exprStart;
      ExprPtr call;
      {
        SpeculativeHostParse speculative(*this);
        call = parseTest();
        if (speculative.failed() ||
            !(cur().is(Tok::Newline) || cur().is(Tok::Eof)))
          call.reset();
      }
      if (isAutotune) {
        autotuneLoc = at;
        autotune = std::move(call);
      } else {
        heuristics.emplace_back(at, std::move(call));
      }
    }
    while (!cur().is(Tok::Newline) && !cur().is(Tok::Eof))
      consume();
    if (cur().is(Tok::Newline))
      consume();
    if (llvm::StringRef(spelling).ends_with("constexpr_function") ||
        spelling == "tl.constexpr" || spelling == "constexpr" ||
        spelling == "triton.language.constexpr")
      constexprFn = true;
    if (spelling == "triton.jit" || spelling == "jit" || spelling == "tl.jit") {
      jit = true;
      jitLoc = at;
      jitSpelling = spelling;
    }
    decorators.push_back(spelling);
  }
  if (isKw("def") && !jit && peekTok().is(Tok::Name))
    plainDefs[peekTok().text] = idx;
  if (isKw("def") && constexprFn && !jit && peekTok().is(Tok::Name)) {
    // Parsed speculatively: a body in the kernel language is evaluated at
    // compile time; any other Python is only an error where it is called.
    size_t save = idx;
    std::string name = peekTok().text;
    SourceLoc at = peekTok().loc;
    bool savedDepthReported = depthReported;
    diags.setSuppressed(true);
    std::unique_ptr<Function> fn = parseFunction(std::move(decorators));
    bool ok = fn && diags.suppressedErrors() == 0;
    diags.setSuppressed(false);
    depthReported = savedDepthReported;
    module.unbind(name);
    if (ok) {
      fn->constexprFunction = true;
      module.unparsedConstexprFunctions.erase(name);
      if (module.lookup(fn->name))
        diags.error(fn->loc, "redefinition of function '" + fn->name + "'",
                    fn->name.size());
      else
        module.functions.push_back(std::move(fn));
      return;
    }
    idx = save;
    module.unparsedConstexprFunctions[name] = at;
    ++module.skippedStatements;
    skipStatement();
    return;
  }
  if (isKw("def") && !jit && !constexprFn && peekTok().is(Tok::Name)) {
    parseHostFunction(module, std::move(decorators));
    return;
  }
  if (isKw("def") && jit) {
    if (auto fn = parseFunction(std::move(decorators))) {
      fn->autotune = std::move(autotune);
      fn->autotuneLoc = autotuneLoc;
      fn->heuristics = std::move(heuristics);
      if (module.lookup(fn->name))
        diags.error(fn->loc, "redefinition of jit function '" + fn->name + "'",
                    fn->name.size());
      else
        module.functions.push_back(std::move(fn));
    }
    return;
  }
  if (jit)
    diags.error(jitLoc,
                "'@" + jitSpelling +
                    "' must be followed by a function definition, found " +
                    describe(cur()),
                jitSpelling.size() + 1);
  ++module.skippedStatements;
  skipStatement();
}

void Parser::parseHostFunction(Module &module,
                               std::vector<std::string> decorators) {
  size_t save = idx;
  std::string name = peekTok().text;
  SourceLoc at = peekTok().loc;
  std::unique_ptr<Function> fn;
  {
    SpeculativeHostParse speculative(*this);
    fn = parseFunction(std::move(decorators));
    if (speculative.failed())
      fn.reset();
  }
  module.unbind(name);
  ++module.skippedStatements;
  if (fn) {
    module.hostFunctions[name] = std::move(fn);
    return;
  }
  idx = save;
  module.unparsedHostFunctions[name] = at;
  skipStatement();
}

bool Parser::plainStatement() const {
  // pass | import ... | from ... import ... | NAME = NAME(.NAME)*
  // | NAME = literal (a number, a string, True, False, None)
  const Token &t = cur();
  if (t.is(Tok::Newline) || t.isKeyword("pass") || t.isKeyword("import") ||
      t.isKeyword("from"))
    return true;
  size_t i = idx;
  if (toks[i].is(Tok::Name) && i + 3 < toks.size() && toks[i + 1].isOp("=")) {
    const Token &v = toks[i + 2];
    bool literal = v.is(Tok::Int) || v.is(Tok::Float) || v.is(Tok::String) ||
                   v.isKeyword("True") || v.isKeyword("False") ||
                   v.isKeyword("None");
    if (literal)
      return toks[i + 3].is(Tok::Newline) || toks[i + 3].is(Tok::Eof);
  }
  if (!(toks[i].is(Tok::Name) && i + 2 < toks.size() && toks[i + 1].isOp("=") &&
        toks[i + 2].is(Tok::Name)))
    return false;
  for (i += 3;
       i + 1 < toks.size() && toks[i].isOp(".") && toks[i + 1].is(Tok::Name);
       i += 2)
    ;
  return i < toks.size() && (toks[i].is(Tok::Newline) || toks[i].is(Tok::Eof));
}

void Parser::parseModuleSuite(Module &branch, bool *plain) {
  // The header up to its ':' (not one inside brackets).
  int depth = 0;
  while (!cur().is(Tok::Newline) && !cur().is(Tok::Eof)) {
    if (isOp("(") || isOp("[") || isOp("{"))
      ++depth;
    else if (isOp(")") || isOp("]") || isOp("}"))
      --depth;
    else if (depth == 0 && isOp(":")) {
      consume();
      break;
    }
    consume();
  }
  auto statement = [&] {
    if (plain && !plainStatement())
      *plain = false;
    parseModuleStatement(branch);
  };
  if (!cur().is(Tok::Newline)) { // `if c: x = 1` on one line
    if (!cur().is(Tok::Eof))
      statement();
    return;
  }
  consume();
  if (!cur().is(Tok::Indent))
    return;
  consume();
  while (!cur().is(Tok::Dedent) && !cur().is(Tok::Eof))
    statement();
  if (cur().is(Tok::Dedent))
    consume();
}

/// Whether `b` binds `name` in any way.
static bool binds(const Module &b, const std::string &name) {
  return b.lookup(name) || b.globals.count(name) || b.imports.count(name) ||
         b.conditional.count(name) || b.hostFunctions.count(name) ||
         b.unparsedHostFunctions.count(name) || b.enumClasses.count(name);
}

/// Moves the jit function `name` out of `b`.
static std::unique_ptr<Function> takeFunction(Module &b,
                                              const std::string &name) {
  for (auto it = b.functions.begin(); it != b.functions.end(); ++it)
    if ((*it)->name == name) {
      std::unique_ptr<Function> f = std::move(*it);
      b.functions.erase(it);
      return f;
    }
  return nullptr;
}

/// Merges the bindings of the branches of a module-level `if` / `try` that
/// may run into `module`: a name that one branch alone binds to a jit
/// function, or that every branch binds the same way (the same import
/// path, or one branch's constant), as it is; anything else as a
/// Module::Conditional, which CodeGen resolves at a use. `undecided` is the
/// undecided condition of an `if` (null for a `try`, or one branch).
using Guard = std::vector<std::pair<std::shared_ptr<const Expr>, bool>>;

static void mergeBranches(
    Module &module, std::vector<std::unique_ptr<Module>> &branches,
    SourceLoc where, const std::string &statement, const HostEval *undecided,
    DiagnosticEngine &diags, const std::vector<Guard> &guards = {},
    std::shared_ptr<const std::vector<std::string>> tryReads = nullptr,
    bool tagBranches = true, bool tritonGuard = false) {
  auto guardOf = [&](size_t bi) {
    return bi < guards.size() ? guards[bi] : Guard();
  };
  // What a branch defines exists only where it ran (Function::branchPath).
  auto tag = [&](std::vector<std::pair<SourceLoc, unsigned>> &path, size_t bi) {
    if (tagBranches)
      path.insert(path.begin(), {where, unsigned(bi)});
  };
  for (size_t bi = 0; bi < branches.size(); ++bi) {
    for (auto &f : branches[bi]->functions)
      tag(f->branchPath, bi);
    for (auto &f : branches[bi]->branchFunctions)
      tag(f->branchPath, bi);
  }
  std::set<std::string> names;
  for (auto &b : branches) {
    for (auto &f : b->functions)
      names.insert(f->name);
    for (auto &kv : b->globals)
      names.insert(kv.first);
    for (auto &kv : b->imports)
      names.insert(kv.first);
    for (auto &kv : b->conditional)
      names.insert(kv.first);
    for (auto &kv : b->hostFunctions)
      names.insert(kv.first);
    for (auto &kv : b->unparsedHostFunctions)
      names.insert(kv.first);
    for (auto &f : b->branchFunctions)
      module.branchFunctions.push_back(std::move(f));
    b->branchFunctions.clear();
  }
  for (const std::string &name : names) {
    unsigned binders = 0;
    Module *fnBranch = nullptr;
    for (auto &b : branches) {
      binders += binds(*b, name);
      if (b->lookup(name) &&
          llvm::any_of(b->functions, [&](auto &f) { return f->name == name; }))
        fnBranch = b.get();
    }
    // A function of host code that one branch alone defines is defined, as
    // a jit function is.
    Module *hostBranch = nullptr;
    for (auto &b : branches)
      if (b->hostFunctions.count(name) || b->unparsedHostFunctions.count(name))
        hostBranch = b.get();
    if (hostBranch && binders == 1) {
      module.unbind(name);
      if (auto f = hostBranch->hostFunctions.find(name);
          f != hostBranch->hostFunctions.end())
        module.hostFunctions[name] = std::move(f->second);
      else
        module.unparsedHostFunctions[name] =
            hostBranch->unparsedHostFunctions[name];
      continue;
    }
    if (fnBranch && binders == 1) {
      std::unique_ptr<Function> f = takeFunction(*fnBranch, name);
      if (module.lookup(name)) {
        diags.error(f->loc, "redefinition of jit function '" + name + "'",
                    name.size());
        continue;
      }
      module.unbind(name);
      module.functions.push_back(std::move(f));
      continue;
    }
    Module::Conditional c;
    c.where = where;
    c.statement = statement;
    if (undecided) {
      c.undecidedNames = undecided->undecidedNames;
      c.reason = undecided->reason;
    }
    c.tryReads = tryReads;
    c.tritonGuard = tritonGuard;
    for (size_t bi = 0; bi < branches.size(); ++bi) {
      auto &b = branches[bi];
      if (bi == 0 && (tryReads || tritonGuard) && binds(*b, name))
        c.tryBranch = c.alternatives.size();
      if (std::unique_ptr<Function> f = takeFunction(*b, name)) {
        if (module.lookup(name))
          diags.error(f->loc, "redefinition of jit function '" + name + "'",
                      name.size());
        Module::Alternative alt;
        alt.function = f.get();
        alt.guard = guardOf(bi);
        tag(alt.branchPath, bi);
        c.alternatives.push_back(std::move(alt));
        module.branchFunctions.push_back(std::move(f));
      } else if (auto g = b->globals.find(name); g != b->globals.end()) {
        Module::Alternative alt;
        alt.value = std::move(g->second);
        alt.guard = guardOf(bi);
        tag(alt.branchPath, bi);
        c.alternatives.push_back(std::move(alt));
      } else if (auto i = b->imports.find(name); i != b->imports.end()) {
        Module::Alternative alt;
        alt.importPath = i->second;
        alt.guard = guardOf(bi);
        tag(alt.branchPath, bi);
        c.alternatives.push_back(std::move(alt));
      } else if (auto n = b->conditional.find(name);
                 n != b->conditional.end()) {
        c.partial |= n->second.partial;
        if (c.undecidedNames.empty() && c.reason.empty()) {
          c.undecidedNames = n->second.undecidedNames;
          c.reason = n->second.reason;
        }
        // A nested `if`'s alternatives run only where this branch does.
        Guard outer = guardOf(bi);
        for (auto &a : n->second.alternatives) {
          a.guard.insert(a.guard.begin(), outer.begin(), outer.end());
          tag(a.branchPath, bi);
          c.alternatives.push_back(std::move(a));
        }
      } else {
        c.partial = true;
      }
    }
    module.unbind(name);
    bool sameImport = !c.partial && !c.alternatives.empty() &&
                      llvm::all_of(c.alternatives, [&](auto &a) {
                        return !a.value && !a.function &&
                               a.importPath == c.alternatives[0].importPath;
                      });
    if (sameImport)
      module.imports[name] = c.alternatives[0].importPath;
    else if (!c.partial && c.alternatives.size() == 1 &&
             c.alternatives[0].value)
      module.globals[name] = std::move(c.alternatives[0].value);
    else
      module.conditional[name] = std::move(c);
  }
}

HostEval Parser::moduleCondition() {
  // `if` / `elif` TEST `:` -- parsed speculatively: a condition that does
  // not parse is undecided.
  size_t save = idx;
  consume();
  ExprPtr test;
  bool ok;
  {
    SpeculativeHostParse speculative(*this);
    test = parseTest();
    ok = test && !speculative.failed() && isOp(":");
  }
  idx = save;
  if (!ok) {
    HostEval e;
    e.reason = "its condition is not an expression tilec evaluates";
    return e;
  }
  HostEval e = evalHostCondition(*test, moduleScopes, defines);
  if (!e.truth)
    e.test = std::shared_ptr<const Expr>(std::move(test));
  return e;
}

void Parser::parseModuleBranches(Module &module) {
  // if c: ... [elif c: ...]* [else: ...]   -- a branch each, and an empty
  //                                           one without `else`; the
  //                                           branches that may run are
  //                                           those after the conditions
  //                                           that are false, up to the
  //                                           first that is true
  // try: ... [except ...: ...]* [else: ...] [finally: ...]
  //   -- the try body (with its `else`) and each handler a branch; the
  //      `finally` block runs after whichever ran
  SourceLoc where = cur().loc;
  std::string statement = cur().text;
  bool isIf = statement == "if";
  std::vector<std::unique_ptr<Module>> branches;
  std::vector<HostEval> conditions; // of an `if`'s branches (else: true)
  auto finally = std::make_unique<Module>();
  bool hasElse = false, hasFinally = false;
  auto suite = [&](Module &branch, bool *plain = nullptr) {
    moduleScopes.insert(moduleScopes.begin(), &branch);
    parseModuleSuite(branch, plain);
    moduleScopes.erase(moduleScopes.begin());
  };
  if (isIf)
    conditions.push_back(moduleCondition());
  branches.push_back(std::make_unique<Module>());
  bool plainTry = !isIf;
  suite(*branches.back(), plainTry ? &plainTry : nullptr);
  while (true) {
    if ((isIf && isKw("elif")) || (!isIf && isKw("except")) ||
        (isIf && isKw("else"))) {
      hasElse |= isKw("else");
      if (isIf) {
        HostEval always;
        always.truth = true;
        conditions.push_back(isKw("elif") ? moduleCondition() : always);
      }
      branches.push_back(std::make_unique<Module>());
      suite(*branches.back());
    } else if (!isIf && isKw("else")) {
      suite(*branches.front());
    } else if (!isIf && isKw("finally")) {
      hasFinally = true;
      suite(*finally);
    } else {
      break;
    }
  }
  if (isIf && !hasElse) {
    HostEval always;
    always.truth = true;
    conditions.push_back(always);
    branches.push_back(std::make_unique<Module>());
  }
  const HostEval *undecided = nullptr;
  std::vector<Guard> guards;
  if (isIf) {
    // Drop the branches that cannot run; each other one runs where the
    // undecided conditions before it are false and its own is true.
    std::vector<std::unique_ptr<Module>> mayRun;
    Guard before;
    for (size_t i = 0; i < branches.size(); ++i) {
      if (conditions[i].truth == false)
        continue;
      if (!conditions[i].truth && !undecided)
        undecided = &conditions[i];
      Guard g = before;
      if (!conditions[i].truth && conditions[i].test) {
        g.push_back({conditions[i].test, true});
        before.push_back({conditions[i].test, false});
      }
      guards.push_back(std::move(g));
      mayRun.push_back(std::move(branches[i]));
      if (conditions[i].truth == true)
        break;
    }
    branches = std::move(mayRun);
    // A condition that did not even parse leaves no guard to try later.
    if (llvm::any_of(conditions,
                     [](const HostEval &c) { return !c.truth && !c.test; }))
      guards.clear();
  }
  // What a plain `try` body reads: its import paths, its dotted names (a
  // literal it binds reads nothing: `_HAS_TRITON = True` after the imports).
  std::shared_ptr<const std::vector<std::string>> tryReads;
  if (plainTry) {
    auto reads = std::make_shared<std::vector<std::string>>();
    for (auto &kv : branches.front()->imports)
      reads->push_back(kv.second);
    for (auto &kv : branches.front()->globals)
      if (!llvm::is_contained({ExprKind::Int, ExprKind::Float, ExprKind::Str,
                               ExprKind::Bool, ExprKind::None},
                              kv.second->kind))
        reads->push_back(dottedName(*kv.second));
    tryReads = std::move(reads);
  }
  // A `try` that imports Triton and whose handler sets `triton = None`.
  bool tritonGuard = false;
  if (!isIf) {
    auto imp = branches.front()->imports.find("triton");
    bool importsTriton =
        imp != branches.front()->imports.end() && imp->second == "triton";
    for (size_t bi = 1; bi < branches.size() && importsTriton; ++bi)
      if (auto g = branches[bi]->globals.find("triton");
          g != branches[bi]->globals.end() && g->second->kind == ExprKind::None)
        tritonGuard = true;
  }
  mergeBranches(module, branches, where, statement, undecided, diags, guards,
                tryReads, /*tagBranches=*/true, tritonGuard);
  if (hasFinally) {
    std::vector<std::unique_ptr<Module>> once;
    once.push_back(std::move(finally));
    mergeBranches(module, once, where, statement, nullptr, diags, {}, nullptr,
                  /*tagBranches=*/false);
  }
  ++module.skippedStatements;
}

void Parser::parseImport(Module &module) {
  // import a.b [as c], d ...   |   from [.]a.b import c [as d], e ...
  //   |   from . import c [as d]
  // Anything else (`*`) binds nothing here; the statement is host code all
  // the same.
  auto dotted = [&](std::string &out) {
    if (!cur().is(Tok::Name))
      return false;
    out = cur().text;
    consume();
    while (isOp(".") && peekTok().is(Tok::Name)) {
      consume();
      out += "." + cur().text;
      consume();
    }
    return true;
  };
  auto alias = [&](std::string &out) {
    if (!isKw("as"))
      return true;
    consume();
    if (!cur().is(Tok::Name))
      return false;
    out = cur().text;
    consume();
    return true;
  };
  if (isKw("import")) {
    consume();
    do {
      std::string path;
      if (!dotted(path))
        return;
      std::string name = path.substr(0, path.find('.'));
      std::string bound = name;
      bool aliased = isKw("as");
      if (!alias(bound))
        return;
      module.unbind(bound);
      module.imports[bound] = aliased ? path : name;
    } while (acceptOp(","));
    return;
  }
  consume(); // from
  std::string dots, from;
  while (isOp(".") || isOp("...")) {
    dots += cur().text;
    consume();
  }
  if (cur().is(Tok::Name) && !isKw("import") && !dotted(from))
    return;
  if (!isKw("import") || (dots.empty() && from.empty()))
    return;
  from = from.empty() ? dots : dots + from + ".";
  consume();
  acceptOp("("); // from a import (b, c,)
  do {
    if (isOp(")"))
      return; // a trailing comma
    if (!cur().is(Tok::Name))
      return;
    std::string what = cur().text;
    consume();
    std::string bound = what;
    if (!alias(bound))
      return;
    module.unbind(bound);
    module.imports[bound] =
        from.back() == '.' ? from + what : from + "." + what;
  } while (acceptOp(","));
}

ExprPtr Parser::parseStandaloneExpression() {
  while (cur().is(Tok::Newline))
    consume();
  ExprPtr e = parseTestList();
  if (!e)
    return nullptr;
  while (cur().is(Tok::Newline))
    consume();
  if (!cur().is(Tok::Eof)) {
    error(cur(),
          "expected the end of the expression, found " + describe(cur()));
    return nullptr;
  }
  return e;
}

} // namespace tilec::detail

const Function *Module::kernelNamed(llvm::StringRef name) const {
  if (const Function *f = lookup(name))
    return f->constexprFunction ? nullptr : f;
  const Function *found = nullptr;
  for (auto &f : branchFunctions)
    if (f->name == name && !f->constexprFunction) {
      if (found)
        return nullptr; // one a branch: which one is the branch's to say
      found = f.get();
    }
  return found;
}

const Function *Module::lookup(llvm::StringRef name) const {
  for (auto &f : functions)
    if (f->name == name)
      return f.get();
  auto a = jitAliases.find(name.str());
  if (a != jitAliases.end() && a->second != name)
    return lookup(a->second);
  return nullptr;
}

std::unique_ptr<Module> tilec::parseModule(const SourceFile &file,
                                           DiagnosticEngine &diags,
                                           const HostDefines *defines) {
  return detail::Parser(lex(file, diags), diags, defines).parseModule();
}

ExprPtr tilec::parseExpression(const SourceFile &file,
                               DiagnosticEngine &diags) {
  std::vector<Token> toks = lex(file, diags);
  if (diags.numErrors())
    return nullptr;
  return detail::Parser(std::move(toks), diags).parseStandaloneExpression();
}
