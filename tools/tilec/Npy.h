//===- Npy.h - numpy's .npy format for `tilec run` buffers -----*- C++ -*-===//
//
// Version 1.0-3.0 files of little-endian, C-order arrays of the dtypes tilec
// buffers hold: '<f2' (fp16), '<f4', '<f8', '|i1', '<i2', '<i4', '<i8' (and
// '|u1', '<u2', '<u4', '<u8' read as the signed type of their width). bf16
// has no numpy dtype: it is written as '<u2' (its bits), and read from one
// when the buffer's dtype says bf16.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TOOLS_TILEC_NPY_H
#define TILEC_TOOLS_TILEC_NPY_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tilec::npy {

struct Array {
  std::string descr;           // e.g. "<f4"
  std::vector<uint64_t> shape; // () for a scalar
  llvm::StringRef data;        // the elements (into the file's contents)
  uint64_t elements() const;
};

/// Parses the contents of an .npy file; the error says what is wrong.
llvm::Expected<Array> parse(llvm::StringRef contents);

/// The numpy descr of a tilec buffer dtype ("fp32" -> "<f4"; bf16: "<u2").
std::string descrOf(llvm::StringRef dtype);
/// The tilec dtype of a numpy descr ("" if none).
std::string dtypeOf(llvm::StringRef descr);

/// An .npy (version 1.0) file of a 1-D array of `bytes / elementBytes`
/// elements of `dtype`.
std::string serialize(llvm::StringRef dtype, const char *data, size_t bytes,
                      unsigned elementBytes);

} // namespace tilec::npy

#endif // TILEC_TOOLS_TILEC_NPY_H
