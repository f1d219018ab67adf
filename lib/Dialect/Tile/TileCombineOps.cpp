//===- TileCombineOps.cpp - tile.scan, tile.generic_reduce ----------------===//
//
// Verifiers of the ops that carry a combine region (tile.scan,
// tile.generic_reduce) and of its terminator's operands.
//
//===----------------------------------------------------------------------===//

#include "tilec/Dialect/Tile/TileDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::tile;

namespace {

/// "[d0, d1, ...]" of a shaped type ("[]" for a scalar).
std::string shapeOf(Type type) {
  std::string str;
  llvm::raw_string_ostream os(str);
  os << '[';
  if (auto t = dyn_cast<RankedTensorType>(type))
    llvm::interleaveComma(t.getShape(), os);
  os << ']';
  return str;
}

/// What the two ops have in common: operands of one shape, an axis inside
/// it, a combine block of 2n scalars yielding n values of the operands'
/// element types, and n results.
LogicalResult verifyCombine(Operation *op, ValueRange srcs, int64_t axis,
                            Region &combine) {
  if (srcs.empty())
    return op->emitOpError("needs at least one operand");
  auto first = cast<RankedTensorType>(srcs[0].getType());
  for (Value v : srcs.drop_front())
    if (cast<RankedTensorType>(v.getType()).getShape() != first.getShape())
      return op->emitOpError("operands must have one shape, got ")
             << shapeOf(first) << " and " << shapeOf(v.getType());
  if (axis < 0 || axis >= first.getRank())
    return op->emitOpError("axis ")
           << axis << " is out of range for operands of rank "
           << first.getRank();
  unsigned n = srcs.size();
  Block &block = combine.front();
  if (block.getNumArguments() != 2 * n)
    return op->emitOpError("combine region must take ")
           << 2 * n << " arguments (two per operand), got "
           << block.getNumArguments();
  for (unsigned i = 0; i < 2 * n; ++i) {
    Type want = getElementTypeOrSelf(srcs[i % n].getType());
    if (block.getArgument(i).getType() != want)
      return op->emitOpError("combine region argument ")
             << i << " has type " << block.getArgument(i).getType()
             << ", expected " << want;
  }
  auto yield = dyn_cast<CombineYieldOp>(block.getTerminator());
  if (!yield)
    return op->emitOpError("combine region must end in tile.combine_yield");
  if (yield.getValues().size() != n)
    return yield.emitOpError("yields ")
           << yield.getValues().size() << " values, expected " << n;
  for (unsigned i = 0; i < n; ++i) {
    Type want = getElementTypeOrSelf(srcs[i].getType());
    if (yield.getValues()[i].getType() != want)
      return yield.emitOpError("value ")
             << i << " has type " << yield.getValues()[i].getType()
             << ", expected " << want;
  }
  if (op->getNumResults() != n)
    return op->emitOpError("has ")
           << op->getNumResults() << " results for " << n << " operands";
  return success();
}

} // namespace

LogicalResult ScanOp::verify() {
  if (failed(verifyCombine(*this, getSrcs(), getAxisAttr().getInt(),
                           getCombine())))
    return failure();
  for (auto [src, res] : llvm::zip(getSrcs(), getResults())) {
    auto s = cast<RankedTensorType>(src.getType());
    auto r = cast<RankedTensorType>(res.getType());
    if (s.getShape() != r.getShape() ||
        s.getElementType() != r.getElementType())
      return emitOpError("result type ")
             << r << " does not match operand type " << s;
  }
  return success();
}

LogicalResult GenericReduceOp::verify() {
  if (failed(verifyCombine(*this, getSrcs(), getAxisAttr().getInt(),
                           getCombine())))
    return failure();
  for (auto [src, res] : llvm::zip(getSrcs(), getResults())) {
    auto s = cast<RankedTensorType>(src.getType());
    SmallVector<int64_t> shape(s.getShape());
    shape.erase(shape.begin() + getAxis());
    Type expected = s.getElementType();
    if (!shape.empty())
      expected = RankedTensorType::get(shape, s.getElementType());
    auto r = dyn_cast<RankedTensorType>(res.getType());
    bool ok =
        getElementTypeOrSelf(res.getType()) == s.getElementType() &&
        (r ? !shape.empty() && r.getShape() == ArrayRef(shape) : shape.empty());
    if (!ok)
      return emitOpError("result type ")
             << res.getType() << " does not match expected type " << expected;
  }
  return success();
}
