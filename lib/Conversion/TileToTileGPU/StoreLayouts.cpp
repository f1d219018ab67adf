//===- StoreLayouts.cpp - Layouts of their own for stores and atomics ---===//
//
// tilegpu-coalesce gives every rank-2 tile one blocked layout, as wide as
// the widest access through it. A store of wider elements through that
// layout can take only part of a thread's chunk per instruction: an fp32
// matmul accumulator stored through the 8-element layout of its bf16
// operand loads puts lanes 32 bytes apart, and each of the two 16-byte
// instructions writes half of every 32-byte sector its warp touches (every
// sector of C is written twice).
//
// Such a store (a blocked pointer tile of rank 1 or 2 whose thread holds
// more consecutive elements along the fastest dimension d than the store's
// `tilegpu.vector` v) gets a layout of its own: v elements a thread along
// d, at rank 2 as many lanes along d as the tile has vectors (at most 32)
// and the other lanes along the other dimension, the warps as before. Its
// pointer and mask are recomputed in that layout by tilegpu-load-layouts'
// rematerializer: splat constants, make_range, splat, expand_dims,
// broadcast, addptr and arith ops are cloned, and a convert_layout among
// them gets a second conversion that the canonicalizer folds into it (the
// matmul epilogue's mma -> blocked conversion then goes straight to the new
// layout and costs the same). Its value is recomputed the same way when it
// can be; otherwise (a load, a reduction, a math op, a loop-carried tile)
// it is converted through shared memory right before the store, as
// Triton's coalescing gives every access its own layout, when that takes
// at most `max-convert-bytes` (H100, 2026-12-05: Liger's vocab-parallel
// cross entropy forward, fp32 exps of bf16 logits, 0.65-0.72x -> 1.02-1.03x
// Triton). An atomic update whose old values nobody reads (a `red`) is
// moved the same way (Liger's modulated RMSNorm backward adds 4096-float
// rows into one shared row: 0.43-0.52x -> 0.78-0.90x). With v = 1 the move
// is made only where it gains: pointers consecutive along d (a run that
// tilegpu-coalesce recorded in `tilegpu.contiguity`) to elements of 2
// bytes or more, or an old layout
// whose threads hold copies of elements (which their owners then update
// one after another).
//
// A store whose new layout would have warps hold only copies of what
// other warps store (a [16, 8] top-k result stored 4 elements a thread: 16
// rows a warp) gets the vector narrowed to the elements a thread of the
// CTA has to store (Triton's coalescing gives a thread at most numel /
// threads) where that layout gives each warp the rows it has in the old
// one: every warp stores its part, and the value's conversion before it
// stays within warps (a bar.warp.sync instead of two CTA barriers; the
// top-k gating softmax over 64 experts). Where the narrower layout would
// move rows across warps, the store keeps its idle warps (Liger's RoPE:
// an [8, 64] tile stored 16 bytes a thread by two of four warps, with no
// conversion).
//
// A store whose pointers are contiguous along its layout's slower
// dimension (a tile stored transposed by its strides: Liger's MoE weight
// gradient dW2[e, h, i] written from an [i, h] accumulator) stored 2 bytes
// a thread with every lane of a warp on another line. It gets the layout
// with that dimension fastest and the vector the axis analysis allows
// there (tilegpu-load-layouts' transposedOrderLayout), its pointer and mask
// recomputed there; its value, whatever it is, is converted (an mma ->
// blocked conversion before it goes straight to the new layout), as
// Triton's coalescing orders every access by its contiguity.
//
//===----------------------------------------------------------------------===//

#include "Rematerializer.h"
#include "tilec/Analysis/AxisInfo.h"
#include "tilec/Conversion/Passes.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "llvm/ADT/bit.h"

namespace mlir::tilegpu {
#define GEN_PASS_DEF_TILEGPUSTORELAYOUTS
#include "tilec/Dialect/TileGPU/Passes.h.inc"
} // namespace mlir::tilegpu

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

/// Whether every tile of `rm`'s old layout that `v` depends on is made by a
/// `cheap` op or a convert_layout: then the rematerializer only clones, and
/// the convert_layout it puts after a conversion folds into it.
bool onlyCheapProducers(const Rematerializer &rm, Value v,
                        DenseMap<Value, bool> &memo, unsigned depth = 0) {
  if (rm.retype(v.getType()) == v.getType())
    return true; // scalars and other layouts are used as they are
  auto it = memo.find(v);
  if (it != memo.end())
    return it->second;
  Operation *op = v.getDefiningOp();
  bool ok = op && depth < 512 && op->getNumResults() == 1;
  if (ok && !isa<ConvertLayoutOp>(op)) {
    ok = Rematerializer::cheap(op);
    if (auto c = dyn_cast<arith::ConstantOp>(op))
      ok = isa<SplatElementsAttr>(c.getValue());
    for (Value o : op->getOperands())
      ok = ok && onlyCheapProducers(rm, o, memo, depth + 1);
  }
  memo[v] = ok;
  return ok;
}

/// The layout a store or atomic update of `vector` elements a thread along
/// the fastest dimension writes whole sectors with: `vector` elements a
/// thread there and, at rank 2, as many lanes along it as the tile has
/// vectors (at most 32); null when `layout` already does.
BlockedAttr accessLayout(BlockedAttr layout, ArrayRef<int64_t> shape,
                         unsigned vector) {
  unsigned d = layout.getOrder()[0];
  // A thread's run along d: its elements there, fewer in a narrower tile.
  int64_t run = std::min<int64_t>(layout.getSizePerThread()[d], shape[d]);
  if (layout.getRank() > 2 || vector < 1 || run <= vector)
    return {};
  SmallVector<unsigned> spt(layout.getSizePerThread());
  SmallVector<unsigned> tpw(layout.getThreadsPerWarp());
  spt[d] = vector;
  if (layout.getRank() == 2) {
    int64_t vectors = std::max<int64_t>(
        1, shape[d] / (int64_t(vector) * layout.getWarpsPerCTA()[d]));
    unsigned lanes = static_cast<unsigned>(std::clamp<int64_t>(
        llvm::bit_floor(static_cast<uint64_t>(vectors)), 1, 32));
    tpw[d] = lanes;
    tpw[1 - d] = 32 / lanes;
  }
  return BlockedAttr::get(layout.getContext(), spt, tpw,
                          layout.getWarpsPerCTA(), layout.getOrder());
}

/// The warps of `layout` that hold elements of a `shape` tile other than
/// copies of what other warps hold (a [16, 8] tile in a layout of 16 rows
/// a warp and 4 warps along the rows: one).
int64_t busyWarps(BlockedAttr layout, ArrayRef<int64_t> shape) {
  int64_t busy = 1;
  for (unsigned i = 0; i < layout.getRank(); ++i) {
    int64_t extent =
        int64_t(layout.getSizePerThread()[i]) * layout.getThreadsPerWarp()[i];
    busy *= std::min<int64_t>(layout.getWarpsPerCTA()[i],
                              llvm::divideCeil(shape[i], extent));
  }
  return busy;
}

/// Whether rank-2 layouts `a` and `b` give each warp the same rows (warps
/// only along the slower dimension, as many rows a warp in both): a move
/// between them stays within warps.
bool sameWarpRows(BlockedAttr a, BlockedAttr b) {
  if (a.getRank() != 2 || b.getRank() != 2 || a.getOrder() != b.getOrder() ||
      a.getWarpsPerCTA() != b.getWarpsPerCTA())
    return false;
  unsigned d = a.getOrder()[0], o = a.getOrder()[1];
  return a.getWarpsPerCTA()[d] == 1 &&
         a.getSizePerThread()[o] * a.getThreadsPerWarp()[o] ==
             b.getSizePerThread()[o] * b.getThreadsPerWarp()[o];
}

/// Moves the store or atomic update `op` (pointer `ptr`, value `value`,
/// optional `mask`) from `layout` to `target`: its pointer and mask
/// recomputed there (they must be cheap), its value too when it is cheap,
/// else converted right before `op` when it takes at most `maxConvertBytes`
/// of shared memory; otherwise `op` stays where it is (false).
bool moveAccess(OpBuilder &b, Operation *op, Value ptr, Value value, Value mask,
                BlockedAttr layout, BlockedAttr target,
                uint64_t maxConvertBytes,
                SmallVectorImpl<Operation *> &conversions) {
  Rematerializer rm{b, layout, target, DenseMap<Value, Value>()};
  DenseMap<Value, bool> memo;
  if (!onlyCheapProducers(rm, ptr, memo) ||
      (mask && !onlyCheapProducers(rm, mask, memo)))
    return false;
  bool cheapValue = onlyCheapProducers(rm, value, memo);
  if (!cheapValue) {
    auto type = cast<RankedTensorType>(value.getType());
    uint64_t bytes = uint64_t(type.getNumElements()) *
                     std::max<uint64_t>(1, type.getElementTypeBitWidth() / 8);
    if (bytes > maxConvertBytes)
      return false;
  }
  SmallVector<Value> operands;
  for (Value o : op->getOperands()) {
    if (o == value && !cheapValue) {
      OpBuilder::InsertionGuard g(b);
      b.setInsertionPoint(op);
      operands.push_back(
          b.create<ConvertLayoutOp>(op->getLoc(), rm.retype(o.getType()), o));
      conversions.push_back(operands.back().getDefiningOp());
      continue;
    }
    operands.push_back(rm.get(o));
  }
  op->setOperands(operands);
  for (Value r : op->getResults())
    r.setType(rm.retype(r.getType()));
  return true;
}

/// A store whose pointers are contiguous along its layout's slower
/// dimension, `vo` elements per access there: made in the transposed-order
/// layout with that vector, its pointer and mask recomputed there (when
/// they are cheap) and its value converted (a conversion before it folds
/// into that one).
void storeTransposed(OpBuilder &b, tile::StoreOp st, unsigned vo) {
  auto type = cast<RankedTensorType>(st.getPtr().getType());
  auto layout = cast<BlockedAttr>(type.getEncoding());
  auto valType = cast<RankedTensorType>(st.getValue().getType());
  BlockedAttr target = transposedOrderLayout(valType, layout, vo);
  if (!target)
    return;
  Rematerializer rm{b, layout, target, DenseMap<Value, Value>()};
  DenseMap<Value, bool> memo;
  if (!onlyCheapProducers(rm, st.getPtr(), memo) ||
      (st.getMask() && !onlyCheapProducers(rm, st.getMask(), memo)))
    return;
  st->setOperands(rm.getAll(st));
  st->setAttr(
      "tilegpu.vector",
      b.getI32IntegerAttr(target.getSizePerThread()[target.getOrder()[0]]));
  setMaskPrefixAttr(st, false);
}

struct StoreLayoutsPass
    : mlir::tilegpu::impl::TileGPUStoreLayoutsBase<StoreLayoutsPass> {
  using TileGPUStoreLayoutsBase::TileGPUStoreLayoutsBase;

  /// Gives `op` the layout its accesses write whole sectors with, where it
  /// is not in one already (see the file comment).
  void moveToAccessLayout(OpBuilder &b, Operation *op, Value ptr, Value value,
                          Value mask,
                          SmallVectorImpl<Operation *> &conversions) {
    auto type = dyn_cast<RankedTensorType>(ptr.getType());
    auto layout =
        type ? dyn_cast_or_null<BlockedAttr>(type.getEncoding()) : nullptr;
    auto vector = op->getAttrOfType<IntegerAttr>("tilegpu.vector");
    if (!layout || !vector)
      return;
    unsigned v = vector.getInt();
    BlockedAttr target = accessLayout(layout, type.getShape(), v);
    // A layout whose warps would hold copies of what other warps store
    // gets a narrower vector where that gives more warps a part and keeps
    // each warp's rows (the move to it stays within warps): at most
    // numel / threads elements a thread, as Triton's coalescing gives.
    int64_t threads = 32;
    for (unsigned w : layout.getWarpsPerCTA())
      threads *= w;
    int64_t busy = busyWarps(target ? target : layout, type.getShape());
    if (busy < threads / 32) {
      int64_t perThread = std::max<int64_t>(1, type.getNumElements() / threads);
      unsigned narrow = std::min<unsigned>(
          v, unsigned(llvm::bit_floor(static_cast<uint64_t>(perThread))));
      BlockedAttr narrowed =
          narrow < v ? accessLayout(layout, type.getShape(), narrow) : nullptr;
      if (narrowed && sameWarpRows(layout, narrowed) &&
          busyWarps(narrowed, type.getShape()) > busy) {
        v = narrow;
        target = narrowed;
      }
    }
    if (!target)
      return;
    // One element an access gains where the pointers are consecutive along
    // the row (a run tilegpu-coalesce recorded, of unknown alignment), or
    // where the old layout has threads hold copies of elements (which their
    // owners update one after another: 8 a thread of Liger's mHC residual
    // gradients, 1 in the new layout). Scattered pointers split sectors in
    // any layout, and the conversion before them reads shared memory
    // element by element (Liger's MoE dW2 in fp32: 20% slower).
    if (vector.getInt() == 1) { // (v < vector gains warps)
      auto runs = op->getAttrOfType<DenseI32ArrayAttr>(kContiguityAttr);
      unsigned d = layout.getOrder()[0];
      bool consecutive = runs && runs.size() == layout.getRank() && runs[d] > 1;
      // 2-byte elements too: the conversion before them then reads shared
      // memory 2 bytes at a time (Triton's grouped GEMM tutorial, fp16 C:
      // 16 vector reads a thread -> 128, 212 -> 242 registers), but each
      // warp writes whole sectors: 6.4 times fewer L2 write sectors (ncu),
      // and the kernel 1.15-1.49x faster on the H100. Bytes (or narrower)
      // stay: a warp's 32 of them fill one sector.
      consecutive &=
          cast<RankedTensorType>(value.getType()).getElementTypeBitWidth() >=
          16;
      auto elems = [&](BlockedAttr l) {
        return getElemsPerThread(type.getShape(), l.getSizePerThread(),
                                 l.getThreadsPerWarp(), l.getWarpsPerCTA());
      };
      if (!consecutive && elems(target) >= elems(layout))
        return;
    }
    if (moveAccess(b, op, ptr, value, mask, layout, target, maxConvertBytes,
                   conversions))
      op->setAttr("tilegpu.vector", b.getI32IntegerAttr(v));
  }

  void runOnOperation() override {
    OpBuilder b(&getContext());
    // The conversions moveAccess puts before accesses.
    SmallVector<Operation *> conversions;
    SmallVector<tile::StoreOp> stores;
    getOperation().walk([&](tile::StoreOp st) { stores.push_back(st); });
    // The vector width each store allows along its layout's slower
    // dimension, where it is wider than along the fastest one (a tile
    // stored transposed by its strides), decided before any IR changes.
    DenseMap<Operation *, unsigned> slowVec;
    {
      AxisInfoAnalysis axis(getOperation());
      for (tile::StoreOp st : stores) {
        auto type = dyn_cast<RankedTensorType>(st.getPtr().getType());
        auto layout =
            type ? dyn_cast_or_null<BlockedAttr>(type.getEncoding()) : nullptr;
        if (!layout || layout.getRank() != 2)
          continue;
        unsigned d = layout.getOrder()[0], o = layout.getOrder()[1];
        unsigned vo = axis.getVectorWidth(st.getPtr(), st.getMask(), o);
        if (vo > 1 && vo > axis.getVectorWidth(st.getPtr(), st.getMask(), d))
          slowVec[st] = vo;
      }
    }
    for (tile::StoreOp st : stores) {
      if (unsigned vo = slowVec.lookup(st)) {
        storeTransposed(b, st, vo);
        continue;
      }
      moveToAccessLayout(b, st, st.getPtr(), st.getValue(), st.getMask(),
                         conversions);
    }
    // Atomic updates whose old values nobody reads (`red`) likewise.
    getOperation().walk([&](tile::AtomicRMWOp op) {
      if (op->use_empty())
        moveToAccessLayout(b, op, op.getPtr(), op.getValue(), op.getMask(),
                           conversions);
    });
    // A scan converted before its access runs in the access's layout where
    // that spans the scan's axis with no more lanes and warps
    // (tilegpu-remove-layout-conversions' rule 7): fla's chunk-local cumsum
    // scans its 64 x 64 tile with one shuffle step instead of two. (The
    // conversion is not moved further up, above the widening of a 16-bit
    // load: its reads of 16-bit pairs made Liger's modulated RMSNorm
    // backward 1.17-1.28x slower on the H100, 2026-12-07.)
    if (!conversions.empty()) {
      RewritePatternSet patterns(&getContext());
      populateHoistThroughScanPatterns(patterns);
      GreedyRewriteConfig config;
      config.strictMode = GreedyRewriteStrictness::ExistingAndNewOps;
      if (failed(
              applyOpPatternsAndFold(conversions, std::move(patterns), config)))
        signalPassFailure();
    }
  }
};

} // namespace
