//===- SharedMemoryOpToLLVM.cpp - local_alloc/store/load/dealloc ----------===//
//
// A shared-memory buffer (!tilegpu.memdesc) is the address (addrspace 3) of
// its first element: @tilec_shared plus the local_alloc's
// `tilegpu.shared_offset` (given by tilegpu-allocate-shared). Elements are
// row-major and kept as sharedStorageType (pointers as i64, i1 as i8).
//  - local_alloc: the address; with an initial value, stored as local_store
//    does;
//  - local_store: each thread stores each of its elements at the row-major
//    linear index of the element's coordinates. Replicated elements (a tile
//    smaller than the CTA tile, slice layouts) are stored by every thread
//    holding them: the same value to the same address, as convert_layout
//    does;
//  - local_load: each thread loads each of its elements from there;
//  - local_dealloc: nothing (the allocation is static).
// No barriers of their own: tilegpu-insert-barriers places those the
// accesses need (see EXPLICIT BUFFERS in TileGPUToLLVM.h); run without it,
// each write and read starts with leadingBarrier().
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/TileGPUToLLVM.h"

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

bool hasLayout(Type t) {
  auto r = dyn_cast<RankedTensorType>(t);
  return r && r.getEncoding();
}

/// Stores the thread's elements of `packed` (a tile of type `type`) at
/// their row-major places from `base`.
void storeTile(ConversionPatternRewriter &b, Operation *op,
               const TypeConverter *converter, Value packed,
               RankedTensorType type, Value base) {
  Location loc = op->getLoc();
  Type elt = converter->convertType(type.getElementType());
  Type storeT = sharedStorageType(elt);
  LayoutInfo info(type);
  SmallVector<Value> in = unpackStruct(b, loc, packed);
  auto tc = info.emitThreadCoords(b, loc);
  leadingBarrier(b, loc, op);
  for (unsigned k = 0; k < info.numElems(); ++k) {
    SmallVector<Value> idx = info.emitIndices(b, loc, tc, k);
    Value lin = linearIndex(b, loc, idx, type.getShape());
    b.create<LLVM::StoreOp>(loc, toSharedStorage(b, loc, in[k]),
                            sharedElemPtr(b, loc, base, storeT, lin));
  }
}

struct LocalAllocOpConversion : OpConversionPattern<LocalAllocOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(LocalAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getInit() && !hasLayout(op.getInit().getType()))
      return rewriter.notifyMatchFailure(op, "initial value without layout");
    Value base = sharedScratch(rewriter, op.getLoc(), op);
    if (op.getInit())
      storeTile(rewriter, op, getTypeConverter(), adaptor.getInit(),
                cast<RankedTensorType>(op.getInit().getType()), base);
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
              cast<RankedTensorType>(op.getSrc().getType()), adaptor.getDst());
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
    auto tc = info.emitThreadCoords(rewriter, loc);
    leadingBarrier(rewriter, loc, op);
    SmallVector<Value> out;
    for (unsigned k = 0; k < info.numElems(); ++k) {
      SmallVector<Value> idx = info.emitIndices(rewriter, loc, tc, k);
      Value lin = linearIndex(rewriter, loc, idx, type.getShape());
      Value v = rewriter.create<LLVM::LoadOp>(
          loc, storeT, sharedElemPtr(rewriter, loc, base, storeT, lin));
      out.push_back(fromSharedStorage(rewriter, loc, v, elt));
    }
    rewriter.replaceOp(
        op, packStruct(rewriter, loc, getTypeConverter()->convertType(type),
                       out));
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

} // namespace

void mlir::tilegpu::populateSharedMemoryOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<LocalAllocOpConversion, LocalStoreOpConversion,
               LocalLoadOpConversion, LocalDeallocOpConversion>(
      converter, patterns.getContext());
}
