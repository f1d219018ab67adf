//===- Hints.cpp - tl.multiple_of, tl.max_contiguous, tl.assume ----------===//
//
// Facts the programmer states about values, for the axis analysis.
//
// tl.multiple_of / tl.max_contiguous / tl.max_constancy(x, values) hint the
// value itself, as in Triton (which sets an attribute on x's defining op):
// every use of x gets the hint, those before the call and those after, also
// when the call's result is dropped (`tl.multiple_of(a_ptrs, [16, 16])` as a
// statement, as Triton's grouped GEMM tutorial writes it). A
// tile.axis_hint is placed right after x's definition (at the start of its
// block for a block argument), every use of x goes through it, and a later
// lookup of a name bound to x yields the hinted value.
//
// tl.assume(x >= 0) (or x > c, c <= x with c >= -1) marks a scalar x
// non-negative: its defining op, or the kernel argument, gets
// `tile.nonnegative`.
//
//===----------------------------------------------------------------------===//

#include "CodeGen.h"

#include "tilec/Dialect/Tile/TileDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace tilec;
namespace arith = mlir::arith;

Val CodeGen::axisHint(llvm::StringRef name, const Val &x, const Val &values,
                      const Expr &call) {
  if (x.isError() || values.isError())
    return Val::error();
  std::vector<Val> list =
      values.kind == Val::Tuple ? values.elems : std::vector<Val>{values};
  llvm::SmallVector<int64_t> ints;
  for (size_t i = 0; i < list.size(); ++i) {
    if (list[i].kind != Val::Int)
      return error(call, name + "() values element " + llvm::Twine(i) +
                             " must be a constant int, got " +
                             describe(list[i]));
    if (list[i].i < 1)
      return error(call, name + "() values must be positive, got " +
                             llvm::Twine(list[i].i));
    ints.push_back(list[i].i);
  }
  if (!x.isIR())
    return x; // a compile-time value is what it is
  auto tensor = mlir::dyn_cast<mlir::RankedTensorType>(x.v.getType());
  size_t rank = tensor ? std::max<size_t>(1, tensor.getRank()) : 1;
  if (ints.size() != rank)
    return error(call, "shape of the input to " + name +
                           "() does not match the length of values (" +
                           llvm::Twine(ints.size()) + " for rank " +
                           llvm::Twine(rank) + ")");
  mlir::Type elt = mlir::getElementTypeOrSelf(x.v.getType());
  if (!mlir::isa<mlir::IntegerType, mlir::tile::PointerType>(elt) ||
      elt.isInteger(1))
    return x; // nothing to say about floats and masks

  mlir::Value v = hinted(x.v);
  mlir::OpBuilder hb(&ctx);
  if (mlir::Operation *def = v.getDefiningOp())
    hb.setInsertionPointAfter(def);
  else
    hb.setInsertionPointToStart(mlir::cast<mlir::BlockArgument>(v).getOwner());
  auto attr = hb.getDenseI64ArrayAttr(ints);
  auto hint = hb.create<mlir::tile::AxisHintOp>(
      loc(call), v, name == "tl.multiple_of" ? attr : nullptr,
      name == "tl.max_contiguous" ? attr : nullptr,
      name == "tl.max_constancy" ? attr : nullptr);
  v.replaceAllUsesExcept(hint.getResult(), hint);
  hints[v] = hint.getResult();
  Val r = x;
  r.v = hint.getResult();
  return r;
}

mlir::Value CodeGen::hinted(mlir::Value v) const {
  for (auto it = hints.find(v); it != hints.end(); it = hints.find(v))
    v = it->second;
  return v;
}

void CodeGen::markAssumedNonNegative(mlir::Value cond) {
  auto cmp = cond.getDefiningOp<arith::CmpIOp>();
  if (!cmp)
    return;
  auto constAt = [](mlir::Value v) -> std::optional<int64_t> {
    if (auto c = v.getDefiningOp<arith::ConstantOp>())
      if (auto i = mlir::dyn_cast<mlir::IntegerAttr>(c.getValue()))
        return i.getValue().getSExtValue();
    return std::nullopt;
  };
  using P = arith::CmpIPredicate;
  mlir::Value x;
  P p = cmp.getPredicate();
  auto rhs = constAt(cmp.getRhs()), lhs = constAt(cmp.getLhs());
  if (rhs && ((p == P::sge && *rhs >= 0) || (p == P::sgt && *rhs >= -1)))
    x = cmp.getLhs(); // x >= c, x > c
  else if (lhs && ((p == P::sle && *lhs >= 0) || (p == P::slt && *lhs >= -1)))
    x = cmp.getRhs(); // c <= x, c < x
  if (!x || mlir::isa<mlir::ShapedType>(x.getType()))
    return;
  if (mlir::Operation *def = x.getDefiningOp()) {
    def->setAttr("tile.nonnegative", b.getUnitAttr());
    return;
  }
  auto arg = mlir::cast<mlir::BlockArgument>(x);
  if (auto fn = mlir::dyn_cast<mlir::func::FuncOp>(arg.getOwner()->getParentOp()))
    fn.setArgAttr(arg.getArgNumber(), "tile.nonnegative", b.getUnitAttr());
}
