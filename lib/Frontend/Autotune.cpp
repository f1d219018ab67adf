//===- Autotune.cpp - The configurations of @triton.autotune --------------===//

#include "tilec/Frontend/Autotune.h"

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

/// The dotted name of an attribute chain (`tl.float16`), or "".
static std::string dottedName(const Expr &e) {
  if (e.kind == ExprKind::Name)
    return e.str;
  if (e.kind == ExprKind::Attribute && !e.args.empty() && e.args[0]) {
    std::string base = dottedName(*e.args[0]);
    return base.empty() ? "" : base + "." + e.str;
  }
  return "";
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
                       const llvm::Twine &why) {
  diags.error(loc, "@triton.autotune: " + why);
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "@triton.autotune: " + why);
}

/// One `triton.Config({...}, num_warps=.., num_stages=..)`.
static llvm::Expected<AutotuneConfig> readConfig(const Expr &e,
                                                 DiagnosticEngine &diags) {
  if (e.kind != ExprKind::Call || e.args.empty() ||
      !llvm::StringRef(dottedName(*e.args[0])).ends_with("Config"))
    return bad(diags, e.loc, "expected triton.Config(...) in configs");
  AutotuneConfig c;
  if (e.args.size() > 1) {
    const Expr &d = *e.args[1];
    if (d.kind != ExprKind::Dict)
      return bad(diags, d.loc, "triton.Config's kwargs must be a dict literal");
    for (size_t i = 0; i + 1 < d.args.size(); i += 2) {
      const Expr &k = *d.args[i], &v = *d.args[i + 1];
      std::string text = constantText(v);
      if (k.kind != ExprKind::Str || text.empty())
        return bad(diags, k.loc,
                   "triton.Config's kwargs must map names to constants");
      c.constexprs.emplace_back(k.str, text);
    }
  }
  for (const Keyword &kw : e.keywords) {
    if (kw.name != "num_warps" && kw.name != "num_stages")
      continue; // num_ctas, maxnreg, pre_hook: not used by tilec
    if (!kw.value || kw.value->kind != ExprKind::Int)
      return bad(diags, kw.loc, kw.name + " must be an integer literal");
    (kw.name == "num_warps" ? c.numWarps : c.numStages) =
        int(kw.value->intValue);
  }
  return std::move(c);
}

llvm::Expected<std::optional<Autotune>>
tilec::readAutotune(const Function &fn, DiagnosticEngine &diags) {
  if (fn.autotuneLoc.line == 0)
    return std::nullopt;
  if (!fn.autotune || fn.autotune->kind != ExprKind::Call)
    return bad(diags, fn.autotuneLoc,
               "its arguments are not plain data tilec can read (a list "
               "literal of triton.Config calls with dict literals, and key=["
               "...])");
  Autotune at;
  bool haveConfigs = false;
  for (const Keyword &kw : fn.autotune->keywords) {
    if (!kw.value)
      continue;
    const Expr &v = *kw.value;
    if (kw.name == "configs") {
      if (v.kind != ExprKind::List && v.kind != ExprKind::Tuple)
        return bad(diags, v.loc,
                   "configs must be a list literal of triton.Config calls "
                   "(a name or a function call is not read)");
      for (const ExprPtr &c : v.args) {
        auto config = readConfig(*c, diags);
        if (!config)
          return config.takeError();
        at.configs.push_back(std::move(*config));
      }
      haveConfigs = true;
    } else if (kw.name == "key") {
      if (v.kind != ExprKind::List && v.kind != ExprKind::Tuple)
        return bad(diags, v.loc, "key must be a list of parameter names");
      for (const ExprPtr &k : v.args) {
        if (k->kind != ExprKind::Str)
          return bad(diags, k->loc, "key must be a list of parameter names");
        at.key.push_back(k->str);
      }
    } else if (kw.name == "reset_to_zero" || kw.name == "restore_value") {
      std::vector<std::string> &names =
          kw.name == "reset_to_zero" ? at.resetToZero : at.restoreValue;
      if (v.kind == ExprKind::None)
        continue;
      if (v.kind != ExprKind::List && v.kind != ExprKind::Tuple)
        return bad(diags, v.loc,
                   kw.name + " must be a list of parameter names");
      for (const ExprPtr &k : v.args) {
        if (k->kind != ExprKind::Str)
          return bad(diags, k->loc,
                     kw.name + " must be a list of parameter names");
        names.push_back(k->str);
      }
    } else if (kw.name == "prune_configs_by") {
      at.prune.given = true;
      if (v.kind == ExprKind::None)
        continue;
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
        diags.warning(kw.loc,
                      "@triton.autotune: prune_configs_by's functions are "
                      "host Python tilec cannot run: they are not applied, "
                      "and every config is timed",
                      unsigned(kw.name.size()));
    } else {
      at.ignored.push_back(kw.name);
    }
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
  for (const std::string &k : at.key)
    if (!isParam(k))
      return bad(diags, fn.autotuneLoc,
                 "key names '" + k + "', which is not a parameter of '" +
                     fn.name + "'");
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
