//===- BuiltinsReorder.cpp - tl.sort, tl.flip -----------------------------===//
//
// Networks that reorder the elements along one dimension, built from
// reshapes, reductions and selects (so every path lowers them unchanged).
//
// tl.sort(x, dim=None, descending=False) sorts along the last dimension (the
// only one Triton sorts along) by a bitonic network, as Triton's own
// standard library does: log2(n) merge stages, stage s made of s
// compare-and-swap rounds. A round views the tile as [A, 2, B], the pairs it
// compares on the middle axis, takes the two halves apart as tl.split does
// (integer bits, exact), orders each pair, and puts it back. The values
// travel as integers of the element's width, so every bit of a float comes
// through; the comparison is on the values (a NaN compares false, as in
// Triton).
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
  int64_t numel = 1;
  for (int64_t d : shape)
    numel *= d;
  int64_t outer = numel / n;
  int nDims = llvm::Log2_64(n);

  DType elem = x.dtype;
  // Lambdas capture these, not the structured bindings (C++17).
  mlir::Location at = l;
  const Expr &site = call;
  auto fromBits = [&](const Val &v) {
    return fromElementBits(v, elem, at, site);
  };
  auto arange = [&](int64_t end) {
    return callBuiltin("tl.arange", site, {Val::integer(0), Val::integer(end)},
                       {});
  };
  auto expand = [&](const Val &v, int64_t axis) {
    return callBuiltin("tl.expand_dims", site, {v, Val::integer(axis)}, {});
  };

  Val xi = toElementBits(x, l, call);
  for (int stage = 1; stage <= nDims; ++stage) {
    // order 2: pairs alternate direction by bit `stage` of their position
    // (a bitonic sequence for the next stage); the last stage sorts all
    // pairs one way.
    int order = stage < nDims ? 2 : (descending ? 1 : 0);
    for (int i = 0; i < stage; ++i) {
      int round = i + (nDims - stage);
      int64_t A = outer << round, B = int64_t(1) << (nDims - round - 1);
      llvm::SmallVector<int64_t> cube = {A, 2, B}, flat = {A, B};
      Val y = Val::ir(
          b.create<mlir::tile::ReshapeOp>(l, irType(xi.dtype, cube), xi.v),
          xi.dtype);
      Val mid = broadcastTo(expand(expand(arange(2), 0), 2), cube, l, call);
      Val first = compareOp(CompareOpKind::Eq, mid, Val::integer(0), call);
      Val zero = zerosLike(xi.dtype, cube, l);
      Val left = reduce(mlir::tile::ReduceKind::sum,
                        callBuiltin("tl.where", call, {first, y, zero}, {}),
                        Val::integer(1), false, call);
      Val right = reduce(mlir::tile::ReduceKind::sum,
                         callBuiltin("tl.where", call, {first, zero, y}, {}),
                         Val::integer(1), false, call);
      if (left.isError() || right.isError())
        return Val::error();
      Val swap =
          compareOp(CompareOpKind::Gt, fromBits(left), fromBits(right), call);
      if (order == 2) {
        Val pos = binaryOp(BinaryOpKind::Add,
                           binaryOp(BinaryOpKind::Mul, expand(arange(A), 1),
                                    Val::integer(2 * B), call),
                           expand(arange(B), 0), call);
        Val flip = compareOp(CompareOpKind::Ne,
                             binaryOp(BinaryOpKind::BitAnd,
                                      binaryOp(BinaryOpKind::Shr, pos,
                                               Val::integer(stage), call),
                                      Val::integer(1), call),
                             Val::integer(0), call);
        swap = compareOp(CompareOpKind::Ne, swap,
                         broadcastTo(flip, flat, l, call), call);
      } else if (order == 1) {
        swap = compareOp(CompareOpKind::Eq, swap, Val::boolean(false), call);
      }
      Val lo = callBuiltin("tl.where", call, {swap, right, left}, {});
      Val hi = callBuiltin("tl.where", call, {swap, left, right}, {});
      Val joined =
          callBuiltin("tl.where", call,
                      {first, broadcastTo(expand(lo, 1), cube, l, call),
                       broadcastTo(expand(hi, 1), cube, l, call)},
                      {});
      if (joined.isError())
        return Val::error();
      xi = Val::ir(
          b.create<mlir::tile::ReshapeOp>(l, irType(xi.dtype, shape), joined.v),
          xi.dtype);
    }
  }
  return fromBits(xi);
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
