//===- HostArray.h - Host arrays of one element type ------------*- C++ -*-===//
//
// A HostArray holds the elements of one kernel argument on the host (8-byte
// aligned): values in and out as double or as exact bits, filled with a
// pattern or with random values. Random inputs come from a std random engine
// (fillUniform and friends) or from a seed (fillRandom: splitmix64, filled on
// a few threads, the same for a seed whatever the thread count).
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TESTING_HOSTARRAY_H
#define TILEC_TESTING_HOSTARRAY_H

#include "tilec/Testing/ElemType.h"

#include <cstring>
#include <functional>
#include <random>
#include <vector>

namespace tilec::testing {

class HostArray {
public:
  HostArray() = default;
  /// n elements of type t, all bits zero.
  HostArray(ElemTy t, size_t n)
      : type_(t), n_(n), words_((n * testing::byteSize(t) + 7) / 8 + 1) {}

  ElemTy type() const { return type_; }
  size_t size() const { return n_; }
  size_t byteSize() const { return n_ * testing::byteSize(type_); }
  void *data() { return words_.data(); }
  const void *data() const { return words_.data(); }

  /// The bits of element i, zero-extended.
  uint64_t bitsAt(size_t i) const {
    uint64_t v = 0;
    std::memcpy(&v, at(i), testing::byteSize(type_)); // little-endian
    return v;
  }
  /// Stores the low bits of `bits` (the type's width) in element i.
  void setBits(size_t i, uint64_t bits) {
    std::memcpy(at(i), &bits, testing::byteSize(type_));
  }
  /// The value of element i (64-bit integers rounded to double).
  double get(size_t i) const { return fromBits(type_, bitsAt(i)); }
  /// Stores v rounded to the element type (toBits).
  void set(size_t i, double v) { setBits(i, toBits(type_, v)); }
  /// As set(), an fp16 or bf16 element from v rounded to fp32 first.
  void setViaF32(size_t i, double v) {
    set(i,
        type_ == ElemTy::F16 || type_ == ElemTy::BF16 ? double(float(v)) : v);
  }
  /// The integer value of element i by the type's signedness (wrapTo).
  int64_t i64(size_t i) const { return wrapTo(type_, bitsAt(i)); }

  /// Every element's bits set to `bits`.
  void fill(uint64_t bits) {
    for (size_t i = 0; i < n_; ++i)
      setBits(i, bits);
  }
  /// Every byte of the storage (the padding too) set to `byte`.
  void fillBytes(uint8_t byte) {
    std::memset(words_.data(), byte, words_.size() * 8);
  }
  /// Whether element i has exactly the bits `bits`.
  bool hasBits(size_t i, uint64_t bits) const { return bitsAt(i) == bits; }
  /// Whether every byte of element i is `byte`.
  bool hasBytes(size_t i, uint8_t byte) const {
    for (size_t k = 0; k < testing::byteSize(type_); ++k)
      if (uint8_t(at(i)[k]) != byte)
        return false;
    return true;
  }

  /// Uniform values in [lo, hi) rounded to the type (set()).
  template <class Engine> void fillUniform(Engine &rng, double lo, double hi) {
    std::uniform_real_distribution<double> d(lo, hi);
    for (size_t i = 0; i < n_; ++i)
      set(i, d(rng));
  }
  /// Uniform integers in [lo, hi], stored as their two's-complement bits.
  template <class Engine>
  void fillUniformInt(Engine &rng, int64_t lo, int64_t hi) {
    std::uniform_int_distribution<int64_t> d(lo, hi);
    for (size_t i = 0; i < n_; ++i)
      setBits(i, uint64_t(d(rng)));
  }
  /// Random bits of the whole width (i1: 0 or 1).
  template <class Engine> void fillRandomBits(Engine &rng) {
    for (size_t i = 0; i < n_; ++i)
      setBits(i, type_ == ElemTy::I1 ? rng() & 1 : rng());
  }

private:
  char *at(size_t i) {
    return reinterpret_cast<char *>(words_.data()) +
           i * testing::byteSize(type_);
  }
  const char *at(size_t i) const {
    return reinterpret_cast<const char *>(words_.data()) +
           i * testing::byteSize(type_);
  }

  ElemTy type_ = ElemTy::F32;
  size_t n_ = 0;
  std::vector<uint64_t> words_{0}; // one word past the elements
};

/// A host array filled with poisonBits(t).
HostArray poisonedHost(ElemTy t, size_t n);

/// One step of splitmix64 on the state `s`.
uint64_t splitmix(uint64_t &s);

/// Runs fn(begin, end) over [0, n) split into chunks on a few threads.
void parallelFor(size_t n, const std::function<void(size_t, size_t)> &fn);

/// Fills a with uniform values in [lo, hi) drawn from `seed` (setViaF32);
/// the same seed gives the same data regardless of thread count.
void fillRandom(HostArray &a, double lo, double hi, uint64_t seed);

} // namespace tilec::testing

#endif // TILEC_TESTING_HOSTARRAY_H
