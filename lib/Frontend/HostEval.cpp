//===- HostEval.cpp - Module-level host values tilec can compute ----------===//
//
// evalHostCondition: the part of Python that module-level conditions are
// written in (literals, names, os.environ / os.getenv, hasattr on
// triton.language, int() / str() / bool() / float(), str.lower() / upper() /
// strip(), comparisons, `in`, not / and / or, conditional expressions),
// evaluated as Python evaluates it at import. Anything else is undecided, and
// says which names a -D option could give.
//
//===----------------------------------------------------------------------===//

#include "tilec/Frontend/HostValues.h"

#include "CodeGen.h"
#include "tilec/Frontend/AST.h"
#include "tilec/Frontend/Types.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

using namespace tilec;

HostValue HostValue::boolean(bool x) {
  HostValue v;
  v.kind = Bool;
  v.b = x;
  return v;
}

HostValue HostValue::integer(int64_t x) {
  HostValue v;
  v.kind = Int;
  v.i = x;
  return v;
}

HostValue HostValue::floating(double x) {
  HostValue v;
  v.kind = Float;
  v.f = x;
  return v;
}

HostValue HostValue::str(std::string x) {
  HostValue v;
  v.kind = Str;
  v.s = std::move(x);
  return v;
}

bool HostValue::truthy() const {
  switch (kind) {
  case None:
    return false;
  case Bool:
    return b;
  case Int:
    return i != 0;
  case Float:
    return f != 0;
  case Str:
    return !s.empty();
  case Tuple:
    return !elems.empty();
  }
  return false;
}

std::string HostValue::repr() const {
  switch (kind) {
  case None:
    return "None";
  case Bool:
    return b ? "True" : "False";
  case Int:
    return std::to_string(i);
  case Float: {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", f);
    std::string r = buf;
    if (r.find_first_of(".en") == std::string::npos)
      r += ".0";
    return r;
  }
  case Str:
    return "'" + s + "'";
  case Tuple: {
    std::vector<std::string> parts;
    for (const HostValue &e : elems)
      parts.push_back(e.repr());
    return "(" + llvm::join(parts, ", ") + (elems.size() == 1 ? ",)" : ")");
  }
  }
  return "?";
}

static bool isNumber(const HostValue &v) {
  return v.kind == HostValue::Bool || v.kind == HostValue::Int ||
         v.kind == HostValue::Float;
}

static double asDouble(const HostValue &v) {
  return v.kind == HostValue::Float ? v.f
         : v.kind == HostValue::Int ? double(v.i)
                                    : double(v.b);
}

bool tilec::hostEquals(const HostValue &a, const HostValue &b) {
  if (isNumber(a) && isNumber(b))
    return asDouble(a) == asDouble(b);
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

// ------------------------------------------------------------------ defines

/// A Python literal: True, False, None, an int, a float, a quoted string.
static std::optional<HostValue> parseLiteral(llvm::StringRef text) {
  text = text.trim();
  if (text == "True" || text == "False")
    return HostValue::boolean(text == "True");
  if (text == "None")
    return HostValue::none();
  if (text.size() >= 2 && (text.front() == '\'' || text.front() == '"') &&
      text.back() == text.front()) {
    llvm::StringRef body = text.drop_front().drop_back();
    if (body.contains(text.front()) || body.contains('\\'))
      return std::nullopt;
    return HostValue::str(body.str());
  }
  std::string digits = text.str();
  llvm::erase(digits, '_');
  llvm::StringRef d = digits;
  int64_t i;
  if (!d.getAsInteger(0, i))
    return HostValue::integer(i);
  double f;
  if (!d.empty() &&
      (std::isdigit(d.front()) || d.front() == '-' || d.front() == '+' ||
       d.front() == '.') &&
      !d.getAsDouble(f))
    return HostValue::floating(f);
  return std::nullopt;
}

std::optional<std::pair<std::string, HostValue>>
HostDefines::parse(llvm::StringRef define, std::string &error) {
  auto [name, value] = define.split('=');
  name = name.trim();
  bool identifier =
      !name.empty() && !std::isdigit(name.front()) &&
      llvm::all_of(name, [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
      });
  if (!identifier || !define.contains('=')) {
    error = "-D expects NAME=VALUE with NAME a Python identifier, got '" +
            define.str() + "'";
    return std::nullopt;
  }
  std::optional<HostValue> v = parseLiteral(value);
  if (!v) {
    error = "the value of -D " + name.str() +
            " must be a Python literal (True, False, None, an int, a float "
            "or a quoted string), got '" +
            value.str() + "'";
    return std::nullopt;
  }
  return std::make_pair(name.str(), *v);
}

bool HostDefines::add(llvm::ArrayRef<std::string> defines, std::string &error) {
  for (const std::string &d : defines) {
    auto p = parse(d, error);
    if (!p)
      return false;
    values[p->first] = p->second;
  }
  return true;
}

// --------------------------------------------------------------- evaluation

namespace {

class Evaluator {
public:
  Evaluator(llvm::ArrayRef<const Module *> scopes, const HostDefines *defines)
      : scopes(scopes), defines(defines) {}

  /// The value of `e`; nullopt when undecided (names / reason recorded).
  std::optional<HostValue> eval(const Expr &e);
  /// The truth of `e`: `and`, `or` and `not` need only their operands'
  /// truth, so `x and False` is false whatever x is.
  std::optional<bool> truth(const Expr &e);

  std::vector<std::string> undecidedNames;
  std::string reason;

private:
  std::optional<HostValue> undecided(const std::string &why) {
    if (reason.empty())
      reason = why;
    return std::nullopt;
  }
  std::optional<HostValue> undecidedName(const std::string &name) {
    if (!llvm::is_contained(undecidedNames, name))
      undecidedNames.push_back(name);
    return std::nullopt;
  }
  /// The dotted path an expression names through imports (`os.environ`
  /// after `import os`; `environ` after `from os import environ`).
  std::optional<std::string> dottedPath(const Expr &e);
  const Expr *global(const std::string &name) const;
  std::optional<HostValue> evalName(const Expr &e);
  std::optional<HostValue> evalCall(const Expr &e);
  std::optional<HostValue> evalCompare(const Expr &e);
  std::optional<bool> compare(CompareOpKind op, const Expr &lhsExpr,
                              const HostValue &lhs, const Expr &rhsExpr);
  std::optional<std::string> envName(const Expr &e);

  llvm::ArrayRef<const Module *> scopes;
  const HostDefines *defines;
  unsigned depth = 0;
};

} // namespace

const Expr *Evaluator::global(const std::string &name) const {
  for (const Module *m : scopes)
    if (auto g = m->globals.find(name); g != m->globals.end())
      return g->second.get();
  return nullptr;
}

std::optional<std::string> Evaluator::dottedPath(const Expr &e) {
  if (e.kind == ExprKind::Name) {
    if (defines && defines->lookup(e.str))
      return std::nullopt;
    for (const Module *m : scopes) {
      if (m->globals.count(e.str) || m->conditional.count(e.str))
        return std::nullopt;
      if (auto i = m->imports.find(e.str); i != m->imports.end())
        return i->second;
    }
    if (e.str == "hasattr" || e.str == "int" || e.str == "str" ||
        e.str == "bool" || e.str == "float")
      return e.str;
    return std::nullopt;
  }
  if (e.kind == ExprKind::Attribute)
    if (auto base = dottedPath(*e.args[0]))
      return *base + "." + e.str;
  return std::nullopt;
}

std::optional<HostValue> Evaluator::evalName(const Expr &e) {
  if (defines)
    if (const HostValue *v = defines->lookup(e.str))
      return *v;
  if (const Expr *g = global(e.str)) {
    if (depth > 50)
      return undecided("'" + e.str + "' is defined in terms of itself");
    ++depth;
    std::vector<std::string> saved = std::move(undecidedNames);
    undecidedNames.clear();
    std::optional<HostValue> v = eval(*g);
    --depth;
    undecidedNames = std::move(saved);
    // What -D can give is this name, not what host code computes it from.
    if (!v)
      return undecidedName(e.str);
    return v;
  }
  return undecidedName(e.str);
}

std::optional<std::string> Evaluator::envName(const Expr &e) {
  std::optional<HostValue> n = eval(e);
  if (!n)
    return std::nullopt;
  if (n->kind != HostValue::Str) {
    undecided("an environment variable's name must be a string");
    return std::nullopt;
  }
  return n->s;
}

std::optional<std::string> HostDefines::getenv(const std::string &name) const {
  std::optional<std::string> v;
  if (const char *s = std::getenv(name.c_str()))
    v = std::string(s);
  environment[name] = v;
  return v;
}

static std::optional<std::string> getEnv(const HostDefines *defines,
                                         const std::string &name) {
  if (defines)
    return defines->getenv(name);
  if (const char *v = std::getenv(name.c_str()))
    return std::string(v);
  return std::nullopt;
}

std::optional<HostValue> Evaluator::evalCall(const Expr &e) {
  const Expr &callee = *e.args[0];
  size_t nargs = e.args.size() - 1;
  auto arg = [&](size_t i) -> const Expr & { return *e.args[i + 1]; };
  std::optional<std::string> path = dottedPath(callee);
  if (path && !e.keywords.empty())
    return undecided("'" + *path + "' is called with keyword arguments");
  if (path && (*path == "os.environ.get" || *path == "os.getenv") &&
      (nargs == 1 || nargs == 2)) {
    std::optional<std::string> name = envName(arg(0));
    if (!name)
      return std::nullopt;
    if (std::optional<std::string> v = getEnv(defines, *name))
      return HostValue::str(*v);
    if (nargs == 2)
      return eval(arg(1));
    return HostValue::none();
  }
  if (path && *path == "hasattr" && nargs == 2) {
    std::optional<std::string> object = dottedPath(arg(0));
    std::optional<HostValue> attr = eval(arg(1));
    if (!attr)
      return std::nullopt;
    if (object && attr->kind == HostValue::Str &&
        (*object == "triton.language" || *object == "triton.language.core"))
      return HostValue::boolean(CodeGen::isBuiltin("tl." + attr->s) ||
                                parseTLDTypeName(attr->s).has_value() ||
                                attr->s == "constexpr" || attr->s == "extra" ||
                                attr->s == "math");
    return undecided("hasattr() is computed only for triton.language");
  }
  if (path &&
      (*path == "int" || *path == "str" || *path == "bool" ||
       *path == "float") &&
      nargs == 1) {
    std::optional<HostValue> v = eval(arg(0));
    if (!v)
      return std::nullopt;
    if (*path == "bool")
      return HostValue::boolean(v->truthy());
    if (*path == "str") {
      if (v->kind == HostValue::Str)
        return v;
      if (v->kind == HostValue::Tuple)
        return undecided("str() of a tuple");
      return HostValue::str(v->repr());
    }
    if (v->kind == HostValue::Str) {
      std::string t = llvm::StringRef(v->s).trim().str();
      llvm::erase(t, '_');
      int64_t i;
      double f;
      if (*path == "int" && !llvm::StringRef(t).getAsInteger(10, i))
        return HostValue::integer(i);
      if (*path == "float" && !llvm::StringRef(t).getAsDouble(f))
        return HostValue::floating(f);
      return undecided(*path + "() of '" + v->s + "' raises ValueError");
    }
    if (!isNumber(*v))
      return undecided(*path + "() of " + v->repr());
    if (*path == "float")
      return HostValue::floating(asDouble(*v));
    return HostValue::integer(v->kind == HostValue::Float ? int64_t(v->f)
                              : v->kind == HostValue::Int ? v->i
                                                          : int64_t(v->b));
  }
  // str.lower() / upper() / strip()
  if (callee.kind == ExprKind::Attribute && nargs == 0 && !path) {
    const std::string &m = callee.str;
    if (m == "lower" || m == "upper" || m == "strip") {
      std::optional<HostValue> s = eval(*callee.args[0]);
      if (!s)
        return std::nullopt;
      if (s->kind != HostValue::Str)
        return undecided("'" + m + "()' of " + s->repr());
      llvm::StringRef r = s->s;
      return HostValue::str(m == "lower"   ? r.lower()
                            : m == "upper" ? r.upper()
                                           : r.trim().str());
    }
  }
  if (callee.kind == ExprKind::Name)
    return undecided("it calls '" + callee.str + "', which is host code");
  if (path)
    return undecided("it calls '" + *path + "', which is host code");
  return undecided("it calls host code");
}

std::optional<bool> Evaluator::compare(CompareOpKind op, const Expr &lhsExpr,
                                       const HostValue &lhs,
                                       const Expr &rhsExpr) {
  if (op == CompareOpKind::In || op == CompareOpKind::NotIn) {
    bool neg = op == CompareOpKind::NotIn;
    std::optional<std::string> path = dottedPath(rhsExpr);
    if (path && *path == "os.environ") {
      if (lhs.kind != HostValue::Str) {
        undecided("an environment variable's name must be a string");
        return std::nullopt;
      }
      return getEnv(defines, lhs.s).has_value() != neg;
    }
    std::optional<HostValue> rhs = eval(rhsExpr);
    if (!rhs)
      return std::nullopt;
    if (rhs->kind == HostValue::Tuple)
      return llvm::any_of(rhs->elems, [&](const HostValue &x) {
               return hostEquals(lhs, x);
             }) != neg;
    if (rhs->kind == HostValue::Str && lhs.kind == HostValue::Str)
      return llvm::StringRef(rhs->s).contains(lhs.s) != neg;
    undecided("'in' of " + rhs->repr());
    return std::nullopt;
  }
  (void)lhsExpr;
  std::optional<HostValue> rhs = eval(rhsExpr);
  if (!rhs)
    return std::nullopt;
  switch (op) {
  case CompareOpKind::Eq:
    return hostEquals(lhs, *rhs);
  case CompareOpKind::Ne:
    return !hostEquals(lhs, *rhs);
  case CompareOpKind::Is:
  case CompareOpKind::IsNot: {
    // Identity of the singletons None, True and False; values of other
    // kinds are never identical to them.
    bool singleton =
        lhs.kind == HostValue::None || lhs.kind == HostValue::Bool ||
        rhs->kind == HostValue::None || rhs->kind == HostValue::Bool;
    if (!singleton) {
      undecided("'is' of values other than None, True and False");
      return std::nullopt;
    }
    bool same = lhs.kind == rhs->kind &&
                (lhs.kind == HostValue::None || lhs.b == rhs->b);
    return same != (op == CompareOpKind::IsNot);
  }
  default:
    break;
  }
  if (isNumber(lhs) && isNumber(*rhs)) {
    double a = asDouble(lhs), b = asDouble(*rhs);
    switch (op) {
    case CompareOpKind::Lt:
      return a < b;
    case CompareOpKind::Le:
      return a <= b;
    case CompareOpKind::Gt:
      return a > b;
    default:
      return a >= b;
    }
  }
  if (lhs.kind == HostValue::Str && rhs->kind == HostValue::Str) {
    int c = lhs.s.compare(rhs->s);
    switch (op) {
    case CompareOpKind::Lt:
      return c < 0;
    case CompareOpKind::Le:
      return c <= 0;
    case CompareOpKind::Gt:
      return c > 0;
    default:
      return c >= 0;
    }
  }
  undecided("an ordering of " + lhs.repr() + " and " + rhs->repr());
  return std::nullopt;
}

std::optional<HostValue> Evaluator::evalCompare(const Expr &e) {
  std::optional<HostValue> lhs = eval(*e.args[0]);
  if (!lhs)
    return std::nullopt;
  for (size_t i = 0; i < e.compareOps.size(); ++i) {
    std::optional<bool> r =
        compare(e.compareOps[i], *e.args[i], *lhs, *e.args[i + 1]);
    if (!r)
      return std::nullopt;
    if (!*r)
      return HostValue::boolean(false);
    if (i + 1 < e.compareOps.size()) {
      lhs = eval(*e.args[i + 1]);
      if (!lhs)
        return std::nullopt;
    }
  }
  return HostValue::boolean(true);
}

std::optional<HostValue> Evaluator::eval(const Expr &e) {
  switch (e.kind) {
  case ExprKind::Int:
    if (e.intOverflow || e.intValue > uint64_t(INT64_MAX))
      return undecided("an integer beyond 64 bits");
    return HostValue::integer(int64_t(e.intValue));
  case ExprKind::Float:
    return HostValue::floating(e.floatValue);
  case ExprKind::Str:
    return HostValue::str(e.str);
  case ExprKind::Bool:
    return HostValue::boolean(e.intValue != 0);
  case ExprKind::None:
    return HostValue::none();
  case ExprKind::Name:
    return evalName(e);
  case ExprKind::Tuple:
  case ExprKind::List: {
    HostValue t;
    t.kind = HostValue::Tuple;
    for (const ExprPtr &a : e.args) {
      std::optional<HostValue> v = eval(*a);
      if (!v)
        return std::nullopt;
      t.elems.push_back(*v);
    }
    return t;
  }
  case ExprKind::Subscript: {
    std::optional<std::string> path = dottedPath(*e.args[0]);
    if (path && *path == "os.environ" && e.args.size() == 2) {
      std::optional<std::string> name = envName(*e.args[1]);
      if (!name)
        return std::nullopt;
      if (std::optional<std::string> v = getEnv(defines, *name))
        return HostValue::str(*v);
      return undecided("os.environ['" + *name +
                       "'] raises KeyError: the variable is not set");
    }
    return undecided("it subscripts a value of host code");
  }
  case ExprKind::Call:
    return evalCall(e);
  case ExprKind::Compare:
    return evalCompare(e);
  case ExprKind::UnaryOp: {
    if (e.unaryOp == UnaryOpKind::Not) {
      std::optional<bool> t = truth(*e.args[0]);
      if (!t)
        return std::nullopt;
      return HostValue::boolean(!*t);
    }
    std::optional<HostValue> v = eval(*e.args[0]);
    if (!v)
      return std::nullopt;
    if (e.unaryOp == UnaryOpKind::Plus && isNumber(*v))
      return v;
    if (e.unaryOp == UnaryOpKind::Neg && v->kind == HostValue::Float)
      return HostValue::floating(-v->f);
    if (e.unaryOp == UnaryOpKind::Neg && isNumber(*v))
      return HostValue::integer(-int64_t(asDouble(*v)));
    return undecided("an operator of host code");
  }
  case ExprKind::BoolOp: {
    // Python returns the operand that decides: the first falsy one of an
    // `and`, the first truthy one of an `or`, else the last.
    bool isAnd = e.boolOp == BoolOpKind::And;
    for (size_t i = 0; i < e.args.size(); ++i) {
      std::optional<HostValue> v = eval(*e.args[i]);
      if (!v)
        return std::nullopt;
      if (i + 1 == e.args.size() || v->truthy() != isAnd)
        return v;
    }
    return std::nullopt;
  }
  case ExprKind::IfExp: {
    std::optional<bool> t = truth(*e.args[1]);
    if (!t)
      return std::nullopt;
    return eval(*e.args[*t ? 0 : 2]);
  }
  case ExprKind::Attribute:
    if (std::optional<std::string> path = dottedPath(e))
      return undecided("'" + *path + "' is host code");
    return undecided("an attribute of host code");
  default:
    return undecided("an expression tilec does not evaluate at module level");
  }
}

std::optional<bool> Evaluator::truth(const Expr &e) {
  if (e.kind == ExprKind::UnaryOp && e.unaryOp == UnaryOpKind::Not) {
    std::optional<bool> t = truth(*e.args[0]);
    return t ? std::optional<bool>(!*t) : std::nullopt;
  }
  if (e.kind == ExprKind::BoolOp) {
    // The truth of `a and b` is a's and b's; an undecided operand does not
    // matter when another one decides.
    bool isAnd = e.boolOp == BoolOpKind::And;
    bool unknown = false;
    for (const ExprPtr &a : e.args) {
      std::optional<bool> t = truth(*a);
      if (!t)
        unknown = true;
      else if (*t != isAnd)
        return !isAnd;
    }
    if (unknown)
      return std::nullopt;
    return isAnd;
  }
  if (e.kind == ExprKind::Name && !(defines && defines->lookup(e.str)))
    if (const Expr *g = global(e.str)) {
      if (depth > 50) {
        undecided("'" + e.str + "' is defined in terms of itself");
        return std::nullopt;
      }
      ++depth;
      std::vector<std::string> saved = std::move(undecidedNames);
      undecidedNames.clear();
      std::optional<bool> t = truth(*g);
      --depth;
      undecidedNames = std::move(saved);
      if (!t)
        undecidedName(e.str);
      return t;
    }
  std::optional<HostValue> v = eval(e);
  if (!v)
    return std::nullopt;
  return v->truthy();
}

HostEval tilec::evalHostCondition(const Expr &e,
                                  llvm::ArrayRef<const Module *> scopes,
                                  const HostDefines *defines) {
  Evaluator ev(scopes, defines);
  HostEval out;
  out.truth = ev.truth(e);
  if (!out.truth) {
    out.undecidedNames = std::move(ev.undecidedNames);
    out.reason = std::move(ev.reason);
  }
  return out;
}
