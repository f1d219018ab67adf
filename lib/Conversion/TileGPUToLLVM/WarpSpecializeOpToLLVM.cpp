//===- WarpSpecializeOpToLLVM.cpp - Producer and consumer warps -----------===//
//
// tilegpu.warp_specialize splits the CTA where it stands (the kernel's
// entry block):
//
//   bar.sync 0                              every thread: the mbarriers
//                                           initialized before it are seen
//   tid.x >= num_warps * 32 ? producer : consumers
//   producer:  setmaxnreg.dec <producerRegs>  (each whole warpgroup)
//              the first producer warp runs the region, the others return;
//              the region's end returns
//   consumers: setmaxnreg.inc <consumerRegs>; the rest of the kernel
//
// setmaxnreg is `.sync.aligned`: every warp of a warpgroup runs the same
// one, so the producer's warps leave only after theirs. The mbarrier and
// TMA ops of the region are marked first (markProducerOps: kProducerOpAttr)
// so that their lowering elects a lane of the one warp that runs them.
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/TileGPUToLLVM.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

struct WarpSpecializeOpConversion : OpConversionPattern<WarpSpecializeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(WarpSpecializeOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t consumerThreads = tile::getNumWarps(op, 4) * 32;
    rewriter.create<NVVM::Barrier0Op>(loc);
    Value tid = rewriter.create<NVVM::ThreadIdXOp>(loc, rewriter.getI32Type());
    Value isProducer =
        rewriter.create<LLVM::ICmpOp>(loc, LLVM::ICmpPredicate::uge, tid,
                                      i32Const(rewriter, loc, consumerThreads));
    Value isFirstWarp = rewriter.create<LLVM::ICmpOp>(
        loc, LLVM::ICmpPredicate::ult, tid,
        i32Const(rewriter, loc, consumerThreads + 32));

    Block *before = op->getBlock();
    Block *consumers =
        rewriter.splitBlock(before, std::next(op->getIterator()));
    Block *region = &op.getProducer().front();
    rewriter.inlineRegionBefore(op.getProducer(), consumers);
    // The region's end, and the producer warps that do not run it, leave.
    Operation *yield = region->getTerminator();
    rewriter.setInsertionPoint(yield);
    rewriter.create<func::ReturnOp>(loc);
    rewriter.eraseOp(yield);
    Block *leave = rewriter.createBlock(consumers);
    rewriter.create<func::ReturnOp>(loc);
    Block *producer = rewriter.createBlock(region);
    rewriter.create<NVVM::SetMaxRegisterOp>(
        loc, op.getProducerRegs(), NVVM::SetMaxRegisterAction::decrease);
    rewriter.create<cf::CondBranchOp>(loc, isFirstWarp, region, ValueRange(),
                                      leave, ValueRange());
    Block *raise = rewriter.createBlock(consumers);
    rewriter.create<NVVM::SetMaxRegisterOp>(
        loc, op.getConsumerRegs(), NVVM::SetMaxRegisterAction::increase);
    rewriter.create<cf::BranchOp>(loc, consumers);
    rewriter.setInsertionPoint(op);
    rewriter.create<cf::CondBranchOp>(loc, isProducer, producer, ValueRange(),
                                      raise, ValueRange());
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::tilegpu::markProducerOps(ModuleOp module) {
  module.walk([](WarpSpecializeOp ws) {
    ws.getProducer().walk([](Operation *o) {
      if (isa<MBarrierExpectOp, MBarrierWaitOp, MBarrierArriveOp, TmaCopyOp,
              MBarrierInitOp, MBarrierInvalOp>(o))
        o->setAttr(kProducerOpAttr, UnitAttr::get(o->getContext()));
    });
  });
}

void mlir::tilegpu::populateWarpSpecializeOpToLLVMPatterns(
    TileGPUTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<WarpSpecializeOpConversion>(converter, patterns.getContext());
}
