//===- Heuristics.cpp - The values of @triton.heuristics ------------------===//

#include "tilec/Frontend/Heuristics.h"

#include "tilec/Frontend/Autotune.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace tilec;

std::string Heuristic::text() const {
  if (function)
    return function->name + "(" + function->params[0].name + ")";
  return lambda ? "lambda " + lambda->args[1]->str + ": " + lambda->str : "";
}

static llvm::Error bad(DiagnosticEngine &diags, SourceLoc loc,
                       const llvm::Twine &why, unsigned length = 1) {
  std::string msg = ("@triton.heuristics: " + why).str();
  diags.error(loc, msg, length);
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

/// Why the heuristic key `key` of `kernel` names no parameter: a launch
/// option, which Triton passes to the launch, says where tilec takes it from.
static std::string unknownKeyMessage(const std::string &key,
                                     const std::string &kernel) {
  std::string option = key == "num_warps"    ? "--num-warps"
                       : key == "num_stages" ? "--num-stages"
                                             : "";
  if (!option.empty())
    return "sets the launch option '" + key + "', which tilec takes from " +
           option +
           " or an @triton.autotune config, not from @triton.heuristics";
  if (key == "num_ctas" || key == "maxnreg")
    return "sets the launch option '" + key +
           "', which tilec does not take from @triton.heuristics";
  return "sets '" + key + "', which is not a parameter of '" + kernel + "'";
}

llvm::Expected<std::vector<Heuristic>>
tilec::readHeuristics(const Function &fn, DiagnosticEngine &diags) {
  std::vector<Heuristic> out;
  for (const auto &[at, call] : fn.heuristics) {
    // heuristics(values) or heuristics(values=...).
    const Expr *dict = nullptr;
    if (call && call->kind == ExprKind::Call) {
      if (call->args.size() == 2 && call->keywords.empty())
        dict = call->args[1].get();
      else if (call->args.size() == 1 && call->keywords.size() == 1 &&
               call->keywords[0].name == "values")
        dict = call->keywords[0].value.get();
    }
    if (!dict || dict->kind != ExprKind::Dict)
      return bad(diags, at,
                 "its argument is not a dict literal of lambdas tilec can "
                 "read ({'NAME': lambda args: ..., ...})");
    for (size_t i = 0; i + 1 < dict->args.size(); i += 2) {
      const Expr &k = *dict->args[i], &v = *dict->args[i + 1];
      if (k.kind != ExprKind::Str)
        return bad(diags, k.loc, "its keys must be parameter names (strings)",
                   k.length);
      // A function of host code of the kernel's module, by its name.
      const Function *named = nullptr;
      if (v.kind == ExprKind::Name && fn.owner) {
        auto it = fn.owner->hostFunctions.find(v.str);
        if (it != fn.owner->hostFunctions.end() &&
            it->second->params.size() == 1)
          named = it->second.get();
      }
      if (v.kind != ExprKind::Lambda && !named)
        return bad(diags, v.loc,
                   "the value for '" + k.str +
                       "' must be a lambda of one parameter (lambda args: "
                       "...) or the name of a function of one parameter "
                       "defined in this module",
                   v.length);
      if (llvm::none_of(fn.params,
                        [&](const Param &p) { return p.name == k.str; }))
        return bad(diags, k.loc, unknownKeyMessage(k.str, fn.name), k.length);
      if (named)
        out.push_back({k.str, nullptr, named, &v, k.loc});
      else
        out.push_back({k.str, &v, nullptr, nullptr, k.loc});
    }
  }
  return std::move(out);
}

llvm::Expected<HostValue>
tilec::evaluateHeuristic(const Heuristic &h,
                         const std::map<std::string, HostValue> &values,
                         DiagnosticEngine &diags, llvm::StringRef missing) {
  LaunchScope scope;
  scope.values = &values;
  scope.what = "@triton.heuristics value of '" + h.name + "'";
  scope.missing = missing.str();
  if (h.function) {
    scope.argsName = h.function->params[0].name;
    return evaluateHostFunction(*h.function, *h.at, scope, diags);
  }
  scope.argsName = h.lambda->args[1]->str;
  return evaluateHostExpr(*h.lambda->args[0], scope, diags);
}

std::vector<std::string> tilec::splitSignature(llvm::StringRef signature) {
  std::vector<std::string> out;
  for (SignatureItem &item : signatureItems(signature))
    out.push_back(std::move(item.text));
  return out;
}

llvm::Expected<std::string> tilec::resolveHeuristicSignature(
    const Function &fn, DiagnosticEngine &diags, DiagnosticEngine &sigDiags,
    llvm::ArrayRef<std::optional<HostValue>> runtimeValues) {
  llvm::StringRef signature = sigDiags.file().text();
  std::vector<SignatureItem> items = signatureItems(signature);
  std::vector<std::string> entries = splitSignature(signature);
  if (llvm::none_of(entries, [](const std::string &e) { return e == "auto"; }))
    return signature.str();
  // An error at signature entry i.
  auto fail = [&](size_t i, const llvm::Twine &msg) -> llvm::Error {
    sigDiags.error(items[i].loc(), msg, items[i].length);
    return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
  };
  auto heuristics = readHeuristics(fn, diags);
  if (!heuristics)
    return heuristics.takeError();
  // The values the signature gives: its literals, and the typed entries'
  // values where known (a descriptor ends that mapping).
  std::map<std::string, HostValue> values;
  size_t typed = 0;
  bool mapping = true;
  for (size_t i = 0; i < entries.size() && i < fn.params.size(); ++i) {
    const std::string &e = entries[i];
    if (e == "auto")
      continue;
    HostValue v = HostValue::fromText(e);
    if (v.kind != HostValue::Other) {
      values[fn.params[i].name] = v;
      continue;
    }
    // A descriptor or a tuple takes several arguments: the values after it
    // are not known by position.
    if (llvm::StringRef(e).starts_with("tensordesc") ||
        llvm::StringRef(e).starts_with("("))
      mapping = false;
    if (mapping && typed < runtimeValues.size() && runtimeValues[typed])
      values[fn.params[i].name] = *runtimeValues[typed];
    ++typed;
  }
  for (size_t i = entries.size(); i < fn.params.size(); ++i)
    if (fn.params[i].defaultValue)
      if (std::string t = constantText(*fn.params[i].defaultValue); !t.empty())
        values[fn.params[i].name] = HostValue::fromText(t);
  // Each `auto` entry's heuristic (the last one that sets it), in order.
  for (size_t i = 0; i < entries.size(); ++i) {
    if (entries[i] != "auto")
      continue;
    if (i >= fn.params.size())
      return fail(i, llvm::formatv("signature entry {0} is 'auto', but '{1}' "
                                   "has only {2} parameters",
                                   i, fn.name, fn.params.size()));
    const std::string &name = fn.params[i].name;
    if (llvm::none_of(*heuristics,
                      [&](const Heuristic &h) { return h.name == name; }))
      return fail(i, "signature entry " + llvm::Twine(i) + " ('" + name +
                         "') is 'auto', but no @triton.heuristics of '" +
                         fn.name + "' sets '" + name + "': give its value");
  }
  for (const Heuristic &h : *heuristics) {
    auto pos = llvm::find_if(fn.params,
                             [&](const Param &p) { return p.name == h.name; });
    size_t i = pos - fn.params.begin();
    if (i >= entries.size() || entries[i] != "auto")
      continue; // given in the signature: used as given
    auto v = evaluateHeuristic(
        h, values, diags,
        " (the signature gives no value for it): give the value of '" + h.name +
            "' in the signature instead of 'auto'");
    if (!v)
      return v.takeError();
    std::string text = v->text();
    if (text.empty())
      return fail(i, "@triton.heuristics value of '" + h.name + "' is " +
                         v->describe() + ", not a constant");
    entries[i] = text;
    values[h.name] = *v;
  }
  return llvm::join(entries, ", ");
}
