//===- Elementwise.cpp - arith and math ops on scalars and tiles ----------===//
//
// Operands of elementwise ops have the result's shape (arith has no implicit
// broadcasting), so every op is one flat loop; the switch on the element
// kind is hoisted out of the loop.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

#include <cmath>
#include <cstring>
#include <limits>

using namespace mlir;
using namespace tilec::interp;
using llvm::Error;
using llvm::Expected;

namespace {

/// Applies `f` to every lane, then rounds to the result kind.
template <typename F> void floatMap(Tensor &o, Kind k, size_t n, F f) {
  double *po = o.fv.data();
  switch (k) {
  case Kind::F32:
    for (size_t i = 0; i < n; ++i)
      po[i] = double(float(f(i)));
    break;
  case Kind::F64:
    for (size_t i = 0; i < n; ++i)
      po[i] = f(i);
    break;
  default:
    for (size_t i = 0; i < n; ++i)
      po[i] = roundFloat(k, f(i));
  }
}

struct Slots {
  llvm::SmallVector<unsigned, 3> in;
  unsigned out;
  ElemType outType, inType;
};

Expected<Slots> getSlots(Operation *op, ProgramBuilder &b) {
  Slots s;
  for (Value v : op->getOperands())
    s.in.push_back(b.slot(v));
  s.out = b.slot(op->getResult(0));
  Expected<ElemType> rt = getElemTypeOf(op->getResult(0).getType());
  if (!rt)
    return opError(op, llvm::toString(rt.takeError()));
  s.outType = *rt;
  Expected<ElemType> it = getElemTypeOf(op->getOperand(0).getType());
  if (!it)
    return opError(op, llvm::toString(it.takeError()));
  s.inType = *it;
  return s;
}

template <typename F> Step floatUnary(const Slots &s, F f) {
  unsigned a = s.in[0], r = s.out;
  ElemType t = s.outType;
  return [=](State &st) -> Error {
    const Tensor &x = st.regs[a];
    Tensor &o = st.regs[r];
    o.reset(x.shape, t);
    const double *px = x.fv.data();
    floatMap(o, t.kind, o.fv.size(), [&](size_t i) { return f(px[i]); });
    return Error::success();
  };
}

template <typename F> Step floatBinary(const Slots &s, F f) {
  unsigned a = s.in[0], c = s.in[1], r = s.out;
  ElemType t = s.outType;
  return [=](State &st) -> Error {
    const Tensor &x = st.regs[a], &y = st.regs[c];
    Tensor &o = st.regs[r];
    o.reset(x.shape, t);
    const double *px = x.fv.data(), *py = y.fv.data();
    floatMap(o, t.kind, o.fv.size(), [&](size_t i) { return f(px[i], py[i]); });
    return Error::success();
  };
}

/// Integer ops get the operands sign-extended and the width; the result is
/// wrapped to the result width.
template <typename F> Step intUnary(const Slots &s, F f) {
  unsigned a = s.in[0], r = s.out;
  ElemType t = s.outType;
  unsigned w = s.inType.bits;
  return [=](State &st) -> Error {
    const Tensor &x = st.regs[a];
    Tensor &o = st.regs[r];
    o.reset(x.shape, t);
    const int64_t *px = x.iv.data();
    int64_t *po = o.iv.data();
    for (size_t i = 0, n = o.iv.size(); i < n; ++i)
      po[i] = wrapInt(f(px[i], w), t.bits);
    return Error::success();
  };
}

/// Integer binary ops. For division-like ops, `divisionOp` names the op, and
/// a zero divisor stops the kernel with an error at it.
template <typename F>
Step intBinary(const Slots &s, F f, Operation *divisionOp = nullptr) {
  unsigned a = s.in[0], c = s.in[1], r = s.out;
  ElemType t = s.outType;
  unsigned w = s.inType.bits;
  return [=](State &st) -> Error {
    const Tensor &x = st.regs[a], &y = st.regs[c];
    Tensor &o = st.regs[r];
    o.reset(x.shape, t);
    const int64_t *px = x.iv.data(), *py = y.iv.data();
    int64_t *po = o.iv.data();
    for (size_t i = 0, n = o.iv.size(); i < n; ++i) {
      if (divisionOp && py[i] == 0)
        return opError(divisionOp, "integer division by zero in kernel '" +
                                       st.kernel + "'");
      po[i] = wrapInt(f(px[i], py[i], w), t.bits);
    }
    return Error::success();
  };
}

/// Integer division-like ops: fail on a zero divisor.
template <typename F> Step intDivide(Operation *op, const Slots &s, F f) {
  return intBinary(s, f, op);
}

/// Float compare or int compare into i1 (true is -1 in canonical form).
template <typename F> Step compare(const Slots &s, bool isFloat, F f) {
  unsigned a = s.in[0], c = s.in[1], r = s.out;
  ElemType t = s.outType;
  unsigned w = s.inType.bits;
  return [=](State &st) -> Error {
    const Tensor &x = st.regs[a], &y = st.regs[c];
    Tensor &o = st.regs[r];
    o.reset(x.shape, t);
    int64_t *po = o.iv.data();
    size_t n = o.iv.size();
    if (isFloat) {
      const double *px = x.fv.data(), *py = y.fv.data();
      for (size_t i = 0; i < n; ++i)
        po[i] = f(px[i], py[i], 0, 0, 0u) ? -1 : 0;
    } else {
      const int64_t *px = x.iv.data(), *py = y.iv.data();
      for (size_t i = 0; i < n; ++i)
        po[i] = f(0.0, 0.0, px[i], py[i], w) ? -1 : 0;
    }
    return Error::success();
  };
}

int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    --q;
  return q;
}
int64_t ceilDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) == (b < 0)))
    ++q;
  return q;
}
/// Signed division with INT_MIN / -1 wrapping instead of trapping.
int64_t sdiv(int64_t a, int64_t b) {
  if (b == -1)
    return int64_t(0 - uint64_t(a));
  return a / b;
}
int64_t srem(int64_t a, int64_t b) { return b == -1 ? 0 : a % b; }

double maximumF(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return std::numeric_limits<double>::quiet_NaN();
  if (a == 0 && b == 0)
    return std::signbit(a) ? b : a;
  return a > b ? a : b;
}
double minimumF(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return std::numeric_limits<double>::quiet_NaN();
  if (a == 0 && b == 0)
    return std::signbit(a) ? a : b;
  return a < b ? a : b;
}

/// float -> int conversion with saturation (out-of-range is poison in
/// arith; we saturate, NaN gives 0).
int64_t fpToInt(double v, unsigned bits, bool isSigned) {
  if (std::isnan(v))
    return 0;
  v = std::trunc(v);
  if (isSigned) {
    double lo = -std::ldexp(1.0, int(bits) - 1),
           hi = std::ldexp(1.0, int(bits) - 1);
    if (v < lo)
      return bits >= 64 ? INT64_MIN : int64_t(lo);
    if (v >= hi)
      return bits >= 64 ? INT64_MAX : int64_t(hi) - 1;
    return int64_t(v);
  }
  double hi = std::ldexp(1.0, int(bits));
  if (v <= 0)
    return 0;
  if (v >= hi)
    return bits >= 64 ? -1 : int64_t(uint64_t(hi) - 1);
  return int64_t(uint64_t(v));
}

/// Conversions between kinds (each lane read from the input storage).
Step convert(Operation *op, const Slots &s) {
  unsigned a = s.in[0], r = s.out;
  ElemType in = s.inType, out = s.outType;
  enum Mode { FF, SIF, UIF, FSI, FUI, EXTS, EXTU, TRUNC, BITCAST } mode;
  if (isa<arith::ExtFOp, arith::TruncFOp>(op))
    mode = FF;
  else if (isa<arith::SIToFPOp>(op))
    mode = SIF;
  else if (isa<arith::UIToFPOp>(op))
    mode = UIF;
  else if (isa<arith::FPToSIOp>(op))
    mode = FSI;
  else if (isa<arith::FPToUIOp>(op))
    mode = FUI;
  else if (isa<arith::ExtSIOp, arith::IndexCastOp>(op))
    mode = EXTS; // index_cast sign-extends or truncates (TRUNC == wrap)
  else if (isa<arith::ExtUIOp, arith::IndexCastUIOp>(op))
    mode = EXTU;
  else if (isa<arith::TruncIOp>(op))
    mode = TRUNC;
  else
    mode = BITCAST;
  return [=](State &st) -> Error {
    const Tensor &x = st.regs[a];
    Tensor &o = st.regs[r];
    o.reset(x.shape, out);
    size_t n = x.numel();
    switch (mode) {
    case FF:
      floatMap(o, out.kind, n, [&](size_t i) { return x.fv[i]; });
      break;
    case SIF:
      floatMap(o, out.kind, n, [&](size_t i) { return double(x.iv[i]); });
      break;
    case UIF:
      floatMap(o, out.kind, n,
               [&](size_t i) { return double(zextInt(x.iv[i], in.bits)); });
      break;
    case FSI:
    case FUI:
      for (size_t i = 0; i < n; ++i)
        o.iv[i] = wrapInt(fpToInt(x.fv[i], out.bits, mode == FSI), out.bits);
      break;
    case EXTS:
    case TRUNC:
      for (size_t i = 0; i < n; ++i)
        o.iv[i] = wrapInt(x.iv[i], out.bits);
      break;
    case EXTU:
      for (size_t i = 0; i < n; ++i)
        o.iv[i] = wrapInt(int64_t(zextInt(x.iv[i], in.bits)), out.bits);
      break;
    case BITCAST: {
      // Through the memory encoding of the same width.
      char buf[8];
      for (size_t i = 0; i < n; ++i) {
        if (in.isFloat())
          storeFloat(buf, in, x.fv[i]);
        else
          storeInt(buf, in, x.iv[i]);
        if (out.isFloat())
          o.fv[i] = loadFloat(buf, out);
        else
          o.iv[i] = wrapInt(loadInt(buf, out), out.bits);
      }
      break;
    }
    }
    return Error::success();
  };
}

} // namespace

Expected<Tensor> tilec::interp::makeConstant(Operation *op) {
  auto c = cast<arith::ConstantOp>(op);
  Expected<ElemType> et = getElemTypeOf(c.getType());
  if (!et)
    return opError(op, llvm::toString(et.takeError()));
  Tensor t;
  Attribute value = c.getValue();
  auto setScalar = [&](Attribute a, size_t i) {
    if (auto ia = dyn_cast<IntegerAttr>(a))
      t.iv[i] = wrapInt(ia.getValue().getSExtValue(), et->bits);
    else if (auto fa = dyn_cast<FloatAttr>(a))
      t.fv[i] = roundFloat(et->kind, fa.getValueAsDouble());
  };
  if (auto dense = dyn_cast<DenseElementsAttr>(value)) {
    t.reset(dense.getType().getShape(), *et);
    if (dense.isSplat()) {
      if (et->isFloat())
        std::fill(t.fv.begin(), t.fv.end(),
                  roundFloat(et->kind,
                             dense.getSplatValue<APFloat>().convertToDouble()));
      else
        std::fill(
            t.iv.begin(), t.iv.end(),
            wrapInt(dense.getSplatValue<APInt>().getSExtValue(), et->bits));
    } else {
      size_t i = 0;
      if (et->isFloat()) {
        for (APFloat v : dense.getValues<APFloat>())
          t.fv[i++] = roundFloat(et->kind, v.convertToDouble());
      } else {
        for (APInt v : dense.getValues<APInt>())
          t.iv[i++] = wrapInt(v.getSExtValue(), et->bits);
      }
    }
    return t;
  }
  if (!isa<IntegerAttr, FloatAttr>(value))
    return opError(op, "unsupported constant value");
  t.reset({}, *et);
  setScalar(value, 0);
  return t;
}

/// arith.mului_extended / mulsi_extended: the low and the high word of the
/// double-width product (tl.umulhi becomes one in the canonicalizer).
Expected<Step> mulExtended(Operation *op, ProgramBuilder &b) {
  bool isSigned = isa<arith::MulSIExtendedOp>(op);
  unsigned x = b.slot(op->getOperand(0)), y = b.slot(op->getOperand(1));
  unsigned lo = b.slot(op->getResult(0)), hi = b.slot(op->getResult(1));
  Expected<ElemType> t = getElemTypeOf(op->getResult(0).getType());
  if (!t)
    return opError(op, llvm::toString(t.takeError()));
  ElemType et = *t;
  unsigned w = et.bits;
  return Step([=](State &st) -> Error {
    const Tensor &xt = st.regs[x], &yt = st.regs[y];
    Tensor &l = st.regs[lo], &h = st.regs[hi];
    l.reset(xt.shape, et);
    h.reset(xt.shape, et);
    for (size_t i = 0, n = l.iv.size(); i < n; ++i) {
      using U128 = unsigned __int128;
      U128 p = isSigned
                   ? U128(__int128(xt.iv[i]) * __int128(yt.iv[i]))
                   : U128(zextInt(xt.iv[i], w)) * U128(zextInt(yt.iv[i], w));
      l.iv[i] = wrapInt(int64_t(uint64_t(p)), w);
      h.iv[i] = wrapInt(int64_t(uint64_t(p >> w)), w);
    }
    return Error::success();
  });
}

Expected<Step> tilec::interp::compileElementwise(Operation *op,
                                                 ProgramBuilder &b) {
  Dialect *d = op->getDialect();
  if (!d || (d->getNamespace() != "arith" && d->getNamespace() != "math"))
    return Step();
  if (isa<arith::MulUIExtendedOp, arith::MulSIExtendedOp>(op))
    return mulExtended(op, b);
  if (op->getNumResults() != 1 || op->getNumOperands() == 0)
    return Step();
  Expected<Slots> sl = getSlots(op, b);
  if (!sl)
    return sl.takeError();
  const Slots &s = *sl;
  using I = int64_t;

  // Floating-point arithmetic.
  if (isa<arith::AddFOp>(op))
    return floatBinary(s, [](double x, double y) { return x + y; });
  if (isa<arith::SubFOp>(op))
    return floatBinary(s, [](double x, double y) { return x - y; });
  if (isa<arith::MulFOp>(op))
    return floatBinary(s, [](double x, double y) { return x * y; });
  if (isa<arith::DivFOp>(op))
    return floatBinary(s, [](double x, double y) { return x / y; });
  if (isa<arith::RemFOp>(op))
    return floatBinary(s, [](double x, double y) { return std::fmod(x, y); });
  if (isa<arith::MaxNumFOp>(op))
    return floatBinary(s, [](double x, double y) { return std::fmax(x, y); });
  if (isa<arith::MinNumFOp>(op))
    return floatBinary(s, [](double x, double y) { return std::fmin(x, y); });
  if (isa<arith::MaximumFOp>(op))
    return floatBinary(s, maximumF);
  if (isa<arith::MinimumFOp>(op))
    return floatBinary(s, minimumF);
  if (isa<arith::NegFOp>(op))
    return floatUnary(s, [](double x) { return -x; });

  // Integer arithmetic.
  if (isa<arith::AddIOp>(op))
    return intBinary(
        s, [](I x, I y, unsigned) { return I(uint64_t(x) + uint64_t(y)); });
  if (isa<arith::SubIOp>(op))
    return intBinary(
        s, [](I x, I y, unsigned) { return I(uint64_t(x) - uint64_t(y)); });
  if (isa<arith::MulIOp>(op))
    return intBinary(
        s, [](I x, I y, unsigned) { return I(uint64_t(x) * uint64_t(y)); });
  if (isa<arith::DivSIOp>(op))
    return intDivide(op, s, [](I x, I y, unsigned) { return sdiv(x, y); });
  if (isa<arith::RemSIOp>(op))
    return intDivide(op, s, [](I x, I y, unsigned) { return srem(x, y); });
  if (isa<arith::DivUIOp>(op))
    return intDivide(op, s, [](I x, I y, unsigned w) {
      return I(zextInt(x, w) / zextInt(y, w));
    });
  if (isa<arith::RemUIOp>(op))
    return intDivide(op, s, [](I x, I y, unsigned w) {
      return I(zextInt(x, w) % zextInt(y, w));
    });
  if (isa<arith::CeilDivSIOp>(op))
    return intDivide(op, s, [](I x, I y, unsigned) {
      return y == -1 ? sdiv(x, y) : ceilDiv(x, y);
    });
  if (isa<arith::CeilDivUIOp>(op))
    return intDivide(op, s, [](I x, I y, unsigned w) {
      uint64_t a = zextInt(x, w), c = zextInt(y, w);
      return I(a / c + (a % c != 0));
    });
  if (isa<arith::FloorDivSIOp>(op))
    return intDivide(op, s, [](I x, I y, unsigned) {
      return y == -1 ? sdiv(x, y) : floorDiv(x, y);
    });
  if (isa<arith::AndIOp>(op))
    return intBinary(s, [](I x, I y, unsigned) { return x & y; });
  if (isa<arith::OrIOp>(op))
    return intBinary(s, [](I x, I y, unsigned) { return x | y; });
  if (isa<arith::XOrIOp>(op))
    return intBinary(s, [](I x, I y, unsigned) { return x ^ y; });
  // Shifts by >= the width are poison in arith; we give 0 (or the sign).
  if (isa<arith::ShLIOp>(op))
    return intBinary(s, [](I x, I y, unsigned w) {
      uint64_t sh = zextInt(y, w);
      return sh >= w ? I(0) : I(uint64_t(x) << sh);
    });
  if (isa<arith::ShRUIOp>(op))
    return intBinary(s, [](I x, I y, unsigned w) {
      uint64_t sh = zextInt(y, w);
      return sh >= w ? I(0) : I(zextInt(x, w) >> sh);
    });
  if (isa<arith::ShRSIOp>(op))
    return intBinary(s, [](I x, I y, unsigned w) {
      uint64_t sh = zextInt(y, w);
      return sh >= w ? (x < 0 ? I(-1) : I(0)) : (x >> sh);
    });
  if (isa<arith::MaxSIOp>(op))
    return intBinary(s, [](I x, I y, unsigned) { return std::max(x, y); });
  if (isa<arith::MinSIOp>(op))
    return intBinary(s, [](I x, I y, unsigned) { return std::min(x, y); });
  if (isa<arith::MaxUIOp>(op))
    return intBinary(s, [](I x, I y, unsigned w) {
      return zextInt(x, w) >= zextInt(y, w) ? x : y;
    });
  if (isa<arith::MinUIOp>(op))
    return intBinary(s, [](I x, I y, unsigned w) {
      return zextInt(x, w) <= zextInt(y, w) ? x : y;
    });

  // Comparisons.
  if (auto c = dyn_cast<arith::CmpIOp>(op)) {
    using P = arith::CmpIPredicate;
    P p = c.getPredicate();
    return compare(s, false, [p](double, double, I x, I y, unsigned w) {
      uint64_t ux = zextInt(x, w), uy = zextInt(y, w);
      switch (p) {
      case P::eq:
        return x == y;
      case P::ne:
        return x != y;
      case P::slt:
        return x < y;
      case P::sle:
        return x <= y;
      case P::sgt:
        return x > y;
      case P::sge:
        return x >= y;
      case P::ult:
        return ux < uy;
      case P::ule:
        return ux <= uy;
      case P::ugt:
        return ux > uy;
      case P::uge:
        return ux >= uy;
      }
      return false;
    });
  }
  if (auto c = dyn_cast<arith::CmpFOp>(op)) {
    using P = arith::CmpFPredicate;
    P p = c.getPredicate();
    return compare(s, true, [p](double x, double y, I, I, unsigned) {
      bool uno = std::isnan(x) || std::isnan(y);
      switch (p) {
      case P::AlwaysFalse:
        return false;
      case P::OEQ:
        return !uno && x == y;
      case P::OGT:
        return !uno && x > y;
      case P::OGE:
        return !uno && x >= y;
      case P::OLT:
        return !uno && x < y;
      case P::OLE:
        return !uno && x <= y;
      case P::ONE:
        return !uno && x != y;
      case P::ORD:
        return !uno;
      case P::UEQ:
        return uno || x == y;
      case P::UGT:
        return uno || x > y;
      case P::UGE:
        return uno || x >= y;
      case P::ULT:
        return uno || x < y;
      case P::ULE:
        return uno || x <= y;
      case P::UNE:
        return uno || x != y;
      case P::UNO:
        return uno;
      case P::AlwaysTrue:
        return true;
      }
      return false;
    });
  }
  if (isa<arith::SelectOp>(op)) {
    unsigned c = s.in[0], x = s.in[1], y = s.in[2], r = s.out;
    ElemType t = s.outType;
    return Step([=](State &st) -> Error {
      const Tensor &ct = st.regs[c], &xt = st.regs[x], &yt = st.regs[y];
      Tensor &o = st.regs[r];
      o.reset(xt.shape, t);
      size_t n = o.numel();
      bool scalarCond = ct.shape.empty();
      for (size_t i = 0; i < n; ++i) {
        bool p = ct.iv[scalarCond ? 0 : i] != 0;
        if (t.isFloat())
          o.fv[i] = p ? xt.fv[i] : yt.fv[i];
        else
          o.iv[i] = p ? xt.iv[i] : yt.iv[i];
      }
      return Error::success();
    });
  }

  // Conversions.
  if (isa<arith::ExtFOp, arith::TruncFOp, arith::SIToFPOp, arith::UIToFPOp,
          arith::FPToSIOp, arith::FPToUIOp, arith::ExtSIOp, arith::ExtUIOp,
          arith::TruncIOp, arith::BitcastOp, arith::IndexCastOp,
          arith::IndexCastUIOp>(op))
    return convert(op, s);

  // math.
  if (isa<math::ExpOp>(op))
    return floatUnary(s, [](double x) { return std::exp(x); });
  if (isa<math::Exp2Op>(op))
    return floatUnary(s, [](double x) { return std::exp2(x); });
  if (isa<math::LogOp>(op))
    return floatUnary(s, [](double x) { return std::log(x); });
  if (isa<math::Log2Op>(op))
    return floatUnary(s, [](double x) { return std::log2(x); });
  if (isa<math::SqrtOp>(op))
    return floatUnary(s, [](double x) { return std::sqrt(x); });
  if (isa<math::RsqrtOp>(op))
    return floatUnary(s, [](double x) { return 1.0 / std::sqrt(x); });
  if (isa<math::SinOp>(op))
    return floatUnary(s, [](double x) { return std::sin(x); });
  if (isa<math::CosOp>(op))
    return floatUnary(s, [](double x) { return std::cos(x); });
  if (isa<math::ErfOp>(op))
    return floatUnary(s, [](double x) { return std::erf(x); });
  if (isa<math::FloorOp>(op))
    return floatUnary(s, [](double x) { return std::floor(x); });
  if (isa<math::CeilOp>(op))
    return floatUnary(s, [](double x) { return std::ceil(x); });
  if (isa<math::AbsFOp>(op))
    return floatUnary(s, [](double x) { return std::fabs(x); });
  if (isa<math::TanhOp>(op))
    return floatUnary(s, [](double x) { return std::tanh(x); });
  // libdevice's functions (lib/Frontend/Libdevice.cpp).
  if (isa<math::TanOp>(op))
    return floatUnary(s, [](double x) { return std::tan(x); });
  if (isa<math::AsinOp>(op))
    return floatUnary(s, [](double x) { return std::asin(x); });
  if (isa<math::AcosOp>(op))
    return floatUnary(s, [](double x) { return std::acos(x); });
  if (isa<math::AtanOp>(op))
    return floatUnary(s, [](double x) { return std::atan(x); });
  if (isa<math::SinhOp>(op))
    return floatUnary(s, [](double x) { return std::sinh(x); });
  if (isa<math::CoshOp>(op))
    return floatUnary(s, [](double x) { return std::cosh(x); });
  if (isa<math::AsinhOp>(op))
    return floatUnary(s, [](double x) { return std::asinh(x); });
  if (isa<math::AcoshOp>(op))
    return floatUnary(s, [](double x) { return std::acosh(x); });
  if (isa<math::AtanhOp>(op))
    return floatUnary(s, [](double x) { return std::atanh(x); });
  if (isa<math::Log1pOp>(op))
    return floatUnary(s, [](double x) { return std::log1p(x); });
  if (isa<math::ExpM1Op>(op))
    return floatUnary(s, [](double x) { return std::expm1(x); });
  if (isa<math::Log10Op>(op))
    return floatUnary(s, [](double x) { return std::log10(x); });
  if (isa<math::CbrtOp>(op))
    return floatUnary(s, [](double x) { return std::cbrt(x); });
  if (isa<math::TruncOp>(op))
    return floatUnary(s, [](double x) { return std::trunc(x); });
  if (isa<math::RoundOp>(op))
    return floatUnary(s, [](double x) { return std::round(x); });
  if (isa<math::RoundEvenOp>(op))
    return floatUnary(s, [](double x) { return std::nearbyint(x); });
  if (isa<math::PowFOp>(op))
    return floatBinary(s, [](double x, double y) { return std::pow(x, y); });
  if (isa<math::Atan2Op>(op))
    return floatBinary(s, [](double x, double y) { return std::atan2(x, y); });
  if (isa<math::CopySignOp>(op))
    return floatBinary(s,
                       [](double x, double y) { return std::copysign(x, y); });
  if (isa<math::AbsIOp>(op))
    return intUnary(
        s, [](I x, unsigned) { return x < 0 ? I(0 - uint64_t(x)) : x; });
  if (isa<math::FmaOp>(op)) {
    unsigned a = s.in[0], c = s.in[1], d = s.in[2], r = s.out;
    ElemType t = s.outType;
    return Step([=](State &st) -> Error {
      const Tensor &x = st.regs[a], &y = st.regs[c], &z = st.regs[d];
      Tensor &o = st.regs[r];
      o.reset(x.shape, t);
      floatMap(o, t.kind, o.numel(),
               [&](size_t i) { return std::fma(x.fv[i], y.fv[i], z.fv[i]); });
      return Error::success();
    });
  }
  return Step();
}
