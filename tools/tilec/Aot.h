//===- Aot.h - `tilec aot` / `tilec aot-link`: C launchers for kernels -*- C++
//-*-===//
//
// `tilec aot` compiles one specialization of a kernel and writes a C header
// and source that embed its binary (a cubin for --arch when ptxas is found,
// and the PTX, which the driver JIT-compiles where the cubin does not load)
// with `load_NAME`, `unload_NAME` and a typed `CUresult NAME(CUstream, ...)`
// launcher whose grid is a C expression of the arguments (Triton's
// `triton/tools/compile.py` habit and flag names). `tilec aot-link` reads
// several such headers and writes one dispatcher per kernel that picks the
// specialization whose promises (`:16` divisibility, values specialized on)
// the arguments keep (Triton's `link.py`). The generated code needs only
// cuda.h and libcuda. docs/aot.md describes both.
//
// Wiring (tilec.cpp): after cl::ParseCommandLineOptions,
//   if (aotSubcommand()) return aotMain();
//   if (aotLinkSubcommand()) return aotLinkMain();
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TOOLS_TILEC_AOT_H
#define TILEC_TOOLS_TILEC_AOT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"

#include <string>
#include <vector>

int aotMain();
int aotLinkMain();

namespace tilec::aot {

/// One parameter of a specialization, as the header records it for
/// aot-link (a comment line `// tilec-aot param NAME KIND TEXT`).
struct Param {
  enum Kind {
    Runtime,   // passed to the launcher; text: type ("*fp16", "i32")
    Value,     // a runtime parameter specialized on a value; text: the value
    Constexpr, // a tl.constexpr; text: its value
  } kind = Runtime;
  std::string name;
  std::string text;
  unsigned divisibility = 1; // Runtime: the `:16` promise
};

/// What a generated header says about its specialization.
struct Spec {
  std::string kernel;   // the @triton.jit function
  std::string outName;  // the dispatcher's name (-on)
  std::string function; // the launcher: outName + "_" + hash
  std::string header;   // the header's file name
  std::vector<Param> params;
};

/// The metadata comment lines of a spec (written at the top of its header).
std::string formatSpec(const Spec &spec);
/// Parses the metadata of a generated header; false (with `error` set) if it
/// has none or it is malformed.
bool parseSpec(llvm::StringRef headerText, Spec &out, std::string &error);

/// The C type of a runtime parameter's signature type ("" if none).
std::string cType(llvm::StringRef sigType);

} // namespace tilec::aot

#endif // TILEC_TOOLS_TILEC_AOT_H
