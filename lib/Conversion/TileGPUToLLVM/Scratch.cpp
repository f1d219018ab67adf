//===- Scratch.cpp - Shared-memory scratch of the ops that stage through it
//===//
//
// The one place that says how many bytes of shared memory an op's lowering
// uses (its "scratch"): the allocation pass (tilegpu-allocate-shared) sizes
// the arena with it and the lowerings lay their data out inside it.
//
//  - tilegpu.convert_layout (different source and result types), tile.trans,
//    tile.reshape, tile.gather (with layouts): the operand's numel * bytes
//    per element kept in shared memory (pointers as i64, i1 as i8:
//    sharedStorageType; moveStagingBytes). A warp-local move of a tile
//    that the layouts replicate across warps takes one copy a warp, each
//    16-byte aligned (warpLocalCopies).
//  - tile.histogram: one i32 counter per bin.
//  - tile.sort whose network crosses warps: numel elements (their
//    row-major places; sortScratchBytes).
//  - tile.reduce whose reduced dimension spans several warps:
//    numOut * 32 * numWarps slots of the accumulator type (f32 for f16 and
//    bf16), plus as many i32 indices for argmax / argmin (after the values).
//  - tile.dot on the FMA path: (M*K + K*N) elements of the compute type
//    (none on tensor cores: its operands were staged by local_alloc).
//  - tile.atomic_rmw / tile.atomic_cas whose result is used: on a scalar
//    pointer (one thread does the access) one element, which that thread
//    passes to the others; on a tile whose layout holds elements in several
//    threads (only one of them does the access), numel elements
//    (atomicScratchBytes).
// Everything else: 0 (no shared memory). The explicit buffers of
// tilegpu.local_alloc are no scratch; their size is getBufferBytes.
//
//===----------------------------------------------------------------------===//

#include "CombineRegion.h"
#include "tilec/Conversion/TileGPUToLLVM.h"

#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

bool hasLayouts(Type a, Type b) {
  auto x = dyn_cast<RankedTensorType>(a), y = dyn_cast<RankedTensorType>(b);
  return x && y && x.getEncoding() && y.getEncoding();
}

/// Bytes of one element of a tile's element type (a builtin scalar or
/// !tile.ptr) once kept in shared memory; sharedStorageBytes of its LLVM
/// type.
uint64_t storageBytesOf(Type t) {
  if (isa<tile::PointerType, LLVM::LLVMPointerType>(t))
    return 8; // kept as i64
  if (t.isIntOrFloat())
    return (t.getIntOrFloatBitWidth() + 7) / 8; // i1 as i8
  return 8;
}

uint64_t stagingBytes(Type srcType, Type dstType) {
  if (!hasLayouts(srcType, dstType))
    return 0;
  auto src = cast<RankedTensorType>(srcType);
  return uint64_t(src.getNumElements()) * storageBytesOf(src.getElementType());
}

} // namespace

Type mlir::tilegpu::getDotComputeType(Type aElt, Type bElt, Type cElt) {
  MLIRContext *ctx = cElt.getContext();
  if (isa<FloatType>(cElt))
    return (aElt.isF64() || bElt.isF64() || cElt.isF64())
               ? Type(Float64Type::get(ctx))
               : Type(Float32Type::get(ctx));
  return cElt.getIntOrFloatBitWidth() >= 32 ? cElt
                                            : Type(IntegerType::get(ctx, 32));
}

bool mlir::tilegpu::warpLocalReduce(tile::ReduceOp op) {
  auto srcType = dyn_cast<RankedTensorType>(op.getSrc().getType());
  if (!srcType || !srcType.getEncoding())
    return false;
  LayoutInfo src(srcType);
  if (!src.isBlocked())
    return false;
  BlockedAttr base = src.getBase();
  unsigned D = src.baseDim(op.getAxis());
  // One chunk of sizePerThread along D: element e of lane l in warp w then
  // sits at w * cover + l * spt + e (emitIndices' unwrapped index).
  if (src.elemsAlong(op.getAxis()) != base.getSizePerThread()[D])
    return false;
  uint64_t cover =
      uint64_t(base.getSizePerThread()[D]) * base.getThreadsPerWarp()[D];
  return base.getWarpsPerCTA()[D] > 1 &&
         cover >= uint64_t(srcType.getDimSize(op.getAxis()));
}

std::optional<ReduceScratch>
mlir::tilegpu::getReduceScratch(tile::ReduceOp op) {
  auto srcType = dyn_cast<RankedTensorType>(op.getSrc().getType());
  if (!srcType || !srcType.getEncoding())
    return std::nullopt;
  Type elt = srcType.getElementType();
  if (!elt.isIntOrFloat())
    return std::nullopt;
  LayoutInfo src(srcType);
  if (!src.hasDims())
    return std::nullopt;
  unsigned D = src.baseDim(op.getAxis());
  if (src.warpsAlong(D) <= 1 || warpLocalReduce(op))
    return std::nullopt;
  ReduceScratch s;
  unsigned numOut = 1;
  if (auto dstType = dyn_cast<RankedTensorType>(op.getType()))
    if (dstType.getEncoding())
      numOut = LayoutInfo(dstType).numElems();
  // Warps of the CTA (a layout may use fewer: then the others hold
  // replicas, and still need their own slots).
  s.numWarps = 1;
  for (unsigned d = 0; d < src.baseRank(); ++d)
    s.numWarps *= src.warpsAlong(d);
  s.numWarps = std::max<unsigned>(s.numWarps, tile::getNumWarps(op, 0));
  s.slots = numOut * 32 * s.numWarps;
  unsigned bits =
      (elt.isF16() || elt.isBF16()) ? 32 : elt.getIntOrFloatBitWidth();
  s.valueBytes = (bits + 7) / 8;
  s.withIndex = op.getKind() == tile::ReduceKind::argmax ||
                op.getKind() == tile::ReduceKind::argmin;
  return s;
}

unsigned mlir::tilegpu::convertLayoutRowPad(RankedTensorType srcType) {
  if (srcType.getRank() != 2)
    return 0;
  uint64_t bytes = storageBytesOf(srcType.getElementType());
  if ((uint64_t(srcType.getDimSize(1)) * bytes) % 128 != 0 || bytes > 16)
    return 0;
  return unsigned(16 / bytes);
}

bool mlir::tilegpu::layoutReplicates(RankedTensorType type, Operation *op) {
  LayoutInfo info(type);
  if (!info.isBlocked())
    return false;
  uint64_t ctaThreads = info.numThreads();
  ctaThreads = std::max<uint64_t>(ctaThreads, 32 * tile::getNumWarps(op, 0));
  return uint64_t(info.numElems()) * info.numThreads() >
             uint64_t(type.getNumElements()) ||
         ctaThreads != info.numThreads();
}

uint64_t mlir::tilegpu::atomicScratchBytes(Operation *op) {
  if (!isa<tile::AtomicRMWOp, tile::AtomicCASOp>(op) ||
      op->getResult(0).use_empty())
    return 0;
  Type ptrType = op->getOperand(0).getType();
  Type resType = op->getResult(0).getType();
  auto t = dyn_cast<RankedTensorType>(resType);
  if (!t)
    return isa<RankedTensorType>(ptrType) ? 0 : storageBytesOf(resType);
  if (!t.getEncoding())
    return 0;
  if (!layoutReplicates(t, op))
    return 0; // every element in one thread (or not a blocked layout): no
              // exchange
  return uint64_t(t.getNumElements()) * storageBytesOf(t.getElementType());
}

uint64_t mlir::tilegpu::moveStagingBytes(Operation *op) {
  if (auto cvt = dyn_cast<ConvertLayoutOp>(op)) {
    if (cvt.getSrc().getType() == cvt.getType() ||
        !hasLayouts(cvt.getSrc().getType(), cvt.getType()))
      return 0;
    auto src = cast<RankedTensorType>(cvt.getSrc().getType());
    auto dst = cast<RankedTensorType>(cvt.getType());
    if (isRegisterConversion(src, dst) || threadLocalRegisters(src, dst))
      return 0;
    uint64_t pad = convertLayoutRowPad(src);
    uint64_t rows = pad ? uint64_t(src.getDimSize(0)) : 0;
    return stagingBytes(src, cvt.getType()) +
           rows * pad * storageBytesOf(src.getElementType());
  }
  if (auto t = dyn_cast<tile::TransOp>(op))
    return stagingBytes(t.getSrc().getType(), t.getType());
  if (auto r = dyn_cast<tile::ReshapeOp>(op))
    return stagingBytes(r.getSrc().getType(), r.getType());
  return 0;
}

uint64_t mlir::tilegpu::getScratchBytes(Operation *op) {
  if (isa<tile::ScanOp, tile::GenericReduceOp>(op))
    return combineScratchBytes(op); // CombineRegion.cpp
  if (auto s = dyn_cast<tile::SortOp>(op))
    return sortScratchBytes(s); // SortOpToLLVM.cpp
  if (isa<tile::AtomicRMWOp, tile::AtomicCASOp>(op))
    return atomicScratchBytes(op);
  if (isa<ConvertLayoutOp, tile::TransOp, tile::ReshapeOp>(op)) {
    unsigned copies = warpLocalCopies(op);
    return copies > 1 ? warpCopyBytes(op) * copies : moveStagingBytes(op);
  }
  if (auto g = dyn_cast<tile::GatherOp>(op))
    return stagingBytes(g.getSrc().getType(), g.getType());
  if (auto h = dyn_cast<tile::HistogramOp>(op))
    return hasLayouts(h.getSrc().getType(), h.getType())
               ? uint64_t(cast<RankedTensorType>(h.getType()).getDimSize(0)) * 4
               : 0;
  if (auto r = dyn_cast<tile::ReduceOp>(op)) {
    if (auto s = getReduceScratch(r))
      return s->bytes();
    return 0;
  }
  if (auto d = dyn_cast<tile::DotOp>(op)) {
    auto aType = dyn_cast<RankedTensorType>(d.getA().getType());
    auto bType = dyn_cast<RankedTensorType>(d.getB().getType());
    auto cType = dyn_cast<RankedTensorType>(d.getAcc().getType());
    if (!aType || !bType || !cType || !aType.getEncoding() ||
        !bType.getEncoding() || !cType.getEncoding() || aType.getRank() != 2 ||
        bType.getRank() != 2)
      return 0;
    if (isa<MmaAttr>(cType.getEncoding()))
      return 0; // tensor cores: operands come in registers
    int64_t M = aType.getDimSize(0), K = aType.getDimSize(1),
            N = bType.getDimSize(1);
    Type ct = getDotComputeType(aType.getElementType(), bType.getElementType(),
                                cType.getElementType());
    return uint64_t(M * K + K * N) * (ct.getIntOrFloatBitWidth() / 8);
  }
  return 0;
}

Value mlir::tilegpu::sharedScratch(OpBuilder &b, Location loc,
                                   Operation *user) {
  Value base = sharedBase(b, loc, user);
  uint64_t offset = 0;
  if (auto a = user->getAttrOfType<IntegerAttr>(kSharedOffsetAttr)) {
    offset = a.getInt();
  } else {
    // Not allocated (the lowering run alone): offset 0, and the arena must
    // hold this op's scratch.
    auto module = user->getParentOfType<ModuleOp>();
    uint64_t bytes = getScratchBytes(user), prev = 0;
    if (auto alloc = dyn_cast<LocalAllocOp>(user))
      bytes = getBufferBytes(alloc.getType());
    if (auto a = module->getAttrOfType<IntegerAttr>(kSharedBytesAttr))
      prev = a.getInt();
    if (bytes > prev)
      module->setAttr(
          kSharedBytesAttr,
          IntegerAttr::get(IntegerType::get(b.getContext(), 64), bytes));
  }
  if (offset == 0)
    return base;
  return b.create<LLVM::GEPOp>(
      loc, LLVM::LLVMPointerType::get(b.getContext(), kSharedAddrSpace),
      b.getI8Type(), base, ArrayRef<LLVM::GEPArg>{int32_t(offset)});
}

void mlir::tilegpu::leadingBarrier(OpBuilder &b, Location loc,
                                   Operation *user) {
  auto module = user->getParentOfType<ModuleOp>();
  if (module && module->hasAttr(kBarriersInsertedAttr))
    return; // tilegpu-insert-barriers placed the barriers that are needed
  barrier(b, loc);
}
