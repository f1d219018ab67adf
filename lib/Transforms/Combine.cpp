//===- Combine.cpp - Peephole combines on tile IR -------------------------===//
//
// `acc += tl.dot(a, b)` reaches the IR as `arith.addf %acc, (tile.dot %a, %b,
// zeros)`. Tensor cores accumulate in place, so the add is folded into the
// dot's accumulator operand. The dot must have no other user, and its own
// accumulator must be all zeros, so the result is unchanged.
//
// The view patterns of SinkViews.cpp (transposes and reshapes moved to where
// they cost nothing) run with these.
//
// `x >= 0` (and `x > -1`, `0 <= x`, `x < 0`, ...) of a value known to be
// non-negative folds to a constant: block pointers' boundary checks compare
// every offset with 0, and offsets like `pid * BLOCK` or a loop's offset
// advanced by a positive step are never negative. Known non-negative:
// non-negative constants, program ids, ranges from >= 0, values marked
// `tile.nonnegative` (tl.assume), and add, mul, div, rem, min/max, shifts,
// extensions, selects and shape ops of such; a loop-carried value whose
// initial and yielded values are (assuming it is); a loop's induction
// variable from a non-negative lower bound. i32 overflow is not considered,
// as in the axis analysis (AxisInfo.h).
//
// A loop-carried value yielded unchanged from its initial value (the same
// SSA value, defined before the loop) is that value in every iteration and
// after the loop: fla's chunk_delta_h re-binds its offsets each iteration to
// what they were, which kept tilegpu-pipeline from pipelining the loop (a
// carried value that both its copies and its math read).
//
// `scf.if %c {A}` followed by `scf.if %d {B}` (else branches too) where `%d`
// is the negation of `%c` (`xori %c, true`, or a compare with the inverse
// predicate on the same operands) becomes one `scf.if %c {A; B's else}
// else {A's else; B}`, when only side-effect-free ops that do not use the
// first `if` sit between them (they move before it). An early `return`
// reaches the IR this way: the statements after it run under the negated
// condition.
//
//===----------------------------------------------------------------------===//

#include "tilec/Transforms/Passes.h"

#include "TransformUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILECOMBINE
#include "tilec/Dialect/Tile/Passes.h.inc"
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
template <typename AddOp> struct FoldAddIntoDot : OpRewritePattern<AddOp> {
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

/// The integer constant (or splat) `v` is, if any.
std::optional<int64_t> constantInt(Value v) {
  Attribute attr;
  if (!matchPattern(v, m_Constant(&attr)))
    return std::nullopt;
  if (auto i = dyn_cast<IntegerAttr>(attr))
    return i.getValue().getSExtValue();
  if (auto splat = dyn_cast<SplatElementsAttr>(attr))
    if (auto i = dyn_cast<IntegerAttr>(splat.getSplatValue<Attribute>()))
      return i.getValue().getSExtValue();
  return std::nullopt;
}

/// Whether every element of the integer value `v` is >= 0 (see the header).
/// `assumed` holds the loop-carried values being proven.
bool knownNonNegative(Value v, DenseSet<Value> &assumed, unsigned depth = 0) {
  if (depth > 64 || !getElementTypeOrSelf(v.getType()).isInteger())
    return false;
  if (auto c = constantInt(v))
    return *c >= 0 &&
           getElementTypeOrSelf(v.getType()).getIntOrFloatBitWidth() > 1;
  auto nn = [&](Value x) { return knownNonNegative(x, assumed, depth + 1); };
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    Operation *parent = arg.getOwner()->getParentOp();
    if (auto fn = dyn_cast<func::FuncOp>(parent))
      return arg.getOwner()->isEntryBlock() &&
             fn.getArgAttr(arg.getArgNumber(), "tile.nonnegative");
    if (auto forOp = dyn_cast<scf::ForOp>(parent)) {
      if (arg == forOp.getInductionVar())
        return nn(forOp.getLowerBound()); // the frontend's steps are positive
      if (assumed.contains(v))
        return true;
      unsigned i = arg.getArgNumber() - 1;
      assumed.insert(v);
      bool ok = nn(forOp.getInitArgs()[i]) &&
                nn(forOp.getBody()->getTerminator()->getOperand(i));
      assumed.erase(v);
      return ok;
    }
    return false;
  }
  Operation *op = v.getDefiningOp();
  if (op->hasAttr("tile.nonnegative"))
    return true;
  if (auto forOp = dyn_cast<scf::ForOp>(op)) {
    unsigned i = cast<OpResult>(v).getResultNumber();
    return nn(forOp.getRegionIterArgs()[i]);
  }
  return nonNegativeByRule(
      op, [&](unsigned i) { return nn(op->getOperand(i)); },
      [&](unsigned i) { return constantInt(op->getOperand(i)); });
}

/// x >= 0, x > -1, 0 <= x, -1 < x -> true; x < 0, x <= -1, 0 > x, -1 >= x ->
/// false, for x known non-negative.
struct FoldNonNegativeCompare : OpRewritePattern<arith::CmpIOp> {
  using OpRewritePattern<arith::CmpIOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::CmpIOp cmp,
                                PatternRewriter &rewriter) const override {
    using P = arith::CmpIPredicate;
    P p = cmp.getPredicate();
    Value x;
    std::optional<bool> result;
    if (auto c = constantInt(cmp.getRhs())) {
      x = cmp.getLhs();
      if ((p == P::sge && *c == 0) || (p == P::sgt && *c == -1))
        result = true;
      else if ((p == P::slt && *c == 0) || (p == P::sle && *c == -1))
        result = false;
    } else if (auto c = constantInt(cmp.getLhs())) {
      x = cmp.getRhs();
      if ((p == P::sle && *c == 0) || (p == P::slt && *c == -1))
        result = true;
      else if ((p == P::sgt && *c == 0) || (p == P::sge && *c == -1))
        result = false;
    }
    DenseSet<Value> assumed;
    if (!result || !knownNonNegative(x, assumed))
      return failure();
    Type t = cmp.getType();
    Attribute value = rewriter.getBoolAttr(*result);
    if (auto shaped = dyn_cast<ShapedType>(t))
      value = SplatElementsAttr::get(shaped, rewriter.getBoolAttr(*result));
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(cmp, cast<TypedAttr>(value));
    return success();
  }
};

/// Whether i1 `b` is the negation of `a`: `xori a, true` (either order), or
/// an arith.cmpi of the same operands with the inverse predicate.
bool isNegationOf(Value b, Value a) {
  if (auto x = b.getDefiningOp<arith::XOrIOp>())
    if ((x.getLhs() == a && matchPattern(x.getRhs(), m_One())) ||
        (x.getRhs() == a && matchPattern(x.getLhs(), m_One())))
      return true;
  auto ca = a.getDefiningOp<arith::CmpIOp>(),
       cb = b.getDefiningOp<arith::CmpIOp>();
  return ca && cb && ca.getLhs() == cb.getLhs() && ca.getRhs() == cb.getRhs() &&
         cb.getPredicate() == arith::invertPredicate(ca.getPredicate());
}

/// scf.if %c {A} else {A'}; (pure ops); scf.if (not %c) {B} else {B'}
///   -> (pure ops); scf.if %c {A; B'} else {A'; B}.
struct MergeComplementaryIfs : OpRewritePattern<scf::IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(scf::IfOp second,
                                PatternRewriter &rewriter) const override {
    // 1. The `if` before `second`, past side-effect-free ops only.
    SmallVector<Operation *> between;
    Operation *prev = second->getPrevNode();
    for (; prev && !isa<scf::IfOp>(prev); prev = prev->getPrevNode()) {
      if (!isPure(prev))
        return failure();
      between.push_back(prev);
    }
    auto first = dyn_cast_or_null<scf::IfOp>(prev);
    if (!first || !isNegationOf(second.getCondition(), first.getCondition()))
      return failure();
    for (Operation *op : between) {
      WalkResult r = op->walk([&](Operation *inner) {
        for (Value v : inner->getOperands())
          if (v.getDefiningOp() == first)
            return WalkResult::interrupt();
        return WalkResult::advance();
      });
      if (r.wasInterrupted())
        return failure();
    }
    for (Operation *op : llvm::reverse(between))
      rewriter.moveOpBefore(op, first);

    // 2. One `if` with both results. Its then branch runs A, then B's else
    //    branch with the first `if`'s results replaced by A's yields; its
    //    else branch A' then B.
    SmallVector<Type> types(first.getResultTypes());
    llvm::append_range(types, second.getResultTypes());
    rewriter.setInsertionPoint(second);
    auto merged =
        rewriter.create<scf::IfOp>(second.getLoc(), types, first.getCondition(),
                                   /*withElseRegion=*/true);
    auto fill = [&](Block *dst, Region &a, Region &b) {
      for (Operation &op : llvm::make_early_inc_range(*dst))
        rewriter.eraseOp(&op);
      rewriter.setInsertionPointToEnd(dst);
      IRMapping map;
      SmallVector<Value> yields;
      for (Region *r : {&a, &b}) {
        if (r == &b)
          for (auto [res, y] : llvm::zip(first.getResults(), yields))
            map.map(res, y);
        if (r->empty())
          continue;
        for (Operation &op : r->front().without_terminator())
          rewriter.clone(op, map);
        for (Value v : r->front().getTerminator()->getOperands())
          yields.push_back(map.lookupOrDefault(v));
      }
      rewriter.create<scf::YieldOp>(second.getLoc(), yields);
    };
    fill(merged.thenBlock(), first.getThenRegion(), second.getElseRegion());
    fill(merged.elseBlock(), first.getElseRegion(), second.getThenRegion());
    unsigned n = first.getNumResults();
    rewriter.replaceOp(second, merged.getResults().drop_front(n));
    rewriter.replaceOp(first, merged.getResults().take_front(n));
    return success();
  }
};

/// A loop-carried value that every iteration yields as its initial value
/// (a variable the loop body reassigns to what it held before the loop) is
/// that value throughout: its uses in the body and after the loop take the
/// initial value, and the canonicalizer drops the dead iter_arg.
struct ForwardInvariantIterArg : OpRewritePattern<scf::ForOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(scf::ForOp loop,
                                PatternRewriter &rewriter) const override {
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    bool changed = false;
    for (auto [j, arg] : llvm::enumerate(loop.getRegionIterArgs())) {
      Value init = loop.getInitArgs()[j];
      if (yield.getOperand(j) != init ||
          (arg.use_empty() && loop.getResult(j).use_empty()))
        continue;
      rewriter.replaceAllUsesWith(arg, init);
      rewriter.replaceAllUsesWith(loop.getResult(j), init);
      changed = true;
    }
    return success(changed);
  }
};

struct TileCombinePass : mlir::tile::impl::TileCombineBase<TileCombinePass> {
  void runOnOperation() override {
    // 1. Collect the peephole patterns. 2. Apply them to a fixed point.
    RewritePatternSet patterns(&getContext());
    patterns.add<FoldAddIntoDot<arith::AddFOp>, FoldAddIntoDot<arith::AddIOp>,
                 FoldNonNegativeCompare, MergeComplementaryIfs,
                 ForwardInvariantIterArg>(&getContext());
    populateSinkViewPatterns(patterns);
    arith::AndIOp::getCanonicalizationPatterns(patterns, &getContext());
    if (failed(
            applyPatternsAndFoldGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
