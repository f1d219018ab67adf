//===- TileReorderOps.cpp - tile.sort -------------------------------------===//
//
// The verifier of the op that reorders a tile's elements along a
// dimension by their values.
//
//===----------------------------------------------------------------------===//

#include "tilec/Dialect/Tile/TileDialect.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;

LogicalResult SortOp::verify() {
  auto type = cast<RankedTensorType>(getSrc().getType());
  if (type.getRank() == 0)
    return emitOpError("needs a tile of rank 1 or more");
  int64_t n = type.getShape().back();
  if (!llvm::isPowerOf2_64(n))
    return emitOpError("sorts a last dimension whose size is a power of "
                       "two, got ")
           << n;
  if (getUnsignedCompare() && !isa<IntegerType>(type.getElementType()))
    return emitOpError("'unsigned_compare' compares integers, got elements of type ")
           << type.getElementType();
  return success();
}
