//===- Libdevice.cpp - Triton's libdevice functions ----------------------===//
//
// `libdevice.f(...)` from `triton.language.extra.libdevice` (or
// `...extra.cuda.libdevice`, `tl.extra.cuda.libdevice`): the CUDA math
// library's functions that Triton kernels call for what `tl` lacks (tanh for
// the tanh form of GeLU, pow, log1p, atan2, ...). Each becomes an MLIR
// `math` op (lowered on the GPU to libdevice's __nv_* function, or to an
// LLVM intrinsic where one exists) or a short arith sequence; the
// interpreter evaluates the same ops in fp64. As for `tl.exp`, integer
// arguments compute in fp32 and fp16/bf16 ones in fp32 with the result
// rounded back; the predicates (isnan, isinf, finitef/isfinited, signbit)
// return int32, as libdevice's do.
//
//===----------------------------------------------------------------------===//

#include "BuiltinRegistry.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <limits>

using namespace tilec;
namespace arith = mlir::arith;
namespace math = mlir::math;

namespace {

/// A libdevice function that is a `tl` builtin under another name.
struct LibdeviceAlias {
  const char *name;
  const char *builtin;
  unsigned arity;
};

const LibdeviceAlias kAliases[] = {
    {"exp", "tl.exp", 1},
    {"exp2", "tl.exp2", 1},
    {"log", "tl.log", 1},
    {"log2", "tl.log2", 1},
    {"sqrt", "tl.sqrt", 1},
    {"sqrt_rn", "tl.sqrt_rn", 1},
    {"rsqrt", "tl.rsqrt", 1},
    {"sin", "tl.sin", 1},
    {"cos", "tl.cos", 1},
    {"erf", "tl.erf", 1},
    {"floor", "tl.floor", 1},
    {"ceil", "tl.ceil", 1},
    {"fabs", "tl.abs", 1},
    {"abs", "tl.abs", 1},
    {"fma", "tl.fma", 3},
    {"fmax", "tl.maximum", 2},
    {"fmin", "tl.minimum", 2},
    {"max", "tl.maximum", 2},
    {"min", "tl.minimum", 2},
    // The fast_* forms are the approximate ones: tl.exp, tl.log and tl.log2
    // already are; fast_dividef is tl.fdiv (not IEEE-rounded); sin and cos
    // compute to libdevice's precision.
    {"fast_expf", "tl.exp", 1},
    {"fast_logf", "tl.log", 1},
    {"fast_log2f", "tl.log2", 1},
    {"fast_sinf", "tl.sin", 1},
    {"fast_cosf", "tl.cos", 1},
    {"fast_dividef", "tl.fdiv", 2},
};

/// The libdevice functions tilec emits as MLIR ops (the others forward to a
/// `tl` builtin: kAliases).
enum class LibdeviceFn {
  Tanh,
  Tan,
  Asin,
  Acos,
  Atan,
  Sinh,
  Cosh,
  Asinh,
  Acosh,
  Atanh,
  Log1p,
  Expm1,
  Log10,
  Cbrt,
  Trunc,
  Round,
  RoundEven,
  IsNan,
  IsInf,
  IsFinite,
  SignBit,
  Pow,
  Atan2,
  CopySign,
  Fmod,
};

struct LibdeviceFunction {
  const char *name;
  LibdeviceFn fn;
  unsigned arity;
};

/// The libdevice functions tilec emits itself: name, function, arity.
const LibdeviceFunction kFunctions[] = {
    {"tanh", LibdeviceFn::Tanh, 1},
    {"tan", LibdeviceFn::Tan, 1},
    {"asin", LibdeviceFn::Asin, 1},
    {"acos", LibdeviceFn::Acos, 1},
    {"atan", LibdeviceFn::Atan, 1},
    {"sinh", LibdeviceFn::Sinh, 1},
    {"cosh", LibdeviceFn::Cosh, 1},
    {"asinh", LibdeviceFn::Asinh, 1},
    {"acosh", LibdeviceFn::Acosh, 1},
    {"atanh", LibdeviceFn::Atanh, 1},
    {"log1p", LibdeviceFn::Log1p, 1},
    {"expm1", LibdeviceFn::Expm1, 1},
    {"log10", LibdeviceFn::Log10, 1},
    {"fast_log10f", LibdeviceFn::Log10, 1},
    {"fast_tanf", LibdeviceFn::Tan, 1},
    {"fast_powf", LibdeviceFn::Pow, 2},
    {"cbrt", LibdeviceFn::Cbrt, 1},
    {"trunc", LibdeviceFn::Trunc, 1},
    {"round", LibdeviceFn::Round, 1},
    {"rint", LibdeviceFn::RoundEven, 1},
    {"nearbyint", LibdeviceFn::RoundEven, 1},
    {"isnan", LibdeviceFn::IsNan, 1},
    {"isinf", LibdeviceFn::IsInf, 1},
    {"finitef", LibdeviceFn::IsFinite, 1},
    {"isfinited", LibdeviceFn::IsFinite, 1},
    {"signbit", LibdeviceFn::SignBit, 1},
    {"pow", LibdeviceFn::Pow, 2},
    {"atan2", LibdeviceFn::Atan2, 2},
    {"copysign", LibdeviceFn::CopySign, 2},
    {"fmod", LibdeviceFn::Fmod, 2},
};

/// libdevice's functions take arg0, arg1, ... (Triton's names).
std::vector<const char *> argNames(unsigned n) {
  static const char *names[] = {"arg0", "arg1", "arg2"};
  return {names, names + n};
}

} // namespace

std::string tilec::canonicalBuiltin(llvm::StringRef name) {
  llvm::StringRef f = name;
  if (f.consume_front("libdevice."))
    for (const LibdeviceAlias &alias : kAliases)
      if (f == alias.name)
        return alias.builtin;
  return name.str();
}

void CodeGen::registerLibdeviceBuiltins(BuiltinRegistry &r) {
  for (const LibdeviceFunction &f : kFunctions)
    r.add(std::string("libdevice.") + f.name, argNames(f.arity), f.arity,
          &CodeGen::emitLibdevice, NoBuiltinFlags, unsigned(f.fn));
  for (const LibdeviceAlias &alias : kAliases)
    r.add(std::string("libdevice.") + alias.name, argNames(alias.arity),
          alias.arity, &CodeGen::emitForward)
        .forwardTo = alias.builtin;
}

Val CodeGen::emitForward(BuiltinCall &c) {
  return callBuiltin(c.entry.forwardTo, c.call, c.a, {});
}

Val CodeGen::emitLibdevice(BuiltinCall &c) {
  llvm::StringRef name = c.name;
  std::vector<Val> &a = c.a;
  const Expr &call = c.call;
  auto fn = LibdeviceFn(c.entry.variant);
  mlir::Location l = c.loc;
  DType f32 = DType::scalar(ScalarKind::F32),
        i32 = DType::scalar(ScalarKind::I32);
  for (const Val &v : a)
    if (v.isError())
      return Val::error();

  // The type the function computes in: the promoted float type of the
  // arguments, fp32 for integers and (then rounded back) for fp16/bf16.
  Val x = a[0], y = a.size() > 1 ? a[1] : Val();
  DType argType;
  if (y.kind != Val::Error) {
    if (x.isNumber() && y.isNumber())
      x = toIR(Val::floating(x.kind == Val::Float ? x.f : double(x.wide())), l,
               call);
    auto dt = promote(x, y, call, name);
    if (!dt)
      return Val::error();
    argType = *dt;
  } else {
    if (x.isNumber())
      x = toIR(Val::floating(x.kind == Val::Float ? x.f : double(x.wide())), l,
               call);
    if (!x.isIR())
      return error(call, name + " expects a tensor, got " + describe(x));
    argType = x.dtype;
  }
  if (argType.isPointer)
    return error(call, name + " is not supported on pointers");
  DType resultType = argType.isFloat() ? argType : f32;
  DType computeType = resultType.bitwidth() == 16 ? f32 : resultType;
  x = cast(x, computeType, l, call);
  if (y.kind != Val::Error) {
    y = cast(y, computeType, l, call);
    if (x.isError() || y.isError() || !broadcastPair(x, y, l, call))
      return Val::error();
  }
  if (x.isError())
    return x;
  mlir::Value v = x.v, r;

  // Predicates: int32 results.
  if (fn == LibdeviceFn::IsNan || fn == LibdeviceFn::IsInf ||
      fn == LibdeviceFn::IsFinite || fn == LibdeviceFn::SignBit) {
    mlir::Value bit;
    if (fn == LibdeviceFn::IsNan) {
      bit = b.create<arith::CmpFOp>(l, arith::CmpFPredicate::UNO, v, v);
    } else if (fn == LibdeviceFn::SignBit) {
      // The sign bit of the value's own bits (of its fp32 image for 16-bit
      // inputs: the conversion keeps the sign, NaNs included).
      unsigned w = computeType.bitwidth();
      DType it = DType::scalar(w == 64 ? ScalarKind::I64 : ScalarKind::I32);
      Val bits = cast(x, it, l, call, /*bitcast=*/true);
      Val zero =
          broadcastTo(materialize(Val::integer(0), it, l), x.shape(), l, call);
      bit =
          b.create<arith::CmpIOp>(l, arith::CmpIPredicate::slt, bits.v, zero.v);
    } else {
      Val inf = broadcastTo(
          materialize(Val::floating(std::numeric_limits<double>::infinity()),
                      computeType, l),
          x.shape(), l, call);
      mlir::Value mag = b.create<math::AbsFOp>(l, v);
      bit = b.create<arith::CmpFOp>(l,
                                    fn == LibdeviceFn::IsInf
                                        ? arith::CmpFPredicate::OEQ
                                        : arith::CmpFPredicate::OLT,
                                    mag, inf.v);
    }
    return cast(Val::ir(bit, DType::scalar(ScalarKind::I1)), i32, l, call);
  }

  switch (fn) {
  case LibdeviceFn::Tanh:
    r = b.create<math::TanhOp>(l, v);
    break;
  case LibdeviceFn::Tan:
    r = b.create<math::TanOp>(l, v);
    break;
  case LibdeviceFn::Asin:
    r = b.create<math::AsinOp>(l, v);
    break;
  case LibdeviceFn::Acos:
    r = b.create<math::AcosOp>(l, v);
    break;
  case LibdeviceFn::Atan:
    r = b.create<math::AtanOp>(l, v);
    break;
  case LibdeviceFn::Sinh:
    r = b.create<math::SinhOp>(l, v);
    break;
  case LibdeviceFn::Cosh:
    r = b.create<math::CoshOp>(l, v);
    break;
  case LibdeviceFn::Asinh:
    r = b.create<math::AsinhOp>(l, v);
    break;
  case LibdeviceFn::Acosh:
    r = b.create<math::AcoshOp>(l, v);
    break;
  case LibdeviceFn::Atanh:
    r = b.create<math::AtanhOp>(l, v);
    break;
  case LibdeviceFn::Log1p:
    r = b.create<math::Log1pOp>(l, v);
    break;
  case LibdeviceFn::Expm1:
    r = b.create<math::ExpM1Op>(l, v);
    break;
  case LibdeviceFn::Log10:
    r = b.create<math::Log10Op>(l, v);
    break;
  case LibdeviceFn::Cbrt:
    r = b.create<math::CbrtOp>(l, v);
    break;
  case LibdeviceFn::Trunc:
    r = b.create<math::TruncOp>(l, v);
    break;
  case LibdeviceFn::Round:
    r = b.create<math::RoundOp>(l, v);
    break;
  case LibdeviceFn::RoundEven:
    r = b.create<math::RoundEvenOp>(l, v);
    break;
  case LibdeviceFn::Pow:
    r = b.create<math::PowFOp>(l, v, y.v);
    break;
  case LibdeviceFn::Atan2:
    r = b.create<math::Atan2Op>(l, v, y.v);
    break;
  case LibdeviceFn::CopySign:
    r = b.create<math::CopySignOp>(l, v, y.v);
    break;
  case LibdeviceFn::Fmod:
    r = b.create<arith::RemFOp>(l, v, y.v);
    break;
  case LibdeviceFn::IsNan:
  case LibdeviceFn::IsInf:
  case LibdeviceFn::IsFinite:
  case LibdeviceFn::SignBit:
    llvm_unreachable("predicates return above");
  }
  return cast(Val::ir(r, computeType), resultType, l, call);
}
