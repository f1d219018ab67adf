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

#include "CodeGen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <cstring>
#include <limits>

using namespace tilec;
namespace arith = mlir::arith;
namespace math = mlir::math;

namespace {

/// libdevice functions that are `tl` builtins under another name.
const std::map<std::string, std::string> &aliases() {
  static const std::map<std::string, std::string> m = {
      {"exp", "tl.exp"},       {"exp2", "tl.exp2"},     {"log", "tl.log"},
      {"log2", "tl.log2"},     {"sqrt", "tl.sqrt"},     {"sqrt_rn", "tl.sqrt"},
      {"rsqrt", "tl.rsqrt"},   {"sin", "tl.sin"},       {"cos", "tl.cos"},
      {"erf", "tl.erf"},       {"floor", "tl.floor"},   {"ceil", "tl.ceil"},
      {"fabs", "tl.abs"},      {"abs", "tl.abs"},       {"fma", "tl.fma"},
      {"fast_expf", "tl.exp"}, {"fast_logf", "tl.log"}, {"fmax", "tl.maximum"},
      {"fmin", "tl.minimum"},  {"max", "tl.maximum"},   {"min", "tl.minimum"}};
  return m;
}

const std::set<std::string> &unaryFunctions() {
  static const std::set<std::string> s = {
      "tanh",  "tan",   "asin",  "acos",      "atan",  "sinh", "cosh",
      "asinh", "acosh", "atanh", "log1p",     "expm1", "log10", "cbrt",
      "trunc", "round", "rint",  "nearbyint", "isnan", "isinf", "finitef",
      "isfinited", "signbit"};
  return s;
}

const std::set<std::string> &binaryFunctions() {
  static const std::set<std::string> s = {"pow", "atan2", "copysign", "fmod"};
  return s;
}

} // namespace

std::string tilec::canonicalBuiltin(llvm::StringRef name) {
  if (name.consume_front("libdevice.")) {
    auto alias = aliases().find(name.str());
    if (alias != aliases().end())
      return alias->second;
    return "libdevice." + name.str();
  }
  return name.str();
}

std::vector<std::pair<std::string, unsigned>> CodeGen::libdeviceFunctions() {
  std::vector<std::pair<std::string, unsigned>> r;
  for (auto &f : unaryFunctions())
    r.push_back({"libdevice." + f, 1});
  for (auto &f : binaryFunctions())
    r.push_back({"libdevice." + f, 2});
  for (auto &[f, tlName] : aliases())
    r.push_back({"libdevice." + f,
                 tlName == "tl.fma" ? 3u
                 : tlName == "tl.maximum" || tlName == "tl.minimum" ? 2u
                                                                    : 1u});
  return r;
}

Val CodeGen::libdevice(llvm::StringRef name, std::vector<Val> &a,
                       const Expr &call) {
  std::string f = name.drop_front(strlen("libdevice.")).str();
  auto alias = aliases().find(f);
  if (alias != aliases().end())
    return callBuiltin(alias->second, call, a, {});
  mlir::Location l = loc(call);
  DType f32 = DType::scalar(ScalarKind::F32), i32 = DType::scalar(ScalarKind::I32);
  for (const Val &v : a)
    if (v.isError())
      return Val::error();

  // The type the function computes in: the promoted float type of the
  // arguments, fp32 for integers and (then rounded back) for fp16/bf16.
  Val x = a[0], y = a.size() > 1 ? a[1] : Val();
  DType argType;
  if (y.kind != Val::Error) {
    if (x.isNumber() && y.isNumber())
      x = toIR(Val::floating(x.kind == Val::Float ? x.f : double(x.i)), l, call);
    auto dt = promote(x, y, call, "libdevice." + f);
    if (!dt)
      return Val::error();
    argType = *dt;
  } else {
    if (x.isNumber())
      x = toIR(Val::floating(x.kind == Val::Float ? x.f : double(x.i)), l, call);
    if (!x.isIR())
      return error(call, "libdevice." + f + " expects a tensor, got " +
                             describe(x));
    argType = x.dtype;
  }
  if (argType.isPointer)
    return error(call, "libdevice." + f + " is not supported on pointers");
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
  if (f == "isnan" || f == "isinf" || f == "finitef" || f == "isfinited" ||
      f == "signbit") {
    mlir::Value bit;
    if (f == "isnan") {
      bit = b.create<arith::CmpFOp>(l, arith::CmpFPredicate::UNO, v, v);
    } else if (f == "signbit") {
      // The sign bit of the value's own bits (of its fp32 image for 16-bit
      // inputs: the conversion keeps the sign, NaNs included).
      unsigned w = computeType.bitwidth();
      DType it = DType::scalar(w == 64 ? ScalarKind::I64 : ScalarKind::I32);
      Val bits = cast(x, it, l, call, /*bitcast=*/true);
      Val zero = broadcastTo(materialize(Val::integer(0), it, l), x.shape(), l,
                             call);
      bit = b.create<arith::CmpIOp>(l, arith::CmpIPredicate::slt, bits.v,
                                    zero.v);
    } else {
      Val inf = broadcastTo(
          materialize(Val::floating(std::numeric_limits<double>::infinity()),
                      computeType, l),
          x.shape(), l, call);
      mlir::Value mag = b.create<math::AbsFOp>(l, v);
      bit = b.create<arith::CmpFOp>(
          l, f == "isinf" ? arith::CmpFPredicate::OEQ : arith::CmpFPredicate::OLT,
          mag, inf.v);
    }
    return cast(Val::ir(bit, DType::scalar(ScalarKind::I1)), i32, l, call);
  }

  if (f == "tanh") r = b.create<math::TanhOp>(l, v);
  else if (f == "tan") r = b.create<math::TanOp>(l, v);
  else if (f == "asin") r = b.create<math::AsinOp>(l, v);
  else if (f == "acos") r = b.create<math::AcosOp>(l, v);
  else if (f == "atan") r = b.create<math::AtanOp>(l, v);
  else if (f == "sinh") r = b.create<math::SinhOp>(l, v);
  else if (f == "cosh") r = b.create<math::CoshOp>(l, v);
  else if (f == "asinh") r = b.create<math::AsinhOp>(l, v);
  else if (f == "acosh") r = b.create<math::AcoshOp>(l, v);
  else if (f == "atanh") r = b.create<math::AtanhOp>(l, v);
  else if (f == "log1p") r = b.create<math::Log1pOp>(l, v);
  else if (f == "expm1") r = b.create<math::ExpM1Op>(l, v);
  else if (f == "log10") r = b.create<math::Log10Op>(l, v);
  else if (f == "cbrt") r = b.create<math::CbrtOp>(l, v);
  else if (f == "trunc") r = b.create<math::TruncOp>(l, v);
  else if (f == "round") r = b.create<math::RoundOp>(l, v);
  else if (f == "rint" || f == "nearbyint") r = b.create<math::RoundEvenOp>(l, v);
  else if (f == "pow") r = b.create<math::PowFOp>(l, v, y.v);
  else if (f == "atan2") r = b.create<math::Atan2Op>(l, v, y.v);
  else if (f == "copysign") r = b.create<math::CopySignOp>(l, v, y.v);
  else if (f == "fmod") r = b.create<arith::RemFOp>(l, v, y.v);
  else
    return error(call, "'libdevice." + f + "' is not supported by tilec");
  return cast(Val::ir(r, computeType), resultType, l, call);
}
