//===- Types.h - Element types and kernel signatures ----------------------===//
//
// DType is the frontend's element type: it keeps signedness (u32 vs i32),
// which MLIR's signless integers do not, and pointers to element types.
// Signature is Triton's AOT signature string, e.g.
//   "*fp32:16, *fp32:16, i32, i32, i32, 1024"
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_FRONTEND_TYPES_H
#define TILEC_FRONTEND_TYPES_H

#include "tilec/Support/Diagnostics.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tilec {

enum class ScalarKind {
  I1,
  I8,
  I16,
  I32,
  I64,
  U8,
  U16,
  U32,
  U64,
  F16,
  BF16,
  F32,
  F64,
  F8E4NV, // Triton's float8e4nv (fp8e4nv): e4m3fn, bias 7, no infinities
  F8E5,   // Triton's float8e5 (fp8e5): e5m2, bias 15, IEEE-like
};

/// An element type: a scalar kind, or a pointer to one.
struct DType {
  ScalarKind kind = ScalarKind::I32;
  bool isPointer = false;

  static DType scalar(ScalarKind k) { return {k, false}; }
  static DType pointerTo(ScalarKind k) { return {k, true}; }

  bool isFloat() const; // includes the fp8 types
  bool isFP8() const;
  bool isInt() const; // includes i1 and unsigned
  bool isBool() const { return !isPointer && kind == ScalarKind::I1; }
  bool isUnsigned() const;
  bool isSigned() const { return isInt() && !isUnsigned() && !isBool(); }
  unsigned bitwidth() const; // 64 for pointers
  DType pointee() const { return {kind, false}; }

  /// Triton's signature spelling: fp32, bf16, i32, u8, *fp16, ...
  std::string str() const;
  /// Triton's language spelling: float32, bfloat16, int32, pointer<fp16>...
  std::string tlName() const;
  mlir::Type toMLIR(mlir::MLIRContext *ctx) const;

  bool operator==(const DType &o) const {
    return kind == o.kind && isPointer == o.isPointer;
  }
  bool operator!=(const DType &o) const { return !(*this == o); }
};

/// Parses a signature scalar name (fp32, bf16, i32, u64, i1, ...).
std::optional<ScalarKind> parseSignatureScalar(llvm::StringRef s);
/// Parses a `tl.` dtype attribute name (float32, int32, uint8, ...).
std::optional<ScalarKind> parseTLDTypeName(llvm::StringRef s);

/// One comma-separated entry of a signature.
struct SignatureEntry {
  /// DTypeValue: a tl.dtype for a constexpr (`tl.bfloat16`, or a plain type
  /// name such as `bf16` given to a tl.constexpr parameter), in `type`.
  /// Descriptor: a host tensor descriptor `tensordesc<T[b0, b1, ...]>`,
  /// element type in `type`, block shape in `blockShape`; it takes 1 + 2r
  /// kernel arguments (docs/language.md, section 2).
  enum Kind {
    Type,
    IntValue,
    FloatValue,
    BoolValue,
    StrValue,
    NoneValue,
    DTypeValue,
    Descriptor,
    TupleValue ///< a tuple of constants, in `elems`: `(2, 3)`
  } kind = Type;
  std::vector<SignatureEntry> elems;
  DType type;
  std::vector<int64_t> blockShape;
  /// `:16`: Type: the argument is a multiple of 16 (a pointer: its address,
  /// in bytes); Descriptor: every dimension of the shape is.
  unsigned divisibility = 1;
  int64_t intValue = 0;
  double floatValue = 0;
  std::string strValue; // StrValue: the text between the quotes
  SourceLoc loc;        // within the signature text (line 1)
  unsigned length = 1;
  std::string text;
};

struct Signature {
  std::vector<SignatureEntry> entries;
};

/// The kernel arguments (ABI order) that signature entry `e` of parameter
/// `name` takes: none for a constant, (name, type) for a typed entry, and
/// for a descriptor the base pointer `name`, the shape `name.shape0..` (i32)
/// and the strides `name.stride0..` (i64).
std::vector<std::pair<std::string, std::string>>
abiArguments(const SignatureEntry &e, const std::string &name);

/// One comma-separated entry of a signature: its text, trimmed, and where
/// it is in the signature (1-based column; length at least 1).
struct SignatureItem {
  std::string text;
  unsigned col = 1;
  unsigned length = 1;
  SourceLoc loc() const { return {1, col}; }
};

/// The entries of a signature (commas inside brackets and quotes do not
/// separate).
std::vector<SignatureItem> signatureItems(llvm::StringRef signature);

/// Parses `text`; errors are reported against a SourceFile holding the
/// signature text (named e.g. "<signature>"). Returns false on error.
bool parseSignature(const SourceFile &text, DiagnosticEngine &diags,
                    Signature &out);

} // namespace tilec

#endif // TILEC_FRONTEND_TYPES_H
