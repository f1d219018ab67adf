//===- HistogramOpToLLVM.cpp - tile.histogram with shared-memory atomics --===//
//
// The bins are i32 counters in the op's scratch (getScratchBytes: 4 bytes a
// bin):
//   [barrier (run without tilegpu-insert-barriers)]
//   the threads holding the result's elements zero their bins
//   barrier
//   the owner of each operand element (emitOwnerPredicate: replicas count
//   once) whose mask bit is set and whose value v is in [0, bins) (unsigned
//   compare in the operand's width) does atom.shared.add of 1 at bin v
//   barrier
//   each thread reads its result elements
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/TileGPUToLLVM.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

struct HistogramOpConversion : OpConversionPattern<tile::HistogramOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tile::HistogramOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    if (!srcType.getEncoding() || !dstType.getEncoding())
      return rewriter.notifyMatchFailure(op,
                                         "operand or result without layout");
    LayoutInfo src(srcType), dst(dstType);
    if (!src.isBlocked())
      return rewriter.notifyMatchFailure(op, "operand not in a blocked layout");
    auto &b = rewriter;
    Type i32 = b.getI32Type();
    int64_t bins = dstType.getDimSize(0);
    Value smem = sharedScratch(b, loc, op);
    leadingBarrier(b, loc, op);
    auto dtc = dst.emitThreadCoords(b, loc);
    Value zero = i32Const(b, loc, 0);
    for (unsigned k = 0; k < dst.numElems(); ++k) {
      Value at = dst.emitIndices(b, loc, dtc, k)[0];
      b.create<LLVM::StoreOp>(loc, zero, sharedElemPtr(b, loc, smem, i32, at));
    }
    barrier(b, loc);
    auto stc = src.emitThreadCoords(b, loc);
    SmallVector<Value> values = unpackStruct(b, loc, adaptor.getSrc());
    SmallVector<Value> mask;
    if (adaptor.getMask())
      mask = unpackStruct(b, loc, adaptor.getMask());
    Type vt = values.empty() ? i32 : values[0].getType();
    Value limit =
        b.create<LLVM::ConstantOp>(loc, vt, b.getIntegerAttr(vt, bins));
    Value one = i32Const(b, loc, 1);
    for (unsigned k = 0; k < src.numElems(); ++k) {
      Value v = values[k];
      Value pred = andPredicates(
          b, loc, emitOwnerPredicate(b, loc, src, stc, k),
          b.create<LLVM::ICmpOp>(loc, LLVM::ICmpPredicate::ult, v, limit));
      if (!mask.empty())
        pred = andPredicates(b, loc, pred, mask[k]);
      unsigned bits = vt.getIntOrFloatBitWidth();
      Value bin = bits > 32   ? b.create<LLVM::TruncOp>(loc, i32, v)
                  : bits < 32 ? b.create<LLVM::ZExtOp>(loc, i32, v)
                              : v;
      auto ifOp = b.create<scf::IfOp>(loc, pred, /*withElseRegion=*/false);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&ifOp.getThenRegion().front());
      b.create<LLVM::AtomicRMWOp>(loc, LLVM::AtomicBinOp::add,
                                  sharedElemPtr(b, loc, smem, i32, bin), one,
                                  LLVM::AtomicOrdering::monotonic);
    }
    barrier(b, loc);
    SmallVector<Value> out;
    for (unsigned k = 0; k < dst.numElems(); ++k) {
      Value at = dst.emitIndices(b, loc, dtc, k)[0];
      out.push_back(b.create<LLVM::LoadOp>(
          loc, i32, sharedElemPtr(b, loc, smem, i32, at)));
    }
    rewriter.replaceOp(
        op, packStruct(b, loc, getTypeConverter()->convertType(dstType), out));
    return success();
  }
};

} // namespace

void mlir::tilegpu::populateHistogramOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<HistogramOpConversion>(converter, patterns.getContext());
}
