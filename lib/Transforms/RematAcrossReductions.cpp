//===- RematAcrossReductions.cpp - Recompute large tiles after reductions -===//
//
// See the pass description (Passes.td). For each tile.reduce R, in program
// order, a tile W defined before R in R's block and used after it is
// recomputed right after R from the loads and pure ops it comes from, and
// its uses after R take the copy. Later reductions then see the copies, so
// a value live across two reductions (softmax's row) is reloaded twice.
//
//===----------------------------------------------------------------------===//

#include "tilec/Transforms/Passes.h"

#include "TransformUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILEREMATACROSSREDUCTIONS
#include "tilec/Dialect/Tile/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {

class Remat {
public:
  Remat(int64_t threads, int64_t minBytes)
      : threads(threads), minBytes(minBytes) {}

  /// Recomputes after `r` the tiles that qualify. With `plan` set, changes
  /// nothing and only records the loads the recomputations would repeat
  /// (`kept`: their registers stay live across the reductions).
  void run(ReduceOp r, bool plan) {
    Block *blk = r->getBlock();
    SmallVector<Value> wide;
    for (Operation &op : *blk) {
      if (&op == r.getOperation())
        break;
      for (Value v : op.getResults())
        if (isa<RankedTensorType>(v.getType()) &&
            bytesPerThread(v.getType(), threads) >= minBytes && usedAfter(v, r))
          wide.push_back(v);
    }
    OpBuilder b(r->getContext());
    b.setInsertionPointAfter(r);
    for (Value w : wide) {
      llvm::SetVector<Operation *> slice;
      if (!collect(w, r, slice))
        continue;
      // Only when the loads hold at most half of W (16-bit data computed
      // on in fp32): reloading a tile as wide as W frees nothing, as the
      // reloaded registers are live at once again.
      int64_t loaded = 0;
      for (Operation *op : slice)
        if (isa<LoadOp>(op))
          loaded += bytesPerThread(op->getResult(0).getType(), threads);
      // (Without loads, CSE would merge the copy straight back.)
      if (!loaded || 2 * loaded > bytesPerThread(w.getType(), threads))
        continue;
      ++recomputed;
      if (plan) {
        for (Operation *op : slice)
          if (isa<LoadOp>(op))
            kept.insert(op);
        continue;
      }
      // In block order, so operands are cloned before their users.
      SmallVector<Operation *> ops(slice.begin(), slice.end());
      llvm::sort(ops, [](Operation *a, Operation *c) {
        return a->isBeforeInBlock(c);
      });
      IRMapping map;
      for (Operation *op : ops) {
        Operation *c = b.clone(*op, map);
        if (isa<LoadOp>(c))
          markReload(op, c, b);
      }
      Value copy = map.lookup(w);
      w.replaceUsesWithIf(copy, [&](OpOperand &use) {
        Operation *at = blk->findAncestorOpInBlock(*use.getOwner());
        return at && r->isBeforeInBlock(at);
      });
    }
  }

  /// Tiles recomputed (or, planning, to be recomputed) so far.
  int count() const { return recomputed; }

  /// Bytes a thread the repeated loads keep live (from a plan).
  int64_t keptBytes() const {
    int64_t n = 0;
    for (Operation *op : kept)
      n += bytesPerThread(op->getResult(0).getType(), threads);
    return n;
  }

private:
  /// Is `v` used by an op after `r` (or nested in one)?
  static bool usedAfter(Value v, ReduceOp r) {
    Block *blk = r->getBlock();
    return llvm::any_of(v.getUsers(), [&](Operation *user) {
      Operation *at = blk->findAncestorOpInBlock(*user);
      return at && r->isBeforeInBlock(at);
    });
  }

  /// The ops of `r`'s block that compute `v` from values that may stay
  /// live across `r` (scalars, small tiles, values from outside the block),
  /// into `slice`: pure ops without regions, and loads with no write between
  /// them and `r`. False if `v` needs anything else (a large tile from
  /// outside the block, an iteration argument, a dot).
  bool collect(Value v, ReduceOp r, llvm::SetVector<Operation *> &slice) {
    Block *blk = r->getBlock();
    Operation *op = v.getDefiningOp();
    bool inBlock = op && op->getBlock() == blk && op->isBeforeInBlock(r);
    if (!isa<RankedTensorType>(v.getType()))
      return true; // a scalar: kept
    if (!inBlock)
      return bytesPerThread(v.getType(), threads) * 4 <= minBytes;
    if (slice.contains(op))
      return true;
    if (auto l = dyn_cast<LoadOp>(op)) {
      if (l.getIsVolatile())
        return false;
      for (Operation *o = op->getNextNode(); o != r.getOperation();
           o = o->getNextNode())
        if (!onlyReadsMemory(o))
          return false;
    } else if (!isPure(op) || op->getNumRegions() || isa<ReduceOp, DotOp>(op)) {
      return false;
    }
    for (Value o : op->getOperands())
      if (!collect(o, r, slice))
        return false;
    slice.insert(op);
    return true;
  }

  /// `reload`, a clone of the load `original` (itself maybe a reload):
  /// `tile.remat` a number of its own (so that CSE keeps the reloads apart)
  /// and `tile.remat_of` the number `original` carries as `tile.remat_src`
  /// (the GPU lowering takes the reload from that load's registers).
  void markReload(Operation *original, Operation *reload, OpBuilder &b) {
    reload->setAttr("tile.remat", b.getI32IntegerAttr(reloads++));
    auto src = original->getAttrOfType<IntegerAttr>("tile.remat_src");
    if (!src) {
      src = b.getI32IntegerAttr(sources++);
      original->setAttr("tile.remat_src", src);
    }
    reload->setAttr("tile.remat_of", src);
  }

  int64_t threads, minBytes;
  int32_t reloads = 0, sources = 0;
  int recomputed = 0;
  llvm::SetVector<Operation *> kept;
};

struct TileRematAcrossReductions
    : mlir::tile::impl::TileRematAcrossReductionsBase<
          TileRematAcrossReductions> {
  using TileRematAcrossReductionsBase::TileRematAcrossReductionsBase;

  void runOnOperation() override {
    if (minBytes <= 0)
      return;
    ModuleOp module = getOperation();
    int64_t threads = threadsPerCTA(module);
    // The registers freed are worth having only if ptxas uses them for a
    // second CTA: the kernel asks for 1024 threads an SM, 64 registers a
    // thread. So only CTAs of at most 512 threads, and only when the loads
    // kept live (packed) leave room: their registers plus 24 for addresses
    // and the rest, a dot's accumulator included, within 64; else the kernel is
    // left as it is (the recomputation without a second CTA measured slower).
    if (threads > 512)
      return;
    module.walk([&](func::FuncOp fn) {
      if (!fn->hasAttr("tile.kernel"))
        return;
      SmallVector<ReduceOp> reduces;
      fn.walk<WalkOrder::PreOrder>([&](ReduceOp r) { reduces.push_back(r); });
      Remat plan(threads, minBytes);
      for (ReduceOp r : reduces)
        plan.run(r, /*plan=*/true);
      // A tensor-core dot's accumulator stays in registers too: the widest
      // one counts against the 64 (an m64n128 wgmma alone takes 64). So do
      // the tiles the loops around a reduction carry (a layer norm
      // backward's dw and db row sums, [BT, D] fp32 each: 128 registers a
      // thread in fla's, which the request for 64 spilled).
      int64_t dotBytes = 0;
      fn.walk([&](DotOp d) {
        dotBytes = std::max(dotBytes, bytesPerThread(d.getType(), threads));
      });
      int64_t carriedBytes = 0;
      for (ReduceOp r : reduces) {
        int64_t carried = 0;
        for (Operation *p = r->getParentOp(); p && p != fn;
             p = p->getParentOp())
          for (Region &region : p->getRegions())
            for (BlockArgument a : region.getArguments())
              if (isa<RankedTensorType>(a.getType()))
                carried += bytesPerThread(a.getType(), threads);
        carriedBytes = std::max(carriedBytes, carried);
      }
      if (!plan.count() ||
          (plan.keptBytes() + dotBytes + carriedBytes) / 4 + 24 > 64)
        return;
      Remat remat(threads, minBytes);
      for (ReduceOp r : reduces)
        remat.run(r, /*plan=*/false);
      if (remat.count())
        module->setAttr("tile.min_ctas_per_sm",
                        IntegerAttr::get(IntegerType::get(&getContext(), 32),
                                         1024 / threads));
    });
  }
};

} // namespace
