//===- PrefetchLoads.cpp - Issue a read-only loop's loads an iteration early
//===//
//
// See the pass description (Passes.td). A load of iteration i + 1 is built
// by cloning the pure ops its operands come from with the induction variable
// advanced by a step and each iteration argument replaced by the value the
// body yields for it; the loaded tile is carried to the next iteration as a
// new iteration argument.
//
//===----------------------------------------------------------------------===//

#include "tilec/Transforms/Passes.h"

#include "TransformUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILEPREFETCHLOADS
#include "tilec/Dialect/Tile/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

/// Does the body of `loop` only read memory, with nothing the pass must not
/// reorder loads around (volatile loads, tensor-core dots)?
bool isReadOnlyLoop(scf::ForOp loop) {
  WalkResult r = loop.getBody()->walk([&](Operation *op) {
    // A volatile or `.cv` load may poll what other programs write.
    auto l = dyn_cast<LoadOp>(op);
    bool polls =
        l && (l.getIsVolatile() ||
              (l.getCacheAttr() && l.getCacheAttr().getValue() == ".cv"));
    return isa<DotOp>(op) || polls ? WalkResult::interrupt()
                                   : WalkResult::advance();
  });
  return !r.wasInterrupted() &&
         llvm::all_of(loop.getBody()->getOperations(),
                      [](Operation &op) { return onlyReadsMemory(&op); });
}

/// Which values of a loop's body can be recomputed at another iteration, and
/// the cloning that does it.
class Slice {
public:
  explicit Slice(scf::ForOp loop) : loop(loop), body(loop.getBody()) {
    // Iteration arguments the body advances by pure ops: start from all and
    // drop those whose yielded value is not computable, until none drops.
    auto yield = cast<scf::YieldOp>(body->getTerminator());
    for (BlockArgument a : loop.getRegionIterArgs())
      steppable.insert(a);
    for (bool changed = true; changed;) {
      changed = false;
      memo.clear();
      for (BlockArgument a : loop.getRegionIterArgs()) {
        unsigned k = a.getArgNumber() - loop.getNumInductionVars();
        if (steppable.contains(a) && !computable(yield.getOperand(k))) {
          steppable.erase(a);
          changed = true;
        }
      }
    }
    memo.clear();
  }

  /// Is `v` the induction variable, defined outside the loop, a steppable
  /// iteration argument, or the result of a pure op of the body (not in a
  /// nested region) whose operands are computable?
  bool computable(Value v) {
    if (loop.isDefinedOutsideOfLoop(v) || v == loop.getInductionVar())
      return true;
    if (auto a = dyn_cast<BlockArgument>(v))
      return steppable.contains(a);
    auto it = memo.find(v);
    if (it != memo.end())
      return it->second;
    Operation *op = v.getDefiningOp();
    bool ok = op->getBlock() == body && op->getNumRegions() == 0 && isPure(op);
    memo[v] = false; // no cycles through op results
    for (Value o : op->getOperands())
      ok = ok && computable(o);
    memo[v] = ok;
    return ok;
  }

  /// `v` computed with `map` (the induction variable and the iteration
  /// arguments already mapped), cloning the ops it needs at `b`.
  Value materialize(Value v, IRMapping &map, OpBuilder &b) {
    if (Value m = map.lookupOrNull(v))
      return m;
    if (loop.isDefinedOutsideOfLoop(v))
      return v;
    Operation *op = v.getDefiningOp();
    for (Value o : op->getOperands())
      materialize(o, map, b);
    b.clone(*op, map);
    return map.lookup(v);
  }

  /// The mapping of iteration i + 1, built at `b` inside the body: the
  /// induction variable plus the step, each steppable iteration argument the
  /// value yielded for it. `next` is set to i + step.
  IRMapping nextIteration(OpBuilder &b, Value &next) {
    Location loc = loop.getLoc();
    IRMapping same; // iteration i itself
    same.map(loop.getInductionVar(), loop.getInductionVar());
    for (BlockArgument a : loop.getRegionIterArgs())
      same.map(a, a);
    next = b.create<arith::AddIOp>(loc, loop.getInductionVar(), loop.getStep());
    IRMapping map;
    map.map(loop.getInductionVar(), next);
    auto yield = cast<scf::YieldOp>(body->getTerminator());
    for (BlockArgument a : loop.getRegionIterArgs())
      if (steppable.contains(a)) {
        unsigned k = a.getArgNumber() - loop.getNumInductionVars();
        map.map(a, materialize(yield.getOperand(k), same, b));
      }
    return map;
  }

private:
  scf::ForOp loop;
  Block *body;
  llvm::SmallPtrSet<Value, 8> steppable;
  llvm::DenseMap<Value, bool> memo;
};

/// The load `l` at the iteration `map` describes, lanes masked off unless
/// `inRange`; built at `b`.
Value cloneLoad(LoadOp l, Slice &slice, IRMapping &map, Value inRange,
                OpBuilder &b) {
  Location loc = l.getLoc();
  Value ptr = slice.materialize(l.getPtr(), map, b);
  Value mask = inRange;
  if (auto tt = dyn_cast<RankedTensorType>(l.getPtr().getType()))
    mask = b.create<SplatOp>(
        loc, RankedTensorType::get(tt.getShape(), b.getI1Type()), inRange);
  if (Value m = l.getMask())
    mask = b.create<arith::AndIOp>(loc, slice.materialize(m, map, b), mask);
  Value other;
  if (Value o = l.getOther())
    other = slice.materialize(o, map, b);
  auto nl = b.create<LoadOp>(loc, ptr, mask, other);
  nl.setCacheAttr(l.getCacheAttr());
  nl.setEvictAttr(l.getEvictAttr());
  return nl.getResult();
}

void prefetch(scf::ForOp loop, int64_t threads, int64_t maxBytes) {
  if (!isReadOnlyLoop(loop))
    return;
  // One analysis serves all three uses: the prologue goes before the loop
  // and the next iteration's clones at the top of the body, neither of which
  // changes what the body computes.
  Slice slice(loop);
  SmallVector<LoadOp> loads;
  {
    int64_t bytes = 0;
    for (Operation &op : *loop.getBody()) {
      auto l = dyn_cast<LoadOp>(op);
      if (!l || l->use_empty())
        continue;
      auto tt = dyn_cast<RankedTensorType>(l.getType());
      if (!tt || !slice.computable(l.getPtr()) ||
          (l.getMask() && !slice.computable(l.getMask())) ||
          (l.getOther() && !slice.computable(l.getOther())))
        continue;
      int64_t b = bytesPerThread(tt, threads);
      if (bytes + b > maxBytes)
        continue;
      bytes += b;
      loads.push_back(l);
    }
    if (loads.empty())
      return;
  }

  // Iteration lb, before the loop: lanes on only if lb < ub.
  IRRewriter rewriter(loop.getContext());
  rewriter.setInsertionPoint(loop);
  Location loc = loop.getLoc();
  SmallVector<Value> first;
  {
    IRMapping map;
    map.map(loop.getInductionVar(), loop.getLowerBound());
    for (BlockArgument a : loop.getRegionIterArgs())
      map.map(a, loop.getInitArgs()[a.getArgNumber() - 1]);
    Value inRange = rewriter.create<arith::CmpIOp>(
        loc, arith::CmpIPredicate::slt, loop.getLowerBound(),
        loop.getUpperBound());
    for (LoadOp l : loads)
      first.push_back(cloneLoad(l, slice, map, inRange, rewriter));
  }

  // Iteration i + step, at the top of the body: lanes on only if
  // i < i + step < ub (the step is positive; the sum may wrap).
  // (Called before the old body moves into the new loop, whose arguments
  // then replace the old ones.)
  auto next = [&](OpBuilder &, Location, ArrayRef<BlockArgument> newArgs) {
    OpBuilder b = OpBuilder::atBlockBegin(loop.getBody());
    Value iv = loop.getInductionVar(), ivNext;
    IRMapping map = slice.nextIteration(b, ivNext);
    Value inRange = b.create<arith::AndIOp>(
        loc,
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::sgt, ivNext, iv),
        b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, ivNext,
                                loop.getUpperBound()));
    SmallVector<Value> out;
    for (LoadOp l : loads)
      out.push_back(cloneLoad(l, slice, map, inRange, b));
    for (auto [l, arg] : llvm::zip(loads, newArgs))
      l.getResult().replaceAllUsesWith(arg);
    return out;
  };
  FailureOr<LoopLikeOpInterface> replaced = loop.replaceWithAdditionalYields(
      rewriter, first, /*replaceInitOperandUsesInLoop=*/false, next);
  if (failed(replaced))
    return;
  for (LoadOp l : loads)
    l->erase();
}

struct TilePrefetchLoads
    : mlir::tile::impl::TilePrefetchLoadsBase<TilePrefetchLoads> {
  using TilePrefetchLoadsBase::TilePrefetchLoadsBase;

  void runOnOperation() override {
    if (maxBytes <= 0)
      return;
    ModuleOp module = getOperation();
    int64_t threads = threadsPerCTA(module);
    SmallVector<scf::ForOp> loops;
    module.walk([&](func::FuncOp fn) {
      if (fn->hasAttr("tile.kernel"))
        fn.walk([&](scf::ForOp loop) { loops.push_back(loop); });
    });
    for (scf::ForOp loop : loops) // inner loops first
      prefetch(loop, threads, maxBytes);
  }
};

} // namespace
