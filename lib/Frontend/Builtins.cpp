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
      {"tl.static_assert", {{"cond", "msg"}, 1}},
      {"tl.device_assert", {{"cond", "msg", "mask"}, 1}},
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
      "floor",   "ceil",    "cast",
      // Triton's tensor members: ptr.atomic_add(val, mask=...) and the others
      "atomic_add", "atomic_max", "atomic_min", "atomic_and", "atomic_or",
      "atomic_xor", "atomic_xchg", "atomic_cas"};
  return methods.contains(name);
}

/// Reads a shape given as a tuple/list of constants.
static bool readShape(CodeGen &cg, const Val &v, const Expr &where,
                      llvm::SmallVector<int64_t> &shape) {
  std::vector<Val> dims = v.kind == Val::Tuple ? v.elems : std::vector<Val>{v};
  for (auto &d : dims) {
    int64_t n;
    if (!cg.requireInt(d, where, "each dimension of a shape", n))
      return false;
    if (n <= 0 || (n & (n - 1)) != 0) {
      cg.error(where, "shape dimension " + llvm::Twine(n) +
                          " is not a power of two; every tile dimension must "
                          "be a power of two");
      return false;
    }
    shape.push_back(n);
  }
  return true;
}

static bool readDType(CodeGen &cg, const Val &v, const Expr &where,
                      DType &out) {
  if (v.kind == Val::DTypeV) {
    out = v.dtype;
    return true;
  }
  if (v.kind == Val::Str)
    if (auto k = parseTLDTypeName(v.s)) {
      out = DType::scalar(*k);
      return true;
    }
  cg.error(where, "expected a dtype such as tl.float32, got " + describe(v));
  return false;
}

Val CodeGen::reduce(llvm::StringRef kind, const Val &xIn, const Val &axisV,
                    bool keepDims, const Expr &where) {
  mlir::Location l = loc(where);
  Val x = xIn;
  if (x.isNumber())
    x = toIR(x, l, where);
  if (!x.isIR())
    return error(where, "tl." + kind + " expects a tensor, got " + describe(x));
  if (x.dtype.isPointer)
    return error(where, "tl." + kind + " is not supported on pointers");
  auto shape = x.shape();
  if (shape.empty())
    return kind.starts_with("arg") ? materialize(Val::integer(0),
                                                 DType::scalar(ScalarKind::I32), l)
                                   : x;
  int64_t axis;
  bool all = axisV.kind == Val::None;
  if (all) {
    int64_t n = 1;
    for (int64_t d : shape)
      n *= d;
    if (shape.size() > 1)
      x = Val::ir(b.create<mlir::tile::ReshapeOp>(l, irType(x.dtype, {n}), x.v),
                  x.dtype);
    axis = 0;
  } else {
    if (!requireInt(axisV, where, "the reduction axis", axis))
      return Val::error();
    int64_t rank = shape.size();
    if (axis < -rank || axis >= rank)
      return error(where, "reduction axis " + llvm::Twine(axis) +
                              " is out of range for a tensor of rank " +
                              llvm::Twine(rank));
    if (axis < 0)
      axis += rank;
  }
  mlir::tile::ReduceKind rk = kind == "sum"      ? mlir::tile::ReduceKind::sum
                              : kind == "max"    ? mlir::tile::ReduceKind::max
                              : kind == "min"    ? mlir::tile::ReduceKind::min
                              : kind == "argmax" ? mlir::tile::ReduceKind::argmax
                                                 : mlir::tile::ReduceKind::argmin;
  DType resultType = kind.starts_with("arg") ? DType::scalar(ScalarKind::I32)
                                             : x.dtype;
  if (x.dtype.isBool() && !kind.starts_with("arg")) {
    x = cast(x, DType::scalar(ScalarKind::I32), l, where);
    resultType = x.dtype;
  }
  Val r = Val::ir(b.create<mlir::tile::ReduceOp>(l, rk, x.v, int32_t(axis)),
                  resultType);
  if (keepDims) {
    llvm::SmallVector<int64_t> kept(shape);
    if (all)
      for (auto &d : kept)
        d = 1;
    else
      kept[axis] = 1;
    mlir::Type t = irType(resultType, kept);
    if (r.shape().empty())
      r = Val::ir(b.create<mlir::tile::SplatOp>(l, t, r.v), resultType);
    else
      r = Val::ir(b.create<mlir::tile::ReshapeOp>(l, t, r.v), resultType);
  }
  return r;
}

/// tl.atomic_add / max / min / and / or / xor / xchg (pointer, val, mask,
/// sem, scope) and tl.atomic_cas (pointer, cmp, val, sem, scope), bound by
/// callBuiltin: Triton's argument rules (val cast to the pointee type and
/// broadcast to the pointer's shape, or the pointer to val's; sem and scope
/// strings, default "acq_rel" and "gpu").
Val CodeGen::atomic(llvm::StringRef name, std::vector<Val> &a,
                    const Expr &call) {
  mlir::Location l = loc(call);
  std::string op = name.drop_front(strlen("tl.atomic_")).str();
  bool cas = op == "cas";
  Val ptr = a[0];
  if (!ptr.isIR() || !ptr.dtype.isPointer)
    return error(call, name + " expects a pointer or a tensor of pointers, got " +
                           describe(ptr));
  DType elt = ptr.dtype.pointee();
  ScalarKind k = elt.kind;
  bool isInt = k == ScalarKind::I32 || k == ScalarKind::I64 ||
               k == ScalarKind::U32 || k == ScalarKind::U64;
  bool wideFloat = k == ScalarKind::F32 || k == ScalarKind::F64;
  bool ok = op == "add"   ? isInt || wideFloat || k == ScalarKind::F16 ||
                                k == ScalarKind::BF16
            : op == "max" || op == "min" || op == "xchg" ? isInt || wideFloat
            : op == "cas" ? isInt || wideFloat || k == ScalarKind::I16 ||
                                k == ScalarKind::U16 || k == ScalarKind::F16 ||
                                k == ScalarKind::BF16
                          : isInt; // and, or, xor
  if (!ok)
    return error(call, name + " does not support pointers to " + elt.tlName() +
                           (op == "and" || op == "or" || op == "xor"
                                ? "; it takes 32- or 64-bit integers"
                                : ""));
  auto readEnum = [&](unsigned i, const char *what, const char *dflt,
                      std::initializer_list<const char *> allowed,
                      std::string &out) {
    out = dflt;
    if (a[i].kind == Val::None || (a[i].kind == Val::Str && a[i].s.empty()))
      return true; // Triton: None or "" is the default
    if (a[i].kind != Val::Str) {
      error(call, llvm::Twine(what) + " of " + name + " must be a string, got " +
                      describe(a[i]));
      return false;
    }
    std::string list;
    for (const char *v : allowed) {
      if (a[i].s == v) {
        out = v;
        return true;
      }
      list += (list.empty() ? "'" : ", '") + std::string(v) + "'";
    }
    error(call, llvm::Twine(what) + " '" + a[i].s + "' of " + name +
                    " is not one of " + list);
    return false;
  };
  unsigned semIdx = 3, scopeIdx = 4;
  std::string semS, scopeS;
  if (!readEnum(semIdx, "sem", "acq_rel", {"acquire", "release", "acq_rel", "relaxed"},
                semS) ||
      !readEnum(scopeIdx, "scope", "gpu", {"gpu", "cta", "sys"}, scopeS))
    return Val::error();
  auto sem = *mlir::tile::symbolizeMemSemantic(semS);
  auto scope = *mlir::tile::symbolizeMemScope(scopeS);

  // Operands: cast to the pointee type; a scalar pointer broadcast to the
  // shape of a tensor value (as tl.store does), values to the pointer's.
  std::vector<Val *> vals = cas ? std::vector<Val *>{&a[1], &a[2]}
                                : std::vector<Val *>{&a[1]};
  for (Val *v : vals) {
    if (!v->isIR() && !v->isNumber())
      return error(call, name + " expects a value, got " + describe(*v));
    if (v->isIR() && v->dtype.isPointer)
      return error(call, name + " cannot apply " + describe(*v) + " through " +
                             describe(ptr));
    if (v->isIR() && !v->shape().empty() && ptr.shape().empty())
      ptr = broadcastTo(ptr, v->shape(), l, call);
    if (ptr.isError())
      return ptr;
  }
  for (Val *v : vals) {
    *v = cast(*v, elt, l, call);
    if (!v->isError())
      *v = broadcastTo(*v, ptr.shape(), l, call);
    if (v->isError())
      return Val::error();
  }
  if (cas) {
    auto r = b.create<mlir::tile::AtomicCASOp>(
        l, a[2].v.getType(),
        mlir::tile::MemSemanticAttr::get(b.getContext(), sem),
        mlir::tile::MemScopeAttr::get(b.getContext(), scope), ptr.v, a[1].v,
        a[2].v);
    return Val::ir(r, elt);
  }
  Val mask = a[2];
  if (mask.kind != Val::None) {
    if (mask.isNumber())
      mask = materialize(mask, DType::scalar(ScalarKind::I1), l);
    if (!mask.isIR() || !mask.dtype.isBool())
      return error(call, "the mask of " + name +
                             " must be a boolean (int1) tensor, got " +
                             describe(mask) + "; compare it, e.g. mask != 0");
    if (!mask.shape().empty() && ptr.shape().empty()) {
      ptr = broadcastTo(ptr, mask.shape(), l, call);
      a[1] = broadcastTo(a[1], mask.shape(), l, call);
      if (ptr.isError() || a[1].isError())
        return Val::error();
    }
    mask = broadcastTo(mask, ptr.shape(), l, call);
    if (mask.isError())
      return mask;
  }
  using mlir::tile::AtomicKind;
  bool uns = elt.isUnsigned();
  AtomicKind kind = op == "add"   ? AtomicKind::add
                    : op == "max" ? (uns ? AtomicKind::umax : AtomicKind::max)
                    : op == "min" ? (uns ? AtomicKind::umin : AtomicKind::min)
                    : op == "and" ? AtomicKind::and_
                    : op == "or"  ? AtomicKind::or_
                    : op == "xor" ? AtomicKind::xor_
                                  : AtomicKind::xchg;
  auto r = b.create<mlir::tile::AtomicRMWOp>(
      l, kind, sem, scope, ptr.v, a[1].v, mask.isIR() ? mask.v : mlir::Value());
  return Val::ir(r, elt);
}

/// Triton's cache modifiers (tl.load: .ca .cg .cv; tl.store: .wb .cg .cs
/// .wt; tilec also takes .cs and .lu on loads, the PTX qualifiers) and
/// eviction policies.
static bool validCacheOption(bool cache, bool store, llvm::StringRef v) {
  if (!cache)
    return v == "evict_first" || v == "evict_last" || v == "evict_unchanged" ||
           v == "no_allocate" || v == "evict_normal"; // the default: no hint
  if (!v.starts_with("."))
    return validCacheOption(cache, store, ("." + v).str());
  if (store)
    return v == ".wb" || v == ".cg" || v == ".cs" || v == ".wt";
  return v == ".ca" || v == ".cg" || v == ".cs" || v == ".lu" || v == ".cv";
}

static std::string cacheOptionError(bool cache, bool store, llvm::StringRef v) {
  if (!cache)
    return "eviction_policy must be 'evict_first', 'evict_last', "
           "'evict_normal', 'evict_unchanged' or 'no_allocate', got '" +
           v.str() + "'";
  return std::string("cache_modifier of tl.") + (store ? "store" : "load") +
         " must be " + (store ? "'.wb', '.cg', '.cs' or '.wt'"
                              : "'.ca', '.cg', '.cs', '.lu' or '.cv'") +
         ", got '" + v.str() + "'";
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
  DType i32 = DType::scalar(ScalarKind::I32);
  DType f32 = DType::scalar(ScalarKind::F32);
  auto asTensor = [&](const Val &v) -> Val {
    if (v.isNumber())
      return toIR(v, l, call);
    if (!v.isIR())
      return error(call, shown + " expects a tensor, got " + describe(v));
    return v;
  };

  // 2. Dispatch.
  if (name == "tl.program_id" || name == "tl.num_programs") {
    int64_t axis;
    if (!requireInt(a[0], call, "the axis", axis))
      return Val::error();
    if (axis < 0 || axis > 2)
      return error(call, shown + " axis must be 0, 1 or 2, got " +
                             llvm::Twine(axis));
    if (name == "tl.program_id")
      return Val::ir(b.create<mlir::tile::ProgramIdOp>(l, int32_t(axis)), i32);
    return Val::ir(b.create<mlir::tile::NumProgramsOp>(l, int32_t(axis)), i32);
  }
  if (name == "tl.arange") {
    int64_t start, end;
    if (!requireInt(a[0], call, "the start of tl.arange", start) ||
        !requireInt(a[1], call, "the end of tl.arange", end))
      return Val::error();
    if (end <= start)
      return error(call, "tl.arange(" + llvm::Twine(start) + ", " +
                             llvm::Twine(end) +
                             ") is empty: end must be greater than start");
    int64_t n = end - start;
    if ((n & (n - 1)) != 0)
      return error(call, "tl.arange(" + llvm::Twine(start) + ", " +
                             llvm::Twine(end) + ") has " + llvm::Twine(n) +
                             " elements, which is not a power of two");
    if (start < std::numeric_limits<int32_t>::min() ||
        end > std::numeric_limits<int32_t>::max() || n > (1 << 20))
      return error(call, "tl.arange range is too large (at most 2**20 "
                         "elements within int32)");
    return Val::ir(b.create<mlir::tile::MakeRangeOp>(l, int32_t(start),
                                                     int32_t(end)),
                   i32);
  }
  if (name == "tl.zeros" || name == "tl.full") {
    llvm::SmallVector<int64_t> shape;
    Val value = name == "tl.zeros" ? Val::integer(0) : a[1];
    DType dt;
    if (!readShape(*this, a[0], call, shape) ||
        !readDType(*this, name == "tl.zeros" ? a[1] : a[2], call, dt))
      return Val::error();
    int64_t n = 1;
    for (int64_t d : shape)
      n *= d;
    if (n > (1 << 24))
      return error(call, shown + " shape " + shapeStr(shape) +
                             " has too many elements");
    if (dt.isPointer)
      return error(call, shown + " cannot create a tensor of pointers");
    if (value.isNumber() && !value.isIR()) {
      Val scalar = materialize(value, dt, l);
      if (shape.empty())
        return scalar;
      auto cst = scalar.v.getDefiningOp<arith::ConstantOp>();
      auto t = mlir::RankedTensorType::get(shape, dt.toMLIR(&ctx));
      mlir::Value dense = b.create<arith::ConstantOp>(
          l, mlir::SplatElementsAttr::get(t, cst.getValue()));
      cst.erase();
      return Val::ir(dense, dt);
    }
    Val scalar = cast(value, dt, l, call);
    if (scalar.isError())
      return scalar;
    if (!scalar.shape().empty())
      return error(call, shown + " value must be a scalar, got " +
                             describe(value));
    return broadcastTo(scalar, shape, l, call);
  }
  if (name == "tl.zeros_like" || name == "tl.full_like") {
    Val x = asTensor(a[0]);
    if (x.isError())
      return x;
    DType dt = x.dtype;
    Val dtv = name == "tl.zeros_like" ? a[1] : a[2];
    if (dtv.kind != Val::None && !readDType(*this, dtv, call, dt))
      return Val::error();
    std::vector<Val> shapeVals;
    for (int64_t d : x.shape())
      shapeVals.push_back(Val::integer(d));
    std::vector<Val> fargs{Val::tuple(shapeVals),
                           name == "tl.zeros_like" ? Val::integer(0) : a[1],
                           Val::dtypeVal(dt)};
    if (x.shape().empty()) {
      return cast(fargs[1], dt, l, call);
    }
    return callBuiltin("tl.full", call, fargs, {});
  }
  if (name == "tl.load") {
    Val ptr = a[0], mask = a[1], other = a[2];
    if (ptr.kind == Val::BlockPtr) {
      if (mask.kind != Val::None || other.kind != Val::None)
        return error(call, "tl.load of a block pointer takes boundary_check "
                           "and padding_option, not mask or other");
      Val pad = a[4];
      if (pad.kind != Val::None && pad.kind != Val::Str)
        return error(call, "padding_option must be a string, got " +
                               describe(pad));
      std::string padding = pad.kind == Val::Str ? pad.s : "";
      DType elem = ptr.elems[0].dtype.pointee();
      if (padding == "nan" && !elem.isFloat())
        return error(call, "padding_option 'nan' needs a floating-point "
                           "block, got " + elem.tlName());
      if (!padding.empty() && padding != "zero" && padding != "nan")
        return error(call, "padding_option must be 'zero' or 'nan', got '" +
                               padding + "'");
      if (!blockPtrAddress(a[0], a[3], call, ptr, mask))
        return Val::error();
      if (mask.kind != Val::None && !padding.empty())
        other = padding == "nan" ? Val::floating(std::nan(""))
                                 : Val::integer(0);
    } else {
      if (!ptr.isIR() || !ptr.dtype.isPointer)
        return error(call, "tl.load expects a pointer or a tensor of "
                           "pointers, got " + describe(ptr));
      if (a[3].kind != Val::None &&
          !(a[3].kind == Val::Tuple && a[3].elems.empty()))
        return error(call, "boundary_check is only meaningful for block "
                           "pointers (tl.make_block_ptr); use mask");
      if (a[4].kind != Val::None && !(a[4].kind == Val::Str && a[4].s.empty()))
        return error(call, "padding_option is only meaningful for block "
                           "pointers (tl.make_block_ptr); use other");
    }
    if (mask.kind != Val::None) {
      if (mask.isNumber())
        mask = materialize(mask, DType::scalar(ScalarKind::I1), l);
      if (!mask.isIR())
        return error(call, "the mask of tl.load must be a boolean tensor, got " +
                               describe(mask));
      if (!mask.dtype.isBool())
        return error(call, "the mask of " + shown.substr(0, shown.size() - 2) +
                               " must be a boolean (int1) tensor, got " +
                               describe(mask) + "; compare it, e.g. mask != 0");
      if (!broadcastPair(ptr, mask, l, call))
        return Val::error();
    }
    if (other.kind != Val::None) {
      if (mask.kind == Val::None)
        other = Val::none(); // Triton ignores `other` without a mask
      else {
        other = cast(other, ptr.dtype.pointee(), l, call);
        other = broadcastTo(other, ptr.shape(), l, call);
        if (other.isError())
          return other;
      }
    }
    auto op = b.create<mlir::tile::LoadOp>(
        l, ptr.v, mask.isIR() ? mask.v : mlir::Value(),
        other.isIR() ? other.v : mlir::Value());
    for (int k : {5, 6}) {
      if (a[k].kind == Val::Str && !a[k].s.empty()) {
        if (!validCacheOption(k == 5, /*store=*/false, a[k].s))
          return error(call, cacheOptionError(k == 5, false, a[k].s));
        op->setAttr(k == 5 ? "cache" : "evict", b.getStringAttr(a[k].s));
      } else if (a[k].kind != Val::None && a[k].kind != Val::Str)
        return error(call, llvm::Twine(sig.params[k]) + " must be a string");
    }
    if (a[7].kind == Val::Bool && a[7].i)
      op->setAttr("isVolatile", b.getUnitAttr());
    return Val::ir(op, ptr.dtype.pointee());
  }
  if (name == "tl.store") {
    Val ptr = a[0];
    Val value = a[1], mask = a[2];
    if (ptr.kind == Val::BlockPtr) {
      if (mask.kind != Val::None)
        return error(call, "tl.store to a block pointer takes boundary_check, "
                           "not mask");
      if (!blockPtrAddress(a[0], a[3], call, ptr, mask))
        return Val::error();
    } else {
      if (!ptr.isIR() || !ptr.dtype.isPointer)
        return error(call, "tl.store expects a pointer or a tensor of "
                           "pointers, got " + describe(ptr));
      if (a[3].kind != Val::None &&
          !(a[3].kind == Val::Tuple && a[3].elems.empty()))
        return error(call, "boundary_check is only meaningful for block "
                           "pointers (tl.make_block_ptr); use mask");
    }
    if (value.isIR() && value.dtype.isPointer != ptr.dtype.isPointer &&
        value.dtype.isPointer)
      return error(call, "cannot store " + describe(value) + " through " +
                             describe(ptr));
    if (!value.isIR() && !value.isNumber())
      return error(call, "tl.store expects a value to store, got " +
                             describe(value));
    if (value.isIR() && value.shape().size() > ptr.shape().size() &&
        !ptr.shape().empty())
      return error(call, "cannot store " + describe(value) + " through " +
                             describe(ptr) + ": the shapes are incompatible");
    if (value.isIR() && !value.shape().empty() && ptr.shape().empty())
      ptr = broadcastTo(ptr, value.shape(), l, call);
    if (mask.kind != Val::None) {
      if (mask.isNumber())
        mask = materialize(mask, DType::scalar(ScalarKind::I1), l);
      if (!mask.isIR())
        return error(call, "the mask of tl.store must be a boolean tensor, "
                           "got " + describe(mask));
      if (!mask.dtype.isBool())
        return error(call, "the mask of " + shown.substr(0, shown.size() - 2) +
                               " must be a boolean (int1) tensor, got " +
                               describe(mask) + "; compare it, e.g. mask != 0");
      if (!broadcastPair(ptr, mask, l, call))
        return Val::error();
    }
    value = cast(value, ptr.dtype.pointee(), l, call);
    value = broadcastTo(value, ptr.shape(), l, call);
    if (value.isError() || ptr.isError())
      return Val::error();
    auto op = b.create<mlir::tile::StoreOp>(l, ptr.v, value.v,
                                            mask.isIR() ? mask.v : mlir::Value());
    for (int k : {4, 5}) {
      if (a[k].kind == Val::Str && !a[k].s.empty()) {
        if (!validCacheOption(k == 4, /*store=*/true, a[k].s)) {
          op->erase();
          return error(call, cacheOptionError(k == 4, true, a[k].s));
        }
        op->setAttr(k == 4 ? "cache" : "evict", b.getStringAttr(a[k].s));
      } else if (a[k].kind != Val::None && a[k].kind != Val::Str) {
        op->erase();
        return error(call, llvm::Twine(sig.params[k]) + " must be a string");
      }
    }
    return Val::none();
  }
  if (name.starts_with("tl.atomic_"))
    return atomic(name, a, call);
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
  if (name == "tl.where") {
    Val c = a[0], x = a[1], y = a[2];
    if (c.isConstexpr()) {
      bool t;
      if (!truthy(c, call, t))
        return Val::error();
      return t ? x : y;
    }
    if (!c.isIR())
      return error(call, "tl.where condition must be a boolean tensor, got " +
                             describe(c));
    if (!c.dtype.isBool())
      c = cast(c, DType::scalar(ScalarKind::I1), l, call);
    if (x.isNumber() && y.isNumber())
      x = toIR(x, l, call);
    if (!(x.isIR() || x.isNumber()) || !(y.isIR() || y.isNumber()))
      return error(call, "tl.where expects tensors or numbers, got " +
                             describe(x) + " and " + describe(y));
    std::optional<DType> pt = (x.isIR() && x.dtype.isPointer) ? x.dtype
                              : (y.isIR() && y.dtype.isPointer)
                                  ? y.dtype
                                  : promote(x, y, call, "where");
    if (!pt)
      return Val::error();
    DType dt = *pt;
    x = cast(x, dt, l, call);
    y = cast(y, dt, l, call);
    if (x.isError() || y.isError() || !broadcastPair(x, y, l, call) ||
        !broadcastPair(c, x, l, call) || !broadcastPair(x, y, l, call) ||
        !broadcastPair(c, y, l, call))
      return Val::error();
    return Val::ir(b.create<arith::SelectOp>(l, c.v, x.v, y.v), dt);
  }
  if (name == "tl.maximum" || name == "tl.minimum") {
    Val x = a[0], y = a[1];
    if (x.isNumber() && y.isNumber()) {
      double p = x.kind == Val::Float ? x.f : double(x.i);
      double q = y.kind == Val::Float ? y.f : double(y.i);
      return (name == "tl.maximum") == (p >= q) ? x : y;
    }
    if (!(x.isIR() || x.isNumber()) || !(y.isIR() || y.isNumber()))
      return error(call, shown + " expects tensors or numbers");
    std::optional<DType> pt = promote(x, y, call, name.drop_front(3));
    if (!pt)
      return Val::error();
    DType dt = *pt;
    x = cast(x, dt, l, call);
    y = cast(y, dt, l, call);
    if (x.isError() || y.isError() || !broadcastPair(x, y, l, call))
      return Val::error();
    bool mx = name == "tl.maximum";
    bool nanProp = a[2].kind == Val::Str && a[2].s == "all";
    mlir::Value r;
    if (dt.isFloat()) {
      if (nanProp)
        r = mx ? b.create<arith::MaximumFOp>(l, x.v, y.v).getResult()
               : b.create<arith::MinimumFOp>(l, x.v, y.v).getResult();
      else
        r = mx ? b.create<arith::MaxNumFOp>(l, x.v, y.v).getResult()
               : b.create<arith::MinNumFOp>(l, x.v, y.v).getResult();
    } else if (dt.isUnsigned() || dt.isBool()) {
      r = mx ? b.create<arith::MaxUIOp>(l, x.v, y.v).getResult()
             : b.create<arith::MinUIOp>(l, x.v, y.v).getResult();
    } else if (!dt.isPointer) {
      r = mx ? b.create<arith::MaxSIOp>(l, x.v, y.v).getResult()
             : b.create<arith::MinSIOp>(l, x.v, y.v).getResult();
    } else {
      return error(call, shown + " is not supported on pointers");
    }
    return Val::ir(r, dt);
  }
  if (name == "tl.clamp") {
    Val lo = callBuiltin("tl.maximum", call, {a[0], a[1], a[3]}, {});
    return callBuiltin("tl.minimum", call, {lo, a[2], a[3]}, {});
  }
  if (name == "tl.max" || name == "tl.min" || name == "tl.sum" ||
      name == "tl.argmax" || name == "tl.argmin") {
    std::string kind = name.drop_front(3).str();
    bool keep = false;
    unsigned keepIdx = kind == "sum" ? 2 : kind.rfind("arg", 0) == 0 ? 3 : 4;
    if (a[keepIdx].kind != Val::None) {
      bool t;
      if (!truthy(a[keepIdx], call, t))
        return Val::error();
      keep = t;
    }
    // Triton's rules (triton/language/standard.py): tl.max/min/argmax/argmin
    // compute bf16 in fp32; tl.max/tl.min without indices also widen every
    // narrower type (fp16 -> fp32, 8/16-bit ints -> int32); tl.sum widens
    // 8/16-bit ints to (u)int32 and keeps 16-bit floats (the lowering
    // accumulates them in fp32 and rounds once).
    Val x = asTensor(a[0]);
    if (x.isError())
      return x;
    if (kind == "sum" && a[3].kind != Val::None) {
      DType dt;
      if (!readDType(*this, a[3], call, dt))
        return Val::error();
      return reduce("sum", cast(x, dt, l, call), a[1], keep, call);
    }
    if (kind != "sum" && !x.dtype.isPointer && x.dtype.kind == ScalarKind::BF16)
      x = cast(x, f32, l, call);
    if (kind == "sum" && x.dtype.isInt() && x.dtype.bitwidth() < 32)
      x = cast(x, x.dtype.isUnsigned() ? DType::scalar(ScalarKind::U32) : i32,
               l, call);
    bool withIdx = false;
    if ((kind == "max" || kind == "min") && a[2].kind != Val::None &&
        !truthy(a[2], call, withIdx))
      return Val::error();
    // Index reductions of booleans compare them as int32 (the GPU's argmax /
    // argmin lowering takes 8-bit and wider elements); the values stay bool.
    Val xIdx = x.dtype.isBool() ? cast(x, i32, l, call) : x;
    if (withIdx) {
      Val v = reduce(kind, x, a[1], keep, call);
      Val idx = reduce("arg" + kind, xIdx, a[1], keep, call);
      if (v.isError() || idx.isError())
        return Val::error();
      return Val::tuple({v, idx});
    }
    if ((kind == "max" || kind == "min") && !x.dtype.isPointer &&
        !x.dtype.isBool() && x.dtype.bitwidth() < 32)
      x = cast(x, x.dtype.isFloat() ? f32 : i32, l, call);
    return reduce(kind, kind.rfind("arg", 0) == 0 ? xIdx : x, a[1], keep, call);
  }
  if (name == "tl.dot") {
    Val x = asTensor(a[0]), y = asTensor(a[1]);
    if (x.isError() || y.isError())
      return Val::error();
    auto sx = x.shape(), sy = y.shape();
    if (sx.size() != 2 || sy.size() != 2)
      return error(call, "tl.dot expects 2-D tensors, got " + shapeStr(sx) +
                             " and " + shapeStr(sy));
    if (sx[1] != sy[0])
      return error(call, "tl.dot: the inner dimensions differ: " +
                             shapeStr(sx) + " @ " + shapeStr(sy));
    if (sx[0] < 16 || sx[1] < 16 || sy[1] < 16)
      return error(call, "tl.dot needs every dimension to be at least 16, got " +
                             shapeStr(sx) + " @ " + shapeStr(sy));
    if (x.dtype != y.dtype)
      return error(call, "tl.dot operands must have the same dtype, got " +
                             x.dtype.tlName() + " and " + y.dtype.tlName());
    if (x.dtype.isPointer || x.dtype.isBool())
      return error(call, "tl.dot does not support " + x.dtype.tlName() +
                             " operands");
    DType outT = x.dtype.isInt() ? i32 : f32;
    if (a[6].kind != Val::None && !readDType(*this, a[6], call, outT))
      return Val::error();
    mlir::tile::InputPrecision prec = mlir::tile::InputPrecision::tf32;
    if (a[3].kind == Val::Str) {
      if (a[3].s == "tf32") prec = mlir::tile::InputPrecision::tf32;
      else if (a[3].s == "tf32x3") prec = mlir::tile::InputPrecision::tf32x3;
      else if (a[3].s == "ieee") prec = mlir::tile::InputPrecision::ieee;
      else
        return error(call, "unknown input_precision '" + a[3].s +
                               "' (expected \"tf32\", \"tf32x3\" or \"ieee\")");
    } else if (a[4].kind == Val::Bool && !a[4].i) {
      prec = mlir::tile::InputPrecision::ieee;
    }
    llvm::SmallVector<int64_t> outShape{sx[0], sy[1]};
    Val acc = a[2];
    if (acc.kind == Val::None) {
      acc = zerosLike(outT, outShape, l);
    } else {
      acc = asTensor(acc);
      if (acc.isError())
        return acc;
      if (acc.shape() != outShape || acc.dtype != outT) {
        if (acc.shape() == outShape && a[6].kind == Val::None &&
            acc.dtype.isFloat()) {
          outT = acc.dtype;
        } else {
          return error(call, "tl.dot accumulator must be a " + outT.tlName() +
                                 " tensor of shape " + shapeStr(outShape) +
                                 ", got " + describe(acc));
        }
      }
    }
    auto op = b.create<mlir::tile::DotOp>(l, acc.v.getType(), x.v, y.v, acc.v,
                                          prec);
    return Val::ir(op, outT);
  }
  if (name == "tl.exp" || name == "tl.exp2" || name == "tl.log" ||
      name == "tl.log2" || name == "tl.sqrt" || name == "tl.sqrt_rn" ||
      name == "tl.rsqrt" || name == "tl.sigmoid" || name == "tl.cos" ||
      name == "tl.sin" || name == "tl.erf" || name == "tl.floor" ||
      name == "tl.ceil" || name == "tl.abs") {
    Val x = a[0];
    if (x.isNumber() && name != "tl.abs") // math on a constant: do it in fp32
      x = toIR(Val::floating(x.kind == Val::Float ? x.f : double(x.i)), l, call);
    x = asTensor(x);
    if (x.isError())
      return x;
    if (x.dtype.isPointer)
      return error(call, shown + " is not supported on pointers");
    if (name == "tl.abs") {
      if (x.dtype.isFloat())
        return Val::ir(b.create<math::AbsFOp>(l, x.v), x.dtype);
      if (x.dtype.isUnsigned() || x.dtype.isBool())
        return x;
      return Val::ir(b.create<math::AbsIOp>(l, x.v), x.dtype);
    }
    if (!x.dtype.isFloat()) // integers compute in fp32, as in Triton
      x = cast(x, f32, l, call);
    // fp16/bf16 inputs of transcendental functions are computed in fp32 and
    // rounded back (Triton rejects them; floor/ceil are exact in any width).
    DType resultType = x.dtype;
    if (x.dtype.bitwidth() == 16 && name != "tl.floor" && name != "tl.ceil")
      x = cast(x, f32, l, call);
    mlir::Value v = x.v, r;
    if (name == "tl.exp") r = b.create<math::ExpOp>(l, v);
    else if (name == "tl.exp2") r = b.create<math::Exp2Op>(l, v);
    else if (name == "tl.log") r = b.create<math::LogOp>(l, v);
    else if (name == "tl.log2") r = b.create<math::Log2Op>(l, v);
    else if (name == "tl.sqrt" || name == "tl.sqrt_rn") r = b.create<math::SqrtOp>(l, v);
    else if (name == "tl.rsqrt") r = b.create<math::RsqrtOp>(l, v);
    else if (name == "tl.cos") r = b.create<math::CosOp>(l, v);
    else if (name == "tl.sin") r = b.create<math::SinOp>(l, v);
    else if (name == "tl.erf") r = b.create<math::ErfOp>(l, v);
    else if (name == "tl.floor") r = b.create<math::FloorOp>(l, v);
    else if (name == "tl.ceil") r = b.create<math::CeilOp>(l, v);
    else { // sigmoid(x) = 1 / (1 + exp(-x))
      Val one = broadcastTo(materialize(Val::floating(1), x.dtype, l), x.shape(),
                            l, call);
      mlir::Value e = b.create<math::ExpOp>(l, b.create<arith::NegFOp>(l, v));
      r = b.create<arith::DivFOp>(l, one.v, b.create<arith::AddFOp>(l, one.v, e));
    }
    return cast(Val::ir(r, x.dtype), resultType, l, call);
  }
  if (name == "tl.fma") {
    Val x = a[0], y = a[1], z = a[2];
    Val xy = binaryOp("*", x, y, call); // for the promoted type and shape
    if (xy.isError())
      return xy;
    if (!xy.isIR())
      return binaryOp("+", xy, z, call);
    if (!xy.dtype.isFloat())
      return binaryOp("+", xy, z, call);
    xy.v.getDefiningOp()->erase();
    x = cast(x, xy.dtype, l, call);
    y = cast(y, xy.dtype, l, call);
    z = cast(z, xy.dtype, l, call);
    if (x.isError() || y.isError() || z.isError())
      return Val::error();
    if (!broadcastPair(x, y, l, call) || !broadcastPair(x, z, l, call) ||
        !broadcastPair(y, z, l, call))
      return Val::error();
    return Val::ir(b.create<math::FmaOp>(l, x.v, y.v, z.v), xy.dtype);
  }
  if (name == "tl.cdiv") {
    Val x = a[0], d = a[1];
    if (x.isNumber() && d.isNumber()) {
      if (x.kind == Val::Float || d.kind == Val::Float)
        return error(call, "tl.cdiv expects integers");
      Val sum = constBinary("+", x, d, call);
      if (sum.isError())
        return sum;
      return constBinary("//", constBinary("-", sum, Val::integer(1), call), d,
                         call);
    }
    Val num = binaryOp("-", binaryOp("+", x, d, call), Val::integer(1), call);
    return binaryOp("//", num, d, call);
  }
  if (name == "tl.next_power_of_2") {
    int64_t n;
    if (!requireInt(a[0], call, "the argument of next_power_of_2", n))
      return Val::error();
    if (n > (int64_t(1) << 62))
      return error(call, "next_power_of_2 argument is too large");
    int64_t p = 1;
    while (p < n)
      p <<= 1;
    return Val::integer(p);
  }
  if (name == "tl.cast") {
    DType to;
    if (!readDType(*this, a[1], call, to))
      return Val::error();
    bool bitcast = false;
    if (a[3].kind != Val::None && !truthy(a[3], call, bitcast))
      return Val::error();
    if (a[0].isNumber() && !bitcast) {
      Val x = a[0];
      return cast(x, to, l, call);
    }
    return cast(asTensor(a[0]), to, l, call, bitcast);
  }
  if (name == "tl.reshape" || name == "tl.view") {
    Val x = asTensor(a[0]);
    llvm::SmallVector<int64_t> shape;
    if (x.isError() || !readShape(*this, a[1], call, shape))
      return Val::error();
    int64_t n = 1, m = 1;
    for (int64_t d : shape)
      n *= d;
    for (int64_t d : x.shape())
      m *= d;
    if (n != m)
      return error(call, "cannot reshape " + describe(x) + " to shape " +
                             shapeStr(shape) + ": the element counts differ");
    if (x.shape().empty())
      return broadcastTo(x, shape, l, call);
    if (shape.empty())
      return error(call, "cannot reshape a tensor to a scalar");
    return Val::ir(b.create<mlir::tile::ReshapeOp>(l, irType(x.dtype, shape), x.v),
                   x.dtype);
  }
  if (name == "tl.trans" || name == "tl.permute") {
    Val x = asTensor(a[0]);
    if (x.isError())
      return x;
    int64_t rank = x.shape().size();
    llvm::SmallVector<int32_t> order;
    if (a[1].kind == Val::None ||
        (a[1].kind == Val::Tuple && a[1].elems.empty())) {
      if (rank != 2)
        return error(call, shown + " without dims needs a 2-D tensor, got " +
                               describe(x));
      order = {1, 0};
    } else {
      Val dims = a[1];
      if (dims.kind == Val::Tuple && dims.elems.size() == 1 &&
          dims.elems[0].kind == Val::Tuple)
        dims = dims.elems[0];
      std::vector<Val> ds = dims.kind == Val::Tuple ? dims.elems
                                                    : std::vector<Val>{dims};
      std::vector<bool> seen(rank, false);
      for (auto &d : ds) {
        int64_t v;
        if (!requireInt(d, call, "each permutation index", v))
          return Val::error();
        if (v < 0 || v >= rank || seen[v])
          return error(call, shown + " dims must be a permutation of 0.." +
                                 llvm::Twine(rank - 1));
        seen[v] = true;
        order.push_back(v);
      }
      if ((int64_t)order.size() != rank)
        return error(call, shown + " dims must be a permutation of 0.." +
                               llvm::Twine(rank - 1));
    }
    return Val::ir(b.create<mlir::tile::TransOp>(l, x.v, order), x.dtype);
  }
  if (name == "tl.broadcast_to") {
    llvm::SmallVector<int64_t> shape;
    if (!readShape(*this, a[1], call, shape))
      return Val::error();
    return broadcastTo(asTensor(a[0]), shape, l, call);
  }
  if (name == "tl.broadcast") {
    Val x = asTensor(a[0]), y = asTensor(a[1]);
    if (x.isError() || y.isError() || !broadcastPair(x, y, l, call))
      return Val::error();
    return Val::tuple({x, y});
  }
  if (name == "tl.expand_dims") {
    Val x = asTensor(a[0]);
    if (x.isError())
      return x;
    std::vector<Val> axes = a[1].kind == Val::Tuple ? a[1].elems
                                                    : std::vector<Val>{a[1]};
    for (auto &ax : axes) {
      int64_t axis;
      if (!requireInt(ax, call, "the axis", axis))
        return Val::error();
      int64_t rank = x.shape().size();
      if (axis < 0)
        axis += rank + 1;
      if (axis < 0 || axis > rank)
        return error(call, "expand_dims axis is out of range for " +
                               describe(x));
      if (rank == 0)
        x = Val::ir(b.create<mlir::tile::SplatOp>(l, irType(x.dtype, {1}), x.v),
                    x.dtype);
      else
        x = Val::ir(b.create<mlir::tile::ExpandDimsOp>(l, x.v, int32_t(axis)),
                    x.dtype);
    }
    return x;
  }
  if (name == "tl.ravel") {
    Val x = asTensor(a[0]);
    if (x.isError() || x.shape().size() <= 1)
      return x;
    int64_t n = 1;
    for (int64_t d : x.shape())
      n *= d;
    return Val::ir(b.create<mlir::tile::ReshapeOp>(l, irType(x.dtype, {n}), x.v),
                   x.dtype);
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
  if (name == "tl.pointer_type") {
    // The dtype of pointers to element_ty (Triton's tl.pointer_type), e.g.
    // for x.to(tl.pointer_type(tl.float16)) on addresses loaded as int64.
    DType dt;
    if (!readDType(*this, a[0], call, dt))
      return Val::error();
    if (dt.isPointer)
      return error(call, "tl.pointer_type of a pointer type (pointers to "
                         "pointers) is not supported by tilec");
    int64_t space = 1;
    if (a[1].kind != Val::None &&
        (!requireInt(a[1], call, "the address_space of tl.pointer_type",
                     space) ||
         space != 1))
      return error(call, "tl.pointer_type supports global memory "
                         "(address_space 1) only");
    return Val::dtypeVal(DType::pointerTo(dt.kind));
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
      return unaryOp(a[0].i < 0 ? "-" : "+", a[0], call);
    if (a[0].kind == Val::Float)
      return Val::floating(std::fabs(a[0].f));
    return callBuiltin("tl.abs", call, {a[0]}, {});
  }
  if (name == "print")
    return error(call, "print() is not supported in jit functions");
  if (name == "isinstance")
    return error(call, "isinstance() is not supported in jit functions");
  return error(call, "'" + name + "' is not supported by tilec");
}
