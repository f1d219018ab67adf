//===- RemoveLayoutConversions.cpp - Rematerialize instead of converting --===//
//
// 1. convert_layout(make_range | splat | splat constant) -> the producer,
//    recreated with the target layout.
// 2. convert_layout(elementwise(x, y)) -> elementwise(convert_layout(x),
//    convert_layout(y)) (arith and math ops, tile.addptr), so the conversion
//    climbs towards rule 1's producers; likewise through a broadcast (the
//    operand converted to the target layout) and expand_dims (the operand
//    converted to the target's slice). Only where it does not move more data:
//    at most one of the operands is not cheap (a tile that rules 1 and 2
//    recompute in any layout: ranges, splats, constants and what elementwise
//    ops, broadcasts and expand_dims compute from them), and that one is no
//    wider than the result (a conversion of an f32 tile before an f16
//    truncation, or of both operands of a division, would move more than the
//    one it replaces). An op with other users stays, and is recomputed in the
//    target layout only when all its operands are cheap.
// 3. The folder of convert_layout drops no-op and back-to-back conversions.
// 4. A stored value that is a conversion, or computed from one by single-use
//    elementwise ops whose other operands are cheap, is stored in the
//    conversion's (blocked or slice) layout: the ops are recomputed there,
//    the pointers and mask (cheap) are converted, which rules 1 and 2 undo,
//    and no data moves (Triton's forward propagation to stores). A row
//    reduction's result stored through the 1-D layout of its program's
//    other tiles was converted through shared memory before.
// 5. convert_layout(load) of a small tile (fewer elements than the CTA has
//    threads, not volatile, its mask and `other` cheap, its pointers cheap
//    or a pointer tile a loop carries from a cheap start by cheap steps)
//    used once, a thread holding no more of it in the target layout than
//    in its own, the target a row slice (a slice keeping its parent's
//    fastest dimension, whose elements a thread reads as vectors: a row
//    vector of a row loop), or the tile having at most 4 elements a warp
//    (a thread then holds at most 4 in any layout tilegpu-coalesce may give
//    the target later: fewer loads than a store, a barrier and a load):
//    the load is made in the target layout (Triton counts such loads as
//    cheap: their elements are mostly the same lines); a loop-carried
//    pointer tile gets a twin iter_arg in it (row slices and loop-carried
//    pointers count only in this pass, the one that runs rule 5; the
//    hoisting that other passes run would leave such loads converted).
//    Rule 2 counts such loads,
//    and the elementwise ops computed from them and cheap tiles, as
//    recomputable in another layout: a triangular solve's row update (a
//    loaded row plus a column sum, converted back to the sum's layout) is
//    computed in the sum's layout, and only the loaded row is converted. A load
//    used more than once stays and is converted: loading it again in each
//    layout measured slower on streaming loops (Liger's block RMSNorm backward,
//    bf16: 0.76x on an H100, 2026-12-05). Index tiles loaded in the 1-D
//    layout and used as a column of a 2-D tile were converted through
//    shared memory before.
// 6. (SinkConversions.cpp, not in this pass) An elementwise op
//    of two or more tiles converted from one layout, the rest cheap, is
//    computed in that layout and its result converted instead (or of one
//    such tile, where the result goes on through elementwise ops into a
//    reduction); a reduction of a single-use conversion is made in the
//    conversion's source layout and its result (a slice, 1/n of the data,
//    or a scalar) converted; a dot operand's staging copy whose buffer
//    runs along the other dimension than its value's layout takes the
//    elementwise ops computing it in the layout of the loads they start
//    from, when those are read in the buffer's order (SinkIntoStaging).
// 7. convert_layout(scan(x)) -> scan(convert_layout(x)) when every result
//    of the scan is converted to one blocked layout that spans the axis
//    with no more lanes and warps (HoistThroughScan); rule 2 then climbs
//    on.
// 8. convert_layout(arg) of a loop's induction tile (an iter_arg from a
//    cheap start, updated by an elementwise op of it and cheap operands,
//    used in the loop only by conversions and that update): the loop
//    carries a twin of it in the target layout (HoistThroughInduction), as
//    rule 5 does for pointer tiles.
// Applied greedily to a fixed point. The cost model the rules share (what
// is cheap, what a conversion moves) is ConversionCost.h.
//
//===----------------------------------------------------------------------===//

#include "ConversionCost.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tilegpu {
#define GEN_PASS_DEF_TILEGPUREMOVELAYOUTCONVERSIONS
#include "tilec/Dialect/TileGPU/Passes.h.inc"
} // namespace mlir::tilegpu

using namespace mlir;
using namespace mlir::tilegpu;
using namespace mlir::tilegpu::remat;

namespace {

/// Rule 1: recreate cheap producers in the target layout.
struct RematerializeSource : OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvertLayoutOp op,
                                PatternRewriter &rewriter) const override {
    Operation *src = op.getSrc().getDefiningOp();
    if (!src)
      return failure();
    auto type = op.getType();
    if (auto r = dyn_cast<tile::MakeRangeOp>(src)) {
      rewriter.replaceOpWithNewOp<tile::MakeRangeOp>(op, type, r.getStartAttr(),
                                                     r.getEndAttr());
      return success();
    }
    if (auto s = dyn_cast<tile::SplatOp>(src)) {
      rewriter.replaceOpWithNewOp<tile::SplatOp>(op, type, s.getSrc());
      return success();
    }
    if (auto c = dyn_cast<arith::ConstantOp>(src)) {
      auto splat = dyn_cast<SplatElementsAttr>(c.getValue());
      if (!splat)
        return failure();
      rewriter.replaceOpWithNewOp<arith::ConstantOp>(
          op, type,
          SplatElementsAttr::get(type, splat.getSplatValue<Attribute>()));
      return success();
    }
    return failure();
  }
};

/// A conversion moved up (rule 2): `cancelling` counts an operand
/// whose conversion would cancel another one as moving no data (the form
/// populateHoistConversionPatterns gives other passes).
struct HoistPattern : OpRewritePattern<ConvertLayoutOp> {
  HoistPattern(MLIRContext *ctx, bool cancelling)
      : OpRewritePattern(ctx), cancelling(cancelling) {}
  bool cancelling;
};

/// Rule 2: move the conversion above a single-use elementwise op.
struct HoistThroughElementwise : HoistPattern {
  using HoistPattern::HoistPattern;
  LogicalResult matchAndRewrite(ConvertLayoutOp op,
                                PatternRewriter &rewriter) const override {
    Operation *src = op.getSrc().getDefiningOp();
    if (!isElementwise(src))
      return failure();
    for (Value v : src->getOperands())
      if (!isa<RankedTensorType>(v.getType()))
        return failure();
    Attribute target = getLayout(op.getType());
    if (!worthHoisting(src->getOperands(), op.getSrc(), target, cancelling))
      return failure();
    SmallVector<Value> operands;
    for (Value v : src->getOperands())
      operands.push_back(convertTo(rewriter, op.getLoc(), v, target));
    OperationState state(src->getLoc(), src->getName(), operands,
                         TypeRange{op.getType()}, src->getAttrs());
    Operation *clone = rewriter.create(state);
    rewriter.replaceOp(op, clone->getResults());
    if (src->use_empty())
      rewriter.eraseOp(src);
    return success();
  }
};

/// Rule 2 through a single-use broadcast or expand_dims, or a broadcast
/// with other users (it stays for them).
struct HoistThroughShapeOp : HoistPattern {
  using HoistPattern::HoistPattern;
  LogicalResult matchAndRewrite(ConvertLayoutOp op,
                                PatternRewriter &rewriter) const override {
    Operation *src = op.getSrc().getDefiningOp();
    if (!src || !isa<tile::BroadcastOp, tile::ExpandDimsOp>(src))
      return failure();
    Value in = src->getOperand(0);
    Attribute target = getLayout(op.getType());
    // Not into dot operand layouts nor the transposed mma layout: nothing
    // lowers broadcasts, expand_dims or slices there (a `where` on a dot
    // operand computed in registers, its mask a broadcast column; a column
    // broadcast into a tf32 dot's transposed accumulator).
    if (!describedByDims(target))
      return failure();
    Attribute inTarget =
        isa<tile::ExpandDimsOp>(src)
            ? Attribute(SliceAttr::get(op.getContext(),
                                       cast<tile::ExpandDimsOp>(src).getAxis(),
                                       target))
            : target;
    // A broadcast is free in any layout: converting its smaller operand
    // moves less data even where the broadcast stays for other users (a
    // row factor both a blocked and an accumulator tile multiply).
    bool fewer = isSmallerBroadcast(op.getSrc(), target);
    if (!worthHoisting(in, op.getSrc(), inTarget, cancelling, fewer))
      return failure();
    if (auto ex = dyn_cast<tile::ExpandDimsOp>(src)) {
      Attribute slice = SliceAttr::get(op.getContext(), ex.getAxis(), target);
      Value c = convertTo(rewriter, op.getLoc(), in, slice);
      rewriter.replaceOpWithNewOp<tile::ExpandDimsOp>(op, op.getType(), c,
                                                      ex.getAxisAttr());
    } else {
      Value c = convertTo(rewriter, op.getLoc(), in, target);
      rewriter.replaceOpWithNewOp<tile::BroadcastOp>(op, op.getType(), c);
    }
    if (src->use_empty())
      rewriter.eraseOp(src);
    return success();
  }
};

/// Rule 7: move the conversions of a scan's results above it. Each result
/// is used once, by a conversion to one blocked layout in which the scan's
/// axis spans no more lanes and no more warps than in its own (no more
/// shuffle steps, no cross-warp step it did not take): the scan runs in the
/// target layout and its operands (of its results' types: the same data)
/// are converted, where rule 2 moves the conversions on up (a bf16 tile
/// loaded, widened and scanned is converted before the widening: half the
/// bytes), as Triton's backward rematerialization takes a scan.
struct HoistThroughScan : OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvertLayoutOp op,
                                PatternRewriter &rewriter) const override {
    auto scan = op.getSrc().getDefiningOp<tile::ScanOp>();
    if (!scan)
      return failure();
    auto target = dyn_cast<BlockedAttr>(getLayout(op.getType()));
    auto source = dyn_cast<BlockedAttr>(getLayout(op.getSrc().getType()));
    unsigned axis = scan.getAxis();
    if (!target || !source ||
        target.getThreadsPerWarp()[axis] > source.getThreadsPerWarp()[axis] ||
        target.getWarpsPerCTA()[axis] > source.getWarpsPerCTA()[axis])
      return failure();
    SmallVector<ConvertLayoutOp> uses;
    for (Value r : scan.getResults()) {
      if (!r.hasOneUse())
        return failure();
      auto cvt = dyn_cast<ConvertLayoutOp>(*r.getUsers().begin());
      if (!cvt || getLayout(cvt.getType()) != target)
        return failure();
      uses.push_back(cvt);
    }
    rewriter.setInsertionPoint(scan);
    IRMapping map;
    for (Value x : scan.getSrcs())
      map.map(x, convertTo(rewriter, scan.getLoc(), x, target));
    Operation *clone = rewriter.clone(*scan, map);
    for (auto [r, cvt] : llvm::zip(clone->getResults(), uses)) {
      r.setType(cvt.getType());
      rewriter.replaceOp(cvt, r);
    }
    rewriter.eraseOp(scan);
    return success();
  }
};

/// Rule 4: store a converted value in the conversion's source layout.
struct SinkIntoStore : OpRewritePattern<tile::StoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tile::StoreOp store,
                                PatternRewriter &rewriter) const override {
    auto valueType = dyn_cast<RankedTensorType>(store.getValue().getType());
    if (!valueType)
      return failure();
    // The chain from the stored value up to the conversion: each op used
    // once, all its tensor operands but one cheap.
    SmallVector<std::pair<Operation *, unsigned>> chain;
    Value v = store.getValue();
    while (!v.getDefiningOp<ConvertLayoutOp>()) {
      Operation *op = v.getDefiningOp();
      if (!isElementwise(op) || !v.hasOneUse())
        return failure();
      std::optional<unsigned> costly;
      for (auto [i, x] : llvm::enumerate(op->getOperands())) {
        if (!isa<RankedTensorType>(x.getType()))
          return failure();
        if (isCheap(x))
          continue;
        if (costly)
          return failure();
        costly = i;
      }
      if (!costly)
        return failure(); // all cheap: rules 1 and 2's business
      chain.push_back({op, *costly});
      v = op->getOperand(*costly);
    }
    auto cvt = v.getDefiningOp<ConvertLayoutOp>();
    if (!v.hasOneUse() || !isCheap(store.getPtr()) ||
        (store.getMask() && !isCheap(store.getMask())))
      return failure();
    Attribute source = getLayout(cvt.getSrc().getType());
    auto slice = dyn_cast_or_null<SliceAttr>(source);
    if (!isa_and_nonnull<BlockedAttr>(slice ? slice.getParent() : source))
      return failure();
    auto convert = [&](Value x) {
      return convertTo(rewriter, store.getLoc(), x, source);
    };
    Value value = cvt.getSrc();
    for (auto [op, costly] : llvm::reverse(chain)) {
      SmallVector<Value> operands;
      for (auto [i, x] : llvm::enumerate(op->getOperands()))
        operands.push_back(i == costly ? value : convert(x));
      OperationState state(
          op->getLoc(), op->getName(), operands,
          TypeRange{withLayout(op->getResult(0).getType(), source)},
          op->getAttrs());
      value = rewriter.create(state)->getResult(0);
    }
    rewriter.modifyOpInPlace(store, [&] {
      store.getPtrMutable().assign(convert(store.getPtr()));
      store.getValueMutable().assign(value);
      if (store.getMask())
        store.getMaskMutable().assign(convert(store.getMask()));
    });
    return success();
  }
};

/// The induction `arg` of its loop (updated by the elementwise op
/// `update`, which only the yield uses) carried again in `target`: the new
/// loop's block argument, from the start converted, updated by `update`
/// recomputed in `target` (its other operands converted).
Value twinInduction(PatternRewriter &rewriter, BlockArgument arg,
                    Operation *update, Attribute target) {
  auto loop = cast<scf::ForOp>(arg.getOwner()->getParentOp());
  unsigned j = arg.getArgNumber() - loop.getNumInductionVars();
  // The new loop takes the body, its block arguments replacing `arg` and
  // the others: the update's operands are found by position there.
  SmallVector<bool> carried;
  for (Value x : update->getOperands())
    carried.push_back(x == arg);
  rewriter.setInsertionPoint(loop);
  Value init =
      convertTo(rewriter, loop.getLoc(), loop.getInitArgs()[j], target);
  FailureOr<LoopLikeOpInterface> replaced = loop.replaceWithAdditionalYields(
      rewriter, init, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &b, Location loc, ArrayRef<BlockArgument> args) {
        IRMapping map;
        for (auto [x, isArg] : llvm::zip(update->getOperands(), carried))
          if (isArg)
            map.map(x, args[0]);
          else if (isa<RankedTensorType>(x.getType()))
            map.map(x, convertTo(b, loc, x, target));
        Operation *next = b.clone(*update, map);
        next->getResult(0).setType(args[0].getType());
        return SmallVector<Value>{next->getResult(0)};
      });
  if (failed(replaced))
    return {};
  return cast<scf::ForOp>(replaced->getOperation()).getRegionIterArgs().back();
}

/// Makes the yield of iter_arg `arg` (used only by its own update, its
/// result unused) pass it through, and drops the update.
void passThrough(PatternRewriter &rewriter, BlockArgument arg) {
  auto loop = cast<scf::ForOp>(arg.getOwner()->getParentOp());
  unsigned j = arg.getArgNumber() - loop.getNumInductionVars();
  if (!loop.getResult(j).use_empty())
    return;
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  Operation *update = yield.getOperand(j).getDefiningOp();
  rewriter.modifyOpInPlace(yield, [&] { yield.setOperand(j, arg); });
  if (update && update->use_empty())
    rewriter.eraseOp(update);
}

/// Rule 5: load a small tile in the layout it is converted to.
struct HoistThroughLoad : OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvertLayoutOp op,
                                PatternRewriter &rewriter) const override {
    auto load = op.getSrc().getDefiningOp<tile::LoadOp>();
    Attribute target = getLayout(op.getType());
    if (!load || !loadableIn(load, target, /*wide=*/true))
      return failure();
    // A loop's pointer induction gets a twin iter_arg in the target
    // layout (the loop is rebuilt around the same body).
    Value ptr;
    if (tile::AddPtrOp update = pointerInduction(load.getPtr())) {
      ptr = twinInduction(rewriter, cast<BlockArgument>(update.getPtr()),
                          update, target);
      if (!ptr)
        return failure();
    }
    // The load stays where it is: a store between it and the conversion
    // may write what it read.
    rewriter.setInsertionPoint(load);
    auto convert = [&](Value x) {
      return convertTo(rewriter, op.getLoc(), x, target);
    };
    if (!ptr)
      ptr = convert(load.getPtr());
    Value mask = convert(load.getMask()), other = convert(load.getOther());
    auto clone = cast<tile::LoadOp>(rewriter.clone(*load));
    clone.getPtrMutable().assign(ptr);
    if (mask)
      clone.getMaskMutable().assign(mask);
    if (other)
      clone.getOtherMutable().assign(other);
    clone.getResult().setType(op.getType());
    rewriter.replaceOp(op, clone.getResult());
    // The old pointer, left feeding only its update, is DropDeadInduction's.
    rewriter.eraseOp(load);
    return success();
  }
};

/// Rule 8: a conversion of a loop's induction tile (inductionUpdate: fla's
/// Based forward carries its column index `o_k += BTS` in the layout of
/// its loads, and compares it in each iteration with the rows of a dot's
/// result): the loop carries a twin of it in the target layout instead.
struct HoistThroughInduction : OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvertLayoutOp op,
                                PatternRewriter &rewriter) const override {
    Operation *update = inductionUpdate(op.getSrc(), [](Operation *user) {
      return isa<ConvertLayoutOp>(user);
    });
    if (!update)
      return failure();
    auto arg = cast<BlockArgument>(op.getSrc());
    Value twin = twinInduction(rewriter, arg, update, getLayout(op.getType()));
    if (!twin)
      return failure();
    rewriter.replaceOp(op, twin);
    return success();
  }
};

/// An induction tile left feeding only its own update, its result unused
/// (its conversions gone to twins, rules 5 and 8): the loop passes it
/// through, for the canonicalizer to drop.
struct DropDeadInduction : OpRewritePattern<scf::ForOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(scf::ForOp loop,
                                PatternRewriter &rewriter) const override {
    bool changed = false;
    for (auto [j, arg] : llvm::enumerate(loop.getRegionIterArgs())) {
      Operation *update = loop.getYieldedValues()[j].getDefiningOp();
      if (!isa<RankedTensorType>(arg.getType()) || !arg.hasOneUse() ||
          !loop.getResult(j).use_empty() || !isElementwise(update) ||
          !update->hasOneUse() || *arg.getUsers().begin() != update)
        continue;
      passThrough(rewriter, arg);
      changed = true;
    }
    return success(changed);
  }
};

} // namespace

void mlir::tilegpu::populateHoistThroughScanPatterns(
    RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<HoistThroughScan>(ctx);
  ConvertLayoutOp::getCanonicalizationPatterns(patterns, ctx);
}

void mlir::tilegpu::populateHoistConversionPatterns(
    RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<RematerializeSource, HoistThroughScan>(ctx);
  patterns.add<HoistThroughElementwise, HoistThroughShapeOp>(
      ctx, /*cancelling=*/true);
  ConvertLayoutOp::getCanonicalizationPatterns(patterns, ctx);
}

namespace {

struct RemoveLayoutConversionsPass
    : mlir::tilegpu::impl::TileGPURemoveLayoutConversionsBase<
          RemoveLayoutConversionsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<RematerializeSource, SinkIntoStore, HoistThroughLoad,
                 HoistThroughInduction, DropDeadInduction, HoistThroughScan>(
        &getContext());
    patterns.add<HoistThroughElementwise, HoistThroughShapeOp>(
        &getContext(), /*cancelling=*/false);
    ConvertLayoutOp::getCanonicalizationPatterns(patterns, &getContext());
    if (failed(
            applyPatternsAndFoldGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
