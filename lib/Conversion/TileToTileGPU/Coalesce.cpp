//===- Coalesce.cpp - Vector widths for global memory access --------------===//
//
// Runs the axis analysis and, for each tile.load / tile.store of a pointer
// tile with a blocked layout, computes the widest access v (power of two)
// along the layout's fastest dimension d = order[0]: at most the pointer's
// contiguity, its alignment in elements, 128 bits, the mask's constancy,
// and shape[d] / (threadsPerWarp[d] * warpsPerCTA[d]) so that a thread's
// chunk does not outgrow the tile.
//
// All tiles of one rank share one blocked layout (so that elementwise ops
// need no conversion; tilegpu-load-layouts and tilegpu-store-layouts later
// give single accesses layouts of their own); the pass therefore gives that
// layout sizePerThread[d] = the maximum v over the module's accesses through it
// and rewrites every type that uses it (tensor types, slice layouts whose
// parent it is, block arguments, function types, dense constants). Each
// access gets `tilegpu.vector` = min(its v, sizePerThread[d]): the number of
// consecutive thread-local elements the LLVM lowering may fetch with one
// instruction. A rank-2 layout (warps along the other dimension) also
// gets its lanes rearranged: as many along d as the narrowest tile through
// it has vectors, so that a 64x32 f16 tile and a 32x64 one share a layout
// with 8-element vectors and no thread holding copies of another's.
//
// Lanes moved off d go to the other dimension, which a tile may not have the
// rows to spread them over: a [1, 1] store (the sum of a row stored as a
// column) next to the [1, 2048] load of that row left 1 lane along d and 32
// along the one row, so that every thread held the whole row (2048
// registers, 10 KB of spills). The arrangement is therefore weighed against
// every tile of the layout, accessed or not (values, block arguments, and
// slices as their parent's shape with a 1): the one fitted to the narrowest
// access is kept unless another gives a thread fewer registers of the tile
// that takes the most; then, of those that give the fewest, the nearest to
// it (on a tie, the one with more lanes along d). A tile narrower along d
// than the lanes there, such as an [R, 1] column, is then held by several
// lanes, which the count weighs like any other tile. Accesses one element
// wide (rows of unknown alignment) fit the lanes the same way, 32 along d
// where the narrowest access has 32 elements there: a warp then reads whole
// 128-byte lines of one row, as with Triton's default layout, where the
// default's 8 lanes along d read 32 bytes of each of four rows (Liger's
// block RMSNorm on fp32 rows of 200). A layout that no access goes through
// keeps its default lanes (8 along d) unless they hold too much.
//
// The warps and the vector are weighed the same way: the default layout
// puts every warp along the other dimension, which a tile of few rows
// cannot fill (a [1, 2048] row on 4 warps: each warp held a copy of it, 16
// elements a thread where 4 do), and a vector wider than the tile's share
// of a thread leaves threads with copies too (a [2, 512] bf16 tile on 8
// warps: 8-element vectors give 8 elements a thread, 4-element ones 4). So
// the search also moves warps along d and narrows the vector (down to 1)
// where that gives fewer registers of the largest tile; on a tie the
// widest vector, then the fewest warps along d win. Triton reaches the same
// by building its default layout from the shape and capping a thread's
// elements at the tile's size over the threads. H200, 2026-12-04 (corpus
// runs of 8f5864c and 1e6dd2b, with tilegpu-remove-layout-conversions'
// store and load rules): Liger's MoE token gather (two rows summed, 8
// warps) 0.18x -> 0.88x Triton, its Sinkhorn kernels (4x4 tiles on one
// warp) 0.38-0.76x -> 0.97-1.6x; a [32, 2] tile split into halves lost
// its 2-element vectors (Llama 4 RoPE with BLOCK 32: 0.89x -> 0.83x), which
// the rule for split pairs below gives back.
//
// Between arrangements that give a thread as many registers and as wide a
// vector, the one that spreads fewer of the axes the layout's tiles are
// reduced along (tile.reduce) over several warps wins: a reduction within
// a warp needs no shared memory and no barrier. Then the one whose global
// accesses take the fewest memory requests: a warp's instruction reads a
// row's consecutive run (what its lanes along d cover, within the tile's
// extent and the proven contiguity) in one request of up to 64 bytes, two
// sectors, so an access of B bytes takes B / run requests; only then the
// lanes nearest to the narrowest access. A [64, 4] weight tile beside
// [64, 64] bf16 rows (fla's causal conv1d, 4 warps) had held the rows to 2
// lanes and 32-byte runs, every thread 32 of a row's columns: 4 lanes and
// 64-byte runs made its forward 0.0171 -> 0.0143 ms and its backward
// 0.0577 -> 0.0490 (Triton 0.0134, 0.0490; H100, 2026-12-07). Runs of a
// whole 128-byte line counted as fewer requests still gave threads more
// rows (row pointers, row masks, more copies of the narrow tiles) and
// measured slower where runs of 64 bytes had been the choice (its ragged
// 8-warp forward 0.0104 -> 0.0123 ms, Liger's mHC residual forward 0.1307
// -> 0.1344). The loads of tensor-core operands into shared memory (which
// tilegpu-load-layouts gives layouts of their own: one whose threads would
// hold copies under the kernel's layout too) and the stores of
// accumulators converted from an MMA layout (whose conversion such a
// layout can keep within warps) have no say: the fused attention
// backward's 128x128 prologue loads and epilogue stores, given 8 lanes,
// made its loop spill 356 more bytes and run 20% slower (H100,
// 2026-12-07). Then the one whose threads hold the fewest registers of the
// tiles those accesses load and store: fla's RWKV-7 token-mix addcmul loads
// six [1, 4096] mixing vectors beside [4, 4096] rows on 4 warps, which the
// largest tile alone leaves along the rows, each warp then holding and
// loading every vector whole (255 registers and 152 bytes of spills); with
// the warps along the row, 194 and none, as Triton's. Column sums of [32, 128]
// tiles accumulated in a loop (Triton's layer-norm tutorial's weight
// gradient) get the 4 warps along the columns, as Triton's default layout
// has them (it fills the fastest dimension first), where they had been
// along the rows.
//
// A layout whose tiles are reduced along the fastest dimension where it
// holds a pair (tl.split of a tile whose last dimension is 2 sums the
// selected half of each pair) keeps the pair in a thread: sizePerThread 2
// there at least, as Triton's split requires of its operand, whatever one
// element a thread would save in registers. Liger's Llama 4 RoPE splits a
// [32, 2] table of (re, im) pairs on 4 warps: with 2 lanes a pair each half
// crossed lanes and then shared memory to reach the layout of the rows it
// multiplies (7 barriers); kept in a thread, the halves are the rows'
// layout's registers, and the launch with BLOCK 32 went 0.0866 -> 0.0765 ms
// (Triton 0.0735; H100, 2026-12-07; test/Conversion/coalesce-split-pairs.py).
//
// Last, a tile.split whose operand's layout was widened (its split bit no
// longer in registers) or whose results took a rewritten layout is made
// registers of its operand again (legalizeSplitLayouts), and a tile.join's
// operands registers of its result (legalizeJoinLayouts).
//
// An access need not have a mask constant over a vector: where the mask is
// only a prefix mask over it (a bound check of contiguous indices, `offs <
// n` with n of no known divisibility: ragged sizes, parameters in
// do_not_specialize; AxisInfo.h), the access gets the vector and
// `tilegpu.mask_prefix`, and the layout is chosen from that width. The LLVM
// lowering then branches on whether all of a thread's runs are in bounds:
// vector accesses if so, else each run whole where its last element is in
// bounds and element by element otherwise; tilegpu-pipeline's `cp.async`
// copies the in-bounds part of each run, zero-filling the rest. Triton
// builds the layout from the pointer alone too, but reads such a tile one
// element at a time. Without it a 16-bit operand of a dot loop is read 2
// bytes at a time and its loop is not pipelined at all (Liger's MLP on host
// descriptors: 0.09-0.29x Triton, 0.42-0.52x with it, H200, 2026-12-04,
// commit 9ad4363). A form of it that predicated the element-by-element part
// instead of branching around it made ragged fp32 row kernels (Liger's
// norms) 10-30% slower and a ragged bf16 GeLU 2572 -> 1421 GB/s (H200,
// 2026-12-04).
//
// A layout of rank 3 or more (whose default puts every warp along the first
// dimension: a [4, 32, 128] tile on 8 warps held each element twice) is
// fitted to its largest tile as Triton builds its default layout: the
// widest vector along order[0], then the lanes and the warps from the
// fastest dimension on, each dimension taking what its extent leaves room
// for; the fitted layout replaces the default only where it gives a thread
// fewer registers of the largest of the layout's tiles. H200, 2026-12-04:
// Liger's mHC residual mixing ([4, 32, 128], 8 warps) went from 255
// registers and 48 bytes of spills to 171 and none (corpus.md).
//
// Atomic updates (tile.atomic_rmw) get a `tilegpu.vector` too, computed the
// same way from the layout as it stands (constant masks only): they never
// widen it; and `tilegpu.contiguity` as loads and stores do.
//
// Integer arith results that the analysis proves constant over aligned
// groups get `tilegpu.constancy` (the group size per dimension), as
// Triton's elementwise lowering deduplicates by constancy: the LLVM
// lowering computes a thread's elements of one group once (a mask
// `offs < n` with n a multiple of 16: one compare an 8-element vector;
// Liger's fused-linear KL divergence in bf16 on 32 warps, 176 bytes of
// spills -> none, 0.65-0.73x -> 1.02x Triton on an H100, 2026-12-05).
//
//===----------------------------------------------------------------------===//

#include "Rematerializer.h"
#include "tilec/Analysis/AxisInfo.h"
#include "tilec/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/Builders.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::tilegpu {
#define GEN_PASS_DEF_TILEGPUCOALESCE
#include "tilec/Dialect/TileGPU/Passes.h.inc"
} // namespace mlir::tilegpu

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

struct Access {
  Operation *op;
  /// The widest run the access allows, its mask constant over it or true
  /// for a prefix of it (a bound along the contiguous dimension that no
  /// vector width divides): the LLVM lowering accesses the runs whole where
  /// they are in bounds, else their in-bounds elements one by one.
  unsigned width;
};

/// How a rank-2 layout spreads a CTA along its fastest dimension d: the
/// elements a thread holds there, its lanes (the rest of the warp along the
/// other dimension) and its warps (the rest of the CTA likewise).
struct Arrangement {
  unsigned spt, lanes, warps;
};

/// A global access through a rank-2 layout, as the arrangement weighs it:
/// its tile's shape, its element size and the run of consecutive addresses
/// along the layout's fastest dimension that the axis analysis proves.
struct Access2D {
  SmallVector<int64_t, 4> shape;
  unsigned elemBytes;
  int64_t contiguity;
};

/// The longest run of a row that counts as one request (see the file
/// comment: two 32-byte sectors).
constexpr int64_t kRunBytes = 64;

/// The memory requests of `accesses` under an arrangement along d: a
/// warp's instruction reads a row's consecutive run in one request of up to
/// kRunBytes, the run being what the lanes along d cover of it (at most the
/// tile's extent and the proven contiguity); requests = bytes / run bytes,
/// summed.
int64_t memoryRequests(unsigned d, Arrangement a, ArrayRef<Access2D> accesses) {
  int64_t n = 0;
  for (const Access2D &x : accesses) {
    int64_t run = std::min<int64_t>({int64_t(a.lanes) * a.spt, x.shape[d],
                                     std::max<int64_t>(1, x.contiguity)});
    int64_t runBytes = std::clamp<int64_t>(run * x.elemBytes, 1, kRunBytes);
    int64_t bytes = ShapedType::getNumElements(x.shape) * x.elemBytes;
    n += (bytes + runBytes - 1) / runBytes;
  }
  return n;
}

/// The registers a thread of the layout (spt, tpw, wpc) holds of the
/// largest of `shapes`.
int64_t largestTile(ArrayRef<unsigned> spt, ArrayRef<unsigned> tpw,
                    ArrayRef<unsigned> wpc,
                    ArrayRef<SmallVector<int64_t, 4>> shapes) {
  int64_t most = 0;
  for (const SmallVector<int64_t, 4> &shape : shapes)
    most = std::max(most, getElemsPerThread(shape, spt, tpw, wpc));
  return most;
}

/// The arrangement of a rank-2 layout with `numWarps` warps whose tiles have
/// `shapes`, given `preferred` (spt = the widest vector, lanes fitted to the
/// narrowest access, no warps along d): the one that gives a thread the
/// fewest registers of the tile that takes the most (no thread holding
/// copies of another's elements where some arrangement avoids it, and a
/// tile smaller than the CTA spread as thin as it goes, as Triton caps a
/// thread's elements at the tile's size over the threads); among those, the
/// widest spt, then the fewest reductions across warps, then the fewest
/// memory requests of `accesses`, then the fewest registers of their tiles,
/// then the fewest warps along d, then the lanes nearest to `preferred` and
/// on a tie more of them along d (see the file comment).
Arrangement chooseArrangement(unsigned d, ArrayRef<unsigned> baseSpt,
                              unsigned numWarps,
                              ArrayRef<std::pair<int64_t, int64_t>> shapes,
                              Arrangement preferred, unsigned reducedAxes,
                              ArrayRef<Access2D> accesses, bool pairsInThread) {
  SmallVector<SmallVector<int64_t, 4>> tileShapes;
  for (auto [rows, cols] : shapes)
    tileShapes.push_back({rows, cols});
  // The layout's sizePerThread, threadsPerWarp and warpsPerCTA under `a`.
  struct Dims {
    SmallVector<unsigned, 2> spt, tpw, wpc;
  };
  auto dims = [&](Arrangement a) {
    Dims r{SmallVector<unsigned, 2>(baseSpt), {0, 0}, {0, 0}};
    r.spt[d] = a.spt;
    r.tpw[d] = a.lanes;
    r.tpw[1 - d] = 32 / a.lanes;
    r.wpc[d] = a.warps;
    r.wpc[1 - d] = numWarps / a.warps;
    return r;
  };
  auto largest = [&](Arrangement a) {
    Dims l = dims(a);
    return largestTile(l.spt, l.tpw, l.wpc, tileShapes);
  };
  // The registers a thread holds of the tiles the layout's accesses load
  // or store: a small tile that the arrangement copies into every warp
  // costs registers and loads too.
  auto accessRegisters = [&](Arrangement a) {
    Dims l = dims(a);
    int64_t n = 0;
    for (const Access2D &x : accesses)
      n += getElemsPerThread(x.shape, l.spt, l.tpw, l.wpc);
    return n;
  };
  auto log2Distance = [](unsigned a, unsigned b) {
    return std::abs(int(llvm::Log2_32(a)) - int(llvm::Log2_32(b)));
  };
  // The reduced axes (bit k: axis k) that the arrangement spreads over
  // several warps: each such reduction combines the warps' partial results
  // through shared memory behind a barrier.
  auto acrossWarps = [&](Arrangement a) {
    unsigned n = 0;
    if ((reducedAxes >> d) & 1)
      n += a.warps > 1;
    if ((reducedAxes >> (1 - d)) & 1)
      n += numWarps / a.warps > 1;
    return n;
  };
  // Lexicographic: registers, narrower spt, reductions across warps,
  // memory requests, registers of the accessed tiles, warps along d, lane
  // distance, fewer lanes along d.
  auto cost = [&](Arrangement a) {
    return std::make_tuple(largest(a), preferred.spt / a.spt, acrossWarps(a),
                           memoryRequests(d, a, accesses), accessRegisters(a),
                           log2Distance(a.warps, preferred.warps),
                           log2Distance(a.lanes, preferred.lanes),
                           32 / a.lanes);
  };
  Arrangement best = preferred;
  auto bestCost = cost(preferred);
  unsigned minSpt = pairsInThread ? std::min(2u, preferred.spt) : 1;
  for (unsigned spt = preferred.spt; spt >= minSpt; spt /= 2)
    for (unsigned warps = 1; warps <= numWarps; warps *= 2)
      for (unsigned lanes = 32; lanes >= 1; lanes /= 2) {
        Arrangement a{spt, lanes, warps};
        auto c = cost(a);
        if (c < bestCost) {
          best = a;
          bestCost = c;
        }
      }
  return best;
}

/// A store of a tensor-core accumulator: its value converted from an MMA
/// layout, through which the layout's lanes are placed by the conversion's
/// cost as much as by the store's requests.
bool storesAccumulator(Operation *op) {
  auto store = dyn_cast<tile::StoreOp>(op);
  if (!store)
    return false;
  auto cvt = store.getValue().getDefiningOp<ConvertLayoutOp>();
  return cvt && isa<MmaAttr>(getLayout(cvt.getSrc().getType()));
}

/// For a tile whose layout is a slice of a blocked layout: the tensor
/// dimension that is the parent's fastest one, unless that one is sliced.
std::optional<unsigned> sliceFastestDim(RankedTensorType type) {
  auto slice = dyn_cast_or_null<SliceAttr>(type.getEncoding());
  if (!slice)
    return std::nullopt;
  auto parent = dyn_cast<BlockedAttr>(slice.getParent());
  if (!parent)
    return std::nullopt;
  unsigned d = parent.getOrder()[0];
  if (d == slice.getDim())
    return std::nullopt;
  return d > slice.getDim() ? d - 1 : d;
}

/// A layout of rank 3 or more fitted to `shape` (its largest tile) as
/// Triton builds its default layout: the vector `vec` along order[0], then
/// the lanes and the warps from the fastest dimension on, each dimension
/// taking as many as its extent leaves room for, the slowest the rest.
BlockedAttr fitToShape(BlockedAttr layout, ArrayRef<int64_t> shape,
                       unsigned vec) {
  unsigned rank = layout.getRank();
  ArrayRef<unsigned> order = layout.getOrder();
  unsigned numWarps = 1;
  for (unsigned w : layout.getWarpsPerCTA())
    numWarps *= w;
  SmallVector<unsigned> spt(rank, 1), tpw(rank, 1), wpc(rank, 1);
  spt[order[0]] = std::max<int64_t>(
      1, std::min<int64_t>(vec, llvm::bit_floor(uint64_t(shape[order[0]]))));
  unsigned lanes = 32, warps = numWarps;
  for (unsigned d : order) {
    int64_t room = std::max<int64_t>(1, shape[d] / spt[d]);
    tpw[d] = std::min<int64_t>(lanes, llvm::bit_floor(uint64_t(room)));
    lanes /= tpw[d];
  }
  tpw[order.back()] *= lanes;
  for (unsigned d : order) {
    int64_t room = std::max<int64_t>(1, shape[d] / (spt[d] * tpw[d]));
    wpc[d] = std::min<int64_t>(warps, llvm::bit_floor(uint64_t(room)));
    warps /= wpc[d];
  }
  wpc[order.back()] *= warps;
  return BlockedAttr::get(layout.getContext(), spt, tpw, wpc, order);
}

/// Per dimension of `type`, `of(i)` capped at the tile's extent there, as
/// the attributes that record the axis analysis on an op (kContiguityAttr,
/// kConstancyAttr).
DenseI32ArrayAttr perDimension(RankedTensorType type,
                               function_ref<int64_t(unsigned)> of) {
  SmallVector<int32_t> v;
  for (unsigned i = 0; i < type.getRank(); ++i)
    v.push_back(int32_t(std::clamp<int64_t>(
        of(i), 1, std::max<int64_t>(type.getShape()[i], 1))));
  return DenseI32ArrayAttr::get(type.getContext(), v);
}

/// The contiguity `info` gives a pointer tile of `type`, per dimension.
DenseI32ArrayAttr contiguityAttr(const AxisInfo &info, RankedTensorType type) {
  return perDimension(type, [&](unsigned i) { return info.getContiguity(i); });
}

struct TileGPUCoalescePass
    : mlir::tilegpu::impl::TileGPUCoalesceBase<TileGPUCoalescePass> {
  using TileGPUCoalesceBase::TileGPUCoalesceBase;

  static std::pair<Value, Value> ptrAndMask(Operation *op) {
    if (auto ld = dyn_cast<tile::LoadOp>(op))
      return {ld.getPtr(), ld.getMask()};
    auto st = cast<tile::StoreOp>(op);
    return {st.getPtr(), st.getMask()};
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    AxisInfoAnalysis analysis(module);

    if (printAxisInfo) {
      module.walk([&](Operation *op) {
        if (op->getNumResults() != 1)
          return;
        Type t = getElementTypeOrSelf(op->getResult(0).getType());
        if (!isa<IntegerType, tile::PointerType>(t))
          return;
        std::string s;
        llvm::raw_string_ostream os(s);
        analysis.getInfo(op->getResult(0)).print(os);
        op->setAttr("tilegpu.axis_info", StringAttr::get(ctx, os.str()));
      });
    }

    // 1. The width each access allows, and the best one per layout.
    SmallVector<Access> accesses;
    llvm::MapVector<Attribute, unsigned> best;
    // Rank-2 layouts: the narrowest tile along d and the widest vector any
    // access through the layout could use on it.
    llvm::MapVector<Attribute, std::pair<int64_t, unsigned>> rank2;
    // Rank-2 layouts: their accesses, as chooseArrangement weighs them.
    DenseMap<Attribute, SmallVector<Access2D>> rank2Accesses;
    // The narrowest width an access through each layout allows with prefix
    // masks (rank 2: fitted to the tile), to widen it no further.
    llvm::MapVector<Attribute, unsigned> minPrefix, rank2Prefix;
    module.walk([&](Operation *op) {
      if (!isa<tile::LoadOp, tile::StoreOp>(op))
        return;
      auto [ptr, mask] = ptrAndMask(op);
      auto type = dyn_cast<RankedTensorType>(ptr.getType());
      if (!type)
        return;
      auto layout = dyn_cast_or_null<BlockedAttr>(type.getEncoding());
      if (!layout) {
        // A slice of a blocked layout: vectors along its parent's fastest
        // dimension, when that one is kept; the layout is not widened.
        unsigned v = 1;
        if (std::optional<unsigned> t = sliceFastestDim(type))
          v = analysis.getVectorWidth(ptr, mask, *t, /*prefixMask=*/true);
        accesses.push_back({op, v});
        return;
      }
      unsigned d = layout.getOrder()[0];
      // v: the width with the mask constant over a vector; vp: with a
      // prefix mask (at least v). A staged operand's load becomes cp.async
      // copies of each run's in-bounds part: a prefix run is as good as a
      // whole one.
      unsigned vp = analysis.getVectorWidth(ptr, mask, d, /*prefixMask=*/true);
      unsigned v =
          isStagedOperandLoad(op) ? vp : analysis.getVectorWidth(ptr, mask, d);
      accesses.push_back({op, vp});
      // A rank-2 load with wider vectors along the other dimension gets a
      // layout of its own in that order (tilegpu-load-layouts' rule), so it
      // does not shape this one: an [8, 64] state loaded down its columns
      // gave the state's layout 32 lanes along the rows, which a row sum
      // then crossed in 5 shuffle rounds a row (fla's fused delta-rule
      // recurrence).
      // (A staged operand's load keeps its say: its shared-memory copy
      // takes any layout.)
      if (isa<tile::LoadOp>(op) && !isStagedOperandLoad(op))
        if (unsigned vo = slowerDimVector(analysis, ptr, mask, layout);
            vo &&
            transposedOrderLayout(
                cast<RankedTensorType>(op->getResult(0).getType()), layout, vo))
          return;
      if (layout.getRank() == 2 && layout.getWarpsPerCTA()[d] == 1) {
        if (!isStagedOperandLoad(op) && !storesAccumulator(op)) {
          unsigned elemBytes = pointeeBytes(type);
          rank2Accesses[layout].push_back(
              {SmallVector<int64_t, 4>(type.getShape()), elemBytes,
               analysis.getInfo(ptr).getContiguity(d)});
        }
        auto &r =
            rank2.insert({layout, {type.getShape()[d], 1u}}).first->second;
        r.first = std::min(r.first, type.getShape()[d]);
        auto fit = [&](unsigned w) {
          return std::min<uint64_t>(
              w, llvm::bit_floor(static_cast<uint64_t>(type.getShape()[d])));
        };
        r.second = std::max<unsigned>(r.second, fit(v));
        auto [it, fresh] = rank2Prefix.insert({layout, fit(vp)});
        if (!fresh)
          it->second = std::min<unsigned>(it->second, fit(vp));
      }
      int64_t threads =
          int64_t(layout.getThreadsPerWarp()[d]) * layout.getWarpsPerCTA()[d];
      int64_t cap = std::max<int64_t>(1, type.getShape()[d] / threads);
      auto capped = [&](unsigned w) {
        return std::min<unsigned>(w, static_cast<unsigned>(llvm::bit_floor(
                                         static_cast<uint64_t>(cap))));
      };
      unsigned &b = best[layout];
      b = std::max({b, capped(v), layout.getSizePerThread()[d]});
      auto [it, fresh] = minPrefix.insert({layout, capped(vp)});
      if (!fresh)
        it->second = std::min(it->second, capped(vp));
    });
    // A prefix mask widens a layout as far as every access through it can
    // go: a wider layout would read the narrower ones in runs of a few
    // elements a thread, sectors apart (Liger's ragged layer norm: weights
    // under `cols < n` beside rows of unknown alignment, 0.024 -> 0.030 ms).
    for (auto &[layout, w] : minPrefix)
      best[layout] = std::max(best[layout], w);
    for (auto &[layout, w] : rank2Prefix)
      rank2[layout].second = std::max(rank2[layout].second, w);

    // The shapes of the tiles of every rank-2 blocked layout whose warps
    // lie along the other dimension than d, accessed or not (a slice counts
    // as its parent's shape with 1 in the sliced dimension).
    llvm::MapVector<Attribute, llvm::SetVector<std::pair<int64_t, int64_t>>>
        tiles;
    // The same for layouts of rank 3 and more (any warps).
    llvm::MapVector<Attribute, SmallVector<SmallVector<int64_t, 4>>> tilesN;
    auto addTile = [&](Type t) {
      auto rt = dyn_cast<RankedTensorType>(t);
      if (!rt || !rt.getEncoding())
        return;
      Attribute enc = rt.getEncoding();
      SmallVector<int64_t, 4> shape(rt.getShape());
      if (auto slice = dyn_cast<SliceAttr>(enc)) {
        enc = slice.getParent();
        if (slice.getDim() > shape.size())
          return;
        shape.insert(shape.begin() + slice.getDim(), 1);
      }
      auto layout = dyn_cast<BlockedAttr>(enc);
      if (layout && layout.getRank() >= 3 && shape.size() == layout.getRank()) {
        auto &list = tilesN[layout];
        if (!llvm::is_contained(list, shape))
          list.push_back(shape);
        return;
      }
      if (!layout || layout.getRank() != 2 || shape.size() != 2 ||
          layout.getWarpsPerCTA()[layout.getOrder()[0]] != 1)
        return;
      tiles[layout].insert({shape[0], shape[1]});
    };
    module.walk([&](Operation *op) {
      for (Type t : op->getResultTypes())
        addTile(t);
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (Type t : block.getArgumentTypes())
            addTile(t);
    });
    for (auto &entry : tiles) {
      auto layout = cast<BlockedAttr>(entry.first);
      best.insert({layout, layout.getSizePerThread()[layout.getOrder()[0]]});
    }
    // The axes along which tiles of each rank-2 layout are reduced.
    DenseMap<Attribute, unsigned> reducedAxes;
    // The layouts whose tiles are reduced along their fastest dimension
    // where it holds a pair (tl.split, which sums the selected half of each
    // pair): the pair stays in a thread (see the file comment).
    llvm::DenseSet<Attribute> pairReduced;
    module.walk([&](tile::ReduceOp red) {
      if (auto rt = dyn_cast<RankedTensorType>(red.getSrc().getType()))
        if (rt.getRank() == 2 && rt.getEncoding()) {
          reducedAxes[rt.getEncoding()] |= 1u << red.getAxis();
          auto layout = dyn_cast<BlockedAttr>(rt.getEncoding());
          if (layout && layout.getOrder()[0] == unsigned(red.getAxis()) &&
              rt.getShape()[red.getAxis()] == 2)
            pairReduced.insert(layout);
        }
    });
    for (auto &entry : tilesN) {
      auto layout = cast<BlockedAttr>(entry.first);
      best.insert({layout, layout.getSizePerThread()[layout.getOrder()[0]]});
    }

    // 2. Widen the layouts: every use of the old attribute. A rank-2
    // layout also gets its lanes arranged (see the file comment): as many
    // along d as the narrowest access has vectors (the rest along the other
    // dimension), so that the widest vector fits it without threads holding
    // copies, unless another arrangement gives a thread fewer registers of
    // its largest tile.
    DenseMap<Attribute, Attribute> widened;
    for (auto [attr, v] : best) {
      auto layout = cast<BlockedAttr>(attr);
      unsigned d = layout.getOrder()[0];
      SmallVector<unsigned> spt(layout.getSizePerThread());
      SmallVector<unsigned> tpw(layout.getThreadsPerWarp());
      SmallVector<unsigned> wpc(layout.getWarpsPerCTA());
      if (auto shapesN = tilesN.find(attr); shapesN != tilesN.end()) {
        // Rank 3 and more: fitted to the largest tile when that gives a
        // thread fewer registers of its tiles (see the file comment).
        ArrayRef<SmallVector<int64_t, 4>> all = shapesN->second;
        const SmallVector<int64_t, 4> *largest = &all.front();
        for (const SmallVector<int64_t, 4> &shape : all)
          if (ShapedType::getNumElements(shape) >
              ShapedType::getNumElements(*largest))
            largest = &shape;
        SmallVector<unsigned> widenedSpt(spt);
        widenedSpt[d] = std::max(v, spt[d]);
        BlockedAttr fit = fitToShape(layout, *largest, widenedSpt[d]);
        if (largestTile(fit.getSizePerThread(), fit.getThreadsPerWarp(),
                        fit.getWarpsPerCTA(),
                        all) < largestTile(widenedSpt, tpw, wpc, all)) {
          spt.assign(fit.getSizePerThread().begin(),
                     fit.getSizePerThread().end());
          tpw.assign(fit.getThreadsPerWarp().begin(),
                     fit.getThreadsPerWarp().end());
          wpc.assign(fit.getWarpsPerCTA().begin(), fit.getWarpsPerCTA().end());
          v = spt[d];
        }
      }
      auto shapes = tiles.find(attr);
      if (shapes != tiles.end()) {
        // Without an access, the lanes stay where they are unless that
        // holds too much.
        unsigned preferred = tpw[d];
        auto r2 = rank2.find(attr);
        if (r2 != rank2.end()) {
          unsigned vec = r2->second.second;
          preferred = std::clamp<int64_t>(
              llvm::bit_floor(static_cast<uint64_t>(
                  std::max<int64_t>(1, r2->second.first / vec))),
              1, 32);
          v = std::max(vec, spt[d]);
        }
        unsigned numWarps = wpc[0] * wpc[1];
        Arrangement a = chooseArrangement(
            d, spt, numWarps, shapes->second.getArrayRef(),
            {std::max(v, spt[d]), preferred, wpc[d]}, reducedAxes.lookup(attr),
            rank2Accesses.lookup(attr), pairReduced.contains(attr));
        v = a.spt;
        spt[d] = a.spt;
        tpw[d] = a.lanes;
        tpw[1 - d] = 32 / a.lanes;
        wpc[d] = a.warps;
        wpc[1 - d] = numWarps / a.warps;
      }
      if (v <= spt[d] && spt == layout.getSizePerThread() &&
          tpw == layout.getThreadsPerWarp() && wpc == layout.getWarpsPerCTA())
        continue;
      spt[d] = std::max(v, spt[d]);
      widened[layout] = BlockedAttr::get(ctx, spt, tpw, wpc, layout.getOrder());
    }
    if (!widened.empty()) {
      AttrTypeReplacer replacer;
      replacer.addReplacement([&](BlockedAttr a) -> std::optional<Attribute> {
        auto it = widened.find(a);
        if (it == widened.end())
          return std::nullopt;
        return it->second;
      });
      replacer.recursivelyReplaceElementsIn(module, /*replaceAttrs=*/true,
                                            /*replaceLocs=*/false,
                                            /*replaceTypes=*/true);
      // Dense constants keep the type they were built with: match them to
      // their (rewritten) result type.
      module.walk([&](arith::ConstantOp cst) {
        auto dense = dyn_cast<DenseElementsAttr>(cst.getValue());
        if (dense && dense.getType() != cst.getType())
          cst.setValueAttr(dense.reshape(cast<ShapedType>(cst.getType())));
      });
    }

    // 3. Annotate each access with the width the final layout allows.
    for (Access &a : accesses) {
      auto [ptr, mask] = ptrAndMask(a.op);
      auto type = cast<RankedTensorType>(ptr.getType());
      unsigned v = 1, run = 1;
      bool prefix = false;
      // The widest power of 2 up to `w` and a thread's chunk along tile
      // dimension t that does not wrap around a smaller tile.
      auto fit = [&](int64_t w, unsigned spt, unsigned t) {
        unsigned r = llvm::bit_floor<uint64_t>(std::clamp<int64_t>(w, 1, spt));
        while (r > 1 && type.getShape()[t] % r != 0)
          r /= 2;
        return r;
      };
      if (auto layout = dyn_cast_or_null<BlockedAttr>(type.getEncoding())) {
        unsigned d = layout.getOrder()[0];
        unsigned spt = layout.getSizePerThread()[d];
        v = fit(a.width, spt, d);
        run = fit(analysis.getInfo(ptr).getContiguity(d), spt, d);
        prefix = !analysis.maskConstantOver(mask, d, v);
      } else if (std::optional<unsigned> t = sliceFastestDim(type)) {
        auto slice = cast<SliceAttr>(type.getEncoding());
        auto parent = cast<BlockedAttr>(slice.getParent());
        unsigned spt = parent.getSizePerThread()[parent.getOrder()[0]];
        v = fit(a.width, spt, *t);
        run = fit(analysis.getInfo(ptr).getContiguity(*t), spt, *t);
        prefix = !analysis.maskConstantOver(mask, *t, v);
      }
      a.op->setAttr("tilegpu.vector",
                    IntegerAttr::get(IntegerType::get(ctx, 32), v));
      setMaskPrefixAttr(a.op, prefix);
      // The pointer's contiguity along every dimension, where the fastest
      // one has runs longer than the vector (the lowering reads it along
      // the layout's fastest dimension as it is then).
      if (run > v) {
        a.op->setAttr(kContiguityAttr,
                      contiguityAttr(analysis.getInfo(ptr), type));
      } else {
        a.op->removeAttr(kContiguityAttr);
      }
    }

    // 4. Integer arith results constant over aligned groups record the
    // groups (kConstancyAttr), as Triton's elementwise lowering
    // deduplicates by the axis analysis' constancy.
    // (Not with print-axis-info, whose tests read the analysis alone.)
    module.walk([&](Operation *op) {
      if (printAxisInfo ||
          !isa_and_nonnull<arith::ArithDialect>(op->getDialect()) ||
          op->getNumResults() != 1 || op->getNumRegions() != 0)
        return;
      auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
      if (!type || !type.getEncoding() ||
          !type.getElementType().isSignlessInteger())
        return;
      AxisInfo info = analysis.getInfo(op->getResult(0));
      DenseI32ArrayAttr groups =
          perDimension(type, [&](unsigned i) { return info.getConstancy(i); });
      if (llvm::any_of(groups.asArrayRef(), [](int32_t g) { return g > 1; }))
        op->setAttr(kConstancyAttr, groups);
    });

    // 5. Atomic updates get the width their layout allows as it is (they
    // do not widen it): the LLVM lowering groups a thread's run of that
    // many elements into one vector `red` where the hardware has one. Their
    // pointers' contiguity is recorded as for loads and stores where it
    // exceeds that width (tilegpu-store-layouts reads it).
    module.walk([&](tile::AtomicRMWOp op) {
      auto type = dyn_cast<RankedTensorType>(op.getPtr().getType());
      auto layout = type ? dyn_cast_or_null<BlockedAttr>(type.getEncoding())
                         : BlockedAttr();
      if (!layout)
        return;
      unsigned d = layout.getOrder()[0];
      unsigned v =
          std::min(analysis.getVectorWidth(op.getPtr(), op.getMask(), d),
                   layout.getSizePerThread()[d]);
      while (v > 1 && type.getShape()[d] % v != 0)
        v /= 2;
      op->setAttr("tilegpu.vector",
                  IntegerAttr::get(IntegerType::get(ctx, 32), v));
      AxisInfo info = analysis.getInfo(op.getPtr());
      if (info.getContiguity(d) > v)
        op->setAttr(kContiguityAttr, contiguityAttr(info, type));
    });

    // 6. A tile.split whose operand's layout was widened, or whose results
    // took the widened layout, is made registers of its operand again; a
    // tile.join likewise.
    bool legalized = false;
    module.walk(
        [&](tile::SplitOp op) { legalized |= legalizeSplitLayouts(op); });
    module.walk([&](tile::JoinOp op) { legalized |= legalizeJoinLayouts(op); });
    // Their conversions cancel where tiles are split, computed on
    // elementwise and joined again (a rotation of pairs): the values
    // between take the halves' layout.
    if (legalized) {
      RewritePatternSet patterns(ctx);
      populateHoistConversionPatterns(patterns);
      if (failed(applyPatternsAndFoldGreedily(module, std::move(patterns))))
        signalPassFailure();
    }
  }
};

} // namespace
