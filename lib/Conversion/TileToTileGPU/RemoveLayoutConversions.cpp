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
// 6. (populateSinkConversionPatterns, not in this pass) An elementwise op
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
// Applied greedily to a fixed point.
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/Passes.h"

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

/// `x` converted to `layout` (null stays null).
Value convertTo(OpBuilder &b, Location loc, Value x, Attribute layout) {
  if (!x)
    return x;
  return b.create<ConvertLayoutOp>(loc, withLayout(x.getType(), layout), x);
}

/// Whether `op` is an elementwise arith/math op, a tile.addptr or a
/// tile.axis_hint (an identity on the values, whatever their layout), with
/// one result.
bool isElementwise(Operation *op) {
  if (!op || op->getNumResults() != 1 || op->getNumRegions() != 0)
    return false;
  return isa<tile::AddPtrOp, tile::AxisHintOp>(op) ||
         (op->hasTrait<OpTrait::Elementwise>() &&
          isa<arith::ArithDialect, math::MathDialect>(op->getDialect()));
}

bool loadableIn(tile::LoadOp load, Attribute target, bool wide);

/// The walk behind `recomputable`: each value is visited once per layout
/// it is asked in, so that index arithmetic of any depth (an offset built
/// from a range by ten or more ops) is recognized, in time linear in the
/// ops it reaches; a walk reaching more than `kBudget` values gives up.
/// `wide`: loads count in rule 5's wider cases (loadableIn).
struct RecomputeWalk {
  static constexpr unsigned kBudget = 64;
  bool wide;
  DenseMap<std::pair<Value, Attribute>, bool> seen;

  bool operator()(Value v, Attribute target) {
    auto [it, inserted] = seen.try_emplace({v, target}, false);
    if (!inserted)
      return it->second;
    bool r = seen.size() <= kBudget && compute(v, target);
    seen[{v, target}] = r;
    return r;
  }

  bool compute(Value v, Attribute target) {
    Operation *op = v.getDefiningOp();
    if (!op)
      return false;
    if (isa<tile::MakeRangeOp, tile::SplatOp>(op))
      return true;
    if (auto c = dyn_cast<arith::ConstantOp>(op))
      return isa<SplatElementsAttr>(c.getValue());
    if (auto load = dyn_cast<tile::LoadOp>(op))
      return target && loadableIn(load, target, wide);
    if (op->getNumResults() != 1 || op->getNumRegions() != 0)
      return false;
    if (!isElementwise(op) && !isa<tile::BroadcastOp, tile::ExpandDimsOp>(op))
      return false;
    // An expand_dims operand is in the target's slice (no slices of dot
    // operand layouts: nothing lowers them).
    Attribute inner = target;
    if (auto ex = dyn_cast<tile::ExpandDimsOp>(op); ex && target) {
      if (isa<DotOperandAttr>(target))
        return false;
      inner = SliceAttr::get(op->getContext(), ex.getAxis(), target);
    }
    return llvm::all_of(op->getOperands(), [&](Value x) {
      return !isa<RankedTensorType>(x.getType()) || (*this)(x, inner);
    });
  }
};

/// Whether rules 1, 2 and 5 recompute `v` in `target` with no conversion
/// of data left: ranges, splats and splat constants, small loads that rule
/// 5 makes there (none without a `target`), and elementwise ops,
/// broadcasts and expand_dims of such values. `wide` where rule 5 runs
/// with the patterns asking (this pass), so that its wider cases count.
bool recomputable(Value v, Attribute target, bool wide = false) {
  RecomputeWalk walk;
  walk.wide = wide;
  return walk(v, target);
}

/// Whether rules 1 and 2 recompute `v` in any layout with no conversion of
/// data left (see the file comment).
bool isCheap(Value v) { return recomputable(v, Attribute()); }

/// Elements a thread holds of a tile whose layout is blocked or a slice of
/// a blocked one (replicas included).
std::optional<int64_t> elemsPerThread(RankedTensorType type) {
  Attribute enc = type.getEncoding();
  int sliced = -1;
  if (auto slice = dyn_cast_or_null<SliceAttr>(enc)) {
    sliced = slice.getDim();
    enc = slice.getParent();
  }
  auto blocked = dyn_cast_or_null<BlockedAttr>(enc);
  if (!blocked)
    return std::nullopt;
  // The parent's parameters of the tile's dimensions (a sliced one holds
  // nothing of the tile).
  SmallVector<unsigned> spt, tpw, wpc;
  for (unsigned d = 0; d < blocked.getRank(); ++d) {
    if (int(d) == sliced)
      continue;
    spt.push_back(blocked.getSizePerThread()[d]);
    tpw.push_back(blocked.getThreadsPerWarp()[d]);
    wpc.push_back(blocked.getWarpsPerCTA()[d]);
  }
  return getElemsPerThread(type.getShape(), spt, tpw, wpc);
}

/// The update of `v` when it is an induction tile of its loop: carried
/// from a cheap start, updated by one elementwise op of it and cheap
/// operands that only the yield uses, and used in the loop by that update
/// and ops `usedBy` accepts only. Null otherwise.
Operation *inductionUpdate(Value v, function_ref<bool(Operation *)> usedBy) {
  auto arg = dyn_cast<BlockArgument>(v);
  auto loop =
      arg ? dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp()) : scf::ForOp();
  if (!loop || arg.getArgNumber() < loop.getNumInductionVars())
    return nullptr;
  unsigned j = arg.getArgNumber() - loop.getNumInductionVars();
  Operation *update = loop.getYieldedValues()[j].getDefiningOp();
  if (!isElementwise(update) || !update->hasOneUse() ||
      !isCheap(loop.getInitArgs()[j]) ||
      !llvm::is_contained(update->getOperands(), v))
    return nullptr;
  for (Value x : update->getOperands())
    if (x != v && isa<RankedTensorType>(x.getType()) && !isCheap(x))
      return nullptr;
  for (Operation *user : arg.getUsers())
    if (user != update && !usedBy(user))
      return nullptr;
  return update;
}

/// The update `addptr(p, step)` of a pointer tile `p` carried by an
/// scf.for, when its start and step are cheap and the loop uses it only in
/// loads and that update (fla's `p_kj += H * K` row pointers): rule 5
/// carries a twin of it in the target layout. Null otherwise.
tile::AddPtrOp pointerInduction(Value ptr) {
  auto update = dyn_cast_or_null<tile::AddPtrOp>(inductionUpdate(
      ptr, [](Operation *user) { return isa<tile::LoadOp>(user); }));
  return update && update.getPtr() == ptr ? update : tile::AddPtrOp();
}

/// Whether `load` is small (fewer elements than the CTA has threads), not
/// volatile, its pointers cheap (or, with `carried`, a loop's pointer
/// induction), its mask and `other` cheap: rule 5 can load it again in
/// another layout.
bool isSmallLoad(tile::LoadOp load, bool carried) {
  if (load.getIsVolatile())
    return false;
  auto type = dyn_cast<RankedTensorType>(load.getType());
  if (!type || type.getNumElements() >= 32 * tile::getNumWarps(load, 0))
    return false;
  return (isCheap(load.getPtr()) ||
          (carried && pointerInduction(load.getPtr()))) &&
         (!load.getMask() || isCheap(load.getMask())) &&
         (!load.getOther() || isCheap(load.getOther()));
}

/// Whether `layout` is a slice of a blocked layout that keeps its parent's
/// fastest dimension (a row of a 2-D tile): tilegpu-coalesce reads a
/// thread's elements there as vectors along it, however many it holds.
bool isRowSlice(Attribute layout) {
  auto slice = dyn_cast_or_null<SliceAttr>(layout);
  auto parent = slice ? dyn_cast<BlockedAttr>(slice.getParent()) : nullptr;
  return parent && slice.getDim() != parent.getOrder()[0];
}

/// Whether rule 5 loads the small `load`, used once, in `target` instead of
/// converting it: a thread holds no more of it there than in its own
/// layout, or the tile has at most 4 elements a warp, so that a thread
/// holds at most 4 of it in whatever layout tilegpu-coalesce later gives
/// the target's parent (all of a warp's lanes along the other dimension
/// leave a slice a warp's share a thread): fewer loads than a store, a
/// barrier and a load. With `wide` (in this pass, where rule 5 runs; the
/// other passes' patterns would leave such loads converted), also through
/// a loop's pointer induction, and into a row slice however many elements
/// a thread holds there (read as vectors: as many accesses as the
/// conversion's reads from shared memory, with no store and no barrier).
bool loadableIn(tile::LoadOp load, Attribute target, bool wide) {
  if (!isSmallLoad(load, wide) || !load->hasOneUse())
    return false;
  auto type = cast<RankedTensorType>(load.getType());
  std::optional<int64_t> before = elemsPerThread(type);
  std::optional<int64_t> after =
      elemsPerThread(cast<RankedTensorType>(withLayout(type, target)));
  if (!before || !after)
    return false;
  if (*after <= *before || (wide && isRowSlice(target)))
    return true;
  return type.getNumElements() <= 4 * tile::getNumWarps(load, 0);
}

unsigned elementBits(Type t) {
  Type e = cast<RankedTensorType>(t).getElementType();
  return e.isIntOrFloat() ? e.getIntOrFloatBitWidth() : 64;
}

/// Whether `v` converted to `target` moves no data once rules 1-3 have
/// run: `v` is cheap, a conversion of a value in `target` (the two cancel),
/// or a single-use elementwise op of such values (the conversion climbs
/// through it). A tile split into halves, computed on, and joined again
/// (a rotation of pairs) is converted out and back.
bool foldsInto(Value v, Attribute target, unsigned depth = 0) {
  if (isCheap(v))
    return true;
  Operation *op = v.getDefiningOp();
  if (!op || depth > 8)
    return false;
  if (auto cvt = dyn_cast<ConvertLayoutOp>(op))
    return getLayout(cvt.getSrc().getType()) == target;
  if (!isElementwise(op) || !v.hasOneUse())
    return false;
  return llvm::all_of(op->getOperands(), [&](Value x) {
    return !isa<RankedTensorType>(x.getType()) ||
           foldsInto(x, target, depth + 1);
  });
}

/// A broadcast of at most half as many elements as its result (not into a
/// dot operand layout, whose smaller tiles nothing lowers): converting it
/// moves its operand's elements only (HoistThroughShapeOp).
bool isSmallerBroadcast(Value v, Attribute target) {
  auto bc = v.getDefiningOp<tile::BroadcastOp>();
  return bc && !isa<DotOperandAttr>(target) &&
         2 * cast<RankedTensorType>(bc.getSrc().getType()).getNumElements() <=
             cast<RankedTensorType>(v.getType()).getNumElements();
}

/// The bits converting `v` to `target` moves through shared memory: its
/// elements (i1 kept as i8), or its operand's for a smaller broadcast
/// (isSmallerBroadcast; none without a target).
int64_t movedBits(Value v, Attribute target) {
  auto type = cast<RankedTensorType>(v.getType());
  int64_t elements = type.getNumElements();
  if (target && isSmallerBroadcast(v, target))
    elements = cast<RankedTensorType>(
                   v.getDefiningOp<tile::BroadcastOp>().getSrc().getType())
                   .getNumElements();
  return std::max(8u, elementBits(type)) * elements;
}

/// What converting a tile of `elements` elements costs, in 32-bit words a
/// thread of `op`'s CTA: a fixed part for the barriers and addresses of one
/// conversion, counted as 8 words, and its data.
int64_t conversionCost(Operation *op, int64_t elements) {
  int64_t threads = 32 * tile::getNumWarps(op, 4);
  return 8 + (elements + threads - 1) / threads;
}

/// Whether converting `operands` instead of `result` to `target` moves no
/// more data: all of them recomputable (with `cancelling`, or folding into
/// `target`) but at most one, no wider than the result. When the producer
/// of `result` has other users (it stays), all of them, unless the one is
/// smaller than the result: a broadcast of at most half as many elements
/// (isSmallerBroadcast) or `fewer` (the operand of a broadcast): one
/// conversion of less data replaces one, whatever else uses the result.
/// Several costly operands, all smaller broadcasts, are worth converting
/// when their conversions cost less than the result's (conversionCost):
/// `exp2(g[:, None] - g[None, :])` of linear attention's gates, a 64x64
/// difference of two broadcast 64-element vectors on 4 warps, converts
/// the two vectors (8 + 1 words a thread each) instead of the tile (8 + 32).
bool worthHoisting(ValueRange operands, Value result, Attribute target,
                   bool cancelling, bool fewer = false) {
  unsigned costly = 0, broadcasts = 0;
  int64_t broadcastCost = 0;
  Operation *at = result.getDefiningOp();
  for (Value v : operands) {
    // The patterns without `cancelling` are this pass's, which runs rule 5
    // (HoistThroughLoad): its wider cases count there.
    bool rule5Runs = !cancelling;
    if (recomputable(v, target, rule5Runs) ||
        (cancelling && foldsInto(v, target)))
      continue;
    // The data its conversion moves, no more than the result's: a smaller
    // broadcast's conversion climbs to its operand (an i32 column index
    // broadcast to the rows of an i1 mask moves 1/rows of its elements).
    if (movedBits(v, target) > movedBits(result, Attribute()))
      return false;
    ++costly;
    if (isSmallerBroadcast(v, target)) {
      ++broadcasts;
      broadcastCost += conversionCost(
          at, cast<RankedTensorType>(
                  v.getDefiningOp<tile::BroadcastOp>().getSrc().getType())
                  .getNumElements());
    }
  }
  if (costly <= 1)
    return costly == 0 || result.hasOneUse() || fewer || broadcasts == 1;
  return broadcasts == costly &&
         broadcastCost <
             conversionCost(
                 at, cast<RankedTensorType>(result.getType()).getNumElements());
}

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
    // No slices of dot operand layouts: nothing lowers them (a `where` on a
    // dot operand computed in registers, its mask a broadcast column).
    if (isa<tile::ExpandDimsOp>(src) && isa<DotOperandAttr>(target))
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
