//===- TileLookupOps.cpp - tile.gather, tile.histogram --------------------===//
//
// Verifiers of the ops whose result elements are looked up by value: a
// gather by index along one axis, and a histogram counting values in bins.
//
//===----------------------------------------------------------------------===//

#include "tilec/Dialect/Tile/TileDialect.h"

using namespace mlir;
using namespace mlir::tile;

LogicalResult GatherOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto index = cast<RankedTensorType>(getIndex().getType());
  auto result = cast<RankedTensorType>(getType());
  if (!index.getElementType().isSignlessInteger())
    return emitOpError("index must be a tile of integers, got ")
           << index.getElementType();
  if (index.getRank() != src.getRank())
    return emitOpError("index must have the rank of the source (")
           << src.getRank() << "), got " << index.getRank();
  int64_t axis = getAxis();
  if (axis < 0 || axis >= src.getRank())
    return emitOpError("axis ")
           << axis << " is out of range for rank " << src.getRank();
  for (int64_t d = 0; d < src.getRank(); ++d)
    if (d != axis && index.getDimSize(d) != src.getDimSize(d))
      return emitOpError("index dimension ")
             << d << " (" << index.getDimSize(d)
             << ") must match the source's (" << src.getDimSize(d) << ")";
  if (result.getShape() != index.getShape() ||
      result.getElementType() != src.getElementType())
    return emitOpError("result must have the shape of the index and the "
                       "element type of the source");
  return success();
}

LogicalResult HistogramOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto result = cast<RankedTensorType>(getType());
  if (src.getRank() != 1 || !src.getElementType().isSignlessInteger() ||
      src.getElementType().isInteger(1))
    return emitOpError("operand must be a 1-D tile of integers");
  if (result.getRank() != 1 || !result.getElementType().isInteger(32))
    return emitOpError("result must be a 1-D tile of i32 (one per bin)");
  if (getMask()) {
    auto mask = cast<RankedTensorType>(getMask().getType());
    if (mask.getShape() != src.getShape() ||
        !mask.getElementType().isInteger(1))
      return emitOpError("mask must be a tile of i1 of the operand's shape");
  }
  return success();
}
