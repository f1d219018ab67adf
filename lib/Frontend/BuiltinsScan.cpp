//===- BuiltinsScan.cpp - Scans and reductions with a combine function ----===//
//
// tl.associative_scan, tl.reduce (a user's combine function, one input or a
// tuple of them), tl.cumsum and tl.cumprod. Each becomes a `tile.scan` or
// `tile.generic_reduce` whose combine region is the combine function
// inlined on 2n scalar block arguments (the earlier elements, then the
// later ones), as Triton builds tt.scan / tt.reduce.
//
//===----------------------------------------------------------------------===//

#include "BuiltinRegistry.h"
#include "BuiltinUtils.h"

#include "tilec/Dialect/Tile/TileDialect.h"

#include "mlir/IR/TypeUtilities.h"

using namespace tilec;

namespace {

/// "1 input" / "2 inputs".
std::string inputsStr(size_t n) {
  return std::to_string(n) + (n == 1 ? " input" : " inputs");
}

} // namespace

Val CodeGen::combineOp(bool isScan, const Val &input, const Val &axisV,
                       const Val &fn, bool reverse, bool keepDims,
                       const Expr &call, const std::string &shown,
                       const CombineBody &body) {
  mlir::Location l = loc(call);
  bool tupleIn = input.kind == Val::Tuple;
  std::vector<Val> xs = tupleIn ? input.elems : std::vector<Val>{input};
  if (xs.empty())
    return error(call, shown + " expects a tensor or a tuple of tensors, got "
                               "an empty tuple");
  for (Val &x : xs) {
    if (x.isNumber())
      x = toIR(x, l, call);
    if (!x.isIR())
      return error(call, shown +
                             " expects a tensor or a tuple of tensors, "
                             "got " +
                             describe(x));
    if (x.dtype.isPointer)
      return error(call, shown + " is not supported on pointers");
  }
  auto shape = xs[0].shape();
  for (Val &x : xs)
    if (x.shape() != shape)
      return error(call, shown + ": the inputs must have one shape, got " +
                             shapeStr(shape) + " and " + shapeStr(x.shape()));
  size_t n = xs.size();
  auto result = [&](std::vector<Val> rs) {
    return tupleIn ? Val::tuple(std::move(rs)) : rs[0];
  };
  if (shape.empty()) {
    if (isScan)
      return error(call, shown + " expects a tensor, got " + describe(xs[0]));
    return result(xs); // a scalar reduces to itself
  }
  // The axis (None: a reduction over all elements of the flattened input).
  int64_t axis = 0;
  bool all = axisV.kind == Val::None;
  int64_t rank = shape.size();
  if (all) {
    if (isScan)
      return error(call, shown + " needs an axis");
    int64_t numel = 1;
    for (int64_t d : shape)
      numel *= d;
    if (rank > 1)
      for (Val &x : xs)
        x = Val::ir(
            b.create<mlir::tile::ReshapeOp>(l, irType(x.dtype, {numel}), x.v),
            x.dtype);
  } else {
    if (!requireInt(axisV, call, "the axis of " + shown, axis))
      return Val::error();
    if (axis < -rank || axis >= rank)
      return error(call, shown + ": axis " + llvm::Twine(axis) +
                             " is out of range for a tensor of rank " +
                             llvm::Twine(rank));
    if (axis < 0)
      axis += rank;
  }
  // A combine function takes two values per input.
  if (fn.kind == Val::Func) {
    size_t total = fn.fn->params.size(), required = 0;
    for (auto &p : fn.fn->params)
      required += !p.defaultValue;
    if (2 * n < required || 2 * n > total)
      return error(call, "the combine function '" + fn.fn->name + "' of " +
                             shown + " takes " + llvm::Twine(total) +
                             (total == 1 ? " argument" : " arguments") +
                             " but is called with " + llvm::Twine(2 * n) +
                             " (two per input, " + inputsStr(n) + ")");
  } else if (!body && fn.kind != Val::Builtin) {
    return error(call, "the combine function of " + shown +
                           " must be a @triton.jit function, got " +
                           describe(fn));
  }

  // The op, with its results' types.
  llvm::SmallVector<mlir::Value> srcs;
  llvm::SmallVector<mlir::Type> resultTypes, argTypes;
  auto reduced = [&](const Val &x) {
    llvm::SmallVector<int64_t> s = x.shape();
    s.erase(s.begin() + axis);
    return s;
  };
  for (Val &x : xs) {
    srcs.push_back(x.v);
    resultTypes.push_back(isScan ? x.v.getType() : irType(x.dtype, reduced(x)));
    argTypes.push_back(mlir::getElementTypeOrSelf(x.v.getType()));
  }
  for (size_t i = 0; i < n; ++i)
    argTypes.push_back(argTypes[i]);
  mlir::Operation *op;
  mlir::Region *region;
  if (isScan) {
    auto scan = b.create<mlir::tile::ScanOp>(
        l, resultTypes, srcs, b.getI32IntegerAttr(axis),
        reverse ? b.getUnitAttr() : mlir::UnitAttr());
    op = scan;
    region = &scan.getCombine();
  } else {
    auto red = b.create<mlir::tile::GenericReduceOp>(l, resultTypes, srcs,
                                                     b.getI32IntegerAttr(axis));
    op = red;
    region = &red.getCombine();
  }

  // The combine region: the function inlined on the block's arguments.
  {
    mlir::OpBuilder::InsertionGuard guard(b);
    llvm::SmallVector<mlir::Location> locs(argTypes.size(), l);
    mlir::Block *blk = b.createBlock(region, {}, argTypes, locs);
    std::vector<Val> args;
    for (size_t i = 0; i < 2 * n; ++i)
      args.push_back(Val::ir(blk->getArgument(i), xs[i % n].dtype));
    Val r = body                   ? body(args)
            : fn.kind == Val::Func ? callFunction(*fn.fn, call, args, {})
                                   : callBuiltin(fn.s, call, args, {});
    std::string what = fn.kind == Val::Func
                           ? "the combine function '" + fn.fn->name + "'"
                           : "the combine function of " + shown;
    llvm::SmallVector<mlir::Value> yields;
    bool ok = !r.isError();
    if (ok) {
      std::vector<Val> parts =
          n == 1 && r.kind != Val::Tuple ? std::vector<Val>{r} : r.elems;
      if (r.kind == Val::None || (n > 1 && r.kind != Val::Tuple) ||
          parts.size() != n) {
        error(call, what + " must return " +
                        (n == 1 ? std::string("one value")
                                : std::to_string(n) + " values, a tuple") +
                        " (" + inputsStr(n) + "), got " + describe(r));
        ok = false;
      }
      for (size_t i = 0; ok && i < n; ++i) {
        Val p = parts[i];
        if (p.isNumber())
          p = materialize(p, xs[i].dtype, l);
        if (!p.isIR() || !p.shape().empty()) {
          error(call, what + " must return scalars, got " + describe(p));
          ok = false;
        } else if (p.dtype != xs[i].dtype) {
          error(call, what + " returns " + p.dtype.tlName() + " for input " +
                          std::to_string(i) + " of type " +
                          xs[i].dtype.tlName() + "; it must keep the type");
          ok = false;
        } else {
          yields.push_back(p.v);
        }
      }
    }
    if (!ok) {
      // A well-formed region all the same, for the verifier.
      yields.clear();
      for (size_t i = 0; i < n; ++i)
        yields.push_back(blk->getArgument(i));
    }
    b.create<mlir::tile::CombineYieldOp>(l, yields);
    if (!ok)
      return Val::error();
  }

  std::vector<Val> rs;
  for (size_t i = 0; i < n; ++i) {
    Val r = Val::ir(op->getResult(i), xs[i].dtype);
    if (!isScan && keepDims)
      r = keepReducedDims(r, shape, all ? -1 : axis, l);
    rs.push_back(r);
  }
  return result(std::move(rs));
}

namespace {

/// Which of the builtins sharing an emitter a builtin is.
enum class CombineKind { Scan, Reduce };
enum class BitwiseReduction { Xor, Or };
enum class Cumulative { Sum, Prod };

} // namespace

void CodeGen::registerScanBuiltins(BuiltinRegistry &r) {
  r.add("tl.reduce", {"input", "axis", "combine_fn", "keep_dims"}, 3,
        &CodeGen::emitCombine, TensorMethod, unsigned(CombineKind::Reduce));
  r.add("tl.associative_scan", {"input", "axis", "combine_fn", "reverse"}, 3,
        &CodeGen::emitCombine, TensorMethod, unsigned(CombineKind::Scan));
  r.add("tl.xor_sum", {"input", "axis", "keep_dims"}, 1,
        &CodeGen::emitBitwiseReduction, TensorMethod,
        unsigned(BitwiseReduction::Xor));
  r.add("tl.reduce_or", {"input", "axis", "keep_dims"}, 2,
        &CodeGen::emitBitwiseReduction, TensorMethod,
        unsigned(BitwiseReduction::Or));
  r.add("tl.cumsum", {"input", "axis", "reverse", "dtype"}, 1,
        &CodeGen::emitCumulative, TensorMethod, unsigned(Cumulative::Sum));
  r.add("tl.cumprod", {"input", "axis", "reverse"}, 1, &CodeGen::emitCumulative,
        TensorMethod, unsigned(Cumulative::Prod));
}

Val CodeGen::emitCombine(BuiltinCall &c) {
  const Expr &call = c.call;
  std::vector<Val> &a = c.a;
  const std::string &shown = c.shown;
  bool isScan = CombineKind(c.entry.variant) == CombineKind::Scan;
  bool f;
  if (!truthy(a[3], call, f))
    return Val::error();
  return combineOp(isScan, a[0], a[1], a[2], isScan && f, !isScan && f, call,
                   shown, {});
}

Val CodeGen::emitBitwiseReduction(BuiltinCall &c) {
  const Expr &call = c.call;
  std::vector<Val> &a = c.a;
  const std::string &shown = c.shown;
  // Triton's standard.py: tl.reduce with `^` / `|`, integers only.
  Val x = tensorArg(c, a[0]);
  if (x.isError())
    return x;
  if (!x.dtype.isInt() || x.dtype.isPointer)
    return error(call,
                 shown + " is only supported for integers, got " + describe(x));
  bool keep;
  if (!truthy(a[2], call, keep))
    return Val::error();
  bool isXor = BitwiseReduction(c.entry.variant) == BitwiseReduction::Xor;
  return combineOp(/*isScan=*/false, x, a[1], Val::none(), false, keep, call,
                   shown, [&](std::vector<Val> &args) {
                     return binaryOp(isXor ? BinaryOpKind::BitXor
                                           : BinaryOpKind::BitOr,
                                     args[0], args[1], call);
                   });
}

Val CodeGen::emitCumulative(BuiltinCall &c) {
  const Expr &call = c.call;
  std::vector<Val> &a = c.a;
  const std::string &shown = c.shown;
  mlir::Location l = c.loc;
  // Triton's standard.py: bf16 is scanned in fp32; cumsum also sums
  // integers narrower than 32 bits (and booleans) as int32 / uint32, or
  // in `dtype` when given.
  Val x = tensorArg(c, a[0]);
  if (x.isError())
    return x;
  if (x.dtype.isPointer)
    return error(call, shown + " is not supported on pointers");
  bool rev;
  if (!truthy(a[2], call, rev))
    return Val::error();
  if (x.dtype.kind == ScalarKind::BF16)
    x = cast(x, DType::scalar(ScalarKind::F32), l, call);
  bool sum = Cumulative(c.entry.variant) == Cumulative::Sum;
  if (sum && a[3].kind != Val::None) {
    DType dt;
    if (!readDType(*this, a[3], call, dt))
      return Val::error();
    x = cast(x, dt, l, call);
  } else if (sum && x.dtype.isInt() && x.dtype.bitwidth() < 32) {
    x = cast(
        x,
        DType::scalar(x.dtype.isSigned() ? ScalarKind::I32 : ScalarKind::U32),
        l, call);
  }
  if (x.isError())
    return x;
  Val axis = a[1].kind == Val::None ? Val::integer(0) : a[1];
  return combineOp(/*isScan=*/true, x, axis, Val::none(), rev, false, call,
                   shown, [&](std::vector<Val> &args) {
                     return binaryOp(sum ? BinaryOpKind::Add
                                         : BinaryOpKind::Mul,
                                     args[0], args[1], call);
                   });
}
