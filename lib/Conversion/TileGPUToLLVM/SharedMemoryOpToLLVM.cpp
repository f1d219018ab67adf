//===- SharedMemoryOpToLLVM.cpp - local_alloc/store/load/dealloc ----------===//
//
// A shared-memory buffer (!tilegpu.memdesc) is the address (addrspace 3) of
// its first element: @tilec_shared plus the local_alloc's
// `tilegpu.shared_offset` (given by tilegpu-allocate-shared). Elements are
// kept as sharedStorageType (pointers as i64, i1 as i8), row-major, or for
// a buffer with a #tilegpu.shared encoding at the swizzled place
// SharedAttr::getOffset gives (sharedOffset below).
//  - local_alloc: the address; with an initial value, stored as local_store
//    does;
//  - local_store: each thread stores each of its elements at its place;
//    a blocked layout's consecutive elements along the last dimension go
//    as one vector store (up to 16 bytes, never across a swizzle chunk).
//    Replicated elements (a tile smaller than the CTA tile, slice layouts)
//    are stored by every thread holding them: the same value to the same
//    address, as convert_layout does;
//  - local_load: each thread loads each of its elements from there; into
//    a #tilegpu.dot_op layout, 16-bit operands (and 32-bit A operands) are
//    read with ldmatrix (x4: four 8x8 matrices of 16-bit words per
//    instruction; .trans for B, which is kept K-major). When the load's
//    one user is a tensor-core dot, the dot issues those ldmatrix itself,
//    one k block at a time next to its mma (fewer live registers), and the
//    local_load lowers to nothing (isDeferredDotOperand);
//  - local_dealloc: nothing (the allocation is static);
//  - memdesc_subview: the slot's start (index * slot bytes further);
//  - async_copy: one cp.async (.cg for 16 bytes, .ca for 4 and 8) per run
//    of `vector` elements, source size 0 (zero fill) where masked off;
//    async_commit_group / async_wait: cp.async.commit_group / wait_group.
// No barriers of their own: tilegpu-insert-barriers places those the
// accesses need (see EXPLICIT BUFFERS in TileGPUToLLVM.h); run without it,
// each write and read starts with leadingBarrier().
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/TileGPUToLLVM.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

bool hasLayout(Type t) {
  auto r = dyn_cast<RankedTensorType>(t);
  return r && r.getEncoding();
}

/// Elements of one vector store of a run of a blocked layout's elements
/// starting at thread-local element k (1: store alone), along tensor
/// dimension `last` (the buffer's contiguous one; default: the last).
unsigned storeRun(const LayoutInfo &info, unsigned k, unsigned maxRun,
                  int contiguous = -1) {
  if (!info.isBlocked() || maxRun <= 1)
    return 1;
  unsigned last = contiguous < 0 ? info.rank() - 1 : contiguous;
  BlockedAttr base = info.getBase();
  unsigned d = info.baseDim(last);
  if (base.getOrder()[0] != d)
    return 1;
  unsigned spt = base.getSizePerThread()[d];
  unsigned run = std::min(spt, maxRun);
  if (run <= 1 || spt % run != 0 || info.elemsAlong(last) % run != 0)
    return 1;
  SmallVector<unsigned> c = info.elemCoords(k);
  if (c[last] % run != 0)
    return 1;
  return run;
}

/// The runs (SharedRuns.cpp) in which a thread's elements of a tile of
/// `type` go to or come from `buffer`; none where the host cannot evaluate
/// the buffer's places (encoded buffers of rank other than 2).
std::optional<SmallVector<SharedRun>>
bufferRuns(RankedTensorType type, MemDescType buffer, Type storeT) {
  if (buffer.getEncoding() && buffer.getRank() != 2)
    return std::nullopt;
  if (type.getRank() != buffer.getRank())
    return std::nullopt;
  return planSharedRuns(
      LayoutInfo(type), maxSharedRun(storeT, getBufferBytes(buffer)),
      [&](ArrayRef<int64_t> idx) { return hostSharedOffset(buffer, idx); });
}

/// The address of a thread's element k of a tile laid out as `info` in
/// `buffer` (from `base`).
auto elementAddress(OpBuilder &b, Location loc, const LayoutInfo &info,
                    const LayoutInfo::ThreadCoords &tc, Value base, Type storeT,
                    MemDescType buffer) {
  return [&b, loc, &info, &tc, base, storeT, buffer](unsigned k) {
    SmallVector<Value> idx = info.emitIndices(b, loc, tc, k);
    return sharedElemPtr(b, loc, base, storeT,
                         sharedOffset(b, loc, buffer, idx));
  };
}

/// Stores the thread's elements of `packed` (a tile of type `type`) at
/// their places in `buffer` (from `base`).
void storeTile(ConversionPatternRewriter &b, Operation *op,
               const TypeConverter *converter, Value packed,
               RankedTensorType type, MemDescType buffer, Value base) {
  Location loc = op->getLoc();
  Type elt = converter->convertType(type.getElementType());
  Type storeT = sharedStorageType(elt);
  LayoutInfo info(type);
  SmallVector<Value> in = unpackStruct(b, loc, packed);
  auto tc = info.emitThreadCoords(b, loc);
  leadingBarrier(b, loc, op);
  // Unplanned: vector stores of plain numbers only, never across a swizzle
  // chunk.
  unsigned bytes = sharedStorageBytes(elt);
  unsigned maxRun = elt.isIntOrFloat() && !elt.isInteger(1) ? 16 / bytes : 1;
  if (auto shared = dyn_cast_or_null<SharedAttr>(buffer.getEncoding()))
    maxRun = isTransposedBuffer(buffer) ? 1 : std::min(maxRun, shared.getVec());
  storeElements(
      b, loc, bufferRuns(type, buffer, storeT),
      [&](unsigned k) { return storeRun(info, k, maxRun); },
      elementAddress(b, loc, info, tc, base, storeT, buffer), in);
}

} // namespace

bool mlir::tilegpu::canUseLdmatrix(RankedTensorType type, MemDescType buffer) {
  LayoutInfo info(type);
  if (info.kind() != LayoutInfo::Kind::DotA &&
      info.kind() != LayoutInfo::Kind::DotB)
    return false;
  Type elt = type.getElementType();
  if (!elt.isIntOrFloat())
    return false;
  unsigned bits = elt.getIntOrFloatBitWidth();
  bool isB = info.kind() == LayoutInfo::Kind::DotB;
  auto shared = dyn_cast_or_null<SharedAttr>(buffer.getEncoding());
  // A transposed buffer holds B K-major: ldmatrix without .trans, which
  // also reads 32-bit (tf32) elements; or A M-major: ldmatrix .trans, 16-bit
  // only.
  bool transposed = isTransposedBuffer(buffer);
  if (transposed && !isB && bits != 16)
    return false;
  if (bits != 16 && !(bits == 32 && (!isB || transposed)))
    return false;
  // Every 8-element (16-byte) row of an 8x8 matrix must be one 16-byte
  // aligned chunk: rows of whole chunks, swizzled by 16-byte chunks (the
  // rows of a transposed buffer are its columns).
  int64_t rowElems = type.getDimSize(transposed ? 0 : 1);
  if ((rowElems * bits) % 128 != 0)
    return false;
  if (shared)
    return shared.getVec() * bits == 128;
  return !buffer.getEncoding();
}

/// Decided before the conversion starts (markDeferredDotOperands): while it
/// runs, the IR between a load and its dot holds half-converted ops.
static bool shouldDefer(LocalLoadOp op) {
  // Every user is a tensor-core dot of this block that reads it as an
  // operand. The reads move to the dots, so nothing before the last of them
  // may write shared memory (only other local_loads and pure ops may sit
  // there).
  Operation *last = nullptr;
  bool hopper = true;
  for (Operation *user : op->getUsers()) {
    auto dot = dyn_cast<tile::DotOp>(user);
    auto mma = dot ? dyn_cast_or_null<MmaAttr>(
                         cast<RankedTensorType>(dot.getType()).getEncoding())
                   : MmaAttr();
    if (!mma || dot->getBlock() != op->getBlock() ||
        (dot.getA() != op.getResult() && dot.getB() != op.getResult()))
      return false;
    hopper = hopper && mma.isHopper();
    if (!last || last->isBeforeInBlock(dot))
      last = dot;
  }
  if (!last)
    return false;
  for (Operation *it = op->getNextNode(); it && it != last;
       it = it->getNextNode())
    if (!isa<LocalLoadOp>(it) && !isPure(it))
      return false;
  // wgmma reads the buffer itself, at each dot (several may share it: a
  // gated MLP's A); mma.sync's one dot reads it with ldmatrix.
  if (hopper)
    return true;
  return op->hasOneUse() && canUseLdmatrix(cast<RankedTensorType>(op.getType()),
                                           op.getSrc().getType());
}

constexpr const char kDeferredAttr[] = "tilegpu.deferred_dot_operand";
constexpr const char kAsyncWrittenAttr[] = "tilegpu.async_written_operand";
constexpr const char kAsyncReadAttr[] = "tilegpu.async_proxy_read";

/// The local_alloc that `view` is (a view of), or null.
static LocalAllocOp rootAlloc(Value view) {
  return rootBuffer(view).getDefiningOp<LocalAllocOp>();
}

/// Is every write to the buffer that `view` is (a view of) an async copy
/// (cp.async or TMA)? The root must be a local_alloc without an initial
/// value, and its views (memdesc_subview, any depth) may only be read, freed
/// or filled by async_copy or tma_copy; anything else (local_store, an initial
/// value, a use we do not know) writes through the generic proxy. Views are
/// memdesc_subview and memdesc_trans.
static bool writtenOnlyByAsyncCopy(Value view) {
  LocalAllocOp alloc = rootAlloc(view);
  if (!alloc || alloc.getInit())
    return false;
  SmallVector<Value> work{alloc.getResult()};
  while (!work.empty()) {
    Value cur = work.pop_back_val();
    for (Operation *user : cur.getUsers()) {
      if (isBufferView(user)) {
        work.push_back(user->getResult(0));
        continue;
      }
      if (isa<LocalLoadOp, LocalDeallocOp, AsyncCopyOp, TmaCopyOp, TmaStoreOp>(
              user))
        continue;
      return false;
    }
  }
  return true;
}

void mlir::tilegpu::markDeferredDotOperands(Operation *root) {
  root->walk([](tile::DotOp dot) {
    auto mma = dyn_cast_or_null<MmaAttr>(
        cast<RankedTensorType>(dot.getType()).getEncoding());
    if (!mma || !mma.isHopper())
      return;
    for (Value v : {dot.getA(), dot.getB()})
      if (auto load = v.getDefiningOp<LocalLoadOp>())
        if (LocalAllocOp alloc = rootAlloc(load.getSrc()))
          alloc->setAttr(kAsyncReadAttr, UnitAttr::get(dot.getContext()));
  });
  root->walk([](TmaStoreOp store) {
    if (LocalAllocOp alloc = rootAlloc(store.getSrc()))
      alloc->setAttr(kAsyncReadAttr, UnitAttr::get(store.getContext()));
  });
  root->walk([](LocalLoadOp op) {
    if (shouldDefer(op))
      op->setAttr(kDeferredAttr, UnitAttr::get(op.getContext()));
    else
      op->removeAttr(kDeferredAttr);
    if (writtenOnlyByAsyncCopy(op.getSrc()))
      op->setAttr(kAsyncWrittenAttr, UnitAttr::get(op.getContext()));
    else
      op->removeAttr(kAsyncWrittenAttr);
  });
}

bool mlir::tilegpu::isWrittenOnlyByAsyncCopy(LocalLoadOp op) {
  return op->hasAttr(kAsyncWrittenAttr);
}

bool mlir::tilegpu::isReadByAsyncProxy(Value view) {
  LocalAllocOp alloc = rootAlloc(view);
  return alloc && alloc->hasAttr(kAsyncReadAttr);
}

bool mlir::tilegpu::isDeferredDotOperand(LocalLoadOp op) {
  return op->hasAttr(kDeferredAttr);
}

SmallVector<Value> mlir::tilegpu::loadWithLdmatrix(OpBuilder &b, Location loc,
                                                   RankedTensorType type,
                                                   MemDescType buffer,
                                                   Value base, int onlyK) {
  LayoutInfo info(type);
  auto tc = info.emitThreadCoords(b, loc);
  Value lane = tc.lane[0];
  auto c = [&](int64_t v) { return i32Const(b, loc, v); };
  auto add = [&](Value x, Value y) {
    return b.create<LLVM::AddOp>(loc, x, y).getResult();
  };
  auto mul = [&](Value x, int64_t y) {
    return b.create<LLVM::MulOp>(loc, x, c(y)).getResult();
  };
  auto udiv = [&](Value x, int64_t y) {
    return b.create<LLVM::UDivOp>(loc, x, c(y)).getResult();
  };
  auto urem = [&](Value x, int64_t y) {
    return b.create<LLVM::URemOp>(loc, x, c(y)).getResult();
  };
  Type elt = type.getElementType();
  unsigned bits = elt.getIntOrFloatBitWidth();
  unsigned per = info.elemsPerBlock(), repK = info.repeatsK();
  unsigned kBlock = bits == 16 ? 16 : 8;
  Type i32 = b.getI32Type();
  SmallVector<Value> out(info.numElems());
  auto ldmatrix = [&](ArrayRef<Value> idx, unsigned num, bool trans) {
    Value ptr =
        sharedElemPtr(b, loc, base, elt, sharedOffset(b, loc, buffer, idx));
    auto resT = LLVM::LLVMStructType::getLiteral(b.getContext(),
                                                 SmallVector<Type>(num, i32));
    Value r = b.create<NVVM::LdMatrixOp>(loc, resT, ptr, num,
                                         trans ? NVVM::MMALayout::col
                                               : NVVM::MMALayout::row);
    return unpackStruct(b, loc, r);
  };
  // The elements of a 32-bit register.
  auto split = [&](Value reg, unsigned first) {
    if (bits == 32) {
      out[first] = b.create<LLVM::BitcastOp>(loc, elt, reg);
      return;
    }
    auto vecT = VectorType::get({2}, elt);
    Value v = b.create<LLVM::BitcastOp>(loc, vecT, reg);
    for (unsigned j = 0; j < 2; ++j)
      out[first + j] = b.create<LLVM::ExtractElementOp>(loc, v, c(j));
  };
  unsigned regElems = 32 / bits;
  bool transposed = isTransposedBuffer(buffer);
  if (info.kind() == LayoutInfo::Kind::DotA) {
    // Matrices (rows 0-7 | 8-15) x (k half 0 | 1). K-major (a plain
    // buffer): lane l addresses row l % 16 of its warp's 16 rows, k half
    // l / 16. M-major (a transposed buffer, whose rows are A's columns):
    // .trans, lane l addresses column l % 8 of k half l / 16 at the rows of
    // matrices 1 and 3 (+8).
    unsigned wm = info.mmaWarpsM();
    Value row0, col0;
    if (!transposed) {
      row0 = add(mul(tc.warp[0], 16), urem(lane, 16));
      col0 = mul(udiv(lane, 16), kBlock / 2);
    } else {
      row0 = add(mul(tc.warp[0], 16), mul(urem(udiv(lane, 8), 2), 8));
      col0 = add(mul(udiv(lane, 16), kBlock / 2), urem(lane, 8));
    }
    for (unsigned rm = 0; rm < info.repeatsMN(); ++rm)
      for (unsigned rk = 0; rk < repK; ++rk) {
        if (onlyK >= 0 && rk != unsigned(onlyK))
          continue;
        SmallVector<Value> regs =
            ldmatrix({add(row0, c(rm * 16 * wm)), add(col0, c(rk * kBlock))}, 4,
                     /*trans=*/transposed);
        unsigned first = (rm * repK + rk) * per;
        for (unsigned r = 0; r < 4; ++r)
          split(regs[r], first + r * regElems);
      }
    return out;
  }
  // B: x4 reads (k half 0 | 1) of two n-blocks of 8. N-major in shared
  // memory (a plain buffer): .trans, lane l addresses k row l % 8 (+ half
  // for matrices 1 and 3) of n-block l / 16. K-major (a transposed buffer,
  // whose rows are B's columns): no .trans, lane l addresses column
  // l % 8 of n-block l / 16 at the k half of matrices 1 and 3.
  unsigned wn = info.mmaWarpsN(), repN = info.repeatsMN();
  Value l8 = urem(lane, 8);
  Value kHalf = mul(urem(udiv(lane, 8), 2), kBlock / 2);
  Value krow0 = transposed ? kHalf : add(l8, kHalf);
  Value nHalf = udiv(lane, 16);
  Value colW = mul(tc.warp[1], 8);
  if (transposed)
    colW = add(colW, l8);
  for (unsigned rk = 0; rk < repK; ++rk)
    for (unsigned rn = 0; rn < repN; rn += 2) {
      if (onlyK >= 0 && rk != unsigned(onlyK))
        continue;
      bool pair = rn + 1 < repN;
      Value col = add(colW, c(rn * 8 * wn));
      if (pair)
        col = add(col, mul(nHalf, 8 * wn));
      SmallVector<Value> regs = ldmatrix({add(krow0, c(rk * kBlock)), col},
                                         pair ? 4 : 2, /*trans=*/!transposed);
      for (unsigned h = 0; h < (pair ? 2u : 1u); ++h) {
        unsigned first = ((rn + h) * repK + rk) * per;
        split(regs[2 * h], first);
        split(regs[2 * h + 1], first + regElems);
      }
    }
  return out;
}

namespace {

/// fence.proxy.async.shared::cta: this thread's generic-proxy writes to
/// shared memory before it, ordered before async-proxy (wgmma) reads.
void fenceProxyAsync(OpBuilder &b, Location loc) {
  emitAsm(b, loc, "fence.proxy.async.shared::cta;");
}

struct LocalAllocOpConversion : OpConversionPattern<LocalAllocOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(LocalAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getInit() && !hasLayout(op.getInit().getType()))
      return rewriter.notifyMatchFailure(op, "initial value without layout");
    Value base = sharedScratch(rewriter, op.getLoc(), op);
    if (op.getInit()) {
      storeTile(rewriter, op, getTypeConverter(), adaptor.getInit(),
                cast<RankedTensorType>(op.getInit().getType()), op.getType(),
                base);
      if (op->hasAttr(kAsyncReadAttr))
        fenceProxyAsync(rewriter, op.getLoc());
    }
    rewriter.replaceOp(op, base);
    return success();
  }
};

struct LocalStoreOpConversion : OpConversionPattern<LocalStoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(LocalStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!hasLayout(op.getSrc().getType()))
      return rewriter.notifyMatchFailure(op, "value without layout");
    storeTile(rewriter, op, getTypeConverter(), adaptor.getSrc(),
              cast<RankedTensorType>(op.getSrc().getType()),
              op.getDst().getType(), adaptor.getDst());
    if (isReadByAsyncProxy(op.getDst()))
      fenceProxyAsync(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }
};

struct LocalLoadOpConversion : OpConversionPattern<LocalLoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(LocalLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!hasLayout(op.getType()))
      return rewriter.notifyMatchFailure(op, "result without layout");
    auto type = cast<RankedTensorType>(op.getType());
    Location loc = op.getLoc();
    Type elt = getTypeConverter()->convertType(type.getElementType());
    Type storeT = sharedStorageType(elt);
    LayoutInfo info(type);
    Value base = adaptor.getSrc();
    MemDescType buffer = op.getSrc().getType();
    leadingBarrier(rewriter, loc, op);
    SmallVector<Value> out;
    if (isDeferredDotOperand(op)) {
      // The dot reads it, one k block at a time (DotOpToLLVM.cpp).
      rewriter.replaceOpWithNewOp<LLVM::UndefOp>(
          op, getTypeConverter()->convertType(type));
      return success();
    }
    if (canUseLdmatrix(type, buffer)) {
      out = loadWithLdmatrix(rewriter, loc, type, buffer, base);
    } else {
      auto tc = info.emitThreadCoords(rewriter, loc);
      SmallVector<Value> loaded(info.numElems());
      loadElements(
          rewriter, loc, bufferRuns(type, buffer, storeT),
          [](unsigned) { return 1u; },
          elementAddress(rewriter, loc, info, tc, base, storeT, buffer), storeT,
          loaded);
      for (Value v : loaded)
        out.push_back(fromSharedStorage(rewriter, loc, v, elt));
    }
    rewriter.replaceOp(
        op,
        packStruct(rewriter, loc, getTypeConverter()->convertType(type), out));
    return success();
  }
};

struct LocalDeallocOpConversion : OpConversionPattern<LocalDeallocOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(LocalDeallocOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.eraseOp(op);
    return success();
  }
};

/// A slot of a multi-buffered buffer: base + index * slot bytes.
/// The same bytes: the encoding of the result type says how to address
/// them.
struct MemDescTransOpConversion : OpConversionPattern<MemDescTransOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MemDescTransOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getSrc());
    return success();
  }
};

struct MemDescSubviewOpConversion : OpConversionPattern<MemDescSubviewOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MemDescSubviewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    uint64_t slotBytes = getBufferBytes(op.getType());
    Value off = rewriter.create<LLVM::MulOp>(
        loc, adaptor.getIndex(), i32Const(rewriter, loc, slotBytes));
    rewriter.replaceOpWithNewOp<LLVM::GEPOp>(
        op, LLVM::LLVMPointerType::get(rewriter.getContext(), kSharedAddrSpace),
        rewriter.getI8Type(), adaptor.getSrc(), ValueRange{off});
    return success();
  }
};

/// The scalar that `v`, an element taken out of a tile's struct, is: the
/// value inserted at its position (the lowering of the op that computed the
/// tile built the struct by insertvalue), or `v` itself.
Value elementValue(Value v) {
  auto ex = v.getDefiningOp<LLVM::ExtractValueOp>();
  if (!ex)
    return v;
  Value s = ex.getContainer();
  while (auto ins = s.getDefiningOp<LLVM::InsertValueOp>()) {
    if (ins.getPosition() == ex.getPosition())
      return ins.getValue();
    s = ins.getContainer();
  }
  return v;
}

/// The conjuncts of the i1 `m` (an `and` tree of a few levels, through the
/// elements of tiles: a bounds mask `row_ok & col_ok`).
void conjuncts(Value m, SmallVectorImpl<Value> &out, int depth = 4) {
  m = elementValue(m);
  if (depth > 0)
    if (auto a = m.getDefiningOp<arith::AndIOp>()) {
      conjuncts(a.getLhs(), out, depth - 1);
      conjuncts(a.getRhs(), out, depth - 1);
      return;
    }
  if (!llvm::is_contained(out, m))
    out.push_back(m);
}

/// The bytes a prefix-masked run copies: `eb` for each true mask bit.
/// Conjuncts that every bit of the run shares (the row part of a 2-D bounds
/// mask, the run lying along a row) select the sum once instead of entering
/// each bit, so that the rest (the column part, often loop-invariant) sums
/// to one value LLVM can keep out of a loop: one register a run instead of
/// a predicate an element (4 warps of attention over host descriptors held
/// 32 loop-invariant predicates a thread).
Value prefixRunBytes(OpBuilder &b, Location loc, ArrayRef<Value> bits,
                     unsigned eb) {
  SmallVector<SmallVector<Value>> parts(bits.size());
  for (auto [j, m] : llvm::enumerate(bits))
    conjuncts(m, parts[j]);
  SmallVector<Value> common;
  for (Value c : parts[0])
    if (llvm::all_of(parts, [&](auto &p) { return llvm::is_contained(p, c); }))
      common.push_back(c);
  auto all = [&](ArrayRef<Value> vs) -> Value {
    Value r;
    for (Value v : vs)
      r = r ? b.create<arith::AndIOp>(loc, r, v).getResult() : v;
    return r;
  };
  Value zero = i32Const(b, loc, 0), size = zero;
  for (auto &p : parts) {
    SmallVector<Value> rest;
    for (Value v : p)
      if (!llvm::is_contained(common, v))
        rest.push_back(v);
    Value one = i32Const(b, loc, eb);
    if (Value r = all(rest))
      one = b.create<LLVM::SelectOp>(loc, r, one, zero);
    size = b.create<LLVM::AddOp>(loc, size, one);
  }
  if (Value c = all(common))
    size = b.create<LLVM::SelectOp>(loc, c, size, zero);
  return size;
}

/// cp.async of each run of `vector` elements: the global address of its
/// first element, its place in the buffer, and a source size of 0 (zero
/// fill, no read) when its mask bit is false; the predicate guards the
/// instruction (`@p cp.async`: nothing is copied when it is false), so that
/// a loop-invariant mask's source sizes stay out of the loop and one
/// predicate serves every copy.
struct AsyncCopyOpConversion : OpConversionPattern<AsyncCopyOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(AsyncCopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto ptrType = cast<RankedTensorType>(op.getPtrs().getType());
    if (!ptrType.getEncoding())
      return rewriter.notifyMatchFailure(op, "pointers without a layout");
    LayoutInfo info(ptrType);
    if (!info.isBlocked())
      return rewriter.notifyMatchFailure(op,
                                         "pointers not in a blocked layout");
    OpBuilder &b = rewriter;
    Location loc = op.getLoc();
    MemDescType dstT = op.getDst().getType();
    Type elt = getTypeConverter()->convertType(dstT.getElementType());
    unsigned vec = op.getVector();
    unsigned bytes = vec * sharedStorageBytes(elt);
    SmallVector<Value> ptrs = unpackStruct(b, loc, adaptor.getPtrs());
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackStruct(b, loc, adaptor.getMask());
    auto tc = info.emitThreadCoords(b, loc);
    bool prefix = hasMaskPrefix(op) && vec > 1;
    Value pred = adaptor.getPred();
    std::string asmStr = std::string(pred ? "@$3 " : "") + "cp.async." +
                         (bytes == 16 ? "cg" : "ca") +
                         ".shared.global [ $0 + 0 ], [ $1 + 0 ], " +
                         std::to_string(bytes) + ", $2;";
    int contiguous = contiguousDim(dstT);
    // A run's place in the buffer is, in every thread, that of an earlier
    // run plus the same constant wherever the swizzle allows (e.g. rows 8
    // apart under a 128-byte swizzle): one address per base, immediates for
    // the rest, instead of one live register per copy.
    auto shared = dyn_cast_or_null<SharedAttr>(dstT.getEncoding());
    unsigned threads = info.numThreads();
    // (sharedOffset swizzles the first two indices of an encoded buffer:
    // rank 2 only here.)
    bool hostOK = dstT.getRank() == ptrType.getRank() &&
                  (!shared || dstT.getRank() == 2) && threads <= 1024;
    auto hostOffset = [&](unsigned tid, unsigned k) {
      return hostSharedOffset(dstT, info.hostIndices(tid, k));
    };
    unsigned numRuns = (info.numElems() + vec - 1) / vec;
    // Run j (element j * vec): {base run, element delta}; each its own base
    // without the host check. Each address is computed at its copy.
    SmallVector<SharedRun> runs;
    for (unsigned j = 0; j < numRuns; ++j)
      runs.push_back({j * vec, vec, j, 0});
    if (hostOK) {
      auto bases =
          findConstantOffsets(numRuns, threads, [&](unsigned t, unsigned j) {
            return hostOffset(t, j * vec);
          });
      for (auto [run, base] : llvm::zip(runs, bases))
        std::tie(run.base, run.delta) = base;
    }
    auto address = [&](unsigned k) {
      SmallVector<Value> idx = info.emitIndices(b, loc, tc, k);
      return sharedElemPtr(b, loc, adaptor.getDst(), elt,
                           sharedOffset(b, loc, dstT, idx));
    };
    RunAddresses dsts(b, loc, runs, /*planned=*/true, elt, address,
                      /*eager=*/false);
    for (unsigned k = 0; k < info.numElems(); k += vec) {
      if (vec > 1 && storeRun(info, k, vec, contiguous) != vec)
        return rewriter.notifyMatchFailure(
            op, "vector runs do not follow the layout's fastest dimension");
      Value dst = dsts[k / vec];
      Value size = i32Const(b, loc, bytes);
      if (!masks.empty() && prefix) {
        // A prefix mask (tilegpu-coalesce): the in-bounds elements' bytes;
        // cp.async zero-fills the rest.
        size = prefixRunBytes(b, loc, ArrayRef<Value>(masks).slice(k, vec),
                              bytes / vec);
      } else if (!masks.empty()) {
        size =
            b.create<LLVM::SelectOp>(loc, masks[k], size, i32Const(b, loc, 0));
      }
      SmallVector<Value> operands{dst, ptrs[k], size};
      if (pred)
        operands.push_back(pred);
      b.create<LLVM::InlineAsmOp>(
          loc, TypeRange{}, operands, asmStr, pred ? "r,l,r,b" : "r,l,r",
          /*has_side_effects=*/true,
          /*is_align_stack=*/false, LLVM::AsmDialectAttr(), ArrayAttr());
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct AsyncCommitGroupOpConversion : OpConversionPattern<AsyncCommitGroupOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(AsyncCommitGroupOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncCommitGroupOp>(op);
    return success();
  }
};

struct AsyncWaitOpConversion : OpConversionPattern<AsyncWaitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(AsyncWaitOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncWaitGroupOp>(op, op.getNum());
    return success();
  }
};

} // namespace

void mlir::tilegpu::populateSharedMemoryOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<LocalAllocOpConversion, LocalStoreOpConversion,
               LocalLoadOpConversion, LocalDeallocOpConversion,
               MemDescSubviewOpConversion, MemDescTransOpConversion,
               AsyncCopyOpConversion, AsyncCommitGroupOpConversion,
               AsyncWaitOpConversion>(converter, patterns.getContext());
}
