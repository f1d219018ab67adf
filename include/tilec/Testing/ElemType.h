//===- ElemType.h - Element types of the tests' host arrays -----*- C++ -*-===//
//
// The element types the GoogleTest suites and tilec-gpu-test put in host
// arrays: their names in kernel signatures and in `tl`, sizes, signedness,
// rounding, the bits of a value and back, and the poison pattern outputs
// start from. fp16 and bf16 values are rounded and encoded by the
// interpreter's float formats (round to nearest even), so tests, tools and
// the interpreter share one conversion.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TESTING_ELEMTYPE_H
#define TILEC_TESTING_ELEMTYPE_H

#include <cstddef>
#include <cstdint>

namespace tilec::testing {

/// The element types. The first eight keep their positions: tilec-gpu-test
/// derives the random seeds of some cases from them.
enum class ElemTy : uint8_t {
  F32,
  F16,
  BF16,
  F64,
  I32,
  U32,
  I64,
  U64,
  I1,
  I8,
  I16,
  U8,
  U16
};

/// Every element type, floats first.
inline constexpr ElemTy kAllElemTys[] = {
    ElemTy::F16, ElemTy::BF16, ElemTy::F32, ElemTy::F64, ElemTy::I1,
    ElemTy::I8,  ElemTy::I16,  ElemTy::I32, ElemTy::I64, ElemTy::U8,
    ElemTy::U16, ElemTy::U32,  ElemTy::U64};

struct ElemTyInfo {
  const char *sig; ///< in kernel signatures: fp32, bf16, u64, ...
  const char *tl;  ///< in kernels: tl.float32, tl.bfloat16, tl.uint64, ...
  unsigned bytes, bits;
  bool isFloat, isSigned;
};

inline const ElemTyInfo &info(ElemTy t) {
  static constexpr ElemTyInfo infos[] = {
      {"fp32", "tl.float32", 4, 32, true, true},
      {"fp16", "tl.float16", 2, 16, true, true},
      {"bf16", "tl.bfloat16", 2, 16, true, true},
      {"fp64", "tl.float64", 8, 64, true, true},
      {"i32", "tl.int32", 4, 32, false, true},
      {"u32", "tl.uint32", 4, 32, false, false},
      {"i64", "tl.int64", 8, 64, false, true},
      {"u64", "tl.uint64", 8, 64, false, false},
      {"i1", "tl.int1", 1, 1, false, false},
      {"i8", "tl.int8", 1, 8, false, true},
      {"i16", "tl.int16", 2, 16, false, true},
      {"u8", "tl.uint8", 1, 8, false, false},
      {"u16", "tl.uint16", 2, 16, false, false},
  };
  return infos[unsigned(t)];
}

inline const char *sigName(ElemTy t) { return info(t).sig; }
inline size_t byteSize(ElemTy t) { return info(t).bytes; }
inline bool isFloat(ElemTy t) { return info(t).isFloat; }
inline bool isInt(ElemTy t) { return !info(t).isFloat; }

/// `v` rounded to a float type, to nearest even (fp64 and integer types: v).
double roundTo(ElemTy t, double v);
/// The unit roundoff of a float type (fp64 and integer types: 2^-53).
double unitRoundoff(ElemTy t);
/// The integer value of `bits` (the type's width) by the type's signedness;
/// u64 as its two's-complement bits, i1 as 0 or 1.
int64_t wrapTo(ElemTy t, uint64_t bits);

/// The bits of `v` in type t, zero-extended: floats rounded to nearest even
/// (an fp16 or bf16 NaN as the format's quiet NaN, 0x7e00 or 0x7fc0),
/// integers truncated toward zero (negative values wrap in unsigned types).
uint64_t toBits(ElemTy t, double v);
/// The value of the bits `bits` of type t (64-bit integers rounded to
/// double).
double fromBits(ElemTy t, uint64_t bits);

/// The pattern tilec-gpu-test fills outputs with before a run: a NaN for
/// floats, an unlikely value for integers.
uint64_t poisonBits(ElemTy t);

} // namespace tilec::testing

#endif // TILEC_TESTING_ELEMTYPE_H
