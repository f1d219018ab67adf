//===- CombineRegion.h - What tile.scan and tile.generic_reduce share -*- C++
//-*-===//
//
// Private to lib/Conversion/TileGPUToLLVM: the geometry of a combine op's
// axis in its operands' blocked layout, its shared-memory scratch, the
// inlining of its combine region, and shuffles of tuples of values. The
// lowerings are in ScanOpToLLVM.cpp and GenericReduceOpToLLVM.cpp;
// tile.sort (SortOpToLLVM.cpp) walks its axis with the same geometry.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_CONVERSION_TILEGPUTOLLVM_COMBINEREGION_H
#define TILEC_LIB_CONVERSION_TILEGPUTOLLVM_COMBINEREGION_H

#include "tilec/Conversion/TileGPUToLLVM.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include <optional>

namespace mlir::tilegpu {

/// One value per operand of the op.
using Tuple = SmallVector<Value, 4>;

/// Where a combine op's axis lies in its operands' blocked (or slice)
/// layout. Along the axis (base dimension D) a thread holds R chunks of S
/// consecutive elements, one CTA tile (S * L * W positions: L lanes, W
/// warps) apart; the lanes along D are laneStride apart in the lane id,
/// the warps warpStride in the warp id. A tile shorter than the CTA tile
/// (N < S * L * W) is replicated: each copy of N positions is a
/// *segment*, combined on its own, and spans Lseg lanes and Wseg warps
/// (1 and 1 when a thread's chunk holds whole segments, S >= N).
struct AxisGeometry {
  unsigned axis = 0, D = 0;
  unsigned S = 1, L = 1, W = 1, R = 1, N = 1;
  unsigned laneStride = 1, warpStride = 1;
  unsigned Lseg = 1, Wseg = 1;
  /// Warps of the CTA (tile.num_warps of the module, at least the layout's).
  unsigned numWarps = 1;
  /// The elements of each of the thread's rows (the coordinates off the
  /// axis): rows[i][e] is the element number of axis coordinate e
  /// (e = r * S + s).
  SmallVector<SmallVector<unsigned>> rows;
};

/// The geometry of `type` (a tile with a blocked or slice layout) along
/// `axis`, or nullopt for other layouts. `op` gives the module's warps.
std::optional<AxisGeometry> getAxisGeometry(RankedTensorType type,
                                            unsigned axis, Operation *op);

/// Bytes of shared memory a tile.scan or tile.generic_reduce stages through
/// (0 when its segments lie within warps): one slot per row (and chunk,
/// for a scan), group of lanes off the axis and warp of the CTA, for each
/// operand, each operand's slots 8-byte aligned after the previous one's.
uint64_t combineScratchBytes(Operation *op);

/// The slots of combineScratchBytes: the byte offset of operand i's slots
/// and the slot of (row, the thread's lanes off the axis, warp).
struct CombineScratch {
  SmallVector<uint64_t> offsets;
  unsigned laneGroups = 32, numWarps = 1;
  uint64_t bytes = 0;
};
CombineScratch getCombineScratch(Operation *op, const AxisGeometry &g,
                                 unsigned slotRows);

/// The cross-warp step of a tile.scan or tile.generic_reduce (`op`, whose
/// slots are `cs`): the thread's lane and warp, its lane group off the axis
/// (its lane id without the axis's lane bits), the warp with the axis's
/// warp coordinate `w` cleared, and the addresses of its slots.
struct WarpSlots {
  WarpSlots(OpBuilder &b, Location loc, Operation *op, const AxisGeometry &g,
            CombineScratch cs, Value w);
  /// The slot of (row, warp `warpId`): (laneC + row * laneGroups) *
  /// numWarps + warpId.
  Value slot(unsigned row, Value warpId);
  /// Operand i's element of `slot`, as a pointer to `elt`'s storage type.
  Value ptr(unsigned i, Type elt, Value slot);

  Value lane, warp, laneC, warp0;

private:
  OpBuilder &b;
  Location loc;
  CombineScratch cs;
  Value smem;
};

/// The combine region of `op` inlined on (lhs, rhs): its yielded values.
Tuple applyCombine(OpBuilder &b, Location loc, Region &combine, ValueRange lhs,
                   ValueRange rhs);
/// pred ? a : c, part by part.
Tuple selectTuple(OpBuilder &b, Location loc, Value pred, ValueRange a,
                  ValueRange c);
/// shfl.sync of each part (any width: narrow values widened, 64-bit ones
/// in two halves): `up`/`down` by `delta` lanes, `idx` from lane `delta`,
/// `bfly` with lane mask `delta`.
Tuple shuffleTuple(OpBuilder &b, Location loc, ValueRange v, Value delta,
                   NVVM::ShflKind kind);
/// The results of a combine op from the thread's tuples: `tuples[k][i]` is
/// element k of result i; a tile result packs its elements into the struct
/// of its type, a scalar result is its one element.
SmallVector<Value> packTupleResults(OpBuilder &b, Location loc,
                                    const TypeConverter &converter,
                                    Operation *op, ArrayRef<Tuple> tuples);

/// Bytes of shared memory tile.sort exchanges elements through (0 when no
/// warp bit of a position along its axis is used: the network stays in
/// registers and shuffles).
uint64_t sortScratchBytes(tile::SortOp op);

void populateSortOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                  RewritePatternSet &patterns);
void populateScanOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                  RewritePatternSet &patterns);
void populateGenericReduceOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                           RewritePatternSet &patterns);

} // namespace mlir::tilegpu

#endif // TILEC_LIB_CONVERSION_TILEGPUTOLLVM_COMBINEREGION_H
