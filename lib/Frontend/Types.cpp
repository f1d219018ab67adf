//===- Types.cpp - Element types and kernel signatures --------------------===//

#include "tilec/Frontend/Types.h"
#include "tilec/Dialect/Tile/TileDialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringSwitch.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>

using namespace tilec;

bool DType::isFloat() const {
  return !isPointer &&
         (kind == ScalarKind::F16 || kind == ScalarKind::BF16 ||
          kind == ScalarKind::F32 || kind == ScalarKind::F64 || isFP8());
}
bool DType::isFP8() const {
  return !isPointer && (kind == ScalarKind::F8E4NV || kind == ScalarKind::F8E5);
}
bool DType::isInt() const { return !isPointer && !isFloat(); }
bool DType::isUnsigned() const {
  return !isPointer && (kind == ScalarKind::U8 || kind == ScalarKind::U16 ||
                        kind == ScalarKind::U32 || kind == ScalarKind::U64);
}

unsigned DType::bitwidth() const {
  if (isPointer)
    return 64;
  switch (kind) {
  case ScalarKind::I1:
    return 1;
  case ScalarKind::I8:
  case ScalarKind::U8:
  case ScalarKind::F8E4NV:
  case ScalarKind::F8E5:
    return 8;
  case ScalarKind::I16:
  case ScalarKind::U16:
  case ScalarKind::F16:
  case ScalarKind::BF16:
    return 16;
  case ScalarKind::I32:
  case ScalarKind::U32:
  case ScalarKind::F32:
    return 32;
  case ScalarKind::I64:
  case ScalarKind::U64:
  case ScalarKind::F64:
    return 64;
  }
  return 32;
}

static const char *sigName(ScalarKind k) {
  switch (k) {
  case ScalarKind::I1:
    return "i1";
  case ScalarKind::I8:
    return "i8";
  case ScalarKind::I16:
    return "i16";
  case ScalarKind::I32:
    return "i32";
  case ScalarKind::I64:
    return "i64";
  case ScalarKind::U8:
    return "u8";
  case ScalarKind::U16:
    return "u16";
  case ScalarKind::U32:
    return "u32";
  case ScalarKind::U64:
    return "u64";
  case ScalarKind::F16:
    return "fp16";
  case ScalarKind::BF16:
    return "bf16";
  case ScalarKind::F32:
    return "fp32";
  case ScalarKind::F64:
    return "fp64";
  case ScalarKind::F8E4NV:
    return "fp8e4nv";
  case ScalarKind::F8E5:
    return "fp8e5";
  }
  return "?";
}

static const char *tlScalarName(ScalarKind k) {
  switch (k) {
  case ScalarKind::I1:
    return "int1";
  case ScalarKind::I8:
    return "int8";
  case ScalarKind::I16:
    return "int16";
  case ScalarKind::I32:
    return "int32";
  case ScalarKind::I64:
    return "int64";
  case ScalarKind::U8:
    return "uint8";
  case ScalarKind::U16:
    return "uint16";
  case ScalarKind::U32:
    return "uint32";
  case ScalarKind::U64:
    return "uint64";
  case ScalarKind::F16:
    return "float16";
  case ScalarKind::BF16:
    return "bfloat16";
  case ScalarKind::F32:
    return "float32";
  case ScalarKind::F64:
    return "float64";
  case ScalarKind::F8E4NV:
    return "float8e4nv";
  case ScalarKind::F8E5:
    return "float8e5";
  }
  return "?";
}

std::string DType::str() const {
  return (isPointer ? "*" : "") + std::string(sigName(kind));
}

std::string DType::tlName() const {
  if (isPointer)
    return "pointer<" + std::string(tlScalarName(kind)) + ">";
  return tlScalarName(kind);
}

mlir::Type DType::toMLIR(mlir::MLIRContext *ctx) const {
  mlir::Type t;
  switch (kind) {
  case ScalarKind::F16:
    t = mlir::Float16Type::get(ctx);
    break;
  case ScalarKind::BF16:
    t = mlir::BFloat16Type::get(ctx);
    break;
  case ScalarKind::F32:
    t = mlir::Float32Type::get(ctx);
    break;
  case ScalarKind::F64:
    t = mlir::Float64Type::get(ctx);
    break;
  case ScalarKind::F8E4NV:
    t = mlir::Float8E4M3FNType::get(ctx);
    break;
  case ScalarKind::F8E5:
    t = mlir::Float8E5M2Type::get(ctx);
    break;
  default:
    t = mlir::IntegerType::get(ctx, pointee().bitwidth());
    break;
  }
  if (isPointer)
    return mlir::tile::PointerType::get(t);
  return t;
}

std::optional<ScalarKind> tilec::parseSignatureScalar(llvm::StringRef s) {
  return llvm::StringSwitch<std::optional<ScalarKind>>(s)
      .Cases("i1", "u1", ScalarKind::I1)
      .Case("i8", ScalarKind::I8)
      .Case("i16", ScalarKind::I16)
      .Case("i32", ScalarKind::I32)
      .Case("i64", ScalarKind::I64)
      .Case("u8", ScalarKind::U8)
      .Case("u16", ScalarKind::U16)
      .Case("u32", ScalarKind::U32)
      .Case("u64", ScalarKind::U64)
      .Case("fp16", ScalarKind::F16)
      .Case("bf16", ScalarKind::BF16)
      .Case("fp32", ScalarKind::F32)
      .Case("fp64", ScalarKind::F64)
      .Case("fp8e4nv", ScalarKind::F8E4NV)
      .Case("fp8e5", ScalarKind::F8E5)
      .Default(std::nullopt);
}

std::optional<ScalarKind> tilec::parseTLDTypeName(llvm::StringRef s) {
  return llvm::StringSwitch<std::optional<ScalarKind>>(s)
      .Case("int1", ScalarKind::I1)
      .Case("int8", ScalarKind::I8)
      .Case("int16", ScalarKind::I16)
      .Case("int32", ScalarKind::I32)
      .Case("int64", ScalarKind::I64)
      .Case("uint8", ScalarKind::U8)
      .Case("uint16", ScalarKind::U16)
      .Case("uint32", ScalarKind::U32)
      .Case("uint64", ScalarKind::U64)
      .Cases("float16", "half", ScalarKind::F16)
      .Case("bfloat16", ScalarKind::BF16)
      .Cases("float32", "float", ScalarKind::F32)
      .Cases("float64", "double", ScalarKind::F64)
      .Case("float8e4nv", ScalarKind::F8E4NV)
      .Case("float8e5", ScalarKind::F8E5)
      .Default(std::nullopt);
}

std::vector<SignatureItem> tilec::signatureItems(llvm::StringRef signature) {
  std::vector<SignatureItem> out;
  int depth = 0;
  char quote = 0;
  size_t start = 0;
  for (size_t i = 0; i <= signature.size(); ++i) {
    char c = i < signature.size() ? signature[i] : ',';
    if (quote) {
      if (c == quote)
        quote = 0;
      continue;
    }
    if (c == '\'' || c == '"')
      quote = c;
    else if (c == '[' || c == '(' || c == '<')
      ++depth;
    else if (c == ']' || c == ')' || c == '>')
      --depth;
    else if (c == ',' && depth <= 0) {
      llvm::StringRef raw = signature.slice(start, i);
      llvm::StringRef item = raw.trim();
      size_t lead = raw.size() - raw.ltrim().size();
      out.push_back({item.str(), unsigned(start + lead + 1),
                     std::max(1u, unsigned(item.size()))});
      start = i + 1;
    }
  }
  if (out.size() == 1 && out[0].text.empty())
    out.clear();
  return out;
}

/// A tuple, `(2, 3)` (Triton's value of a tuple constexpr) or `(i32, i32)`
/// (a tuple of runtime arguments, which the ABI flattens): ints, floats,
/// True/False/None, quoted strings, tl dtypes, scalar and pointer types
/// (with `:16`/`:1` hints) and tuples of them. Returns the first element it
/// cannot read, or none.
static std::optional<std::string> parseTupleConstant(llvm::StringRef item,
                                                     SignatureEntry &e) {
  e.kind = SignatureEntry::TupleValue;
  std::vector<SignatureItem> items =
      signatureItems(item.drop_front().drop_back());
  // `(2,)`: the one element before a trailing comma.
  if (items.size() > 1 && items.back().text.empty())
    items.pop_back();
  for (const SignatureItem &it : items) {
    llvm::StringRef p = it.text;
    SignatureEntry x;
    x.text = p.str();
    llvm::StringRef dt = p;
    bool tlDType =
        dt.consume_front("tl.") || dt.consume_front("triton.language.");
    int64_t iv;
    char *endp = nullptr;
    std::string s = p.str();
    double d = s.empty() ? 0 : std::strtod(s.c_str(), &endp);
    if (p.size() >= 2 && p.front() == '(' && p.back() == ')') {
      if (std::optional<std::string> bad = parseTupleConstant(p, x))
        return bad;
    } else if (tlDType && parseTLDTypeName(dt)) {
      x.kind = SignatureEntry::DTypeValue;
      x.type = DType::scalar(*parseTLDTypeName(dt));
    } else if (p == "True" || p == "False") {
      x.kind = SignatureEntry::BoolValue;
      x.intValue = p == "True";
    } else if (p == "None") {
      x.kind = SignatureEntry::NoneValue;
    } else if (p.size() >= 2 && (p.front() == '"' || p.front() == '\'') &&
               p.back() == p.front()) {
      x.kind = SignatureEntry::StrValue;
      x.strValue = p.drop_front().drop_back().str();
    } else if (!p.getAsInteger(0, iv)) {
      x.kind = SignatureEntry::IntValue;
      x.intValue = iv;
    } else if (endp && *endp == '\0' &&
               (p.contains('.') || p.contains('e') || p.contains('E'))) {
      x.kind = SignatureEntry::FloatValue;
      x.floatValue = d;
    } else {
      llvm::StringRef t = p;
      bool isPtr = t.consume_front("*");
      auto [name, hint] = t.split(':');
      std::optional<ScalarKind> kind = parseSignatureScalar(name.trim());
      unsigned div = 1;
      if (!kind ||
          (!isPtr &&
           (*kind == ScalarKind::F8E4NV || *kind == ScalarKind::F8E5)) ||
          (t.contains(':') &&
           (hint.trim().getAsInteger(10, div) || (div != 1 && div != 16))))
        return p.str();
      x.kind = SignatureEntry::Type;
      x.type = {*kind, isPtr};
      x.divisibility = div;
    }
    e.elems.push_back(std::move(x));
  }
  return std::nullopt;
}

bool tilec::parseSignature(const SourceFile &file, DiagnosticEngine &diags,
                           Signature &out) {
  llvm::StringRef text = file.text();
  bool ok = true;
  size_t pos = 0;
  if (text.trim().empty())
    return true; // a kernel without parameters
  // The entries' commas: not those inside brackets (`tensordesc<bf16[1,64]>`;
  // unlike signatureItems, quotes do not group, so that a string missing
  // its closing quote is reported as one entry).
  auto nextComma = [&](size_t from) {
    int depth = 0;
    for (size_t i = from; i < text.size(); ++i) {
      char c = text[i];
      if (c == '<' || c == '[' || c == '(')
        ++depth;
      else if ((c == '>' || c == ']' || c == ')') && depth > 0)
        --depth;
      else if (c == ',' && depth == 0)
        return i;
    }
    return text.size();
  };
  while (pos <= text.size()) {
    size_t end = nextComma(pos);
    llvm::StringRef raw = text.slice(pos, end);
    size_t lead = raw.size() - raw.ltrim().size();
    llvm::StringRef item = raw.trim();
    SignatureEntry e;
    e.loc = {1, unsigned(pos + lead + 1)};
    e.length = item.empty() ? 1 : item.size();
    e.text = item.str();
    auto fail = [&](const llvm::Twine &msg) {
      diags.error(e.loc, msg, e.length);
      ok = false;
    };
    llvm::StringRef dtypeName = item;
    bool tlDType = dtypeName.consume_front("tl.") ||
                   dtypeName.consume_front("triton.language.");
    if (item.empty()) {
      fail("empty signature entry");
    } else if (item.size() >= 2 && item.front() == '(' && item.back() == ')') {
      if (std::optional<std::string> bad = parseTupleConstant(item, e))
        fail("a tuple in a signature holds constants and types ((2, 3), "
             "(i32, *fp32:16)); '" +
             *bad + "' is neither");
    } else if (tlDType && parseTLDTypeName(dtypeName)) {
      e.kind = SignatureEntry::DTypeValue;
      e.type = DType::scalar(*parseTLDTypeName(dtypeName));
    } else if (item.starts_with("tensordesc")) {
      // tensordesc<T[b0, b1, ...]>, as Triton's JIT names the type of a
      // host TensorDescriptor; `:16` after it: every dimension of the
      // tensor's shape is a multiple of 16 (the specialization Triton's JIT
      // makes of an integer argument, made of the shape's arguments).
      llvm::StringRef body = item.drop_front(strlen("tensordesc")).trim();
      auto malformed = [&](const llvm::Twine &why) {
        fail("malformed tensor descriptor '" + item + "': " + why +
             " (expected tensordesc<T[b0, b1, ...]>, e.g. tensordesc<bf16[64, "
             "64]>, or with ':16' after it)");
      };
      llvm::StringRef hint;
      if (size_t close = body.rfind('>'); close != llvm::StringRef::npos) {
        hint = body.drop_front(close + 1).trim();
        body = body.take_front(close + 1);
      }
      unsigned shapeDivisibility = 1;
      if (!hint.empty() && (!hint.consume_front(":") ||
                            hint.trim().getAsInteger(10, shapeDivisibility) ||
                            shapeDivisibility != 16)) {
        fail("unsupported hint '" + item.drop_front(item.rfind('>') + 1) +
             "' after a tensor descriptor (only ':16' is understood: every "
             "dimension of the shape a multiple of 16)");
      } else if (!body.consume_front("<") || !body.consume_back(">")) {
        malformed("no <...>");
      } else {
        auto [elem, rest] = body.split('[');
        rest = rest.trim();
        auto kind = parseSignatureScalar(elem.trim());
        if (!kind && elem.trim().starts_with("fp8"))
          fail("the fp8 type '" + elem.trim() +
               "' is not supported on NVIDIA "
               "GPUs (fp8e4nv and fp8e5 are)");
        else if (!kind)
          malformed("unknown element type '" + elem.trim() + "'");
        else if (!rest.consume_back("]"))
          malformed("no block shape in [...]");
        else {
          llvm::SmallVector<llvm::StringRef> dims;
          rest.split(dims, ',');
          bool good = !dims.empty() && dims.size() <= 5;
          std::vector<int64_t> shape;
          for (llvm::StringRef d : dims) {
            int64_t n;
            if (d.trim().getAsInteger(10, n) || n <= 0 || (n & (n - 1)) != 0)
              good = false;
            shape.push_back(n);
          }
          if (!good) {
            malformed("the block shape needs 1 to 5 dimensions, each a power "
                      "of two");
          } else {
            e.kind = SignatureEntry::Descriptor;
            e.type = DType::scalar(*kind);
            e.blockShape = std::move(shape);
            e.divisibility = shapeDivisibility;
          }
        }
      }
    } else if ((item.ltrim("*").starts_with("fp8") &&
                !parseSignatureScalar(
                    item.ltrim("*").split(':').first.trim())) ||
               (tlDType && dtypeName.starts_with("float8"))) {
      fail("the fp8 type '" + item +
           "' is not supported on NVIDIA GPUs "
           "(fp8e4nv and fp8e5 are)");
    } else if (item.starts_with("*") ||
               parseSignatureScalar(item.split(':').first.trim())) {
      bool isPtr = item.consume_front("*");
      auto [name, hint] = item.split(':');
      auto kind = parseSignatureScalar(name.trim());
      if (!kind) {
        fail("unknown type '" + name.trim() +
             "' in signature (expected fp16, bf16, fp32, fp64, fp8e4nv, "
             "fp8e5, i1, i8, i16, i32, i64, u8, u16, u32 or u64)");
      } else if (!isPtr &&
                 (*kind == ScalarKind::F8E4NV || *kind == ScalarKind::F8E5)) {
        fail("an fp8 scalar argument ('" + item +
             "') is not supported; pass "
             "fp8 data through a pointer (*" +
             name.trim() + ")");
      } else {
        e.kind = SignatureEntry::Type;
        e.type = {*kind, isPtr};
        if (!hint.empty() || item.contains(':')) {
          unsigned d = 0;
          if (hint.trim().getAsInteger(10, d) || (d != 1 && d != 16))
            fail("unsupported hint ':" + hint.trim() +
                 "' in signature (only ':16' and ':1' are understood)");
          else
            e.divisibility = d;
        }
      }
    } else if (item == "True" || item == "False") {
      e.kind = SignatureEntry::BoolValue;
      e.intValue = item == "True";
    } else if (item == "None") {
      e.kind = SignatureEntry::NoneValue;
    } else if (item.size() >= 2 &&
               (item.front() == '"' || item.front() == '\'') &&
               item.back() == item.front()) {
      // A string constexpr ("leaky_relu", ''), without commas or escapes.
      e.kind = SignatureEntry::StrValue;
      e.strValue = item.drop_front().drop_back().str();
      if (e.strValue.find_first_of("\"'\\") != std::string::npos)
        fail("a string constant in a signature cannot contain quotes or "
             "backslashes");
    } else if (item.front() == '"' || item.front() == '\'') {
      fail("unterminated string constant " + item + " in signature");
    } else {
      int64_t iv;
      if (!item.getAsInteger(0, iv)) {
        e.kind = SignatureEntry::IntValue;
        e.intValue = iv;
      } else {
        std::string s = item.str();
        char *endp = nullptr;
        errno = 0;
        double d = std::strtod(s.c_str(), &endp);
        // Infinities and NaN as Python's float() reads them ('inf', '-inf',
        // 'Infinity', 'nan'): a constexpr such as vLLM's default dt_max =
        // float("inf") or a mask value float("-inf").
        std::string word = item.ltrim("+-").lower();
        bool special = word == "inf" || word == "infinity" || word == "nan";
        if (special) {
          e.kind = SignatureEntry::FloatValue;
          e.floatValue =
              word == "nan"         ? std::numeric_limits<double>::quiet_NaN()
              : item.front() == '-' ? -std::numeric_limits<double>::infinity()
                                    : std::numeric_limits<double>::infinity();
        } else if (endp && *endp == '\0' && (errno == 0 || errno == ERANGE) &&
                   (item.contains('.') || item.contains('e') ||
                    item.contains('E'))) {
          // Out of range as Python's float() reads it: 1e999 is inf (vLLM's
          // sampler writes its mask value so), 1e-999 is 0.0.
          e.kind = SignatureEntry::FloatValue;
          e.floatValue = d;
        } else if (!item.empty() &&
                   (isdigit((unsigned char)item[0]) || item[0] == '-')) {
          fail("invalid constant '" + item + "' in signature");
        } else {
          fail("unknown type '" + item +
               "' in signature (expected fp16, bf16, fp32, fp64, fp8e4nv, "
               "fp8e5, i1, i8, i16, i32, i64, u8, u16, u32 or u64)");
        }
      }
    }
    out.entries.push_back(std::move(e));
    if (end == text.size())
      break;
    pos = end + 1;
  }
  return ok;
}

std::vector<std::pair<std::string, std::string>>
tilec::abiArguments(const SignatureEntry &e, const std::string &name) {
  std::vector<std::pair<std::string, std::string>> out;
  if (e.kind == SignatureEntry::TupleValue) {
    // A tuple's runtime elements, flattened in order (`t.0`, `t.1.0`).
    for (size_t k = 0; k < e.elems.size(); ++k)
      for (auto &a : abiArguments(e.elems[k], name + "." + std::to_string(k)))
        out.push_back(std::move(a));
  } else if (e.kind == SignatureEntry::Type) {
    out.push_back({name, e.type.str()});
  } else if (e.kind == SignatureEntry::Descriptor) {
    out.push_back({name, DType::pointerTo(e.type.kind).str()});
    for (size_t k = 0; k < e.blockShape.size(); ++k)
      out.push_back({name + ".shape" + std::to_string(k), "i32"});
    for (size_t k = 0; k < e.blockShape.size(); ++k)
      out.push_back({name + ".stride" + std::to_string(k), "i64"});
  }
  return out;
}
