//===- Builtins.cpp - Small `tl.` builtins and Python's -------------------===//
//
// tl.debug_barrier, tl.static_assert, tl.device_assert, tl.constexpr,
// tl.extra.cuda.num_warps / num_threads, the loop iterables used elsewhere
// (an error), and the Python builtins usable in jit functions: range, float,
// int, bool, min, max, len, abs, isinstance.
//
//===----------------------------------------------------------------------===//

#include "BuiltinRegistry.h"

#include <cmath>
#include <limits>

using namespace tilec;

namespace {

/// The launch constants of tl.extra.cuda.
enum class LaunchConstant { NumWarps, NumThreads };
/// Python's int() and bool().
enum class IntOrBool { Int, Bool };
/// Python's min() and max().
enum class MinOrMax { Min, Max };
/// The classes of triton.language, besides tl.constexpr, that isinstance()
/// tests against.
constexpr const char *kLanguageClasses[] = {"tl.tensor", "tl.tensor_descriptor",
                                            "tl.tuple"};

} // namespace

void CodeGen::registerCoreBuiltins(BuiltinRegistry &r) {
  r.add("tl.debug_barrier", {}, 0, &CodeGen::emitDebugBarrier);
  r.add("tl.static_assert", {"cond", "msg"}, 1, &CodeGen::emitStaticAssert);
  r.add("tl.device_assert", {"cond", "msg", "mask"}, 1,
        &CodeGen::emitDeviceAssert);
  r.add("tl.constexpr", {"value"}, 1, &CodeGen::emitConstexpr);
  r.add("tl.extra.cuda.num_warps", {}, 0, &CodeGen::emitLaunchConstant,
        NoBuiltinFlags, unsigned(LaunchConstant::NumWarps));
  r.add("tl.extra.cuda.num_threads", {}, 0, &CodeGen::emitLaunchConstant,
        NoBuiltinFlags, unsigned(LaunchConstant::NumThreads));
  for (const char *name : {"tl.range", "tl.static_range"})
    r.add(name, {"arg1", "arg2", "step"}, 1, &CodeGen::emitRangeOutsideFor);
  // Python builtins usable on constants.
  r.add("range", {"start", "stop", "step"}, 1, &CodeGen::emitRangeOutsideFor);
  r.add("float", {"x"}, 1, &CodeGen::emitFloat);
  r.add("int", {"x"}, 1, &CodeGen::emitIntOrBool, NoBuiltinFlags,
        unsigned(IntOrBool::Int));
  r.add("bool", {"x"}, 1, &CodeGen::emitIntOrBool, NoBuiltinFlags,
        unsigned(IntOrBool::Bool));
  r.add("min", {"a", "b", "c", "d"}, 2, &CodeGen::emitMinMax, Unbound,
        unsigned(MinOrMax::Min));
  r.add("max", {"a", "b", "c", "d"}, 2, &CodeGen::emitMinMax, Unbound,
        unsigned(MinOrMax::Max));
  r.add("len", {"obj"}, 1, &CodeGen::emitLen);
  r.add("abs", {"x"}, 1, &CodeGen::emitAbs);
  r.add("isinstance", {"obj", "cls"}, 2, &CodeGen::emitIsinstance);
  // The classes of triton.language that isinstance() tests against (with
  // tl.constexpr, registered above); they are not constructed in jit
  // functions.
  for (const char *cls : kLanguageClasses)
    r.add(cls, {}, 0, &CodeGen::emitLanguageClass);
}

Val CodeGen::emitDebugBarrier(BuiltinCall &c) {
  b.create<mlir::tile::BarrierOp>(c.loc);
  return Val::none();
}

Val CodeGen::emitStaticAssert(BuiltinCall &c) {
  std::vector<Val> &a = c.a;
  bool t;
  if (!a[0].isConstexpr())
    return error(c.call, "tl.static_assert needs a compile-time condition, "
                         "got " +
                             describe(a[0]));
  if (!truthy(a[0], c.call, t))
    return Val::error();
  if (!t)
    return error(c.call,
                 "static assertion failed" +
                     (a[1].kind == Val::Str ? ": " + a[1].s : std::string()));
  return Val::none();
}

Val CodeGen::emitDeviceAssert(BuiltinCall &c) {
  // Triton checks device assertions only in debug mode (TRITON_DEBUG=1);
  // tilec has none, so they are compiled out, like a runtime `assert`.
  if (c.a[1].kind != Val::None && c.a[1].kind != Val::Str)
    return error(c.call, "the message of tl.device_assert must be a string, "
                         "got " +
                             describe(c.a[1]));
  return Val::none();
}

Val CodeGen::emitLaunchConstant(BuiltinCall &c) {
  if (LaunchConstant(c.entry.variant) == LaunchConstant::NumWarps)
    return Val::integer(numWarps);
  return Val::integer(32 * int64_t(numWarps));
}

Val CodeGen::emitConstexpr(BuiltinCall &c) { return c.a[0]; }

Val CodeGen::emitRangeOutsideFor(BuiltinCall &c) {
  return error(c.call, c.shown + " can only be used as the iterable of a "
                                 "'for' loop");
}

Val CodeGen::emitFloat(BuiltinCall &c) {
  Val x = c.a[0];
  if (x.kind == Val::Str) {
    std::string s = llvm::StringRef(x.s).trim().lower();
    if (s == "inf" || s == "+inf" || s == "infinity")
      return Val::floating(std::numeric_limits<double>::infinity());
    if (s == "-inf" || s == "-infinity")
      return Val::floating(-std::numeric_limits<double>::infinity());
    if (s == "nan")
      return Val::floating(std::numeric_limits<double>::quiet_NaN());
    char *end = nullptr;
    double d = std::strtod(s.c_str(), &end);
    if (!s.empty() && end && *end == '\0')
      return Val::floating(d);
    return error(c.call, "could not convert the string '" + x.s + "' to float");
  }
  if (x.isNumber())
    return Val::floating(x.kind == Val::Float ? x.f : double(x.wide()));
  if (x.isIR())
    return cast(x, DType::scalar(ScalarKind::F32), c.loc, c.call);
  return error(c.call,
               "float() expects a number or a string, got " + describe(x));
}

Val CodeGen::emitIntOrBool(BuiltinCall &c) {
  Val x = c.a[0];
  if (!x.isNumber())
    return error(c.call, c.name + "() expects a compile-time number, got " +
                             describe(x));
  if (IntOrBool(c.entry.variant) == IntOrBool::Bool) {
    bool t;
    truthy(x, c.call, t);
    return Val::boolean(t);
  }
  if (x.kind == Val::Float) {
    if (!std::isfinite(x.f) || std::fabs(x.f) > 9.2e18)
      return error(c.call, "cannot convert " + describe(x) + " to int");
    return Val::integer(int64_t(x.f));
  }
  return Val::wideInteger(x.wide());
}

Val CodeGen::emitLen(BuiltinCall &c) {
  if (c.a[0].kind != Val::Tuple)
    return error(c.call, "len() expects a tuple, got " + describe(c.a[0]));
  return Val::integer(c.a[0].elems.size());
}

Val CodeGen::emitAbs(BuiltinCall &c) {
  Val x = c.a[0];
  if (x.kind == Val::Int)
    return unaryOp(x.wide() < 0 ? UnaryOpKind::Neg : UnaryOpKind::Plus, x,
                   c.call);
  if (x.kind == Val::Float)
    return Val::floating(std::fabs(x.f));
  return callBuiltin("tl.abs", c.call, {x}, {});
}

Val CodeGen::emitLanguageClass(BuiltinCall &c) {
  return error(c.call, c.shown + " is a class of triton.language that jit "
                                 "functions test with isinstance(), not one "
                                 "they construct");
}

Val CodeGen::emitIsinstance(BuiltinCall &c) {
  // At compile time, as Triton's code generator does: the class of a value
  // is known from its kind.
  std::vector<Val> classes =
      c.a[1].kind == Val::Tuple ? c.a[1].elems : std::vector<Val>{c.a[1]};
  const Val &x = c.a[0];
  bool result = false;
  for (const Val &cls : classes) {
    if (cls.kind != Val::Builtin ||
        (cls.s != "tl.constexpr" && !llvm::is_contained(kLanguageClasses, cls.s)))
      return error(c.call,
                   "isinstance() in a jit function tests against "
                   "tl.tensor, tl.tensor_descriptor, tl.tuple or "
                   "tl.constexpr (or a tuple of them), got " +
                       describe(cls));
    if (cls.s == "tl.tensor")
      result |= x.isIR();
    else if (cls.s == "tl.tensor_descriptor")
      result |= x.kind == Val::BlockPtr && x.isDescriptor;
    else if (cls.s == "tl.tuple")
      result |= x.kind == Val::Tuple;
    else
      result |= x.isConstexpr();
  }
  return Val::boolean(result);
}

Val CodeGen::emitMinMax(BuiltinCall &c) {
  // Python's min/max on constants: min(a, b, ...) or min(tuple).
  bool isMin = MinOrMax(c.entry.variant) == MinOrMax::Min;
  std::vector<Val> vals = c.a;
  if (vals.size() == 1 && vals[0].kind == Val::Tuple)
    vals = vals[0].elems;
  if (vals.empty() || !c.kwargs.empty())
    return error(c.call, c.shown + " expects constant numbers");
  // On runtime scalars or tensors, as in Triton's JIT: tl.minimum /
  // tl.maximum, pairwise from the left (Python's min of one value that is
  // not a sequence is an error).
  if (vals.size() == 1 && !vals[0].isNumber())
    return error(c.call, c.shown + " of one value needs a tuple of values; "
                                   "use tl.min / tl.max to reduce a tensor");
  if (llvm::any_of(vals, [](const Val &v) { return !v.isNumber(); })) {
    Val acc = vals[0];
    for (size_t i = 1; i < vals.size(); ++i) {
      acc = callBuiltin(isMin ? "tl.minimum" : "tl.maximum", c.call,
                        {acc, vals[i]}, {});
      if (acc.kind == Val::Error)
        return acc;
    }
    return acc;
  }
  Val best = vals[0];
  for (auto &v : vals)
    if (std::optional<int> o = numberOrder(v, best);
        o && (isMin ? *o < 0 : *o > 0))
      best = v;
  return best;
}
