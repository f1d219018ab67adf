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
#include "llvm/ADT/DenseMap.h"

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
///   (e_d / spt[d]) * ctaTile[d] + (warp_d * tpw[d] + lane_d) * spt[d] + e_d %
///   spt[d]
/// taken modulo shape[d] (a tile smaller than the CTA tile is replicated).
///
/// The accumulator layout of the tensor cores (#tilegpu.mma, not
/// transposed) and its slices are described the same way per base
/// dimension (isAccumulator()): along M a thread holds rows
///   (e / 2) * 16 * wm + (e % 2) * 8 + warp_M * 16 + lane / 4
/// and along N columns (c = the columns of a warp, MmaAttr::getWarpCols(),
/// 8 for mma.sync; q = e / 2)
///   (q / (c / 8)) * c * wn + (q % (c / 8)) * 8 + e % 2 + warp_N * c +
///   (lane % 4) * 2,
/// the lane coordinates being lane / 4 (M) and lane % 4 (N). Elements are
/// numbered as the registers: the pairs (e / 2) of the dimensions left,
/// row-major, then the bits e % 2, row-major (an unsliced tile: [m-repeat]
/// [n-repeat][c0..c3]). elemCoords, elemIndex, elemsAlong, lanesAlong, ...
/// answer for both kinds; getBase is blocked-only.
///
/// The operand layouts (#tilegpu.dot_op) and the transposed mma layout are
/// described too: numElems, emitThreadCoords (lane[0] = lane, warp = {warp
/// along M, warp along N}) and emitIndices follow the register numbering of
/// MmaAttr / DotOperandAttr; the per-dimension queries must not be asked of
/// them (hasDims()).
/// A transposed mma layout (and its dot_op layouts) is described as the
/// plain layout of the transposed tile: kind(), the repeats and the warps
/// are those of the transposed product (A and B swapped, M and N swapped);
/// emitIndices returns indices into the tile itself (isTransposed()).
class LayoutInfo {
public:
  explicit LayoutInfo(RankedTensorType type);

  enum class Kind { Blocked, Mma, DotA, DotB };
  Kind kind() const { return kind_; }
  bool isBlocked() const { return kind_ == Kind::Blocked; }
  /// The (non-transposed) mma accumulator layout or a slice of it.
  bool isAccumulator() const { return acc_; }
  /// Blocked or accumulator: the per-dimension queries below apply.
  bool hasDims() const { return isBlocked() || acc_; }
  /// A transposed (wgmma C^T = B^T A^T) tensor-core layout.
  bool isTransposed() const { return trans; }
  /// Tensor-core layouts: warps along M and N, repeats of the warp tile along
  /// M (or N for B) and K, elements per repeat block.
  unsigned mmaWarpsM() const { return wm; }
  unsigned mmaWarpsN() const { return wn; }
  unsigned repeatsMN() const { return repMN; }
  unsigned repeatsN() const { return repN; }
  unsigned repeatsK() const { return repK; }
  unsigned elemsPerBlock() const { return perBlock; }

  unsigned rank() const { return shape.size(); }
  unsigned baseRank() const { return cta.size(); }
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
  /// Lanes of a warp along base dimension d, and how far apart in the lane
  /// id two lanes one step apart along d are (a power of two); the same
  /// for the warps of the CTA.
  unsigned lanesAlong(unsigned d) const { return lanes[d]; }
  unsigned laneStride(unsigned d) const { return laneStrides[d]; }
  unsigned warpsAlong(unsigned d) const { return warps[d]; }
  unsigned warpStride(unsigned d) const { return warpStrides[d]; }
  /// The extent along base dimension d that one warp's lanes cover with
  /// one element group each (blocked: sizePerThread * threadsPerWarp).
  unsigned warpExtent(unsigned d) const { return warpExtents[d]; }

  /// Per tensor dimension, the thread-local coordinate of element k.
  SmallVector<unsigned> elemCoords(unsigned k) const;
  /// The element number of thread-local coordinates (per tensor dimension).
  unsigned elemIndex(ArrayRef<unsigned> coords) const;

  /// Lane and warp coordinates along each base dimension, as i32 values.
  struct ThreadCoords {
    SmallVector<Value> lane, warp;
  };
  /// From `tid` when given (else the thread index register).
  ThreadCoords emitThreadCoords(OpBuilder &b, Location loc,
                                Value tid = Value()) const;

  /// Global index along each tensor dimension of element k (i32), wrapped
  /// into the shape; `unwrapped` (optional) receives the index before the
  /// modulo: an element whose unwrapped index leaves the shape along a
  /// dimension is a replica.
  SmallVector<Value>
  emitIndices(OpBuilder &b, Location loc, const ThreadCoords &tc, unsigned k,
              SmallVectorImpl<Value> *unwrapped = nullptr) const;
  /// emitIndices computed here, for the thread `tid` of the CTA (blocked
  /// and accumulator layouts): lets a lowering find the elements whose
  /// places differ by the same constant in every thread, or that a thread
  /// holds in two layouts.
  SmallVector<int64_t> hostIndices(unsigned tid, unsigned k) const;
  /// Threads of the CTA the layout spans (blocked and accumulator layouts).
  unsigned numThreads() const;

private:
  SmallVector<int64_t> shape;
  BlockedAttr base;
  SmallVector<unsigned> dimMap;         // tensor dim -> base dim
  SmallVector<int> baseToTensor;        // base dim -> tensor dim or -1
  SmallVector<int64_t> baseShape;       // shape per base dim (1 if sliced)
  SmallVector<unsigned> elemsPerThread; // per base dim
  SmallVector<unsigned> cta;            // spt * tpw * wpc per base dim
  SmallVector<unsigned> lanes, laneStrides, warps, warpStrides, warpExtents;
  unsigned numElems_ = 1;
  bool acc_ = false;
  /// Accumulator layouts: the extent of a thread's element pair (e % 2)
  /// and of one lane step, per base dimension.
  SmallVector<unsigned> pairStep, laneStep;
  /// Accumulator layouts: the 8-wide blocks a warp holds side by side per
  /// base dimension (instrN / 8 along N of a wgmma layout, else 1).
  SmallVector<unsigned> blocksPerWarp;
  /// Tensor-core layouts: warps numbered along M first (wgmma).
  bool warpsMFirst = false;
  void initAccumulator(MmaAttr mma, ArrayRef<unsigned> slices, Type elt);
  // Tensor-core layouts.
  Kind kind_ = Kind::Blocked;
  unsigned wm = 1, wn = 1, repMN = 1, repN = 1, repK = 1, perBlock = 1;
  unsigned eltBits = 32;
  bool trans = false;
  SmallVector<Value> emitMmaIndices(OpBuilder &b, Location loc,
                                    const ThreadCoords &tc, unsigned k,
                                    SmallVectorImpl<Value> *unwrapped) const;
};

/// Places of `n` elements that differ by a constant in every one of
/// `threads` threads: `offset(t, e)` is element e's place in thread t.
/// Result[e] = {base, delta}: element e is at element `base`'s place +
/// `delta` in every thread (base == e, delta 0 for the first of each class;
/// bases are earlier elements). Lets a lowering emit one address per base
/// and immediates for the rest.
SmallVector<std::pair<unsigned, int64_t>>
findConstantOffsets(unsigned n, unsigned threads,
                    function_ref<int64_t(unsigned t, unsigned e)> offset);

/// Vector accesses of a register tile in shared memory (SharedRuns.cpp).
/// A run: the thread-local elements first .. first+length-1, at consecutive
/// places aligned to `length` in every thread (one access); its address is
/// that of run `base` (an earlier one, or itself) plus `delta` elements.
struct SharedRun {
  unsigned first = 0, length = 1, base = 0;
  int64_t delta = 0;
};
/// An element's place (in elements from the buffer's start) from its
/// indices.
using HostPlaceFn = function_ref<int64_t(ArrayRef<int64_t> idx)>;
/// The runs of `info`'s elements (blocked and accumulator layouts) of at
/// most `maxRun` elements (maxSharedRun) when `place` puts them there;
/// none for other layouts or tiles too large to evaluate here.
std::optional<SmallVector<SharedRun>>
planSharedRuns(const LayoutInfo &info, unsigned maxRun, HostPlaceFn place);
/// Whether evaluating `elems` element places in each of `threads` threads
/// on the host (planSharedRuns, threadLocalRegisters, isWarpLocalMove) is
/// within the compile-time budget (1024 threads, 2^18 places).
bool hostEvaluable(unsigned threads, uint64_t elems);
/// The shared addresses of `runs` (SharedRuns.cpp). `planned`: a base
/// run's is `address(first)`, another's a GEP of `storeT` elements from its
/// base's, all computed before the accesses (`eager`) or each when first
/// asked for (in the order the accesses ask); unplanned: each run's own
/// `address(first)` at its access. `runs` and `address` must outlive it.
class RunAddresses {
public:
  RunAddresses(OpBuilder &b, Location loc, ArrayRef<SharedRun> runs,
               bool planned, Type storeT,
               function_ref<Value(unsigned k)> address, bool eager = true);
  /// Run j's address.
  Value operator[](unsigned j);

private:
  OpBuilder &b;
  Location loc;
  ArrayRef<SharedRun> runs;
  bool planned;
  Type storeT;
  function_ref<Value(unsigned k)> address;
  SmallVector<Value> ptrs; // planned: run j's, once computed
};
/// Stores a thread's `values` (one an element, kept as sharedStorageType)
/// run by run: the `planned` runs (their addresses first: a base's is
/// `address(first)`, the others a constant from it), else `runAt(k)`
/// elements at a time from element 0, each run at `address(first)`
/// computed at its store.
void storeElements(OpBuilder &b, Location loc,
                   const std::optional<SmallVector<SharedRun>> &planned,
                   function_ref<unsigned(unsigned k)> runAt,
                   function_ref<Value(unsigned k)> address,
                   ArrayRef<Value> values);
/// Loads `loaded` (sharedStorageType values) the same way; a run of
/// several elements is one volatile vector load.
void loadElements(OpBuilder &b, Location loc,
                  const std::optional<SmallVector<SharedRun>> &planned,
                  function_ref<unsigned(unsigned k)> runAt,
                  function_ref<Value(unsigned k)> address, Type storeT,
                  MutableArrayRef<Value> loaded);
/// Elements of `storeT` (a sharedStorageType) one access may move from a
/// buffer whose start is aligned to `baseAlignBytes`: up to 16 bytes of
/// plain numbers, 1 for i1.
unsigned maxSharedRun(Type storeT, uint64_t baseAlignBytes);
/// linearIndex computed here: the row-major place of `idx` in `shape`.
int64_t hostLinearIndex(ArrayRef<int64_t> idx, ArrayRef<int64_t> shape);
/// sharedOffset's place, computed here from constant indices.
int64_t hostSharedOffset(MemDescType buffer, ArrayRef<int64_t> idx);

/// The registers of thread `t` under `l`, by the row-major place of their
/// element in `shape` (the first register of a replicated one), computed
/// here (RegisterMaps.cpp).
DenseMap<int64_t, unsigned> registersByPlace(const LayoutInfo &l, unsigned t,
                                             ArrayRef<int64_t> shape);
/// For each k < n, the register of `from` that holds, in every thread
/// t < threads, the element at the row-major place `place(t, k)` of its
/// shape, the same register in all of them; nullopt where some thread does
/// not hold it or holds it at another register (RegisterMaps.cpp).
std::optional<SmallVector<unsigned>>
uniformRegisters(const LayoutInfo &from, unsigned threads, unsigned n,
                 function_ref<int64_t(unsigned t, unsigned k)> place);
/// For each register of `dst`'s layout, the register of `src`'s that holds
/// the same element in the same thread, the same number in every thread;
/// nullopt where some thread does not hold it, holds it elsewhere, or the
/// layouts are not blocked, slice or accumulator layouts (a conversion that
/// moves no data: RegisterMaps.cpp).
std::optional<SmallVector<unsigned>> threadLocalRegisters(RankedTensorType src,
                                                          RankedTensorType dst);

/// Is `layout` a tensor-core layout (#tilegpu.mma or #tilegpu.dot_op)?
bool isMmaFamilyLayout(Attribute layout);

/// Tensors with a tilegpu layout become LLVM structs of the thread's
/// elements; !tile.ptr<T> becomes !llvm.ptr<1>; a shared-memory buffer
/// (!tilegpu.memdesc) becomes its start, an !llvm.ptr<3>.
class TileGPUTypeConverter : public LLVMTypeConverter {
public:
  explicit TileGPUTypeConverter(MLIRContext *ctx);
};

// ---- small builders shared by the patterns

Value i32Const(OpBuilder &b, Location loc, int64_t v);
/// An inline-asm statement without operands (side effects: kept in place).
void emitAsm(OpBuilder &b, Location loc, StringRef text);
/// The thread's index in the CTA (tid.x), its lane and its warp.
Value threadId(OpBuilder &b, Location loc);
/// tid.x read by a volatile asm move: a read that LLVM does not merge with
/// any other (values computed from it are not CSE'd with threadId's).
Value freshThreadId(OpBuilder &b, Location loc);
/// The warp index (tid.x / 32) broadcast from lane 0 (`shfl.sync.idx`), so
/// that ptxas knows it is warp-uniform, computed here.
Value warpIndex(OpBuilder &b, Location loc);
/// The same from freshThreadId: live only from here (LLVM does not merge
/// it with a read at the function's start, which would keep it in a
/// register through the kernel).
Value freshWarpIndex(OpBuilder &b, Location loc);
/// The same, computed once at the start of the entry block of the function
/// around the insertion point (where every thread of the CTA runs it) and
/// shared by every user in the function. Values derived from it are
/// loop-invariant: LLVM hoists them out of loops and keeps them in registers
/// across them.
Value uniformWarpIndex(OpBuilder &b, Location loc);
SmallVector<Value> unpackStruct(OpBuilder &b, Location loc, Value packed);
Value packStruct(OpBuilder &b, Location loc, Type structType,
                 ArrayRef<Value> elems);
/// `shfl.sync.bfly` of a 32-bit or narrower scalar (or a pointer).
Value shuffleXor(OpBuilder &b, Location loc, Value v, unsigned laneMask);
/// CTA-wide barrier: bar.sync 0, or, in a warp-specialized kernel
/// (kProducerWarpsAttr), named barrier 1 of its num_warps warps.
void barrier(OpBuilder &b, Location loc);
/// bar.warp.sync of all lanes: orders the shared-memory accesses of a warp.
void warpBarrier(OpBuilder &b, Location loc);
/// `a && c` of two i1 values, either of which may be null (no condition).
Value andPredicates(OpBuilder &b, Location loc, Value a, Value c);
/// Base address (addrspace 3) of the kernel's shared memory, the extern
/// array `@tilec_shared` (declared on first use).
Value sharedBase(OpBuilder &b, Location loc, Operation *user);
/// Typed shared-memory access at element index `idx` (i32) from `base`.
Value sharedElemPtr(OpBuilder &b, Location loc, Value base, Type elemType,
                    Value idx);
/// `@pred st.shared` of one 8/16/32/64-bit integer or float `v` at `ptr`
/// (addrspace 3): only the threads whose `pred` (i1) is set write.
void storeSharedIf(OpBuilder &b, Location loc, Value ptr, Value v, Value pred);

// ---- shared-memory staging (appended for reduce / convert_layout / dot)
//
// BARRIER CONVENTION. Shared memory is one arena, `@tilec_shared`, of
// `tilegpu.shared_bytes` (module attribute) bytes. The pass
// tilegpu-allocate-shared gives every op that stages data through it (its
// scratch: getScratchBytes) an offset, the op attribute
// `tilegpu.shared_offset`; ops whose scratch is live at the same time get
// disjoint ranges. Every such op writes its range, has a barrier() of its
// own between its writes and its reads, and ends with reads (no trailing
// barrier). The pass tilegpu-insert-barriers then puts a `tilegpu.barrier`
// before an op whose range overlaps what another op may have accessed since
// the last barrier on some path (program order, scf.if branches, loop back
// edges), and marks the module `tilegpu.barriers_inserted`. A move whose
// every thread reads only elements that threads of its own warp stored
// (isWarpLocalMove) has a bar.warp.sync in place of its own barrier: it
// fences nothing for the other warps, so the ranges accessed before it stay
// pending after it. The lowerings
// therefore emit no barrier before their first write, except when that
// marker is missing (the lowering run alone, e.g. in a lit test): then each
// op starts with a barrier() as before (leadingBarrier), and an op without
// an offset uses offset 0 and raises `tilegpu.shared_bytes` to its scratch.
//
// EXPLICIT BUFFERS. tilegpu.local_alloc creates a buffer
// (!tilegpu.memdesc) that lives from the alloc to its last use (or its
// local_dealloc); tilegpu-allocate-shared places it with the scratch
// buffers and puts its offset on the local_alloc. Its accesses are single
// phases without a barrier of their own: local_alloc with an initial value
// and local_store write the buffer's range, local_load reads it.
// tilegpu-insert-barriers puts a barrier before a write whose range
// overlaps anything accessed since the last barrier (WAR, WAW) and before a
// read whose range overlaps anything written since (RAW). Run alone, their
// lowerings start with leadingBarrier() like the scratch users, and a
// local_alloc without an offset uses offset 0 and raises
// `tilegpu.shared_bytes` to its buffer's size.

/// Attribute names of the shared-memory arena.
constexpr const char kSharedOffsetAttr[] = "tilegpu.shared_offset";
constexpr const char kSharedBytesAttr[] = "tilegpu.shared_bytes";
constexpr const char kBarriersInsertedAttr[] = "tilegpu.barriers_inserted";

/// Bytes of shared memory the lowering of `op` uses (0: none). The one
/// formula both the allocation and the lowerings use (Scratch.cpp).
uint64_t getScratchBytes(Operation *op);
/// The scratch of an atomic (see Scratch.cpp): 0 when its result is unused
/// or every thread holds distinct elements.
uint64_t atomicScratchBytes(Operation *op);
/// Whether a tile of `type` (a blocked layout) has elements that several
/// threads of the CTA hold: it is smaller than the layout's CTA tile, or the
/// CTA (`tile.num_warps` of `op`'s module) has threads the layout does not
/// span.
bool layoutReplicates(RankedTensorType type, Operation *op);
/// i1: the thread is the one holder of its element k that accesses memory
/// for it (its place is no replica: emitIndices' unwrapped index inside the
/// shape, and the thread is one the layout spans). Blocked layouts.
Value emitOwnerPredicate(OpBuilder &b, Location loc, const LayoutInfo &info,
                         const LayoutInfo::ThreadCoords &tc, unsigned k);
/// Elements per access of the load, store or atomic `op` on a tile of
/// `type` (a blocked layout): its `tilegpu.vector` (tilegpu-coalesce) if
/// every aligned run of that many thread-local elements is one
/// sizePerThread chunk's consecutive elements along order[0]; else 1.
unsigned accessVectorWidth(Operation *op, RankedTensorType type,
                           const LayoutInfo &info);
/// Thread-local elements of `op` (a load or store on a tile of `type`)
/// whose addresses are consecutive: the runs along the layout's fastest
/// dimension that its `tilegpu.contiguity` (tilegpu-coalesce) allows, or
/// its vector; at least 1.
unsigned addressRunWidth(Operation *op, RankedTensorType type,
                         const LayoutInfo &info);
/// Elements of padding after each row of a rank-2 convert_layout's staging
/// buffer (16 bytes where a row is a multiple of 128 bytes, else 0): rows
/// then start in different banks, so that a layout whose warp spans several
/// rows (the mma accumulators, 8 rows a warp) stores without the 4-8-way
/// bank conflicts of an unpadded row-major buffer.
unsigned convertLayoutRowPad(RankedTensorType srcType);
/// The type tile.dot computes in, from the element types of a, b and acc:
/// f64 if any is f64, else f32 for floats; for integers acc's type, at least
/// i32.
Type getDotComputeType(Type aElt, Type bElt, Type cElt);
/// The layout of a cross-warp tile.reduce's scratch: `slots` accumulators
/// of `valueBytes` each, then (argmax/argmin) `slots` i32 indices.
struct ReduceScratch {
  unsigned numWarps = 1, slots = 0, valueBytes = 0;
  bool withIndex = false;
  uint64_t bytes() const {
    return uint64_t(slots) * valueBytes + (withIndex ? uint64_t(slots) * 4 : 0);
  }
};
/// Whether one warp covers `op`'s operand along the reduced dimension while
/// several warps lie along it (every warp holds a whole copy: the reduction
/// stays within warps, no shared memory).
bool warpLocalReduce(tile::ReduceOp op);
/// None when the reduction needs no shared memory (one warp along the axis,
/// or warpLocalReduce).
std::optional<ReduceScratch> getReduceScratch(tile::ReduceOp op);
/// The start (addrspace 3) of `user`'s scratch (or, for a local_alloc, of
/// its buffer): @tilec_shared plus its `tilegpu.shared_offset` (0 without
/// one; see above).
Value sharedScratch(OpBuilder &b, Location loc, Operation *user);
/// The barrier before `user`'s first write: nothing once
/// tilegpu-insert-barriers has run, else barrier().
void leadingBarrier(OpBuilder &b, Location loc, Operation *user);

/// Whether `op` (a convert_layout, tile.trans or tile.reshape that moves its
/// elements through shared memory) has each thread read only elements that
/// threads of its own warp stored: its barrier between the stores and the
/// loads is then a bar.warp.sync (see the BARRIER CONVENTION). Where the
/// layouts replicate the tile across warps, every warp would store the
/// same places that other warps read after only their own bar.warp.sync
/// (the right values, but a race by compute-sanitizer's racecheck): such a
/// move is warp-local only with a copy of the buffer a warp
/// (warpLocalCopies), for tiles up to 4 KB; larger ones are not.
bool isWarpLocalMove(Operation *op);
/// The copies of `op`'s staging buffer, one a warp of the CTA, if it is a
/// warp-local move of a replicated tile (see isWarpLocalMove); else 1.
unsigned warpLocalCopies(Operation *op);
/// The bytes of one copy of the staging buffer of `op` (a convert_layout,
/// tile.trans or tile.reshape moving through shared memory; 0 otherwise).
uint64_t moveStagingBytes(Operation *op);
/// The bytes between two warps' copies (warpLocalCopies): moveStagingBytes
/// rounded up to 16, so that every copy is 16-byte aligned.
uint64_t warpCopyBytes(Operation *op);

/// The type an element of `t` (an LLVM scalar type) is kept as in shared
/// memory: pointers as i64, i1 as i8, everything else unchanged.
Type sharedStorageType(Type t);
/// `v` converted to sharedStorageType(v.getType()), and back to `t`.
Value toSharedStorage(OpBuilder &b, Location loc, Value v);
Value fromSharedStorage(OpBuilder &b, Location loc, Value v, Type t);
/// Size in bytes of a scalar LLVM type kept in shared memory.
unsigned sharedStorageBytes(Type t);
/// Element offset (i32) in `buffer` of the element at indices `idx` (i32):
/// row-major, or swizzled by the buffer's #tilegpu.shared encoding.
Value sharedOffset(OpBuilder &b, Location loc, MemDescType buffer,
                   ArrayRef<Value> idx);
/// Can the dot-operand tile `type` be read from `buffer` with ldmatrix
/// (16-bit operands, 32-bit A operands; rows of whole 16-byte chunks)?
bool canUseLdmatrix(RankedTensorType type, MemDescType buffer);
/// The thread's elements of the dot-operand tile `type` read from `buffer`
/// (at `base`) with ldmatrix; with onlyK >= 0 only those of k block onlyK
/// (the others are left null).
SmallVector<Value> loadWithLdmatrix(OpBuilder &b, Location loc,
                                    RankedTensorType type, MemDescType buffer,
                                    Value base, int onlyK = -1);
/// Is `op` read by its one user, a tensor-core dot, with ldmatrix issued by
/// the dot's lowering k block by k block (or, for wgmma, through matrix
/// descriptors)? Decided by markDeferredDotOperands before the conversion:
/// the dot must follow the load with only the other operand's local_load
/// and pure ops in between.
bool isDeferredDotOperand(LocalLoadOp op);
/// Is the buffer `op` reads filled only by async_copy (cp.async)? Then a
/// wgmma may read it without fence.proxy.async (as Triton and CUTLASS
/// treat cp.async-filled operands); a buffer written by st.shared
/// (local_store, local_alloc with a value) needs the fence. Also decided by
/// markDeferredDotOperands.
bool isWrittenOnlyByAsyncCopy(LocalLoadOp op);
/// Is the buffer that `view` is (a view of) read by the async proxy (a
/// wgmma, a tilegpu.tma_store)? Then whoever writes it through the generic
/// proxy (st.shared of local_alloc with a value, local_store) issues
/// fence.proxy.async after its stores and before the barrier that the
/// reader waits at: the fence orders the writing thread's own stores, so it
/// must be the writer's. Also decided by markDeferredDotOperands.
bool isReadByAsyncProxy(Value view);
void markDeferredDotOperands(Operation *root);
/// Row-major linear index (i32) of the per-dimension indices `idx` (i32)
/// in `shape`.
Value linearIndex(OpBuilder &b, Location loc, ArrayRef<Value> idx,
                  ArrayRef<int64_t> shape);

// ---- pattern families (one file each)

/// `computeCapability` (e.g. 90) decides where 16-bit floats go in pairs.
void populateElementwiseOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                         RewritePatternSet &patterns,
                                         int computeCapability);
/// `computeCapability`: from 80 on, eviction policies also set L2 policies.
void populateAtomicOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                    RewritePatternSet &patterns,
                                    int computeCapability);
void populateLoadStoreOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                       RewritePatternSet &patterns,
                                       int computeCapability);
void populateReduceOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                    RewritePatternSet &patterns);
void populateConvertLayoutOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                           RewritePatternSet &patterns);
void populateDotOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                 RewritePatternSet &patterns);
void populateSharedMemoryOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                          RewritePatternSet &patterns);
/// Whether `t` (or its element type) is an fp8 type (i8 bits in LLVM).
bool isFp8Type(Type t);
/// arith.truncf / arith.extf to and from fp8 (PTX cvt, sm_89+).
void populateFp8OpToLLVMPatterns(TileGPUTypeConverter &converter,
                                 RewritePatternSet &patterns,
                                 int computeCapability);
void populateHistogramOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                       RewritePatternSet &patterns);
void populateInlineAsmOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                       RewritePatternSet &patterns);
/// Set by markProducerOps, before the lowering, on the mbarrier and TMA
/// ops of its producer region, which one warp runs: their elected lane is
/// that warp's (not warp 0's).
inline constexpr llvm::StringLiteral kProducerOpAttr = "tilegpu.producer_op";
/// tilegpu.warp_specialize: the split of the CTA into producer and
/// consumer warps (WarpSpecializeOpToLLVM.cpp).
void markProducerOps(ModuleOp module);
void populateWarpSpecializeOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                            RewritePatternSet &patterns);
/// The mbarrier ops and TMA copies (TmaOpToLLVM.cpp).
void populateTmaOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                 RewritePatternSet &patterns);
void populateSplitOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                   RewritePatternSet &patterns);
void populatePrintOpToLLVMPatterns(TileGPUTypeConverter &converter,
                                   RewritePatternSet &patterns);

} // namespace mlir::tilegpu

#endif // TILEC_CONVERSION_TILEGPUTOLLVM_H
