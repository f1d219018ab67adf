//===- BuiltinsMath.cpp - Elementwise math, reductions and tl.dot ---------===//
//
// tl.where, tl.maximum / minimum, tl.clamp, the reductions (tl.max, tl.min,
// tl.sum, tl.argmax, ...), tl.dot, unary math (tl.exp, tl.sqrt, ...),
// tl.fma, tl.div_rn, tl.cdiv, tl.swizzle2d, tl.next_power_of_2, tl._log2.
//
//===----------------------------------------------------------------------===//

#include "BuiltinRegistry.h"
#include "BuiltinUtils.h"

#include "tilec/Dialect/Tile/TileDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <cmath>
#include <limits>

using namespace tilec;
namespace arith = mlir::arith;
namespace math = mlir::math;

Val CodeGen::reduce(mlir::tile::ReduceKind kind, const Val &xIn,
                    const Val &axisV, bool keepDims, const Expr &where) {
  llvm::StringRef kindName = mlir::tile::stringifyReduceKind(kind);
  bool isArg = kind == mlir::tile::ReduceKind::argmax ||
               kind == mlir::tile::ReduceKind::argmin;
  mlir::Location l = loc(where);
  Val x = xIn;
  if (x.isNumber())
    x = toIR(x, l, where);
  if (!x.isIR())
    return error(where,
                 "tl." + kindName + " expects a tensor, got " + describe(x));
  if (x.dtype.isPointer)
    return error(where, "tl." + kindName + " is not supported on pointers");
  auto shape = x.shape();
  if (shape.empty())
    return isArg
               ? materialize(Val::integer(0), DType::scalar(ScalarKind::I32), l)
               : x;
  int64_t axis;
  bool all = axisV.kind == Val::None;
  if (all && !isArg && shape.size() > 1 && !x.dtype.isBool()) {
    // A reduction of every element whose order does not matter (Triton
    // reshapes with can_reorder=True): one dimension at a time, the last
    // first, so no element moves between threads but for the reductions'
    // own exchanges (a reshape to 1-D would move the whole tile through
    // shared memory first).
    // A 16-bit float sum accumulates in fp32 and is rounded once, as one
    // tile.reduce rounds it: the stages sum fp32.
    mlir::Type elt = mlir::getElementTypeOrSelf(x.v.getType());
    bool widen = kind == mlir::tile::ReduceKind::sum &&
                 mlir::isa<mlir::FloatType>(elt) &&
                 elt.getIntOrFloatBitWidth() < 32;
    Val r = widen ? cast(x, DType::scalar(ScalarKind::F32), l, where) : x;
    for (int64_t d = shape.size() - 1; d >= 0; --d)
      r = Val::ir(b.create<mlir::tile::ReduceOp>(l, kind, r.v, int32_t(d)),
                  r.dtype);
    if (widen)
      r = cast(r, x.dtype, l, where);
    return keepDims ? keepReducedDims(r, shape, -1, l) : r;
  }
  if (all) {
    int64_t n = 1;
    for (int64_t d : shape)
      n *= d;
    if (shape.size() > 1)
      x = Val::ir(b.create<mlir::tile::ReshapeOp>(l, irType(x.dtype, {n}), x.v),
                  x.dtype);
    axis = 0;
  } else {
    if (!requireInt(axisV, where, "the reduction axis", axis))
      return Val::error();
    int64_t rank = shape.size();
    if (axis < -rank || axis >= rank)
      return error(where, "reduction axis " + llvm::Twine(axis) +
                              " is out of range for a tensor of rank " +
                              llvm::Twine(rank));
    if (axis < 0)
      axis += rank;
  }
  DType resultType = isArg ? DType::scalar(ScalarKind::I32) : x.dtype;
  if (x.dtype.isBool() && !isArg) {
    x = cast(x, DType::scalar(ScalarKind::I32), l, where);
    resultType = x.dtype;
  }
  Val r = Val::ir(b.create<mlir::tile::ReduceOp>(l, kind, x.v, int32_t(axis)),
                  resultType);
  return keepDims ? keepReducedDims(r, shape, all ? -1 : axis, l) : r;
}

Val CodeGen::keepReducedDims(const Val &r, llvm::ArrayRef<int64_t> shape,
                             int64_t axis, mlir::Location l) {
  llvm::SmallVector<int64_t> kept(shape);
  for (size_t d = 0; d < kept.size(); ++d)
    if (axis < 0 || int64_t(d) == axis)
      kept[d] = 1;
  mlir::Type t = irType(r.dtype, kept);
  if (r.shape().empty())
    return Val::ir(b.create<mlir::tile::SplatOp>(l, t, r.v), r.dtype);
  return Val::ir(b.create<mlir::tile::ReshapeOp>(l, t, r.v), r.dtype);
}

namespace {

/// tl.minimum and tl.maximum.
enum class Extremum { Minimum, Maximum };
/// The elementwise functions of one tensor.
enum class UnaryMath {
  Exp,
  Exp2,
  Log,
  Log2,
  Sqrt,
  SqrtRn,
  Rsqrt,
  Sigmoid,
  Cos,
  Sin,
  Erf,
  Floor,
  Ceil,
  Abs
};

} // namespace

void CodeGen::registerMathBuiltins(BuiltinRegistry &r) {
  using mlir::tile::ReduceKind;
  r.add("tl.where", {"condition", "x", "y"}, 3, &CodeGen::emitWhere, TakesFP8);
  r.add("tl.maximum", {"x", "y", "propagate_nan"}, 2,
        &CodeGen::emitMinimumMaximum, NoBuiltinFlags,
        unsigned(Extremum::Maximum));
  r.add("tl.minimum", {"x", "y", "propagate_nan"}, 2,
        &CodeGen::emitMinimumMaximum, NoBuiltinFlags,
        unsigned(Extremum::Minimum));
  r.add("tl.clamp", {"x", "min", "max", "propagate_nan"}, 3,
        &CodeGen::emitClamp);
  for (auto [name, kind] : {std::pair{"tl.max", ReduceKind::max},
                            std::pair{"tl.min", ReduceKind::min}})
    r.add(name,
          {"input", "axis", "return_indices", "return_indices_tie_break_left",
           "keep_dims"},
          1, &CodeGen::emitReduction, TensorMethod, unsigned(kind));
  r.add("tl.sum", {"input", "axis", "keep_dims", "dtype"}, 1,
        &CodeGen::emitReduction, TensorMethod, unsigned(ReduceKind::sum));
  for (auto [name, kind] : {std::pair{"tl.argmax", ReduceKind::argmax},
                            std::pair{"tl.argmin", ReduceKind::argmin}})
    r.add(name, {"input", "axis", "tie_break_left", "keep_dims"}, 2,
          &CodeGen::emitReduction, TensorMethod, unsigned(kind));
  r.add("tl.dot",
        {"input", "other", "acc", "input_precision", "allow_tf32",
         "max_num_imprecise_acc", "out_dtype"},
        2, &CodeGen::emitDot, TakesFP8);
  const std::pair<const char *, UnaryMath> unary[] = {
      {"exp", UnaryMath::Exp},         {"exp2", UnaryMath::Exp2},
      {"log", UnaryMath::Log},         {"log2", UnaryMath::Log2},
      {"sqrt", UnaryMath::Sqrt},       {"rsqrt", UnaryMath::Rsqrt},
      {"sigmoid", UnaryMath::Sigmoid}, {"cos", UnaryMath::Cos},
      {"sin", UnaryMath::Sin},         {"erf", UnaryMath::Erf},
      {"floor", UnaryMath::Floor},     {"ceil", UnaryMath::Ceil},
      {"abs", UnaryMath::Abs}};
  for (auto [name, fn] : unary)
    r.add(std::string("tl.") + name, {"x"}, 1, &CodeGen::emitUnaryMath,
          TensorMethod, unsigned(fn));
  // Not a tensor method.
  r.add("tl.sqrt_rn", {"x"}, 1, &CodeGen::emitUnaryMath, NoBuiltinFlags,
        unsigned(UnaryMath::SqrtRn));
  r.add("tl.fma", {"x", "y", "z"}, 3, &CodeGen::emitFma);
  r.add("tl.fdiv", {"x", "y", "ieee_rounding"}, 2, &CodeGen::emitFdiv);
  r.add("tl.softmax", {"x", "dim", "keep_dims", "ieee_rounding"}, 1,
        &CodeGen::emitSoftmax, TensorMethod);
  r.add("tl.div_rn", {"x", "y"}, 2, &CodeGen::emitDivRn);
  r.add("tl.swizzle2d", {"i", "j", "size_i", "size_j", "size_g"}, 5,
        &CodeGen::emitSwizzle2d);
  r.add("tl.cdiv", {"x", "div"}, 2, &CodeGen::emitCdiv);
  r.add("tl.next_power_of_2", {"n"}, 1, &CodeGen::emitNextPowerOf2);
  r.add("tl._log2", {"i"}, 1, &CodeGen::emitLog2Int);
}

Val CodeGen::emitWhere(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  Val cond = a[0], x = a[1], y = a[2];
  if (cond.isConstexpr()) {
    bool t;
    if (!truthy(cond, call, t))
      return Val::error();
    return t ? x : y;
  }
  if (!cond.isIR())
    return error(call, "tl.where condition must be a boolean tensor, got " +
                           describe(cond));
  if (!cond.dtype.isBool())
    cond = cast(cond, DType::scalar(ScalarKind::I1), l, call);
  if (x.isNumber() && y.isNumber())
    x = toIR(x, l, call);
  if (!(x.isIR() || x.isNumber()) || !(y.isIR() || y.isNumber()))
    return error(call, "tl.where expects tensors or numbers, got " +
                           describe(x) + " and " + describe(y));
  std::optional<DType> pt = (x.isIR() && x.dtype.isPointer) ? x.dtype
                            : (y.isIR() && y.dtype.isPointer)
                                ? y.dtype
                                : promote(x, y, call, "where", Promotion::Move);
  if (!pt)
    return Val::error();
  DType dt = *pt;
  x = cast(x, dt, l, call);
  y = cast(y, dt, l, call);
  if (x.isError() || y.isError() || !broadcastPair(x, y, l, call) ||
      !broadcastPair(cond, x, l, call) || !broadcastPair(x, y, l, call) ||
      !broadcastPair(cond, y, l, call))
    return Val::error();
  return Val::ir(b.create<arith::SelectOp>(l, cond.v, x.v, y.v), dt);
}

Val CodeGen::emitMinimumMaximum(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  bool mx = Extremum(entry.variant) == Extremum::Maximum;
  Val x = a[0], y = a[1];
  if (x.isNumber() && y.isNumber()) {
    std::optional<int> o = numberOrder(x, y);
    return mx == (o && *o >= 0) ? x : y;
  }
  if (!(x.isIR() || x.isNumber()) || !(y.isIR() || y.isNumber()))
    return error(call, shown + " expects tensors or numbers");
  std::optional<DType> pt = promote(x, y, call, name.drop_front(3));
  if (!pt)
    return Val::error();
  DType dt = *pt;
  x = cast(x, dt, l, call);
  y = cast(y, dt, l, call);
  if (x.isError() || y.isError() || !broadcastPair(x, y, l, call))
    return Val::error();
  bool nanProp = a[2].kind == Val::Str && a[2].s == "all";
  mlir::Value r;
  if (dt.isFloat()) {
    if (nanProp)
      r = mx ? b.create<arith::MaximumFOp>(l, x.v, y.v).getResult()
             : b.create<arith::MinimumFOp>(l, x.v, y.v).getResult();
    else
      r = mx ? b.create<arith::MaxNumFOp>(l, x.v, y.v).getResult()
             : b.create<arith::MinNumFOp>(l, x.v, y.v).getResult();
  } else if (dt.isUnsigned() || dt.isBool()) {
    r = mx ? b.create<arith::MaxUIOp>(l, x.v, y.v).getResult()
           : b.create<arith::MinUIOp>(l, x.v, y.v).getResult();
  } else if (!dt.isPointer) {
    r = mx ? b.create<arith::MaxSIOp>(l, x.v, y.v).getResult()
           : b.create<arith::MinSIOp>(l, x.v, y.v).getResult();
  } else {
    return error(call, shown + " is not supported on pointers");
  }
  return Val::ir(r, dt);
}

Val CodeGen::emitClamp(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  Val lo = callBuiltin("tl.maximum", call, {a[0], a[1], a[3]}, {});
  return callBuiltin("tl.minimum", call, {lo, a[2], a[3]}, {});
}

Val CodeGen::emitReduction(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  const DType i32 = DType::scalar(ScalarKind::I32);
  const DType f32 = DType::scalar(ScalarKind::F32);
  using mlir::tile::ReduceKind;
  auto kind = ReduceKind(entry.variant);
  bool isSum = kind == ReduceKind::sum;
  bool isArg = kind == ReduceKind::argmax || kind == ReduceKind::argmin;
  bool isMaxMin = !isSum && !isArg;
  bool keep = false;
  unsigned keepIdx = isSum ? 2 : isArg ? 3 : 4;
  if (a[keepIdx].kind != Val::None) {
    bool t;
    if (!truthy(a[keepIdx], call, t))
      return Val::error();
    keep = t;
  }
  // Triton's rules (triton/language/standard.py): tl.max/min/argmax/argmin
  // compute bf16 in fp32; tl.max/tl.min without indices also widen every
  // narrower type (fp16 -> fp32, 8/16-bit ints -> int32); tl.sum widens
  // 8/16-bit ints to (u)int32 and keeps 16-bit floats (the lowering
  // accumulates them in fp32 and rounds once).
  Val x = tensorArg(c, a[0]);
  if (x.isError())
    return x;
  if (isSum && a[3].kind != Val::None) {
    DType dt;
    if (!readDType(*this, a[3], call, dt))
      return Val::error();
    return reduce(ReduceKind::sum, cast(x, dt, l, call), a[1], keep, call);
  }
  if (!isSum && !x.dtype.isPointer && x.dtype.kind == ScalarKind::BF16)
    x = cast(x, f32, l, call);
  if (isSum && x.dtype.isInt() && x.dtype.bitwidth() < 32)
    x = cast(x, x.dtype.isUnsigned() ? DType::scalar(ScalarKind::U32) : i32, l,
             call);
  bool withIdx = false;
  if (isMaxMin && a[2].kind != Val::None && !truthy(a[2], call, withIdx))
    return Val::error();
  // Index reductions of booleans compare them as int32 (the GPU's argmax /
  // argmin lowering takes 8-bit and wider elements); the values stay bool.
  Val xIdx = x.dtype.isBool() ? cast(x, i32, l, call) : x;
  if (withIdx) {
    Val v = reduce(kind, x, a[1], keep, call);
    Val idx = reduce(kind == ReduceKind::max ? ReduceKind::argmax
                                             : ReduceKind::argmin,
                     xIdx, a[1], keep, call);
    if (v.isError() || idx.isError())
      return Val::error();
    return Val::tuple({v, idx});
  }
  if (isMaxMin && !x.dtype.isPointer && !x.dtype.isBool() &&
      x.dtype.bitwidth() < 32)
    x = cast(x, x.dtype.isFloat() ? f32 : i32, l, call);
  return reduce(kind, isArg ? xIdx : x, a[1], keep, call);
}

Val CodeGen::emitDot(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  const DType i32 = DType::scalar(ScalarKind::I32);
  const DType f32 = DType::scalar(ScalarKind::F32);
  Val x = tensorArg(c, a[0]), y = tensorArg(c, a[1]);
  if (x.isError() || y.isError())
    return Val::error();
  // fp8 operands: their products are exact in fp16 (bf16 beside a bf16
  // operand), so the dot runs on the 16-bit tensor cores with the same
  // fp32 accumulation; the fp8 instructions themselves are not used.
  for (Val *v : {&x, &y})
    if (v->dtype.isFP8()) {
      const Val &other = v == &x ? y : x;
      bool bf16 = other.dtype == DType::scalar(ScalarKind::BF16);
      *v = cast(*v, DType::scalar(bf16 ? ScalarKind::BF16 : ScalarKind::F16), l,
                call);
    }
  auto sx = x.shape(), sy = y.shape();
  if (sx.size() != 2 || sy.size() != 2)
    return error(call, "tl.dot expects 2-D tensors, got " + shapeStr(sx) +
                           " and " + shapeStr(sy));
  if (sx[1] != sy[0])
    return error(call, "tl.dot: the inner dimensions differ: " + shapeStr(sx) +
                           " @ " + shapeStr(sy));
  // Triton's smallest dot on NVIDIA GPUs: any M and N, K at least 16 (a
  // row sum written `x @ ones[K, 1]`). tilec computes a dot whose M or N
  // the tensor cores do not tile on the FMA path.
  if (sx[1] < 16)
    return error(call, "tl.dot needs an inner dimension of at least 16, got " +
                           shapeStr(sx) + " @ " + shapeStr(sy));
  if (x.dtype != y.dtype)
    return error(call, "tl.dot operands must have the same dtype, got " +
                           x.dtype.tlName() + " and " + y.dtype.tlName());
  if (x.dtype.isPointer || x.dtype.isBool())
    return error(call,
                 "tl.dot does not support " + x.dtype.tlName() + " operands");
  DType outT = x.dtype.isInt() ? i32 : f32;
  if (a[6].kind != Val::None && !readDType(*this, a[6], call, outT))
    return Val::error();
  mlir::tile::InputPrecision prec = mlir::tile::InputPrecision::tf32;
  if (a[3].kind == Val::Str) {
    if (a[3].s == "tf32")
      prec = mlir::tile::InputPrecision::tf32;
    else if (a[3].s == "tf32x3")
      prec = mlir::tile::InputPrecision::tf32x3;
    else if (a[3].s == "ieee")
      prec = mlir::tile::InputPrecision::ieee;
    else
      return error(call, "unknown input_precision '" + a[3].s +
                             "' (expected \"tf32\", \"tf32x3\" or \"ieee\")");
  } else if (a[4].kind == Val::Bool && !a[4].i) {
    prec = mlir::tile::InputPrecision::ieee;
  }
  llvm::SmallVector<int64_t> outShape{sx[0], sy[1]};
  Val acc = a[2];
  if (acc.kind == Val::None) {
    acc = zerosLike(outT, outShape, l);
  } else {
    acc = tensorArg(c, acc);
    if (acc.isError())
      return acc;
    if (acc.shape() != outShape || acc.dtype != outT) {
      if (acc.shape() == outShape && a[6].kind == Val::None &&
          acc.dtype.isFloat()) {
        outT = acc.dtype;
      } else {
        return error(call, "tl.dot accumulator must be a " + outT.tlName() +
                               " tensor of shape " + shapeStr(outShape) +
                               ", got " + describe(acc));
      }
    }
  }
  auto op =
      b.create<mlir::tile::DotOp>(l, acc.v.getType(), x.v, y.v, acc.v, prec);
  return Val::ir(op, outT);
}

Val CodeGen::emitUnaryMath(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  auto fn = UnaryMath(entry.variant);
  const DType f32 = DType::scalar(ScalarKind::F32);
  Val x = a[0];
  if (x.isNumber() && fn != UnaryMath::Abs) // math on a constant: in fp32
    x = toIR(Val::floating(x.kind == Val::Float ? x.f : double(x.wide())), l,
             call);
  x = tensorArg(c, x);
  if (x.isError())
    return x;
  if (x.dtype.isPointer)
    return error(call, shown + " is not supported on pointers");
  if (fn == UnaryMath::Abs) {
    if (x.dtype.isFloat())
      return Val::ir(b.create<math::AbsFOp>(l, x.v), x.dtype);
    if (x.dtype.isUnsigned() || x.dtype.isBool())
      return x;
    return Val::ir(b.create<math::AbsIOp>(l, x.v), x.dtype);
  }
  if (!x.dtype.isFloat()) // integers compute in fp32, as in Triton
    x = cast(x, f32, l, call);
  // fp16/bf16 inputs of transcendental functions are computed in fp32 and
  // rounded back (Triton rejects them; floor/ceil are exact in any width).
  DType resultType = x.dtype;
  if (x.dtype.bitwidth() == 16 && fn != UnaryMath::Floor &&
      fn != UnaryMath::Ceil)
    x = cast(x, f32, l, call);
  mlir::Value v = x.v, r;
  switch (fn) {
  case UnaryMath::Exp:
    r = b.create<math::ExpOp>(l, v);
    break;
  case UnaryMath::Exp2:
    r = b.create<math::Exp2Op>(l, v);
    break;
  case UnaryMath::Log:
    r = b.create<math::LogOp>(l, v);
    break;
  case UnaryMath::Log2:
    r = b.create<math::Log2Op>(l, v);
    break;
  case UnaryMath::Sqrt:
    r = b.create<math::SqrtOp>(l, v);
    break;
  case UnaryMath::SqrtRn: // IEEE-rounded, as div_rn is (see emitDivRn)
    r = b.create<math::SqrtOp>(l, v);
    r.getDefiningOp()->setAttr("tile.sqrt_rn", b.getUnitAttr());
    break;
  case UnaryMath::Rsqrt:
    r = b.create<math::RsqrtOp>(l, v);
    break;
  case UnaryMath::Cos:
    r = b.create<math::CosOp>(l, v);
    break;
  case UnaryMath::Sin:
    r = b.create<math::SinOp>(l, v);
    break;
  case UnaryMath::Erf:
    r = b.create<math::ErfOp>(l, v);
    break;
  case UnaryMath::Floor:
    r = b.create<math::FloorOp>(l, v);
    break;
  case UnaryMath::Ceil:
    r = b.create<math::CeilOp>(l, v);
    break;
  case UnaryMath::Sigmoid:
  case UnaryMath::Abs: { // sigmoid(x) = 1 / (1 + exp(-x)); abs returned
    Val one = broadcastTo(materialize(Val::floating(1), x.dtype, l), x.shape(),
                          l, call);
    mlir::Value e = b.create<math::ExpOp>(l, b.create<arith::NegFOp>(l, v));
    r = b.create<arith::DivFOp>(l, one.v, b.create<arith::AddFOp>(l, one.v, e));
    break;
  }
  }
  return cast(Val::ir(r, x.dtype), resultType, l, call);
}

Val CodeGen::emitFma(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  Val x = a[0], y = a[1], z = a[2];
  Val xy = binaryOp(BinaryOpKind::Mul, x, y,
                    call); // for the promoted type and shape
  if (xy.isError())
    return xy;
  if (!xy.isIR())
    return binaryOp(BinaryOpKind::Add, xy, z, call);
  if (!xy.dtype.isFloat())
    return binaryOp(BinaryOpKind::Add, xy, z, call);
  xy.v.getDefiningOp()->erase();
  x = cast(x, xy.dtype, l, call);
  y = cast(y, xy.dtype, l, call);
  z = cast(z, xy.dtype, l, call);
  if (x.isError() || y.isError() || z.isError())
    return Val::error();
  if (!broadcastPair(x, y, l, call) || !broadcastPair(x, z, l, call) ||
      !broadcastPair(y, z, l, call))
    return Val::error();
  return Val::ir(b.create<math::FmaOp>(l, x.v, y.v, z.v), xy.dtype);
}

Val CodeGen::emitFdiv(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  // Triton's math.fdiv: `/` (div.full.f32 on the GPU), or with
  // ieee_rounding the IEEE division, tl.div_rn.
  bool ieee = false;
  if (a[2].kind != Val::None && !truthy(a[2], call, ieee))
    return Val::error();
  return ieee ? callBuiltin("tl.div_rn", call, {a[0], a[1]}, {})
              : binaryOp(BinaryOpKind::Div, a[0], a[1], call);
}

Val CodeGen::emitSoftmax(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  // Triton's standard.py, as it is written: along `dim` (0 when None),
  // exp(x - max) / sum, the max and sum with `keep_dims`.
  Val dim = a[1].kind == Val::None ? Val::integer(0) : a[1];
  Val keep = a[2].kind == Val::None ? Val::boolean(false) : a[2];
  Val ieee = a[3].kind == Val::None ? Val::boolean(false) : a[3];
  Val m = callBuiltin("tl.max", call, {a[0], dim}, {{"keep_dims", keep}});
  if (m.isError())
    return m;
  Val num = callBuiltin("tl.exp", call,
                        {binaryOp(BinaryOpKind::Sub, a[0], m, call)}, {});
  Val den = callBuiltin("tl.sum", call, {num, dim}, {{"keep_dims", keep}});
  if (num.isError() || den.isError())
    return Val::error();
  return callBuiltin("tl.fdiv", call, {num, den}, {{"ieee_rounding", ieee}});
}

Val CodeGen::emitDivRn(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  const DType f32 = DType::scalar(ScalarKind::F32);
  // IEEE division rounded to nearest (Triton: fp32 tensors only; numbers
  // become fp32 beside them). `/` is div.full.f32 on the GPU; the
  // `tile.div_rn` mark makes it div.rn.f32.
  Val x = a[0], y = a[1];
  for (Val *v : {&x, &y}) {
    if (v->isIR() && v->dtype != f32)
      return error(call, shown + " expects fp32 operands, got " + describe(*v));
    if (!v->isIR() && !v->isNumber())
      return error(call, shown + " expects fp32 tensors or numbers, got " +
                             describe(*v));
  }
  if (x.isNumber() && y.isNumber() && x.kind != Val::Float &&
      y.kind != Val::Float)
    return error(call, shown + " expects fp32 operands, got " + describe(x) +
                           " and " + describe(y));
  x = cast(x, f32, l, call);
  y = cast(y, f32, l, call);
  if (x.isError() || y.isError() || !broadcastPair(x, y, l, call))
    return Val::error();
  auto div = b.create<arith::DivFOp>(l, x.v, y.v);
  div->setAttr("tile.div_rn", b.getUnitAttr());
  return Val::ir(div, f32);
}

Val CodeGen::emitSwizzle2d(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  // Triton's standard.py, in the same operators: (i, j) of a row-major
  // size_i x size_j grid, renumbered so that groups of size_g rows are
  // walked column by column.
  Val i = a[0], j = a[1], sizeI = a[2], sizeJ = a[3], sizeG = a[4];
  Val ij = binaryOp(BinaryOpKind::Add,
                    binaryOp(BinaryOpKind::Mul, i, sizeJ, call), j, call);
  Val sizeGJ = binaryOp(BinaryOpKind::Mul, sizeG, sizeJ, call);
  Val offI =
      binaryOp(BinaryOpKind::Mul,
               binaryOp(BinaryOpKind::FloorDiv, ij, sizeGJ, call), sizeG, call);
  if (offI.isError() || sizeGJ.isError())
    return Val::error();
  Val g = callBuiltin(
      "min", call, {binaryOp(BinaryOpKind::Sub, sizeI, offI, call), sizeG}, {});
  ij = binaryOp(BinaryOpKind::Mod, ij, sizeGJ, call);
  if (g.isError() || ij.isError())
    return Val::error();
  Val newI = binaryOp(BinaryOpKind::Add, offI,
                      binaryOp(BinaryOpKind::Mod, ij, g, call), call);
  Val newJ = binaryOp(BinaryOpKind::FloorDiv, ij, g, call);
  if (newI.isError() || newJ.isError())
    return Val::error();
  return Val::tuple({newI, newJ});
}

Val CodeGen::emitCdiv(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  Val x = a[0], d = a[1];
  if (x.isNumber() && d.isNumber()) {
    if (x.kind == Val::Float || d.kind == Val::Float)
      return error(call, "tl.cdiv expects integers");
    Val sum = constBinary(BinaryOpKind::Add, x, d, call);
    if (sum.isError())
      return sum;
    return constBinary(
        BinaryOpKind::FloorDiv,
        constBinary(BinaryOpKind::Sub, sum, Val::integer(1), call), d, call);
  }
  Val num = binaryOp(BinaryOpKind::Sub, binaryOp(BinaryOpKind::Add, x, d, call),
                     Val::integer(1), call);
  return binaryOp(BinaryOpKind::FloorDiv, num, d, call);
}

/// tl.standard._log2(i): Triton's constexpr helper, the number of times i
/// halves (integer division) before it is at most 1 (floor(log2(i)) for
/// i >= 1, 0 below).
Val CodeGen::emitLog2Int(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  int64_t n;
  if (!requireInt(a[0], call, "the argument of _log2", n))
    return Val::error();
  int64_t log2 = 0;
  while (n > 1) {
    n >>= 1;
    ++log2;
  }
  return Val::integer(log2);
}

Val CodeGen::emitNextPowerOf2(BuiltinCall &c) {
  auto &[entry, name, call, a, given, shown, l, kwargs] = c;
  int64_t n;
  if (!requireInt(a[0], call, "the argument of next_power_of_2", n))
    return Val::error();
  if (n > (int64_t(1) << 62))
    return error(call, "next_power_of_2 argument is too large");
  int64_t p = 1;
  while (p < n)
    p <<= 1;
  return Val::integer(p);
}
