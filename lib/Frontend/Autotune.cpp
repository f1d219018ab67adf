//===- Autotune.cpp - The configurations of @triton.autotune --------------===//

#include "tilec/Frontend/Autotune.h"

#include "tilec/Frontend/HostEval.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <cstdio>

using namespace tilec;

std::string AutotuneConfig::describe() const {
  std::string s;
  for (auto &[name, value] : constexprs)
    s += name + "=" + value + ", ";
  return s + llvm::formatv("num_warps={0}, num_stages={1}", numWarps, numStages)
                 .str();
}

std::string Autotune::pruneNote() const {
  if (!prune.given)
    return "";
  std::vector<std::string> parts;
  if (!prune.earlyConfigPrune.empty())
    parts.push_back("early_config_prune=" + prune.earlyConfigPrune);
  if (!prune.perfModel.empty())
    parts.push_back("perf_model=" + prune.perfModel);
  if (!prune.topK.empty())
    parts.push_back("top_k=" + prune.topK);
  if (parts.empty())
    return "nothing to apply (no functions given)";
  std::string what = llvm::join(parts, ", ");
  if (!prune.earlyConfigPrune.empty() || !prune.perfModel.empty())
    return what +
           llvm::formatv(": not applied (host Python tilec cannot run), all "
                         "{0} configs are timed",
                         configs.size())
               .str();
  if (!prune.topK.empty()) // Triton reads top_k for perf_model only
    return what + ": no effect without perf_model (as in Triton)";
  return what;
}

std::string tilec::floatConstantText(double v) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.17g", v);
  std::string s = buf;
  if (s.find_first_of(".eni") == std::string::npos)
    s += ".0";
  return s;
}

std::string tilec::constantText(const Expr &e) {
  switch (e.kind) {
  case ExprKind::Int:
    return e.intOverflow ? "" : std::to_string(e.intValue);
  case ExprKind::Float:
    return floatConstantText(e.floatValue);
  case ExprKind::Bool:
    return e.intValue ? "True" : "False";
  case ExprKind::None:
    return "None";
  case ExprKind::Str:
    if (e.str.find('\'') == std::string::npos)
      return "'" + e.str + "'";
    if (e.str.find('"') == std::string::npos)
      return "\"" + e.str + "\"";
    return "";
  case ExprKind::UnaryOp:
    if (e.unaryOp == UnaryOpKind::Neg && e.args.size() == 1 && e.args[0]) {
      const Expr &x = *e.args[0];
      if (x.kind == ExprKind::Int && !x.intOverflow &&
          x.intValue <= uint64_t(INT64_MAX))
        return "-" + std::to_string(x.intValue);
      if (x.kind == ExprKind::Float)
        return floatConstantText(-x.floatValue);
    }
    return "";
  case ExprKind::Attribute: {
    std::string name = dottedName(e);
    llvm::StringRef n(name);
    if (n.starts_with("tl.") || n.starts_with("triton.language."))
      return name;
    return "";
  }
  default:
    return "";
  }
}

static llvm::Error bad(DiagnosticEngine &diags, SourceLoc loc,
                       const llvm::Twine &why, unsigned length = 1) {
  diags.error(loc, "@triton.autotune: " + why, length);
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "@triton.autotune: " + why);
}

/// The parameters of triton.autotune, in order.
static constexpr llvm::StringLiteral kParams[] = {
    "configs",        "key",           "prune_configs_by",
    "reset_to_zero",  "restore_value", "pre_hook",
    "post_hook",      "warmup",        "rep",
    "use_cuda_graph", "do_bench",      "cache_results"};
/// Those whose values change nothing tilec does.
static constexpr llvm::StringLiteral kUnused[] = {
    "cache_results", "warmup", "rep", "use_cuda_graph", "do_bench"};

namespace {
/// An argument of the decorator: an expression, or a value that a `**`
/// argument gives.
struct Argument {
  std::string name;
  SourceLoc loc; // the keyword, or the expression of a positional argument
  unsigned length = 1;
  const Expr *expr = nullptr;
  std::optional<HostValue> value;
};
} // namespace

/// The error that tilec cannot compute what `r` is the failure of (`head`:
/// "tilec cannot compute 'configs'"), at `loc`.
static llvm::Error cannotCompute(DiagnosticEngine &diags, const Function &fn,
                                 SourceLoc loc, unsigned length,
                                 const std::string &head, const HostResult &r) {
  if (!r.undecidedNames.empty()) {
    std::vector<std::string> quoted, flags;
    for (const std::string &n : r.undecidedNames) {
      quoted.push_back("'" + n + "'");
      flags.push_back("-D " + n + "=VALUE");
    }
    bool many = quoted.size() > 1;
    llvm::Error err =
        bad(diags, loc,
            head + ": it reads " + llvm::join(quoted, ", ") +
                ", host code's value" + (many ? "s" : "") +
                " that tilec cannot compute: give " + (many ? "them" : "it") +
                " with " + llvm::join(flags, " ") +
                (many ? " (Python literals)" : " (a Python literal)"),
            length);
    // Where the first of them stopped tilec, and why.
    if (r.at) {
      diags.note(r.at->loc, "tilec cannot compute this: " + r.reason,
                 r.at->length);
      for (const HostNote &n : r.notes)
        diags.note(n.loc, n.text, n.length);
    }
    return err;
  }
  const Expr *at = r.at;
  SourceLoc where = at ? at->loc : loc;
  llvm::Error err =
      bad(diags, where, head + ": " + r.reason, at ? at->length : length);
  for (const HostNote &n : r.notes)
    diags.note(n.loc, n.text, n.length);
  // Where the failure is outside the decorator: where it was needed.
  bool inDecorator = where.file == fn.autotuneLoc.file &&
                     where.line >= fn.autotuneLoc.line &&
                     where.line <= fn.loc.line;
  if (!inDecorator)
    diags.note(loc, "needed by @triton.autotune here", length);
  return err;
}

/// `**e` in a message: `'**kwargs'`, or "the '**' argument".
static std::string splatText(const Expr &e) {
  std::string name = dottedName(e);
  return name.empty() ? "the '**' argument" : "'**" + name + "'";
}

/// The names a value lists (key=, reset_to_zero=, restore_value=).
static std::optional<std::vector<std::string>> namesOf(const HostValue &v,
                                                       bool noneIsEmpty) {
  if (noneIsEmpty && v.kind == HostValue::None)
    return std::vector<std::string>{};
  if (!v.isSequence())
    return std::nullopt;
  std::vector<std::string> out;
  for (const HostValue &x : v.elems) {
    if (x.kind != HostValue::Str)
      return std::nullopt;
    out.push_back(x.s);
  }
  return out;
}

/// One triton.Config object.
static std::optional<AutotuneConfig> configOf(const HostValue &v,
                                              std::string &why) {
  if (v.kind != HostValue::Object || v.s != "triton.Config") {
    why =
        "configs must be a list of triton.Config, and it holds " + v.describe();
    return std::nullopt;
  }
  AutotuneConfig c;
  const HostValue &kwargs = *v.item("kwargs");
  for (size_t i = 0; i < kwargs.elems.size(); ++i) {
    std::string text = kwargs.values[i].text();
    if (text.empty()) {
      why = "triton.Config's kwargs must map names to constants, and '" +
            kwargs.elems[i].s + "' is " + kwargs.values[i].describe();
      return std::nullopt;
    }
    c.constexprs.emplace_back(kwargs.elems[i].s, text);
  }
  c.numWarps = int(v.item("num_warps")->i);
  c.numStages = int(v.item("num_stages")->i);
  return c;
}

/// prune_configs_by={'early_config_prune': f, 'perf_model': g, 'top_k': n}:
/// the functions' names (host code tilec does not run, with a warning) and
/// top_k as written.
static llvm::Error readPrune(const Expr &v, const Argument &arg, Autotune &at,
                             DiagnosticEngine &diags) {
  at.prune.given = true;
  if (v.kind == ExprKind::None)
    return llvm::Error::success();
  if (v.kind != ExprKind::Dict)
    return bad(diags, v.loc,
               "prune_configs_by must be a dict literal "
               "({'early_config_prune': f, 'perf_model': g, 'top_k': n})");
  for (size_t i = 0; i + 1 < v.args.size(); i += 2) {
    const Expr &k = *v.args[i], &f = *v.args[i + 1];
    std::string *slot = k.str == "early_config_prune"
                            ? &at.prune.earlyConfigPrune
                        : k.str == "perf_model" ? &at.prune.perfModel
                        : k.str == "top_k"      ? &at.prune.topK
                                                : nullptr;
    if (k.kind != ExprKind::Str || !slot)
      return bad(diags, k.loc,
                 "prune_configs_by takes the keys 'early_config_prune', "
                 "'perf_model' and 'top_k'");
    if (f.kind == ExprKind::None)
      continue;
    *slot = slot == &at.prune.topK ? constantText(f) : dottedName(f);
    if (slot->empty())
      *slot = slot == &at.prune.topK ? "?" : "<expression>";
  }
  if (!at.prune.earlyConfigPrune.empty() || !at.prune.perfModel.empty())
    diags.warning(arg.loc,
                  "@triton.autotune: prune_configs_by's functions are host "
                  "Python tilec cannot run: they are not applied, and every "
                  "config is timed",
                  arg.length);
  return llvm::Error::success();
}

llvm::Expected<std::optional<Autotune>>
tilec::readAutotune(const Function &fn, DiagnosticEngine &diags,
                    ModuleLoader *loader) {
  if (fn.autotuneLoc.line == 0)
    return std::nullopt;
  if (!fn.autotune || fn.autotune->kind != ExprKind::Call)
    return bad(diags, fn.autotuneLoc,
               "its arguments are not Python that tilec reads (literals, "
               "names, calls, operators, conditional expressions, lists, "
               "dicts, list comprehensions, generator expressions and '**' "
               "arguments)");
  static const Module noModule;
  const Module &module = fn.owner ? *fn.owner : noModule;
  if (loader)
    loader->registerFiles(diags);
  const Expr &call = *fn.autotune;

  // The arguments, by name: positional ones in triton.autotune's order,
  // keywords, and the items of `**` arguments.
  std::vector<Argument> args;
  if (call.args.size() - 1 > std::size(kParams))
    return bad(diags, call.args.back()->loc,
               "triton.autotune takes " + llvm::Twine(std::size(kParams)) +
                   " arguments");
  for (size_t i = 1; i < call.args.size(); ++i)
    args.push_back({kParams[i - 1].str(), call.args[i]->loc,
                    call.args[i]->length, call.args[i].get(), std::nullopt});
  for (const Keyword &kw : call.keywords) {
    if (!kw.name.empty()) {
      args.push_back({kw.name, kw.loc, unsigned(kw.name.size()), kw.value.get(),
                      std::nullopt});
      continue;
    }
    const Expr &v = *kw.value;
    HostResult r = evalModuleExpr(v, module, loader, diags);
    if (r.value && r.value->kind == HostValue::Dict &&
        llvm::all_of(r.value->elems, [](const HostValue &k) {
          return k.kind == HostValue::Str;
        })) {
      for (size_t k = 0; k < r.value->elems.size(); ++k)
        args.push_back(
            {r.value->elems[k].s, kw.loc, 2, nullptr, r.value->values[k]});
      continue;
    }
    if (r.value)
      return bad(diags, kw.loc,
                 "'**' of " + r.value->describe() +
                     ", which is not a dict of argument names",
                 2);
    // Where tilec cannot compute it: accepted when every dict it may be
    // binds only arguments that change nothing tilec does.
    HostResult why;
    std::optional<std::vector<std::string>> keys =
        splatKeywords(v, module, loader, diags, why);
    if (!keys)
      return cannotCompute(
          diags, fn, kw.loc, 2,
          "tilec cannot tell which arguments " + splatText(v) + " binds", why);
    std::vector<std::string> used;
    for (const std::string &k : *keys)
      if (!llvm::is_contained(kUnused, k))
        used.push_back("'" + k + "'");
    if (!used.empty())
      return cannotCompute(diags, fn, kw.loc, 2,
                           splatText(v) + " may bind " +
                               llvm::join(used, ", ") +
                               ", which tilec reads, and tilec cannot "
                               "compute it",
                           r);
    for (const std::string &k : *keys)
      args.push_back({k, kw.loc, 2, nullptr, HostValue::none()});
  }

  Autotune at;
  bool haveConfigs = false;
  std::vector<std::string> seen;
  for (const Argument &arg : args) {
    if (llvm::is_contained(seen, arg.name))
      return bad(diags, arg.loc, "'" + arg.name + "' is given twice",
                 arg.length);
    seen.push_back(arg.name);
    if (arg.name == "prune_configs_by") {
      if (!arg.expr)
        return bad(diags, arg.loc,
                   "prune_configs_by must be given as a keyword argument",
                   arg.length);
      llvm::Error err = readPrune(*arg.expr, arg, at, diags);
      if (err)
        return std::move(err);
      continue;
    }
    bool reads = arg.name == "configs" || arg.name == "key" ||
                 arg.name == "reset_to_zero" || arg.name == "restore_value";
    if (!reads) {
      at.ignored.push_back(arg.name);
      continue;
    }
    // The value, computed at module level.
    std::optional<HostValue> value = arg.value;
    if (!value) {
      HostResult r = evalModuleExpr(*arg.expr, module, loader, diags);
      for (const HostWarning &w : r.warnings) {
        diags.warning(w.warning.loc, "@triton.autotune: " + w.warning.text,
                      w.warning.length);
        for (const HostNote &n : w.notes)
          diags.note(n.loc, n.text, n.length);
      }
      if (!r.value)
        return cannotCompute(diags, fn, arg.loc, arg.length,
                             "tilec cannot compute '" + arg.name + "'", r);
      value = std::move(r.value);
    }
    if (arg.name == "configs") {
      if (!value->isSequence())
        return bad(diags, arg.loc,
                   "configs must be a list of triton.Config, not " +
                       value->describe(),
                   arg.length);
      for (const HostValue &c : value->elems) {
        std::string why;
        std::optional<AutotuneConfig> config = configOf(c, why);
        if (!config)
          return bad(diags, arg.loc, why, arg.length);
        at.configs.push_back(std::move(*config));
      }
      haveConfigs = true;
      continue;
    }
    std::optional<std::vector<std::string>> names =
        namesOf(*value, arg.name != "key");
    if (!names)
      return bad(diags, arg.loc,
                 arg.name + " must be a list of parameter names, not " +
                     value->describe(),
                 arg.length);
    (arg.name == "key"             ? at.key
     : arg.name == "reset_to_zero" ? at.resetToZero
                                   : at.restoreValue) = std::move(*names);
  }
  if (!haveConfigs || at.configs.empty())
    return bad(diags, fn.autotuneLoc, "no configs");
  // Every config must set the same parameters.
  auto names = [](const AutotuneConfig &c) {
    std::vector<std::string> n;
    for (auto &kv : c.constexprs)
      n.push_back(kv.first);
    llvm::sort(n);
    return n;
  };
  for (const AutotuneConfig &c : at.configs)
    if (names(c) != names(at.configs.front()))
      return bad(diags, fn.autotuneLoc,
                 "the configs set different parameters (" +
                     llvm::join(names(c), ", ") + " against " +
                     llvm::join(names(at.configs.front()), ", ") + ")");
  auto isParam = [&](const std::string &n) {
    return llvm::any_of(fn.params, [&](const Param &p) { return p.name == n; });
  };
  // Triton's autotuner keys on the names that are arguments and skips the
  // others (torchao's float8_rowwise names a parameter it no longer has).
  llvm::erase_if(at.key, [&](const std::string &k) {
    if (isParam(k))
      return false;
    diags.warning(fn.autotuneLoc,
                  "@triton.autotune: key names '" + k +
                      "', which is not a parameter of '" + fn.name +
                      "': ignored, as Triton ignores it",
                  1);
    return true;
  });
  for (auto *list : {&at.resetToZero, &at.restoreValue})
    for (const std::string &n : *list)
      if (!isParam(n))
        return bad(diags, fn.autotuneLoc,
                   std::string(list == &at.resetToZero ? "reset_to_zero"
                                                       : "restore_value") +
                       " names '" + n + "', which is not a parameter of '" +
                       fn.name + "'");
  return std::optional<Autotune>(std::move(at));
}
