//===- RemoveLayoutConversions.cpp - Rematerialize instead of converting --===//
//
// 1. convert_layout(make_range | splat | splat constant) -> the producer,
//    recreated with the target layout.
// 2. convert_layout(elementwise(x, y)) where the elementwise op has no other
//    user -> elementwise(convert_layout(x), convert_layout(y)), so the
//    conversion climbs towards rule 1's producers.
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
#include "TileGPU/Passes.h.inc"
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
          op, type, SplatElementsAttr::get(type, splat.getSplatValue<Attribute>()));
      return success();
    }
    return failure();
  }
};

/// Rule 2: move the conversion above a single-use elementwise op.
struct HoistThroughElementwise : OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvertLayoutOp op,
                                PatternRewriter &rewriter) const override {
    Operation *src = op.getSrc().getDefiningOp();
    if (!src || !src->hasOneUse() || src->getNumResults() != 1 ||
        src->getNumRegions() != 0 ||
        !src->hasTrait<OpTrait::Elementwise>() ||
        !isa<arith::ArithDialect, math::MathDialect>(src->getDialect()))
      return failure();
    Attribute target = getLayout(op.getType());
    SmallVector<Value> operands;
    for (Value v : src->getOperands()) {
      auto t = dyn_cast<RankedTensorType>(v.getType());
      if (!t)
        return failure();
      operands.push_back(rewriter.create<ConvertLayoutOp>(
          op.getLoc(), withLayout(t, target), v));
    }
    OperationState state(src->getLoc(), src->getName(), operands,
                         TypeRange{op.getType()}, src->getAttrs());
    Operation *clone = rewriter.create(state);
    rewriter.replaceOp(op, clone->getResults());
    rewriter.eraseOp(src);
    return success();
  }
};

struct RemoveLayoutConversionsPass
    : mlir::tilegpu::impl::TileGPURemoveLayoutConversionsBase<
          RemoveLayoutConversionsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<RematerializeSource, HoistThroughElementwise>(&getContext());
    ConvertLayoutOp::getCanonicalizationPatterns(patterns, &getContext());
    if (failed(applyPatternsAndFoldGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
