//===- ConversionCost.cpp - What moving a layout conversion costs --------===//
//
// See ConversionCost.h.
//
//===----------------------------------------------------------------------===//

#include "ConversionCost.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::tilegpu;
using namespace mlir::tilegpu::remat;

Value remat::convertTo(OpBuilder &b, Location loc, Value x, Attribute layout) {
  if (!x)
    return x;
  return b.create<ConvertLayoutOp>(loc, withLayout(x.getType(), layout), x);
}

bool remat::isElementwise(Operation *op) {
  if (!op || op->getNumResults() != 1 || op->getNumRegions() != 0)
    return false;
  return isa<tile::AddPtrOp, tile::AxisHintOp>(op) ||
         (op->hasTrait<OpTrait::Elementwise>() &&
          isa<arith::ArithDialect, math::MathDialect>(op->getDialect()));
}

namespace {

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
    // Broadcasts and expand_dims lower only in layouts described by
    // dimensions (not dot operand layouts nor the transposed mma layout);
    // an expand_dims operand is in the target's slice.
    if (isa<tile::BroadcastOp, tile::ExpandDimsOp>(op) && target &&
        !describedByDims(target))
      return false;
    Attribute inner = target;
    if (auto ex = dyn_cast<tile::ExpandDimsOp>(op); ex && target) {
      inner = SliceAttr::get(op->getContext(), ex.getAxis(), target);
    }
    return llvm::all_of(op->getOperands(), [&](Value x) {
      return !isa<RankedTensorType>(x.getType()) || (*this)(x, inner);
    });
  }
};

} // namespace

bool remat::recomputable(Value v, Attribute target, bool wide) {
  RecomputeWalk walk;
  walk.wide = wide;
  return walk(v, target);
}

bool remat::isCheap(Value v) { return recomputable(v, Attribute()); }

std::optional<int64_t> remat::elemsPerThread(RankedTensorType type) {
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

Operation *remat::inductionUpdate(Value v,
                                  function_ref<bool(Operation *)> usedBy) {
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

tile::AddPtrOp remat::pointerInduction(Value ptr) {
  auto update = dyn_cast_or_null<tile::AddPtrOp>(inductionUpdate(
      ptr, [](Operation *user) { return isa<tile::LoadOp>(user); }));
  return update && update.getPtr() == ptr ? update : tile::AddPtrOp();
}

bool remat::isSmallLoad(tile::LoadOp load, bool carried) {
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

bool remat::isRowSlice(Attribute layout) {
  auto slice = dyn_cast_or_null<SliceAttr>(layout);
  auto parent = slice ? dyn_cast<BlockedAttr>(slice.getParent()) : nullptr;
  return parent && slice.getDim() != parent.getOrder()[0];
}

bool remat::loadableIn(tile::LoadOp load, Attribute target, bool wide) {
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

unsigned remat::elementBits(Type t) {
  Type e = cast<RankedTensorType>(t).getElementType();
  return e.isIntOrFloat() ? e.getIntOrFloatBitWidth() : 64;
}

bool remat::foldsInto(Value v, Attribute target, unsigned depth) {
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

bool remat::isSmallerBroadcast(Value v, Attribute target) {
  auto bc = v.getDefiningOp<tile::BroadcastOp>();
  return bc && !isa<DotOperandAttr>(target) &&
         2 * cast<RankedTensorType>(bc.getSrc().getType()).getNumElements() <=
             cast<RankedTensorType>(v.getType()).getNumElements();
}

int64_t remat::movedBits(Value v, Attribute target) {
  auto type = cast<RankedTensorType>(v.getType());
  int64_t elements = type.getNumElements();
  if (target && isSmallerBroadcast(v, target))
    elements = cast<RankedTensorType>(
                   v.getDefiningOp<tile::BroadcastOp>().getSrc().getType())
                   .getNumElements();
  return std::max(8u, elementBits(type)) * elements;
}

int64_t remat::conversionCost(Operation *op, int64_t elements) {
  int64_t threads = 32 * tile::getNumWarps(op, 4);
  return 8 + (elements + threads - 1) / threads;
}

bool remat::worthHoisting(ValueRange operands, Value result, Attribute target,
                          bool cancelling, bool fewer) {
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
