//===- TileToTileGPU.cpp - Assign layouts to tile IR ----------------------===//
//
// Gives every tile a place on the CTA. Tiles of one rank share the default
// blocked layout of that rank (getDefaultBlockedLayout), so elementwise ops,
// splats and broadcasts need no data movement; a reduction's result is the
// slice of its operand's layout along the reduced axis; an expand_dims
// operand must be the slice of its result's layout. Where an operand's layout
// differs from the one its user needs, a tilegpu.convert_layout is inserted.
// The walk rewrites types in place: ops keep their identity.
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

namespace mlir::tilegpu {
#define GEN_PASS_DEF_CONVERTTILETOTILEGPU
#include "TileGPU/Passes.h.inc"
} // namespace mlir::tilegpu

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

struct ConvertTileToTileGPUPass
    : mlir::tilegpu::impl::ConvertTileToTileGPUBase<ConvertTileToTileGPUPass> {
  using ConvertTileToTileGPUBase::ConvertTileToTileGPUBase;

  unsigned warps = 4;

  Attribute defaultLayout(unsigned rank) {
    return getDefaultBlockedLayout(&getContext(), rank, warps);
  }

  /// `t` with the default layout of its rank (scalars unchanged).
  Type withDefault(Type t) {
    auto rt = dyn_cast<RankedTensorType>(t);
    if (!rt)
      return t;
    return withLayout(rt, defaultLayout(rt.getRank()));
  }

  /// Makes `operand` of `user` have type `want`, inserting a conversion.
  void require(Operation *user, OpOperand &operand, Type want) {
    Value v = operand.get();
    if (v.getType() == want)
      return;
    OpBuilder b(user);
    operand.set(b.create<ConvertLayoutOp>(user->getLoc(), want, v));
  }

  void processBlock(Block &block) {
    for (Operation &op : llvm::make_early_inc_range(block))
      processOp(&op);
  }

  void processOp(Operation *op) {
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      for (auto [arg, init] :
           llvm::zip(forOp.getRegionIterArgs(), forOp.getInitArgs()))
        arg.setType(init.getType());
      processBlock(*forOp.getBody());
      Operation *yield = forOp.getBody()->getTerminator();
      for (auto [i, arg] : llvm::enumerate(forOp.getRegionIterArgs())) {
        require(yield, yield->getOpOperand(i), arg.getType());
        forOp.getResult(i).setType(arg.getType());
      }
      return;
    }
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      processBlock(*ifOp.thenBlock());
      if (ifOp.elseBlock())
        processBlock(*ifOp.elseBlock());
      if (ifOp.getNumResults() == 0)
        return;
      Operation *thenYield = ifOp.thenBlock()->getTerminator();
      Operation *elseYield = ifOp.elseBlock()->getTerminator();
      for (unsigned i = 0; i < ifOp.getNumResults(); ++i) {
        Type t = thenYield->getOperand(i).getType();
        require(elseYield, elseYield->getOpOperand(i), t);
        ifOp.getResult(i).setType(t);
      }
      return;
    }
    if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
      Block &before = whileOp.getBefore().front();
      Block &after = whileOp.getAfter().front();
      for (auto [arg, init] : llvm::zip(before.getArguments(), whileOp.getInits()))
        arg.setType(init.getType());
      processBlock(before);
      auto cond = cast<scf::ConditionOp>(before.getTerminator());
      for (unsigned i = 0; i < cond.getArgs().size(); ++i) {
        // The forwarded values keep the loop's types when they match them.
        Type t = i < before.getNumArguments() &&
                         stripLayout(before.getArgument(i).getType()) ==
                             stripLayout(cond.getArgs()[i].getType())
                     ? before.getArgument(i).getType()
                     : cond.getArgs()[i].getType();
        require(cond, cond->getOpOperand(i + 1), t);
        after.getArgument(i).setType(t);
        whileOp.getResult(i).setType(t);
      }
      processBlock(after);
      Operation *yield = after.getTerminator();
      for (unsigned i = 0; i < yield->getNumOperands(); ++i)
        require(yield, yield->getOpOperand(i), before.getArgument(i).getType());
      return;
    }
    if (isa<scf::YieldOp, scf::ConditionOp, func::ReturnOp, ConvertLayoutOp>(op))
      return;

    // 1. Operands: the layout each one must have.
    for (OpOperand &operand : op->getOpOperands()) {
      auto t = dyn_cast<RankedTensorType>(operand.get().getType());
      if (!t)
        continue;
      if (isa<tile::ReduceOp, tile::DotOp, tile::TransOp, tile::ReshapeOp>(op))
        continue; // lowered through shared memory from any layout
      if (auto expand = dyn_cast<tile::ExpandDimsOp>(op)) {
        auto slice = SliceAttr::get(&getContext(), expand.getAxis(),
                                    defaultLayout(t.getRank() + 1));
        require(op, operand, withLayout(t, slice));
        continue;
      }
      require(op, operand, withDefault(t));
    }
    // 2. Results.
    for (OpResult r : op->getResults()) {
      auto t = dyn_cast<RankedTensorType>(r.getType());
      if (!t)
        continue;
      if (auto reduce = dyn_cast<tile::ReduceOp>(op)) {
        Attribute src = getLayout(reduce.getSrc().getType());
        r.setType(withLayout(t, SliceAttr::get(&getContext(), reduce.getAxis(), src)));
        continue;
      }
      r.setType(withDefault(t));
    }
    if (auto cst = dyn_cast<arith::ConstantOp>(op))
      if (auto dense = dyn_cast<DenseElementsAttr>(cst.getValue()))
        cst.setValueAttr(dense.reshape(cast<ShapedType>(cst.getType())));
  }

  static Type stripLayout(Type t) {
    if (auto rt = dyn_cast<RankedTensorType>(t))
      return RankedTensorType::get(rt.getShape(), rt.getElementType());
    return t;
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    warps = numWarps;
    if (warps == 0) {
      warps = 4;
      if (auto a = module->getAttrOfType<IntegerAttr>("tile.num_warps"))
        warps = a.getInt();
    }
    module->setAttr("tile.num_warps",
                    IntegerAttr::get(IntegerType::get(&getContext(), 32), warps));
    module.walk([&](func::FuncOp fn) {
      for (Block &block : fn.getBody())
        processBlock(block);
    });
  }
};

} // namespace
