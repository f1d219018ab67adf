//===- AxisInfo.h - Contiguity, divisibility and constancy of tiles -------===//
//
// A forward analysis of integer and pointer values (scalars and tiles) of
// tile / tilegpu IR, after Triton's AxisInfo. For a value of rank R it keeps,
// per dimension d, three powers of two:
//
//  - contiguity C[d]: split dimension d into aligned groups of C[d]
//    positions (positions 0..C-1, C..2C-1, ...); along d, within a group,
//    the values are v0, v0+1, ..., v0+C-1 (for pointers: consecutive
//    elements of the pointee, i.e. addresses v0, v0+s, ... for element size
//    s bytes).
//  - divisibility D[d]: the first value v0 of every such group of C[d] is a
//    multiple of D[d]. Integers: in units of the value; POINTERS: IN BYTES
//    (the address). When C[d] = 1 it holds for every element.
//  - constancy K[d]: along d, aligned groups of K[d] positions hold equal
//    values.
//  - for i1 tiles, a mask prefix P[d] >= K[d]: along d, aligned groups of
//    P[d] positions hold true up to some position and false after it (the
//    bound check `index < n` of contiguous indices, whatever n; signed
//    compares of 32- or 64-bit indices, unsigned ones of non-negative
//    indices, so that a group does not wrap in the compare's order). A load or
//    store may then access such a group as one vector when the whole of it
//    is in bounds, and element by element otherwise (`cp.async` copies the
//    true part and zero-fills the rest).
//
// Scalars are kept as rank 1 (one position): C = K = 1 and D their
// divisibility. Everything is sound: an unknown value gets C = K = 1,
// D = 1 (pointers: the natural alignment of their pointee, which every
// access requires anyway). Values that are known constants also carry the
// constant.
//
// The analysis is a walk over each function with a map Value -> AxisInfo;
// scf.for iteration arguments are iterated to a fixpoint (join of the init
// value and the yielded value), scf.if results are the join of both
// branches, scf.while values are unknown.
//
// Non-negativity (`nonNegative`) follows from program ids, ranges,
// non-negative constants and `tl.assume(x >= 0)` (the frontend marks x's
// defining op or argument `tile.nonnegative`) through add, mul, div, rem,
// min/max, casts and shape ops (i32 overflow of these is not considered, as
// in Triton). One assumption is added, narrower than Triton's (whose
// remainder rule ignores signs altogether): a *program index*, a scalar
// integer computed from a program id (or a loop counter starting at one)
// by integer arithmetic, min/max, casts and selects, whatever the other
// operands (sizes, strides, tile counts; for a quotient or remainder: from
// a dividend that is one), is taken as non-negative. Program
// indices number tiles, so they are non-negative in every launch that
// covers its grid; proving it would need the grid, which the kernel does
// not see (`pid_n = (pid % num_pid_in_group) // group_size_m` of Triton's
// matmul tutorial is non-negative only because pid < grid). The assumption
// only widens the vector accesses derived from a remainder below, never
// folds a comparison; a program index that is negative (`pid - 1` of the
// first program) gives the same wrong-width accesses as Triton where it
// feeds an unmasked `%`. `remsi` of a
// non-negative, contiguous value by a multiple of 2^k keeps aligned groups of
// 2^k contiguous (`(pid_n * BN + tl.arange(0, BN)) % N` with N divisible by
// 16: groups of 16); otherwise only its divisibility is derived. `andi`
// with a 2^k-1 mask keeps contiguity (two's complement makes it a floor
// modulo for every sign).
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_ANALYSIS_AXISINFO_H
#define TILEC_ANALYSIS_AXISINFO_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir::scf {
class ForOp;
class IfOp;
} // namespace mlir::scf

namespace mlir::tilegpu {

class AxisInfo {
public:
  /// Upper bound kept for divisibility (0 is divisible by everything).
  static constexpr int64_t kMaxDivisibility = int64_t(1) << 30;

  AxisInfo() = default;
  AxisInfo(SmallVector<int64_t> contiguity, SmallVector<int64_t> divisibility,
           SmallVector<int64_t> constancy,
           std::optional<int64_t> constant = std::nullopt)
      : contiguity(std::move(contiguity)),
        divisibility(std::move(divisibility)), constancy(std::move(constancy)),
        constant(constant) {}

  /// Nothing known, for `rank` dimensions (scalars: rank 1) and a
  /// divisibility of `div`.
  static AxisInfo unknown(unsigned rank, int64_t div = 1);
  /// The value `c` splat over `shape` (a scalar when shape is empty).
  static AxisInfo constantValue(int64_t c, ArrayRef<int64_t> shape);

  unsigned rank() const { return contiguity.size(); }
  int64_t getContiguity(unsigned d) const { return contiguity[d]; }
  int64_t getDivisibility(unsigned d) const { return divisibility[d]; }
  int64_t getConstancy(unsigned d) const { return constancy[d]; }
  int64_t getMaskPrefix(unsigned d) const {
    return maskPrefix.empty() ? constancy[d]
                              : std::max(constancy[d], maskPrefix[d]);
  }
  std::optional<int64_t> getConstant() const { return constant; }

  /// The divisibility that holds for every position along d that is a
  /// multiple of `len` (a power of two): D[d] if len >= C[d], else
  /// gcd(D[d], len * unit).
  int64_t divisibilityAt(unsigned d, int64_t len) const;

  /// The most precise info that holds for both `a` and `b`.
  static AxisInfo join(const AxisInfo &a, const AxisInfo &b);

  bool operator==(const AxisInfo &o) const {
    return contiguity == o.contiguity && divisibility == o.divisibility &&
           constancy == o.constancy && maskPrefix == o.maskPrefix &&
           constant == o.constant && unit == o.unit &&
           nonNegative == o.nonNegative && programIndex == o.programIndex;
  }
  bool operator!=(const AxisInfo &o) const { return !(*this == o); }

  void print(raw_ostream &os) const;

  SmallVector<int64_t> contiguity, divisibility, constancy;
  /// P[d] of i1 tiles where it exceeds K[d] (see the header comment);
  /// empty when it equals K everywhere (print() shows it when not).
  SmallVector<int64_t> maskPrefix;
  std::optional<int64_t> constant;
  /// What one step of contiguity adds to the value: 1 for integers, the
  /// pointee size in bytes for pointers (whose divisibility is in bytes).
  int64_t unit = 1;
  /// Every element is >= 0 (integers only; see the header comment). Not
  /// printed by print(), whose strings the axis-info tests match.
  bool nonNegative = false;
  /// A scalar computed from a program id (see the header comment); implies
  /// nonNegative.
  bool programIndex = false;
};

/// The analysis of a module (every func.func in it).
class AxisInfoAnalysis {
public:
  explicit AxisInfoAnalysis(ModuleOp module);

  /// The info of an integer or pointer value (scalar or tile); for other
  /// values an unknown info of the value's rank.
  AxisInfo getInfo(Value v) const;

  /// Elements per access (power of two) a tile.load / tile.store through
  /// the pointer tile `ptr` may use along tensor dimension `dim`: the
  /// pointer contiguity, its alignment, 128 bits, and the constancy of
  /// `mask` (may be null), or its mask prefix where `prefixMask` (the
  /// access then checks each vector's last mask bit: see
  /// maskConstantOver).
  unsigned getVectorWidth(Value ptr, Value mask, unsigned dim,
                          bool prefixMask = false) const;

  /// Whether `mask` (may be null) is constant over aligned runs of `v`
  /// positions along `dim`; else an access of that width needs its
  /// `tilegpu.mask_prefix` form.
  bool maskConstantOver(Value mask, unsigned dim, unsigned v) const;

private:
  void visitRegion(Region &region);
  void visitBlock(Block &block);
  void visitOp(Operation *op);
  void visitFor(scf::ForOp forOp);
  void visitIf(scf::IfOp ifOp);
  void setInfo(Value v, AxisInfo info);

  DenseMap<Value, AxisInfo> infos;
};

/// Size in bytes of the pointee of a pointer (or tile of pointers) type.
unsigned pointeeBytes(Type ptrType);

} // namespace mlir::tilegpu

#endif // TILEC_ANALYSIS_AXISINFO_H
