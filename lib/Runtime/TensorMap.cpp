//===- TensorMap.cpp - The arguments of cuTensorMapEncodeTiled ------------===//
//
// A kernel's TMA copies read a CUtensorMap of a host tensor descriptor,
// which the launch makes from the descriptor's arguments (base, shape,
// strides) and what the compiler recorded (box, swizzle, element type):
// rt::tensorMapEncoding computes the driver call's arguments and checks
// TMA's rules, naming the argument that breaks one.
//
//===----------------------------------------------------------------------===//

#include "tilec/Runtime/Runtime.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <optional>

using namespace tilec;
using namespace tilec::rt;

namespace {
/// TMA's data type for elements of a signature type, and their bytes.
struct TmaType {
  CUtensorMapDataType type;
  unsigned bytes;
};
} // namespace

/// TMA copies bytes: types without a data type of their own (fp8, i1 and
/// 8-bit integers) are copied as unsigned integers of their width.
static std::optional<TmaType> tmaType(llvm::StringRef t) {
  if (t == "fp16")
    return TmaType{CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2};
  if (t == "bf16")
    return TmaType{CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, 2};
  if (t == "fp32")
    return TmaType{CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 4};
  if (t == "fp64")
    return TmaType{CU_TENSOR_MAP_DATA_TYPE_FLOAT64, 8};
  if (t.starts_with("fp8") || t == "i1" || t == "i8" || t == "u8")
    return TmaType{CU_TENSOR_MAP_DATA_TYPE_UINT8, 1};
  if (t == "i16" || t == "u16")
    return TmaType{CU_TENSOR_MAP_DATA_TYPE_UINT16, 2};
  if (t == "i32")
    return TmaType{CU_TENSOR_MAP_DATA_TYPE_INT32, 4};
  if (t == "u32")
    return TmaType{CU_TENSOR_MAP_DATA_TYPE_UINT32, 4};
  if (t == "i64")
    return TmaType{CU_TENSOR_MAP_DATA_TYPE_INT64, 8};
  if (t == "u64")
    return TmaType{CU_TENSOR_MAP_DATA_TYPE_UINT64, 8};
  return std::nullopt;
}

llvm::Expected<TensorMapEncoding> rt::tensorMapEncoding(
    const CompiledKernel::TensorMapParam &tm,
    llvm::ArrayRef<std::pair<std::string, std::string>> params,
    llvm::ArrayRef<Arg> args) {
  size_t rank = tm.box.size();
  if (rank < 1 || rank > 5)
    return llvm::createStringError(llvm::formatv(
        "tensor map of '{0}': rank {1} outside 1..5", tm.desc, rank));
  // The descriptor's arguments, found without building their names (this
  // runs at every launch).
  constexpr size_t none = ~size_t(0);
  size_t base = none, shape[5], stride[5];
  std::fill(shape, shape + 5, none);
  std::fill(stride, stride + 5, none);
  for (size_t i = 0; i < params.size(); ++i) {
    llvm::StringRef n = params[i].first;
    if (!n.consume_front(tm.desc))
      continue;
    if (n.empty()) {
      base = i;
      continue;
    }
    size_t *at = n.consume_front(".shape")    ? shape
                 : n.consume_front(".stride") ? stride
                                              : nullptr;
    unsigned d = 0;
    if (at && !n.getAsInteger(10, d) && d < rank)
      at[d] = i;
  }
  auto missing = [&](const llvm::Twine &name) {
    return llvm::createStringError(
        llvm::formatv("tensor map of '{0}': the kernel has no parameter '{1}'",
                      tm.desc, name.str()));
  };
  if (base == none)
    return missing(tm.desc);
  for (size_t d = 0; d < rank; ++d) {
    if (shape[d] == none)
      return missing(tm.desc + ".shape" + llvm::Twine(d));
    if (stride[d] == none)
      return missing(tm.desc + ".stride" + llvm::Twine(d));
  }
  if (args.size() != params.size())
    return llvm::createStringError(
        llvm::formatv("tensor map of '{0}': {1} arguments for {2} parameters",
                      tm.desc, args.size(), params.size()));
  auto bad = [&](size_t i, const llvm::Twine &why) {
    return llvm::createStringError(llvm::formatv("argument {0} ('{1}'): {2}", i,
                                                 params[i].first, why.str()));
  };
  auto integer = [&](size_t i) -> std::optional<int64_t> {
    if (args[i].kind != Arg::Int)
      return std::nullopt;
    return args[i].i;
  };

  TensorMapEncoding enc;
  enc.rank = unsigned(rank);
  std::optional<TmaType> ty = tmaType(tm.elemType);
  if (!ty)
    return bad(base, "element type '" + tm.elemType + "' has no TMA data type");
  enc.dataType = ty->type;
  if (args[base].kind != Arg::Pointer)
    return bad(base, "expected a pointer, got " + args[base].describe());
  enc.globalAddress = args[base].p;
  if (enc.globalAddress % 16 != 0)
    return bad(base, llvm::formatv("base address {0:x} is not 16-byte "
                                   "aligned, as TMA requires",
                                   uint64_t(enc.globalAddress)));
  for (size_t d = 0; d < rank; ++d) {
    size_t at = rank - 1 - d; // the driver's order: innermost first
    std::optional<int64_t> n = integer(shape[d]);
    if (!n)
      return bad(shape[d],
                 "expected an integer, got " + args[shape[d]].describe());
    if (*n < 1 || *n > (int64_t(1) << 32))
      return bad(shape[d], llvm::formatv("dimension of {0} elements is "
                                         "outside TMA's 1..2^32",
                                         *n));
    enc.globalDim[at] = uint64_t(*n);
  }
  for (size_t d = 0; d < rank; ++d) {
    std::optional<int64_t> s = integer(stride[d]);
    if (!s)
      return bad(stride[d],
                 "expected an integer, got " + args[stride[d]].describe());
    if (d == rank - 1) {
      if (*s != 1)
        return bad(stride[d], llvm::formatv("the last stride is {0}; TMA "
                                            "needs 1 (contiguous rows)",
                                            *s));
      continue;
    }
    // Stride d (outermost first) is the driver's globalStrides[rank-2-d].
    constexpr int64_t limit = int64_t(1) << 40;
    if (*s < 0 || *s >= limit || *s * int64_t(ty->bytes) >= limit)
      return bad(stride[d],
                 llvm::formatv("stride of {0} elements is negative or not "
                               "below TMA's 2^40 bytes",
                               *s));
    uint64_t bytes = uint64_t(*s) * ty->bytes;
    if (bytes % 16 != 0)
      return bad(stride[d], llvm::formatv("stride of {0} elements ({1} bytes) "
                                          "is not a multiple of 16 bytes, as "
                                          "TMA requires",
                                          *s, bytes));
    enc.globalStrides[rank - 2 - d] = bytes;
  }
  for (size_t d = 0; d < rank; ++d) {
    int64_t b = tm.box[d];
    if (b < 1 || b > 256)
      return bad(base, llvm::formatv("block dimension {0} of {1} elements is "
                                     "outside TMA's 1..256",
                                     d, b));
    enc.boxDim[rank - 1 - d] = uint32_t(b);
    enc.elementStrides[rank - 1 - d] = 1;
  }
  uint64_t rowBytes = uint64_t(tm.box[rank - 1]) * ty->bytes;
  if (rowBytes % 16 != 0)
    return bad(base, llvm::formatv("the block's rows of {0} elements ({1} "
                                   "bytes) are not a multiple of 16 bytes, as "
                                   "TMA requires",
                                   tm.box[rank - 1], rowBytes));
  switch (tm.swizzleBytes) {
  case 0:
    enc.swizzle = CU_TENSOR_MAP_SWIZZLE_NONE;
    break;
  case 32:
    enc.swizzle = CU_TENSOR_MAP_SWIZZLE_32B;
    break;
  case 64:
    enc.swizzle = CU_TENSOR_MAP_SWIZZLE_64B;
    break;
  case 128:
    enc.swizzle = CU_TENSOR_MAP_SWIZZLE_128B;
    break;
  default:
    return bad(base, llvm::formatv("swizzle of {0} bytes is not 0, 32, 64 or "
                                   "128",
                                   tm.swizzleBytes));
  }
  if (tm.swizzleBytes != 0 && rowBytes > uint64_t(tm.swizzleBytes))
    return bad(base,
               llvm::formatv("the block's rows of {0} elements ({1} "
                             "bytes) are wider than its {2}-byte "
                             "swizzle",
                             tm.box[rank - 1], rowBytes, tm.swizzleBytes));
  return enc;
}
