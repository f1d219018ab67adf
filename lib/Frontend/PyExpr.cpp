//===- PyExpr.cpp - Evaluating host-side Python expressions -------------===//

#include "tilec/Frontend/PyExpr.h"

#include "tilec/Frontend/Autotune.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>

using namespace tilec;

PyValue PyValue::integer(int64_t v) {
  PyValue h;
  h.kind = Int;
  h.i = v;
  return h;
}
PyValue PyValue::real(double v) {
  PyValue h;
  h.kind = Float;
  h.f = v;
  return h;
}
PyValue PyValue::boolean(bool v) {
  PyValue h;
  h.kind = Bool;
  h.i = v;
  return h;
}
PyValue PyValue::str(std::string v) {
  PyValue h;
  h.kind = Str;
  h.s = std::move(v);
  return h;
}
PyValue PyValue::other(std::string what) {
  PyValue h;
  h.kind = Other;
  h.s = std::move(what);
  return h;
}

PyValue PyValue::fromText(llvm::StringRef text) {
  text = text.trim();
  int64_t i;
  if (!text.getAsInteger(10, i))
    return integer(i);
  double f;
  if (!text.empty() && !text.getAsDouble(f))
    return real(f);
  if (text == "True" || text == "False")
    return boolean(text == "True");
  if (text == "None")
    return none();
  if (text.size() >= 2 && (text.front() == '\'' || text.front() == '"') &&
      text.back() == text.front())
    return str(text.drop_front().drop_back().str());
  return other("'" + text.str() + "'");
}

std::string PyValue::text() const {
  switch (kind) {
  case Int:
    return std::to_string(i);
  case Float:
    return floatConstantText(f);
  case Bool:
    return i ? "True" : "False";
  case None:
    return "None";
  case Str:
    return s.find('\'') == std::string::npos ? "'" + s + "'" : "\"" + s + "\"";
  case Other:
    return "";
  }
  return "";
}

namespace {

/// The dotted name of a callee (`triton.cdiv`), or "".
std::string dotted(const Expr &e) {
  if (e.kind == ExprKind::Name)
    return e.str;
  if (e.kind == ExprKind::Attribute && !e.args.empty() && e.args[0]) {
    std::string base = dotted(*e.args[0]);
    return base.empty() ? "" : base + "." + e.str;
  }
  return "";
}

class Evaluator {
public:
  Evaluator(const PyScope &scope, DiagnosticEngine &diags)
      : scope(scope), diags(diags) {}

  llvm::Expected<PyValue> eval(const Expr &e);

private:
  llvm::Error fail(const Expr &e, const llvm::Twine &why) {
    std::string msg = (scope.what + ": " + why).str();
    SourceLoc loc = e.loc;
    unsigned length = e.length;
    // `args['x']` is underlined whole (its node is at the bracket).
    if (e.kind == ExprKind::Subscript && e.args.size() == 2 &&
        e.args[0]->kind == ExprKind::Name &&
        e.args[0]->loc.line == e.loc.line && e.args[0]->loc.col < e.loc.col &&
        e.args[1]->kind == ExprKind::Str) {
      loc = e.args[0]->loc;
      length = e.loc.col - loc.col + unsigned(e.args[1]->str.size()) + 4;
    }
    diags.error(loc, msg, length);
    return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
  }
  /// `v` (of `e`) as a number: Int / Bool as an integer, Float.
  llvm::Error number(const Expr &e, const PyValue &v) {
    if (v.kind == PyValue::Int || v.kind == PyValue::Bool ||
        v.kind == PyValue::Float)
      return llvm::Error::success();
    return fail(e, "this is " + describe(v) +
                       ", not a number tilec can compute with");
  }
  static std::string describe(const PyValue &v) {
    switch (v.kind) {
    case PyValue::None:
      return "None";
    case PyValue::Str:
      return "the string " + v.text();
    case PyValue::Other:
      return v.s;
    default:
      return v.text();
    }
  }
  static bool truthy(const PyValue &v) {
    switch (v.kind) {
    case PyValue::Int:
    case PyValue::Bool:
      return v.i != 0;
    case PyValue::Float:
      return v.f != 0;
    case PyValue::Str:
      return !v.s.empty();
    case PyValue::None:
      return false;
    case PyValue::Other:
      return true;
    }
    return true;
  }
  static double asDouble(const PyValue &v) {
    return v.kind == PyValue::Float ? v.f : double(v.i);
  }
  llvm::Expected<PyValue> name(const Expr &e, const std::string &n,
                               llvm::StringRef spelled);
  llvm::Expected<PyValue> binary(const Expr &e, BinaryOpKind op,
                                 const PyValue &a, const PyValue &b);
  llvm::Expected<bool> compare(const Expr &e, CompareOpKind op,
                               const PyValue &a, const PyValue &b);
  llvm::Expected<PyValue> call(const Expr &e);

  const PyScope &scope;
  DiagnosticEngine &diags;
};

llvm::Expected<PyValue> Evaluator::name(const Expr &e, const std::string &n,
                                        llvm::StringRef spelled) {
  if (scope.values) {
    auto it = scope.values->find(n);
    if (it != scope.values->end())
      return it->second;
  }
  return fail(e, spelled + " has no value here" + scope.missing);
}

llvm::Expected<PyValue> Evaluator::binary(const Expr &e, BinaryOpKind op,
                                          const PyValue &a, const PyValue &b) {
  if (auto err = number(*e.args[0], a))
    return std::move(err);
  if (auto err = number(*e.args[1], b))
    return std::move(err);
  bool ints = a.kind != PyValue::Float && b.kind != PyValue::Float;
  if (op == BinaryOpKind::Div ||
      (!ints && op != BinaryOpKind::FloorDiv && op != BinaryOpKind::Mod &&
       op != BinaryOpKind::Pow)) {
    double x = asDouble(a), y = asDouble(b);
    switch (op) {
    case BinaryOpKind::Add:
      return PyValue::real(x + y);
    case BinaryOpKind::Sub:
      return PyValue::real(x - y);
    case BinaryOpKind::Mul:
      return PyValue::real(x * y);
    case BinaryOpKind::Div:
      if (y == 0)
        return fail(e, "division by zero");
      return PyValue::real(x / y);
    default:
      return fail(e, "'" + spelling(op) + "' of a float");
    }
  }
  if (!ints) { // //, %, ** of floats
    double x = asDouble(a), y = asDouble(b);
    if (op == BinaryOpKind::Pow)
      return PyValue::real(std::pow(x, y));
    if (y == 0)
      return fail(e, "division by zero");
    double q = std::floor(x / y);
    return PyValue::real(op == BinaryOpKind::FloorDiv ? q : x - q * y);
  }
  int64_t x = a.i, y = b.i, r = 0;
  auto overflow = [&] { return fail(e, "the result overflows 64 bits"); };
  switch (op) {
  case BinaryOpKind::Add:
    if (llvm::AddOverflow(x, y, r))
      return overflow();
    return PyValue::integer(r);
  case BinaryOpKind::Sub:
    if (llvm::SubOverflow(x, y, r))
      return overflow();
    return PyValue::integer(r);
  case BinaryOpKind::Mul:
    if (llvm::MulOverflow(x, y, r))
      return overflow();
    return PyValue::integer(r);
  case BinaryOpKind::FloorDiv:
  case BinaryOpKind::Mod: {
    if (y == 0)
      return fail(e, "division by zero");
    if (x == INT64_MIN && y == -1)
      return overflow();
    int64_t q = x / y, m = x % y;
    if (m != 0 && ((m < 0) != (y < 0))) { // Python rounds down
      --q;
      m += y;
    }
    return PyValue::integer(op == BinaryOpKind::FloorDiv ? q : m);
  }
  case BinaryOpKind::Pow: {
    if (y < 0)
      return PyValue::real(std::pow(double(x), double(y)));
    int64_t p = 1;
    for (int64_t k = 0; k < y; ++k) {
      if (llvm::MulOverflow(p, x, p))
        return overflow();
      if (p == 0 || p == 1)
        break;
    }
    return PyValue::integer(p);
  }
  case BinaryOpKind::BitAnd:
    return PyValue::integer(x & y);
  case BinaryOpKind::BitOr:
    return PyValue::integer(x | y);
  case BinaryOpKind::BitXor:
    return PyValue::integer(x ^ y);
  case BinaryOpKind::Shl:
    if (y < 0)
      return fail(e, "negative shift count");
    if (y >= 63 || (x << y) >> y != x)
      return overflow();
    return PyValue::integer(x << y);
  case BinaryOpKind::Shr:
    if (y < 0)
      return fail(e, "negative shift count");
    return PyValue::integer(y >= 64 ? (x < 0 ? -1 : 0) : x >> y);
  default:
    return fail(e, "'" + spelling(op) + "' is not host arithmetic");
  }
}

llvm::Expected<bool> Evaluator::compare(const Expr &e, CompareOpKind op,
                                        const PyValue &a, const PyValue &b) {
  bool numA = a.kind == PyValue::Int || a.kind == PyValue::Bool ||
              a.kind == PyValue::Float;
  bool numB = b.kind == PyValue::Int || b.kind == PyValue::Bool ||
              b.kind == PyValue::Float;
  if (op == CompareOpKind::Is || op == CompareOpKind::IsNot) {
    if (a.kind != PyValue::None && b.kind != PyValue::None)
      return fail(e, "'is' compares with None only");
    bool same = a.kind == b.kind;
    return op == CompareOpKind::Is ? same : !same;
  }
  if (op == CompareOpKind::In || op == CompareOpKind::NotIn)
    return fail(e, "'in' is not host arithmetic tilec evaluates");
  if (op == CompareOpKind::Eq || op == CompareOpKind::Ne) {
    bool eq;
    if (numA && numB)
      eq = (a.kind == PyValue::Float || b.kind == PyValue::Float)
               ? asDouble(a) == asDouble(b)
               : a.i == b.i;
    else if (a.kind == PyValue::Other || b.kind == PyValue::Other)
      return fail(e, "cannot compare " +
                         describe(a.kind == PyValue::Other ? a : b));
    else
      eq = a.kind == b.kind && a.s == b.s;
    return op == CompareOpKind::Eq ? eq : !eq;
  }
  if (!numA || !numB)
    return fail(e, "cannot order " + describe(numA ? b : a));
  bool useF = a.kind == PyValue::Float || b.kind == PyValue::Float;
  double x = asDouble(a), y = asDouble(b);
  int64_t i = a.i, j = b.i;
  switch (op) {
  case CompareOpKind::Lt:
    return useF ? x < y : i < j;
  case CompareOpKind::Le:
    return useF ? x <= y : i <= j;
  case CompareOpKind::Gt:
    return useF ? x > y : i > j;
  case CompareOpKind::Ge:
    return useF ? x >= y : i >= j;
  default:
    return false;
  }
}

llvm::Expected<PyValue> Evaluator::call(const Expr &e) {
  std::string callee = dotted(*e.args[0]);
  llvm::StringRef fn(callee);
  for (llvm::StringRef prefix : {"triton.language.", "triton.", "tl."})
    if (fn.consume_front(prefix))
      break;
  if (!e.keywords.empty())
    return fail(e, "keyword arguments of '" + callee + "'");
  std::vector<PyValue> args;
  for (size_t i = 1; i < e.args.size(); ++i) {
    auto v = eval(*e.args[i]);
    if (!v)
      return v.takeError();
    if (auto err = number(*e.args[i], *v))
      return std::move(err);
    args.push_back(std::move(*v));
  }
  auto arity = [&](size_t n) -> llvm::Error {
    if (args.size() == n)
      return llvm::Error::success();
    return fail(e, llvm::formatv("'{0}' takes {1} argument(s), got {2}", callee,
                                 n, args.size()));
  };
  auto integers = [&]() -> llvm::Error {
    for (size_t i = 0; i < args.size(); ++i)
      if (args[i].kind == PyValue::Float)
        return fail(*e.args[i + 1], "'" + callee + "' takes integers");
    return llvm::Error::success();
  };
  if (fn == "next_power_of_2") {
    if (auto err = arity(1))
      return std::move(err);
    if (auto err = integers())
      return std::move(err);
    int64_t n = args[0].i - 1; // Triton's bit-smearing, as in Python
    for (int s : {1, 2, 4, 8, 16, 32})
      n |= n >> s;
    if (n == INT64_MAX)
      return fail(e, "the result overflows 64 bits");
    return PyValue::integer(n + 1);
  }
  if (fn == "cdiv") {
    if (auto err = arity(2))
      return std::move(err);
    if (auto err = integers())
      return std::move(err);
    if (args[1].i == 0)
      return fail(e, "division by zero");
    // (a + b - 1) // b, rounded down as Python does.
    int64_t a = args[0].i, b = args[1].i, s;
    if (llvm::AddOverflow(a, b - 1, s))
      return fail(e, "the result overflows 64 bits");
    int64_t q = s / b, m = s % b;
    if (m != 0 && ((m < 0) != (b < 0)))
      --q;
    return PyValue::integer(q);
  }
  if (callee == "min" || callee == "max") {
    if (args.empty())
      return fail(e, "'" + callee + "' of nothing");
    PyValue best = args[0];
    for (size_t i = 1; i < args.size(); ++i) {
      bool less = asDouble(args[i]) < asDouble(best);
      if (callee == "min" ? less : asDouble(best) < asDouble(args[i]))
        best = args[i];
    }
    return best;
  }
  if (callee == "abs" || callee == "int" || callee == "float" ||
      callee == "bool") {
    if (auto err = arity(1))
      return std::move(err);
    const PyValue &x = args[0];
    if (callee == "bool")
      return PyValue::boolean(truthy(x));
    if (callee == "float")
      return PyValue::real(asDouble(x));
    if (callee == "int")
      return x.kind == PyValue::Float
                 ? PyValue::integer(int64_t(std::trunc(x.f)))
                 : PyValue::integer(x.i);
    return x.kind == PyValue::Float ? PyValue::real(std::fabs(x.f))
                                    : PyValue::integer(x.i < 0 ? -x.i : x.i);
  }
  if (callee.empty() && e.args[0]->kind == ExprKind::Attribute)
    callee = "." + e.args[0]->str + "()"; // a method of a value
  return fail(*e.args[0],
              "'" + (callee.empty() ? std::string("this call") : callee) +
                  "' is host code tilec cannot run (it evaluates "
                  "triton.next_power_of_2, triton.cdiv, min, max, abs, int, "
                  "float and bool)");
}

llvm::Expected<PyValue> Evaluator::eval(const Expr &e) {
  switch (e.kind) {
  case ExprKind::Int:
    if (e.intOverflow || e.intValue > uint64_t(INT64_MAX))
      return fail(e, "the integer overflows 64 bits");
    return PyValue::integer(int64_t(e.intValue));
  case ExprKind::Float:
    return PyValue::real(e.floatValue);
  case ExprKind::Bool:
    return PyValue::boolean(e.intValue != 0);
  case ExprKind::None:
    return PyValue::none();
  case ExprKind::Str:
    return PyValue::str(e.str);
  case ExprKind::Name:
    if (scope.bareNames)
      return name(e, e.str, "'" + e.str + "'");
    if (e.str == scope.argsName)
      return fail(e, "'" + e.str + "' is used whole; tilec reads " + e.str +
                         "['name'] only");
    return fail(e, "'" + e.str + "' is not one of the kernel's arguments (" +
                       "a heuristic reads them as " + scope.argsName +
                       "['name'])");
  case ExprKind::Subscript:
    if (!scope.argsName.empty() && e.args.size() == 2 &&
        e.args[0]->kind == ExprKind::Name && e.args[0]->str == scope.argsName &&
        e.args[1]->kind == ExprKind::Str)
      return name(e, e.args[1]->str,
                  scope.argsName + "['" + e.args[1]->str + "']");
    return fail(e, "tilec evaluates subscripts " + scope.argsName +
                       "['name'] only");
  case ExprKind::UnaryOp: {
    auto v = eval(*e.args[0]);
    if (!v)
      return v.takeError();
    if (e.unaryOp == UnaryOpKind::Not)
      return PyValue::boolean(!truthy(*v));
    if (auto err = number(*e.args[0], *v))
      return std::move(err);
    if (e.unaryOp == UnaryOpKind::Plus)
      return v->kind == PyValue::Bool ? PyValue::integer(v->i) : *v;
    if (e.unaryOp == UnaryOpKind::Neg) {
      if (v->kind == PyValue::Float)
        return PyValue::real(-v->f);
      if (v->i == INT64_MIN)
        return fail(e, "the result overflows 64 bits");
      return PyValue::integer(-v->i);
    }
    if (v->kind == PyValue::Float)
      return fail(e, "'~' of a float");
    return PyValue::integer(~v->i);
  }
  case ExprKind::BinOp: {
    auto a = eval(*e.args[0]);
    if (!a)
      return a.takeError();
    auto b = eval(*e.args[1]);
    if (!b)
      return b.takeError();
    return binary(e, e.binaryOp, *a, *b);
  }
  case ExprKind::Compare: {
    auto lhs = eval(*e.args[0]);
    if (!lhs)
      return lhs.takeError();
    for (size_t i = 0; i < e.compareOps.size(); ++i) {
      auto rhs = eval(*e.args[i + 1]);
      if (!rhs)
        return rhs.takeError();
      auto r = compare(e, e.compareOps[i], *lhs, *rhs);
      if (!r)
        return r.takeError();
      if (!*r)
        return PyValue::boolean(false);
      lhs = std::move(rhs);
    }
    return PyValue::boolean(true);
  }
  case ExprKind::BoolOp: {
    PyValue v;
    for (const ExprPtr &a : e.args) {
      auto x = eval(*a);
      if (!x)
        return x.takeError();
      v = std::move(*x);
      if (truthy(v) == (e.boolOp == BoolOpKind::Or))
        return v; // Python returns the deciding operand
    }
    return v;
  }
  case ExprKind::IfExp: {
    auto test = eval(*e.args[1]);
    if (!test)
      return test.takeError();
    return eval(*e.args[truthy(*test) ? 0 : 2]);
  }
  case ExprKind::Call:
    return call(e);
  case ExprKind::Attribute:
    return fail(e, "the attribute '." + e.str +
                       "' is host code tilec cannot evaluate (it computes "
                       "with the integer, float and bool values of the "
                       "arguments)");
  default:
    return fail(e, "this is host code tilec cannot evaluate (it computes "
                   "integer, float and bool arithmetic)");
  }
}

} // namespace

llvm::Expected<PyValue> tilec::evaluateHostExpr(const Expr &e,
                                                const PyScope &scope,
                                                DiagnosticEngine &diags) {
  return Evaluator(scope, diags).eval(e);
}
