//===- TileGPUDialect.h - The tilegpu dialect -------------------*- C++ -*-===//
//
// Layout attributes (blocked, slice), the shared-memory buffer type
// (memdesc) and the ops of the `tilegpu` dialect.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_DIALECT_TILEGPU_TILEGPUDIALECT_H
#define TILEC_DIALECT_TILEGPU_TILEGPUDIALECT_H

#include "tilec/Dialect/Tile/TileDialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tilec/Dialect/TileGPU/TileGPUDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tilec/Dialect/TileGPU/TileGPUAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tilec/Dialect/TileGPU/TileGPUTypes.h.inc"

namespace mlir::tilegpu {
/// The resource of the memory effects of local_alloc/local_store/
/// local_load/local_dealloc: the CTA's shared memory.
struct SharedMemory : public SideEffects::Resource::Base<SharedMemory> {
  StringRef getName() final { return "<SharedMemory>"; }
};
} // namespace mlir::tilegpu

#define GET_OP_CLASSES
#include "tilec/Dialect/TileGPU/TileGPUOps.h.inc"

namespace mlir::tilegpu {

/// The default blocked layout of a tensor of `rank` dimensions for
/// `numWarps` warps: order fastest-last, 32 lanes spread along the last two
/// dimensions, warps along the first. It depends on the rank only, so tiles
/// of one rank share it and elementwise ops need no data movement.
BlockedAttr getDefaultBlockedLayout(MLIRContext *ctx, unsigned rank,
                                    unsigned numWarps);

/// Registers a thread holds of a tile of `shape` under a blocked layout of
/// these parameters (replicas included), counted as the LLVM lowering
/// does: sizePerThread times the repetitions of the CTA tile, per
/// dimension.
int64_t getElemsPerThread(ArrayRef<int64_t> shape, ArrayRef<unsigned> spt,
                          ArrayRef<unsigned> tpw, ArrayRef<unsigned> wpc);

/// Bytes of a shared-memory buffer of type `type`: numel * the bytes of an
/// element kept in shared memory (pointers as i64, i1 as i8).
uint64_t getBufferBytes(MemDescType type);

/// The swizzled shared layout for a 2-D buffer of `shape` with elements of
/// `eltBits` bits that ldmatrix / mma operand reads leave free of bank
/// conflicts (16-byte chunks, XOR of the row phase). With `transposed`, the
/// buffer is stored column by column and its columns are swizzled as rows.
SharedAttr getSwizzledSharedLayout(MLIRContext *ctx, ArrayRef<int64_t> shape,
                                   unsigned eltBits, bool transposed = false);

/// Is `buffer` stored column by column (a transposed #tilegpu.shared)?
bool isTransposedBuffer(MemDescType buffer);
/// The dimension along which consecutive elements of `buffer` are adjacent
/// in shared memory: the last, or the one before it when it is transposed.
unsigned contiguousDim(MemDescType buffer);

/// The layout encoding of a tensor type (null if it has none).
Attribute getLayout(Type type);

/// `type` (a ranked tensor) with its encoding replaced by `layout`.
RankedTensorType withLayout(Type type, Attribute layout);

/// Is `layout` one whose elements a thread holds are described dimension by
/// dimension (blocked layouts, slices, the accumulator mma layout): the
/// layouts broadcasts and expand_dims lower in, and reductions from, and
/// the parents a #tilegpu.slice may have. Not dot operand layouts nor the
/// transposed mma layout (wgmma's C^T = B^T A^T), which only elementwise
/// ops, dots and conversions take.
bool describedByDims(Attribute layout);

/// The buffer a memdesc is a view of: `view` with its views (memdesc_subview,
/// memdesc_trans; any depth) stripped.
Value rootBuffer(Value view);

/// Is `op` a view of a buffer: a slot (memdesc_subview) or its transpose
/// (memdesc_trans)?
bool isBufferView(Operation *op);

/// The 2-D buffer type `t` seen transposed (memdesc_trans): the shape
/// swapped, the encoding's `transposed` flag flipped.
MemDescType getTransposedBuffer(MemDescType t);

/// Whether a convert_layout from `src` to `dst` stays in the registers of
/// each thread: 16-bit elements from an mma accumulator layout (not
/// transposed, one warp along N) to the A operand layout of the same mma
/// layout. Per 16 x 16 block a thread's A registers (rows g, g + 8; columns
/// 2t, 2t + 1, 2t + 8, 2t + 9) are its accumulators of two adjacent 16 x 8
/// blocks (flash attention's p fed to its second dot).
bool isRegisterConversion(RankedTensorType src, RankedTensorType dst);

/// The layout of tile.split's results when they are registers of its
/// operand `src` (a tile with a layout) split along `axis` by the index
/// bit `stride`: the operand's own layout, when that bit is a repeat of
/// its CTA tile (blocked, or a non-transposed mma accumulator), or a
/// blocked layout with half the operand's vector along the axis, when
/// the bit lies within that vector. Null otherwise.
Attribute getSplitResultLayout(RankedTensorType src, unsigned axis,
                               int64_t stride);

/// A blocked layout like `base` (of the operand's rank) whose vector
/// along `axis` holds the split bit (2 * stride elements, at most the
/// dimension), so that getSplitResultLayout is not null for it.
BlockedAttr getSplitOperandLayout(BlockedAttr base, ArrayRef<int64_t> shape,
                                  unsigned axis, int64_t stride);

/// The layout of a tile.join's result of `shape` whose operands `half`
/// (with their layout) are registers of it: a layout R with
/// getSplitResultLayout(R) equal to the operands' (their own, or for a
/// blocked one, its vector doubled along the axis). Null if neither is.
Attribute getJoinResultLayout(RankedTensorType half, ArrayRef<int64_t> shape,
                              unsigned axis, int64_t stride);

/// Makes `op`'s operands registers of its result again after a pass
/// rewrote layouts (tilegpu-coalesce): the result given a blocked layout
/// whose vector holds the bit where its layout lost it (converted back to
/// its users' type), the operands converted to getSplitResultLayout of it.
/// Whether it inserted a conversion.
bool legalizeJoinLayouts(tile::JoinOp op);

/// Makes `op`'s results registers of its operand again after a pass
/// rewrote layouts (tilegpu-coalesce): the operand converted to
/// getSplitOperandLayout of its blocked layout where its layout no longer
/// allows it, the results given getSplitResultLayout and converted to the
/// types their users had. Whether it inserted a conversion.
bool legalizeSplitLayouts(tile::SplitOp op);

/// On a kernel parameter of type !tilegpu.tensormap: what the launcher
/// makes it from, {desc = "<descriptor parameter>", dtype = "<element type,
/// signature spelling>", box = array<i64: ...> (outermost first), swizzle =
/// <bytes> : i32}. The LLVM lowering moves these, in parameter order, to
/// the module's `tilegpu.tensor_maps` (an array of the dictionaries).
inline constexpr llvm::StringLiteral kTensorMapAttr = "tilegpu.tensor_map";
inline constexpr llvm::StringLiteral kTensorMapsAttr = "tilegpu.tensor_maps";
/// On the module of a kernel with a warp-specialized loop: the producer
/// warps it runs besides its num_warps (tilegpu.warp_specialize).
inline constexpr llvm::StringLiteral kProducerWarpsAttr =
    "tilegpu.producer_warps";
/// The bytes of a CUtensorMap.
inline constexpr unsigned kTensorMapBytes = 128;

/// How TMA writes a block into `buffer` (a 2-D memdesc): the stored rows
/// (a transposed buffer's columns) and the elements of each copy's rows
/// (`blockCols` of them where the buffer is split into column blocks), and
/// the hardware swizzle, in bytes (0: none; 32, 64, 128), that lays them out
/// as the buffer's encoding says. None where no swizzle mode does, or a
/// box would pass TMA's limits (256 elements a dimension, rows a multiple
/// of 16 bytes).
struct TmaLayout {
  int64_t rows = 0, rowElems = 0, blocks = 1;
  unsigned swizzleBytes = 0;
};
std::optional<TmaLayout> getTmaLayout(MemDescType buffer);

/// Is `op` a tile.load whose one user stages it in shared memory (a
/// tensor-core dot operand's local_alloc)?
bool isStagedOperandLoad(Operation *op);

/// `tilegpu.mask_prefix` on a tile.load, tile.store or tilegpu.async_copy
/// of `tilegpu.vector` v: its mask is not constant over a thread's run of v
/// elements but true for a prefix of it (tilegpu-coalesce); an access
/// reads or writes whole runs where all of the thread's runs are in bounds,
/// else each run whole where its last element's mask is true and element
/// by element otherwise; a copy copies the true part.
inline constexpr llvm::StringLiteral kMaskPrefixAttr = "tilegpu.mask_prefix";
inline bool hasMaskPrefix(Operation *op) {
  return op->hasAttr(kMaskPrefixAttr);
}
inline void setMaskPrefixAttr(Operation *op, bool prefix) {
  if (prefix)
    op->setAttr(kMaskPrefixAttr, UnitAttr::get(op->getContext()));
  else
    op->removeAttr(kMaskPrefixAttr);
}

/// `tilegpu.in_bounds` on a tile.load or tile.store: every element whose
/// mask the access has is true in the thread that runs it (the fast
/// version of tilegpu-version-bounds, under tilegpu.runs_in_bounds), so
/// its runs are accessed whole and unpredicated.
inline constexpr llvm::StringLiteral kInBoundsAttr = "tilegpu.in_bounds";
inline bool isInBounds(Operation *op) { return op->hasAttr(kInBoundsAttr); }

/// `tilegpu.edge` on a tile.load or tile.store under `tilegpu.mask_prefix`:
/// the exact version of tilegpu-version-bounds, run by threads at the edge
/// only. The lowering accesses each run as a vector predicated on its last
/// mask bit and, where that bit is false, its elements under their own bits,
/// without a branch of its own: a branch an access there kept a thread's
/// values of every access of the span apart in registers of their own (a
/// ragged bf16 GeLU grouped 8 programs a CTA: 168 registers, 122 without).
inline constexpr llvm::StringLiteral kEdgeAttr = "tilegpu.edge";

/// `tilegpu.contiguity` on a tile.load or tile.store: its pointer tile's
/// contiguity along each dimension (AxisInfo: aligned groups of that many
/// elements have consecutive addresses), set by tilegpu-coalesce where a
/// thread's run along the fastest dimension is longer than its vector (a
/// mask not constant over the run, an address of unknown alignment, or
/// more than 16 bytes). It describes the pointers, not the layout, so it
/// stays true when a later pass changes the layout. The LLVM lowering
/// addresses each run of consecutive addresses from its first pointer.
inline constexpr llvm::StringLiteral kContiguityAttr = "tilegpu.contiguity";

/// On an arith op whose integer (or i1) tile result the axis analysis
/// proves constant over aligned groups along some dimension
/// (tilegpu-coalesce): per tensor dimension, the group size (1: none), as
/// AxisInfo's constancy. Like kContiguityAttr it describes the values, not
/// the layout. The LLVM lowering computes a thread's elements of one group
/// once (a mask `offs < n` with n a multiple of 16: one compare a vector).
inline constexpr llvm::StringLiteral kConstancyAttr = "tilegpu.constancy";

} // namespace mlir::tilegpu

#endif // TILEC_DIALECT_TILEGPU_TILEGPUDIALECT_H
