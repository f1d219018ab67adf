//===- HostArray.h - Typed host arrays, poison and random fill --*- C++ -*-===//
//
// The element types of tilec-gpu-test's cases, host arrays of them (values
// in and out as double or as exact bits), the poison pattern outputs start
// from, and random inputs (filled on a few threads, the same for a seed
// whatever the thread count).
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TOOLS_GPUTEST_HOSTARRAY_H
#define TILEC_TOOLS_GPUTEST_HOSTARRAY_H

#include "FloatBits.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <vector>

namespace tilec::gputest {

/// Element types: the softmax / GeLU / row / matmul kernels use the three
/// float ones; the atomics also integers and fp64 (exact bits as uint64_t).
enum class DT { F32, F16, BF16, F64, I32, U32, I64, U64 };

/// The type's name in kernel signatures: fp32, bf16, u64, ...
const char *dtName(DT t);

inline size_t dtSize(DT t) {
  switch (t) {
  case DT::F16:
  case DT::BF16: return 2;
  case DT::F32:
  case DT::I32:
  case DT::U32: return 4;
  case DT::F64:
  case DT::I64:
  case DT::U64: return 8;
  }
  return 4;
}

inline bool isIntDT(DT t) {
  return t == DT::I32 || t == DT::U32 || t == DT::I64 || t == DT::U64;
}

/// The value of the bits `b` of an element of type `t` (64-bit integers
/// rounded to double).
inline double bitsToDouble(DT t, uint64_t b) {
  switch (t) {
  case DT::F32: return bitsF32(uint32_t(b));
  case DT::F16: return f16ToF32(uint16_t(b));
  case DT::BF16: return bf16ToF32(uint16_t(b));
  case DT::F64: {
    double d;
    std::memcpy(&d, &b, 8);
    return d;
  }
  case DT::I32: return double(int32_t(uint32_t(b)));
  case DT::U32: return double(uint32_t(b));
  case DT::I64: return double(int64_t(b));
  case DT::U64: return double(b);
  }
  return 0;
}

/// A host array of one element type; values go in and out as double, or
/// exactly as bits (bitsAt / setBits: the low dtSize bytes of a uint64_t).
struct HostArray {
  DT dt = DT::F32;
  std::vector<uint8_t> bytes;
  HostArray() = default;
  HostArray(DT dt, size_t n) : dt(dt), bytes(n * dtSize(dt)) {}
  size_t size() const { return bytes.size() / dtSize(dt); }
  size_t byteSize() const { return bytes.size(); }
  double get(size_t i) const { return bitsToDouble(dt, bitsAt(i)); }
  /// Stores v rounded to the element type (floats via fp32, fp64 as is;
  /// integers truncated).
  void set(size_t i, double v) {
    switch (dt) {
    case DT::F32:
    case DT::F16:
    case DT::BF16: {
      float f = float(v);
      setBits(i, dt == DT::F32   ? f32Bits(f)
                 : dt == DT::F16 ? f32ToF16(f)
                                 : f32ToBF16(f));
      return;
    }
    case DT::F64: {
      uint64_t b;
      std::memcpy(&b, &v, 8);
      setBits(i, b);
      return;
    }
    case DT::U32:
    case DT::U64:
      setBits(i, v < 0 ? uint64_t(int64_t(v)) : uint64_t(v));
      return;
    case DT::I32:
    case DT::I64:
      setBits(i, uint64_t(int64_t(v)));
      return;
    }
  }
  uint64_t bitsAt(size_t i) const {
    uint64_t u = 0;
    std::memcpy(&u, &bytes[i * dtSize(dt)], dtSize(dt)); // little-endian
    return u;
  }
  void setBits(size_t i, uint64_t b) {
    std::memcpy(&bytes[i * dtSize(dt)], &b, dtSize(dt));
  }
};

/// The pattern outputs are filled with before a run: a NaN for floats, an
/// unlikely value for integers.
uint64_t poisonBits(DT dt);

/// A host output array filled with the poison pattern, as poisonedOutput
/// (Cases.h) fills the device one.
HostArray poisonedHost(DT dt, size_t n);

/// One step of splitmix64 on the state `s`.
uint64_t splitmix(uint64_t &s);

/// Runs fn(begin, end) over [0, n) split into chunks on a few threads.
void parallelFor(size_t n, const std::function<void(size_t, size_t)> &fn);

/// Fills a with uniform values in [lo, hi) (rounded to its type); the same
/// seed gives the same data regardless of thread count.
void fillRandom(HostArray &a, double lo, double hi, uint64_t seed);

} // namespace tilec::gputest

#endif // TILEC_TOOLS_GPUTEST_HOSTARRAY_H
