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

#include "BuiltinRegistry.h"

#include "tilec/Dialect/Tile/TileDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace tilec;
namespace arith = mlir::arith;

namespace {

/// The axis hints, one builtin each.
enum class AxisHint { MultipleOf, MaxContiguous, MaxConstancy };

} // namespace

void CodeGen::registerHintBuiltins(BuiltinRegistry &r) {
  r.add("tl.multiple_of", {"input", "values"}, 2, &CodeGen::emitAxisHint,
        TakesFP8, unsigned(AxisHint::MultipleOf));
  r.add("tl.max_contiguous", {"input", "values"}, 2, &CodeGen::emitAxisHint,
        TakesFP8, unsigned(AxisHint::MaxContiguous));
  r.add("tl.max_constancy", {"input", "values"}, 2, &CodeGen::emitAxisHint,
        TakesFP8, unsigned(AxisHint::MaxConstancy));
  r.add("tl.assume", {"cond"}, 1, &CodeGen::emitAssume);
}

Val CodeGen::emitAxisHint(BuiltinCall &c) {
  llvm::StringRef name = c.name;
  const Val &x = c.a[0], &values = c.a[1];
  const Expr &call = c.call;
  auto kind = AxisHint(c.entry.variant);
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
  auto attr = mlir::DenseI64ArrayAttr::get(&ctx, ints);
  if (auto prev = v.getDefiningOp<mlir::tile::AxisHintOp>())
    if (prev->getAttr(kind == AxisHint::MultipleOf      ? "divisibility"
                      : kind == AxisHint::MaxContiguous ? "contiguity"
                                                        : "constancy") == attr)
    {
      Val r = x; // hinted so already
      r.v = v;
      return r;
    }
  mlir::OpBuilder hb(&ctx);
  if (mlir::Operation *def = v.getDefiningOp())
    hb.setInsertionPointAfter(def);
  else
    hb.setInsertionPointToStart(mlir::cast<mlir::BlockArgument>(v).getOwner());
  auto hint = hb.create<mlir::tile::AxisHintOp>(
      loc(call), v, kind == AxisHint::MultipleOf ? attr : nullptr,
      kind == AxisHint::MaxContiguous ? attr : nullptr,
      kind == AxisHint::MaxConstancy ? attr : nullptr);
  v.replaceAllUsesExcept(hint.getResult(), hint);
  hints[v] = hint.getResult();
  Val r = x;
  r.v = hint.getResult();
  return r;
}

Val CodeGen::emitAssume(BuiltinCall &c) {
  // A promise for the optimizer (Triton 3.2+: llvm.assume). `x >= 0` and
  // `x > 0` (also `0 <= x`, `0 < x`) on a scalar mark x non-negative for
  // the contiguity analysis (AxisInfo.h); other conditions are dropped.
  const Val &cond = c.a[0];
  if (cond.isConstexpr()) {
    bool t;
    if (!truthy(cond, c.call, t))
      return Val::error();
    if (!t)
      return error(c.call, "tl.assume of a condition that is false at "
                           "compile time");
  } else if (!cond.isIR()) {
    return error(c.call,
                 "tl.assume expects a condition, got " + describe(cond));
  } else if (mlir::isa<mlir::func::FuncOp>(
                 b.getInsertionBlock()->getParentOp())) {
    // Only at the kernel's top level (helpers are inlined in place): an
    // assumption under a runtime `if` or in a loop holds only there.
    markAssumedNonNegative(cond.v);
  }
  return Val::none();
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
  if (auto fn =
          mlir::dyn_cast<mlir::func::FuncOp>(arg.getOwner()->getParentOp()))
    fn.setArgAttr(arg.getArgNumber(), "tile.nonnegative", b.getUnitAttr());
}
