//===- BoundsVersioning.cpp - Whole-vector versions of bounded regions ----===//
//
// tilegpu-coalesce gives an access whose mask is a bound check of
// contiguous indices (`offs < n`, n of no known divisibility: ragged sizes,
// a parameter in do_not_specialize) vectors and `tilegpu.mask_prefix`; on
// its own, the LLVM lowering branches at each such access on whether the
// thread's runs are in bounds. One branch an access splits the code into
// blocks that ptxas does not schedule across: the loads of a kernel that
// handles several programs a CTA (tile-group-programs) then wait for one
// another (a ragged bf16 GeLU: 2212 -> 1146 GB/s on an H100, 2026-12-06).
//
// This pass versions a region instead: in each block, the ops from its
// first prefix-masked access to its last become
//
//   %in = and(tilegpu.runs_in_bounds %mask_i {vector = v_i}, ...)
//   %r = scf.if %in {
//     <the ops, their prefix-masked accesses tilegpu.in_bounds: whole
//      vectors, no predicate>
//   } else {
//     <the ops as they were>
//   }
//
// when every op of the region works on a thread's registers alone (pure
// arith and math, loads, stores, pointer and index tiles: nothing that
// talks to other threads, so threads may take different versions) and
// every mask can be computed before the region (its ops there pure; they
// are moved ahead). Threads whose whole tile lies in bounds, all but those
// at the edge, run straight-line vector code; the others run the exact
// version. Triton reads such tiles one element at a time.
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/Passes.h"
#include "tilec/Dialect/Tile/TileDialect.h"
#include "tilec/Dialect/TileGPU/TileGPUDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tilegpu {
#define GEN_PASS_DEF_TILEGPUVERSIONBOUNDS
#include "tilec/Dialect/TileGPU/Passes.h.inc"
} // namespace mlir::tilegpu

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

/// A load or store of a pointer tile under a prefix mask, with vectors.
bool isPrefixAccess(Operation *op) {
  if (!isa<tile::LoadOp, tile::StoreOp>(op) || !hasMaskPrefix(op))
    return false;
  auto vec = op->getAttrOfType<IntegerAttr>("tilegpu.vector");
  return vec && vec.getInt() > 1;
}

Value maskOf(Operation *op) {
  if (auto ld = dyn_cast<tile::LoadOp>(op))
    return ld.getMask();
  return cast<tile::StoreOp>(op).getMask();
}

/// Ops that compute on a thread's own registers only (their lowering
/// neither reads other threads' values nor waits for them).
bool threadLocal(Operation *op) {
  if (op->getNumRegions() != 0)
    return false;
  if (isa<tile::LoadOp, tile::StoreOp, tile::AddPtrOp, tile::SplatOp,
          tile::MakeRangeOp, tile::ProgramIdOp, tile::NumProgramsOp,
          tile::ExpandDimsOp, tile::BroadcastOp, tile::AxisHintOp>(op))
    return true;
  return isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) &&
         isMemoryEffectFree(op);
}

/// Adds the ops of `region` (a span of one block) that `v` is computed
/// from to `slice`; false when one of them is not free of memory effects.
bool maskSlice(Value v, const llvm::SmallPtrSetImpl<Operation *> &region,
               llvm::SetVector<Operation *> &slice) {
  Operation *def = v.getDefiningOp();
  if (!def || !region.contains(def) || slice.contains(def))
    return true;
  if (!isMemoryEffectFree(def))
    return false;
  for (Value o : def->getOperands())
    if (!maskSlice(o, region, slice))
      return false;
  slice.insert(def);
  return true;
}

/// Versions the span of `block` from its first prefix-masked access to its
/// last one, when it qualifies.
void versionBlock(Block &block) {
  Operation *first = nullptr, *last = nullptr;
  for (Operation &op : block)
    if (isPrefixAccess(&op)) {
      if (!first)
        first = &op;
      last = &op;
    }
  if (!first)
    return;
  SmallVector<Operation *> span;
  llvm::SmallPtrSet<Operation *, 32> inSpan;
  for (auto it = first->getIterator(), end = std::next(last->getIterator());
       it != end; ++it) {
    if (!threadLocal(&*it))
      return;
    span.push_back(&*it);
    inSpan.insert(&*it);
  }
  // The masks, computed ahead of the span.
  llvm::SetVector<Operation *> ahead;
  SmallVector<Operation *> accesses;
  for (Operation *op : span)
    if (isPrefixAccess(op)) {
      accesses.push_back(op);
      if (!maskSlice(maskOf(op), inSpan, ahead))
        return;
    }
  for (Operation *op : span)
    if (ahead.contains(op)) {
      op->moveBefore(first);
      inSpan.erase(op);
    }
  llvm::erase_if(span, [&](Operation *op) { return ahead.contains(op); });
  if (span.empty())
    return;
  first = span.front();

  OpBuilder b(first);
  Location loc = first->getLoc();
  Value in;
  llvm::SmallDenseSet<std::pair<Value, int64_t>> checked;
  for (Operation *op : accesses) {
    auto vec = op->getAttrOfType<IntegerAttr>("tilegpu.vector");
    if (!checked.insert({maskOf(op), vec.getInt()}).second)
      continue;
    Value c = b.create<RunsInBoundsOp>(loc, b.getI1Type(), maskOf(op), vec);
    in = in ? b.create<arith::AndIOp>(loc, in, c) : c;
  }

  // Values of the span used after it.
  SmallVector<Value> escaping;
  for (Operation *op : span)
    for (Value r : op->getResults())
      if (llvm::any_of(r.getUsers(), [&](Operation *user) {
            Operation *a = block.findAncestorOpInBlock(*user);
            return !a || !inSpan.contains(a);
          }))
        escaping.push_back(r);
  SmallVector<Type> types;
  for (Value v : escaping)
    types.push_back(v.getType());

  auto ifOp = b.create<scf::IfOp>(loc, types, in, /*withElseRegion=*/true);
  // The fast version: a copy, its prefix-masked accesses whole vectors.
  {
    OpBuilder tb = ifOp.getThenBodyBuilder();
    IRMapping map;
    for (Operation *op : span) {
      Operation *copy = tb.clone(*op, map);
      if (isPrefixAccess(copy)) {
        setMaskPrefixAttr(copy, false);
        copy->setAttr(kInBoundsAttr, tb.getUnitAttr());
      }
    }
    SmallVector<Value> yielded;
    for (Value v : escaping)
      yielded.push_back(map.lookup(v));
    if (!types.empty() || !ifOp.thenBlock()->mightHaveTerminator())
      tb.create<scf::YieldOp>(loc, yielded);
  }
  // The exact version: the span itself.
  {
    Block *elseBlock = ifOp.elseBlock();
    if (!elseBlock->mightHaveTerminator()) {
      OpBuilder eb = OpBuilder::atBlockEnd(elseBlock);
      eb.create<scf::YieldOp>(loc, escaping);
    } else {
      elseBlock->getTerminator()->setOperands(escaping);
    }
    Operation *yield = elseBlock->getTerminator();
    for (Operation *op : span) {
      op->moveBefore(yield);
      if (isPrefixAccess(op))
        op->setAttr(kEdgeAttr, UnitAttr::get(op->getContext()));
    }
  }
  for (auto [v, r] : llvm::zip(escaping, ifOp.getResults()))
    v.replaceUsesWithIf(
        r, [&](OpOperand &use) { return !ifOp->isAncestor(use.getOwner()); });
}

struct VersionBoundsPass
    : mlir::tilegpu::impl::TileGPUVersionBoundsBase<VersionBoundsPass> {
  using TileGPUVersionBoundsBase::TileGPUVersionBoundsBase;

  void runOnOperation() override {
    SmallVector<Block *> blocks;
    getOperation().walk([&](Block *block) { blocks.push_back(block); });
    for (Block *block : blocks)
      versionBlock(*block);
  }
};

} // namespace
