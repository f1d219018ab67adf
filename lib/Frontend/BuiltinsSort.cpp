//===- BuiltinsSort.cpp - tl.sort ------------------------------------------===//
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
//===----------------------------------------------------------------------===//

#include "BuiltinUtils.h"
#include "CodeGen.h"

#include "tilec/Dialect/Tile/TileDialect.h"

using namespace tilec;

namespace {
ScalarKind bitsKind(ScalarKind k) {
  switch (k) {
  case ScalarKind::F16:
  case ScalarKind::BF16:
    return ScalarKind::I16;
  case ScalarKind::F32:
    return ScalarKind::I32;
  case ScalarKind::F64:
    return ScalarKind::I64;
  case ScalarKind::I1:
    return ScalarKind::I8;
  default:
    return k;
  }
}
} // namespace

std::optional<Val> CodeGen::sortBuiltin(BuiltinCall &c) {
  auto &[name, call, a, given, shown, l, params] = c;
  if (name != "tl.sort")
    return std::nullopt;
  Val x = tensorArg(c, a[0]);
  if (x.isError())
    return x;
  llvm::SmallVector<int64_t> shape(x.shape());
  if (shape.empty())
    return error(call, shown + " needs a tensor, got " + describe(x));
  if (x.dtype.isPointer)
    return error(call, shown + " of a tensor of pointers is not supported");
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
  DType bits = DType::scalar(bitsKind(elem.kind));
  auto toBits = [&](const Val &v) {
    if (elem.isFloat())
      return cast(v, bits, l, call, /*bitcast=*/true);
    return elem.isBool() ? cast(v, bits, l, call) : v;
  };
  auto fromBits = [&](const Val &v) {
    if (elem.isFloat())
      return cast(v, elem, l, call, /*bitcast=*/true);
    return elem.isBool() ? compareOp("!=", v, Val::integer(0), call) : v;
  };
  auto arange = [&](int64_t end) {
    return callBuiltin("tl.arange", call, {Val::integer(0), Val::integer(end)},
                       {});
  };
  auto expand = [&](const Val &v, int64_t axis) {
    return callBuiltin("tl.expand_dims", call, {v, Val::integer(axis)}, {});
  };

  Val xi = toBits(x);
  for (int stage = 1; stage <= nDims; ++stage) {
    // order 2: pairs alternate direction by bit `stage` of their position
    // (a bitonic sequence for the next stage); the last stage sorts all
    // pairs one way.
    int order = stage < nDims ? 2 : (descending ? 1 : 0);
    for (int i = 0; i < stage; ++i) {
      int round = i + (nDims - stage);
      int64_t A = outer << round, B = int64_t(1) << (nDims - round - 1);
      llvm::SmallVector<int64_t> cube = {A, 2, B}, flat = {A, B};
      Val y = Val::ir(b.create<mlir::tile::ReshapeOp>(
                          l, irType(xi.dtype, cube), xi.v),
                      xi.dtype);
      Val mid = broadcastTo(expand(expand(arange(2), 0), 2), cube, l, call);
      Val first = compareOp("==", mid, Val::integer(0), call);
      Val zero = zerosLike(xi.dtype, cube, l);
      Val left = reduce("sum", callBuiltin("tl.where", call, {first, y, zero}, {}),
                        Val::integer(1), false, call);
      Val right = reduce("sum", callBuiltin("tl.where", call, {first, zero, y}, {}),
                         Val::integer(1), false, call);
      if (left.isError() || right.isError())
        return Val::error();
      Val swap = compareOp(">", fromBits(left), fromBits(right), call);
      if (order == 2) {
        Val pos = binaryOp("+",
                           binaryOp("*", expand(arange(A), 1),
                                    Val::integer(2 * B), call),
                           expand(arange(B), 0), call);
        Val flip = compareOp(
            "!=",
            binaryOp("&", binaryOp(">>", pos, Val::integer(stage), call),
                     Val::integer(1), call),
            Val::integer(0), call);
        swap = compareOp("!=", swap, broadcastTo(flip, flat, l, call), call);
      } else if (order == 1) {
        swap = compareOp("==", swap, Val::boolean(false), call);
      }
      Val lo = callBuiltin("tl.where", call, {swap, right, left}, {});
      Val hi = callBuiltin("tl.where", call, {swap, left, right}, {});
      Val joined = callBuiltin("tl.where", call,
                               {first, broadcastTo(expand(lo, 1), cube, l, call),
                                broadcastTo(expand(hi, 1), cube, l, call)},
                               {});
      if (joined.isError())
        return Val::error();
      xi = Val::ir(b.create<mlir::tile::ReshapeOp>(
                       l, irType(xi.dtype, shape), joined.v),
                   xi.dtype);
    }
  }
  return fromBits(xi);
}
