//===- HostMethods.cpp - Methods of host values ---------------------------===//
//
// The methods of Python's dicts, strings, lists and tuples that host code
// calls on values tilec computes, as Python computes them:
//
//   dict   get(key[, default]), keys(), values(), items()
//   str    lower(), upper(), strip(), join(iterable of strings),
//          startswith(prefix), endswith(suffix) (a string or a tuple of
//          them), split([sep[, maxsplit]]), replace(old, new[, count]),
//          index(sub), count(sub)
//   list, tuple   index(x), count(x)
//
// keys(), values() and items() give lists (Python's views iterate, measure
// and test membership alike); `index` of what is not there raises
// ValueError, and `split('')` ValueError, as Python's do (HostEvaluator::
// raise). A version check such as `triton.__version__.split(".")[:2]` or a
// table lookup `CONFIGS.get(arch, DEFAULT)` computes so. Such a method of
// another value tilec computes (a list's `get`) is an error; of an object
// tilec does not know, host code (HostEvaluator::call).
//
//===----------------------------------------------------------------------===//

#include "HostEvaluator.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace tilec;

bool HostEvaluator::isValueMethod(llvm::StringRef name) {
  return llvm::is_contained({"get", "keys", "values", "items", "lower", "upper",
                             "strip", "join", "startswith", "endswith", "split",
                             "replace", "index", "count"},
                            name);
}

/// Whether `self` has the method `name` here.
static bool hasMethod(const HostValue &self, llvm::StringRef name) {
  switch (self.kind) {
  case HostValue::Dict:
    return llvm::is_contained({"get", "keys", "values", "items"}, name);
  case HostValue::Str:
    return llvm::is_contained({"lower", "upper", "strip", "join", "startswith",
                               "endswith", "split", "replace", "index",
                               "count"},
                              name);
  case HostValue::List:
  case HostValue::Tuple:
    return name == "index" || name == "count";
  default:
    return false;
  }
}

/// Python's str.split(sep, maxsplit) (sep empty: split on runs of
/// whitespace, none at either end).
static std::vector<HostValue> splitString(llvm::StringRef s,
                                          std::optional<std::string> sep,
                                          int64_t maxsplit) {
  std::vector<HostValue> parts;
  if (!sep) {
    s = s.ltrim();
    while (!s.empty()) {
      if (maxsplit >= 0 && int64_t(parts.size()) == maxsplit) {
        parts.push_back(HostValue::str(s.str())); // the rest, as it is
        return parts;
      }
      size_t end = s.find_first_of(" \t\n\r\f\v");
      parts.push_back(HostValue::str(s.substr(0, end).str()));
      s = end == llvm::StringRef::npos ? llvm::StringRef() : s.substr(end);
      s = s.ltrim();
    }
    return parts;
  }
  while (maxsplit < 0 || int64_t(parts.size()) < maxsplit) {
    size_t at = s.find(*sep);
    if (at == llvm::StringRef::npos)
      break;
    parts.push_back(HostValue::str(s.substr(0, at).str()));
    s = s.substr(at + sep->size());
  }
  parts.push_back(HostValue::str(s.str()));
  return parts;
}

std::optional<HostValue> HostEvaluator::valueMethod(const Expr &e,
                                                    const HostValue &self) {
  const std::string &m = e.args[0]->str;
  if (!hasMethod(self, m))
    return fail(e, "'" + m + "()' of " + self.describe());
  if (!e.keywords.empty())
    return fail(e, "'." + m + "()' is called with keyword arguments");
  std::vector<HostValue> args;
  for (size_t i = 1; i < e.args.size(); ++i) {
    std::optional<HostValue> v = eval(*e.args[i]);
    if (!v)
      return std::nullopt;
    args.push_back(std::move(*v));
  }
  size_t n = args.size();
  auto arity = [&](size_t lo, size_t hi) {
    if (n >= lo && n <= hi)
      return true;
    fail(e, llvm::formatv("'.{0}()' of {1} takes {2} to {3} argument(s), got "
                          "{4}",
                          m, self.describe(), lo, hi, n));
    return false;
  };
  auto str = [&](size_t i, llvm::StringRef what) -> const std::string * {
    if (args[i].kind == HostValue::Str)
      return &args[i].s;
    fail(*e.args[i + 1], "'." + m + "()' takes a string as its " + what +
                             ", not " + args[i].describe());
    return nullptr;
  };
  auto integer = [&](size_t i) -> std::optional<int64_t> {
    if (args[i].kind == HostValue::Int || args[i].kind == HostValue::Bool)
      return args[i].i;
    fail(*e.args[i + 1],
         "'." + m + "()' takes an int, not " + args[i].describe());
    return std::nullopt;
  };

  if (self.kind == HostValue::Dict) {
    if (m == "get") {
      if (!arity(1, 2))
        return std::nullopt;
      for (size_t k = 0; k < self.elems.size(); ++k)
        if (hostEquals(self.elems[k], args[0]))
          return self.values[k];
      return n == 2 ? args[1] : HostValue::none();
    }
    if (!arity(0, 0))
      return std::nullopt;
    if (m == "keys")
      return HostValue::list(self.elems);
    if (m == "values")
      return HostValue::list(self.values);
    std::vector<HostValue> pairs;
    for (size_t k = 0; k < self.elems.size(); ++k)
      pairs.push_back(HostValue::tuple({self.elems[k], self.values[k]}));
    return HostValue::list(std::move(pairs));
  }

  if (self.kind == HostValue::Str) {
    llvm::StringRef s = self.s;
    if (m == "lower" || m == "upper" || m == "strip") {
      if (!arity(0, 0))
        return std::nullopt;
      return HostValue::str(m == "lower"   ? s.lower()
                            : m == "upper" ? s.upper()
                                           : s.trim().str());
    }
    if (m == "join") {
      if (!arity(1, 1))
        return std::nullopt;
      std::optional<std::vector<HostValue>> parts = items(*e.args[1], args[0]);
      if (!parts)
        return std::nullopt;
      std::string joined;
      for (auto [i, part] : llvm::enumerate(*parts)) {
        if (part.kind != HostValue::Str)
          return fail(*e.args[1], "'join' of " + part.describe() +
                                      ", which is not a string");
        joined += (i ? self.s : "") + part.s;
      }
      return HostValue::str(joined);
    }
    if (m == "startswith" || m == "endswith") {
      if (!arity(1, 1))
        return std::nullopt;
      std::vector<HostValue> options = args[0].kind == HostValue::Tuple
                                           ? args[0].elems
                                           : std::vector<HostValue>{args[0]};
      for (const HostValue &o : options) {
        if (o.kind != HostValue::Str)
          return fail(*e.args[1], "'." + m +
                                      "()' takes a string or a tuple "
                                      "of strings, not " +
                                      args[0].describe());
        if (m == "startswith" ? s.starts_with(o.s) : s.ends_with(o.s))
          return HostValue::boolean(true);
      }
      return HostValue::boolean(false);
    }
    if (m == "split") {
      if (!arity(0, 2))
        return std::nullopt;
      std::optional<std::string> sep;
      if (n >= 1 && args[0].kind != HostValue::None) {
        const std::string *p = str(0, "separator");
        if (!p)
          return std::nullopt;
        if (p->empty())
          return raise(*e.args[1], "ValueError", "an empty separator");
        sep = *p;
      }
      int64_t maxsplit = -1;
      if (n == 2) {
        std::optional<int64_t> k = integer(1);
        if (!k)
          return std::nullopt;
        maxsplit = *k;
      }
      return HostValue::list(splitString(s, sep, maxsplit));
    }
    if (m == "replace") {
      if (!arity(2, 3))
        return std::nullopt;
      const std::string *from = str(0, "old part"), *to = str(1, "new part");
      if (!from || !to)
        return std::nullopt;
      int64_t count = -1;
      if (n == 3) {
        std::optional<int64_t> k = integer(2);
        if (!k)
          return std::nullopt;
        count = *k;
      }
      // Python: an empty `old` inserts `new` before every character and at
      // the end.
      std::string out;
      int64_t done = 0;
      size_t i = 0;
      if (from->empty()) {
        for (; i <= s.size(); ++i) {
          if (count < 0 || done < count) {
            out += *to;
            ++done;
          }
          if (i < s.size())
            out += s[i];
        }
        return HostValue::str(out);
      }
      while (i < s.size()) {
        size_t at = s.find(*from, i);
        if (at == llvm::StringRef::npos || (count >= 0 && done == count))
          break;
        out += s.slice(i, at).str() + *to;
        i = at + from->size();
        ++done;
      }
      out += s.substr(i).str();
      return HostValue::str(out);
    }
    // index, count of a substring.
    if (!arity(1, 1))
      return std::nullopt;
    const std::string *sub = str(0, "substring");
    if (!sub)
      return std::nullopt;
    if (m == "count") {
      if (sub->empty())
        return HostValue::integer(int64_t(s.size()) + 1);
      int64_t c = 0;
      for (size_t at = s.find(*sub); at != llvm::StringRef::npos;
           at = s.find(*sub, at + sub->size()))
        ++c;
      return HostValue::integer(c);
    }
    size_t at = s.find(*sub);
    if (at == llvm::StringRef::npos)
      return raise(e, "ValueError",
                   "substring " + args[0].repr() + " not found in " +
                       self.repr());
    return HostValue::integer(int64_t(at));
  }

  // A list's or tuple's index and count.
  if (!arity(1, 1))
    return std::nullopt;
  if (m == "count")
    return HostValue::integer(
        llvm::count_if(self.elems, [&](const HostValue &x) {
          return hostEquals(x, args[0]);
        }));
  for (size_t k = 0; k < self.elems.size(); ++k)
    if (hostEquals(self.elems[k], args[0]))
      return HostValue::integer(int64_t(k));
  return raise(e, "ValueError",
               args[0].repr() + " is not in " + self.describe());
}

bool HostEvaluator::receiverWithMethod(const Expr &e,
                                       std::optional<HostValue> &self) {
  const Expr &callee = *e.args[0];
  if (callee.kind != ExprKind::Attribute || !isValueMethod(callee.str))
    return false;
  // The receiver, evaluated quietly: where it is no value these methods
  // belong to, the call is left to the other rules (host code, a -D).
  State before = save();
  self = eval(*callee.args[0]);
  if (self && self->kind != HostValue::Object && self->kind != HostValue::Other)
    return true; // valueMethod computes it or says the value has no such method
  restore(std::move(before));
  return false;
}
