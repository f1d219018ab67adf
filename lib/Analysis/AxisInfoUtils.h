//===- AxisInfoUtils.h - Helpers and transfer functions of AxisInfo -------===//
//
// Private to lib/Analysis. The power-of-two arithmetic every transfer
// function uses, the view of one op that the transfer functions read
// (OpView), and the transfer functions themselves, one per op or op
// family, by file:
//
//  - AxisInfoShape.cpp: splat, broadcast, expand_dims, reshape, trans,
//    convert_layout.
//  - AxisInfoArith.cpp: constants, make_range, integer arithmetic, bitwise
//    ops, shifts, integer casts, and the pointer ops (addptr, tile.cast).
//  - AxisInfoCompare.cpp: cmpi, select, and the mask-prefix rules of i1
//    tiles.
//
// AxisInfo.cpp holds the lattice value, the driver that walks functions
// (scf.for, scf.if, hints, non-negativity) and the dispatch to these.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_ANALYSIS_AXISINFOUTILS_H
#define TILEC_LIB_ANALYSIS_AXISINFOUTILS_H

#include "tilec/Analysis/AxisInfo.h"

#include "tilec/Dialect/Tile/TileDialect.h"
#include "tilec/Dialect/TileGPU/TileGPUDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/Support/MathExtras.h"

#include <optional>

namespace mlir::tilegpu::axisinfo {

constexpr int64_t kMax = AxisInfo::kMaxDivisibility;

/// Largest power of two dividing c (kMax for 0), at most kMax.
inline int64_t lowbit(int64_t c) {
  if (c == 0)
    return kMax;
  uint64_t u = static_cast<uint64_t>(c);
  uint64_t l = u & (~u + 1);
  return l > static_cast<uint64_t>(kMax) ? kMax : static_cast<int64_t>(l);
}

/// Largest power of two <= x (x >= 1).
inline int64_t floorPow2(int64_t x) {
  if (x <= 1)
    return 1;
  return int64_t(1) << llvm::Log2_64(static_cast<uint64_t>(x));
}

/// a * b, saturated at kMax.
inline int64_t capMul(int64_t a, int64_t b) {
  if (a >= kMax || b >= kMax || a * b >= kMax)
    return kMax;
  return a * b;
}

/// The shape of a tile value; {1} for a scalar.
inline SmallVector<int64_t> shapeOf(Value v) {
  if (auto t = dyn_cast<RankedTensorType>(v.getType()))
    return SmallVector<int64_t>(t.getShape());
  return {1};
}

inline bool isScalarValue(Value v) {
  return !isa<RankedTensorType>(v.getType());
}

inline bool isPointerType(Type t) {
  return isa<tile::PointerType>(getElementTypeOrSelf(t));
}

inline bool isIntOrPtr(Type t) {
  Type e = getElementTypeOrSelf(t);
  return isa<IntegerType, IndexType, tile::PointerType>(e);
}

/// The dimensions a row-major reshape from `src` to `dst` keeps, as
/// (dst dim, src dim): every dimension other than 1 when only unit
/// dimensions are inserted or removed, else an equal last dimension, else
/// none.
SmallVector<std::pair<unsigned, unsigned>>
keptReshapeDims(ArrayRef<int64_t> src, ArrayRef<int64_t> dst);

/// An op with one integer or pointer result, as a transfer function sees
/// it: the op, its result, the result's shape (scalars: {1}) and the infos
/// of its operands.
struct OpView {
  Operation *op;
  Value res;
  SmallVector<int64_t> shape;
  function_ref<AxisInfo(unsigned)> operandInfo;

  unsigned rank() const { return shape.size(); }
  /// The info of operand i.
  AxisInfo in(unsigned i) const { return operandInfo(i); }
};

// Each transfer function gives the info of the op's result, or nullopt when
// nothing is known (the driver then keeps only non-negativity).

// Shape ops (AxisInfoShape.cpp).
std::optional<AxisInfo> visitSplat(const OpView &v);
std::optional<AxisInfo> visitBroadcast(tile::BroadcastOp op, const OpView &v);
std::optional<AxisInfo> visitExpandDims(tile::ExpandDimsOp op, const OpView &v);
std::optional<AxisInfo> visitReshape(tile::ReshapeOp op, const OpView &v);
std::optional<AxisInfo> visitTrans(tile::TransOp op, const OpView &v);
std::optional<AxisInfo> visitConvertLayout(const OpView &v);

// Constants, integer arithmetic and casts, pointer ops (AxisInfoArith.cpp).
std::optional<AxisInfo> visitConstant(arith::ConstantOp op, const OpView &v);
std::optional<AxisInfo> visitMakeRange(tile::MakeRangeOp op);
std::optional<AxisInfo> visitAddI(const OpView &v);
std::optional<AxisInfo> visitSubI(const OpView &v);
std::optional<AxisInfo> visitMulI(const OpView &v);
std::optional<AxisInfo> visitDiv(const OpView &v);
std::optional<AxisInfo> visitRem(const OpView &v);
std::optional<AxisInfo> visitAndI(const OpView &v);
std::optional<AxisInfo> visitOrXOr(const OpView &v);
std::optional<AxisInfo> visitShL(const OpView &v);
std::optional<AxisInfo> visitShR(const OpView &v);
std::optional<AxisInfo> visitExt(const OpView &v);
std::optional<AxisInfo> visitTruncI(const OpView &v);
std::optional<AxisInfo> visitAddPtr(const OpView &v);
std::optional<AxisInfo> visitPtrCast(const OpView &v);

// Compares and selects (AxisInfoCompare.cpp).
std::optional<AxisInfo> visitSelect(arith::SelectOp op, const OpView &v);
std::optional<AxisInfo> visitCmpI(arith::CmpIOp op, const OpView &v);

/// Sets the mask prefix of `r`, the info so far of the i1 tile that `v`'s
/// op computes (see AxisInfo.h): bound checks of contiguous indices, and
/// the shape ops, ands and ors of such (AxisInfoCompare.cpp).
void setMaskPrefix(const OpView &v, AxisInfo &r);

} // namespace mlir::tilegpu::axisinfo

#endif // TILEC_LIB_ANALYSIS_AXISINFOUTILS_H
