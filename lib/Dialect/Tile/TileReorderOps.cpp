//===- TileReorderOps.cpp - tile.sort, tile.split, tile.join --------------===//
//
// The ops that reorder a tile's elements along a dimension: by their
// values (tile.sort), by one bit of their index (tile.split, tile.join).
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

void SplitOp::build(OpBuilder &builder, OperationState &state, Value src,
                    int32_t axis, int64_t stride) {
  auto type = cast<RankedTensorType>(src.getType());
  SmallVector<int64_t> shape(type.getShape());
  if (axis >= 0 && axis < int32_t(shape.size()))
    shape[axis] /= 2;
  auto half = RankedTensorType::get(shape, type.getElementType());
  build(builder, state, half, half, src, axis, stride);
}

LogicalResult SplitOp::verify() {
  auto type = cast<RankedTensorType>(getSrc().getType());
  int64_t axis = getAxis(), stride = getStride();
  if (axis < 0 || axis >= type.getRank())
    return emitOpError("axis ") << axis << " is not a dimension of " << type;
  int64_t n = type.getDimSize(axis);
  if (stride < 1 || !llvm::isPowerOf2_64(stride) || n % (2 * stride) != 0)
    return emitOpError("stride ")
           << stride << " is not a power of two whose double divides "
           << n << " (dimension " << axis << ")";
  SmallVector<int64_t> shape(type.getShape());
  shape[axis] /= 2;
  auto result = cast<RankedTensorType>(getLo().getType());
  if (getHi().getType() != result)
    return emitOpError("results must have one type, got ")
           << result << " and " << getHi().getType();
  if (result.getShape() != ArrayRef<int64_t>(shape) ||
      result.getElementType() != type.getElementType())
    return emitOpError("results must be ")
           << RankedTensorType::get(shape, type.getElementType())
           << " (the operand with dimension " << axis << " halved), got "
           << result;
  return success();
}

void JoinOp::build(OpBuilder &builder, OperationState &state, Value lo,
                   Value hi, int32_t axis, int64_t stride) {
  auto type = cast<RankedTensorType>(lo.getType());
  SmallVector<int64_t> shape(type.getShape());
  if (axis >= 0 && axis < int32_t(shape.size()))
    shape[axis] *= 2;
  build(builder, state, RankedTensorType::get(shape, type.getElementType()),
        lo, hi, axis, stride);
}

LogicalResult JoinOp::verify() {
  auto type = cast<RankedTensorType>(getLo().getType());
  int64_t axis = getAxis(), stride = getStride();
  if (axis < 0 || axis >= type.getRank())
    return emitOpError("axis ") << axis << " is not a dimension of " << type;
  int64_t n = type.getDimSize(axis);
  if (stride < 1 || !llvm::isPowerOf2_64(stride) || n % stride != 0)
    return emitOpError("stride ")
           << stride << " is not a power of two that divides " << n
           << " (dimension " << axis << ")";
  SmallVector<int64_t> shape(type.getShape());
  shape[axis] *= 2;
  auto result = cast<RankedTensorType>(getType());
  if (result.getShape() != ArrayRef<int64_t>(shape) ||
      result.getElementType() != type.getElementType())
    return emitOpError("result must be ")
           << RankedTensorType::get(shape, type.getElementType())
           << " (the operands with dimension " << axis << " doubled), got "
           << result;
  return success();
}
