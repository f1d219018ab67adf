//===- HostSequences.cpp - Lists, tuples and dicts of host code ---------===//
//
// The containers of the host evaluator (HostEvaluator.h): tuple, list and
// dict displays, list comprehensions (with a scope of their own, as in
// Python 3), `+` and `*` of strings, tuples and lists, `in`, subscripts of
// values, and the builtins len, list, tuple, range and filter.
//
//===----------------------------------------------------------------------===//

#include "HostEvaluator.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace tilec;

std::optional<HostValue> HostEvaluator::display(const Expr &e) {
  // Every element is evaluated, so that what tilec cannot compute is named
  // for all of them.
  std::vector<HostValue> elems;
  bool ok = true;
  for (const ExprPtr &a : e.args) {
    std::optional<HostValue> v = eval(*a);
    if (v)
      elems.push_back(std::move(*v));
    ok &= v.has_value();
  }
  if (!ok)
    return std::nullopt;
  if (e.kind == ExprKind::Tuple)
    return HostValue::tuple(std::move(elems));
  if (e.kind == ExprKind::List)
    return HostValue::list(std::move(elems));
  // A dict: keys and values alternate; a later key replaces an earlier one.
  std::vector<HostValue> keys, values;
  for (size_t i = 0; i + 1 < elems.size(); i += 2) {
    const HostValue &k = elems[i];
    if (!k.isNumber() && k.kind != HostValue::Str &&
        k.kind != HostValue::None && k.kind != HostValue::Tuple)
      return fail(*e.args[i], "a dict key must be a number, a string, None "
                              "or a tuple, not " +
                                  k.describe());
    auto same = llvm::find_if(
        keys, [&](const HostValue &x) { return hostEquals(x, k); });
    if (same != keys.end()) {
      values[same - keys.begin()] = std::move(elems[i + 1]);
      continue;
    }
    keys.push_back(k);
    values.push_back(std::move(elems[i + 1]));
  }
  return HostValue::dict(std::move(keys), std::move(values));
}

// --------------------------------------------------------- comprehensions

std::optional<HostValue> HostEvaluator::comprehension(const Expr &e) {
  std::vector<HostValue> out;
  locals_.emplace_back(); // the comprehension's own scope
  bool ok = clause(e, 1, out);
  locals_.pop_back();
  if (!ok)
    return std::nullopt;
  return HostValue::list(std::move(out));
}

/// The elements a `for` over `v` (the value of `e`) takes: a tuple's or a
/// list's, a string's characters, a dict's keys.
std::optional<std::vector<HostValue>> HostEvaluator::items(const Expr &e,
                                                           const HostValue &v) {
  switch (v.kind) {
  case HostValue::Tuple:
  case HostValue::List:
  case HostValue::Dict:
    return v.elems;
  case HostValue::Str: {
    std::vector<HostValue> chars;
    for (char c : v.s)
      chars.push_back(HostValue::str(std::string(1, c)));
    return chars;
  }
  case HostValue::Class: // an enumeration's members
    return enumItems(e, v);
  default:
    fail(e, v.describe() + " is not iterable");
    return std::nullopt;
  }
}

bool HostEvaluator::bindTarget(const Expr &target, std::optional<HostValue> v) {
  Bindings &b = locals_.back();
  if (target.kind == ExprKind::Name) {
    b[target.str] = std::move(v);
    return true;
  }
  // A tuple of names: the value unpacked.
  size_t n = target.args.size();
  if (v && !(v->isSequence() && v->elems.size() == n)) {
    fail(target,
         llvm::formatv("cannot unpack {0} into {1} names", v->describe(), n));
    return false;
  }
  for (size_t i = 0; i < n; ++i)
    b[target.args[i]->str] =
        v ? std::optional<HostValue>(v->elems[i]) : std::nullopt;
  return true;
}

bool HostEvaluator::clause(const Expr &e, size_t i,
                           std::vector<HostValue> &out) {
  if (i == e.args.size()) { // the element
    if (!step(e))
      return false;
    if (out.size() == kMaxElements) {
      fail(e,
           llvm::formatv("the list has more than {0} elements", kMaxElements));
      return false;
    }
    std::optional<HostValue> v = eval(*e.args[0]);
    if (!v)
      return false;
    out.push_back(std::move(*v));
    return true;
  }
  const Expr &c = *e.args[i];
  if (c.kind == ExprKind::CompIf) {
    size_t mark = numNames();
    std::optional<bool> t = truth(*c.args[0]);
    if (!t) {
      markDecisive(mark); // the names it reads decide which elements exist
      probe(e, i + 1);
      return false;
    }
    return !*t || clause(e, i + 1, out);
  }
  std::optional<HostValue> iter = eval(*c.args[1]);
  std::optional<std::vector<HostValue>> elems;
  if (iter)
    elems = items(*c.args[1], *iter);
  if (!elems) {
    bindTarget(*c.args[0], std::nullopt);
    probe(e, i + 1);
    return false;
  }
  for (HostValue &x : *elems) {
    if (!step(c) || !bindTarget(*c.args[0], std::move(x)) ||
        !clause(e, i + 1, out))
      return false;
  }
  return true;
}

void HostEvaluator::probe(const Expr &e, size_t i) {
  // The rest of a comprehension after a clause tilec cannot compute, with
  // the targets that depend on it unknown: evaluated only to record what
  // else it reads that tilec cannot compute.
  for (; i < e.args.size(); ++i) {
    const Expr &c = *e.args[i];
    if (c.kind == ExprKind::CompIf) {
      (void)truth(*c.args[0]);
      continue;
    }
    (void)eval(*c.args[1]);
    bindTarget(*c.args[0], std::nullopt);
  }
  (void)eval(*e.args[0]);
}

// ------------------------------------------------------------- operators

std::optional<HostValue> HostEvaluator::sequenceOp(const Expr &e,
                                                   const HostValue &a,
                                                   const HostValue &b) {
  BinaryOpKind op = e.binaryOp;
  auto sized = [&](size_t n) {
    if (n <= kMaxElements)
      return true;
    fail(e,
         llvm::formatv("the result has more than {0} elements", kMaxElements));
    return false;
  };
  if (op == BinaryOpKind::Add && a.kind == b.kind) {
    if (a.kind == HostValue::Str) {
      if (!sized(a.s.size() + b.s.size()))
        return std::nullopt;
      return HostValue::str(a.s + b.s);
    }
    if (!sized(a.elems.size() + b.elems.size()))
      return std::nullopt;
    HostValue r = a;
    r.elems.insert(r.elems.end(), b.elems.begin(), b.elems.end());
    return r;
  }
  if (op == BinaryOpKind::Mul) {
    bool leftCount = a.kind == HostValue::Int || a.kind == HostValue::Bool;
    const HostValue &seq = leftCount ? b : a, &count = leftCount ? a : b;
    if ((seq.kind == HostValue::Str || seq.isSequence()) &&
        (count.kind == HostValue::Int || count.kind == HostValue::Bool)) {
      size_t n = count.i < 0 ? 0 : size_t(count.i);
      size_t each =
          seq.kind == HostValue::Str ? seq.s.size() : seq.elems.size();
      if (each && !sized(n > kMaxElements ? n : n * each))
        return std::nullopt;
      HostValue r = seq;
      r.s.clear();
      r.elems.clear();
      for (size_t k = 0; k < n && each; ++k) {
        r.s += seq.s;
        r.elems.insert(r.elems.end(), seq.elems.begin(), seq.elems.end());
      }
      return r;
    }
  }
  return fail(e, "'" + spelling(op) + "' of " + a.describe() + " and " +
                     b.describe());
}

std::optional<bool> HostEvaluator::contains(const Expr &e,
                                            const HostValue &container,
                                            const HostValue &x) {
  if (container.isSequence() || container.kind == HostValue::Dict)
    return llvm::any_of(container.elems,
                        [&](const HostValue &y) { return hostEquals(x, y); });
  if (container.kind == HostValue::Str && x.kind == HostValue::Str)
    return llvm::StringRef(container.s).contains(x.s);
  fail(e, "'in' of " + container.describe());
  return std::nullopt;
}

// ------------------------------------------------------------ subscripts

std::optional<HostValue> HostEvaluator::index(const Expr &e,
                                              const HostValue &base,
                                              const HostValue &key) {
  if (base.kind == HostValue::Dict) {
    for (size_t k = 0; k < base.elems.size(); ++k)
      if (hostEquals(base.elems[k], key))
        return base.values[k];
    return raise(e, "KeyError",
                 "the key " + key.repr() + " is not in " + base.describe());
  }
  if (base.kind == HostValue::Class) // Enum['NAME']
    return enumLookup(e, base, key, /*byName=*/true);
  if (isDeviceProperties(base)) // HostTriton.cpp
    return deviceProperty(e, base, key);
  if (!base.isSequence() && base.kind != HostValue::Str)
    return fail(e, "a subscript of " + base.describe());
  if (key.kind != HostValue::Int && key.kind != HostValue::Bool)
    return fail(e, "the index of " + base.describe() + " must be an int, not " +
                       key.describe());
  int64_t n =
      int64_t(base.kind == HostValue::Str ? base.s.size() : base.elems.size());
  int64_t i = key.i < 0 ? key.i + n : key.i;
  if (i < 0 || i >= n)
    return raise(e, "IndexError",
                 llvm::formatv("the index {0} is out of range of {1}", key.i,
                               base.describe()));
  if (base.kind == HostValue::Str)
    return HostValue::str(std::string(1, base.s[size_t(i)]));
  return base.elems[size_t(i)];
}

/// Python's `base[lower:upper:step]` of a list, tuple or string, the
/// bounds clamped as Python clamps them.
static HostValue sliceOf(const HostValue &base, std::optional<int64_t> lower,
                         std::optional<int64_t> upper, int64_t step) {
  int64_t n =
      int64_t(base.kind == HostValue::Str ? base.s.size() : base.elems.size());
  auto clamp = [&](std::optional<int64_t> v, int64_t dflt) {
    if (!v)
      return dflt;
    int64_t x = *v < 0 ? *v + n : *v;
    return step > 0 ? std::clamp<int64_t>(x, 0, n)
                    : std::clamp<int64_t>(x, -1, n - 1);
  };
  int64_t lo = clamp(lower, step > 0 ? 0 : n - 1);
  int64_t hi = clamp(upper, step > 0 ? n : -1);
  std::string chars;
  std::vector<HostValue> elems;
  for (int64_t i = lo; step > 0 ? i < hi : i > hi; i += step) {
    if (base.kind == HostValue::Str)
      chars += base.s[size_t(i)];
    else
      elems.push_back(base.elems[size_t(i)]);
  }
  if (base.kind == HostValue::Str)
    return HostValue::str(chars);
  return base.kind == HostValue::List ? HostValue::list(std::move(elems))
                                      : HostValue::tuple(std::move(elems));
}

std::optional<HostValue> HostEvaluator::subscriptValue(const Expr &e) {
  if (e.args.size() != 2 || e.args[1]->kind == ExprKind::Ellipsis)
    return fail(e, "tilec computes subscripts by one key, index or slice");
  std::optional<HostValue> base = eval(*e.args[0]);
  if (!base)
    return std::nullopt;
  if (e.args[1]->kind == ExprKind::Slice) {
    const Expr &sl = *e.args[1];
    if (!base->isSequence() && base->kind != HostValue::Str)
      return fail(e, "a slice of " + base->describe());
    std::optional<int64_t> bound[3];
    for (size_t i = 0; i < 3; ++i) {
      if (i >= sl.args.size() || !sl.args[i])
        continue;
      std::optional<HostValue> v = eval(*sl.args[i]);
      if (!v)
        return std::nullopt;
      if (v->kind == HostValue::None)
        continue;
      if (v->kind != HostValue::Int && v->kind != HostValue::Bool)
        return fail(*sl.args[i], "a slice's bound must be an int or None, "
                                 "not " +
                                     v->describe());
      bound[i] = v->i;
    }
    if (bound[2] && *bound[2] == 0)
      return raise(e, "ValueError", "a slice step of zero");
    return sliceOf(*base, bound[0], bound[1], bound[2].value_or(1));
  }
  std::optional<HostValue> key = eval(*e.args[1]);
  if (!key)
    return std::nullopt;
  return index(e, *base, *key);
}

// -------------------------------------------------------------- builtins

std::optional<HostValue> HostEvaluator::sequenceCall(const Expr &e,
                                                     llvm::StringRef fn) {
  size_t nargs = e.args.size() - 1;
  if (!e.keywords.empty())
    return fail(e, "'" + fn + "' is called with keyword arguments");
  if (fn == "filter")
    return filter(e);
  bool reduction = llvm::is_contained({"sum", "any", "all", "min", "max"}, fn);
  size_t lo = fn == "range" || fn == "len" || reduction ? 1 : 0;
  size_t hi = fn == "range" ? 3 : fn == "sum" ? 2 : 1;
  if (nargs < lo || nargs > hi)
    return fail(
        e, llvm::formatv("'{0}' takes {1}{2} argument(s), got {3}", fn, lo,
                         lo == hi ? "" : " to " + std::to_string(hi), nargs));
  std::vector<HostValue> args;
  bool ok = true;
  for (size_t i = 0; i < nargs; ++i) {
    std::optional<HostValue> v = eval(*e.args[i + 1]);
    if (v)
      args.push_back(std::move(*v));
    ok &= v.has_value();
  }
  if (!ok)
    return std::nullopt;
  if (fn == "range") { // the list of its values
    int64_t bounds[3] = {0, 0, 1};
    for (size_t i = 0; i < nargs; ++i) {
      if (args[i].kind != HostValue::Int && args[i].kind != HostValue::Bool)
        return fail(*e.args[i + 1],
                    "'range' takes ints, not " + args[i].describe());
      bounds[nargs == 1 ? 1 : i] = args[i].i;
    }
    auto [start, stop, stride] = bounds;
    if (stride == 0)
      return fail(e, "the step of 'range' must not be zero");
    std::vector<HostValue> values;
    for (int64_t v = start; stride > 0 ? v < stop : v > stop; v += stride) {
      if (values.size() == kMaxElements)
        return fail(e, llvm::formatv("the range has more than {0} values",
                                     kMaxElements));
      values.push_back(HostValue::integer(v));
      if ((stride > 0 && v > INT64_MAX - stride) ||
          (stride < 0 && v < INT64_MIN - stride))
        break;
    }
    return HostValue::list(std::move(values));
  }
  if (nargs == 0) // list(), tuple()
    return fn == "list" ? HostValue::list({}) : HostValue::tuple({});
  if (reduction) { // sum, any, all, min, max of an iterable
    std::optional<std::vector<HostValue>> elems = items(*e.args[1], args[0]);
    if (!elems)
      return std::nullopt;
    if (fn == "any" || fn == "all") {
      bool want = fn == "any";
      for (const HostValue &x : *elems)
        if (x.truthy() == want)
          return HostValue::boolean(want);
      return HostValue::boolean(!want);
    }
    for (const HostValue &x : *elems)
      if (!(x.kind == HostValue::Int || x.kind == HostValue::Bool ||
            x.kind == HostValue::Float))
        return fail(*e.args[1], "'" + fn + "' of " + x.describe() +
                                    ", which is not a number");
    if (fn == "min" || fn == "max") {
      if (elems->empty())
        return fail(e, "'" + fn + "' of an empty sequence");
      return extreme(fn, *elems);
    }
    HostValue total = nargs == 2 ? args[1] : HostValue::integer(0);
    if (!(total.kind == HostValue::Int || total.kind == HostValue::Float ||
          total.kind == HostValue::Bool))
      return fail(*e.args[2], "'sum' starts from " + total.describe() +
                                  ", which is not a number");
    for (const HostValue &x : *elems) {
      if (total.kind == HostValue::Float || x.kind == HostValue::Float)
        total = HostValue::floating(total.asDouble() + x.asDouble());
      else if (llvm::AddOverflow(total.i, x.i, total.i))
        return fail(e, "the sum overflows 64 bits");
      else
        total = HostValue::integer(total.i);
    }
    return total;
  }
  if (fn == "len") {
    const HostValue &v = args[0];
    if (v.kind == HostValue::Str)
      return HostValue::integer(int64_t(v.s.size()));
    if (v.isSequence() || v.kind == HostValue::Dict)
      return HostValue::integer(int64_t(v.elems.size()));
    if (v.kind == HostValue::Class) {
      std::optional<std::vector<HostValue>> members = enumItems(e, v);
      if (!members)
        return std::nullopt;
      return HostValue::integer(int64_t(members->size()));
    }
    return fail(e, "'len' of " + v.describe());
  }
  std::optional<std::vector<HostValue>> elems = items(*e.args[1], args[0]);
  if (!elems)
    return std::nullopt;
  return fn == "list" ? HostValue::list(std::move(*elems))
                      : HostValue::tuple(std::move(*elems));
}

std::optional<bool> HostEvaluator::predicate(const Expr &e, const Expr &fn,
                                             const HostValue &x) {
  // filter(None, xs) keeps the true elements.
  if (fn.kind == ExprKind::None)
    return x.truthy();
  std::optional<HostValue> r;
  if (fn.kind == ExprKind::Lambda) {
    locals_.push_back({{fn.args[1]->str, x}});
    r = eval(*fn.args[0]);
    locals_.pop_back();
  } else if (const Function *f = scope.hostFunction(*this, fn)) {
    r = callHostFunction(e, *f, {x}, {});
  } else {
    fail(fn, scope.hostCode(HostCode::Call, e, dottedPath(fn)));
  }
  if (!r)
    return std::nullopt;
  return r->truthy();
}

std::optional<HostValue> HostEvaluator::filter(const Expr &e) {
  // filter(f, xs) as a list. A predicate tilec cannot run on some element
  // keeps every element, with a warning that names it.
  if (e.args.size() != 3)
    return fail(e, llvm::formatv("'filter' takes 2 argument(s), got {0}",
                                 e.args.size() - 1));
  const Expr &fn = *e.args[1];
  std::optional<HostValue> xs = eval(*e.args[2]);
  if (!xs)
    return std::nullopt;
  std::optional<std::vector<HostValue>> elems = items(*e.args[2], *xs);
  if (!elems)
    return std::nullopt;
  State before = save();
  std::vector<HostValue> kept;
  for (const HostValue &x : *elems) {
    std::optional<bool> keep = predicate(e, fn, x);
    if (!keep) {
      // Why, as notes: the place tilec stopped at (inside the function),
      // and its own notes.
      std::vector<HostNote> why;
      if (failedAt_ && failedAt_ != &e)
        why.push_back({failedAt_->loc, failedAt_->length, reason_});
      why.insert(why.end(), notes_.begin(), notes_.end());
      restore(std::move(before));
      std::string name = fn.kind == ExprKind::Lambda ? "the lambda"
                         : fn.kind == ExprKind::Name ? "'" + fn.str + "'"
                         : dottedPath(fn) ? "'" + *dottedPath(fn) + "'"
                                          : "the function";
      warn(fn,
           "filter's function " + name +
               " is host Python tilec cannot run: it is not applied, and "
               "filter() keeps every element",
           std::move(why));
      return HostValue::list(std::move(*elems));
    }
    if (*keep)
      kept.push_back(x);
  }
  return HostValue::list(std::move(kept));
}
