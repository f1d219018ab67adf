//===- LoadLayouts.cpp - A layout of its own for each staged load ---------===//
//
// Every rank-2 tile of a kernel shares one blocked layout (elementwise ops
// then need no conversion), whose lanes the coalesce pass fits to all of the
// kernel's tiles: with the seed matmul's 64x32 A and 32x64 B (f16, 16-byte
// vectors) four lanes cover a row, so a warp's copy of B reads 8 half lines
// of 64 bytes where 8 lanes a row would read 4 full lines of 128 bytes;
// where wider tiles decide, 8 lanes would give a 32-element row copies. The
// loads of tensor-core operands are where that counts (they stream every K
// step), and their value only goes to a shared-memory buffer, whose
// register layout does not matter. This pass gives each such load (rank 2,
// blocked, its only user a `local_alloc`) whose warps read less than one
// 128-byte line of a row per access, or whose threads hold copies of each
// other's elements, the layout that fits its own tile: as many lanes along
// the fastest dimension as the tile has vectors there, up to one line, the
// rest of the warp along the other, same warps and order, when that holds
// no element twice. (The seed matmul's B: 258 -> 315
// TFLOP/s on the H200, = Triton; wider rows gained nothing and lost.) A
// staged load whose pointers are contiguous along the layout's slower
// dimension instead (an operand given transposed by its strides; axis
// analysis) gets the layout with that dimension fastest and 16-byte vectors
// along it, so that its copies into a transposed shared buffer stay 16
// bytes (see the `transposed` SharedAttr). Any other load of a rank-2 tile
// whose pointers are contiguous along the slower dimension gets that layout
// too (as Triton's coalescing gives every access the order of its
// contiguity): its staging users take it as it is, the others get it
// converted back, and those conversions then move down through elementwise
// ops of two such loads and into reductions (rule 6 of
// tilegpu-remove-layout-conversions), then climb where rules 1-3 let them.
// The 2-byte loads it replaces had each lane of a warp on another line
// (fla's chunk_o backward: 298 -> 74 global loads). Rows of unknown
// alignment (a runtime row stride) allow one element an access, and the
// same two rules then lay the lanes along the pointers' run: a staged load
// consecutive along the fastest dimension gets up to one 128-byte line of
// lanes there, and a load consecutive along the slower one (at least 4
// elements, not along the fastest) gets the transposed order with one
// element a thread. Warps otherwise read one element of many rows per
// instruction (Liger's MoE down projection in fp32 with 4-byte copies:
// 4 times the L1 wavefronts of Triton's copies). The pointers, mask and
// `other` are rematerialized in the new layout: their producers are cheap and
// pure (splat, make_range, expand_dims, broadcast, addptr, arith, constants)
// and are cloned; a loop-carried pointer gets a loop-carried twin in the new
// layout (a new iter_arg whose update is rematerialized too). Anything else
// gets a convert_layout. The old chain is left to die: an iter_arg whose
// only use is its own update is cut (its yield made a pass-through), which
// the canonicalizer then removes.
//
// Small replicated loads: a rank-1 tile smaller than its layout covers (a
// CTA-wide layout of 8 elements a thread, fitted to a kernel's long rows,
// given an 8-element tile of per-chunk statistics) is held whole by every
// thread, which loads it element by element: 32 warps x 8 loads of one
// element each, all to the same line (softmax_long_split_kernel's stats:
// the L2 serializes them, and half of the kernel's time waited on them on
// the H200). Such a load gets the layout with its vector width a thread, the
// same lanes and warps (lane l loads element l mod 8 with one instruction),
// when everything that uses it within its block is elementwise arith /
// math ending in reductions (tile.reduce, which handles replicated
// layouts), reading from elsewhere only cheap tiles (splats, constants,
// ranges): that slice is recomputed in the new layout, with no conversion.
// Otherwise the load stays as it is.
//
//===----------------------------------------------------------------------===//

#include "Rematerializer.h"
#include "tilec/Analysis/AxisInfo.h"
#include "tilec/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::tilegpu {
#define GEN_PASS_DEF_TILEGPULOADLAYOUTS
#include "tilec/Dialect/TileGPU/Passes.h.inc"
} // namespace mlir::tilegpu

using namespace mlir;
using namespace mlir::tilegpu;

/// The transposed-order layout with exactly `vec` elements a thread along
/// the slower dimension, or null where it would hold elements twice.
static BlockedAttr transposedWithVector(RankedTensorType type, BlockedAttr cur,
                                        unsigned vec) {
  unsigned o = cur.getOrder()[1], d = cur.getOrder()[0];
  unsigned vecBytes = vec * std::max(1u, type.getElementTypeBitWidth() / 8);
  int64_t vectors = type.getDimSize(o) / vec;
  if (vectors < 1)
    return {};
  unsigned lanes = std::min<uint64_t>(
      {32, llvm::bit_floor(uint64_t(vectors)), uint64_t(128 / vecBytes)});
  SmallVector<unsigned> spt(2, 1), tpw(2);
  spt[o] = vec;
  tpw[o] = lanes;
  tpw[d] = 32 / lanes;
  // Warps along the slower dimension first, the rest along the faster.
  unsigned warps = cur.getWarpsPerCTA()[0] * cur.getWarpsPerCTA()[1];
  SmallVector<unsigned> wpc(2);
  wpc[d] = std::min<uint64_t>(
      warps, llvm::bit_floor(uint64_t(std::max<int64_t>(
                 1, type.getDimSize(d) / (int64_t(spt[d]) * tpw[d])))));
  wpc[o] = warps / wpc[d];
  for (unsigned k : {d, o})
    if (int64_t(spt[k]) * tpw[k] * wpc[k] > type.getDimSize(k))
      return {};
  return BlockedAttr::get(type.getContext(), spt, tpw, wpc,
                          ArrayRef<unsigned>{o, d});
}

// See Rematerializer.h.
BlockedAttr mlir::tilegpu::transposedOrderLayout(RankedTensorType type,
                                                 BlockedAttr cur,
                                                 unsigned vec) {
  if (cur.getRank() != 2)
    return {};
  // The widest vector up to `vec` that holds no element twice, as Triton
  // caps a thread's elements at the tile's over the threads (at least 2;
  // a one-element `vec`, the layout of rows of unknown alignment, as it
  // is). fla's parallel Based forward reads its [16, 32] bf16 transposed
  // key tiles on 4 warps 4 elements a thread (8 would give each element to
  // two threads), not 2 bytes at a time: 0.0569 -> 0.0342 ms, 1.14x Triton;
  // GLA's intra-chunk backward its [16, 16] fp32 tiles 2 a thread: 0.0592
  // -> 0.0547 ms (H100, 2026-12-07).
  unsigned narrowest = std::min(std::max(vec, 1u), 2u);
  for (; vec >= narrowest; vec /= 2)
    if (BlockedAttr l = transposedWithVector(type, cur, vec))
      return l;
  return {};
}

// See Rematerializer.h.
unsigned mlir::tilegpu::slowerDimVector(const AxisInfoAnalysis &axis, Value ptr,
                                        Value mask, BlockedAttr cur,
                                        bool prefixMask) {
  if (!cur || cur.getRank() != 2)
    return 0;
  unsigned d = cur.getOrder()[0], o = cur.getOrder()[1];
  unsigned vo = axis.getVectorWidth(ptr, mask, o, prefixMask);
  unsigned vd = axis.getVectorWidth(ptr, mask, d, prefixMask);
  return vo > 1 && vo > vd ? vo : 0;
}

namespace {

/// The fewest consecutive elements that make one-element accesses worth
/// laying along their run: a warp then reads at least 4 consecutive
/// elements of a row per instruction instead of scattered ones.
constexpr int64_t kMinRun = 4;

/// The layout a load of values of `type` (fastest dimension d, `vec`
/// elements per access, consecutive along d; one element when the rows'
/// alignment is unknown) would pick alone, or null when it gains nothing
/// (its warps already read whole 128-byte lines of the tile, no element
/// twice) or would hold elements twice itself. A returned layout has more
/// lanes along d than `cur` or, where `cur`'s lanes cover more than the
/// tile's row (threads holding copies: the kernel's layout fitted to wider
/// tiles), fewer; so it is new.
BlockedAttr ownLayout(RankedTensorType type, BlockedAttr cur, unsigned vec) {
  if (cur.getRank() != 2 || vec < 1)
    return {};
  unsigned d = cur.getOrder()[0], o = 1 - d;
  int64_t vectors = type.getDimSize(d) / vec;
  if (vectors < 1)
    return {};
  // A warp's row segment along d: up to one 128-byte line (what one L2
  // request moves). Only a layout whose segment is shorter gains anything;
  // giving a wider tile more lanes than a line measured slower (128x128x64
  // and 128x256x64 matmul: 545-596 -> 452-530 TFLOP/s on the H200).
  unsigned vecBytes = vec * std::max(1u, type.getElementTypeBitWidth() / 8);
  unsigned oldBytes = cur.getThreadsPerWarp()[d] * vecBytes;
  bool copies = int64_t(cur.getSizePerThread()[d]) *
                    cur.getThreadsPerWarp()[d] * cur.getWarpsPerCTA()[d] >
                type.getDimSize(d);
  if (oldBytes >= 128 && !copies)
    return {};
  unsigned lanes = std::min<uint64_t>(
      {32, llvm::bit_floor(uint64_t(vectors)), uint64_t(128 / vecBytes)});
  if (lanes * vecBytes <= oldBytes && !copies)
    return {};
  if (lanes == cur.getThreadsPerWarp()[d] && vec == cur.getSizePerThread()[d])
    return {};
  SmallVector<unsigned> spt(cur.getSizePerThread()), tpw(2);
  spt[d] = vec;
  spt[o] = 1;
  tpw[d] = lanes;
  tpw[o] = 32 / lanes;
  ArrayRef<unsigned> wpc = cur.getWarpsPerCTA();
  // No replication: the CTA tile fits the tile along both dimensions.
  for (unsigned k : {d, o})
    if (int64_t(spt[k]) * tpw[k] * wpc[k] > type.getDimSize(k))
      return {};
  return BlockedAttr::get(type.getContext(), spt, tpw, wpc, cur.getOrder());
}

/// Cuts iter_args whose result is unused and whose block argument only
/// feeds (through pure, region-free ops of the loop body itself) its own
/// update: the yield passes the argument through, and the canonicalizer
/// drops it with the dead chain. A use in a nested region (an scf.if, an
/// inner loop) or by any other terminator counts as an escape.
void cutDeadIterArgs(scf::ForOp loop) {
  Block *body = loop.getBody();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  for (unsigned j = 0; j < loop.getNumRegionIterArgs(); ++j) {
    if (!loop.getResult(j).use_empty())
      continue;
    BlockArgument arg = loop.getRegionIterArgs()[j];
    llvm::SetVector<Value> slice;
    slice.insert(arg);
    bool ok = true;
    for (unsigned i = 0; i < slice.size() && ok; ++i)
      for (OpOperand &use : slice[i].getUses()) {
        Operation *user = use.getOwner();
        if (user == yield.getOperation()) {
          ok = use.getOperandNumber() == j;
          if (!ok)
            break;
          continue;
        }
        if (user->getBlock() != body || !isMemoryEffectFree(user) ||
            user->getNumRegions() != 0 ||
            user->hasTrait<OpTrait::IsTerminator>()) {
          ok = false;
          break;
        }
        for (Value r : user->getResults())
          slice.insert(r);
      }
    if (ok && yield.getOperand(j) != arg)
      yield.setOperand(j, arg);
  }
}

struct LoadLayoutsPass
    : mlir::tilegpu::impl::TileGPULoadLayoutsBase<LoadLayoutsPass> {
  void runOnOperation() override {
    // Staged loads, and (for the transposed order only) every other load
    // of a rank-2 tile.
    SmallVector<tile::LoadOp> loads;
    getOperation().walk([&](tile::LoadOp op) {
      auto t = dyn_cast<RankedTensorType>(op.getType());
      if (isStagedOperandLoad(op) || (t && t.getRank() == 2))
        loads.push_back(op);
    });
    // The vector width each load allows along the layout's slower
    // dimension, decided before any IR changes.
    DenseMap<Operation *, unsigned> slowVec;
    DenseMap<Operation *, bool> slowPrefix;
    // Staged loads one element an access whose pointers are consecutive
    // along the fastest dimension (unaligned rows): their lanes go along it.
    DenseSet<Operation *> rowRun;
    {
      AxisInfoAnalysis axis(getOperation());
      for (tile::LoadOp load : loads) {
        auto ptrType = dyn_cast<RankedTensorType>(load.getPtr().getType());
        auto cur = ptrType
                       ? dyn_cast_or_null<BlockedAttr>(ptrType.getEncoding())
                       : BlockedAttr();
        if (!cur || cur.getRank() != 2)
          continue;
        unsigned d = cur.getOrder()[0], o = cur.getOrder()[1];
        // Prefix masks for staged operands only: their copies clip each run;
        // a plain load's transposed layout keeps Triton's rule.
        bool staged = isStagedOperandLoad(load);
        unsigned vo =
            axis.getVectorWidth(load.getPtr(), load.getMask(), o, staged);
        unsigned vd =
            axis.getVectorWidth(load.getPtr(), load.getMask(), d, staged);
        AxisInfo p = axis.getInfo(load.getPtr());
        // One-element accesses move only where each is a copy of its own
        // (4 bytes or more: a staged operand's cp.async); 16-bit elements
        // are staged through registers, where the old layout's runs of a
        // thread pack into vector stores to shared memory.
        auto valT = cast<RankedTensorType>(load.getType());
        bool wordSized = valT.getElementTypeBitWidth() >= 32;
        if (slowerDimVector(axis, load.getPtr(), load.getMask(), cur, staged)) {
          slowVec[load] = vo;
          slowPrefix[load] = !axis.maskConstantOver(load.getMask(), o, vo);
        } else if (wordSized && vo == 1 && vd == 1 && p.getContiguity(d) == 1 &&
                   p.getContiguity(o) >= kMinRun) {
          // Consecutive along o but of unknown alignment (rows with a
          // runtime stride): one element an access, lanes along o.
          slowVec[load] = 1;
        } else if (wordSized && vd == 1 && staged &&
                   p.getContiguity(d) >= kMinRun) {
          rowRun.insert(load);
        }
      }
    }
    OpBuilder b(&getContext());
    bool changed = false, converted = false;
    for (tile::LoadOp load : loads) {
      auto ptrType = dyn_cast<RankedTensorType>(load.getPtr().getType());
      auto cur = ptrType ? dyn_cast_or_null<BlockedAttr>(ptrType.getEncoding())
                         : BlockedAttr();
      auto vecAttr = load->getAttrOfType<IntegerAttr>("tilegpu.vector");
      if (!cur)
        continue;
      auto valType = dyn_cast<RankedTensorType>(load.getType());
      if (!valType)
        continue;
      BlockedAttr own;
      unsigned vec = vecAttr ? vecAttr.getInt() : 1;
      bool prefix = hasMaskPrefix(load);
      bool staged = isStagedOperandLoad(load);
      if (!staged && !slowVec.count(load))
        continue;
      if (unsigned vo = slowVec.lookup(load)) {
        // Contiguous along the other dimension: that one fastest.
        own = transposedOrderLayout(valType, cur, vo);
        if (own) {
          vec = own.getSizePerThread()[own.getOrder()[0]];
          prefix = slowPrefix.lookup(load);
        }
      } else if (vec > 1 || rowRun.contains(load)) {
        own = ownLayout(valType, cur, vec);
      }
      if (!own)
        continue;
      Rematerializer rm{b, cur, own, DenseMap<Value, Value>()};
      SmallVector<Value> operands = rm.getAll(load.getOperation());
      // The load may have moved into a rebuilt loop; it is still `load`.
      b.setInsertionPoint(load);
      Operation *nl = b.clone(*load.getOperation());
      nl->setOperands(operands);
      nl->setAttr("tilegpu.vector", b.getI32IntegerAttr(vec));
      setMaskPrefixAttr(nl, prefix);
      nl->getResult(0).setType(rm.retype(load.getType()));
      // Staging buffers take the tile in any layout; other users get it
      // converted back to the layout they had.
      Value back;
      for (OpOperand &use :
           llvm::make_early_inc_range(load.getResult().getUses())) {
        if (isa<LocalAllocOp>(use.getOwner())) {
          use.set(nl->getResult(0));
          continue;
        }
        if (!back) {
          b.setInsertionPointAfter(nl);
          back = b.create<ConvertLayoutOp>(load.getLoc(), load.getType(),
                                           nl->getResult(0));
          converted = true;
        }
        use.set(back);
      }
      load.erase();
      changed = true;
    }
    if (changed)
      getOperation().walk([](scf::ForOp loop) { cutDeadIterArgs(loop); });
    // Conversions back for a transposed-order load's other users move down
    // through them where that moves less data (two such loads multiplied
    // and summed: no conversion left), then what remains climbs as
    // tilegpu-coalesce lets conversions climb. Separate runs, so that the
    // two never undo each other; either leaves valid IR where it stops.
    if (converted) {
      for (bool sink : {true, false}) {
        RewritePatternSet patterns(&getContext());
        if (sink)
          populateSinkConversionPatterns(patterns);
        else
          populateHoistConversionPatterns(patterns);
        (void)applyPatternsAndFoldGreedily(getOperation(), std::move(patterns));
      }
    }
    spreadSmallLoads();
  }

  /// Small replicated loads (see the file comment): each candidate group of
  /// a block is rewritten as a whole, or not at all.
  void spreadSmallLoads() {
    SmallVector<Block *> blocks;
    getOperation().walk([&](Block *b) { blocks.push_back(b); });
    for (Block *block : blocks)
      spreadInBlock(block);
  }

  /// The layout with `vec` elements a thread along the one dimension of a
  /// rank-1 `type` whose layout `cur` gives a thread more elements than
  /// that and replicates the tile (a tile smaller than the CTA covers),
  /// when that gives a thread fewer elements: its lanes then load distinct
  /// elements with one instruction, where each held (and loaded) all of
  /// them. Null otherwise.
  static BlockedAttr spreadLayout(RankedTensorType type, BlockedAttr cur,
                                  unsigned vec) {
    if (!type || !cur || cur.getRank() != 1 || type.getRank() != 1)
      return {};
    int64_t n = type.getDimSize(0);
    unsigned spt = cur.getSizePerThread()[0];
    unsigned threads = cur.getThreadsPerWarp()[0] * cur.getWarpsPerCTA()[0];
    if (vec < 1 || spt <= vec || n >= int64_t(spt) * threads)
      return {};
    int64_t oldPer = std::min<int64_t>(n, spt);
    int64_t newPer = vec * std::max<int64_t>(1, n / (int64_t(vec) * threads));
    if (newPer >= oldPer)
      return {};
    return BlockedAttr::get(type.getContext(), {vec}, cur.getThreadsPerWarp(),
                            cur.getWarpsPerCTA(), cur.getOrder());
  }

  /// Can `op`, a user of tiles of layout `cur`, be recomputed in another
  /// layout with no conversion: elementwise arith / math on rank-1 tiles of
  /// `cur`, or a reduction of one (whose result, a scalar, has no layout)?
  static bool liftable(Operation *op, BlockedAttr cur) {
    if (auto red = dyn_cast<tile::ReduceOp>(op)) {
      auto t = dyn_cast<RankedTensorType>(red.getSrc().getType());
      return t && t.getRank() == 1 && t.getEncoding() == cur &&
             !isa<RankedTensorType>(red->getResult(0).getType());
    }
    if (!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) ||
        op->getNumRegions() != 0 || !isMemoryEffectFree(op) ||
        op->getNumResults() != 1)
      return false;
    for (Type t : llvm::concat<Type>(llvm::to_vector(op->getOperandTypes()),
                                     llvm::to_vector(op->getResultTypes()))) {
      auto rt = dyn_cast<RankedTensorType>(t);
      if (rt && (rt.getRank() != 1 || rt.getEncoding() != cur))
        return false;
    }
    return isa<RankedTensorType>(op->getResult(0).getType());
  }

  /// Is `v` (outside the lifted slice) recomputable in another layout from
  /// cheap producers alone (no conversion, no loop-carried tile)? Memoized
  /// in `memo` (a value used twice on a chain is walked once).
  static bool cheapChain(Value v, DenseMap<Value, bool> &memo,
                         unsigned depth = 0) {
    if (!isa<RankedTensorType>(v.getType()))
      return true;
    auto it = memo.find(v);
    if (it != memo.end())
      return it->second;
    Operation *def = v.getDefiningOp();
    bool ok = false;
    if (def && depth <= 32 && Rematerializer::cheap(def) &&
        def->getNumResults() == 1) {
      if (auto c = dyn_cast<arith::ConstantOp>(def)) {
        auto dense = dyn_cast<DenseElementsAttr>(c.getValue());
        ok = dense && dense.isSplat();
      } else {
        ok = llvm::all_of(def->getOperands(), [&](Value o) {
          return cheapChain(o, memo, depth + 1);
        });
      }
    }
    memo[v] = ok;
    return ok;
  }

  void spreadInBlock(Block *block) {
    // Candidates: rank-1 loads of this block with a spread layout, grouped
    // by their current and new layouts (a load keeps its own vector width:
    // a wide load is not narrowed for a narrow one of the same layout; ops
    // mixing two groups keep both as they are).
    llvm::MapVector<std::pair<Attribute, Attribute>, SmallVector<tile::LoadOp>>
        groups;
    for (Operation &op : *block) {
      auto load = dyn_cast<tile::LoadOp>(&op);
      if (!load)
        continue;
      auto t = dyn_cast<RankedTensorType>(load.getType());
      auto cur =
          t ? dyn_cast_or_null<BlockedAttr>(t.getEncoding()) : BlockedAttr();
      auto vecAttr = load->getAttrOfType<IntegerAttr>("tilegpu.vector");
      BlockedAttr own =
          spreadLayout(t, cur, vecAttr ? unsigned(vecAttr.getInt()) : 1u);
      if (!own)
        continue;
      groups[{cur, own}].push_back(load);
    }
    for (auto &[key, loads] : groups)
      spreadGroup(block, cast<BlockedAttr>(key.first),
                  cast<BlockedAttr>(key.second), loads);
  }

  void spreadGroup(Block *block, BlockedAttr cur, BlockedAttr own,
                   SmallVector<tile::LoadOp> loads) {
    // Shrink the group until every load's forward slice (within the block)
    // is liftable and reads, from outside the slice, only cheap tiles.
    SmallVector<Operation *> slice;
    DenseMap<Value, bool> cheapMemo;
    while (!loads.empty()) {
      llvm::SetVector<Operation *> in;
      for (tile::LoadOp l : loads)
        in.insert(l.getOperation());
      DenseMap<Operation *, Operation *> origin; // op -> a load it comes from
      for (tile::LoadOp l : loads)
        origin[l] = l;
      Operation *bad = nullptr;
      auto isIn = [&](Value v) {
        Operation *d = v.getDefiningOp();
        return d && in.contains(d);
      };
      for (tile::LoadOp l : loads)
        for (Value o : l->getOperands())
          if (!cheapChain(o, cheapMemo))
            bad = l;
      for (unsigned i = 0; i < in.size() && !bad; ++i) {
        Operation *op = in[i];
        if (isa<tile::ReduceOp>(op))
          continue; // its scalar result may go anywhere
        for (Operation *user : op->getResult(0).getUsers()) {
          if (user->getBlock() != block || !liftable(user, cur)) {
            bad = origin[op];
            break;
          }
          if (!in.contains(user)) {
            in.insert(user);
            origin[user] = origin[op];
          }
        }
      }
      // Operands from outside the slice must be cheap.
      for (unsigned i = 0; i < in.size() && !bad; ++i) {
        Operation *op = in[i];
        if (isa<tile::LoadOp>(op))
          continue;
        for (Value o : op->getOperands())
          if (!isIn(o) && !cheapChain(o, cheapMemo)) {
            bad = origin[op];
            break;
          }
      }
      if (!bad) {
        slice.assign(in.begin(), in.end());
        break;
      }
      llvm::erase(loads, cast<tile::LoadOp>(bad));
    }
    if (loads.empty())
      return;
    // In block order, each op of the slice recomputed in `own`.
    llvm::sort(slice, [](Operation *a, Operation *b) {
      return a->isBeforeInBlock(b);
    });
    OpBuilder b(&getContext());
    Rematerializer rm{b, cur, own, DenseMap<Value, Value>()};
    for (Operation *op : slice) {
      SmallVector<Value> operands = rm.getAll(op);
      b.setInsertionPoint(op);
      Operation *nop = b.clone(*op);
      nop->setOperands(operands);
      for (auto [o, n] : llvm::zip(op->getResults(), nop->getResults())) {
        n.setType(rm.retype(o.getType()));
        rm.done[o] = n;
      }
    }
    // The reductions' scalars replace the old ones; the old slice dies.
    for (Operation *op : slice)
      if (isa<tile::ReduceOp>(op))
        op->getResult(0).replaceAllUsesWith(rm.done[op->getResult(0)]);
    for (Operation *op : llvm::reverse(slice))
      op->erase();
  }
};

} // namespace
