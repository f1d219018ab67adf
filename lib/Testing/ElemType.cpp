//===- ElemType.cpp - Element types of the tests' host arrays -------------===//

#include "tilec/Testing/ElemType.h"

#include "tilec/Interpreter/Interpreter.h"

#include <cmath>
#include <cstring>

namespace tilec::testing {

double roundTo(ElemTy t, double v) {
  switch (t) {
  case ElemTy::F16:
    return interp::roundToF16(v);
  case ElemTy::BF16:
    return interp::roundToBF16(v);
  case ElemTy::F32:
    return double(float(v));
  default:
    return v;
  }
}

double unitRoundoff(ElemTy t) {
  switch (t) {
  case ElemTy::F16:
    return std::ldexp(1.0, -11);
  case ElemTy::BF16:
    return std::ldexp(1.0, -8);
  case ElemTy::F32:
    return std::ldexp(1.0, -24);
  default:
    return std::ldexp(1.0, -53);
  }
}

int64_t wrapTo(ElemTy t, uint64_t bits) {
  const ElemTyInfo &ti = info(t);
  if (t == ElemTy::I1)
    return int64_t(bits & 1);
  if (ti.bits == 64)
    return int64_t(bits);
  uint64_t m = (uint64_t(1) << ti.bits) - 1;
  bits &= m;
  if (ti.isSigned && (bits >> (ti.bits - 1)))
    return int64_t(bits | ~m);
  return int64_t(bits);
}

uint64_t toBits(ElemTy t, double v) {
  switch (t) {
  case ElemTy::F32: {
    float f = float(v);
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
  }
  case ElemTy::F16:
    return interp::toF16Bits(v);
  case ElemTy::BF16:
    return interp::toBF16Bits(v);
  case ElemTy::F64: {
    uint64_t u;
    std::memcpy(&u, &v, 8);
    return u;
  }
  default:
    if (!info(t).isSigned && v >= 0)
      return uint64_t(v);
    return uint64_t(int64_t(v));
  }
}

double fromBits(ElemTy t, uint64_t bits) {
  switch (t) {
  case ElemTy::F32: {
    uint32_t u = uint32_t(bits);
    float f;
    std::memcpy(&f, &u, 4);
    return f;
  }
  case ElemTy::F16:
    return interp::fromF16Bits(uint16_t(bits));
  case ElemTy::BF16:
    return interp::fromBF16Bits(uint16_t(bits));
  case ElemTy::F64: {
    double d;
    std::memcpy(&d, &bits, 8);
    return d;
  }
  case ElemTy::U64:
    return double(bits);
  default:
    return double(wrapTo(t, bits));
  }
}

uint64_t poisonBits(ElemTy t) {
  switch (t) {
  case ElemTy::F32:
    return 0x7fc0dead;
  case ElemTy::F16:
    return 0x7e5a;
  case ElemTy::BF16:
    return 0x7fda;
  case ElemTy::F64:
    return 0x7ff8deaddeadbeefull;
  case ElemTy::I32:
  case ElemTy::U32:
    return 0x5eadbeef;
  case ElemTy::I64:
  case ElemTy::U64:
    return 0x5eadbeef5eadbeefull;
  case ElemTy::I1:
    return 0;
  case ElemTy::I8:
  case ElemTy::U8:
    return 0x5e;
  case ElemTy::I16:
  case ElemTy::U16:
    return 0x5ead;
  }
  return 0;
}

} // namespace tilec::testing
