//===- ConversionCost.h - What moving a layout conversion costs ----------===//
//
// The cost model of the layout-conversion rules (RemoveLayoutConversions.cpp,
// SinkConversions.cpp): which tiles are recomputed in any layout for free
// (cheap), which small loads are made again in another layout (rule 5),
// and whether moving a conversion across an op moves less data.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_CONVERSION_TILETOTILEGPU_CONVERSIONCOST_H
#define TILEC_CONVERSION_TILETOTILEGPU_CONVERSIONCOST_H

#include "tilec/Conversion/Passes.h"

#include "mlir/IR/Builders.h"

#include <optional>

namespace mlir::tilegpu::remat {

/// `x` converted to `layout` (null stays null).
Value convertTo(OpBuilder &b, Location loc, Value x, Attribute layout);

/// Whether `op` is an elementwise arith/math op, a tile.addptr or a
/// tile.axis_hint (an identity on the values, whatever their layout), with
/// one result.
bool isElementwise(Operation *op);

/// Whether rules 1, 2 and 5 recompute `v` in `target` with no conversion
/// of data left: ranges, splats and splat constants, small loads that rule
/// 5 makes there (none without a `target`), and elementwise ops,
/// broadcasts and expand_dims of such values. `wide` where rule 5 runs
/// with the patterns asking (this pass), so that its wider cases count.
bool recomputable(Value v, Attribute target, bool wide = false);

/// Whether rules 1 and 2 recompute `v` in any layout with no conversion of
/// data left (see the file comment).
bool isCheap(Value v);

/// Elements a thread holds of a tile whose layout is blocked or a slice of
/// a blocked one (replicas included).
std::optional<int64_t> elemsPerThread(RankedTensorType type);

/// The update of `v` when it is an induction tile of its loop: carried
/// from a cheap start, updated by one elementwise op of it and cheap
/// operands that only the yield uses, and used in the loop by that update
/// and ops `usedBy` accepts only. Null otherwise.
Operation *inductionUpdate(Value v, function_ref<bool(Operation *)> usedBy);

/// The update `addptr(p, step)` of a pointer tile `p` carried by an
/// scf.for, when its start and step are cheap and the loop uses it only in
/// loads and that update (fla's `p_kj += H * K` row pointers): rule 5
/// carries a twin of it in the target layout. Null otherwise.
tile::AddPtrOp pointerInduction(Value ptr);

/// Whether `load` is small (fewer elements than the CTA has threads), not
/// volatile, its pointers cheap (or, with `carried`, a loop's pointer
/// induction), its mask and `other` cheap: rule 5 can load it again in
/// another layout.
bool isSmallLoad(tile::LoadOp load, bool carried);

/// Whether `layout` is a slice of a blocked layout that keeps its parent's
/// fastest dimension (a row of a 2-D tile): tilegpu-coalesce reads a
/// thread's elements there as vectors along it, however many it holds.
bool isRowSlice(Attribute layout);

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
bool loadableIn(tile::LoadOp load, Attribute target, bool wide);

/// The bits of an element of the tile type `t` (64 for pointers).
unsigned elementBits(Type t);

/// Whether `v` converted to `target` moves no data once rules 1-3 have
/// run: `v` is cheap, a conversion of a value in `target` (the two cancel),
/// or a single-use elementwise op of such values (the conversion climbs
/// through it). A tile split into halves, computed on, and joined again
/// (a rotation of pairs) is converted out and back.
bool foldsInto(Value v, Attribute target, unsigned depth = 0);

/// A broadcast of at most half as many elements as its result (not into a
/// dot operand layout, whose smaller tiles nothing lowers): converting it
/// moves its operand's elements only (HoistThroughShapeOp).
bool isSmallerBroadcast(Value v, Attribute target);

/// The bits converting `v` to `target` moves through shared memory: its
/// elements (i1 kept as i8), or its operand's for a smaller broadcast
/// (isSmallerBroadcast; none without a target).
int64_t movedBits(Value v, Attribute target);

/// What converting a tile of `elements` elements costs, in 32-bit words a
/// thread of `op`'s CTA: a fixed part for the barriers and addresses of one
/// conversion, counted as 8 words, and its data.
int64_t conversionCost(Operation *op, int64_t elements);

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
                   bool cancelling, bool fewer = false);

} // namespace mlir::tilegpu::remat

#endif // TILEC_CONVERSION_TILETOTILEGPU_CONVERSIONCOST_H
