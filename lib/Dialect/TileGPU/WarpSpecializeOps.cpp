//===- WarpSpecializeOps.cpp - Verifier of tilegpu.warp_specialize --------===//
//
// The producer region of a warp-specialized kernel runs on warps that have
// no layout: it may compute scalars, loop and issue mbarrier and TMA ops,
// but holds no tensor, and it stands in the kernel's entry block, where
// every thread still runs.
//
//===----------------------------------------------------------------------===//

#include "tilec/Dialect/TileGPU/TileGPUDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
using namespace mlir::tilegpu;

LogicalResult WarpSpecializeOp::verify() {
  auto func = dyn_cast_or_null<func::FuncOp>((*this)->getParentOp());
  if (!func || (*this)->getBlock() != &func.getBody().front())
    return emitOpError("must stand in the entry block of a function");
  if (getProducerWarps() <= 0 || getProducerWarps() % 4 != 0)
    return emitOpError("producer_warps must be a positive multiple of 4, got ")
           << getProducerWarps();
  for (int32_t regs : {getProducerRegs(), getConsumerRegs()})
    if (regs < 24 || regs > 256 || regs % 8 != 0)
      return emitOpError("register counts must be multiples of 8 from 24 to "
                         "256 (setmaxnreg), got ")
             << regs;
  WalkResult r = getProducer().walk([&](Operation *op) {
    for (Type t : op->getResultTypes())
      if (isa<RankedTensorType>(t)) {
        op->emitOpError("defines a tensor in a producer region, whose warps "
                        "have no layout");
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return failure(r.wasInterrupted());
}
