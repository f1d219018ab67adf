//===- RemoveLayoutConversions.cpp - Rematerialize instead of converting --===//
//
// 1. convert_layout(make_range | splat | splat constant) -> the producer,
//    recreated with the target layout.
// 2. convert_layout(elementwise(x, y)) -> elementwise(convert_layout(x),
//    convert_layout(y)), so the conversion climbs towards rule 1's
//    producers; likewise through a broadcast (the operand converted to the
//    target layout) and expand_dims (the operand converted to the target's
//    slice). Only where it does not move more data: at most one of the
//    operands is not cheap (a tile that rules 1 and 2 recompute in any
//    layout: ranges, splats, constants and what elementwise ops, broadcasts
//    and expand_dims compute from them), and that one is no wider than the
//    result (a conversion of an f32 tile before an f16 truncation, or of
//    both operands of a division, would move more than the one it
//    replaces). An op with other users stays, and is recomputed in the
//    target layout only when all its operands are cheap.
// 3. The folder of convert_layout drops no-op and back-to-back conversions.
// Applied greedily to a fixed point.
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tilegpu {
#define GEN_PASS_DEF_TILEGPUREMOVELAYOUTCONVERSIONS
#include "tilec/Dialect/TileGPU/Passes.h.inc"
} // namespace mlir::tilegpu

using namespace mlir;
using namespace mlir::tilegpu;

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

/// Whether rules 1 and 2 recompute `v` in another layout with no
/// conversion of data left (see the file comment).
bool isCheap(Value v, unsigned depth = 0) {
  Operation *op = v.getDefiningOp();
  if (!op || depth > 8)
    return false;
  if (isa<tile::MakeRangeOp, tile::SplatOp>(op))
    return true;
  if (auto c = dyn_cast<arith::ConstantOp>(op))
    return isa<SplatElementsAttr>(c.getValue());
  if (op->getNumResults() != 1 || op->getNumRegions() != 0)
    return false;
  bool elementwise =
      op->hasTrait<OpTrait::Elementwise>() &&
      isa<arith::ArithDialect, math::MathDialect>(op->getDialect());
  if (!elementwise && !isa<tile::BroadcastOp, tile::ExpandDimsOp>(op))
    return false;
  return llvm::all_of(op->getOperands(), [&](Value x) {
    return !isa<RankedTensorType>(x.getType()) || isCheap(x, depth + 1);
  });
}

unsigned elementBits(Type t) {
  Type e = cast<RankedTensorType>(t).getElementType();
  return e.isIntOrFloat() ? e.getIntOrFloatBitWidth() : 64;
}

/// Whether converting `operands` instead of `result` moves no more data:
/// all of them cheap but at most one, no wider than the result. When the
/// producer of `result` has other users (it stays), all of them cheap.
bool worthHoisting(ValueRange operands, Value result) {
  unsigned costly = 0;
  unsigned allowed = result.hasOneUse() ? 1 : 0;
  for (Value v : operands) {
    if (isCheap(v))
      continue;
    if (++costly > allowed ||
        elementBits(v.getType()) > elementBits(result.getType()))
      return false;
  }
  return true;
}

/// Rule 2: move the conversion above a single-use elementwise op.
struct HoistThroughElementwise : OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvertLayoutOp op,
                                PatternRewriter &rewriter) const override {
    Operation *src = op.getSrc().getDefiningOp();
    if (!src || src->getNumResults() != 1 || src->getNumRegions() != 0 ||
        !src->hasTrait<OpTrait::Elementwise>() ||
        !isa<arith::ArithDialect, math::MathDialect>(src->getDialect()))
      return failure();
    for (Value v : src->getOperands())
      if (!isa<RankedTensorType>(v.getType()))
        return failure();
    if (!worthHoisting(src->getOperands(), op.getSrc()))
      return failure();
    Attribute target = getLayout(op.getType());
    SmallVector<Value> operands;
    for (Value v : src->getOperands())
      operands.push_back(rewriter.create<ConvertLayoutOp>(
          op.getLoc(), withLayout(v.getType(), target), v));
    OperationState state(src->getLoc(), src->getName(), operands,
                         TypeRange{op.getType()}, src->getAttrs());
    Operation *clone = rewriter.create(state);
    rewriter.replaceOp(op, clone->getResults());
    if (src->use_empty())
      rewriter.eraseOp(src);
    return success();
  }
};

/// Rule 2 through a single-use broadcast or expand_dims.
struct HoistThroughShapeOp : OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvertLayoutOp op,
                                PatternRewriter &rewriter) const override {
    Operation *src = op.getSrc().getDefiningOp();
    if (!src || !isa<tile::BroadcastOp, tile::ExpandDimsOp>(src))
      return failure();
    Value in = src->getOperand(0);
    if (!worthHoisting(in, op.getSrc()))
      return failure();
    Attribute target = getLayout(op.getType());
    if (auto ex = dyn_cast<tile::ExpandDimsOp>(src)) {
      Attribute slice = SliceAttr::get(op.getContext(), ex.getAxis(), target);
      Value c = rewriter.create<ConvertLayoutOp>(
          op.getLoc(), withLayout(in.getType(), slice), in);
      rewriter.replaceOpWithNewOp<tile::ExpandDimsOp>(op, op.getType(), c,
                                                      ex.getAxisAttr());
    } else {
      Value c = rewriter.create<ConvertLayoutOp>(
          op.getLoc(), withLayout(in.getType(), target), in);
      rewriter.replaceOpWithNewOp<tile::BroadcastOp>(op, op.getType(), c);
    }
    if (src->use_empty())
      rewriter.eraseOp(src);
    return success();
  }
};

struct RemoveLayoutConversionsPass
    : mlir::tilegpu::impl::TileGPURemoveLayoutConversionsBase<
          RemoveLayoutConversionsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns
        .add<RematerializeSource, HoistThroughElementwise, HoistThroughShapeOp>(
            &getContext());
    ConvertLayoutOp::getCanonicalizationPatterns(patterns, &getContext());
    if (failed(
            applyPatternsAndFoldGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
