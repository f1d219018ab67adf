//===- HostValue.cpp - A value of host-side Python ----------------------===//

#include "tilec/Frontend/HostValue.h"

#include "tilec/Frontend/AST.h"

#include "tilec/Frontend/Autotune.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/StringExtras.h"

#include <cctype>
#include <cmath>

using namespace tilec;

HostValue HostValue::boolean(bool v) {
  HostValue h;
  h.kind = Bool;
  h.i = v;
  return h;
}

HostValue HostValue::integer(int64_t v) {
  HostValue h;
  h.kind = Int;
  h.i = v;
  return h;
}

HostValue HostValue::floating(double v) {
  HostValue h;
  h.kind = Float;
  h.f = v;
  return h;
}

HostValue HostValue::str(std::string v) {
  HostValue h;
  h.kind = Str;
  h.s = std::move(v);
  return h;
}

HostValue HostValue::tuple(std::vector<HostValue> elems) {
  HostValue h;
  h.kind = Tuple;
  h.elems = std::move(elems);
  return h;
}

HostValue HostValue::list(std::vector<HostValue> elems) {
  HostValue h;
  h.kind = List;
  h.elems = std::move(elems);
  return h;
}

HostValue HostValue::dict(std::vector<HostValue> keys,
                          std::vector<HostValue> values) {
  HostValue h;
  h.kind = Dict;
  h.elems = std::move(keys);
  h.values = std::move(values);
  return h;
}

HostValue
HostValue::object(std::string cls,
                  std::vector<std::pair<std::string, HostValue>> attributes) {
  HostValue h;
  h.kind = Object;
  h.s = std::move(cls);
  for (auto &[name, value] : attributes) {
    h.elems.push_back(str(name));
    h.values.push_back(std::move(value));
  }
  return h;
}

HostValue HostValue::dtype(std::string name) {
  HostValue h;
  h.kind = DType;
  h.s = std::move(name);
  return h;
}

HostValue HostValue::enumeration(const EnumClass &cls) {
  HostValue h;
  h.kind = Class;
  h.s = cls.name;
  h.enumClass = &cls;
  return h;
}

HostValue HostValue::enumMember(const EnumClass &cls, std::string name,
                                HostValue value) {
  HostValue h = object(
      cls.name, {{"name", str(std::move(name))}, {"value", std::move(value)}});
  h.enumClass = &cls;
  return h;
}

HostValue HostValue::other(std::string what) {
  HostValue h;
  h.kind = Other;
  h.s = std::move(what);
  return h;
}

std::optional<HostValue> HostValue::parseLiteral(llvm::StringRef text) {
  text = text.trim();
  if (text == "True" || text == "False")
    return boolean(text == "True");
  if (text == "None")
    return none();
  if (text.size() >= 2 && (text.front() == '\'' || text.front() == '"') &&
      text.back() == text.front()) {
    llvm::StringRef body = text.drop_front().drop_back();
    if (body.contains(text.front()) || body.contains('\\'))
      return std::nullopt;
    return str(body.str());
  }
  std::string digits = text.str();
  llvm::erase(digits, '_');
  llvm::StringRef d = digits;
  int64_t i;
  if (!d.getAsInteger(10, i))
    return integer(i);
  // 0x.., 0o.., 0b.. (with a sign).
  llvm::StringRef magnitude = d;
  bool negative = magnitude.consume_front("-");
  if (!negative)
    magnitude.consume_front("+");
  uint64_t u;
  if (magnitude.size() > 2 && magnitude[0] == '0' &&
      llvm::StringRef("xXoObB").contains(magnitude[1]) &&
      !magnitude.getAsInteger(0, u) && u <= uint64_t(INT64_MAX))
    return integer(negative ? -int64_t(u) : int64_t(u));
  double f;
  if (!d.empty() &&
      (std::isdigit(static_cast<unsigned char>(d.front())) ||
       d.front() == '-' || d.front() == '+' || d.front() == '.') &&
      !d.getAsDouble(f))
    return floating(f);
  return std::nullopt;
}

/// Splits `text` at its commas outside brackets and quotes; false when a
/// bracket or quote is not closed.
static bool splitItems(llvm::StringRef text,
                       std::vector<llvm::StringRef> &items) {
  int depth = 0;
  char quote = 0;
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (quote) {
      if (c == quote)
        quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '(' || c == '[') {
      ++depth;
    } else if (c == ')' || c == ']') {
      if (--depth < 0)
        return false;
    } else if (c == ',' && depth == 0) {
      items.push_back(text.slice(start, i));
      start = i + 1;
    }
  }
  if (quote || depth)
    return false;
  items.push_back(text.drop_front(start));
  return true;
}

std::optional<HostValue> HostValue::parseValue(llvm::StringRef text) {
  text = text.trim();
  if (text.size() < 2 || !((text.front() == '[' && text.back() == ']') ||
                           (text.front() == '(' && text.back() == ')')))
    return parseLiteral(text);
  bool isList = text.front() == '[';
  llvm::StringRef body = text.drop_front().drop_back().trim();
  std::vector<HostValue> elems;
  if (!body.empty()) {
    std::vector<llvm::StringRef> items;
    if (!splitItems(body, items))
      return std::nullopt;
    // A trailing comma (`(1,)`, `[1, 2,]`) ends the last item.
    bool trailing = items.size() > 1 && items.back().trim().empty();
    if (trailing)
      items.pop_back();
    if (!isList && items.size() == 1 && !trailing)
      return parseValue(items[0]); // a parenthesized value
    for (llvm::StringRef item : items) {
      std::optional<HostValue> v = parseValue(item);
      if (!v)
        return std::nullopt;
      elems.push_back(std::move(*v));
    }
  }
  return isList ? list(std::move(elems)) : tuple(std::move(elems));
}

HostValue HostValue::fromText(llvm::StringRef text) {
  if (std::optional<HostValue> v = parseLiteral(text))
    return *v;
  return other("'" + text.trim().str() + "'");
}

const HostValue *HostValue::item(llvm::StringRef name) const {
  if (kind != Dict && kind != Object)
    return nullptr;
  for (size_t k = 0; k < elems.size(); ++k)
    if (elems[k].kind == Str && elems[k].s == name)
      return &values[k];
  return nullptr;
}

bool HostValue::truthy() const {
  switch (kind) {
  case None:
    return false;
  case Bool:
  case Int:
    return i != 0;
  case Float:
    return f != 0;
  case Str:
    return !s.empty();
  case Tuple:
  case List:
  case Dict:
    return !elems.empty();
  case Object:
  case DType:
  case Class:
  case Other:
    return true;
  }
  return true;
}

std::string HostValue::repr() const {
  switch (kind) {
  case None:
    return "None";
  case Bool:
    return i ? "True" : "False";
  case Int:
    return std::to_string(i);
  case Float:
    return floatConstantText(f);
  case Str:
    return s.find('\'') == std::string::npos ? "'" + s + "'" : "\"" + s + "\"";
  case Tuple:
  case List: {
    std::vector<std::string> parts;
    for (const HostValue &e : elems)
      parts.push_back(e.repr());
    if (kind == List)
      return "[" + llvm::join(parts, ", ") + "]";
    return "(" + llvm::join(parts, ", ") + (elems.size() == 1 ? ",)" : ")");
  }
  case Dict:
  case Object: {
    std::vector<std::string> parts;
    for (size_t k = 0; k < elems.size(); ++k)
      parts.push_back(kind == Dict ? elems[k].repr() + ": " + values[k].repr()
                                   : elems[k].s + "=" + values[k].repr());
    if (kind == Dict)
      return "{" + llvm::join(parts, ", ") + "}";
    if (enumClass) // <Backend.HOPPER: 232448>
      return "<" + s + "." + values[0].s + ": " + values[1].repr() + ">";
    return s + "(" + llvm::join(parts, ", ") + ")";
  }
  case Class:
    return "<enum '" + s + "'>";
  case DType:
  case Other:
    return s;
  }
  return s;
}

std::string HostValue::text() const {
  switch (kind) {
  case None:
  case Bool:
  case Int:
  case Float:
  case Str:
  case DType:
    return repr();
  default:
    return "";
  }
}

std::string HostValue::describe() const {
  switch (kind) {
  case Str:
    return "the string " + repr();
  case Tuple:
    return "the tuple " + repr();
  case List:
    return "the list " + repr();
  case Dict:
    return "the dict " + repr();
  case Object:
    return enumClass ? "the member " + s + "." + values[0].s : "a " + s;
  case DType:
    return "the dtype " + s;
  case Class:
    return "the enumeration '" + s + "'";
  default:
    return repr();
  }
}

/// A member of an IntEnum or StrEnum as the int or str it also is; any
/// other value as it is.
static const HostValue &plainValue(const HostValue &v) {
  if (v.kind == HostValue::Object && v.enumClass && !v.enumClass->mixin.empty())
    return v.values[1];
  return v;
}

bool tilec::hostEquals(const HostValue &a0, const HostValue &b0) {
  const HostValue &a = plainValue(a0), &b = plainValue(b0);
  if (a.isNumber() && b.isNumber())
    return a.kind == HostValue::Float || b.kind == HostValue::Float
               ? a.asDouble() == b.asDouble()
               : a.i == b.i;
  if (a.kind != b.kind)
    return false;
  switch (a.kind) {
  case HostValue::None:
    return true;
  case HostValue::Str:
    return a.s == b.s;
  case HostValue::DType:
    return a.s == b.s;
  case HostValue::Class:
    return a.enumClass == b.enumClass;
  case HostValue::Object: // a member of an enumeration: itself alone
    return a.enumClass && a.enumClass == b.enumClass &&
           a.values[0].s == b.values[0].s;
  case HostValue::Tuple:
  case HostValue::List:
    return a.elems.size() == b.elems.size() &&
           llvm::all_of(llvm::zip(a.elems, b.elems), [](auto p) {
             return hostEquals(std::get<0>(p), std::get<1>(p));
           });
  case HostValue::Dict:
    // Equal keys with equal values, in any order.
    return a.elems.size() == b.elems.size() &&
           llvm::all_of(llvm::seq(a.elems.size()), [&](size_t k) {
             for (size_t j = 0; j < b.elems.size(); ++j)
               if (hostEquals(a.elems[k], b.elems[j]))
                 return hostEquals(a.values[k], b.values[j]);
             return false;
           });
  default:
    return false;
  }
}

bool tilec::sameHostValue(const HostValue &a, const HostValue &b) {
  if (a.kind != b.kind || a.i != b.i || a.s != b.s ||
      a.enumClass != b.enumClass || a.elems.size() != b.elems.size() ||
      a.values.size() != b.values.size())
    return false;
  if (a.kind == HostValue::Float &&
      !(a.f == b.f || (std::isnan(a.f) && std::isnan(b.f))))
    return false;
  for (size_t k = 0; k < a.elems.size(); ++k)
    if (!sameHostValue(a.elems[k], b.elems[k]))
      return false;
  for (size_t k = 0; k < a.values.size(); ++k)
    if (!sameHostValue(a.values[k], b.values[k]))
      return false;
  return true;
}
