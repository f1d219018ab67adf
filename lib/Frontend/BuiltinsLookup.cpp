//===- BuiltinsLookup.cpp - tl.gather, tl.histogram -----------------------===//
//
// Builtins whose result elements are found by value: tl.gather(src, index,
// axis) takes src's elements at the positions `index` gives along `axis`
// (tile.gather), tl.histogram(input, num_bins, mask=None) counts the values
// of a 1-D integer tile in bins of width 1 from 0 (tile.histogram).
//
//===----------------------------------------------------------------------===//

#include "BuiltinRegistry.h"

#include "tilec/Dialect/Tile/TileDialect.h"

using namespace tilec;

void CodeGen::registerLookupBuiltins(BuiltinRegistry &r) {
  r.add("tl.gather", {"src", "index", "axis"}, 3, &CodeGen::emitGather,
        TakesFP8 | TensorMethod);
  r.add("tl.histogram", {"input", "num_bins", "mask"}, 2,
        &CodeGen::emitHistogram, TensorMethod);
}

Val CodeGen::emitGather(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  Val src = tensorArg(c, a[0]), index = tensorArg(c, a[1]);
  if (src.isError() || index.isError())
    return Val::error();
  llvm::SmallVector<int64_t> srcShape(src.shape()), idxShape(index.shape());
  int64_t rank = srcShape.size(), axis;
  if (rank == 0)
    return error(call, shown + " needs a tensor to gather from, got " +
                           describe(src));
  if (!index.dtype.isInt() || index.dtype.isPointer || index.dtype.isBool())
    return error(call, shown + " needs an integer index tensor, got " +
                           describe(index));
  if (int64_t(idxShape.size()) != rank)
    return error(call, shown +
                           ": the index must have the rank of the "
                           "source (" +
                           llvm::Twine(rank) + "), got " + describe(index));
  if (!requireInt(a[2], call, "the axis", axis))
    return Val::error();
  if (axis < -rank || axis >= rank)
    return error(call, shown + " axis " + llvm::Twine(axis) +
                           " is out of range for a tensor of rank " +
                           llvm::Twine(rank));
  if (axis < 0)
    axis += rank;
  for (int64_t d = 0; d < rank; ++d)
    if (d != axis && idxShape[d] != srcShape[d])
      return error(call, shown + ": index dimension " + llvm::Twine(d) + " (" +
                             llvm::Twine(idxShape[d]) +
                             ") must match the source's (" +
                             llvm::Twine(srcShape[d]) + ")");
  auto op = b.create<mlir::tile::GatherOp>(l, irType(src.dtype, idxShape),
                                           src.v, index.v,
                                           b.getI32IntegerAttr(int32_t(axis)));
  return Val::ir(op, src.dtype);
}

Val CodeGen::emitHistogram(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  Val x = tensorArg(c, a[0]);
  if (x.isError())
    return x;
  if (x.shape().size() != 1 || !x.dtype.isInt() || x.dtype.isPointer ||
      x.dtype.isBool())
    return error(call,
                 shown + " needs a 1-D tensor of integers, got " + describe(x));
  int64_t bins;
  if (!requireInt(a[1], call, "the number of bins", bins))
    return Val::error();
  if (bins <= 0 || (bins & (bins - 1)) != 0)
    return error(call, shown +
                           " needs a power of two of bins (the size of "
                           "its result), got " +
                           llvm::Twine(bins));
  mlir::Value mask;
  if (a[2].kind != Val::None) {
    Val m = tensorArg(c, a[2]);
    if (m.isError())
      return m;
    if (!m.dtype.isBool())
      return error(call, "the mask of " + shown + " must be boolean, got " +
                             describe(m));
    m = broadcastTo(m, x.shape(), l, call);
    if (m.isError())
      return m;
    mask = m.v;
  }
  DType i32 = DType::scalar(ScalarKind::I32);
  auto op =
      b.create<mlir::tile::HistogramOp>(l, irType(i32, {bins}), x.v, mask);
  return Val::ir(op, i32);
}
