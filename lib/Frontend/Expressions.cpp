//===- Expressions.cpp - Operators and promotion --------------------------===//
//
// Expression-level code generation with Triton's semantics: constants fold
// at compile time with Python's rules; once a runtime value is involved,
// operands are promoted to a common dtype (Python scalars are "weak" and take
// the tensor's type), broadcast to a common shape (Values.cpp), and lowered
// to arith/math ops on tensors or to `tile` ops (pointers, shapes).
//
//===----------------------------------------------------------------------===//

#include "CodeGen.h"

#include "tilec/Dialect/Tile/TileDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <cmath>
#include <limits>

using namespace tilec;
namespace arith = mlir::arith;

bool Val::isConstexpr() const {
  switch (kind) {
  case None:
  case Int:
  case Float:
  case Bool:
  case Str:
  case DTypeV:
    return true;
  case Tuple:
    for (auto &e : elems)
      if (!e.isConstexpr())
        return false;
    return true;
  default:
    return false;
  }
}

llvm::SmallVector<int64_t> Val::shape() const {
  if (kind != IR)
    return {};
  if (auto t = mlir::dyn_cast<mlir::RankedTensorType>(v.getType()))
    return llvm::SmallVector<int64_t>(t.getShape());
  return {};
}

std::string tilec::shapeStr(llvm::ArrayRef<int64_t> shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

std::string tilec::describe(const Val &v) {
  switch (v.kind) {
  case Val::Error:
    return "<error>";
  case Val::None:
    return "None";
  case Val::Int:
    return "the constant " + intString(v.wide());
  case Val::Float: {
    char buf[64];
    snprintf(buf, sizeof buf, "%.17g", v.f);
    // Shortest form that reads back the same value.
    for (int prec = 1; prec <= 17; ++prec) {
      char tmp[64];
      snprintf(tmp, sizeof tmp, "%.*g", prec, v.f);
      if (strtod(tmp, nullptr) == v.f) {
        snprintf(buf, sizeof buf, "%s", tmp);
        break;
      }
    }
    std::string s = buf;
    if (s.find_first_of(".eni") == std::string::npos)
      s += ".0";
    return "the constant " + s;
  }
  case Val::Bool:
    return v.i ? "the constant True" : "the constant False";
  case Val::Str:
    return "the string '" + v.s + "'";
  case Val::DTypeV:
    return describeType(v);
  case Val::Tuple:
    return "a tuple of " + std::to_string(v.elems.size()) + " values";
  case Val::Module:
    return "the module '" + v.s + "'";
  case Val::Builtin:
    return "the function '" + v.s + "'";
  case Val::Method:
    return "the method '" + v.s + "'";
  case Val::Func:
    return "the jit function '" + v.fn->name + "'";
  case Val::BlockPtr:
    return std::string(v.isDescriptor ? "a tensor descriptor of "
                                      : "a block pointer to ") +
           v.elems[0].dtype.pointee().tlName() + " with block shape " +
           shapeStr(v.blockShape);
  case Val::IR: {
    auto shape = v.shape();
    if (shape.empty())
      return "a scalar of type " + v.dtype.str();
    std::string s = "a tensor of type " + v.dtype.str() + " and shape ";
    return s + shapeStr(shape);
  }
  }
  return "?";
}

//===----------------------------------------------------------------------===//
// Promotion
//===----------------------------------------------------------------------===//

/// Triton's order: fp64 wins, then fp32, then fp16 (so fp16 with bf16 gives
/// fp16), then bf16.
static DType promoteFloats(DType a, DType c) {
  for (ScalarKind k :
       {ScalarKind::F64, ScalarKind::F32, ScalarKind::F16, ScalarKind::BF16})
    if (a.kind == k || c.kind == k)
      return DType::scalar(k);
  // Two fp8 types: the same one, or fp16 for different ones (Triton).
  return a == c ? a : DType::scalar(ScalarKind::F16);
}

static DType promoteInts(DType a, DType c) {
  if (a == c)
    return a;
  if (a.isBool())
    return c;
  if (c.isBool())
    return a;
  if (a.bitwidth() != c.bitwidth())
    return a.bitwidth() > c.bitwidth() ? a : c;
  return a.isUnsigned() ? a : c;
}

std::string tilec::intString(__int128 v) {
  if (v == 0)
    return "0";
  bool neg = v < 0;
  unsigned __int128 u = neg ? -(unsigned __int128)v : (unsigned __int128)v;
  std::string d;
  for (; u; u /= 10)
    d.insert(d.begin(), char('0' + int(u % 10)));
  return neg ? "-" + d : d;
}

std::optional<DType> CodeGen::promote(const Val &a, const Val &c,
                                      const Expr &where, llvm::StringRef op,
                                      Promotion purpose) {
  auto weak = [](const Val &constant, DType t) -> DType {
    if (constant.kind == Val::Float)
      return t.isFloat() ? t : DType::scalar(ScalarKind::F32);
    if (constant.kind == Val::Int && t.isBool())
      return DType::scalar(ScalarKind::I32);
    return t;
  };
  DType r;
  if (a.isNumber())
    r = weak(a, c.dtype);
  else if (c.isNumber())
    r = weak(c, a.dtype);
  else if (a.dtype.isFloat() || c.dtype.isFloat()) {
    if (a.dtype.isFloat() && c.dtype.isFloat())
      r = promoteFloats(a.dtype, c.dtype);
    else
      r = a.dtype.isFloat() ? a.dtype : c.dtype;
  } else {
    r = promoteInts(a.dtype, c.dtype);
  }
  if (r.isFP8() && purpose != Promotion::Move) {
    error(where, "'" + op + "' of " + r.tlName() +
                     " values is not "
                     "supported: convert them with .to(tl.float16) or "
                     ".to(tl.float32) first");
    return std::nullopt;
  }
  // PTX has no 16-bit float division or remainder: like Triton, compute them
  // in fp32.
  if (purpose == Promotion::Division && r.isFloat() && r.bitwidth() == 16)
    r = DType::scalar(ScalarKind::F32);
  // A weak integer constant must fit in the type it is converted to (as
  // Triton checks: `x_i32 | 0x80000000` is an error there too).
  for (const Val *v : {&a, &c}) {
    if (v->kind != Val::Int || !r.isInt() || r.isBool())
      continue;
    unsigned w = r.bitwidth();
    __int128 x = v->wide(), top = __int128(1) << w;
    bool fits =
        r.isUnsigned() ? x >= 0 && x < top : x >= -(top / 2) && x < top / 2;
    if (!fits) {
      error(where, "the constant " + intString(x) + " does not fit in " +
                       r.tlName() + " (the type of the other operand of '" +
                       op +
                       "'); convert that operand first, e.g. with "
                       ".to(tl.int64)");
      return std::nullopt;
    }
  }
  return r;
}

//===----------------------------------------------------------------------===//
// Operators
//===----------------------------------------------------------------------===//

/// Python's floor division and remainder of 128-bit integers (c != 0).
static __int128 floorDiv(__int128 a, __int128 c) {
  __int128 q = a / c;
  if ((a % c != 0) && ((a < 0) != (c < 0)))
    --q;
  return q;
}

Val CodeGen::constBinary(BinaryOpKind op, const Val &a, const Val &c,
                         const Expr &where) {
  bool isFloat = a.kind == Val::Float || c.kind == Val::Float;
  double fa = a.kind == Val::Float ? a.f : double(a.wide());
  double fc = c.kind == Val::Float ? c.f : double(c.wide());
  // Integers as Python computes them (in 128 bits here; Val::wideInteger),
  // a value that leaves 128 bits an overflow.
  __int128 ia = a.wide(), ic = c.wide();
  auto overflow = [&]() {
    return error(where, "integer overflow in constant expression");
  };
  bool bools = a.kind == Val::Bool && c.kind == Val::Bool;
  switch (op) {
  case BinaryOpKind::Add:
  case BinaryOpKind::Sub: {
    if (isFloat)
      return Val::floating(op == BinaryOpKind::Add ? fa + fc : fa - fc);
    __int128 r;
    if (op == BinaryOpKind::Add ? __builtin_add_overflow(ia, ic, &r)
                                : __builtin_sub_overflow(ia, ic, &r))
      return overflow();
    return Val::wideInteger(r);
  }
  case BinaryOpKind::Mul: {
    if (isFloat)
      return Val::floating(fa * fc);
    __int128 r;
    if (__builtin_mul_overflow(ia, ic, &r))
      return overflow();
    return Val::wideInteger(r);
  }
  case BinaryOpKind::Div:
    if (fc == 0)
      return error(where, "division by zero in constant expression");
    return Val::floating(fa / fc);
  case BinaryOpKind::FloorDiv:
  case BinaryOpKind::Mod: {
    bool floorDivision = op == BinaryOpKind::FloorDiv;
    if (isFloat) {
      if (fc == 0)
        return error(where, "division by zero in constant expression");
      double q = std::floor(fa / fc);
      return floorDivision ? Val::floating(q) : Val::floating(fa - q * fc);
    }
    if (ic == 0)
      return error(where, "division by zero in constant expression");
    if (!floorDivision) { // the remainder has the divisor's sign
      if (ic == -1)
        return Val::wideInteger(0);
      __int128 r = ia % ic;
      return Val::wideInteger(r != 0 && ((r < 0) != (ic < 0)) ? r + ic : r);
    }
    if (ia == std::numeric_limits<__int128>::min() && ic == -1)
      return overflow();
    return Val::wideInteger(floorDiv(ia, ic));
  }
  case BinaryOpKind::Pow: {
    if (isFloat || ic < 0)
      return Val::floating(std::pow(fa, fc));
    if (ia == 0 || ia == 1)
      return Val::wideInteger(ic == 0 ? 1 : ia);
    if (ia == -1)
      return Val::wideInteger(ic % 2 == 0 ? 1 : -1);
    __int128 r = 1; // |ia| >= 2: overflows within 127 steps
    for (__int128 i = 0; i < ic; ++i)
      if (__builtin_mul_overflow(r, ia, &r))
        return overflow();
    return Val::wideInteger(r);
  }
  default:
    break;
  }
  if (isFloat)
    return error(where, "operator '" + spelling(op) +
                            "' requires integer operands, got " + describe(a) +
                            " and " + describe(c));
  switch (op) {
  case BinaryOpKind::BitAnd:
    return bools ? Val::boolean(ia & ic) : Val::wideInteger(ia & ic);
  case BinaryOpKind::BitOr:
    return bools ? Val::boolean(ia | ic) : Val::wideInteger(ia | ic);
  case BinaryOpKind::BitXor:
    return bools ? Val::boolean(ia ^ ic) : Val::wideInteger(ia ^ ic);
  case BinaryOpKind::Shl:
  case BinaryOpKind::Shr:
    if (ic < 0)
      return error(where, "negative shift count in constant expression");
    if (op == BinaryOpKind::Shr)
      return Val::wideInteger(ic >= 127 ? (ia < 0 ? -1 : 0) : ia >> int(ic));
    if (ia == 0)
      return Val::wideInteger(0);
    if (__int128 r;
        ic >= 127 || __builtin_mul_overflow(ia, __int128(1) << int(ic), &r))
      return overflow();
    else
      return Val::wideInteger(r);
  default:
    return error(where, "operator '" + spelling(op) +
                            "' is not supported on constants");
  }
}

Val CodeGen::binaryOp(BinaryOpKind op, Val a, Val c, const Expr &where) {
  if (a.isError() || c.isError())
    return Val::error();
  if (a.isNumber() && c.isNumber())
    return constBinary(op, a, c, where);
  if (a.kind == Val::Tuple && c.kind == Val::Tuple && op == BinaryOpKind::Add) {
    std::vector<Val> e = a.elems;
    e.insert(e.end(), c.elems.begin(), c.elems.end());
    return Val::tuple(std::move(e));
  }
  // Strings that module code builds at compile time (BuiltinsString.cpp).
  if (a.kind == Val::Str && c.kind == Val::Str && op == BinaryOpKind::Add)
    return Val::str(a.s + c.s);
  bool aOk = a.isIR() || a.isNumber(), cOk = c.isIR() || c.isNumber();
  if (!aOk || !cOk)
    return error(where, "unsupported operand types for '" + spelling(op) +
                            "': " + describe(a) + " and " + describe(c));
  mlir::Location l = loc(where);
  if (op == BinaryOpKind::MatMul)
    return error(where, "the '@' operator is not supported; use tl.dot");
  if (op == BinaryOpKind::Pow)
    return error(where, "'**' is only supported on compile-time constants; "
                        "use multiplication or tl.exp2/tl.log2 on tensors");

  // Pointer arithmetic: ptr + int, int + ptr, ptr - int.
  bool aPtr = a.isIR() && a.dtype.isPointer,
       cPtr = c.isIR() && c.dtype.isPointer;
  if (aPtr || cPtr) {
    if (aPtr && cPtr)
      return error(where, "unsupported operand types for '" + spelling(op) +
                              "': two pointers");
    if (op != BinaryOpKind::Add && !(op == BinaryOpKind::Sub && aPtr))
      return error(where, "operator '" + spelling(op) +
                              "' is not supported on "
                              "pointers; only pointer + integer and pointer "
                              "- integer are");
    Val ptr = aPtr ? a : c, off = aPtr ? c : a;
    if (off.kind == Val::Float || (off.isIR() && !off.dtype.isInt()))
      return error(where,
                   "pointer offset must be an integer, got " + describe(off));
    if (off.kind == Val::Bool)
      off = Val::integer(off.i);
    if (off.isNumber())
      off = toIR(off, l, where);
    if (off.dtype.isBool())
      off = cast(off, DType::scalar(ScalarKind::I32), l, where);
    if (op == BinaryOpKind::Sub) {
      Val zero = materialize(Val::integer(0), off.dtype, l);
      zero = broadcastTo(zero, off.shape(), l, where);
      off = Val::ir(b.create<arith::SubIOp>(l, zero.v, off.v), off.dtype);
    }
    if (!broadcastPair(ptr, off, l, where))
      return Val::error();
    return Val::ir(b.create<mlir::tile::AddPtrOp>(l, ptr.v, off.v), ptr.dtype);
  }

  bool division = op == BinaryOpKind::Div || op == BinaryOpKind::Mod;
  auto dtOpt = promote(a, c, where, spelling(op),
                       division ? Promotion::Division : Promotion::Arithmetic);
  if (!dtOpt)
    return Val::error();
  DType dt = *dtOpt;
  bool bitwise = op == BinaryOpKind::BitAnd || op == BinaryOpKind::BitOr ||
                 op == BinaryOpKind::BitXor || op == BinaryOpKind::Shl ||
                 op == BinaryOpKind::Shr;
  if (bitwise && dt.isFloat())
    return error(where, "operator '" + spelling(op) +
                            "' requires integer operands, got " + describe(a) +
                            " and " + describe(c));
  if (op == BinaryOpKind::Div && dt.isInt())
    dt = DType::scalar(ScalarKind::F32); // true division of integers
  a = cast(a, dt, l, where);
  c = cast(c, dt, l, where);
  if (a.isError() || c.isError() || !broadcastPair(a, c, l, where))
    return Val::error();
  mlir::Value x = a.v, y = c.v;
  mlir::Value r;
  bool f = dt.isFloat(), u = dt.isUnsigned() || dt.isBool();
  switch (op) {
  case BinaryOpKind::Add:
    r = f ? b.create<arith::AddFOp>(l, x, y).getResult()
          : b.create<arith::AddIOp>(l, x, y).getResult();
    break;
  case BinaryOpKind::Sub:
    r = f ? b.create<arith::SubFOp>(l, x, y).getResult()
          : b.create<arith::SubIOp>(l, x, y).getResult();
    break;
  case BinaryOpKind::Mul:
    r = f ? b.create<arith::MulFOp>(l, x, y).getResult()
          : b.create<arith::MulIOp>(l, x, y).getResult();
    break;
  case BinaryOpKind::Div:
    r = b.create<arith::DivFOp>(l, x, y);
    break;
  case BinaryOpKind::FloorDiv:
    if (f)
      r = b.create<mlir::math::FloorOp>(l, b.create<arith::DivFOp>(l, x, y));
    else
      r = u ? b.create<arith::DivUIOp>(l, x, y).getResult()
            : b.create<arith::DivSIOp>(l, x, y).getResult();
    break;
  case BinaryOpKind::Mod:
    r = f   ? b.create<arith::RemFOp>(l, x, y).getResult()
        : u ? b.create<arith::RemUIOp>(l, x, y).getResult()
            : b.create<arith::RemSIOp>(l, x, y).getResult();
    break;
  case BinaryOpKind::BitAnd:
    r = b.create<arith::AndIOp>(l, x, y);
    break;
  case BinaryOpKind::BitOr:
    r = b.create<arith::OrIOp>(l, x, y);
    break;
  case BinaryOpKind::BitXor:
    r = b.create<arith::XOrIOp>(l, x, y);
    break;
  case BinaryOpKind::Shl:
    r = b.create<arith::ShLIOp>(l, x, y);
    break;
  case BinaryOpKind::Shr:
    r = u ? b.create<arith::ShRUIOp>(l, x, y).getResult()
          : b.create<arith::ShRSIOp>(l, x, y).getResult();
    break;
  case BinaryOpKind::Pow:
  case BinaryOpKind::MatMul:
    return error(where, "unsupported operator '" + spelling(op) + "'");
  }
  return Val::ir(r, dt);
}

static bool constCompare(CompareOpKind op, const Val &a, const Val &c,
                         bool &out) {
  if (!(a.isNumber() && c.isNumber()))
    return false;
  std::optional<int> order = numberOrder(a, c);
  switch (op) {
  case CompareOpKind::Lt:
    out = order && *order < 0;
    return true;
  case CompareOpKind::Le:
    out = order && *order <= 0;
    return true;
  case CompareOpKind::Gt:
    out = order && *order > 0;
    return true;
  case CompareOpKind::Ge:
    out = order && *order >= 0;
    return true;
  case CompareOpKind::Eq:
    out = order && *order == 0;
    return true;
  case CompareOpKind::Ne:
    out = !order || *order != 0;
    return true;
  default:
    return false;
  }
}

static bool sameConstant(const Val &a, const Val &c) {
  if (a.kind != c.kind)
    return a.isNumber() && c.isNumber() && numberOrder(a, c) == 0;
  switch (a.kind) {
  case Val::None:
    return true;
  case Val::Int:
  case Val::Bool:
    return a.wide() == c.wide();
  case Val::Float:
    return a.f == c.f;
  case Val::Str:
    return a.s == c.s;
  case Val::DTypeV:
    return sameType(a, c);
  case Val::Tuple:
    if (a.elems.size() != c.elems.size())
      return false;
    for (size_t i = 0; i < a.elems.size(); ++i)
      if (!sameConstant(a.elems[i], c.elems[i]))
        return false;
    return true;
  default:
    return false;
  }
}

Val CodeGen::compareOp(CompareOpKind op, Val a, Val c, const Expr &where) {
  if (a.isError() || c.isError())
    return Val::error();
  if (op == CompareOpKind::Is || op == CompareOpKind::IsNot) {
    bool same;
    if (a.kind == Val::None || c.kind == Val::None)
      same = a.kind == c.kind;
    else if (a.isConstexpr() && c.isConstexpr())
      same = sameConstant(a, c);
    else if (a.isIR() && c.isIR())
      same = a.v == c.v;
    else
      same = false;
    return Val::boolean(op == CompareOpKind::Is ? same : !same);
  }
  if (op == CompareOpKind::In || op == CompareOpKind::NotIn) {
    if (c.kind != Val::Tuple || !a.isConstexpr())
      return error(where, "'" + spelling(op) +
                              "' is only supported on compile-time "
                              "tuples");
    bool found = false;
    for (auto &e : c.elems)
      found |= sameConstant(a, e);
    return Val::boolean(op == CompareOpKind::In ? found : !found);
  }
  if (a.isConstexpr() && c.isConstexpr()) {
    bool r;
    if (constCompare(op, a, c, r))
      return Val::boolean(r);
    if (op == CompareOpKind::Eq || op == CompareOpKind::Ne) {
      bool same = sameConstant(a, c);
      return Val::boolean(op == CompareOpKind::Eq ? same : !same);
    }
    return error(where, "cannot compare " + describe(a) + " and " +
                            describe(c) + " with '" + spelling(op) + "'");
  }
  if (!(a.isIR() || a.isNumber()) || !(c.isIR() || c.isNumber()))
    return error(where,
                 "cannot compare " + describe(a) + " and " + describe(c));
  mlir::Location l = loc(where);
  if ((a.isIR() && a.dtype.isPointer) || (c.isIR() && c.dtype.isPointer))
    return error(where, "comparison of pointers is not supported");
  auto dtOpt = promote(a, c, where, spelling(op));
  if (!dtOpt)
    return Val::error();
  DType dt = *dtOpt;
  a = cast(a, dt, l, where);
  c = cast(c, dt, l, where);
  if (a.isError() || c.isError() || !broadcastPair(a, c, l, where))
    return Val::error();
  DType i1 = DType::scalar(ScalarKind::I1);
  if (dt.isFloat()) {
    arith::CmpFPredicate p =
        op == CompareOpKind::Lt   ? arith::CmpFPredicate::OLT
        : op == CompareOpKind::Le ? arith::CmpFPredicate::OLE
        : op == CompareOpKind::Gt ? arith::CmpFPredicate::OGT
        : op == CompareOpKind::Ge ? arith::CmpFPredicate::OGE
        : op == CompareOpKind::Eq ? arith::CmpFPredicate::OEQ
                                  : arith::CmpFPredicate::UNE;
    return Val::ir(b.create<arith::CmpFOp>(l, p, a.v, c.v), i1);
  }
  bool u = dt.isUnsigned() || dt.isBool();
  arith::CmpIPredicate p =
      op == CompareOpKind::Lt
          ? (u ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt)
      : op == CompareOpKind::Le
          ? (u ? arith::CmpIPredicate::ule : arith::CmpIPredicate::sle)
      : op == CompareOpKind::Gt
          ? (u ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt)
      : op == CompareOpKind::Ge
          ? (u ? arith::CmpIPredicate::uge : arith::CmpIPredicate::sge)
      : op == CompareOpKind::Eq ? arith::CmpIPredicate::eq
                                : arith::CmpIPredicate::ne;
  return Val::ir(b.create<arith::CmpIOp>(l, p, a.v, c.v), i1);
}

Val CodeGen::unaryOp(UnaryOpKind op, Val a, const Expr &where) {
  if (a.isError())
    return a;
  if (a.isIR() && a.dtype.isFP8())
    return error(where,
                 "'" + spelling(op) + "' of " + a.dtype.tlName() +
                     " values is "
                     "not supported: convert them with .to(tl.float16) or "
                     ".to(tl.float32) first");
  if (op == UnaryOpKind::Not) {
    if (!a.isIR()) {
      bool t;
      if (!truthy(a, where, t))
        return Val::error();
      return Val::boolean(!t);
    }
    if (!a.dtype.isBool())
      a = cast(a, DType::scalar(ScalarKind::I1), loc(where), where);
    if (a.isError() || !a.v)
      return Val::error(); // (a pointer: cast reported it)
    Val one = broadcastTo(materialize(Val::boolean(true), a.dtype, loc(where)),
                          a.shape(), loc(where), where);
    return Val::ir(b.create<arith::XOrIOp>(loc(where), a.v, one.v), a.dtype);
  }
  if (a.kind == Val::Int || a.kind == Val::Bool) {
    if (op == UnaryOpKind::Neg &&
        a.wide() == std::numeric_limits<__int128>::min())
      return error(where, "integer overflow in constant expression");
    return Val::wideInteger(op == UnaryOpKind::Neg      ? -a.wide()
                            : op == UnaryOpKind::Invert ? ~a.wide()
                                                        : a.wide());
  }
  if (a.kind == Val::Float) {
    if (op == UnaryOpKind::Neg)
      return Val::floating(-a.f);
    if (op == UnaryOpKind::Plus)
      return a;
    return error(where, "operator '~' requires an integer operand, got " +
                            describe(a));
  }
  if (!a.isIR())
    return error(where, "unsupported operand for unary '" + spelling(op) +
                            "': " + describe(a));
  if (a.dtype.isPointer)
    return error(where,
                 "unary '" + spelling(op) + "' is not supported on pointers");
  mlir::Location l = loc(where);
  if (op == UnaryOpKind::Plus)
    return a;
  if (op == UnaryOpKind::Neg) {
    if (a.dtype.isFloat())
      return Val::ir(b.create<arith::NegFOp>(l, a.v), a.dtype);
    Val zero = broadcastTo(materialize(Val::integer(0), a.dtype, l), a.shape(),
                           l, where);
    return Val::ir(b.create<arith::SubIOp>(l, zero.v, a.v), a.dtype);
  }
  if (a.dtype.isFloat())
    return error(where, "operator '~' requires an integer operand, got " +
                            describe(a));
  Val ones = broadcastTo(materialize(Val::integer(-1), a.dtype, l), a.shape(),
                         l, where);
  return Val::ir(b.create<arith::XOrIOp>(l, a.v, ones.v), a.dtype);
}

Val CodeGen::boolOp(const Expr &e) {
  bool isAnd = e.boolOp == BoolOpKind::And;
  Val acc = genExpr(*e.args[0]);
  for (size_t i = 1; i < e.args.size(); ++i) {
    if (acc.isError())
      return acc;
    if (!acc.isIR()) {
      bool t;
      if (!truthy(acc, *e.args[i - 1], t))
        return Val::error();
      // Python short-circuit on a constant left operand.
      if (isAnd != t)
        return acc;
      acc = genExpr(*e.args[i]);
      continue;
    }
    Val rhs = genExpr(*e.args[i]);
    if (rhs.isError())
      return rhs;
    if (!rhs.isIR()) {
      bool t;
      if (!truthy(rhs, *e.args[i], t))
        return Val::error();
      if (isAnd && !t)
        return Val::boolean(false);
      if (!isAnd && t)
        return Val::boolean(true);
      continue;
    }
    if (!acc.dtype.isBool() || !rhs.dtype.isBool())
      return error(e, "operands of '" + spelling(e.boolOp) +
                          "' must be booleans (int1), "
                          "got " +
                          describe(acc) + " and " + describe(rhs) +
                          "; use '&' or '|' for bitwise operations");
    mlir::Location l = loc(e);
    if (!broadcastPair(acc, rhs, l, e))
      return Val::error();
    acc = Val::ir(isAnd ? b.create<arith::AndIOp>(l, acc.v, rhs.v).getResult()
                        : b.create<arith::OrIOp>(l, acc.v, rhs.v).getResult(),
                  acc.dtype);
  }
  return acc;
}

//===----------------------------------------------------------------------===//
// Expression dispatch (names and attributes: Names.cpp)
//===----------------------------------------------------------------------===//

Val CodeGen::genCall(const Expr &e) {
  // In module-level code, a call without arguments whose value a -D gives
  // by its text (`is_gfx942_supported()`, also of a function imported
  // from another module), before host code's own.
  if (constexprDepth > 0)
    if (std::optional<Val> v = definedCall(e)) // Names.cpp
      return *v;
  Val callee = genExpr(*e.args[0]);
  std::vector<Val> args;
  std::vector<std::pair<std::string, Val>> kwargs;
  bool bad = callee.isError();
  bad |= !genPositionalArgs(e, args);
  for (auto &kw : e.keywords) {
    if (kw.name.empty()) { // parsed in module-level host code only
      error(*kw.value, "argument unpacking ('**') is not supported in jit "
                       "functions");
      return Val::error();
    }
    kwargs.push_back({kw.name, genExpr(*kw.value)});
    bad |= kwargs.back().second.isError();
  }
  if (bad)
    return Val::error();
  switch (callee.kind) {
  case Val::Func:
    return callFunction(*callee.fn, e, std::move(args), std::move(kwargs));
  case Val::Builtin:
    return callBuiltin(callee.s, e, std::move(args), std::move(kwargs));
  case Val::Method: {
    Val self = callee.elems[0];
    if (self.kind == Val::Str)
      return stringMethod(e, self, callee.s, std::move(args),
                          std::move(kwargs));
    if (self.kind == Val::DTypeV)
      return typeMethod(e, self, callee.s, !args.empty() || !kwargs.empty());
    args.insert(args.begin(), self);
    std::string name = callee.s == "to" ? "tl.cast" : "tl." + callee.s;
    return callBuiltin(name, e, std::move(args), std::move(kwargs));
  }
  case Val::DTypeV:
    return callDType(e, callee, args, !kwargs.empty());
  default:
    return error(*e.args[0], describe(callee) + " is not callable");
  }
}

bool CodeGen::genPositionalArgs(const Expr &call, std::vector<Val> &args) {
  bool ok = true;
  for (size_t i = 1; i < call.args.size(); ++i) {
    const Expr &a = *call.args[i];
    if (a.kind != ExprKind::Starred) {
      args.push_back(genExpr(a));
      ok &= !args.back().isError();
      continue;
    }
    // f(a, *t): the parts of the tuple t as arguments (vLLM's
    // `FN(acc, *fn_args)`, `tl.reshape(x, *x.shape[1:])`).
    Val t = genExpr(*a.args[0]);
    if (!t.isError() && t.kind != Val::Tuple)
      error(a, "'*' unpacks a tuple here, got " + describe(t));
    if (t.kind != Val::Tuple) {
      args.push_back(Val::error());
      ok = false;
      continue;
    }
    args.insert(args.end(), t.elems.begin(), t.elems.end());
  }
  return ok;
}

Val CodeGen::sliceTuple(const Val &t, const Expr &slice) {
  // Python's slice.indices: bounds clamped to the tuple, negative ones
  // counted from its end, the defaults by the step's sign.
  int64_t n = t.elems.size(), bound[3];
  const char *what[3] = {"slice start", "slice stop", "slice step"};
  for (int k = 0; k < 3; ++k) {
    const Expr *x = slice.args[k].get();
    Val v = x ? genExpr(*x) : Val::none();
    if (v.isError())
      return v;
    if (v.kind == Val::None) {
      bound[k] = k == 2 ? 1 : INT64_MIN;
      continue;
    }
    if (!requireInt(v, *x, what[k], bound[k]))
      return Val::error();
  }
  int64_t step = bound[2];
  if (step == 0)
    return error(slice, "slice step cannot be zero");
  auto clamp = [&](int64_t i, int64_t dflt) {
    if (i == INT64_MIN)
      return dflt;
    if (i < 0)
      i += n;
    return step > 0 ? std::clamp<int64_t>(i, 0, n)
                    : std::clamp<int64_t>(i, -1, n - 1);
  };
  int64_t lo = clamp(bound[0], step > 0 ? 0 : n - 1);
  int64_t hi = clamp(bound[1], step > 0 ? n : -1);
  std::vector<Val> elems;
  for (int64_t i = lo; step > 0 ? i < hi : i > hi; i += step)
    elems.push_back(t.elems[i]);
  return Val::tuple(std::move(elems));
}

Val CodeGen::genSubscript(const Expr &e) {
  Val base = genExpr(*e.args[0]);
  if (base.isError())
    return base;
  if (base.kind == Val::Tuple) {
    if (e.args.size() != 2)
      return error(e, "a tuple takes a single index");
    if (e.args[1]->kind == ExprKind::Slice)
      return sliceTuple(base, *e.args[1]);
    Val idx = genExpr(*e.args[1]);
    int64_t i;
    if (!requireInt(idx, *e.args[1], "tuple index", i))
      return Val::error();
    int64_t n = base.elems.size();
    if (i < -n || i >= n)
      return error(*e.args[1], "tuple index " + llvm::Twine(i) +
                                   " out of range for a tuple of " +
                                   llvm::Twine(n) + " values");
    return base.elems[i < 0 ? i + n : i];
  }
  if (!base.isIR())
    return error(e, describe(base) + " is not subscriptable");
  // Tensor indexing as Triton's `tensor.__getitem__`: the i-th index `None`
  // inserts a unit dimension at position i (at the end when the value has
  // fewer dimensions: Python's list.insert; a scalar becomes a [1] tile), and
  // `:` leaves the value as it is, also past its last dimension (so a
  // scalar's `s[:, None]` is a [1] tile, as sglang's fused MoE kernel uses).
  Val v = base;
  mlir::Location l = loc(e);
  unsigned outDim = 0;
  for (size_t i = 1; i < e.args.size(); ++i) {
    const Expr &item = *e.args[i];
    if (item.kind == ExprKind::None) {
      auto rank = static_cast<unsigned>(v.shape().size());
      if (rank == 0) {
        v = Val::ir(b.create<mlir::tile::SplatOp>(l, irType(v.dtype, {1}), v.v),
                    v.dtype);
      } else {
        v = Val::ir(
            b.create<mlir::tile::ExpandDimsOp>(l, v.v, std::min(outDim, rank)),
            v.dtype);
      }
      ++outDim;
      continue;
    }
    if (item.kind == ExprKind::Slice && !item.args[0] && !item.args[1] &&
        !item.args[2]) {
      ++outDim;
      continue;
    }
    if (item.kind == ExprKind::Slice)
      return error(item, "slicing a tensor with bounds is not supported; only "
                         "':' and 'None' are");
    return error(item, "indexing a tensor with a value is not supported; only "
                       "':' and 'None' are (use tl.where, tl.sum or loads)");
  }
  return v;
}

Val CodeGen::genExpr(const Expr &e) {
  switch (e.kind) {
  case ExprKind::Name:
    return lookupName(e);
  case ExprKind::Int:
    // Up to 2**64 - 1: from 2**63 on, an unsigned 64-bit value (Triton
    // types it uint64).
    if (e.intOverflow)
      return error(e, "integer literal '" + e.str +
                          "' is too large (the "
                          "limit is 2**64 - 1)");
    return Val::wideInteger(__int128(e.intValue));
  case ExprKind::Float:
    if (!std::isfinite(e.floatValue))
      return error(e, "floating-point literal '" + e.str + "' is out of range");
    return Val::floating(e.floatValue);
  case ExprKind::Str:
    return Val::str(e.str);
  case ExprKind::Bool:
    return Val::boolean(e.intValue);
  case ExprKind::None:
    return Val::none();
  case ExprKind::Ellipsis:
    return error(e, "'...' is not supported in expressions");
  case ExprKind::Attribute:
  case ExprKind::Call:
    // Host code's constant read of torch (`torch.finfo(torch.float32).max`,
    // `torch.version.hip`), computed as Python computes it while compiling.
    if (std::optional<Val> v = torchConstant(e))
      return *v;
    return e.kind == ExprKind::Attribute ? genAttribute(e) : genCall(e);
  case ExprKind::Subscript:
    return genSubscript(e);
  case ExprKind::Slice:
    return error(e, "a slice is only allowed inside '[]'");
  case ExprKind::Tuple:
  case ExprKind::List: {
    std::vector<Val> elems;
    for (auto &a : e.args) {
      elems.push_back(genExpr(*a));
      if (elems.back().isError())
        return Val::error();
    }
    return Val::tuple(std::move(elems));
  }
  case ExprKind::BinOp: {
    Val a = genExpr(*e.args[0]);
    Val c = genExpr(*e.args[1]);
    return binaryOp(e.binaryOp, a, c, e);
  }
  case ExprKind::UnaryOp:
    return unaryOp(e.unaryOp, genExpr(*e.args[0]), e);
  case ExprKind::Compare: {
    Val lhs = genExpr(*e.args[0]);
    Val result;
    for (size_t i = 0; i < e.compareOps.size(); ++i) {
      Val rhs = genExpr(*e.args[i + 1]);
      Val r = compareOp(e.compareOps[i], lhs, rhs, e);
      if (i == 0)
        result = r;
      else if (result.isConstexpr() && r.isConstexpr()) {
        bool x, y;
        if (!truthy(result, e, x) || !truthy(r, e, y))
          return Val::error();
        result = Val::boolean(x && y);
      } else {
        result = binaryOp(BinaryOpKind::BitAnd, result, r, e);
      }
      if (result.isError())
        return result;
      lhs = rhs;
    }
    return result;
  }
  case ExprKind::BoolOp:
    return boolOp(e);
  case ExprKind::IfExp: {
    Val c = genExpr(*e.args[1]);
    if (c.isError())
      return c;
    if (!c.isIR()) {
      bool t;
      if (!truthy(c, *e.args[1], t))
        return Val::error();
      return genExpr(*e.args[t ? 0 : 2]);
    }
    Val x = genExpr(*e.args[0]), y = genExpr(*e.args[2]);
    std::vector<Val> args{c, x, y};
    return callBuiltin("tl.where", e, args, {});
  }
  case ExprKind::Dict: // only parsed in module-level host code
    error(e, "dict and set literals are not supported in jit functions");
    return Val::error();
  case ExprKind::Lambda: // only parsed in module-level host code
    error(e, "lambda expressions are not supported in jit functions");
    return Val::error();
  case ExprKind::ListComp: // only parsed in module-level host code
  case ExprKind::CompFor:
  case ExprKind::CompIf:
    error(e, "comprehensions are not supported in jit functions");
    return Val::error();
  case ExprKind::Starred: // not reached: only in calls (genPositionalArgs)
    error(e, "'*' unpacking is only supported in the arguments of a call");
    return Val::error();
  }
  return Val::error();
}
