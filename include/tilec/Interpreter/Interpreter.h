//===- Interpreter.h - CPU interpreter of specialized tile IR ---*- C++ -*-===//
//
// Runs a kernel of the `tile` dialect (the module tilec::Compiler::
// compileToTile returns) on the host, program by program, with every access
// to global memory checked against the buffers it was given.
//
// Memory model: buffer i is mapped at the virtual address (i + 1) << 40;
// pointers are 64-bit virtual addresses. Every unmasked lane of a load or a
// store must lie (the whole element) inside one buffer, else the run stops
// with an error naming the kernel, the op's source location, the program id,
// the lane and the address relative to the nearest buffer.
//
// Values: integers are kept in int64 (wrapped to their bit width, signless as
// `arith` defines them), floats in double but rounded to their element type
// after every op (f32 via float, f16/bf16 with round-to-nearest-even).
// tile.dot accumulates in double and rounds once to the accumulator type;
// with input_precision = tf32 and f32 inputs, inputs are first rounded to
// tf32 (10-bit mantissa, round-to-nearest-even), as the tensor cores'
// precision (the GPU rounds with cvt.rna on mma.sync and truncates on
// wgmma, so the last bits may differ).
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_INTERPRETER_INTERPRETER_H
#define TILEC_INTERPRETER_INTERPRETER_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace tilec {
struct CompiledKernel; // tilec/Compiler/Compiler.h
} // namespace tilec

namespace tilec::interp {

/// A host buffer a pointer argument refers to. `name` is used in messages.
struct HostBuffer {
  void *data = nullptr;
  size_t bytes = 0;
  std::string name;
};

/// One runtime (non-constexpr) kernel argument, in ABI order.
struct KernelArg {
  enum Kind { Buffer, Int, Float } kind = Int;
  unsigned buffer = 0; // index into the buffers (Kind::Buffer)
  int64_t i = 0;       // Kind::Int
  double f = 0.0;      // Kind::Float

  static KernelArg buf(unsigned index) {
    KernelArg a;
    a.kind = Buffer;
    a.buffer = index;
    return a;
  }
  static KernelArg integer(int64_t v) {
    KernelArg a;
    a.kind = Int;
    a.i = v;
    return a;
  }
  static KernelArg fp(double v) {
    KernelArg a;
    a.kind = Float;
    a.f = v;
    return a;
  }
};

/// Interprets the one `tile.kernel` function of `kernelModule` over `grid`
/// (programs run one after the other, x fastest, then y, then z).
llvm::Error interpret(mlir::ModuleOp kernelModule, std::array<unsigned, 3> grid,
                      llvm::ArrayRef<KernelArg> args,
                      llvm::MutableArrayRef<HostBuffer> buffers);

/// Interprets the kernel a tilec::Compiler::compileToPTX (or the kernel
/// cache) produced: parses `k.tileIR` (the same specialized, optimized tile
/// module the PTX was lowered from) in a fresh MLIRContext and runs it as
/// above, with the same runtime arguments a GPU launch of `k` takes. An error
/// when `k.tileIR` is empty or does not parse.
llvm::Error interpret(const CompiledKernel &k, std::array<unsigned, 3> grid,
                      llvm::ArrayRef<KernelArg> args,
                      llvm::MutableArrayRef<HostBuffer> buffers);

/// The virtual address at which buffer `index` is mapped.
inline uint64_t bufferBase(unsigned index) {
  return uint64_t(index + 1) << 40;
}

//===----------------------------------------------------------------------===//
// Float formats (round-to-nearest-even), usable by tests and tools.
//===----------------------------------------------------------------------===//

/// Rounds `v` to the nearest IEEE binary16 value (ties to even).
double roundToF16(double v);
/// Rounds `v` to the nearest bfloat16 value (ties to even).
double roundToBF16(double v);
/// Rounds `v` to the nearest tf32 value (f32 range, 10-bit mantissa).
double roundToTF32(double v);
/// Encodes `v` (rounded first) as binary16 / bfloat16 bits, and back.
uint16_t toF16Bits(double v);
uint16_t toBF16Bits(double v);
double fromF16Bits(uint16_t bits);
double fromBF16Bits(uint16_t bits);

} // namespace tilec::interp

#endif // TILEC_INTERPRETER_INTERPRETER_H
