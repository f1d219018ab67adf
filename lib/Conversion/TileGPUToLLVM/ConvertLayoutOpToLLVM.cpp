//===- ConvertLayoutOpToLLVM.cpp - Moves through shared memory ----------===//
//
// tilegpu.convert_layout, tile.trans, tile.reshape and tile.gather move
// every element to the thread that holds it in the result's layout, through
// shared memory laid out as the operand in row-major order:
//   [barrier                (only when the lowering runs without
//                            tilegpu-insert-barriers; see TileGPUToLLVM.h)]
//   each thread stores each of its elements at the row-major linear index of
//   the element's global coordinates in the operand's shape
//   barrier
//   each thread loads each of its result elements from
//     convert_layout: the linear index of its coordinates (same shape);
//                     a run of consecutive elements along the last
//                     dimension, when that is the result layout's fastest,
//                     with one vector load of up to 16 bytes (readRun);
//     trans:          the linear index of the permuted coordinates
//                     (result dimension i is operand dimension order[i]);
//     reshape:        the linear index of its coordinates in the result's
//                     shape (row-major reshape keeps the linear index);
//     gather:         the linear index of its coordinates with the one
//                     along the axis replaced by its index element.
// Shared memory needed (getScratchBytes), from the op's offset in the arena:
// numel * bytes per element; pointers are kept as i64 and i1 as i8
// (sharedStorageType). A rank-2 convert_layout pads each row by 16 bytes
// when rows are a multiple of 128 bytes (convertLayoutRowPad: fewer bank
// conflicts, e.g. storing mma accumulators). It is staged column-major
// (no padding) instead where the stores and loads SharedRuns.cpp plans
// cost warp 0 less so, an instruction each plus the bank-conflict
// wavefronts of its phases (an accumulator stored transposed: its result's
// threads hold runs down the columns, read 2 bytes at a time from rows).
//
// An mma accumulator tile of 16-bit elements converted to the A operand
// layout of the same mma layout (one warp along N) stays in registers
// (isRegisterConversion): no shared memory, no barrier. So does a
// conversion whose every thread already holds each element it needs, at a
// register number the same in all threads (threadLocalRegisters,
// RegisterMaps.cpp): the result's registers are the operand's, renumbered.
//
// Where every thread reads only elements that threads of its own warp
// stored (isWarpLocalMove: the rows of a [16, 8] tile whose warps hold the
// same rows in both layouts), the barrier between the stores and the
// loads is bar.warp.sync, which orders the shared-memory accesses of the
// warp's lanes, as Triton's warp-local conversions do.
//
// Replicated elements (a tile smaller than the CTA tile, or slice layouts)
// are stored by every thread holding them: the same value to the same
// address, which is harmless. No barrier after the loads: a later user of
// overlapping shared memory gets one before it (tilegpu-insert-barriers,
// see TileGPUToLLVM.h).
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/TileGPUToLLVM.h"

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

/// An element's place in the staging buffer: the row-major linear index in
/// `shape` of its indices, index i taken as dimension perm[i] (no `perm`:
/// in order). One definition gives both the IR that computes it (`emit`,
/// on wrapped i32 indices) and the host value the access plan is made from
/// (`host`, SharedRuns.cpp), so that the two cannot differ.
struct RowMajorPlace {
  SmallVector<int64_t> shape;
  SmallVector<int32_t> perm;

  template <typename T> SmallVector<T> permuted(ArrayRef<T> idx) const {
    if (perm.empty())
      return SmallVector<T>(idx);
    SmallVector<T> out(idx.size());
    for (unsigned i = 0; i < idx.size(); ++i)
      out[perm[i]] = idx[i];
    return out;
  }
  Value emit(OpBuilder &b, Location loc, ArrayRef<Value> idx) const {
    return linearIndex(b, loc, permuted(idx), shape);
  }
  int64_t host(ArrayRef<int64_t> idx) const {
    return hostLinearIndex(permuted(idx), shape);
  }
};

/// Elements a thread of `dst` reads with one vector load (up to 16 bytes)
/// when the buffer is row-major with rows of `rowPitch` elements (0: not
/// row-major in the result's indices): the run of its consecutive elements
/// along the last dimension, when that is the layout's fastest one and the
/// rows keep the runs aligned; else 1. The buffer starts 16-byte aligned.
unsigned readRun(const LayoutInfo &dst, Type storeT, int64_t rowPitch) {
  if (!rowPitch || !dst.isBlocked() || !storeT.isIntOrFloat())
    return 1;
  unsigned d = dst.getBase().getOrder()[0];
  int t = dst.tensorDim(d);
  if (t != int(dst.rank()) - 1)
    return 1;
  unsigned bytes = std::max(1u, storeT.getIntOrFloatBitWidth() / 8);
  unsigned run = std::min(dst.getBase().getSizePerThread()[d], 16 / bytes);
  while (run > 1 && (dst.getBase().getSizePerThread()[d] % run != 0 ||
                     dst.getShape()[t] % run != 0 || rowPitch % run != 0))
    run /= 2;
  return std::max(run, 1u);
}

/// How the warps of a move through shared memory share its places.
enum class WarpSharing {
  Cta,        // a thread reads elements that other warps stored
  Own,        // each warp reads what it stored, and no other warp stores there
  Replicated, // each warp reads what it stored, but other warps store the
              // same places (the layouts replicate the tile across warps)
};

/// How the warps of `srcType` (storing each element at `store`'s place) and
/// of `dstType` (reading at `read`'s place) share the buffer, for a CTA of
/// `ctaWarps` warps (warps past the layouts' hold copies of the first ones).
WarpSharing warpSharing(RankedTensorType srcType, RankedTensorType dstType,
                        const RowMajorPlace &store, const RowMajorPlace &read,
                        unsigned ctaWarps) {
  auto distributed = [](Attribute l) {
    return isa_and_nonnull<BlockedAttr, SliceAttr, MmaAttr>(l);
  };
  if (!distributed(srcType.getEncoding()) ||
      !distributed(dstType.getEncoding()))
    return WarpSharing::Cta;
  LayoutInfo src(srcType), dst(dstType);
  if (!src.hasDims() || !dst.hasDims())
    return WarpSharing::Cta;
  unsigned threads = src.numThreads();
  if (threads != dst.numThreads() || threads % 32 != 0 ||
      !hostEvaluable(threads, src.numElems() + dst.numElems()))
    return WarpSharing::Cta;
  bool replicated = ctaWarps > threads / 32;
  DenseSet<int64_t> storedBefore; // the places earlier warps store
  for (unsigned w = 0; w < threads / 32; ++w) {
    DenseSet<int64_t> stored;
    for (unsigned t = 32 * w; t < 32 * (w + 1); ++t)
      for (unsigned k = 0; k < src.numElems(); ++k)
        stored.insert(store.host(src.hostIndices(t, k)));
    for (unsigned t = 32 * w; t < 32 * (w + 1); ++t)
      for (unsigned k = 0; k < dst.numElems(); ++k)
        if (!stored.contains(read.host(dst.hostIndices(t, k))))
          return WarpSharing::Cta;
    for (int64_t place : stored)
      replicated |= !storedBefore.insert(place).second;
  }
  return replicated ? WarpSharing::Replicated : WarpSharing::Own;
}

/// The store and read places of `op`'s lowering below, if it is a move
/// through shared memory (a convert_layout's row padding maps the same
/// elements to other places one to one).
std::optional<std::pair<RowMajorPlace, RowMajorPlace>>
movePlaces(Operation *op);

/// The copies of a move's buffer given its warpSharing (warpLocalCopies).
unsigned copiesFor(Operation *op, WarpSharing sharing);

/// isWarpLocalMove given the move's warpSharing and copiesFor.
bool warpLocal(WarpSharing sharing, unsigned copies) {
  return sharing == WarpSharing::Own || copies > 1;
}

/// warpSharing of `op`'s move (Cta if it is none).
WarpSharing warpSharingOf(Operation *op) {
  auto places = movePlaces(op);
  if (!places)
    return WarpSharing::Cta;
  auto srcType = cast<RankedTensorType>(op->getOperand(0).getType());
  auto dstType = cast<RankedTensorType>(op->getResult(0).getType());
  unsigned ctaWarps = unsigned(tile::getNumWarps(op, 0));
  return warpSharing(srcType, dstType, places->first, places->second, ctaWarps);
}

/// `store`: an operand element's place in the buffer from its indices in
/// the operand (row-major, or with convertLayoutRowPad's padding); `read`:
/// the place a result element is read from. Both accesses are planned from
/// the places' host values (SharedRuns.cpp: vector accesses, shared
/// addresses). `rowPitch`: see readRun. A gather (`gatherAxis` >= 0) reads
/// result element k at its indices with the one along `gatherAxis` replaced
/// by `gatherIndex[k]`, each element with its own access and address.
Value moveThroughShared(ConversionPatternRewriter &b, Operation *op,
                        const TypeConverter *converter, Value srcStruct,
                        RankedTensorType srcType, RankedTensorType dstType,
                        const RowMajorPlace &store, const RowMajorPlace &read,
                        int64_t rowPitch = 0, int gatherAxis = -1,
                        ArrayRef<Value> gatherIndex = {}) {
  Location loc = op->getLoc();
  Type elt = converter->convertType(srcType.getElementType());
  Type storeT = sharedStorageType(elt);
  LayoutInfo src(srcType), dst(dstType);
  // getScratchBytes(op) = numel * sharedStorageBytes(elt) bytes from here.
  Value smem = sharedScratch(b, loc, op);
  WarpSharing sharing = warpSharingOf(op);
  unsigned copies = copiesFor(op, sharing);
  if (copies > 1) {
    // Each warp its own copy (warpLocalCopies). The warp index is read
    // here, not once a function (uniformWarpIndex): kept live through a
    // kernel at its register limit, it made ptxas spill more.
    Value warp = freshWarpIndex(b, loc);
    Value offset = b.create<LLVM::MulOp>(
        loc, warp, i32Const(b, loc, int32_t(warpCopyBytes(op))));
    smem = b.create<LLVM::GEPOp>(loc, smem.getType(), b.getI8Type(), smem,
                                 ValueRange{offset});
  }
  unsigned maxRun = maxSharedRun(storeT, 16);

  SmallVector<Value> in = unpackStruct(b, loc, srcStruct);
  auto stc = src.emitThreadCoords(b, loc);
  leadingBarrier(b, loc, op);
  std::optional<SmallVector<SharedRun>> storePlan = planSharedRuns(
      src, maxRun, [&](ArrayRef<int64_t> idx) { return store.host(idx); });
  storeElements(
      b, loc, storePlan, [](unsigned) { return 1u; },
      [&](unsigned k) {
        SmallVector<Value> idx = src.emitIndices(b, loc, stc, k);
        return sharedElemPtr(b, loc, smem, storeT, store.emit(b, loc, idx));
      },
      in);
  if (warpLocal(sharing, copies))
    warpBarrier(b, loc);
  else
    barrier(b, loc);
  auto dtc = dst.emitThreadCoords(b, loc);
  std::optional<SmallVector<SharedRun>> readPlan;
  if (gatherAxis < 0)
    readPlan = planSharedRuns(
        dst, maxRun, [&](ArrayRef<int64_t> idx) { return read.host(idx); });
  // Unplanned: a run of the result layout's consecutive elements along the
  // last dimension read with one vector load (readRun).
  unsigned run = readRun(dst, storeT, rowPitch);
  SmallVector<Value> loaded(dst.numElems());
  loadElements(
      b, loc, readPlan, [&](unsigned) { return run; },
      [&](unsigned k) {
        SmallVector<Value> idx = dst.emitIndices(b, loc, dtc, k);
        if (gatherAxis >= 0) {
          Value at = gatherIndex[k];
          unsigned bits = at.getType().getIntOrFloatBitWidth();
          if (bits > 32)
            at = b.create<LLVM::TruncOp>(loc, b.getI32Type(), at);
          else if (bits < 32)
            at = b.create<LLVM::SExtOp>(loc, b.getI32Type(), at);
          idx[gatherAxis] = at;
        }
        return sharedElemPtr(b, loc, smem, storeT, read.emit(b, loc, idx));
      },
      storeT, loaded);
  SmallVector<Value> out;
  for (Value v : loaded)
    out.push_back(fromSharedStorage(b, loc, v, elt));
  return packStruct(b, loc, converter->convertType(dstType), out);
}

/// isRegisterConversion's move: A element j of block (m, k) is accumulator
/// element j % 4 of block (m, 2k + j / 4).
Value remapAccumulatorToA(OpBuilder &b, Location loc,
                          const TypeConverter *converter, Value srcStruct,
                          RankedTensorType srcType, RankedTensorType dstType) {
  LayoutInfo src(srcType), dst(dstType);
  SmallVector<Value> in = unpackStruct(b, loc, srcStruct);
  SmallVector<Value> out;
  unsigned repN = src.repeatsN(), repK = dst.repeatsK();
  for (unsigned k = 0; k < dst.numElems(); ++k) {
    unsigned j = k % 8, blk = k / 8, rk = blk % repK, rm = blk / repK;
    unsigned rn = 2 * rk + j / 4;
    out.push_back(in[(rm * repN + rn) * 4 + j % 4]);
  }
  return packStruct(b, loc, converter->convertType(dstType), out);
}

bool hasLayouts(Type a, Type b) {
  auto x = dyn_cast<RankedTensorType>(a), y = dyn_cast<RankedTensorType>(b);
  return x && y && x.getEncoding() && y.getEncoding();
}

/// What the accesses `runs` of `info`'s elements at `place` cost warp 0:
/// an instruction each, plus the shared-memory wavefronts it takes (the
/// lanes of a phase (32 for accesses up to 4 bytes, 16 for 8, 8 for 16)
/// that address distinct words of one bank are served one after another).
uint64_t accessCost(const LayoutInfo &info, ArrayRef<SharedRun> runs,
                    const RowMajorPlace &place, unsigned bytes) {
  unsigned lanes = std::min(32u, info.numThreads());
  uint64_t cost = 0;
  for (const SharedRun &r : runs) {
    unsigned width = r.length * bytes;
    unsigned phase = width <= 4 ? 32 : width <= 8 ? 16 : 8;
    cost += 1;
    for (unsigned p = 0; p < lanes; p += phase) {
      DenseMap<int64_t, llvm::SmallDenseSet<int64_t, 4>> words; // bank -> words
      for (unsigned t = p; t < std::min(lanes, p + phase); ++t) {
        int64_t at = place.host(info.hostIndices(t, r.first)) * bytes;
        for (int64_t w = at / 4; w < (at + width + 3) / 4; ++w)
          words[w % 32].insert(w);
      }
      size_t worst = 1;
      for (auto &entry : words)
        worst = std::max<size_t>(worst, entry.second.size());
      cost += worst;
    }
  }
  return cost;
}

/// The cost (accessCost) of moving `srcType` to `dstType` through `place`,
/// if SharedRuns.cpp plans both sides.
std::optional<uint64_t> moveCost(Type storeT, RankedTensorType srcType,
                                 RankedTensorType dstType,
                                 const RowMajorPlace &place) {
  unsigned maxRun = maxSharedRun(storeT, 16);
  auto host = [&](ArrayRef<int64_t> idx) { return place.host(idx); };
  LayoutInfo src(srcType), dst(dstType);
  auto stores = planSharedRuns(src, maxRun, host);
  auto loads = planSharedRuns(dst, maxRun, host);
  if (!stores || !loads)
    return std::nullopt;
  unsigned bytes = std::max(1u, storeT.getIntOrFloatBitWidth() / 8);
  return accessCost(src, *stores, place, bytes) +
         accessCost(dst, *loads, place, bytes);
}

/// The column-major staging of a rank-2 conversion, where its accesses
/// cost less than through `rowMajor` (moveCost).
std::optional<RowMajorPlace> columnMajorPlace(const TypeConverter *converter,
                                              RankedTensorType srcType,
                                              RankedTensorType dstType,
                                              const RowMajorPlace &rowMajor) {
  if (srcType.getRank() != 2)
    return std::nullopt;
  Type storeT =
      sharedStorageType(converter->convertType(srcType.getElementType()));
  if (!storeT.isIntOrFloat())
    return std::nullopt;
  RowMajorPlace cols{{srcType.getDimSize(1), srcType.getDimSize(0)}, {1, 0}};
  std::optional<uint64_t> byRows = moveCost(storeT, srcType, dstType, rowMajor);
  std::optional<uint64_t> byCols = moveCost(storeT, srcType, dstType, cols);
  if (!byRows || !byCols || *byCols >= *byRows)
    return std::nullopt;
  return cols;
}

struct ConvertLayoutOpConversion : OpConversionPattern<ConvertLayoutOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!hasLayouts(op.getSrc().getType(), op.getType()))
      return rewriter.notifyMatchFailure(op,
                                         "operand or result without layout");
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    if (srcType == dstType) {
      rewriter.replaceOp(op, adaptor.getSrc());
      return success();
    }
    if (isRegisterConversion(srcType, dstType)) {
      rewriter.replaceOp(
          op, remapAccumulatorToA(rewriter, op.getLoc(), getTypeConverter(),
                                  adaptor.getSrc(), srcType, dstType));
      return success();
    }
    if (auto map = threadLocalRegisters(srcType, dstType)) {
      SmallVector<Value> in =
          unpackStruct(rewriter, op.getLoc(), adaptor.getSrc());
      SmallVector<Value> out;
      for (unsigned k : *map)
        out.push_back(in[k]);
      rewriter.replaceOp(
          op, packStruct(rewriter, op.getLoc(),
                         getTypeConverter()->convertType(dstType), out));
      return success();
    }
    // Row-major with convertLayoutRowPad elements after each row, or
    // column-major where that takes fewer accesses (a tile whose result
    // threads hold runs down its columns: an accumulator stored
    // transposed, read 2 bytes at a time from rows).
    RowMajorPlace place{SmallVector<int64_t>(srcType.getShape()), {}};
    if (unsigned pad = convertLayoutRowPad(srcType))
      place.shape[1] += pad;
    int64_t rowPitch = place.shape.back();
    if (std::optional<RowMajorPlace> cols =
            columnMajorPlace(getTypeConverter(), srcType, dstType, place)) {
      place = *cols;
      rowPitch = 0;
    }
    Value r =
        moveThroughShared(rewriter, op, getTypeConverter(), adaptor.getSrc(),
                          srcType, dstType, place, place, rowPitch);
    rewriter.replaceOp(op, r);
    return success();
  }
};

struct TransOpConversion : OpConversionPattern<tile::TransOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::TransOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!hasLayouts(op.getSrc().getType(), op.getType()))
      return rewriter.notifyMatchFailure(op,
                                         "operand or result without layout");
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    SmallVector<int64_t> shape(srcType.getShape());
    // Result dimension i is operand dimension order[i].
    RowMajorPlace store{shape, {}},
        read{shape, SmallVector<int32_t>(op.getOrder())};
    Value r =
        moveThroughShared(rewriter, op, getTypeConverter(), adaptor.getSrc(),
                          srcType, dstType, store, read);
    rewriter.replaceOp(op, r);
    return success();
  }
};

struct ReshapeOpConversion : OpConversionPattern<tile::ReshapeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!hasLayouts(op.getSrc().getType(), op.getType()))
      return rewriter.notifyMatchFailure(op,
                                         "operand or result without layout");
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    // A row-major reshape keeps the linear index.
    RowMajorPlace store{SmallVector<int64_t>(srcType.getShape()), {}},
        read{SmallVector<int64_t>(dstType.getShape()), {}};
    Value r =
        moveThroughShared(rewriter, op, getTypeConverter(), adaptor.getSrc(),
                          srcType, dstType, store, read);
    rewriter.replaceOp(op, r);
    return success();
  }
};

/// tile.gather: the source staged row-major, each result element read at
/// its index (the index tile has the result's layout: both are laid out as
/// their shape's default).
struct GatherOpConversion : OpConversionPattern<tile::GatherOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!hasLayouts(op.getSrc().getType(), op.getType()) ||
        op.getIndex().getType() !=
            withLayout(cast<RankedTensorType>(op.getIndex().getType()),
                       getLayout(op.getType())))
      return rewriter.notifyMatchFailure(
          op, "operands without layouts, or an index not in the result's");
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    SmallVector<Value> index =
        unpackStruct(rewriter, op.getLoc(), adaptor.getIndex());
    RowMajorPlace place{SmallVector<int64_t>(srcType.getShape()), {}};
    Value r =
        moveThroughShared(rewriter, op, getTypeConverter(), adaptor.getSrc(),
                          srcType, cast<RankedTensorType>(op.getType()), place,
                          place, /*rowPitch=*/0, op.getAxis(), index);
    rewriter.replaceOp(op, r);
    return success();
  }
};

} // namespace

namespace {
std::optional<std::pair<RowMajorPlace, RowMajorPlace>>
movePlaces(Operation *op) {
  if (op->getNumOperands() < 1 || op->getNumResults() != 1 ||
      !hasLayouts(op->getOperand(0).getType(), op->getResult(0).getType()))
    return std::nullopt;
  auto srcType = cast<RankedTensorType>(op->getOperand(0).getType());
  auto dstType = cast<RankedTensorType>(op->getResult(0).getType());
  SmallVector<int64_t> shape(srcType.getShape());
  RowMajorPlace rowMajor{shape, {}};
  if (isa<ConvertLayoutOp>(op)) {
    if (srcType == dstType || isRegisterConversion(srcType, dstType) ||
        threadLocalRegisters(srcType, dstType))
      return std::nullopt;
    return std::make_pair(rowMajor, rowMajor);
  }
  if (auto trans = dyn_cast<tile::TransOp>(op))
    return std::make_pair(
        rowMajor, RowMajorPlace{shape, SmallVector<int32_t>(trans.getOrder())});
  if (isa<tile::ReshapeOp>(op))
    return std::make_pair(
        rowMajor, RowMajorPlace{SmallVector<int64_t>(dstType.getShape()), {}});
  return std::nullopt;
}
} // namespace

/// Replicated tiles up to this size get a copy a warp; larger ones are
/// moved with a CTA barrier.
static constexpr uint64_t kMaxWarpCopyBytes = 4096;

namespace {
unsigned copiesFor(Operation *op, WarpSharing sharing) {
  if (sharing != WarpSharing::Replicated)
    return 1;
  uint64_t bytes = moveStagingBytes(op);
  if (!bytes || bytes > kMaxWarpCopyBytes)
    return 1;
  auto src = cast<RankedTensorType>(op->getOperand(0).getType());
  unsigned layoutWarps = LayoutInfo(src).numThreads() / 32;
  return std::max<unsigned>(layoutWarps, unsigned(tile::getNumWarps(op, 0)));
}
} // namespace

unsigned mlir::tilegpu::warpLocalCopies(Operation *op) {
  return copiesFor(op, warpSharingOf(op));
}

uint64_t mlir::tilegpu::warpCopyBytes(Operation *op) {
  return llvm::alignTo(moveStagingBytes(op), 16);
}

bool mlir::tilegpu::isWarpLocalMove(Operation *op) {
  WarpSharing sharing = warpSharingOf(op);
  return warpLocal(sharing, copiesFor(op, sharing));
}

void mlir::tilegpu::populateConvertLayoutOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ConvertLayoutOpConversion, TransOpConversion,
               ReshapeOpConversion, GatherOpConversion>(converter,
                                                        patterns.getContext());
}
