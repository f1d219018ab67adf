//===- BuiltinsString.cpp - String methods at compile time ---------------===//
//
// The methods of a string constant that module code and functions of host
// code run at compile time call, as Python computes them: `format` (fields
// `{}`, `{0}` and `{name}` without a format spec, `{{` and `}}` for braces,
// values written as `str` writes them), `join` of a tuple of strings and
// `split` (at runs of whitespace without a separator, dropping empty
// parts; at each separator otherwise). fla's inline-PTX softplus builds its
// assembly so at import time: `template.format(out_reg=i, in_reg=i + n)`,
// `" ".join(out_str.split("\n"))`.
//
//===----------------------------------------------------------------------===//

#include "BuiltinUtils.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace tilec;

bool CodeGen::isStringMethod(const std::string &name) {
  return name == "format" || name == "join" || name == "split";
}

/// What `str(v)` gives for a constant, or nothing for other values.
static std::optional<std::string> pyStr(const Val &v) {
  switch (v.kind) {
  case Val::Str:
    return v.s;
  case Val::Int:
    return intString(v.wide());
  case Val::Bool:
    return std::string(v.i ? "True" : "False");
  case Val::None:
    return std::string("None");
  case Val::Float:
    return pyFloat(v.f);
  default:
    return std::nullopt;
  }
}

Val CodeGen::stringMethod(const Expr &call, const Val &self,
                          const std::string &name, std::vector<Val> args,
                          std::vector<std::pair<std::string, Val>> kwargs) {
  const std::string &s = self.s;
  if (name == "format") {
    std::string out;
    size_t next = 0;
    for (size_t i = 0; i < s.size(); ++i) {
      char c = s[i];
      if ((c == '{' || c == '}') && i + 1 < s.size() && s[i + 1] == c) {
        out += c;
        ++i;
        continue;
      }
      if (c == '}')
        return error(call, describe(self) + " has a single '}'");
      if (c != '{') {
        out += c;
        continue;
      }
      size_t end = s.find('}', i);
      if (end == std::string::npos)
        return error(call, describe(self) + " has an unclosed '{'");
      std::string field = s.substr(i + 1, end - i - 1);
      if (field.find_first_of(":!") != std::string::npos)
        return error(call, "format field '{" + field +
                               "}': format specs and conversions are not "
                               "supported at compile time");
      const Val *v = nullptr;
      if (field.empty() || llvm::all_of(field, llvm::isDigit)) {
        size_t k = next;
        if (field.empty())
          ++next;
        else if (llvm::StringRef(field).getAsInteger(10, k))
          k = args.size();
        if (k >= args.size())
          return error(call, "format field '{" + field + "}' has no value: " +
                                 llvm::Twine(args.size()) +
                                 " positional arguments");
        v = &args[k];
      } else {
        for (auto &[kw, val] : kwargs)
          if (kw == field)
            v = &val;
        if (!v)
          return error(call, "format field '{" + field +
                                 "}' has no keyword argument");
      }
      std::optional<std::string> text = pyStr(*v);
      if (!text)
        return error(call, "format of " + describe(*v) +
                               ": only constants are written at compile time");
      out += *text;
      i = end;
    }
    return Val::str(std::move(out));
  }
  if (!kwargs.empty())
    return error(call, "str." + name + " takes no keyword arguments here");
  if (name == "join") {
    if (args.size() != 1 || args[0].kind != Val::Tuple)
      return error(call, "str.join takes one tuple or list of strings");
    std::string out;
    for (size_t i = 0; i < args[0].elems.size(); ++i) {
      const Val &part = args[0].elems[i];
      if (part.kind != Val::Str)
        return error(call, "str.join of " + describe(part) +
                               ", which is not a string");
      if (i)
        out += s;
      out += part.s;
    }
    return Val::str(std::move(out));
  }
  // split
  if (args.size() > 1 || (args.size() == 1 && args[0].kind != Val::Str &&
                          args[0].kind != Val::None))
    return error(call, "str.split takes at most one separator string here");
  std::vector<Val> parts;
  if (args.empty() || args[0].kind == Val::None) {
    size_t i = 0;
    while (i < s.size()) {
      while (i < s.size() && llvm::isSpace(s[i]))
        ++i;
      size_t j = i;
      while (j < s.size() && !llvm::isSpace(s[j]))
        ++j;
      if (j > i)
        parts.push_back(Val::str(s.substr(i, j - i)));
      i = j;
    }
    return Val::tuple(std::move(parts));
  }
  const std::string &sep = args[0].s;
  if (sep.empty())
    return error(call, "str.split of an empty separator");
  size_t i = 0;
  while (true) {
    size_t j = s.find(sep, i);
    if (j == std::string::npos) {
      parts.push_back(Val::str(s.substr(i)));
      break;
    }
    parts.push_back(Val::str(s.substr(i, j - i)));
    i = j + sep.size();
  }
  return Val::tuple(std::move(parts));
}
