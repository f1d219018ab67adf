//===- AccumulatorLayouts.cpp - Which tiles live in a dot's layout --------===//
//
// A forward propagation to a fixed point over the kernel's SSA values (see
// AccumulatorLayouts.h). Rules, for a dot's layout L:
//  - a tensor-core dot's result: L;
//  - an elementwise op with an operand in a layout of this family, of its
//    result's rank: its result, in that layout;
//  - tile.broadcast of a value in layout X: X; tile.reduce of one in X:
//    the slice of X along the axis; tile.expand_dims of the slice of X
//    along the expanded axis: X; tile.split of one in X whose halves are
//    registers of X (getSplitResultLayout): X; tile.join of two in X that
//    are registers of its result in X: X;
//  - a loop-carried value (scf.for) whose initial value, block argument or
//    yielded value has one: the argument, the loop's result, and so the
//    yielded value's layout at the back edge; an scf.if result whose
//    yielded value in either branch has one.
// The layouts are those of values, not requirements: the pass that assigns
// them converts an operand that is elsewhere (a loaded bias tile becomes
// the accumulator's layout) or rematerializes it (splats, ranges,
// constants: tilegpu-remove-layout-conversions).
//
//===----------------------------------------------------------------------===//

#include "AccumulatorLayouts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::tilegpu;

bool mlir::tilegpu::isElementwiseTileOp(Operation *op) {
  if (op->getNumResults() != 1 || op->getNumRegions() != 0)
    return false;
  if (!op->hasTrait<OpTrait::Elementwise>() &&
      !isa<arith::SelectOp, tile::CastOp>(op))
    return false;
  auto t = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!t || isa<tile::PointerType>(t.getElementType()))
    return false;
  for (Value v : op->getOperands())
    if (auto ot = dyn_cast<RankedTensorType>(v.getType()))
      if (ot.getShape() != t.getShape() ||
          isa<tile::PointerType>(ot.getElementType()))
        return false;
  return true;
}

namespace {

struct Propagation {
  DenseMap<Value, Attribute> layouts;
  bool changed = false;

  Attribute of(Value v) const { return layouts.lookup(v); }

  void set(Value v, Attribute layout) {
    if (!layout || !isa<RankedTensorType>(v.getType()) || layouts.count(v))
      return;
    layouts[v] = layout;
    changed = true;
  }

  /// The rank of a layout of this family: 2 for the mma layout, one less
  /// per slice.
  static unsigned rankOf(Attribute layout) {
    unsigned rank = 2;
    while (auto s = dyn_cast<SliceAttr>(layout)) {
      --rank;
      layout = s.getParent();
    }
    return rank;
  }

  void visit(Operation *op, function_ref<MmaAttr(tile::DotOp)> mmaLayoutOf) {
    if (auto dot = dyn_cast<tile::DotOp>(op)) {
      if (MmaAttr mma = mmaLayoutOf(dot))
        if (!mma.getTransposed())
          set(dot.getResult(), mma);
      return;
    }
    if (isElementwiseTileOp(op)) {
      unsigned rank =
          cast<RankedTensorType>(op->getResult(0).getType()).getRank();
      for (Value v : op->getOperands())
        if (Attribute l = of(v); l && rankOf(l) == rank) {
          set(op->getResult(0), l);
          return;
        }
      return;
    }
    if (auto bc = dyn_cast<tile::BroadcastOp>(op)) {
      set(bc.getResult(), of(bc.getSrc()));
      return;
    }
    if (auto red = dyn_cast<tile::ReduceOp>(op)) {
      if (Attribute l = of(red.getSrc()))
        set(red.getResult(),
            SliceAttr::get(op->getContext(), red.getAxis(), l));
      return;
    }
    if (auto split = dyn_cast<tile::SplitOp>(op)) {
      Attribute l = of(split.getSrc());
      if (l && getSplitResultLayout(withLayout(split.getSrc().getType(), l),
                                    split.getAxis(), split.getStride()) == l) {
        set(split.getLo(), l);
        set(split.getHi(), l);
      }
      return;
    }
    if (auto join = dyn_cast<tile::JoinOp>(op)) {
      Attribute l = of(join.getLo());
      if (l && of(join.getHi()) == l &&
          getSplitResultLayout(withLayout(join.getType(), l), join.getAxis(),
                               join.getStride()) == l)
        set(join.getResult(), l);
      return;
    }
    if (auto ex = dyn_cast<tile::ExpandDimsOp>(op)) {
      if (auto s = dyn_cast_or_null<SliceAttr>(of(ex.getSrc())))
        if (s.getDim() == ex.getAxis())
          set(ex.getResult(), s.getParent());
      return;
    }
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      Operation *yield = forOp.getBody()->getTerminator();
      for (auto [i, arg] : llvm::enumerate(forOp.getRegionIterArgs())) {
        Attribute l = of(forOp.getInitArgs()[i]);
        if (!l)
          l = of(arg);
        if (!l)
          l = of(yield->getOperand(i));
        set(arg, l);
        set(forOp.getResult(i), l);
      }
      return;
    }
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      if (ifOp.getNumResults() == 0 || !ifOp.elseBlock())
        return;
      Operation *thenYield = ifOp.thenBlock()->getTerminator();
      Operation *elseYield = ifOp.elseBlock()->getTerminator();
      for (unsigned i = 0; i < ifOp.getNumResults(); ++i) {
        Attribute l = of(thenYield->getOperand(i));
        set(ifOp.getResult(i), l ? l : of(elseYield->getOperand(i)));
      }
    }
  }
};

} // namespace

DenseMap<Value, Attribute> mlir::tilegpu::findAccumulatorLayouts(
    ModuleOp module, function_ref<MmaAttr(tile::DotOp)> mmaLayoutOf) {
  Propagation p;
  do {
    p.changed = false;
    module.walk([&](Operation *op) { p.visit(op, mmaLayoutOf); });
  } while (p.changed);
  return std::move(p.layouts);
}
