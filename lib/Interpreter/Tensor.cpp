//===- Tensor.cpp - Values, float formats and memory of the interpreter ---===//

#include "Internal.h"

#include "tilec/Dialect/Tile/TileDialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Location.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstring>
#include <limits>

using namespace mlir;
using namespace tilec::interp;
using llvm::Expected;

//===----------------------------------------------------------------------===//
// Float formats
//===----------------------------------------------------------------------===//

/// Rounds |v| to a binary format with `mantBits` explicit mantissa bits,
/// smallest normal exponent `minExp` (value 2^minExp) and overflow to
/// infinity at 2^(maxExp+1), ties to even.
static double roundBinary(double v, int mantBits, int minExp, int maxExp) {
  if (std::isnan(v) || std::isinf(v) || v == 0.0)
    return v;
  double a = std::fabs(v);
  int e;
  std::frexp(a, &e); // a = m * 2^e, m in [0.5, 1): a in [2^(e-1), 2^e)
  int quantum = std::max(e - 1 - mantBits, minExp - mantBits);
  double q = std::ldexp(std::nearbyint(std::ldexp(a, -quantum)), quantum);
  if (q >= std::ldexp(1.0, maxExp + 1))
    q = std::numeric_limits<double>::infinity();
  return std::copysign(q, v);
}

double tilec::interp::roundToF16(double v) {
  return roundBinary(v, 10, -14, 15);
}
double tilec::interp::roundToBF16(double v) {
  return roundBinary(v, 7, -126, 127);
}
double tilec::interp::roundToTF32(double v) {
  return roundBinary(v, 10, -126, 127);
}

/// Encodes an exactly representable value in a format with `mantBits`
/// mantissa bits, `expBits` exponent bits.
static uint16_t encode16(double v, int mantBits, int expBits) {
  int bias = (1 << (expBits - 1)) - 1;
  uint16_t sign = std::signbit(v) ? uint16_t(1u << 15) : 0;
  uint16_t expAll = uint16_t(((1u << expBits) - 1) << mantBits);
  if (std::isnan(v))
    return uint16_t(expAll | (1u << (mantBits - 1)));
  if (std::isinf(v))
    return sign | expAll;
  double a = std::fabs(v);
  if (a == 0.0)
    return sign;
  int e;
  std::frexp(a, &e);
  int exp = e - 1;      // a in [2^exp, 2^(exp+1))
  if (exp < 1 - bias) { // subnormal
    uint64_t m = uint64_t(std::ldexp(a, bias - 1 + mantBits));
    return sign | uint16_t(m);
  }
  uint64_t m =
      uint64_t(std::ldexp(a, mantBits - exp)) - (uint64_t(1) << mantBits);
  return sign | uint16_t(uint64_t(exp + bias) << mantBits) | uint16_t(m);
}

static double decode16(uint16_t bits, int mantBits, int expBits) {
  int bias = (1 << (expBits - 1)) - 1;
  bool neg = bits >> 15;
  unsigned exp = (bits >> mantBits) & ((1u << expBits) - 1);
  unsigned mant = bits & ((1u << mantBits) - 1);
  double r;
  if (exp == (1u << expBits) - 1)
    r = mant ? std::numeric_limits<double>::quiet_NaN()
             : std::numeric_limits<double>::infinity();
  else if (exp == 0)
    r = std::ldexp(double(mant), 1 - bias - mantBits);
  else
    r = std::ldexp(double(mant + (1u << mantBits)), int(exp) - bias - mantBits);
  return neg ? -r : r;
}

double tilec::interp::roundToF8E4M3(double v) {
  double q = roundBinary(v, 3, -6, 8);
  if (!std::isnan(q) && std::fabs(q) > 448.0)
    q = std::copysign(448.0, v);
  return q;
}
double tilec::interp::roundToF8E5M2(double v) {
  double q = roundBinary(v, 2, -14, 15);
  if (!std::isnan(q) && std::fabs(q) > 57344.0)
    q = std::copysign(57344.0, v);
  return q;
}

/// The bits of a value of an 8-bit float format (1 sign, `expBits`,
/// `mantBits`), `v` representable in it; NaN as `nanBits`.
static uint8_t encode8(double v, int mantBits, int expBits, uint8_t nanBits) {
  if (std::isnan(v))
    return nanBits;
  int bias = (1 << (expBits - 1)) - 1;
  uint8_t sign = std::signbit(v) ? 0x80 : 0;
  double a = std::fabs(v);
  if (std::isinf(a))
    return sign | uint8_t(((1u << expBits) - 1) << mantBits);
  if (a == 0.0)
    return sign;
  int e;
  std::frexp(a, &e);
  int exp = e - 1;
  if (exp < 1 - bias)
    return sign | uint8_t(std::ldexp(a, bias - 1 + mantBits));
  unsigned m = unsigned(std::ldexp(a, mantBits - exp)) - (1u << mantBits);
  return sign | uint8_t(unsigned(exp + bias) << mantBits) | uint8_t(m);
}

uint8_t tilec::interp::toF8E4M3Bits(double v) {
  return encode8(roundToF8E4M3(v), 3, 4, 0x7f);
}
uint8_t tilec::interp::toF8E5M2Bits(double v) {
  return encode8(roundToF8E5M2(v), 2, 5, 0x7f);
}
double tilec::interp::fromF8E4M3Bits(uint8_t b) {
  if ((b & 0x7f) == 0x7f)
    return std::numeric_limits<double>::quiet_NaN();
  unsigned exp = (b >> 3) & 0xf, mant = b & 7;
  double r = exp == 0 ? std::ldexp(double(mant), -9)
                      : std::ldexp(double(mant + 8), int(exp) - 10);
  return (b & 0x80) ? -r : r;
}
double tilec::interp::fromF8E5M2Bits(uint8_t b) {
  // decode16 reads the sign from bit 15 and the rest from the low bits.
  return decode16(uint16_t((b & 0x80) << 8) | (b & 0x7f), 2, 5);
}

uint16_t tilec::interp::toF16Bits(double v) {
  return encode16(roundToF16(v), 10, 5);
}
uint16_t tilec::interp::toBF16Bits(double v) {
  return encode16(roundToBF16(v), 7, 8);
}
double tilec::interp::fromF16Bits(uint16_t b) { return decode16(b, 10, 5); }
double tilec::interp::fromBF16Bits(uint16_t b) { return decode16(b, 7, 8); }

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

unsigned ElemType::memBytes() const {
  switch (kind) {
  case Kind::Int:
    return bits <= 8 ? 1 : (bits + 7) / 8;
  case Kind::F16:
  case Kind::BF16:
    return 2;
  case Kind::F8E4M3:
  case Kind::F8E5M2:
    return 1;
  case Kind::F32:
    return 4;
  case Kind::F64:
  case Kind::Ptr:
    return 8;
  }
  return 8;
}

Expected<ElemType> tilec::interp::getElemType(Type t) {
  ElemType r;
  if (auto it = dyn_cast<IntegerType>(t)) {
    unsigned w = it.getWidth();
    if (w == 1 || w == 8 || w == 16 || w == 32 || w == 64) {
      r.kind = Kind::Int;
      r.bits = w;
      return r;
    }
  } else if (isa<IndexType>(t)) {
    r.kind = Kind::Int;
    r.bits = 64;
    return r;
  } else if (t.isF16()) {
    r.kind = Kind::F16;
    return r;
  } else if (t.isBF16()) {
    r.kind = Kind::BF16;
    return r;
  } else if (isa<Float8E4M3FNType>(t)) {
    r.kind = Kind::F8E4M3;
    return r;
  } else if (isa<Float8E5M2Type>(t)) {
    r.kind = Kind::F8E5M2;
    return r;
  } else if (t.isF32()) {
    r.kind = Kind::F32;
    return r;
  } else if (t.isF64()) {
    r.kind = Kind::F64;
    return r;
  } else if (auto pt = dyn_cast<tile::PointerType>(t)) {
    Expected<ElemType> pointee = getElemType(pt.getPointeeType());
    if (!pointee)
      return pointee.takeError();
    r.kind = Kind::Ptr;
    r.bits = 64;
    r.pointeeBytes = pointee->memBytes();
    return r;
  }
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "unsupported element type '" << t << "'";
  return llvm::createStringError(llvm::inconvertibleErrorCode(), os.str());
}

llvm::SmallVector<int64_t, 4> tilec::interp::shapeOf(Type t) {
  if (auto rt = dyn_cast<RankedTensorType>(t))
    return llvm::SmallVector<int64_t, 4>(rt.getShape());
  return {};
}

Expected<ElemType> tilec::interp::getElemTypeOf(Type t) {
  if (auto rt = dyn_cast<RankedTensorType>(t))
    return getElemType(rt.getElementType());
  return getElemType(t);
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

int64_t tilec::interp::loadInt(const char *p, ElemType t) {
  switch (t.memBytes()) {
  case 1: {
    int8_t v;
    std::memcpy(&v, p, 1);
    return t.bits == 1 ? (v ? -1 : 0) : v;
  }
  case 2: {
    int16_t v;
    std::memcpy(&v, p, 2);
    return v;
  }
  case 4: {
    int32_t v;
    std::memcpy(&v, p, 4);
    return v;
  }
  default: {
    int64_t v;
    std::memcpy(&v, p, 8);
    return v;
  }
  }
}

double tilec::interp::loadFloat(const char *p, ElemType t) {
  switch (t.kind) {
  case Kind::F32: {
    float v;
    std::memcpy(&v, p, 4);
    return v;
  }
  case Kind::F16: {
    uint16_t v;
    std::memcpy(&v, p, 2);
    return fromF16Bits(v);
  }
  case Kind::BF16: {
    uint16_t v;
    std::memcpy(&v, p, 2);
    return fromBF16Bits(v);
  }
  case Kind::F8E4M3:
    return fromF8E4M3Bits(uint8_t(*p));
  case Kind::F8E5M2:
    return fromF8E5M2Bits(uint8_t(*p));
  default: {
    double v;
    std::memcpy(&v, p, 8);
    return v;
  }
  }
}

void tilec::interp::storeInt(char *p, ElemType t, int64_t v) {
  switch (t.memBytes()) {
  case 1: {
    int8_t x = t.bits == 1 ? (v != 0) : int8_t(v);
    std::memcpy(p, &x, 1);
    return;
  }
  case 2: {
    int16_t x = int16_t(v);
    std::memcpy(p, &x, 2);
    return;
  }
  case 4: {
    int32_t x = int32_t(v);
    std::memcpy(p, &x, 4);
    return;
  }
  default:
    std::memcpy(p, &v, 8);
  }
}

void tilec::interp::storeFloat(char *p, ElemType t, double v) {
  switch (t.kind) {
  case Kind::F32: {
    float x = float(v);
    std::memcpy(p, &x, 4);
    return;
  }
  case Kind::F16: {
    uint16_t x = toF16Bits(v);
    std::memcpy(p, &x, 2);
    return;
  }
  case Kind::BF16: {
    uint16_t x = toBF16Bits(v);
    std::memcpy(p, &x, 2);
    return;
  }
  case Kind::F8E4M3:
    *p = char(toF8E4M3Bits(v));
    return;
  case Kind::F8E5M2:
    *p = char(toF8E5M2Bits(v));
    return;
  default:
    std::memcpy(p, &v, 8);
  }
}

std::string Memory::describe(uint64_t addr, unsigned size) const {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "address " << llvm::format_hex(addr, 2) << " (" << size << " bytes) ";
  if (buffers_.empty()) {
    os << "does not point into any buffer";
    return os.str();
  }
  // The nearest buffer: the smallest distance from the access to its range.
  unsigned best = 0;
  uint64_t bestDist = ~uint64_t(0);
  bool bestAfter = false;
  for (unsigned i = 0; i < buffers_.size(); ++i) {
    uint64_t start = bufferBase(i), end = start + buffers_[i].bytes;
    uint64_t dist;
    bool after;
    if (addr + size > end && addr >= start) {
      dist = addr + size - end;
      after = true;
    } else if (addr < start) {
      dist = start - addr;
      after = false;
    } else {
      dist = 0;
      after = true;
    }
    if (dist < bestDist) {
      bestDist = dist;
      best = i;
      bestAfter = after;
    }
  }
  const HostBuffer &b = buffers_[best];
  os << "is " << bestDist << " bytes "
     << (bestAfter ? "past the end" : "before the start") << " of buffer '"
     << b.name << "' (" << b.bytes << " bytes)";
  return os.str();
}

//===----------------------------------------------------------------------===//
// Locations and errors
//===----------------------------------------------------------------------===//

std::string tilec::interp::formatLoc(Location loc) {
  if (auto fl = dyn_cast<FileLineColLoc>(loc))
    return (fl.getFilename().str() + ":" + llvm::Twine(fl.getLine()) + ":" +
            llvm::Twine(fl.getColumn()))
        .str();
  if (auto cs = dyn_cast<CallSiteLoc>(loc)) {
    std::string callee = formatLoc(cs.getCallee());
    std::string caller = formatLoc(cs.getCaller());
    if (caller == "<unknown>")
      return callee;
    return callee + " (called from " + caller + ")";
  }
  if (auto nl = dyn_cast<NameLoc>(loc))
    return formatLoc(nl.getChildLoc());
  if (auto fused = dyn_cast<FusedLoc>(loc)) {
    for (Location l : fused.getLocations()) {
      std::string s = formatLoc(l);
      if (s != "<unknown>")
        return s;
    }
  }
  return "<unknown>";
}

llvm::Error tilec::interp::opError(Operation *op, const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 (msg + " ('" + op->getName().getStringRef() +
                                  "' at " + formatLoc(op->getLoc()) + ")")
                                     .str());
}
