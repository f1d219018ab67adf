//===- Npy.cpp - numpy's .npy format for `tilec run` buffers --------------===//

#include "Npy.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FormatVariadic.h"

#include <cstring>

using namespace tilec;

static llvm::Error bad(const llvm::Twine &why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "not a supported .npy file: " + why);
}

uint64_t npy::Array::elements() const {
  uint64_t n = 1;
  for (uint64_t d : shape)
    n *= d;
  return n;
}

/// The value of key `key` in numpy's header dict (a Python literal), as text.
static llvm::StringRef dictValue(llvm::StringRef dict, llvm::StringRef key) {
  std::string quoted = ("'" + key + "'").str();
  size_t at = dict.find(quoted);
  if (at == llvm::StringRef::npos)
    return "";
  llvm::StringRef rest = dict.drop_front(at + quoted.size()).ltrim();
  if (!rest.consume_front(":"))
    return "";
  rest = rest.ltrim();
  if (rest.starts_with("'")) // a string
    return rest.drop_front().take_until([](char c) { return c == '\''; });
  if (rest.starts_with("(")) // a tuple
    return rest.drop_front().take_until([](char c) { return c == ')'; });
  return rest.take_until([](char c) { return c == ',' || c == '}'; }).trim();
}

llvm::Expected<npy::Array> npy::parse(llvm::StringRef contents) {
  if (!contents.consume_front("\x93NUMPY") || contents.size() < 4)
    return bad("no \\x93NUMPY magic");
  uint8_t major = uint8_t(contents[0]);
  contents = contents.drop_front(2);
  uint32_t headerLen = 0;
  if (major == 1) {
    headerLen = uint8_t(contents[0]) | uint32_t(uint8_t(contents[1])) << 8;
    contents = contents.drop_front(2);
  } else if (major == 2 || major == 3) {
    if (contents.size() < 4)
      return bad("truncated header");
    for (int i = 3; i >= 0; --i)
      headerLen = headerLen << 8 | uint8_t(contents[i]);
    contents = contents.drop_front(4);
  } else {
    return bad(llvm::formatv("format version {0}", major));
  }
  if (headerLen > contents.size())
    return bad("truncated header");
  llvm::StringRef dict = contents.take_front(headerLen);
  Array a;
  a.descr = dictValue(dict, "descr").str();
  if (a.descr.empty())
    return bad("no 'descr' in the header");
  if (dictValue(dict, "fortran_order") != "False")
    return bad("Fortran order (write it with np.ascontiguousarray)");
  llvm::SmallVector<llvm::StringRef, 4> dims;
  dictValue(dict, "shape").split(dims, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef d : dims) {
    uint64_t n;
    if (d.trim().getAsInteger(10, n))
      return bad("shape '" + dictValue(dict, "shape") + "'");
    a.shape.push_back(n);
  }
  std::string dtype = dtypeOf(a.descr);
  if (dtype.empty())
    return bad("dtype '" + a.descr +
               "' (expected <f2, <f4, <f8, |i1, <i2, <i4, <i8 or unsigned)");
  unsigned elementBytes = unsigned(a.descr[2] - '0');
  a.data = contents.drop_front(headerLen);
  if (a.data.size() != a.elements() * elementBytes)
    return bad(llvm::formatv("{0} bytes of data for {1} elements of {2}",
                             a.data.size(), a.elements(), a.descr));
  return std::move(a);
}

std::string npy::descrOf(llvm::StringRef dtype) {
  if (dtype == "fp16")
    return "<f2";
  if (dtype == "bf16")
    return "<u2";
  if (dtype == "fp32")
    return "<f4";
  if (dtype == "fp64")
    return "<f8";
  if (dtype == "i8")
    return "|i1";
  if (dtype == "i16")
    return "<i2";
  if (dtype == "i32")
    return "<i4";
  if (dtype == "i64")
    return "<i8";
  return "";
}

std::string npy::dtypeOf(llvm::StringRef descr) {
  if (descr.size() != 3 || (descr[0] != '<' && descr[0] != '|'))
    return "";
  char kind = descr[1], size = descr[2];
  if (kind == 'f')
    return size == '2'   ? "fp16"
           : size == '4' ? "fp32"
           : size == '8' ? "fp64"
                         : "";
  if (kind == 'i' || kind == 'u')
    return size == '1'   ? "i8"
           : size == '2' ? "i16"
           : size == '4' ? "i32"
           : size == '8' ? "i64"
                         : "";
  return "";
}

std::string npy::serialize(llvm::StringRef dtype, const char *data,
                           size_t bytes, unsigned elementBytes) {
  std::string dict = llvm::formatv("{{'descr': '{0}', 'fortran_order': False, "
                                   "'shape': ({1},), }",
                                   descrOf(dtype), bytes / elementBytes);
  // Magic (6) + version (2) + length (2) + dict + padding + '\n': a multiple
  // of 64.
  size_t total = 10 + dict.size() + 1;
  dict.append((64 - total % 64) % 64, ' ');
  dict += '\n';
  std::string out("\x93NUMPY\x01\x00", 8);
  out += char(dict.size() & 0xff);
  out += char(dict.size() >> 8);
  out += dict;
  out.append(data, bytes);
  return out;
}
