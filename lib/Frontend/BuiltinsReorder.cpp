//===- BuiltinsReorder.cpp - tl.sort, tl.flip -----------------------------===//
//
// The builtins that reorder the elements along one dimension. tl.flip and
// tl.topk are networks built from reshapes, reductions and selects (so
// every path lowers them unchanged); tl.sort is one op.
//
// tl.sort(x, dim=None, descending=False) sorts along the last dimension (the
// only one Triton sorts along): tile.sort, the bitonic network of Triton's
// own standard library (comparisons on the values: a NaN compares false, as
// in Triton; unsigned integers compare as unsigned).
//
// tl.topk(x, k, dim=None) is the first k of x sorted descending along the
// last dimension (Triton's definition; its network skips the stages that do
// not change those k, the values are the same).
//
// tl.flip(x, dim=None) reverses dimension `dim` (the last by default) of
// size n = 2^k in k rounds; round r views the tile as [P * 2^r, 2, Q] and
// swaps the two halves of the middle axis.
//
//===----------------------------------------------------------------------===//

#include "BuiltinRegistry.h"
#include "BuiltinUtils.h"

#include "tilec/Dialect/Tile/TileDialect.h"

using namespace tilec;

Val CodeGen::toElementBits(const Val &x, mlir::Location l, const Expr &where) {
  ScalarKind k = x.dtype.kind;
  switch (k) {
  case ScalarKind::F16:
  case ScalarKind::BF16:
    return cast(x, DType::scalar(ScalarKind::I16), l, where, /*bitcast=*/true);
  case ScalarKind::F32:
    return cast(x, DType::scalar(ScalarKind::I32), l, where, /*bitcast=*/true);
  case ScalarKind::F64:
    return cast(x, DType::scalar(ScalarKind::I64), l, where, /*bitcast=*/true);
  case ScalarKind::F8E4NV:
  case ScalarKind::F8E5:
    return cast(x, DType::scalar(ScalarKind::I8), l, where, /*bitcast=*/true);
  case ScalarKind::I1:
    return cast(x, DType::scalar(ScalarKind::I8), l, where);
  default:
    return x;
  }
}

Val CodeGen::fromElementBits(const Val &bits, DType elem, mlir::Location l,
                             const Expr &where) {
  if (elem.isFloat())
    return cast(bits, elem, l, where, /*bitcast=*/true);
  return elem.isBool()
             ? compareOp(CompareOpKind::Ne, bits, Val::integer(0), where)
             : bits;
}

Val CodeGen::reorderOperand(BuiltinCall &c) {
  Val x = tensorArg(c, c.a[0]);
  if (x.isError())
    return x;
  if (x.shape().empty())
    return error(c.call, c.shown + " needs a tensor, got " + describe(x));
  if (x.dtype.isPointer)
    return error(c.call, c.shown + " of a tensor of pointers is not supported");
  return x;
}

void CodeGen::registerReorderBuiltins(BuiltinRegistry &r) {
  r.add("tl.sort", {"x", "dim", "descending"}, 1, &CodeGen::emitSort,
        TensorMethod);
  r.add("tl.flip", {"x", "dim"}, 1, &CodeGen::emitFlip,
        TakesFP8 | TensorMethod);
  r.add("tl.topk", {"x", "k", "dim"}, 2, &CodeGen::emitTopk, TensorMethod);
}

Val CodeGen::emitSort(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  Val x = reorderOperand(c);
  if (x.isError())
    return x;
  llvm::SmallVector<int64_t> shape(x.shape());
  int64_t rank = shape.size();
  if (a[1].kind != Val::None) {
    int64_t dim;
    if (!requireInt(a[1], call, "the dimension", dim))
      return Val::error();
    if (dim < 0)
      dim += rank;
    if (dim != rank - 1)
      return error(call, shown + " sorts along the last dimension only (" +
                             llvm::Twine(rank - 1) + " here), as Triton does");
  }
  bool descending = false;
  if (a[2].kind != Val::None && !truthy(a[2], call, descending))
    return Val::error();
  int64_t n = shape.back();
  if (n == 1)
    return x;
  // Booleans sort as the bytes 0 and 1.
  DType elem = x.dtype;
  Val src = elem.isBool() ? toElementBits(x, l, call) : x;
  auto sorted = b.create<mlir::tile::SortOp>(l, src.v);
  sorted.setDescending(descending);
  sorted.setUnsignedCompare(src.dtype.isUnsigned() || elem.isBool());
  return fromElementBits(Val::ir(sorted.getResult(), src.dtype), elem, l, call);
}

Val CodeGen::emitFlip(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  Val x = reorderOperand(c);
  if (x.isError())
    return x;
  llvm::SmallVector<int64_t> shape(x.shape());
  int64_t rank = shape.size(), dim = rank - 1;
  if (a[1].kind != Val::None) {
    if (!requireInt(a[1], call, "the dimension", dim))
      return Val::error();
    if (dim < -rank || dim >= rank)
      return error(call, shown + " dimension " + llvm::Twine(dim) +
                             " is out of range for a tensor of rank " +
                             llvm::Twine(rank));
    if (dim < 0)
      dim += rank;
  }
  int64_t before = 1, after = 1, n = shape[dim];
  for (int64_t i = 0; i < dim; ++i)
    before *= shape[i];
  for (int64_t i = dim + 1; i < rank; ++i)
    after *= shape[i];
  DType elem = x.dtype;
  Val xi = toElementBits(x, l, call);
  Val mid =
      callBuiltin("tl.arange", call, {Val::integer(0), Val::integer(2)}, {});
  mid = callBuiltin("tl.expand_dims", call, {mid, Val::integer(0)}, {});
  mid = callBuiltin("tl.expand_dims", call, {mid, Val::integer(2)}, {});
  for (int64_t half = n / 2, outer = before; half >= 1; half /= 2, outer *= 2) {
    llvm::SmallVector<int64_t> cube = {outer, 2, half * after};
    Val y = Val::ir(
        b.create<mlir::tile::ReshapeOp>(l, irType(xi.dtype, cube), xi.v),
        xi.dtype);
    Val first = compareOp(CompareOpKind::Eq, broadcastTo(mid, cube, l, call),
                          Val::integer(0), call);
    Val zero = zerosLike(xi.dtype, cube, l);
    Val lo = reduce(mlir::tile::ReduceKind::sum,
                    callBuiltin("tl.where", call, {first, y, zero}, {}),
                    Val::integer(1), /*keepDims=*/true, call);
    Val hi = reduce(mlir::tile::ReduceKind::sum,
                    callBuiltin("tl.where", call, {first, zero, y}, {}),
                    Val::integer(1), /*keepDims=*/true, call);
    Val swapped = callBuiltin(
        "tl.where", call,
        {first, broadcastTo(hi, cube, l, call), broadcastTo(lo, cube, l, call)},
        {});
    if (swapped.isError())
      return Val::error();
    xi = Val::ir(
        b.create<mlir::tile::ReshapeOp>(l, irType(xi.dtype, shape), swapped.v),
        xi.dtype);
  }
  return fromElementBits(xi, elem, l, call);
}

Val CodeGen::emitTopk(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  Val x = tensorArg(c, a[0]);
  if (x.isError())
    return x;
  int64_t k;
  if (!requireInt(a[1], call, "k", k))
    return Val::error();
  llvm::SmallVector<int64_t> shape(x.shape());
  if (shape.empty())
    return error(call, shown + " needs a tensor, got " + describe(x));
  int64_t n = shape.back();
  if (k <= 0 || k > n || (k & (k - 1)) != 0)
    return error(call, shown +
                           " k must be a power of two no larger than the "
                           "last dimension (" +
                           llvm::Twine(n) + "), got " + llvm::Twine(k));
  std::vector<Val> sortArgs = {x, a[2], Val::boolean(true)};
  Val sorted = callBuiltin("tl.sort", call, sortArgs, {});
  if (sorted.isError() || k == n)
    return sorted;
  int64_t outer = 1;
  for (size_t i = 0; i + 1 < shape.size(); ++i)
    outer *= shape[i];
  DType elem = sorted.dtype;
  Val xi = toElementBits(sorted, l, call);
  // [outer, n / k, k]: the first of the middle axis holds the k largest.
  llvm::SmallVector<int64_t> cube = {outer, n / k, k};
  Val y =
      Val::ir(b.create<mlir::tile::ReshapeOp>(l, irType(xi.dtype, cube), xi.v),
              xi.dtype);
  Val mid = callBuiltin("tl.arange", call,
                        {Val::integer(0), Val::integer(n / k)}, {});
  mid = callBuiltin("tl.expand_dims", call, {mid, Val::integer(0)}, {});
  mid = callBuiltin("tl.expand_dims", call, {mid, Val::integer(2)}, {});
  Val first = compareOp(CompareOpKind::Eq, broadcastTo(mid, cube, l, call),
                        Val::integer(0), call);
  Val top = reduce(mlir::tile::ReduceKind::sum,
                   callBuiltin("tl.where", call,
                               {first, y, zerosLike(xi.dtype, cube, l)}, {}),
                   Val::integer(1), /*keepDims=*/false, call);
  if (top.isError())
    return top;
  llvm::SmallVector<int64_t> out(shape);
  out.back() = k;
  top =
      Val::ir(b.create<mlir::tile::ReshapeOp>(l, irType(top.dtype, out), top.v),
              top.dtype);
  return fromElementBits(top, elem, l, call);
}
