//===- Values.cpp - Constants, casts and broadcasting ---------------------===//
//
// Runtime values made from compile-time ones (materialize, toIR, zerosLike),
// the IR type of a dtype and shape, truthiness and integer arguments of
// compile-time values, dtype conversions (Triton's casts: float, int,
// pointer, bitcast; fp8 through fp32) and broadcasting to a common shape.
//
//===----------------------------------------------------------------------===//

#include "CodeGen.h"

#include "tilec/Dialect/Tile/TileDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <cmath>
#include <limits>

using namespace tilec;
namespace arith = mlir::arith;

mlir::Type CodeGen::irType(DType dt, llvm::ArrayRef<int64_t> shape) {
  mlir::Type t = dt.toMLIR(&ctx);
  if (shape.empty())
    return t;
  return mlir::RankedTensorType::get(shape, t);
}

bool CodeGen::requireInt(const Val &v, const Expr &where, llvm::StringRef what,
                         int64_t &out) {
  if (v.isError())
    return false;
  if (v.kind == Val::Int && v.isWide) {
    error(where,
          what + " must be an integer of int64's range, got " + describe(v));
    return false;
  }
  if (v.kind == Val::Int || v.kind == Val::Bool) {
    out = v.i;
    return true;
  }
  error(where,
        what + " must be a compile-time integer constant, got " + describe(v));
  return false;
}

bool CodeGen::truthy(const Val &v, const Expr &where, bool &out) {
  switch (v.kind) {
  case Val::Int:
  case Val::Bool:
    out = v.wide() != 0;
    return true;
  case Val::Float:
    out = v.f != 0;
    return true;
  case Val::None:
    out = false;
    return true;
  case Val::Str:
    out = !v.s.empty();
    return true;
  case Val::Tuple:
    out = !v.elems.empty();
    return true;
  case Val::DTypeV:
  case Val::Module:
  case Val::Builtin:
  case Val::Func:
  case Val::Method:
  case Val::BlockPtr:
    out = true;
    return true;
  case Val::IR:
    error(where, "the truth value of " + describe(v) +
                     " is not known at compile time here");
    return false;
  case Val::Error:
    return false;
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Constants, casts, broadcasting
//===----------------------------------------------------------------------===//

std::optional<int> tilec::numberOrder(const Val &a, const Val &c) {
  if (a.kind != Val::Float && c.kind != Val::Float)
    return a.wide() < c.wide() ? -1 : a.wide() > c.wide() ? 1 : 0;
  if (a.kind == Val::Float && c.kind == Val::Float) {
    if (std::isnan(a.f) || std::isnan(c.f))
      return std::nullopt;
    return a.f < c.f ? -1 : a.f > c.f ? 1 : 0;
  }
  bool intFirst = a.kind != Val::Float;
  __int128 m = intFirst ? a.wide() : c.wide();
  double f = intFirst ? c.f : a.f;
  if (std::isnan(f))
    return std::nullopt;
  int order; // of m against f
  // Every int here is within 2**127 (Val's range), every float past it
  // is larger in magnitude; below it its integer part fits in 128 bits.
  if (std::fabs(f) >= 0x1p127)
    order = f > 0 ? -1 : 1;
  else {
    double floor = std::floor(f);
    __int128 n = __int128(floor);
    order = m < n ? -1 : m > n ? 1 : (f > floor ? -1 : 0);
  }
  return intFirst ? order : -order;
}

Val CodeGen::materialize(const Val &c, DType dt, mlir::Location l) {
  mlir::Type t = dt.toMLIR(&ctx);
  mlir::TypedAttr attr;
  if (dt.isFloat()) {
    double x = c.kind == Val::Float ? c.f : double(c.wide());
    attr = b.getFloatAttr(t, x);
  } else if (dt.isInt()) {
    int64_t x = c.kind == Val::Float ? int64_t(c.f) : c.i;
    if (dt.isBool())
      x = x != 0;
    llvm::APInt bits = llvm::APInt(64, uint64_t(x), /*isSigned=*/true);
    attr = b.getIntegerAttr(t, bits.trunc(dt.bitwidth()));
  } else {
    return Val::error();
  }
  return Val::ir(b.create<arith::ConstantOp>(l, attr), dt);
}

Val CodeGen::boundValue(const Val &v, mlir::Location l, const Expr &where) {
  if (constexprDepth > 0)
    return v;
  if (v.kind == Val::Tuple) {
    Val r = v;
    for (Val &e : r.elems)
      e = boundValue(e, l, where);
    return r;
  }
  if (v.kind == Val::Int && !v.isWide && v.i >= (int64_t(1) << 31) &&
      v.i < (int64_t(1) << 32))
    return materialize(v, DType::scalar(ScalarKind::U32), l);
  if (v.kind == Val::Float) {
    double a = std::fabs(v.f);
    bool f32 =
        std::isinf(a) || a == 0 || std::isnan(a) ||
        (a >= 0x1p-126 && a <= double(std::numeric_limits<float>::max()));
    return materialize(
        v, DType::scalar(f32 ? ScalarKind::F32 : ScalarKind::F64), l);
  }
  if (v.isNumber())
    return toIR(v, l, where);
  return v;
}

Val CodeGen::toIR(const Val &c, mlir::Location l, const Expr &where) {
  switch (c.kind) {
  case Val::IR:
  case Val::Error:
    return c;
  case Val::Bool:
    return materialize(c, DType::scalar(ScalarKind::I1), l);
  case Val::Int:
    if (!c.fits64())
      return error(where, describe(c) + " does not fit in 64 bits");
    if (c.isWide) // from 2**63 on (Triton: uint64)
      return materialize(c, DType::scalar(ScalarKind::U64), l);
    if (c.i >= std::numeric_limits<int32_t>::min() &&
        c.i <= std::numeric_limits<int32_t>::max())
      return materialize(c, DType::scalar(ScalarKind::I32), l);
    return materialize(c, DType::scalar(ScalarKind::I64), l);
  case Val::Float:
    return materialize(c, DType::scalar(ScalarKind::F32), l);
  default:
    return error(where, "expected a number or a tensor, got " + describe(c));
  }
}

Val CodeGen::cast(const Val &x, DType to, mlir::Location l, const Expr &where,
                  bool bitcast) {
  if (x.isError())
    return x;
  if (x.isNumber()) {
    if (to.isPointer)
      return error(where,
                   "cannot convert " + describe(x) + " to " + to.tlName());
    if (x.kind == Val::Int && !x.fits64())
      return error(where, describe(x) + " does not fit in 64 bits");
    return materialize(x, to, l);
  }
  if (!x.isIR())
    return error(where, "cannot convert " + describe(x) + " to " + to.tlName());
  DType from = x.dtype;
  auto shape = x.shape();
  mlir::Type dst = irType(to, shape);
  mlir::Value v = x.v;
  if (v.getType() == dst)
    return Val::ir(v, to); // same bits, possibly another signedness
  if (bitcast) {
    if (from.bitwidth() != to.bitwidth() || from.isPointer || to.isPointer)
      return error(where, "cannot bitcast " + from.tlName() + " to " +
                              to.tlName() + ": the bit widths differ");
    return Val::ir(b.create<arith::BitcastOp>(l, dst, v), to);
  }
  if (from.isPointer || to.isPointer) {
    bool ok = (from.isPointer && to.isPointer) ||
              (from.isPointer && to.isInt() && to.bitwidth() == 64) ||
              (to.isPointer && from.isInt() && from.bitwidth() == 64);
    if (!ok)
      return error(where, "cannot cast " + from.tlName() + " to " +
                              to.tlName() +
                              " (pointers convert to pointers and to/from "
                              "int64 only)");
    return Val::ir(b.create<mlir::tile::CastOp>(l, dst, v), to);
  }
  // fp8 converts to and from the other floats only: through fp32 for the
  // rest (every fp8 value is an fp32 one; one rounding to fp8 from fp32).
  DType f32 = DType::scalar(ScalarKind::F32);
  if ((from.isFP8() && (!to.isFloat() || to.isFP8())) ||
      (to.isFP8() && (!from.isFloat() || from.bitwidth() == 64)))
    return cast(cast(x, f32, l, where), to, l, where);
  if (from.isFloat() && to.isFloat()) {
    if (from.bitwidth() == 16 && to.bitwidth() == 16) { // fp16 <-> bf16
      Val mid = cast(x, DType::scalar(ScalarKind::F32), l, where);
      return cast(mid, to, l, where);
    }
    if (to.bitwidth() > from.bitwidth())
      return Val::ir(b.create<arith::ExtFOp>(l, dst, v), to);
    return Val::ir(b.create<arith::TruncFOp>(l, dst, v), to);
  }
  if (from.isInt() && to.isFloat()) {
    if (from.isSigned())
      return Val::ir(b.create<arith::SIToFPOp>(l, dst, v), to);
    return Val::ir(b.create<arith::UIToFPOp>(l, dst, v), to);
  }
  if (from.isFloat() && to.isInt()) {
    if (to.isBool()) {
      Val zero =
          broadcastTo(materialize(Val::floating(0), from, l), shape, l, where);
      return Val::ir(
          b.create<arith::CmpFOp>(l, arith::CmpFPredicate::UNE, v, zero.v), to);
    }
    if (to.isUnsigned())
      return Val::ir(b.create<arith::FPToUIOp>(l, dst, v), to);
    return Val::ir(b.create<arith::FPToSIOp>(l, dst, v), to);
  }
  // int -> int
  if (to.isBool()) {
    Val zero =
        broadcastTo(materialize(Val::integer(0), from, l), shape, l, where);
    return Val::ir(
        b.create<arith::CmpIOp>(l, arith::CmpIPredicate::ne, v, zero.v), to);
  }
  if (to.bitwidth() > from.bitwidth()) {
    if (from.isSigned())
      return Val::ir(b.create<arith::ExtSIOp>(l, dst, v), to);
    return Val::ir(b.create<arith::ExtUIOp>(l, dst, v), to);
  }
  return Val::ir(b.create<arith::TruncIOp>(l, dst, v), to);
}

Val CodeGen::broadcastTo(const Val &x, llvm::ArrayRef<int64_t> shape,
                         mlir::Location l, const Expr &where) {
  if (x.isError())
    return x;
  Val v = x;
  if (v.isNumber())
    v = toIR(v, l, where);
  if (!v.isIR())
    return error(where, "cannot broadcast " + describe(x) + " to a tensor");
  auto src = v.shape();
  if (src == llvm::ArrayRef<int64_t>(shape))
    return v;
  if (src.empty()) {
    if (shape.empty())
      return v;
    return Val::ir(
        b.create<mlir::tile::SplatOp>(l, irType(v.dtype, shape), v.v), v.dtype);
  }
  if (src.size() > shape.size())
    return error(where, "cannot broadcast " + describe(v) + " to shape " +
                            shapeStr(shape));
  // Prepend unit dimensions, then broadcast the unit dimensions.
  while (src.size() < shape.size()) {
    v = Val::ir(b.create<mlir::tile::ExpandDimsOp>(l, v.v, 0), v.dtype);
    src.insert(src.begin(), 1);
  }
  for (size_t i = 0; i < shape.size(); ++i)
    if (src[i] != shape[i] && src[i] != 1)
      return error(where, "cannot broadcast " + describe(x) + " to shape " +
                              shapeStr(shape));
  if (src == llvm::ArrayRef<int64_t>(shape))
    return v;
  return Val::ir(
      b.create<mlir::tile::BroadcastOp>(l, irType(v.dtype, shape), v.v),
      v.dtype);
}

bool CodeGen::broadcastPair(Val &a, Val &c, mlir::Location l,
                            const Expr &where) {
  auto sa = a.shape(), sc = c.shape();
  if (sa == sc)
    return true;
  if (sa.empty()) {
    a = broadcastTo(a, sc, l, where);
    return !a.isError();
  }
  if (sc.empty()) {
    c = broadcastTo(c, sa, l, where);
    return !c.isError();
  }
  size_t rank = std::max(sa.size(), sc.size());
  sa.insert(sa.begin(), rank - sa.size(), 1);
  sc.insert(sc.begin(), rank - sc.size(), 1);
  llvm::SmallVector<int64_t> out(rank);
  for (size_t i = 0; i < rank; ++i) {
    if (sa[i] == sc[i] || sc[i] == 1)
      out[i] = sa[i];
    else if (sa[i] == 1)
      out[i] = sc[i];
    else {
      error(where, "incompatible shapes for broadcasting: " +
                       shapeStr(a.shape()) + " and " + shapeStr(c.shape()));
      return false;
    }
  }
  a = broadcastTo(a, out, l, where);
  c = broadcastTo(c, out, l, where);
  return !a.isError() && !c.isError();
}

Val CodeGen::zerosLike(DType dt, llvm::ArrayRef<int64_t> shape,
                       mlir::Location l) {
  mlir::Type elt = dt.toMLIR(&ctx);
  mlir::TypedAttr zero = dt.isFloat()
                             ? mlir::TypedAttr(b.getFloatAttr(elt, 0))
                             : mlir::TypedAttr(b.getIntegerAttr(elt, 0));
  if (shape.empty())
    return Val::ir(b.create<arith::ConstantOp>(l, zero), dt);
  auto t = mlir::RankedTensorType::get(shape, elt);
  return Val::ir(
      b.create<arith::ConstantOp>(l, mlir::SplatElementsAttr::get(t, zero)),
      dt);
}
