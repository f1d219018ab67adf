//===- TileGPUToLLVM.h - Shared machinery of the LLVM lowering ------------===//
//
// What every lowering pattern of tilegpu IR needs:
//  - LayoutInfo: which elements of a tile a thread holds, in which order,
//    and their global indices (the arithmetic of blocked and slice layouts);
//  - the type converter (a thread's elements of a tile are one LLVM struct);
//  - helpers to unpack/pack those structs, read thread ids, shuffle, use
//    shared memory and barriers.
// Patterns live in one file per op family, each with a populate function.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_CONVERSION_TILEGPUTOLLVM_H
#define TILEC_CONVERSION_TILEGPUTOLLVM_H

#include "tilec/Dialect/TileGPU/TileGPUDialect.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tilegpu {

/// Address spaces of NVPTX.
constexpr unsigned kGlobalAddrSpace = 1;
constexpr unsigned kSharedAddrSpace = 3;

/// Per-thread view of a tile with a blocked or (nested) slice layout.
///
/// A layout is a "base" blocked layout of rank R plus the base dimensions
/// sliced away; the tensor's dimension i is base dimension dimMap[i]. Along
/// base dimension d a thread holds elemsPerThread(d) = sizePerThread[d] *
/// ceil(shape[d] / ctaTile[d]) elements (1 for sliced dimensions). Its
/// elements are numbered with the base `order` fastest first; element k's
/// per-dimension coordinate e_d maps to the global index
///   (e_d / spt[d]) * ctaTile[d] + (warp_d * tpw[d] + lane_d) * spt[d] + e_d % spt[d]
/// taken modulo shape[d] (a tile smaller than the CTA tile is replicated).
class LayoutInfo {
public:
  explicit LayoutInfo(RankedTensorType type);

  unsigned rank() const { return shape.size(); }
  unsigned baseRank() const { return base.getRank(); }
  unsigned numElems() const { return numElems_; }
  ArrayRef<int64_t> getShape() const { return shape; }
  BlockedAttr getBase() const { return base; }
  /// The tensor dimension of base dimension d, or -1 if d is sliced.
  int tensorDim(unsigned d) const { return baseToTensor[d]; }
  /// The base dimension of tensor dimension i.
  unsigned baseDim(unsigned i) const { return dimMap[i]; }
  /// Elements a thread holds along tensor dimension i.
  unsigned elemsAlong(unsigned i) const { return elemsPerThread[dimMap[i]]; }
  /// Base-dimension extent of the CTA tile.
  unsigned ctaTile(unsigned d) const { return cta[d]; }
  /// Number of threads (lanes x warps) along base dimension d.
  unsigned threadsAlong(unsigned d) const;

  /// Per tensor dimension, the thread-local coordinate of element k.
  SmallVector<unsigned> elemCoords(unsigned k) const;
  /// The element number of thread-local coordinates (per tensor dimension).
  unsigned elemIndex(ArrayRef<unsigned> coords) const;

  /// Lane and warp coordinates along each base dimension, as i32 values.
  struct ThreadCoords {
    SmallVector<Value> lane, warp;
  };
  ThreadCoords emitThreadCoords(OpBuilder &b, Location loc) const;

  /// Global index along each tensor dimension of element k (i32), wrapped
  /// into the shape; `unwrapped` (optional) receives the index before the
  /// modulo: an element whose unwrapped index leaves the shape along a
  /// dimension is a replica.
  SmallVector<Value> emitIndices(OpBuilder &b, Location loc,
                                 const ThreadCoords &tc, unsigned k,
                                 SmallVectorImpl<Value> *unwrapped = nullptr) const;

private:
  SmallVector<int64_t> shape;
  BlockedAttr base;
  SmallVector<unsigned> dimMap;       // tensor dim -> base dim
  SmallVector<int> baseToTensor;      // base dim -> tensor dim or -1
  SmallVector<int64_t> baseShape;     // shape per base dim (1 if sliced)
  SmallVector<unsigned> elemsPerThread; // per base dim
  SmallVector<unsigned> cta;          // spt * tpw * wpc per base dim
  unsigned numElems_ = 1;
};

/// Tensors with a tilegpu layout become LLVM structs of the thread's
/// elements; !tile.ptr<T> becomes !llvm.ptr<1>.
class TileGPUTypeConverter : public LLVMTypeConverter {
public:
  explicit TileGPUTypeConverter(MLIRContext *ctx);
};

// ---- small builders shared by the patterns

Value i32Const(OpBuilder &b, Location loc, int64_t v);
/// The thread's index in the CTA (tid.x), its lane and its warp.
Value threadId(OpBuilder &b, Location loc);
SmallVector<Value> unpackStruct(OpBuilder &b, Location loc, Value packed);
Value packStruct(OpBuilder &b, Location loc, Type structType,
                 ArrayRef<Value> elems);
/// `shfl.sync.bfly` of a 32-bit or narrower scalar (or a pointer).
Value shuffleXor(OpBuilder &b, Location loc, Value v, unsigned laneMask);
/// CTA-wide barrier.
void barrier(OpBuilder &b, Location loc);
/// Base address (addrspace 3) of the kernel's shared memory, and a note
/// that `bytes` of it are needed (kept as the module attribute
/// `tilegpu.shared_bytes`, the maximum over all users).
Value sharedBase(OpBuilder &b, Location loc, Operation *user, uint64_t bytes);
/// Typed shared-memory access at element index `idx` (i32) from `base`.
Value sharedElemPtr(OpBuilder &b, Location loc, Value base, Type elemType,
                    Value idx);

// ---- shared-memory staging (appended for reduce / convert_layout / dot)
//
// Convention of every user of `@tilec_shared`: it starts with a barrier()
// before its first write (so the previous user's last reads are done) and
// puts a barrier() between its writes and its reads. With that, consecutive
// users need no trailing barrier.

/// The type an element of `t` (an LLVM scalar type) is kept as in shared
/// memory: pointers as i64, i1 as i8, everything else unchanged.
Type sharedStorageType(Type t);
/// `v` converted to sharedStorageType(v.getType()), and back to `t`.
Value toSharedStorage(OpBuilder &b, Location loc, Value v);
Value fromSharedStorage(OpBuilder &b, Location loc, Value v, Type t);
/// Size in bytes of a scalar LLVM type kept in shared memory.
unsigned sharedStorageBytes(Type t);
/// Row-major linear index (i32) of the per-dimension indices `idx` (i32)
/// in `shape`.
Value linearIndex(OpBuilder &b, Location loc, ArrayRef<Value> idx,
                  ArrayRef<int64_t> shape);

// ---- pattern families (one file each)

void populateElementwiseOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                         RewritePatternSet &patterns);
void populateLoadStoreOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                       RewritePatternSet &patterns);
void populateReduceOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                    RewritePatternSet &patterns);
void populateConvertLayoutOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                           RewritePatternSet &patterns);
void populateDotOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                 RewritePatternSet &patterns);

} // namespace mlir::tilegpu

#endif // TILEC_CONVERSION_TILEGPUTOLLVM_H
