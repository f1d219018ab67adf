//===- SinkViews.cpp - Move transposes and reshapes toward their sources --===//
//
// A `tile.trans` or `tile.reshape` of a computed tile is lowered by moving
// the tile through shared memory. `tl.dot(a, b.T)` of a loaded `b` (as
// Triton kernels write it with tensor descriptors: B kept N x K) reaches the
// IR as a dot of `tile.trans` of a `tile.load`; the transpose moves onto the
// pointers (and mask and `other`; a descriptor block is read transposed),
// so the operand is a load whose pointers are contiguous along K, staged
// K-major with 16-byte pipelined copies as a B given transposed by its
// strides (TransposeLoadedDotOperand; only for a load and trans used by that
// dot alone). Where the operand is itself computed from
// splats, broadcasts, ranges and elementwise ops, the view can be taken of
// those sources instead, where it costs nothing: a transposed pointer tile
// (a dot operand loaded as B^T, above) becomes a pointer tile computed
// transposed, and a reshape that undoes an earlier one (a block stored
// through a descriptor with a leading unit dimension, converted to the
// element type in between) disappears.
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
// (TransposeLoadedDotOperand). Likewise a stored transpose whose pointers
// and mask are free to transpose is stored at transposed pointers
// (TransposeStoredValue, elementwise ops before the store moving above the
// transpose), and a loaded tile transposed for anything else is loaded
// transposed (TransposeLoad).
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

/// The transpose of a 2-D tile.
constexpr int32_t kSwap[] = {1, 0};

/// Is `use` a place where a 2-D transpose costs nothing: a 2-D dot's A or B
/// (staged through a transposed view), or the value a tile.store writes
/// through pointers and a mask that are free to transpose (stored at the
/// transposed pointers instead: TransposeStoredValue)?
bool isFreeTransposeUse(OpOperand &use) {
  Operation *user = use.getOwner();
  if (isa<DotOp>(user))
    return use.getOperandNumber() < 2 &&
           cast<RankedTensorType>(use.get().getType()).getRank() == 2;
  auto store = dyn_cast<StoreOp>(user);
  if (!store || use.getOperandNumber() != 1)
    return false;
  auto t = dyn_cast<RankedTensorType>(store.getValue().getType());
  return t && t.getRank() == 2 && freeToTranspose(store.getPtr(), kSwap) &&
         (!store.getMask() || freeToTranspose(store.getMask(), kSwap));
}

/// A 2-D tile.trans.
bool isTrans2D(Value v) {
  auto tr = v.getDefiningOp<TransOp>();
  return tr && tr.getType().getRank() == 2;
}

/// Is `v`'s one use such a place, directly or through elementwise ops that
/// are each their operand's one use and whose other operands are
/// transposes or free to transpose (so that a transpose of `v` moved there
/// goes on moving: HoistTransToSink stops nowhere short of the place,
/// where SinkTrans would move it back)?
bool flowsIntoFreeTranspose(Value v, unsigned depth = 0) {
  if (depth > 8 || !v.hasOneUse())
    return false;
  OpOperand &use = *v.use_begin();
  if (isFreeTransposeUse(use))
    return true;
  Operation *user = use.getOwner();
  if (!isElementwise(user))
    return false;
  for (OpOperand &other : user->getOpOperands())
    if (&other != &use && !isTrans2D(other.get()) &&
        !freeToTranspose(other.get(), kSwap))
      return false;
  return flowsIntoFreeTranspose(user->getResult(0), depth + 1);
}

/// Whether an elementwise op `op` flowing into a dot operand or a store
/// (flowsIntoFreeTranspose) can take a 2-D transpose from its operands: one
/// operand at least is a 2-D tile.trans, and each other one is a transpose
/// too or free to transpose. Then f(trans x, y) = trans(f(x, trans y))
/// moves the transpose to where it costs nothing.
bool hoistableTrans(Operation *op) {
  if (!isElementwise(op) || !flowsIntoFreeTranspose(op->getResult(0)))
    return false;
  return llvm::any_of(op->getOperands(), isTrans2D) &&
         llvm::all_of(op->getOperands(), [&](Value v) {
           return isTrans2D(v) || freeToTranspose(v, kSwap);
         });
}

/// f(trans x, y, ...) -> trans(f(x, trans y, ...)) for an elementwise f
/// flowing into a dot operand or a store (hoistableTrans): a dot stages the
/// operand trans(z) as z, read through a transposed view, and a store
/// writes z at transposed pointers, where the transpose in registers would
/// go through shared memory. Reapplied, the transpose reaches the dot
/// (`tl.dot(a, tl.trans(b * s[:, None]).to(tl.bfloat16))`) or the store
/// (`tl.store(p, tl.trans(h).to(tl.bfloat16))`).
struct HoistTransToSink : RewritePattern {
  HoistTransToSink(MLIRContext *ctx)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!hoistableTrans(op))
      return failure();
    rewriter.setInsertionPoint(op);
    Location loc = op->getLoc();
    SmallVector<Value> operands;
    for (Value v : op->getOperands()) {
      auto tr = v.getDefiningOp<TransOp>();
      operands.push_back(tr && tr.getType().getRank() == 2
                             ? tr.getSrc()
                             : rewriter.create<TransOp>(loc, v, kSwap));
    }
    Value inner =
        cloneWith(rewriter, op, operands,
                  cast<RankedTensorType>(operands[0].getType()).getShape());
    rewriter.replaceOpWithNewOp<TransOp>(op, inner, kSwap);
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
    // A dot's transposed operand stays where the dot stages it, a stored
    // one where the store takes it (or moves there: HoistTransToSink);
    // a loaded dot operand's goes onto its pointers
    // (TransposeLoadedDotOperand).
    if (trans->hasOneUse()) {
      OpOperand &use = *trans->use_begin();
      if (isFreeTransposeUse(use) || hoistableTrans(use.getOwner()))
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

/// store(p, trans x, m) -> store(trans p, x, trans m) for a 2-D x whose
/// pointers and mask are free to transpose: the tile is written from the
/// registers it is in, the pointers computed transposed (SinkTrans).
struct TransposeStoredValue : OpRewritePattern<StoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(StoreOp store,
                                PatternRewriter &rewriter) const override {
    auto tr = store.getValue().getDefiningOp<TransOp>();
    if (!tr || !isFreeTransposeUse(store->getOpOperand(1)))
      return failure();
    Location loc = store.getLoc();
    Value ptr = rewriter.create<TransOp>(loc, store.getPtr(), kSwap);
    Value mask = store.getMask()
                     ? rewriter.create<TransOp>(loc, store.getMask(), kSwap)
                     : Value();
    auto copy = rewriter.create<StoreOp>(loc, ptr, tr.getSrc(), mask);
    copy->setAttrs(store->getAttrs());
    rewriter.eraseOp(store);
    return success();
  }
};

/// `load` made again reading its tile transposed by `order`: its pointers,
/// mask and `other` transposed (SinkTrans computes them so), a descriptor
/// block read transposed (the same block); `load` is left for the caller.
LoadOp loadTransposed(PatternRewriter &rewriter, LoadOp load,
                      ArrayRef<int32_t> order) {
  rewriter.setInsertionPoint(load);
  Location loc = load.getLoc();
  auto t = [&](Value v) -> Value {
    return v ? rewriter.create<TransOp>(loc, v, order).getResult() : v;
  };
  auto copy = rewriter.create<LoadOp>(loc, t(load.getPtr()), t(load.getMask()),
                                      t(load.getOther()));
  for (NamedAttribute a : load->getDiscardableAttrs())
    copy->setAttr(a.getName(), a.getValue());
  for (NamedAttribute a : load->getAttrs())
    if (!copy->hasAttr(a.getName()))
      copy->setAttr(a.getName(), a.getValue());
  if (!load.getBlockCoords().empty()) {
    copy.getBlockCoordsMutable().assign(load.getBlockCoords());
    copy.setBlockTransposed(!load.getBlockTransposed());
  }
  return copy;
}

/// dot(trans(load(p, m, o)), ...) -> dot(load(trans p, trans m, trans o),
/// ...) (either operand): B^T loaded as a tile whose staging copies read
/// K-major rows.
struct TransposeLoadedDotOperand : OpRewritePattern<DotOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DotOp dot,
                                PatternRewriter &rewriter) const override {
    for (unsigned i = 0; i < 2; ++i) {
      auto tr = dot->getOperand(i).getDefiningOp<TransOp>();
      if (!tr || !tr->hasOneUse())
        continue;
      auto load = tr.getSrc().getDefiningOp<LoadOp>();
      if (!load || !load->hasOneUse() || load->hasAttr("isVolatile"))
        continue;
      LoadOp copy = loadTransposed(rewriter, load, tr.getOrder());
      rewriter.modifyOpInPlace(dot, [&] { dot->setOperand(i, copy); });
      rewriter.eraseOp(tr);
      rewriter.eraseOp(load);
      return success();
    }
    return failure();
  }
};

/// trans(load(p, m, o)) -> load(trans p, trans m, trans o) for a 2-D load
/// that the transpose is the one use of, whose pointers, mask and `other`
/// are free to transpose, and whose transpose does not go on to a dot or a
/// store (HoistTransToSink takes it there): the load reads the tile
/// transposed, its layout following the pointers' contiguity
/// (tilegpu-load-layouts), where a transpose in registers would go through
/// shared memory (fla's chunk_h reading its initial state [V, K] as [K, V]).
struct TransposeLoad : OpRewritePattern<TransOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TransOp trans,
                                PatternRewriter &rewriter) const override {
    auto load = trans.getSrc().getDefiningOp<LoadOp>();
    if (!load || !load->hasOneUse() || load->hasAttr("isVolatile") ||
        !load.getBlockCoords().empty() || trans.getType().getRank() != 2 ||
        flowsIntoFreeTranspose(trans))
      return failure();
    for (Value v : {load.getPtr(), load.getMask(), load.getOther()})
      if (v && !freeToTranspose(v, kSwap))
        return failure();
    rewriter.replaceOp(trans, loadTransposed(rewriter, load, kSwap));
    rewriter.eraseOp(load);
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
  patterns.add<SinkTrans, SinkReshape, HoistTransToSink, TransposeStoredValue,
               TransposeLoad, TransposeLoadedDotOperand>(patterns.getContext());
}
