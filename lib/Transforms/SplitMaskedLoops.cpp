//===- SplitMaskedLoops.cpp - Loops of a dot split where their masks hold ===//
//
// See the pass description (Passes.td). For a loop with a tile.dot whose
// body compares, element by element, a tile that grows with the induction
// variable against a loop-invariant bound (the K masks of a matmul:
// `offs_k + k < K`, or `offs_k < K - k * BLOCK_K`; a causal attention mask
// `offs_m[:, None] >= start_n + offs_n[None, :]` in a tl.where):
//
//   for iv = lb to ub step st:        for iv = lb to split step st:
//     m = (R + a*iv) < B                 ... m replaced by all-true ...
//     ... load(p, m & n) ...        ->  for iv = split to ub step st:
//                                          ... the original body ...
//
// where split is the first iteration at which some such mask may be false,
// computed before the loop from the bound (the second loop runs the rest
// with the masks: for load masks usually one iteration, not pipelined).
// Load masks are split with --split-masked-loops only (see Passes.td for
// what it measured); select conditions always.
//
//===----------------------------------------------------------------------===//

#include "TransformUtils.h"
#include "tilec/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/CheckedArithmetic.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILESPLITMASKEDLOOPS
#include "tilec/Dialect/Tile/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

/// An integer value (a scalar, or every element of a tile) as
///   a * iv + r + sum(k_i * w_i),
/// r in [lo, hi] a constant-bounded tile part, w_i loop-invariant scalars.
struct Linear {
  int64_t a = 0, lo = 0, hi = 0;
  SmallVector<std::pair<Value, int64_t>> terms;
};

constexpr int64_t kLimit = int64_t(1) << 40; // keep the arithmetic exact

bool inRange(int64_t v) { return v > -kLimit && v < kLimit; }

/// x * c, or nothing when it leaves the exact range.
std::optional<int64_t> mul(int64_t x, int64_t c) {
  std::optional<int64_t> r = llvm::checkedMul(x, c);
  if (!r || !inRange(*r))
    return std::nullopt;
  return r;
}

std::optional<Linear> scale(const Linear &l, int64_t c) {
  if (!inRange(c))
    return std::nullopt;
  Linear out;
  auto a = mul(l.a, c), lo = mul(c >= 0 ? l.lo : l.hi, c),
       hi = mul(c >= 0 ? l.hi : l.lo, c);
  if (!a || !lo || !hi)
    return std::nullopt;
  out.a = *a;
  out.lo = *lo;
  out.hi = *hi;
  for (auto [w, k] : l.terms) {
    auto kc = mul(k, c);
    if (!kc)
      return std::nullopt;
    out.terms.push_back({w, *kc});
  }
  return out;
}

std::optional<Linear> add(const Linear &x, const Linear &y) {
  Linear out;
  out.a = x.a + y.a;
  out.lo = x.lo + y.lo;
  out.hi = x.hi + y.hi;
  out.terms = x.terms;
  out.terms.append(y.terms.begin(), y.terms.end());
  if (!inRange(out.a) || !inRange(out.lo) || !inRange(out.hi))
    return std::nullopt;
  return out;
}

/// The constant value of an integer scalar or splat tile.
std::optional<int64_t> constantOf(Value v) {
  APInt c;
  if (matchPattern(v, m_ConstantInt(&c)))
    return c.getSExtValue();
  DenseIntElementsAttr dense;
  if (matchPattern(v, m_Constant(&dense)) && dense.isSplat())
    return dense.getSplatValue<APInt>().getSExtValue();
  return std::nullopt;
}

std::optional<Linear> linearOf(Value v, scf::ForOp loop, unsigned depth = 0) {
  if (depth > 12)
    return std::nullopt;
  Type elt = getElementTypeOrSelf(v.getType());
  if (!elt.isInteger(32) && !elt.isInteger(64))
    return std::nullopt;
  if (v == loop.getInductionVar()) {
    Linear l;
    l.a = 1;
    return l;
  }
  if (auto c = constantOf(v)) {
    Linear l;
    l.lo = l.hi = *c;
    if (!inRange(*c))
      return std::nullopt;
    return l;
  }
  if (!isa<ShapedType>(v.getType()) && loop.isDefinedOutsideOfLoop(v)) {
    Linear l;
    l.terms.push_back({v, 1});
    return l;
  }
  Operation *op = v.getDefiningOp();
  if (!op)
    return std::nullopt;
  if (auto r = dyn_cast<MakeRangeOp>(op)) {
    Linear l;
    l.lo = int32_t(r.getStart());
    l.hi = int32_t(r.getEnd()) - 1;
    return l;
  }
  if (isa<SplatOp, BroadcastOp, ExpandDimsOp, ReshapeOp>(op))
    return linearOf(op->getOperand(0), loop, depth + 1);
  if (isa<arith::AddIOp, arith::SubIOp>(op)) {
    auto x = linearOf(op->getOperand(0), loop, depth + 1);
    auto y = linearOf(op->getOperand(1), loop, depth + 1);
    if (!x || !y)
      return std::nullopt;
    if (isa<arith::SubIOp>(op) && !(y = scale(*y, -1)))
      return std::nullopt;
    return add(*x, *y);
  }
  if (isa<arith::MulIOp>(op)) {
    for (unsigned i = 0; i < 2; ++i)
      if (auto c = constantOf(op->getOperand(i))) {
        auto x = linearOf(op->getOperand(1 - i), loop, depth + 1);
        return x ? scale(*x, *c) : std::nullopt;
      }
  }
  return std::nullopt;
}

/// A mask leaf `lhs < rhs` (or <=, >, >=) true at every element exactly
/// while a * iv + hi + sum(k_i w_i) + (strict ? 1 : 0) <= 0, with a > 0:
/// true for a prefix of the iterations.
struct Leaf {
  arith::CmpIOp cmp;
  Linear diff; // lhs - rhs (or rhs - lhs for > and >=)
  bool strict;
};

std::optional<Leaf> asLeaf(arith::CmpIOp cmp, scf::ForOp loop) {
  using P = arith::CmpIPredicate;
  P p = cmp.getPredicate();
  if (p != P::slt && p != P::sle && p != P::sgt && p != P::sge)
    return std::nullopt;
  bool swap = p == P::sgt || p == P::sge;
  auto l = linearOf(cmp.getLhs(), loop), r = linearOf(cmp.getRhs(), loop);
  if (!l || !r)
    return std::nullopt;
  auto nr = scale(swap ? *l : *r, -1);
  if (!nr)
    return std::nullopt;
  auto d = add(swap ? *r : *l, *nr);
  if (!d || d->a <= 0)
    return std::nullopt;
  return Leaf{cmp, *d, p == P::slt || p == P::sgt};
}

/// A dot the tensor cores can take (as convert-tile-to-tilegpu decides,
/// less the shape conditions): f16 x f16, bf16 x bf16 or tf32 f32 x f32
/// into f32.
bool isTensorCoreDot(DotOp dot) {
  Type a = getElementTypeOrSelf(dot.getA().getType());
  Type b = getElementTypeOrSelf(dot.getB().getType());
  Type c = getElementTypeOrSelf(dot.getType());
  if (a != b || !c.isF32())
    return false;
  if (a.isF16() || a.isBF16())
    return true;
  return a.isF32() && dot.getInputPrecision() == InputPrecision::tf32;
}

/// A tensor-core dot directly in the loop's body (not in a nested loop:
/// an outer loop is not split for the masks of its own loads).
bool hasTensorCoreDot(scf::ForOp loop) {
  return llvm::any_of(loop.getBody()->getOps<DotOp>(),
                      [](DotOp dot) { return isTensorCoreDot(dot); });
}

/// The comparisons of the loop body that feed, through and-trees and shape
/// ops only, the conditions of its tile selects (`tl.where`) and, with
/// `loadMasks`, the masks of its loads.
SmallVector<Leaf> maskLeaves(scf::ForOp loop, bool loadMasks) {
  SmallVector<Leaf> leaves;
  llvm::SmallPtrSet<Operation *, 16> seen;
  SmallVector<Value> work;
  if (loadMasks)
    for (LoadOp load : loop.getBody()->getOps<LoadOp>())
      if (load.getMask())
        work.push_back(load.getMask());
  for (arith::SelectOp sel : loop.getBody()->getOps<arith::SelectOp>())
    if (isa<ShapedType>(sel.getCondition().getType()))
      work.push_back(sel.getCondition());
  while (!work.empty()) {
    Value v = work.pop_back_val();
    Operation *op = v.getDefiningOp();
    if (!op || op->getBlock() != loop.getBody() || !seen.insert(op).second)
      continue;
    if (isa<arith::AndIOp>(op)) {
      work.append(op->getOperands().begin(), op->getOperands().end());
      continue;
    }
    if (isa<BroadcastOp, ExpandDimsOp, ReshapeOp, SplatOp>(op)) {
      work.push_back(op->getOperand(0));
      continue;
    }
    if (auto cmp = dyn_cast<arith::CmpIOp>(op))
      if (auto leaf = asLeaf(cmp, loop))
        leaves.push_back(*leaf);
  }
  return leaves;
}

/// Whether `cmp` reaches a load's mask through and-trees and shape ops.
bool feedsLoadMask(arith::CmpIOp cmp) {
  SmallVector<Value> work{cmp.getResult()};
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (auto load = dyn_cast<LoadOp>(user)) {
        if (load.getMask() == v)
          return true;
        continue;
      }
      if (isa<arith::AndIOp, BroadcastOp, ExpandDimsOp, ReshapeOp, SplatOp>(
              user) &&
          seen.insert(user).second)
        work.push_back(user->getResult(0));
    }
  }
  return false;
}

struct TileSplitMaskedLoops
    : mlir::tile::impl::TileSplitMaskedLoopsBase<TileSplitMaskedLoops> {
  using TileSplitMaskedLoopsBase::TileSplitMaskedLoopsBase;

  void runOnOperation() override {
    if (computeCapability < 80)
      return;
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) {
      auto fn = loop->getParentOfType<func::FuncOp>();
      if (fn && fn->hasAttr("tile.kernel") && hasTensorCoreDot(loop))
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops)
      split(loop);
  }

  void split(scf::ForOp loop) {
    std::optional<int64_t> step = getConstantIntValue(loop.getStep());
    Type ivType = loop.getInductionVar().getType();
    if (!step || *step <= 0 || (!ivType.isInteger(32) && !ivType.isInteger(64)))
      return;
    SmallVector<Leaf> leaves = maskLeaves(loop, loadMasks);
    if (leaves.empty())
      return;
    // Whether a load's mask loses a leaf: the second loop then usually runs
    // one iteration (a matmul's partial K tile) and is not pipelined.
    bool masksLoads = false;
    for (const Leaf &leaf : leaves)
      masksLoads |= loadMasks && feedsLoadMask(leaf.cmp);
    OpBuilder b(loop);
    Location loc = loop.getLoc();
    Type i64 = b.getI64Type();
    auto c64 = [&](int64_t v) -> Value {
      return b.create<arith::ConstantOp>(loc, b.getI64IntegerAttr(v));
    };
    auto ext = [&](Value v) { return toI64(b, loc, v); };
    // floor(x / d) for d > 0.
    auto floorDiv = [&](Value x, int64_t d) -> Value {
      Value neg =
          b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::slt, x, c64(0));
      Value up = b.create<arith::DivSIOp>(loc, x, c64(d));
      Value down = b.create<arith::SubIOp>(
          loc, c64(0),
          b.create<arith::DivSIOp>(
              loc, b.create<arith::SubIOp>(loc, c64(d - 1), x), c64(d)));
      return b.create<arith::SelectOp>(loc, neg, down, up);
    };
    // The last iteration value at which every leaf holds: the least of
    // floor((-hi - sum - strict) / a).
    Value ivMax;
    for (const Leaf &leaf : leaves) {
      Value rest = c64(-leaf.diff.hi - (leaf.strict ? 1 : 0));
      for (auto [w, k] : leaf.diff.terms)
        rest = b.create<arith::SubIOp>(
            loc, rest, b.create<arith::MulIOp>(loc, ext(w), c64(k)));
      Value m = floorDiv(rest, leaf.diff.a);
      ivMax = ivMax ? b.create<arith::MinSIOp>(loc, ivMax, m).getResult() : m;
    }
    // Iterations run before the split: (ivMax - lb) / step + 1, within
    // [0, trip count].
    Value lb = ext(loop.getLowerBound());
    Value trips = emitTripCount(b, loc, loop.getLowerBound(),
                                loop.getUpperBound(), loop.getStep());
    Value first = b.create<arith::AddIOp>(
        loc, floorDiv(b.create<arith::SubIOp>(loc, ivMax, lb), *step), c64(1));
    Value n = b.create<arith::MinSIOp>(
        loc, b.create<arith::MaxSIOp>(loc, first, c64(0)), trips);
    // lb + trips * step may pass ub (the second loop then runs nothing); an
    // i32 loop whose bound is within a step of 2^31 would wrap here (not
    // clamped: a min() hides the split's divisibility from the layout
    // analysis, which then gave the second loop of an fp32 dot mma.sync).
    Value at = b.create<arith::AddIOp>(
        loc, lb, b.create<arith::MulIOp>(loc, n, c64(*step)));
    if (ivType != i64)
      at = b.create<arith::TruncIOp>(loc, ivType, at);

    // The first loop: the leaves are all-true there.
    IRMapping m;
    auto head = cast<scf::ForOp>(b.clone(*loop, m));
    head.getUpperBoundMutable().assign(at);
    for (Leaf &leaf : leaves) {
      auto cmp = cast<arith::CmpIOp>(m.lookup(leaf.cmp.getOperation()));
      OpBuilder cb(cmp);
      Type t = cmp.getType();
      Attribute one = cb.getBoolAttr(true);
      if (auto st = dyn_cast<ShapedType>(t))
        one = DenseElementsAttr::get(st, true);
      cmp.replaceAllUsesWith(
          cb.create<arith::ConstantOp>(cmp.getLoc(), t, cast<TypedAttr>(one))
              .getResult());
      cmp.erase();
    }
    // The rest: from the split on, with the masks; too short to pipeline
    // when the loads' masks were split (a select's condition, such as a
    // causal mask, is split a block's worth of iterations before its end:
    // those keep the pipeline).
    loop.getLowerBoundMutable().assign(at);
    loop.getInitArgsMutable().assign(head.getResults());
    if (masksLoads)
      loop->setAttr("tile.num_stages", b.getI32IntegerAttr(1));
  }
};

} // namespace
