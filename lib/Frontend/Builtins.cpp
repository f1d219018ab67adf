//===- Builtins.cpp - The `tl.` functions and Python builtins -------------===//
//
// Each builtin binds its arguments by Triton's parameter names (so keyword
// calls like `tl.load(p, mask=m, other=0.0)` work), checks them with precise
// messages, and emits `tile`/arith/math ops.
//
//===----------------------------------------------------------------------===//

#include "CodeGen.h"

#include "tilec/Dialect/Tile/TileDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/StringSet.h"

#include <cmath>
#include <limits>

using namespace tilec;
namespace arith = mlir::arith;
namespace math = mlir::math;

namespace {

/// A builtin's parameters, Triton's names; the first `required` must be given.
struct BuiltinSig {
  std::vector<const char *> params;
  unsigned required;
  bool variadicShape = false; // reshape(x, 2, 3) as well as reshape(x, (2, 3))
};

const std::map<std::string, BuiltinSig> &builtinTable() {
  static const std::map<std::string, BuiltinSig> table = [] {
  std::map<std::string, BuiltinSig> table = {
      {"tl.program_id", {{"axis"}, 1}},
      {"tl.num_programs", {{"axis"}, 1}},
      {"tl.arange", {{"start", "end"}, 2}},
      {"tl.zeros", {{"shape", "dtype"}, 2}},
      {"tl.full", {{"shape", "value", "dtype"}, 3}},
      {"tl.zeros_like", {{"input", "dtype"}, 1}},
      {"tl.full_like", {{"input", "value", "dtype"}, 2}},
      {"tl.load", {{"pointer", "mask", "other", "boundary_check",
                    "padding_option", "cache_modifier", "eviction_policy",
                    "volatile"}, 1}},
      {"tl.store", {{"pointer", "value", "mask", "boundary_check",
                     "cache_modifier", "eviction_policy"}, 2}},
      {"tl.make_block_ptr", {{"base", "shape", "strides", "offsets",
                              "block_shape", "order"}, 6}},
      {"tl.advance", {{"base", "offsets"}, 2}},
      {"tl.make_tensor_descriptor", {{"base", "shape", "strides", "block_shape",
                                      "padding_option"}, 4}},
      {"tl.load_tensor_descriptor", {{"desc", "offsets"}, 2}},
      {"tl.store_tensor_descriptor", {{"desc", "offsets", "value"}, 3}},
      {"tl.where", {{"condition", "x", "y"}, 3}},
      {"tl.atomic_add", {{"pointer", "val", "mask", "sem", "scope"}, 2}},
      {"tl.atomic_max", {{"pointer", "val", "mask", "sem", "scope"}, 2}},
      {"tl.atomic_min", {{"pointer", "val", "mask", "sem", "scope"}, 2}},
      {"tl.atomic_and", {{"pointer", "val", "mask", "sem", "scope"}, 2}},
      {"tl.atomic_or", {{"pointer", "val", "mask", "sem", "scope"}, 2}},
      {"tl.atomic_xor", {{"pointer", "val", "mask", "sem", "scope"}, 2}},
      {"tl.atomic_xchg", {{"pointer", "val", "mask", "sem", "scope"}, 2}},
      {"tl.atomic_cas", {{"pointer", "cmp", "val", "sem", "scope"}, 3}},
      {"tl.debug_barrier", {{}, 0}},
      {"tl.maximum", {{"x", "y", "propagate_nan"}, 2}},
      {"tl.minimum", {{"x", "y", "propagate_nan"}, 2}},
      {"tl.clamp", {{"x", "min", "max", "propagate_nan"}, 3}},
      {"tl.max", {{"input", "axis", "return_indices",
                   "return_indices_tie_break_left", "keep_dims"}, 1}},
      {"tl.min", {{"input", "axis", "return_indices",
                   "return_indices_tie_break_left", "keep_dims"}, 1}},
      {"tl.sum", {{"input", "axis", "keep_dims", "dtype"}, 1}},
      {"tl.argmax", {{"input", "axis", "tie_break_left", "keep_dims"}, 2}},
      {"tl.argmin", {{"input", "axis", "tie_break_left", "keep_dims"}, 2}},
      {"tl.reduce", {{"input", "axis", "combine_fn", "keep_dims"}, 3}},
      {"tl.associative_scan", {{"input", "axis", "combine_fn", "reverse"}, 3}},
      {"tl.cumsum", {{"input", "axis", "reverse", "dtype"}, 1}},
      {"tl.cumprod", {{"input", "axis", "reverse"}, 1}},
      {"tl.xor_sum", {{"input", "axis", "keep_dims"}, 1}},
      {"tl.reduce_or", {{"input", "axis", "keep_dims"}, 2}},
      {"tl.softmax", {{"x", "dim", "keep_dims", "ieee_rounding"}, 1}},
      {"tl.fdiv", {{"x", "y", "ieee_rounding"}, 2}},
      {"tl.dot", {{"input", "other", "acc", "input_precision", "allow_tf32",
                   "max_num_imprecise_acc", "out_dtype"}, 2}},
      {"tl.exp", {{"x"}, 1}},   {"tl.exp2", {{"x"}, 1}},
      {"tl.log", {{"x"}, 1}},   {"tl.log2", {{"x"}, 1}},
      {"tl.sqrt", {{"x"}, 1}},  {"tl.sqrt_rn", {{"x"}, 1}},
      {"tl.rsqrt", {{"x"}, 1}}, {"tl.sigmoid", {{"x"}, 1}},
      {"tl.abs", {{"x"}, 1}},   {"tl.cos", {{"x"}, 1}},
      {"tl.sin", {{"x"}, 1}},   {"tl.erf", {{"x"}, 1}},
      {"tl.floor", {{"x"}, 1}}, {"tl.ceil", {{"x"}, 1}},
      {"tl.fma", {{"x", "y", "z"}, 3}},
      {"tl.cdiv", {{"x", "div"}, 2}},
      {"tl.div_rn", {{"x", "y"}, 2}},
      {"tl.swizzle2d", {{"i", "j", "size_i", "size_j", "size_g"}, 5}},
      {"tl.next_power_of_2", {{"n"}, 1}},
      {"tl.cast", {{"input", "dtype", "fp_downcast_rounding", "bitcast"}, 2}},
      {"tl.reshape", {{"input", "shape", "can_reorder"}, 2, true}},
      {"tl.view", {{"input", "shape"}, 2, true}},
      {"tl.trans", {{"input", "dims"}, 1, true}},
      {"tl.permute", {{"input", "dims"}, 2, true}},
      {"tl.broadcast_to", {{"input", "shape"}, 2, true}},
      {"tl.broadcast", {{"input", "other"}, 2}},
      {"tl.expand_dims", {{"input", "axis"}, 2}},
      {"tl.ravel", {{"x"}, 1}},
      {"tl.join", {{"a", "b"}, 2}},
      {"tl.sort", {{"x", "dim", "descending"}, 1}},
      {"tl.flip", {{"x", "dim"}, 1}},
      {"tl.topk", {{"x", "k", "dim"}, 2}},
      {"tl.cat", {{"input", "other", "can_reorder"}, 2}},
      {"tl.split", {{"a"}, 1}},
      {"tl.interleave", {{"a", "b"}, 2}},
      {"tl.static_assert", {{"cond", "msg"}, 1}},
      {"tl.static_print", {{"values"}, 0}},
      {"tl.device_print", {{"prefix", "args", "hex"}, 1}},
      {"tl.device_assert", {{"cond", "msg", "mask"}, 1}},
      {"tl.inline_asm_elementwise", {{"asm", "constraints", "args", "dtype",
                                      "is_pure", "pack"}, 6}},
      {"tl.gather", {{"src", "index", "axis"}, 3}},
      {"tl.histogram", {{"input", "num_bins", "mask"}, 2}},
      {"tl.assume", {{"cond"}, 1}},
      {"tl.pointer_type", {{"element_ty", "address_space", "const"}, 1}},
      {"tl.umulhi", {{"x", "y"}, 2}},
      {"tl.uint_to_uniform_float", {{"x"}, 1}},
      {"tl.pair_uniform_to_normal", {{"u1", "u2"}, 2}},
      {"tl.philox", {{"seed", "c0", "c1", "c2", "c3", "n_rounds"}, 5}},
      {"tl.randint", {{"seed", "offset", "n_rounds"}, 2}},
      {"tl.randint4x", {{"seed", "offset", "n_rounds"}, 2}},
      {"tl.rand", {{"seed", "offset", "n_rounds"}, 2}},
      {"tl.rand4x", {{"seed", "offsets", "n_rounds"}, 2}},
      {"tl.randn", {{"seed", "offset", "n_rounds"}, 2}},
      {"tl.randn4x", {{"seed", "offset", "n_rounds"}, 2}},
      {"tl.constexpr", {{"value"}, 1}},
      {"tl.multiple_of", {{"input", "values"}, 2}},
      {"tl.max_contiguous", {{"input", "values"}, 2}},
      {"tl.max_constancy", {{"input", "values"}, 2}},
      {"tl.range", {{"arg1", "arg2", "step"}, 1}},
      {"tl.static_range", {{"arg1", "arg2", "step"}, 1}},
      // triton.language.extra.cuda
      {"tl.extra.cuda.globaltimer", {{}, 0}},
      {"tl.extra.cuda.smid", {{}, 0}},
      {"tl.extra.cuda.num_threads", {{}, 0}},
      {"tl.extra.cuda.num_warps", {{}, 0}},
      // Python builtins usable on constants.
      {"range", {{"start", "stop", "step"}, 1}},
      {"float", {{"x"}, 1}},
      {"int", {{"x"}, 1}},
      {"bool", {{"x"}, 1}},
      {"min", {{"a", "b", "c", "d"}, 2}},
      {"max", {{"a", "b", "c", "d"}, 2}},
      {"len", {{"obj"}, 1}},
      {"abs", {{"x"}, 1}},
      {"print", {{"a"}, 0}},
      {"isinstance", {{"obj", "cls"}, 2}},
  };
  // libdevice's functions take arg0, arg1, ... (Triton's names).
  static const char *argNames[] = {"arg0", "arg1", "arg2"};
  for (auto &[name, n] : CodeGen::libdeviceFunctions())
    table[name] = BuiltinSig{{argNames, argNames + n}, n};
  return table;
  }();
  return table;
}

} // namespace

bool CodeGen::isBuiltin(llvm::StringRef tlName) {
  return builtinTable().count(tlName.str()) != 0;
}

bool CodeGen::isTensorMethod(llvm::StringRef name) {
  static const llvm::StringSet<> methods = {
      "to",      "reshape", "view",      "trans",   "permute", "broadcast_to",
      "expand_dims", "ravel", "sum",     "max",     "min",     "argmax",
      "argmin",  "exp",     "exp2",      "log",     "log2",    "sqrt",
      "rsqrt",   "abs",     "sigmoid",   "cos",     "sin",     "erf",
      "floor",   "ceil",    "cast",    "reduce",  "associative_scan",
      "cumsum",  "cumprod", "split", "sort", "flip", "topk", "gather",
      "histogram", "xor_sum", "reduce_or", "softmax",
      // Triton's tensor members: ptr.atomic_add(val, mask=...) and the others
      "atomic_add", "atomic_max", "atomic_min", "atomic_and", "atomic_or",
      "atomic_xor", "atomic_xchg", "atomic_cas"};
  return methods.contains(name);
}

Val CodeGen::tensorArg(const BuiltinCall &c, const Val &v) {
  if (v.isNumber())
    return toIR(v, c.loc, c.call);
  if (!v.isIR())
    return error(c.call, c.shown + " expects a tensor, got " + describe(v));
  return v;
}

Val CodeGen::callBuiltin(llvm::StringRef name, const Expr &call,
                         std::vector<Val> args,
                         std::vector<std::pair<std::string, Val>> kwargs) {
  auto it = builtinTable().find(name.str());
  if (it == builtinTable().end())
    return error(call, "'" + name + "' is not supported by tilec");
  const BuiltinSig &sig = it->second;
  std::string shown = name.str() + "()";

  // 1. Bind arguments by position and keyword.
  if (sig.variadicShape && args.size() > 2) {
    std::vector<Val> rest(args.begin() + 1, args.end());
    args.resize(1);
    args.push_back(Val::tuple(std::move(rest)));
  }
  // Variadic: print(*values) and its relatives.
  if (name == "tl.static_print")
    return staticPrint(call, args, kwargs);
  if (name == "tl.device_print" || name == "print")
    return devicePrint(call, shown, args, kwargs);
  if (name == "min" || name == "max") {
    // Python's min/max on constants: min(a, b, ...) or min(tuple).
    std::vector<Val> vals = args;
    if (vals.size() == 1 && vals[0].kind == Val::Tuple)
      vals = vals[0].elems;
    if (vals.empty() || !kwargs.empty())
      return error(call, shown + " expects constant numbers");
    // On runtime scalars or tensors, as in Triton's JIT: tl.minimum /
    // tl.maximum, pairwise from the left (Python's min of one value that is
    // not a sequence is an error).
    if (vals.size() == 1 && !vals[0].isNumber())
      return error(call, shown + " of one value needs a tuple of values; use "
                                 "tl.min / tl.max to reduce a tensor");
    if (llvm::any_of(vals, [](const Val &v) { return !v.isNumber(); })) {
      Val acc = vals[0];
      for (size_t i = 1; i < vals.size(); ++i) {
        acc = callBuiltin(name == "min" ? "tl.minimum" : "tl.maximum", call,
                          {acc, vals[i]}, {});
        if (acc.kind == Val::Error)
          return acc;
      }
      return acc;
    }
    Val best = vals[0];
    for (auto &v : vals) {
      double a = v.kind == Val::Float ? v.f : double(v.i);
      double c = best.kind == Val::Float ? best.f : double(best.i);
      if (name == "min" ? a < c : a > c)
        best = v;
    }
    return best;
  }
  if (args.size() > sig.params.size())
    return error(call, shown + " takes at most " +
                           llvm::Twine(sig.params.size()) +
                           " positional arguments but " +
                           llvm::Twine(args.size()) + " were given");
  std::vector<Val> a(sig.params.size(), Val::none());
  std::vector<bool> given(sig.params.size(), false);
  for (size_t i = 0; i < args.size(); ++i) {
    a[i] = args[i];
    given[i] = true;
  }
  for (auto &[kw, v] : kwargs) {
    size_t i = 0;
    while (i < sig.params.size() && kw != sig.params[i])
      ++i;
    if (i == sig.params.size())
      return error(call, shown + " got an unexpected keyword argument '" + kw +
                             "'");
    if (given[i])
      return error(call, shown + " got multiple values for argument '" + kw +
                             "'");
    a[i] = v;
    given[i] = true;
  }
  for (unsigned i = 0; i < sig.required; ++i)
    if (!given[i])
      return error(call, shown + " is missing required argument '" +
                             sig.params[i] + "'");

  mlir::Location l = loc(call);
  DType f32 = DType::scalar(ScalarKind::F32);

  // fp8 values are stored, loaded, moved and converted (and tl.dot converts
  // them itself); computing on them needs a conversion first.
  static const llvm::StringSet<> takesFP8 = {
      "tl.dot",
      "tl.where",   "tl.load",       "tl.store",       "tl.reshape",
      "tl.view",    "tl.trans",      "tl.permute",     "tl.broadcast_to",
      "tl.broadcast", "tl.expand_dims", "tl.ravel",    "tl.join",
      "tl.split",   "tl.interleave", "tl.cat",         "tl.flip",
      "tl.cast",    "tl.zeros",      "tl.full",        "tl.zeros_like",
      "tl.full_like", "tl.gather",   "tl.inline_asm_elementwise",
      "tl.multiple_of", "tl.max_contiguous", "tl.max_constancy",
      "tl.load_tensor_descriptor", "tl.store_tensor_descriptor",
      "tl.make_block_ptr", "tl.advance", "tl.make_tensor_descriptor"};
  if (!takesFP8.contains(name))
    for (const Val &v : a)
      if (v.isIR() && v.dtype.isFP8())
        return error(call, shown + " of " + v.dtype.tlName() +
                               " values is not supported: convert them with "
                               ".to(tl.float16) or .to(tl.float32) first");

  // 2. Dispatch: the families of their own files, then the rest.
  BuiltinCall c{name, call, a, given, shown, l, sig.params};
  for (auto family : {&CodeGen::shapeBuiltin, &CodeGen::memoryBuiltin,
                      &CodeGen::mathBuiltin, &CodeGen::scanBuiltin,
                      &CodeGen::reorderBuiltin, &CodeGen::lookupBuiltin,
                      &CodeGen::asmBuiltin})
    if (std::optional<Val> v = (this->*family)(c))
      return std::move(*v);
  if (name.starts_with("libdevice."))
    return libdevice(name, a, call);
  if (name == "tl.umulhi" || name == "tl.uint_to_uniform_float" ||
      name == "tl.pair_uniform_to_normal" || name == "tl.philox" ||
      name.starts_with("tl.rand"))
    return randomBuiltin(name, a, call);
  if (name == "tl.make_block_ptr")
    return makeBlockPtr(a, call);
  if (name == "tl.advance")
    return advance(a[0], a[1], call);
  if (name == "tl.make_tensor_descriptor")
    return makeTensorDescriptor(a, call);
  if (name == "tl.load_tensor_descriptor" || name == "tl.store_tensor_descriptor")
    return descriptorAccess(name == "tl.store_tensor_descriptor", a, call);
  if (name == "tl.debug_barrier") {
    b.create<mlir::tile::BarrierOp>(l);
    return Val::none();
  }
  if (name == "tl.static_assert") {
    bool t;
    if (!a[0].isConstexpr())
      return error(call, "tl.static_assert needs a compile-time condition, "
                         "got " + describe(a[0]));
    if (!truthy(a[0], call, t))
      return Val::error();
    if (!t)
      return error(call, "static assertion failed" +
                             (a[1].kind == Val::Str ? ": " + a[1].s
                                                    : std::string()));
    return Val::none();
  }
  if (name == "tl.device_assert") {
    // Triton checks device assertions only in debug mode (TRITON_DEBUG=1);
    // tilec has none, so they are compiled out, like a runtime `assert`.
    if (a[1].kind != Val::None && a[1].kind != Val::Str)
      return error(call, "the message of tl.device_assert must be a string, "
                         "got " + describe(a[1]));
    return Val::none();
  }
  if (name == "tl.assume") {
    // A promise for the optimizer (Triton 3.2+: llvm.assume). `x >= 0` and
    // `x > 0` (also `0 <= x`, `0 < x`) on a scalar mark x non-negative for
    // the contiguity analysis (AxisInfo.h); other conditions are dropped.
    if (a[0].isConstexpr()) {
      bool t;
      if (!truthy(a[0], call, t))
        return Val::error();
      if (!t)
        return error(call, "tl.assume of a condition that is false at compile "
                           "time");
    } else if (!a[0].isIR()) {
      return error(call, "tl.assume expects a condition, got " +
                             describe(a[0]));
    } else if (mlir::isa<mlir::func::FuncOp>(
                   b.getInsertionBlock()->getParentOp())) {
      // Only at the kernel's top level (helpers are inlined in place): an
      // assumption under a runtime `if` or in a loop holds only there.
      markAssumedNonNegative(a[0].v);
    }
    return Val::none();
  }
  if (name == "tl.extra.cuda.num_warps")
    return Val::integer(numWarps);
  if (name == "tl.extra.cuda.num_threads")
    return Val::integer(32 * int64_t(numWarps));
  if (name == "tl.constexpr")
    return a[0];
  if (name == "tl.multiple_of" || name == "tl.max_contiguous" ||
      name == "tl.max_constancy")
    return axisHint(name, a[0], a[1], call);
  if (name == "tl.range" || name == "tl.static_range" || name == "range")
    return error(call, shown + " can only be used as the iterable of a 'for' "
                               "loop");
  if (name == "float") {
    Val x = a[0];
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
      return error(call, "could not convert the string '" + x.s + "' to float");
    }
    if (x.isNumber())
      return Val::floating(x.kind == Val::Float ? x.f : double(x.i));
    if (x.isIR())
      return cast(x, f32, l, call);
    return error(call, "float() expects a number or a string, got " +
                           describe(x));
  }
  if (name == "int" || name == "bool") {
    Val x = a[0];
    if (!x.isNumber())
      return error(call, name + "() expects a compile-time number, got " +
                             describe(x));
    if (name == "bool") {
      bool t;
      truthy(x, call, t);
      return Val::boolean(t);
    }
    if (x.kind == Val::Float) {
      if (!std::isfinite(x.f) || std::fabs(x.f) > 9.2e18)
        return error(call, "cannot convert " + describe(x) + " to int");
      return Val::integer(int64_t(x.f));
    }
    return Val::integer(x.i);
  }
  if (name == "len") {
    if (a[0].kind != Val::Tuple)
      return error(call, "len() expects a tuple, got " + describe(a[0]));
    return Val::integer(a[0].elems.size());
  }
  if (name == "abs") {
    if (a[0].kind == Val::Int)
      return unaryOp(a[0].i < 0 ? UnaryOpKind::Neg : UnaryOpKind::Plus, a[0],
                     call);
    if (a[0].kind == Val::Float)
      return Val::floating(std::fabs(a[0].f));
    return callBuiltin("tl.abs", call, {a[0]}, {});
  }
  if (name == "isinstance")
    return error(call, "isinstance() is not supported in jit functions");
  return error(call, "'" + name + "' is not supported by tilec");
}
