//===- Canonicalize.cpp - The canonicalizer, inner regions first ----------===//
//
// MLIR's canonicalization patterns and folders, run by the greedy driver
// first on each nested region (innermost first, scoped to it) and then on
// the whole op. See tile-canonicalize in Passes.td for why: the driver
// re-queues every ancestor of a changed op, and a result-less loop's
// deadness check walks its whole body, so canonicalizing a large loop body
// from the function costs the square of its size.
//
//===----------------------------------------------------------------------===//

#include "tilec/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILECANONICALIZE
#include "tilec/Dialect/Tile/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;

namespace {

struct TileCanonicalizePass
    : mlir::tile::impl::TileCanonicalizeBase<TileCanonicalizePass> {
  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet owned(context);
    for (Dialect *dialect : context->getLoadedDialects())
      dialect->getCanonicalizationPatterns(owned);
    for (RegisteredOperationName op : context->getRegisteredOperations())
      op.getCanonicalizationPatterns(owned, context);
    patterns = FrozenRewritePatternSet(std::move(owned));
    return success();
  }

  void runOnOperation() override {
    // The canonicalizer pass's defaults.
    GreedyRewriteConfig config;
    config.useTopDownTraversal = true;
    config.enableRegionSimplification = GreedySimplifyRegionLevel::Normal;

    // Post-order: a region's nested regions come before it. Rewriting a
    // region changes only ops inside it, so the regions after it in the
    // list (enclosing or disjoint ones) are still there.
    Operation *root = getOperation();
    SmallVector<Region *> regions;
    root->walk<WalkOrder::PostOrder>([&](Operation *op) {
      if (op == root)
        return;
      for (Region &region : op->getRegions())
        if (!region.empty())
          regions.push_back(&region);
    });
    for (Region *region : regions) {
      GreedyRewriteConfig scoped = config;
      scoped.scope = region;
      (void)applyPatternsAndFoldGreedily(*region, patterns, scoped);
    }
    (void)applyPatternsAndFoldGreedily(root, patterns, config);
  }

private:
  FrozenRewritePatternSet patterns;
};

} // namespace
