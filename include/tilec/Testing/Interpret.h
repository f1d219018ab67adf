//===- Interpret.h - Running kernels in the interpreter for tests -*- C++
//-*-===//
//
// Kernels of one source file compiled to tile IR once per (kernel,
// signature), and runs of them in the interpreter on host arrays and scalar
// arguments, returning the interpreter's error message ("" on success).
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TESTING_INTERPRET_H
#define TILEC_TESTING_INTERPRET_H

#include "tilec/Compiler/Compiler.h"
#include "tilec/Interpreter/Interpreter.h"
#include "tilec/Testing/HostArray.h"

#include <array>
#include <map>
#include <string>
#include <variant>
#include <vector>

namespace tilec::testing {

/// Compiles kernels of one source file to tile IR, caching by (kernel,
/// signature); errors go to stderr.
class TileKernels {
public:
  /// The source is `text`, or the file `path` when `text` is empty.
  explicit TileKernels(std::string path, std::string text = "");
  /// The kernel's module, null when it does not compile.
  mlir::ModuleOp get(const std::string &kernel, const std::string &sig);
  Compiler &compiler() { return compiler_; }

private:
  Compiler compiler_;
  ParsedSource src_;
  std::map<std::string, mlir::OwningOpRef<mlir::ModuleOp>> cache_;
};

/// The interpreter's view of `a`, named `name` in its diagnostics.
inline interp::HostBuffer hostBuffer(HostArray &a, std::string name) {
  return interp::HostBuffer{a.data(), a.byteSize(), std::move(name)};
}

/// Runs `m` and returns the error message ("" on success).
std::string run(mlir::ModuleOp m, std::array<unsigned, 3> grid,
                llvm::ArrayRef<interp::KernelArg> args,
                llvm::MutableArrayRef<interp::HostBuffer> bufs);

/// An argument of runKernel: a host array or a scalar.
using RunArg = std::variant<HostArray *, interp::KernelArg>;

/// Compiles `kernel` for `sig` (through `kernels`) and runs it on `args`;
/// the arrays are named `names[i]` in diagnostics, else "buf<i>".
std::string runKernel(TileKernels &kernels, const std::string &kernel,
                      const std::string &sig, std::array<unsigned, 3> grid,
                      std::vector<RunArg> args,
                      const std::vector<std::string> &names = {});

} // namespace tilec::testing

#endif // TILEC_TESTING_INTERPRET_H
