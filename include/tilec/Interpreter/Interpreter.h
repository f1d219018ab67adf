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
// Atomics: tile.atomic_rmw and tile.atomic_cas are checked as loads and
// stores are ("out-of-bounds atomic_add in kernel ..."); their lanes are
// applied one after another in row-major lane order (lanes with one address
// all apply), masked-off lanes are not accessed and return 0. Integer add
// wraps, max/min compare signed, umax/umin unsigned; float add rounds the
// exact sum once to the element type (f16/bf16 too); float max/min keep the
// operand that is not NaN (IEEE-754 maxNum/minNum: NaN only if both are)
// and order -0 below +0; xchg stores the value; cas compares the bits in
// memory with those of `cmp` in the element type (-0 != +0, a NaN equals a
// NaN of the same bits; f16/bf16 values are held as doubles, so a NaN `cmp`
// of those types has the canonical quiet-NaN bits). `sem` and `scope` have
// no effect, and tile.barrier does nothing: one program runs at a time.
//
// Loops: since programs run one after another, a program that waits for
// another (a spin lock held by a later program, a grid-wide barrier) would
// never finish. One execution of an scf.while may run kMaxWhileIterations
// iterations; one more stops the run with an error naming the loop's
// location and the program.
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
struct CompiledKernel; // tilec/Kernel/CompiledKernel.h
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

/// Iterations one execution of an scf.while may run in one program before
/// the interpreter stops with an error (a spinning program never finishes
/// when programs run one at a time). A bare spin loop (an atomic and a
/// compare) reaches it in about 0.2 s, one that also loads and sums a
/// 128-element tile in about 6 s; while loops that finish (a persistent
/// loop over tiles, a bisection) run far fewer iterations in one program.
constexpr uint64_t kMaxWhileIterations = 10000000;

/// The virtual address at which buffer `index` is mapped.
inline uint64_t bufferBase(unsigned index) { return uint64_t(index + 1) << 40; }

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
/// fp8 as the GPU converts to it (cvt.rn.satfinite): to nearest even, a
/// magnitude above the largest finite value (infinities included) to that
/// value with its sign, NaN to NaN. e4m3fn (Triton's float8e4nv: bias 7,
/// largest 448, no infinities) and e5m2 (float8e5: bias 15, largest 57344).
double roundToF8E4M3(double v);
double roundToF8E5M2(double v);
uint8_t toF8E4M3Bits(double v);
uint8_t toF8E5M2Bits(double v);
double fromF8E4M3Bits(uint8_t bits);
double fromF8E5M2Bits(uint8_t bits);

} // namespace tilec::interp

#endif // TILEC_INTERPRETER_INTERPRETER_H
