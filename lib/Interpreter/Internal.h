//===- Internal.h - Shared pieces of the tile interpreter -------*- C++ -*-===//
//
// The value representation (Tensor), the per-program state, the memory map
// and the "compiled" form of a function: every op becomes one Step, a small
// closure over precomputed slot indices, built once before the grid runs.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_INTERPRETER_INTERNAL_H
#define TILEC_LIB_INTERPRETER_INTERNAL_H

#include "tilec/Interpreter/Interpreter.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <functional>
#include <vector>

namespace tilec::interp {

//===----------------------------------------------------------------------===//
// Element types and values
//===----------------------------------------------------------------------===//

enum class Kind : uint8_t { Int, F16, BF16, F32, F64, Ptr, F8E4M3, F8E5M2 };

struct ElemType {
  Kind kind = Kind::Int;
  unsigned bits = 32;        // integer width (1..64); 64 for pointers
  unsigned pointeeBytes = 0; // pointers: size of the pointee in memory
  bool isFloat() const {
    return kind == Kind::F16 || kind == Kind::BF16 || kind == Kind::F32 ||
           kind == Kind::F8E4M3 || kind == Kind::F8E5M2 || kind == Kind::F64;
  }
  /// Bytes one element of this type occupies in memory (i1 takes a byte).
  unsigned memBytes() const;
};

/// Converts an element type (not a tensor), or fails naming it.
llvm::Expected<ElemType> getElemType(mlir::Type type);
/// Element type of a scalar or a tensor type.
llvm::Expected<ElemType> getElemTypeOf(mlir::Type type);
/// The shape of a tensor type ({} for a scalar).
llvm::SmallVector<int64_t, 4> shapeOf(mlir::Type type);

/// A scalar (empty shape) or a tile. Integers and pointers live in `iv`
/// (integers sign-extended from their width), floats in `fv`.
struct Tensor {
  llvm::SmallVector<int64_t, 4> shape;
  ElemType type;
  std::vector<int64_t> iv;
  std::vector<double> fv;

  size_t numel() const {
    size_t n = 1;
    for (int64_t d : shape)
      n *= size_t(d);
    return n;
  }
  /// Sets shape and type and sizes the storage (keeping its capacity).
  void reset(llvm::ArrayRef<int64_t> newShape, ElemType t) {
    shape.assign(newShape.begin(), newShape.end());
    type = t;
    size_t n = numel();
    if (t.isFloat())
      fv.resize(n);
    else
      iv.resize(n);
  }
};

/// Sign-extends the low `bits` of `v` (the canonical form of an integer).
inline int64_t wrapInt(int64_t v, unsigned bits) {
  if (bits >= 64)
    return v;
  unsigned sh = 64 - bits;
  return int64_t(uint64_t(v) << sh) >> sh;
}
/// The low `bits` of `v`, zero-extended.
inline uint64_t zextInt(int64_t v, unsigned bits) {
  if (bits >= 64)
    return uint64_t(v);
  return uint64_t(v) & ((uint64_t(1) << bits) - 1);
}
/// Rounds a double to the float type `k` (identity for F64).
inline double roundFloat(Kind k, double v) {
  switch (k) {
  case Kind::F32:
    return double(float(v));
  case Kind::F16:
    return roundToF16(v);
  case Kind::BF16:
    return roundToBF16(v);
  case Kind::F8E4M3:
    return roundToF8E4M3(v);
  case Kind::F8E5M2:
    return roundToF8E5M2(v);
  default:
    return v;
  }
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

class Memory {
public:
  explicit Memory(llvm::MutableArrayRef<HostBuffer> buffers)
      : buffers_(buffers) {}
  /// The host address of [addr, addr + size) if it lies in one buffer.
  char *resolve(uint64_t addr, unsigned size) const {
    uint64_t idx = (addr >> 40) - 1;
    if (idx >= buffers_.size())
      return nullptr;
    uint64_t off = addr & ((uint64_t(1) << 40) - 1);
    const HostBuffer &b = buffers_[idx];
    if (off + size > b.bytes)
      return nullptr;
    return static_cast<char *>(b.data) + off;
  }
  /// Describes a bad access relative to the nearest buffer.
  std::string describe(uint64_t addr, unsigned size) const;

private:
  llvm::MutableArrayRef<HostBuffer> buffers_;
};

/// Reads / writes one element of type `t` at host address `p`.
int64_t loadInt(const char *p, ElemType t);
double loadFloat(const char *p, ElemType t);
void storeInt(char *p, ElemType t, int64_t v);
void storeFloat(char *p, ElemType t, double v);

//===----------------------------------------------------------------------===//
// Execution state and compiled steps
//===----------------------------------------------------------------------===//

struct State {
  std::vector<Tensor> regs;
  std::array<int64_t, 3> pid{0, 0, 0};
  std::array<int64_t, 3> grid{1, 1, 1};
  const Memory *mem = nullptr;
  std::string kernel;
};

using Step = std::function<llvm::Error(State &)>;

/// A region's block: its steps, its argument slots and its terminator's
/// operand slots (for scf.condition, the condition is `cond`).
struct CompiledBlock {
  std::vector<Step> steps;
  std::vector<unsigned> args;
  std::vector<unsigned> yields;
  unsigned cond = ~0u;
};

class ProgramBuilder {
public:
  /// The register slot of an SSA value (allocated on first use).
  unsigned slot(mlir::Value v) {
    auto it = slots_.try_emplace(v, unsigned(slots_.size()));
    return it.first->second;
  }
  unsigned numSlots() const { return unsigned(slots_.size()); }
  /// Compiles the ops of `block` (the terminator into yields/cond).
  llvm::Expected<CompiledBlock> compileBlock(mlir::Block &block);

  /// Constants, materialized once before the grid runs.
  std::vector<std::pair<unsigned, Tensor>> constants;
  std::string kernel;

private:
  llvm::DenseMap<mlir::Value, unsigned> slots_;
};

/// Runs the steps of a block.
inline llvm::Error runSteps(const std::vector<Step> &steps, State &s) {
  for (const Step &st : steps)
    if (llvm::Error e = st(s))
      return e;
  return llvm::Error::success();
}

/// "file:line:col" of an op's location (through call sites and fusions).
std::string formatLoc(mlir::Location loc);
/// An error "<msg> at <loc>" for `op`.
llvm::Error opError(mlir::Operation *op, const llvm::Twine &msg);

/// Each concern compiles the ops it knows; an empty Step means "not mine".
llvm::Expected<Step> compileElementwise(mlir::Operation *op, ProgramBuilder &b);
llvm::Expected<Step> compileTileOp(mlir::Operation *op, ProgramBuilder &b);
llvm::Expected<Step> compileControlFlow(mlir::Operation *op, ProgramBuilder &b);
/// tile.scan and tile.generic_reduce (Combine.cpp).
llvm::Expected<Step> compileCombineOp(mlir::Operation *op, ProgramBuilder &b);
/// tile.gather, tile.histogram, tile.print, tile.inline_asm (DeviceOps.cpp).
llvm::Expected<Step> compileDeviceOp(mlir::Operation *op, ProgramBuilder &b);
/// arith.constant to a Tensor (dense splat and non-splat too).
llvm::Expected<Tensor> makeConstant(mlir::Operation *op);

} // namespace tilec::interp

#endif // TILEC_LIB_INTERPRETER_INTERNAL_H
