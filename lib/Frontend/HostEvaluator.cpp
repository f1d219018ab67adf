//===- HostEvaluator.cpp - The evaluator of host-side Python ------------===//
//
// The constructs of the host Python that HostEval.h lists, computed as
// Python computes them: numbers, strings, comparisons, conditions and the
// builtins of numbers, and the dispatch of every expression and call; the
// scope (HostEvaluator.h) gives the names.
//
//===----------------------------------------------------------------------===//

#include "HostEvaluator.h"

#include "CodeGen.h"
#include "tilec/Frontend/Types.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>

using namespace tilec;

std::optional<bool> HostScope::nameTruth(HostEvaluator &ev, const Expr &e) {
  std::optional<HostValue> v = name(ev, e);
  if (!v)
    return std::nullopt;
  return v->truthy();
}

std::optional<HostValue> HostScope::pathValue(HostEvaluator &ev, const Expr &e,
                                              const std::string &path) {
  return ev.fail(e, hostCode(HostCode::Attribute, e, path));
}

std::nullopt_t HostEvaluator::fail(const Expr &at, const llvm::Twine &why,
                                   std::vector<HostNote> notes) {
  raised_.clear(); // what fails now is no exception (raise() sets it after)
  if (!failedAt_) {
    failedAt_ = &at;
    reason_ = why.str();
    notes_ = std::move(notes);
  }
  return std::nullopt;
}

std::nullopt_t HostEvaluator::raise(const Expr &at, llvm::StringRef type,
                                    const llvm::Twine &why) {
  fail(at, why + " (Python raises " + type + ")");
  raised_ = type.str();
  raisedIn_.clear();
  for (const Try &t : tries_)
    raisedIn_.push_back(t.id);
  return std::nullopt;
}

std::nullopt_t HostEvaluator::undecided(const std::string &name,
                                        bool decisive) {
  for (Undecided &u : names_)
    if (u.name == name) {
      u.decisive |= decisive;
      return std::nullopt;
    }
  names_.push_back({name, decisive});
  return std::nullopt;
}

std::vector<std::string> HostEvaluator::undecidedNames() const {
  std::vector<std::string> out;
  for (const Undecided &u : names_)
    out.push_back(u.name);
  return out;
}

void HostEvaluator::warn(const Expr &at, const llvm::Twine &text,
                         std::vector<HostNote> notes) {
  warnings_.push_back({{at.loc, at.length, text.str()}, std::move(notes)});
}

void HostEvaluator::restore(State s) {
  reason_ = std::move(s.reason);
  failedAt_ = s.failedAt;
  notes_ = std::move(s.notes);
  names_ = std::move(s.names);
  raised_ = std::move(s.raised);
}

void HostEvaluator::markDecisive(size_t from) {
  for (size_t i = from; i < names_.size(); ++i)
    names_[i].decisive = true;
}

bool HostEvaluator::step(const Expr &at) {
  if (++steps_ <= kMaxSteps)
    return true;
  fail(at, llvm::formatv("it takes more than {0} steps to compute", kMaxSteps));
  return false;
}

const std::optional<HostValue> *
HostEvaluator::local(const std::string &name) const {
  for (size_t i = locals_.size(); i > frameBase_; --i)
    if (auto it = locals_[i - 1].find(name); it != locals_[i - 1].end())
      return &it->second;
  return nullptr;
}

HostValue HostEvaluator::extreme(llvm::StringRef fn,
                                 llvm::ArrayRef<HostValue> xs) {
  HostValue best = xs.front();
  for (const HostValue &x : xs.drop_front())
    if (fn == "min" ? x.asDouble() < best.asDouble()
                    : best.asDouble() < x.asDouble())
      best = x;
  return best;
}

bool HostEvaluator::isBuiltin(llvm::StringRef name) {
  return llvm::is_contained({"hasattr", "int", "str", "bool", "float", "min",
                             "max", "abs", "len", "list", "tuple", "range",
                             "filter", "dict", "sum", "any", "all"},
                            name);
}

std::optional<std::string> HostEvaluator::dottedPath(const Expr &e) {
  if (e.kind == ExprKind::Name)
    return local(e.str) ? std::nullopt : scope.namePath(*this, e);
  if (e.kind == ExprKind::Attribute && !e.args.empty() && e.args[0])
    if (std::optional<std::string> base = dottedPath(*e.args[0]))
      return *base + "." + e.str;
  return std::nullopt;
}

/// Whether `v` (of `e`) is a number: Bool, Int or Float.
bool HostEvaluator::isNumber(const Expr &e, const HostValue &v) {
  if (v.isNumber())
    return true;
  fail(e, "this is " + v.describe() + ", not a number tilec can compute with");
  return false;
}

// ------------------------------------------------------------- arithmetic

std::optional<HostValue> HostEvaluator::unary(const Expr &e) {
  if (e.unaryOp == UnaryOpKind::Not) {
    std::optional<bool> t = truth(*e.args[0]);
    if (!t)
      return std::nullopt;
    return HostValue::boolean(!*t);
  }
  std::optional<HostValue> v = eval(*e.args[0]);
  if (!v || !isNumber(*e.args[0], *v))
    return std::nullopt;
  if (e.unaryOp == UnaryOpKind::Plus)
    return v->kind == HostValue::Bool ? HostValue::integer(v->i) : *v;
  if (e.unaryOp == UnaryOpKind::Neg) {
    if (v->kind == HostValue::Float)
      return HostValue::floating(-v->f);
    if (v->i == INT64_MIN)
      return fail(e, "the result overflows 64 bits");
    return HostValue::integer(-v->i);
  }
  if (v->kind == HostValue::Float)
    return fail(e, "'~' of a float");
  return HostValue::integer(~v->i);
}

std::optional<HostValue>
HostEvaluator::binary(const Expr &e, const HostValue &a, const HostValue &b) {
  if (a.kind == HostValue::Str || a.isSequence() || b.kind == HostValue::Str ||
      b.isSequence())
    return sequenceOp(e, a, b); // HostSequences.cpp
  if (!isNumber(*e.args[0], a) || !isNumber(*e.args[1], b))
    return std::nullopt;
  BinaryOpKind op = e.binaryOp;
  bool ints = a.kind != HostValue::Float && b.kind != HostValue::Float;
  if (op == BinaryOpKind::Div ||
      (!ints && op != BinaryOpKind::FloorDiv && op != BinaryOpKind::Mod &&
       op != BinaryOpKind::Pow)) {
    double x = a.asDouble(), y = b.asDouble();
    switch (op) {
    case BinaryOpKind::Add:
      return HostValue::floating(x + y);
    case BinaryOpKind::Sub:
      return HostValue::floating(x - y);
    case BinaryOpKind::Mul:
      return HostValue::floating(x * y);
    case BinaryOpKind::Div:
      if (y == 0)
        return fail(e, "division by zero");
      return HostValue::floating(x / y);
    default:
      return fail(e, "'" + spelling(op) + "' of a float");
    }
  }
  if (!ints) { // //, %, ** of floats
    double x = a.asDouble(), y = b.asDouble();
    if (op == BinaryOpKind::Pow)
      return HostValue::floating(std::pow(x, y));
    if (y == 0)
      return fail(e, "division by zero");
    double q = std::floor(x / y);
    return HostValue::floating(op == BinaryOpKind::FloorDiv ? q : x - q * y);
  }
  int64_t x = a.i, y = b.i, r = 0;
  auto overflow = [&] { return fail(e, "the result overflows 64 bits"); };
  switch (op) {
  case BinaryOpKind::Add:
    if (llvm::AddOverflow(x, y, r))
      return overflow();
    return HostValue::integer(r);
  case BinaryOpKind::Sub:
    if (llvm::SubOverflow(x, y, r))
      return overflow();
    return HostValue::integer(r);
  case BinaryOpKind::Mul:
    if (llvm::MulOverflow(x, y, r))
      return overflow();
    return HostValue::integer(r);
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
    return HostValue::integer(op == BinaryOpKind::FloorDiv ? q : m);
  }
  case BinaryOpKind::Pow: {
    if (y < 0)
      return HostValue::floating(std::pow(double(x), double(y)));
    int64_t p = 1;
    for (int64_t k = 0; k < y; ++k) {
      if (llvm::MulOverflow(p, x, p))
        return overflow();
      if (p == 0 || p == 1)
        break;
    }
    return HostValue::integer(p);
  }
  case BinaryOpKind::BitAnd:
    return HostValue::integer(x & y);
  case BinaryOpKind::BitOr:
    return HostValue::integer(x | y);
  case BinaryOpKind::BitXor:
    return HostValue::integer(x ^ y);
  case BinaryOpKind::Shl:
    if (y < 0)
      return fail(e, "negative shift count");
    if (y >= 63 || (x << y) >> y != x)
      return overflow();
    return HostValue::integer(x << y);
  case BinaryOpKind::Shr:
    if (y < 0)
      return fail(e, "negative shift count");
    return HostValue::integer(y >= 64 ? (x < 0 ? -1 : 0) : x >> y);
  default:
    return fail(e, "'" + spelling(op) + "' is not host arithmetic");
  }
}

// ------------------------------------------------------------ comparisons

std::optional<std::string> HostEvaluator::envName(const Expr &e) {
  std::optional<HostValue> n = eval(e);
  if (!n)
    return std::nullopt;
  if (n->kind != HostValue::Str) {
    fail(e, "an environment variable's name must be a string");
    return std::nullopt;
  }
  return n->s;
}

std::optional<bool> HostEvaluator::compare(const Expr &e, CompareOpKind op,
                                           const HostValue &lhs,
                                           const Expr &rhsExpr,
                                           std::optional<HostValue> &rhs) {
  if (op == CompareOpKind::In || op == CompareOpKind::NotIn) {
    bool neg = op == CompareOpKind::NotIn;
    if (scope.readsEnvironment())
      if (std::optional<std::string> path = dottedPath(rhsExpr);
          path && *path == "os.environ") {
        if (lhs.kind != HostValue::Str) {
          fail(e, "an environment variable's name must be a string");
          return std::nullopt;
        }
        return scope.getenv(lhs.s).has_value() != neg;
      }
    if (!(rhs = eval(rhsExpr)))
      return std::nullopt;
    std::optional<bool> in = contains(e, *rhs, lhs); // HostSequences.cpp
    if (!in)
      return std::nullopt;
    return *in != neg;
  }
  if (!(rhs = eval(rhsExpr)))
    return std::nullopt;
  const HostValue &r = *rhs;
  switch (op) {
  case CompareOpKind::Eq:
  case CompareOpKind::Ne:
    for (const HostValue *v : {&lhs, &r})
      if (v->kind == HostValue::Other ||
          (v->kind == HostValue::Object && !v->enumClass)) {
        fail(e, "cannot compare " + v->describe());
        return std::nullopt;
      }
    return hostEquals(lhs, r) == (op == CompareOpKind::Eq);
  case CompareOpKind::Is:
  case CompareOpKind::IsNot: {
    // Identity of the singletons None, True and False; values of other
    // kinds are never identical to them.
    bool singleton = lhs.kind == HostValue::None ||
                     lhs.kind == HostValue::Bool || r.kind == HostValue::None ||
                     r.kind == HostValue::Bool;
    // Enumerations and their members are one object each.
    if (!singleton && lhs.enumClass && r.enumClass)
      return hostEquals(lhs, r) != (op == CompareOpKind::IsNot);
    if (!singleton) {
      fail(e, "'is' of values other than None, True, False, enumerations "
              "and their members");
      return std::nullopt;
    }
    bool same = lhs.kind == r.kind && lhs.i == r.i;
    return same != (op == CompareOpKind::IsNot);
  }
  default:
    break;
  }
  auto ordered = [&](auto x, auto y) {
    switch (op) {
    case CompareOpKind::Lt:
      return x < y;
    case CompareOpKind::Le:
      return x <= y;
    case CompareOpKind::Gt:
      return x > y;
    default:
      return x >= y;
    }
  };
  if (lhs.isNumber() && r.isNumber()) {
    if (lhs.kind == HostValue::Float || r.kind == HostValue::Float)
      return ordered(lhs.asDouble(), r.asDouble());
    return ordered(lhs.i, r.i);
  }
  if (lhs.kind == HostValue::Str && r.kind == HostValue::Str)
    return ordered(lhs.s.compare(r.s), 0);
  fail(e, "cannot order " + lhs.describe() + " and " + r.describe());
  return std::nullopt;
}

/// The release numbers of a version string ("3.6.0" -> 3, 6, 0), or
/// nullopt for anything else (pre-releases, local parts, other text).
static std::optional<llvm::SmallVector<int64_t>> releaseOf(const HostValue &v) {
  if (v.kind != HostValue::Str)
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef> parts;
  llvm::StringRef(v.s).split(parts, '.');
  llvm::SmallVector<int64_t> release;
  for (llvm::StringRef p : parts) {
    int64_t n;
    if (p.empty() || p.getAsInteger(10, n) || n < 0)
      return std::nullopt;
    release.push_back(n);
  }
  return release;
}

std::optional<HostValue> HostEvaluator::versionComparison(const Expr &e) {
  // `F(a) < F(b)`: one function of one argument on both sides, whose
  // arguments are version strings (triton.__version__, a literal).
  if (e.compareOps.size() != 1 || e.compareOps[0] == CompareOpKind::Is ||
      e.compareOps[0] == CompareOpKind::IsNot ||
      e.compareOps[0] == CompareOpKind::In ||
      e.compareOps[0] == CompareOpKind::NotIn)
    return std::nullopt;
  const Expr &l = *e.args[0], &r = *e.args[1];
  if (l.kind != ExprKind::Call || r.kind != ExprKind::Call ||
      l.args.size() != 2 || r.args.size() != 2 || !l.keywords.empty() ||
      !r.keywords.empty())
    return std::nullopt;
  std::optional<std::string> f = dottedPath(*l.args[0]),
                             g = dottedPath(*r.args[0]);
  if (!f || !g || *f != *g)
    return std::nullopt;
  State before = save();
  std::optional<HostValue> a = eval(*l.args[1]), b = eval(*r.args[1]);
  std::optional<llvm::SmallVector<int64_t>> va, vb;
  if (a && b)
    va = releaseOf(*a), vb = releaseOf(*b);
  if (!va || !vb) {
    restore(std::move(before));
    return std::nullopt;
  }
  // Missing trailing numbers are zeros ("3.0" == "3.0.0").
  size_t n = std::max(va->size(), vb->size());
  va->resize(n, 0);
  vb->resize(n, 0);
  int c = *va < *vb ? -1 : *vb < *va ? 1 : 0;
  switch (e.compareOps[0]) {
  case CompareOpKind::Lt:
    return HostValue::boolean(c < 0);
  case CompareOpKind::Le:
    return HostValue::boolean(c <= 0);
  case CompareOpKind::Gt:
    return HostValue::boolean(c > 0);
  case CompareOpKind::Ge:
    return HostValue::boolean(c >= 0);
  case CompareOpKind::Eq:
    return HostValue::boolean(c == 0);
  default:
    return HostValue::boolean(c != 0);
  }
}

std::optional<HostValue> HostEvaluator::compareChain(const Expr &e) {
  if (std::optional<HostValue> v = versionComparison(e))
    return v;
  std::optional<HostValue> lhs = eval(*e.args[0]);
  if (!lhs)
    return std::nullopt;
  for (size_t i = 0; i < e.compareOps.size(); ++i) {
    std::optional<HostValue> rhs;
    std::optional<bool> r =
        compare(e, e.compareOps[i], *lhs, *e.args[i + 1], rhs);
    if (!r)
      return std::nullopt;
    if (!*r)
      return HostValue::boolean(false);
    if (i + 1 < e.compareOps.size()) {
      if (!rhs && !(rhs = eval(*e.args[i + 1])))
        return std::nullopt;
      lhs = std::move(rhs);
    }
  }
  return HostValue::boolean(true);
}

// ------------------------------------------------------------------ calls

/// int(), float(), bool() and str() of `v` (the argument of `e`).
std::optional<HostValue>
HostEvaluator::convert(const Expr &e, llvm::StringRef fn, const HostValue &v) {
  if (fn == "bool")
    return HostValue::boolean(v.truthy());
  if (v.kind == HostValue::Object && v.enumClass) {
    // A member: str() is `Cls.NAME` (Python's versions differ for IntEnum
    // and StrEnum members); int() and float() of an IntEnum's, its value.
    if (fn == "str" && v.enumClass->mixin.empty())
      return HostValue::str(v.s + "." + v.values[0].s);
    if (fn == "str" || v.enumClass->mixin != "int")
      return fail(e, fn + "() of " + v.describe());
    return convert(e, fn, v.values[1]);
  }
  if (fn == "str") {
    if (v.kind == HostValue::Str)
      return v;
    if (v.kind == HostValue::Tuple || v.kind == HostValue::Other ||
        v.kind == HostValue::Class)
      return fail(e, "str() of " + v.describe());
    return HostValue::str(v.repr());
  }
  if (v.kind == HostValue::Str) {
    std::string t = llvm::StringRef(v.s).trim().str();
    llvm::erase(t, '_');
    int64_t i;
    double f;
    if (fn == "int" && !llvm::StringRef(t).getAsInteger(10, i))
      return HostValue::integer(i);
    if (fn == "float" && !llvm::StringRef(t).getAsDouble(f))
      return HostValue::floating(f);
    return fail(e, fn + "() of " + v.repr() + " raises ValueError");
  }
  if (!isNumber(*e.args[1], v))
    return std::nullopt;
  if (fn == "float")
    return HostValue::floating(v.asDouble());
  if (v.kind != HostValue::Float)
    return HostValue::integer(v.i);
  if (!(std::fabs(v.f) < 9223372036854775808.0))
    return fail(e, "the result overflows 64 bits");
  return HostValue::integer(int64_t(std::trunc(v.f)));
}

std::optional<HostValue> HostEvaluator::call(const Expr &e) {
  const Expr &callee = *e.args[0];
  if (!step(e))
    return std::nullopt;
  // A call without arguments whose value a -D gives by its text
  // (`is_hip()`, `current_platform.is_rocm()`), before host code's own.
  if (e.args.size() == 1 && e.keywords.empty())
    if (std::string text = dottedName(callee); !text.empty()) {
      if (const HostValue *v = scope.defined(text + "()"))
        return *v;
      // By the path of the function it calls (`pkg.platform.is_hip()`).
      if (std::optional<std::string> path = dottedPath(callee))
        if (const HostValue *v = scope.defined(*path + "()"))
          return *v;
      // A -D of the callee itself (the method, not its call) is a slip.
      if (callee.kind == ExprKind::Attribute && scope.defined(text))
        return fail(callee, "-D gives '" + text +
                                "' a value, but the code calls it: give its "
                                "call's value with -D '" +
                                text + "()=VALUE'");
    }
  if (isEnumCall(e)) // HostEnums.cpp
    return enumCall(e);
  if (const Function *f = scope.hostFunction(*this, callee)) {
    std::vector<HostValue> args;
    std::vector<std::pair<std::string, HostValue>> kwargs;
    if (!arguments(e, args, kwargs))
      return std::nullopt;
    return callHostFunction(e, *f, std::move(args), std::move(kwargs));
  }
  size_t nargs = e.args.size() - 1;
  auto arg = [&](size_t i) -> const Expr & { return *e.args[i + 1]; };
  std::optional<std::string> path = dottedPath(callee);
  std::string name = path.value_or("");
  if (isTritonCall(name))
    return tritonCall(e, name); // HostTriton.cpp
  if (isTorchCall(name))
    return torchCall(e, name); // HostTorch.cpp
  // importlib.util.find_spec("triton"): Triton is installed where its
  // kernels run (vLLM's HAS_TRITON = find_spec("triton") is not None).
  // Other modules' presence is host code's to know.
  if (name == "importlib.util.find_spec" && nargs >= 1 && e.keywords.empty()) {
    std::optional<HostValue> m = eval(arg(0));
    if (!m)
      return std::nullopt;
    if (m->kind == HostValue::Str &&
        (m->s == "triton" || llvm::StringRef(m->s).starts_with("triton.")))
      return HostValue::other("the module spec of '" + m->s + "'");
    return fail(e, scope.hostCode(HostCode::Call, e, path));
  }
  if (llvm::is_contained(
          {"len", "list", "tuple", "range", "filter", "sum", "any", "all"},
          name) ||
      ((name == "min" || name == "max") && nargs == 1))
    return sequenceCall(e, name); // HostSequences.cpp
  // dict(k=v, ...): the dict of its keyword arguments (`triton.Config(
  // dict(BLOCK=b), ...)`).
  if (name == "dict") {
    if (nargs)
      return fail(e, "dict() is computed from keyword arguments only");
    std::vector<HostValue> keys, values;
    for (const Keyword &kw : e.keywords) {
      if (kw.name.empty() || !kw.value)
        return fail(e, "'dict' is called with '**' arguments");
      std::optional<HostValue> v = eval(*kw.value);
      if (!v)
        return std::nullopt;
      keys.push_back(HostValue::str(kw.name));
      values.push_back(std::move(*v));
    }
    return HostValue::dict(std::move(keys), std::move(values));
  }
  llvm::StringRef fn(name);
  for (llvm::StringRef prefix : {"triton.language.", "triton.", "tl."})
    if (fn.consume_front(prefix))
      break;
  bool env = scope.readsEnvironment() &&
             (name == "os.environ.get" || name == "os.getenv");
  // A method of a dict, string, list or tuple (HostMethods.cpp), also of a
  // value a dotted path names (`triton.__version__.split(".")`).
  if (std::optional<HostValue> self; !env && receiverWithMethod(e, self))
    return valueMethod(e, *self);
  // A method of a module-level object called without arguments
  // (`current_platform.is_rocm()`, an object host code builds): host
  // code's value that a -D could give its text (one that does was taken
  // above).
  std::string noArgs; // the text a -D would give such a call
  if (callee.kind == ExprKind::Attribute && nargs == 0 && e.keywords.empty())
    if (std::string text = dottedName(callee); !text.empty()) {
      noArgs = text + "()";
      if (!path)
        return undecided(noArgs);
    }
  if (!env && !isBuiltin(name) && fn != "cdiv" && fn != "next_power_of_2") {
    std::string why = scope.hostCode(HostCode::Call, e, path);
    if (noArgs.empty() && callee.kind == ExprKind::Name && nargs == 0 &&
        e.keywords.empty())
      noArgs = callee.str + "()"; // a function's call: -D gives it too
    if (!noArgs.empty())
      why += "; -D '" + noArgs + "=VALUE' gives its value";
    return fail(callee, why);
  }
  if (!e.keywords.empty())
    return fail(e, "'" + name + "' is called with keyword arguments");
  auto arity = [&](size_t lo, size_t hi) {
    if (nargs >= lo && nargs <= hi)
      return true;
    std::string takes = lo == hi ? std::to_string(lo)
                        : hi == lo + 1
                            ? llvm::formatv("{0} or {1}", lo, hi).str()
                            : llvm::formatv("at least {0}", lo).str();
    fail(e, llvm::formatv("'{0}' takes {1} argument(s), got {2}", name, takes,
                          nargs));
    return false;
  };

  if (env) { // os.environ.get(NAME[, DEFAULT]), os.getenv(NAME[, DEFAULT])
    if (!arity(1, 2))
      return std::nullopt;
    std::optional<std::string> var = envName(arg(0));
    if (!var)
      return std::nullopt;
    if (std::optional<std::string> v = scope.getenv(*var))
      return HostValue::str(*v);
    if (nargs == 2)
      return eval(arg(1));
    return HostValue::none();
  }
  if (name == "hasattr") {
    if (!arity(2, 2))
      return std::nullopt;
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
    return fail(e, "hasattr() is computed only for triton.language");
  }
  if (name == "int" || name == "float" || name == "bool" || name == "str") {
    if (!arity(1, 1))
      return std::nullopt;
    std::optional<HostValue> v = eval(arg(0));
    if (!v)
      return std::nullopt;
    return convert(e, name, *v);
  }

  // The arithmetic of numbers: min, max, abs, triton.cdiv,
  // triton.next_power_of_2.
  std::vector<HostValue> args;
  for (size_t i = 0; i < nargs; ++i) {
    std::optional<HostValue> v = eval(arg(i));
    if (!v || !isNumber(arg(i), *v))
      return std::nullopt;
    args.push_back(std::move(*v));
  }
  auto integers = [&] {
    for (size_t i = 0; i < args.size(); ++i)
      if (args[i].kind == HostValue::Float) {
        fail(arg(i), "'" + name + "' takes integers");
        return false;
      }
    return true;
  };
  if (name == "min" || name == "max") {
    if (args.empty())
      return fail(e, "'" + name + "' of nothing");
    return extreme(name, args);
  }
  if (name == "abs") {
    if (!arity(1, 1))
      return std::nullopt;
    const HostValue &x = args[0];
    if (x.kind == HostValue::Float)
      return HostValue::floating(std::fabs(x.f));
    if (x.i == INT64_MIN)
      return fail(e, "the result overflows 64 bits");
    return HostValue::integer(x.i < 0 ? -x.i : x.i);
  }
  if (fn == "next_power_of_2") {
    if (!arity(1, 1) || !integers())
      return std::nullopt;
    int64_t n = args[0].i - 1; // Triton's bit-smearing, as in Python
    for (int s : {1, 2, 4, 8, 16, 32})
      n |= n >> s;
    if (n == INT64_MAX)
      return fail(e, "the result overflows 64 bits");
    return HostValue::integer(n + 1);
  }
  // cdiv: (a + b - 1) // b, rounded down as Python does.
  if (!arity(2, 2) || !integers())
    return std::nullopt;
  if (args[1].i == 0)
    return fail(e, "division by zero");
  int64_t a = args[0].i, b = args[1].i, s;
  if (llvm::AddOverflow(a, b - 1, s))
    return fail(e, "the result overflows 64 bits");
  int64_t q = s / b, m = s % b;
  if (m != 0 && ((m < 0) != (b < 0)))
    --q;
  return HostValue::integer(q);
}

// ------------------------------------------------------------ expressions

std::optional<HostValue> HostEvaluator::subscript(const Expr &e) {
  if (scope.readsEnvironment() && e.args.size() == 2)
    if (std::optional<std::string> path = dottedPath(*e.args[0]);
        path && *path == "os.environ") {
      std::optional<std::string> name = envName(*e.args[1]);
      if (!name)
        return std::nullopt;
      if (std::optional<std::string> v = scope.getenv(*name))
        return HostValue::str(*v);
      return fail(e, "os.environ['" + *name +
                         "'] raises KeyError: the variable is not set");
    }
  return scope.subscript(*this, e);
}

std::optional<HostValue> HostEvaluator::eval(const Expr &e) {
  switch (e.kind) {
  case ExprKind::Int:
    if (e.intOverflow || e.intValue > uint64_t(INT64_MAX))
      return fail(e, "the integer overflows 64 bits");
    return HostValue::integer(int64_t(e.intValue));
  case ExprKind::Float:
    return HostValue::floating(e.floatValue);
  case ExprKind::Str:
    if (e.formatted &&
        llvm::StringRef(e.str).find_first_of("{}") != llvm::StringRef::npos)
      return fail(e, "tilec does not compute f-strings with replacement "
                     "fields");
    return HostValue::str(e.str);
  case ExprKind::Bool:
    return HostValue::boolean(e.intValue != 0);
  case ExprKind::None:
    return HostValue::none();
  case ExprKind::Name:
    if (const std::optional<HostValue> *v = local(e.str)) {
      if (*v)
        return **v;
      return fail(e, "'" + e.str + "' has no value tilec can compute");
    }
    return scope.name(*this, e);
  case ExprKind::Tuple:
  case ExprKind::List:
  case ExprKind::Dict:
    return display(e); // HostSequences.cpp
  case ExprKind::ListComp:
    return comprehension(e); // HostSequences.cpp
  case ExprKind::Lambda:
    return HostValue::other("a lambda");
  case ExprKind::Subscript:
    return subscript(e);
  case ExprKind::Call:
    return call(e);
  case ExprKind::Compare:
    return compareChain(e);
  case ExprKind::UnaryOp:
    return unary(e);
  case ExprKind::BinOp: {
    std::optional<HostValue> a = eval(*e.args[0]);
    if (!a)
      return std::nullopt;
    std::optional<HostValue> b = eval(*e.args[1]);
    if (!b)
      return std::nullopt;
    return binary(e, *a, *b);
  }
  case ExprKind::BoolOp: {
    // Python returns the operand that decides: the first falsy one of an
    // `and`, the first truthy one of an `or`, else the last. An operand
    // tilec cannot compute that is a bool by its syntax (a comparison, a
    // `not`) does not matter when a later one is the bool that decides:
    // `'NVIDIA H' in get_device_name() or get_device_capability()[0] == 9`
    // is True on sm_90 whatever the name.
    bool isAnd = e.boolOp == BoolOpKind::And;
    State before = save();
    bool skipped = false;
    for (size_t i = 0; i < e.args.size(); ++i) {
      std::optional<HostValue> v = eval(*e.args[i]);
      if (!v && !raised_.empty()) {
        // It raises, where Python gets to it: unknown after a skipped one.
        if (skipped)
          raised_.clear();
        return std::nullopt;
      }
      if (!v) {
        if (i + 1 == e.args.size() || !isBoolSyntax(*e.args[i]))
          return std::nullopt;
        skipped = true;
        continue;
      }
      bool decides = v->truthy() != isAnd;
      if (!skipped && (i + 1 == e.args.size() || decides))
        return v;
      if (skipped && decides && v->kind == HostValue::Bool) {
        restore(std::move(before));
        return v;
      }
      if (skipped && (decides || i + 1 == e.args.size()))
        return std::nullopt;
    }
    return std::nullopt;
  }
  case ExprKind::IfExp:
    return conditional(e);
  case ExprKind::Attribute:
    return attribute(e); // HostTriton.cpp
  default:
    return fail(e, scope.hostCode(HostCode::Expression, e, std::nullopt));
  }
}

bool HostEvaluator::isBoolSyntax(const Expr &e) {
  if (e.kind == ExprKind::Compare ||
      (e.kind == ExprKind::UnaryOp && e.unaryOp == UnaryOpKind::Not))
    return true;
  return e.kind == ExprKind::BoolOp &&
         llvm::all_of(e.args,
                      [](const ExprPtr &a) { return isBoolSyntax(*a); });
}

std::optional<HostValue> HostEvaluator::conditional(const Expr &e) {
  // A condition tilec cannot compute: the value of both arms when they have
  // the same, else the names the condition reads decide it.
  State before = save();
  size_t mark = names_.size();
  std::optional<bool> t = truth(*e.args[1]);
  if (t)
    return eval(*e.args[*t ? 0 : 2]);
  if (!raised_.empty())
    return std::nullopt; // the condition raises
  markDecisive(mark);
  std::optional<HostValue> a = eval(*e.args[0]);
  std::optional<HostValue> b = eval(*e.args[2]);
  if (a && b && sameHostValue(*a, *b)) {
    restore(std::move(before));
    return a;
  }
  raised_.clear(); // an arm's exception may not happen
  return std::nullopt;
}

std::optional<bool> HostEvaluator::truth(const Expr &e) {
  if (e.kind == ExprKind::UnaryOp && e.unaryOp == UnaryOpKind::Not) {
    std::optional<bool> t = truth(*e.args[0]);
    return t ? std::optional<bool>(!*t) : std::nullopt;
  }
  if (e.kind == ExprKind::BoolOp) {
    // The truth of `a and b` is a's and b's; an operand tilec cannot
    // compute does not matter when another one decides.
    bool isAnd = e.boolOp == BoolOpKind::And;
    bool unknown = false;
    for (const ExprPtr &a : e.args) {
      std::optional<bool> t = truth(*a);
      if (!t && !raised_.empty()) {
        // It raises, where Python gets to it: unknown after an unknown one.
        if (unknown)
          raised_.clear();
        return std::nullopt;
      }
      if (!t)
        unknown = true;
      else if (*t != isAnd)
        return !isAnd;
    }
    if (unknown)
      return std::nullopt;
    return isAnd;
  }
  if (e.kind == ExprKind::Name && !local(e.str))
    return scope.nameTruth(*this, e);
  std::optional<HostValue> v = eval(e);
  if (!v)
    return std::nullopt;
  return v->truthy();
}
