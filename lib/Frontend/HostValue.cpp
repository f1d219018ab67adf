//===- HostValue.cpp - A value of host-side Python ----------------------===//

#include "tilec/Frontend/HostValue.h"

#include "tilec/Frontend/Autotune.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <cctype>

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

HostValue HostValue::fromText(llvm::StringRef text) {
  if (std::optional<HostValue> v = parseLiteral(text))
    return *v;
  return other("'" + text.trim().str() + "'");
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
    return !elems.empty();
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
  case Tuple: {
    std::vector<std::string> parts;
    for (const HostValue &e : elems)
      parts.push_back(e.repr());
    return "(" + llvm::join(parts, ", ") + (elems.size() == 1 ? ",)" : ")");
  }
  case Other:
    return s;
  }
  return s;
}

std::string HostValue::text() const {
  return kind == Tuple || kind == Other ? "" : repr();
}

std::string HostValue::describe() const {
  switch (kind) {
  case Str:
    return "the string " + repr();
  case Tuple:
    return "the tuple " + repr();
  default:
    return repr();
  }
}

bool tilec::hostEquals(const HostValue &a, const HostValue &b) {
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
  case HostValue::Tuple:
    return a.elems.size() == b.elems.size() &&
           llvm::all_of(llvm::zip(a.elems, b.elems), [](auto p) {
             return hostEquals(std::get<0>(p), std::get<1>(p));
           });
  default:
    return false;
  }
}
