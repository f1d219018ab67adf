//===- SinkViews.cpp - Move transposes and reshapes toward their sources --===//
//
// A `tile.trans` or `tile.reshape` of a computed tile is lowered by moving
// the tile through shared memory. Where the operand is itself computed from
// splats, broadcasts, ranges and elementwise ops, the view can be taken of
// those sources instead, where it costs nothing: a transposed pointer tile
// (a dot operand loaded as B^T, which tile-combine transposes onto its
// pointers) becomes a pointer tile computed transposed, and a reshape that
// undoes an earlier one (a block stored through a descriptor with a leading
// unit dimension, converted to the element type in between) disappears.
// Part of tile-combine:
//
//   trans(splat x)            -> splat x
//   trans(broadcast x)        -> broadcast(trans x)
//   trans(expand_dims(x, a))  -> expand_dims(x, a')   (the other dims in order)
//   trans(f(x, y, ...))       -> f(trans x, trans y, ...)   (f elementwise)
//   reshape(f(x, y, ...))     -> f(x', y', ...)  where each operand is a
//                                reshape from the result's shape (x' its
//                                source), a splat, or again such an f, and
//                                one is a reshape
//
// An elementwise op moves when the view is its one use, so nothing is
// computed twice, or when every operand is itself free to transpose
// (splats, broadcasts, expand_dims and cheap elementwise ops of them: a
// mask `n[:, None] & k[None, :]` shared by two loads of B^T): computing a
// few integer ops again costs less than a transpose through shared memory.
// The new ops go where the operand was computed, not into a loop that the
// view is in.
//
// A transpose that is a dot's A or B operand (directly, or through
// elementwise ops that are each their operand's one use) goes the other
// way: the dot stages trans(z) as z, in the shared buffer whose transposed
// view it reads (convert-tile-to-tilegpu), where a transpose in registers
// would go through shared memory. So such a transpose does not sink, and
//
//   f(trans x, y, ...)        -> trans(f(x, trans y, ...))
//
// moves it down to the dot when f flows into a dot operand and every other
// operand is a transpose too or free to transpose (a broadcast row factor,
// a splat): `tl.dot(a, tl.trans(b * s[:, None]).to(tl.bfloat16))`. A
// loaded operand's transpose is taken onto its pointers instead
// (tile-combine's TransposeLoadedDotOperand).
//
//===----------------------------------------------------------------------===//

#include "TransformUtils.h"

#include "tilec/Dialect/Tile/TileDialect.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::tile;

namespace {

/// An op computing one tile element by element from operands of its shape.
bool isElementwise(Operation *op) {
  if (op->getNumResults() != 1 || op->getNumRegions() != 0 || !isPure(op))
    return false;
  if (!op->hasTrait<OpTrait::Elementwise>() &&
      !isa<arith::SelectOp, CastOp, AddPtrOp>(op))
    return false;
  auto t = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!t)
    return false;
  for (Value v : op->getOperands()) {
    auto ot = dyn_cast<RankedTensorType>(v.getType());
    if (!ot || ot.getShape() != t.getShape())
      return false;
  }
  return true;
}

RankedTensorType withShape(Type t, ArrayRef<int64_t> shape) {
  return RankedTensorType::get(shape, getElementTypeOrSelf(t));
}

/// `op` cloned with `operands`, its result of shape `shape`.
Value cloneWith(PatternRewriter &rewriter, Operation *op,
                ArrayRef<Value> operands, ArrayRef<int64_t> shape) {
  Operation *copy = rewriter.clone(*op);
  copy->setOperands(operands);
  copy->getResult(0).setType(withShape(op->getResult(0).getType(), shape));
  return copy->getResult(0);
}

/// Where the transpose `order` puts the unit dimension `axis` of an
/// expand_dims result, if it keeps the other dimensions in their order (then
/// the transpose only moves the unit dimension); else nothing.
std::optional<unsigned> movesOnlyUnitDim(ArrayRef<int32_t> order,
                                         unsigned axis) {
  unsigned newAxis = 0;
  int64_t last = -1;
  for (unsigned i = 0; i < order.size(); ++i) {
    if (unsigned(order[i]) == axis) {
      newAxis = i;
      continue;
    }
    if (order[i] < last)
      return std::nullopt;
    last = order[i];
  }
  return newAxis;
}

/// Can `v` be had transposed by `order` without a transpose through shared
/// memory and without computing anything but cheap integer and pointer
/// ops again (see the file comment)?
bool freeToTranspose(Value v, ArrayRef<int32_t> order, unsigned depth = 0) {
  if (depth > 8)
    return false;
  if (DenseElementsAttr attr; matchPattern(v, m_Constant(&attr)))
    return attr.isSplat();
  Operation *def = v.getDefiningOp();
  if (!def)
    return false;
  if (isa<SplatOp>(def))
    return true;
  if (auto bc = dyn_cast<BroadcastOp>(def))
    return freeToTranspose(bc.getSrc(), order, depth + 1);
  if (auto ed = dyn_cast<ExpandDimsOp>(def))
    return movesOnlyUnitDim(order, ed.getAxis()).has_value();
  bool cheap =
      isa<AddPtrOp, arith::AndIOp, arith::OrIOp, arith::XOrIOp, arith::AddIOp,
          arith::SubIOp, arith::MulIOp, arith::CmpIOp, arith::ExtSIOp,
          arith::ExtUIOp, arith::TruncIOp, arith::SelectOp>(def);
  return cheap && isElementwise(def) &&
         llvm::all_of(def->getOperands(), [&](Value o) {
           return freeToTranspose(o, order, depth + 1);
         });
}

/// Is `v`'s one use an operand of a tile.dot's A or B, directly or through
/// elementwise ops that are each their operand's one use?
bool flowsIntoDotOperand(Value v, unsigned depth = 0) {
  if (depth > 8 || !v.hasOneUse())
    return false;
  OpOperand &use = *v.use_begin();
  Operation *user = use.getOwner();
  if (auto dot = dyn_cast<DotOp>(user))
    return use.getOperandNumber() < 2;
  return isElementwise(user) &&
         flowsIntoDotOperand(user->getResult(0), depth + 1);
}

/// The 2-D transpose `order` that an elementwise op `op` flowing into a dot
/// operand can take from its operands: one operand at least is a 2-D
/// tile.trans, and each other one is a transpose of the same order or free
/// to transpose. Then f(trans x, y) = trans(f(x, trans y)) moves the
/// transpose to the dot, whose operand staging takes it for free.
std::optional<SmallVector<int32_t>> hoistableTrans(Operation *op) {
  if (!isElementwise(op) || !flowsIntoDotOperand(op->getResult(0)))
    return std::nullopt;
  std::optional<SmallVector<int32_t>> order;
  for (Value v : op->getOperands())
    if (auto tr = v.getDefiningOp<TransOp>(); tr && tr.getType().getRank() == 2)
      order = SmallVector<int32_t>(tr.getOrder());
  if (!order)
    return std::nullopt;
  for (Value v : op->getOperands())
    if (!v.getDefiningOp<TransOp>() && !freeToTranspose(v, *order))
      return std::nullopt;
  return order;
}

/// f(trans x, y, ...) -> trans(f(x, trans y, ...)) for an elementwise f
/// flowing into a dot operand (hoistableTrans): a dot stages the operand
/// trans(z) as z, read through a transposed view, where the transpose in
/// registers would go through shared memory. Reapplied, the transpose
/// reaches the dot (`tl.dot(a, tl.trans(b * s[:, None]).to(tl.bfloat16))`).
struct HoistTransToDot : RewritePattern {
  HoistTransToDot(MLIRContext *ctx)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    std::optional<SmallVector<int32_t>> order = hoistableTrans(op);
    if (!order)
      return failure();
    rewriter.setInsertionPoint(op);
    Location loc = op->getLoc();
    SmallVector<Value> operands;
    for (Value v : op->getOperands()) {
      if (auto tr = v.getDefiningOp<TransOp>();
          tr && tr.getOrder() == ArrayRef<int32_t>(*order))
        operands.push_back(tr.getSrc());
      else
        operands.push_back(rewriter.create<TransOp>(loc, v, *order));
    }
    Value inner =
        cloneWith(rewriter, op, operands,
                  cast<RankedTensorType>(operands[0].getType()).getShape());
    rewriter.replaceOpWithNewOp<TransOp>(op, inner, *order);
    return success();
  }
};

struct SinkTrans : OpRewritePattern<TransOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TransOp trans,
                                PatternRewriter &rewriter) const override {
    Operation *def = trans.getSrc().getDefiningOp();
    if (!def)
      return failure();
    // A dot's transposed operand stays where the dot stages it (or moves
    // there: HoistTransToDot); tile-combine transposes a loaded one onto
    // its pointers (TransposeLoadedDotOperand).
    if (trans->hasOneUse()) {
      Operation *user = *trans->user_begin();
      if (isa<DotOp>(user) ? flowsIntoDotOperand(trans)
                           : hoistableTrans(user).has_value())
        return failure();
    }
    // Where the operand is computed (not into a loop the view is in).
    rewriter.setInsertionPointAfter(def);
    auto type = cast<RankedTensorType>(trans.getType());
    ArrayRef<int32_t> order = trans.getOrder();
    Location loc = trans.getLoc();
    if (auto splat = dyn_cast<SplatOp>(def)) {
      rewriter.replaceOpWithNewOp<SplatOp>(trans, type, splat.getSrc());
      return success();
    }
    if (auto bc = dyn_cast<BroadcastOp>(def)) {
      Value src = rewriter.create<TransOp>(loc, bc.getSrc(), order);
      rewriter.replaceOpWithNewOp<BroadcastOp>(trans, type, src);
      return success();
    }
    if (auto ed = dyn_cast<ExpandDimsOp>(def)) {
      std::optional<unsigned> newAxis = movesOnlyUnitDim(order, ed.getAxis());
      if (!newAxis)
        return failure();
      rewriter.replaceOp(trans, rewriter.create<ExpandDimsOp>(
                                    loc, ed.getSrc(), int32_t(*newAxis)));
      return success();
    }
    if (!isElementwise(def) ||
        (!def->hasOneUse() && !freeToTranspose(trans.getSrc(), order)))
      return failure();
    SmallVector<Value> operands;
    for (Value v : def->getOperands())
      operands.push_back(rewriter.create<TransOp>(loc, v, order));
    rewriter.replaceOp(trans,
                       cloneWith(rewriter, def, operands, type.getShape()));
    return success();
  }
};

struct SinkReshape : OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;

  /// Whether `v` can be had in `shape` at no cost: a reshape from it, a
  /// splat, or an elementwise op (its one use) of such; `undone` is set when
  /// a reshape is among them.
  static bool available(Value v, ArrayRef<int64_t> shape, bool &undone,
                        unsigned depth = 0) {
    if (auto inner = v.getDefiningOp<ReshapeOp>();
        inner && inner.getSrc().getType().getShape() == shape)
      return undone = true;
    if (v.getDefiningOp<SplatOp>())
      return true;
    if (DenseElementsAttr attr; matchPattern(v, m_Constant(&attr)))
      return attr.isSplat();
    Operation *def = v.getDefiningOp();
    if (!def || depth > 8 || !isElementwise(def) || !def->hasOneUse())
      return false;
    return llvm::all_of(def->getOperands(), [&](Value o) {
      return available(o, shape, undone, depth + 1);
    });
  }

  /// `v` in `shape` (available() holds).
  static Value rebuild(PatternRewriter &rewriter, Location loc, Value v,
                       ArrayRef<int64_t> shape) {
    if (auto inner = v.getDefiningOp<ReshapeOp>();
        inner && inner.getSrc().getType().getShape() == shape)
      return inner.getSrc();
    if (auto splat = v.getDefiningOp<SplatOp>())
      return rewriter.create<SplatOp>(loc, withShape(v.getType(), shape),
                                      splat.getSrc());
    if (DenseElementsAttr attr; matchPattern(v, m_Constant(&attr)))
      return rewriter.create<arith::ConstantOp>(
          loc, attr.resizeSplat(withShape(v.getType(), shape)));
    Operation *def = v.getDefiningOp();
    SmallVector<Value> operands;
    for (Value o : def->getOperands())
      operands.push_back(rebuild(rewriter, loc, o, shape));
    return cloneWith(rewriter, def, operands, shape);
  }

  LogicalResult matchAndRewrite(ReshapeOp reshape,
                                PatternRewriter &rewriter) const override {
    Operation *def = reshape.getSrc().getDefiningOp();
    if (!def || !isElementwise(def))
      return failure();
    ArrayRef<int64_t> shape = reshape.getType().getShape();
    bool undone = false;
    if (!available(reshape.getSrc(), shape, undone) || !undone)
      return failure();
    rewriter.setInsertionPointAfter(def);
    rewriter.replaceOp(
        reshape, rebuild(rewriter, reshape.getLoc(), reshape.getSrc(), shape));
    return success();
  }
};

} // namespace

void mlir::tile::populateSinkViewPatterns(RewritePatternSet &patterns) {
  patterns.add<SinkTrans, SinkReshape, HoistTransToDot>(patterns.getContext());
}
