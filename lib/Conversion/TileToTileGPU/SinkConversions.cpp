//===- SinkConversions.cpp - Compute in the converted tiles' layout ------===//
//
// Rule 6 of the layout-conversion rules (RemoveLayoutConversions.cpp has
// the list): an elementwise op of two or more tiles converted from one
// layout, the rest cheap, is computed in that layout and its result
// converted instead (or of one such tile, where the result goes on through
// elementwise ops into a reduction); a reduction of a single-use
// conversion is made in the conversion's source layout and its result (a
// slice, 1/n of the data, or a scalar) converted; a dot operand's staging
// copy whose buffer runs along the other dimension than its value's layout
// takes the elementwise ops computing it in the layout of the loads they
// start from, when those are read in the buffer's order (SinkIntoStaging).
// tilegpu-load-layouts applies these patterns
// (populateSinkConversionPatterns).
//
//===----------------------------------------------------------------------===//

#include "ConversionCost.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::tilegpu;
using namespace mlir::tilegpu::remat;

namespace {

/// Whether `v` is used once, by a reduction or by an elementwise op whose
/// other operands are cheap and whose result is (recursively): a
/// conversion sunk to `v` moves on into the reduction, whose smaller
/// result it converts.
bool feedsReduction(Value v, unsigned depth = 0) {
  if (!v.hasOneUse() || depth > 8)
    return false;
  Operation *user = *v.getUsers().begin();
  if (isa<tile::ReduceOp>(user))
    return true;
  if (!isElementwise(user))
    return false;
  for (Value x : user->getOperands())
    if (x != v && (!isa<RankedTensorType>(x.getType()) || !isCheap(x)))
      return false;
  return feedsReduction(user->getResult(0), depth + 1);
}

/// Rule 6: an elementwise op of two or more tiles converted from one
/// layout (the rest cheap) computed in that layout, its one result
/// converted instead (no wider than those operands); of one such tile
/// where the result goes on into a reduction.
struct SinkThroughElementwise : RewritePattern {
  SinkThroughElementwise(MLIRContext *ctx)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isElementwise(op) || !isa<RankedTensorType>(op->getResultTypes()[0]))
      return failure();
    Attribute source;
    unsigned converted = 0;
    for (Value v : op->getOperands()) {
      if (!isa<RankedTensorType>(v.getType()))
        return failure();
      if (auto cvt = v.getDefiningOp<ConvertLayoutOp>()) {
        Attribute from = getLayout(cvt.getSrc().getType());
        if (source && from != source)
          return failure();
        source = from;
        ++converted;
        continue;
      }
      if (!isCheap(v))
        return failure();
    }
    bool reduced = feedsReduction(op->getResult(0));
    if (converted == 0 || (converted == 1 && !reduced))
      return failure();
    if (!reduced)
      for (Value v : op->getOperands())
        if (v.getDefiningOp<ConvertLayoutOp>() &&
            elementBits(v.getType()) < elementBits(op->getResultTypes()[0]))
          return failure();
    SmallVector<Value> operands;
    for (Value v : op->getOperands()) {
      auto cvt = v.getDefiningOp<ConvertLayoutOp>();
      operands.push_back(cvt ? cvt.getSrc()
                             : convertTo(rewriter, op->getLoc(), v, source));
    }
    Type type = withLayout(op->getResultTypes()[0], source);
    OperationState state(op->getLoc(), op->getName(), operands, TypeRange{type},
                         op->getAttrs());
    Operation *clone = rewriter.create(state);
    rewriter.replaceOpWithNewOp<ConvertLayoutOp>(op, op->getResultTypes()[0],
                                                 clone->getResult(0));
    return success();
  }
};

/// Rule 6 through a reduction: the reduction of a single-use conversion
/// made in the conversion's source layout, its smaller result converted
/// (a scalar needs none).
struct SinkThroughReduce : OpRewritePattern<tile::ReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tile::ReduceOp op,
                                PatternRewriter &rewriter) const override {
    auto cvt = op.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!cvt || !cvt->hasOneUse())
      return failure();
    Value src = cvt.getSrc();
    Type type = op.getType();
    // Reductions lower from layouts that have slices.
    if (!describedByDims(getLayout(src.getType())))
      return failure();
    if (auto t = dyn_cast<RankedTensorType>(type))
      type = withLayout(t, SliceAttr::get(op.getContext(), op.getAxis(),
                                          getLayout(src.getType())));
    auto r = rewriter.create<tile::ReduceOp>(
        op.getLoc(), type, op.getKindAttr(), src, op.getAxisAttr());
    if (type == op.getType())
      rewriter.replaceOp(op, r.getResult());
    else
      rewriter.replaceOpWithNewOp<ConvertLayoutOp>(op, op.getType(),
                                                   r.getResult());
    return success();
  }
};

/// Rule 6 into a staging copy: a dot operand's shared copy (local_alloc)
/// whose rows run along the other dimension than its value's layout (an
/// M-major A, a K-major B: stored element by element from the default
/// row-fastest layout), the value computed by single-use elementwise ops
/// from tiles converted out of layouts of the buffer's order (loads read
/// down their columns: fla's chunk_h `k * exp2(gk_last[:, None] - gk)`),
/// broadcasts of smaller tiles and cheap tiles: the ops are computed in
/// the first such layout (of the copy's element width where one has it),
/// the other tiles converted there, and the copy stores whole vectors.
struct SinkIntoStaging : OpRewritePattern<LocalAllocOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LocalAllocOp alloc,
                                PatternRewriter &rewriter) const override {
    Value init = alloc.getInit();
    auto shared = dyn_cast_or_null<SharedAttr>(alloc.getType().getEncoding());
    auto type = init ? dyn_cast<RankedTensorType>(init.getType()) : nullptr;
    auto layout =
        type ? dyn_cast_or_null<BlockedAttr>(type.getEncoding()) : nullptr;
    if (!shared || !layout || layout.getRank() != 2 || !init.hasOneUse())
      return failure();
    unsigned fast = shared.getTransposed() ? 0 : 1;
    if (layout.getOrder()[0] == fast)
      return failure();
    // The chain, and the layout of the buffer's order to compute it in.
    SmallVector<Operation *> chain;
    SmallVector<Value> leaves, work{init};
    BlockedAttr target;
    bool targetBits = false; // target from a tile of the copy's width
    unsigned bits = elementBits(type);
    while (!work.empty()) {
      Value v = work.pop_back_val();
      if (auto cvt = v.getDefiningOp<ConvertLayoutOp>()) {
        auto from = dyn_cast<BlockedAttr>(getLayout(cvt.getSrc().getType()));
        if (from && from.getRank() == 2 && from.getOrder()[0] == fast) {
          bool same = elementBits(v.getType()) == bits;
          if (!target || (same && !targetBits)) {
            target = from;
            targetBits = same;
          }
          leaves.push_back(v);
          continue;
        }
      }
      Operation *op = v.getDefiningOp();
      if (op && isa<tile::BroadcastOp>(op)) {
        leaves.push_back(v);
        continue;
      }
      if (isCheap(v)) {
        leaves.push_back(v);
        continue;
      }
      if (!op || !isElementwise(op) || !v.hasOneUse() ||
          op->getBlock() != alloc->getBlock() || chain.size() > 16)
        return failure();
      chain.push_back(op);
      for (Value o : op->getOperands())
        if (isa<RankedTensorType>(o.getType()))
          work.push_back(o);
    }
    if (!target || chain.empty())
      return failure();
    llvm::sort(chain, [](Operation *a, Operation *b) {
      return a->isBeforeInBlock(b);
    });
    IRMapping map;
    for (Operation *op : chain) {
      rewriter.setInsertionPoint(op);
      // Its leaves in the target layout, right before their first user.
      for (Value leaf : op->getOperands()) {
        if (map.contains(leaf) || !llvm::is_contained(leaves, leaf))
          continue;
        Value src = leaf;
        if (auto cvt = leaf.getDefiningOp<ConvertLayoutOp>())
          src = cvt.getSrc();
        map.map(leaf, getLayout(src.getType()) == target
                          ? src
                          : convertTo(rewriter, leaf.getLoc(), src, target));
      }
      Operation *clone = rewriter.clone(*op, map);
      clone->getResult(0).setType(
          withLayout(op->getResult(0).getType(), target));
    }
    rewriter.modifyOpInPlace(
        alloc, [&] { alloc.getInitMutable().assign(map.lookup(init)); });
    for (Operation *op : llvm::reverse(chain))
      rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::tilegpu::populateSinkConversionPatterns(
    RewritePatternSet &patterns) {
  patterns.add<SinkThroughElementwise, SinkThroughReduce, SinkIntoStaging>(
      patterns.getContext());
}
