//===- Combine.cpp - Peephole combines on tile IR -------------------------===//
//
// `acc += tl.dot(a, b)` reaches the IR as `arith.addf %acc, (tile.dot %a, %b,
// zeros)`. Tensor cores accumulate in place, so the add is folded into the
// dot's accumulator operand. The dot must have no other user, and its own
// accumulator must be all zeros, so the result is unchanged.
//
// `tl.dot(a, b.T)` of a loaded `b` (as Triton kernels write it with tensor
// descriptors: B kept N x K) reaches the IR as a dot of `tile.trans` of a
// `tile.load`; the transpose moves onto the pointers (and mask and `other`),
// so the operand is a load whose pointers are contiguous along K: the GPU
// passes stage it K-major, with 16-byte pipelined copies, as for a B given
// transposed by its strides. Only for a load and trans used by that dot
// alone; the values loaded are the same.
//
//===----------------------------------------------------------------------===//

#include "tilec/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILECOMBINE
#include "Tile/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

/// Returns true if `v` is a constant splat of (integer or float) zero.
bool isZeroTile(Value v) {
  Attribute attr;
  if (!matchPattern(v, m_Constant(&attr)))
    return false;
  auto splat = dyn_cast<SplatElementsAttr>(attr);
  if (!splat)
    return false;
  if (auto f = dyn_cast<FloatAttr>(splat.getSplatValue<Attribute>()))
    return f.getValue().isZero();
  if (auto i = dyn_cast<IntegerAttr>(splat.getSplatValue<Attribute>()))
    return i.getValue().isZero();
  return false;
}

/// add(x, dot(a, b, 0)) or add(dot(a, b, 0), x) -> dot(a, b, x).
template <typename AddOp>
struct FoldAddIntoDot : OpRewritePattern<AddOp> {
  using OpRewritePattern<AddOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(AddOp add,
                                PatternRewriter &rewriter) const override {
    for (int i = 0; i < 2; ++i) {
      auto dot = add->getOperand(i).template getDefiningOp<DotOp>();
      Value other = add->getOperand(1 - i);
      if (!dot || !dot->hasOneUse() || !isZeroTile(dot.getAcc()) ||
          other.getType() != dot.getType())
        continue;
      rewriter.replaceOpWithNewOp<DotOp>(add, dot.getA(), dot.getB(), other,
                                         dot.getInputPrecision());
      rewriter.eraseOp(dot);
      return success();
    }
    return failure();
  }
};

/// dot(trans(load(p, m, o)), ...) -> dot(load(trans(p), trans(m), trans(o)), ...)
/// (either operand).
struct TransposeLoadedDotOperand : OpRewritePattern<DotOp> {
  using OpRewritePattern<DotOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(DotOp dot,
                                PatternRewriter &rewriter) const override {
    for (unsigned i = 0; i < 2; ++i) {
      auto tr = dot->getOperand(i).getDefiningOp<TransOp>();
      if (!tr || !tr->hasOneUse())
        continue;
      auto load = tr.getSrc().getDefiningOp<LoadOp>();
      if (!load || !load->hasOneUse() || load->hasAttr("isVolatile"))
        continue;
      rewriter.setInsertionPoint(load);
      auto trans = [&](Value v) -> Value {
        if (!v)
          return v;
        return rewriter.create<TransOp>(load.getLoc(), v, tr.getOrder());
      };
      auto newLoad = rewriter.create<LoadOp>(load.getLoc(), trans(load.getPtr()),
                                             trans(load.getMask()),
                                             trans(load.getOther()));
      for (NamedAttribute a : load->getDiscardableAttrs())
        newLoad->setAttr(a.getName(), a.getValue());
      for (NamedAttribute a : load->getAttrs())
        if (!newLoad->hasAttr(a.getName()))
          newLoad->setAttr(a.getName(), a.getValue());
      rewriter.modifyOpInPlace(dot, [&] { dot->setOperand(i, newLoad); });
      rewriter.eraseOp(tr);
      rewriter.eraseOp(load);
      return success();
    }
    return failure();
  }
};

struct TileCombinePass
    : mlir::tile::impl::TileCombineBase<TileCombinePass> {
  void runOnOperation() override {
    // 1. Collect the peephole patterns. 2. Apply them to a fixed point.
    RewritePatternSet patterns(&getContext());
    patterns.add<FoldAddIntoDot<arith::AddFOp>, FoldAddIntoDot<arith::AddIOp>,
                 TransposeLoadedDotOperand>(&getContext());
    if (failed(applyPatternsAndFoldGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
