//===- Cases.h - The cases of tilec-gpu-test and their helpers --*- C++ -*-===//
//
// A Case is one kernel configuration on one input: its run uploads the
// inputs, launches the kernel, downloads the outputs and checks them with a
// Checker against a CPU reference (and, for small inputs, against the
// interpreter). The add*Cases functions append the cases of one group of
// kernels; tilec-gpu-test.cpp calls them in the order the cases are printed.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TOOLS_GPUTEST_CASES_H
#define TILEC_TOOLS_GPUTEST_CASES_H

#include "Compilations.h"
#include "Options.h"

#include "tilec/Interpreter/Interpreter.h"
#include "tilec/Runtime/Runtime.h"
#include "tilec/Testing/Checker.h"
#include "tilec/Testing/HostArray.h"

#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace tilec::gputest {

// The test support the cases use (include/tilec/Testing).
using testing::byteSize;
using testing::Checker;
using testing::compareArrays;
using testing::ElemTy;
using testing::fillRandom;
using testing::HostArray;
using testing::isInt;
using testing::parallelFor;
using testing::poisonBits;
using testing::poisonedHost;
using testing::sigName;
using testing::splitmix;

/// The GPU state a case runs against.
struct Ctx {
  rt::Device &dev;
  const CompiledKernel *ck = nullptr; // the kernel of the case being run
  bool interp = true;                 // compare with the interpreter
};

using RunFn = std::function<llvm::Error(Ctx &, rt::Kernel &, Checker &)>;

struct Case {
  std::string kernel, dtype, shape;
  KernelKey key;
  RunFn run;
  std::string line() const { return kernel + " " + dtype + " " + shape; }
};

//===----------------------------------------------------------------------===//
// Device buffers
//===----------------------------------------------------------------------===//

/// Allocates d and copies h into it.
llvm::Error upload(rt::Device &dev, rt::DeviceBuffer &d, const HostArray &h);
/// Fills d (all of it, elements of dt) with the poison pattern, in place.
llvm::Error poison(rt::DeviceBuffer &d, ElemTy dt);
/// Allocates d for n elements of dt, poisoned.
llvm::Error poisonedOutput(rt::Device &dev, rt::DeviceBuffer &d, ElemTy dt,
                           size_t n);
/// Copies d into h (h's size).
llvm::Error download(rt::DeviceBuffer &d, HostArray &h);

//===----------------------------------------------------------------------===//
// Comparison with the interpreter
//===----------------------------------------------------------------------===//

/// Input-size limits of the interpreter comparison.
inline constexpr size_t kInterpMaxInputs = size_t(1) << 16;
inline constexpr size_t kInterpMaxMatmul = size_t(1) << 21; // M N K

/// Runs ctx.ck on the interpreter over `grid` with the buffers `arrays`
/// (named; the inputs the GPU got, in/out arrays as the GPU got them, and
/// pure outputs poisoned) and the runtime arguments `args`, then compares
/// each interpreter array outs[k].first with the GPU's outs[k].second
/// (compareArrays). Call after the fp64 checks of the GPU's arrays.
llvm::Error compareOutputsWithInterpreter(
    Ctx &ctx, Checker &chk, std::array<unsigned, 3> grid,
    std::vector<std::pair<std::string, HostArray *>> arrays,
    std::vector<std::pair<unsigned, const HostArray *>> outs,
    std::vector<interp::KernelArg> args);

/// The one-output form: `arrays[outIndex]` (a poisoned output of the GPU
/// output's size) compared with `gpuOut`.
llvm::Error
compareWithInterpreter(Ctx &ctx, Checker &chk, std::array<unsigned, 3> grid,
                       std::vector<std::pair<std::string, HostArray *>> arrays,
                       unsigned outIndex, const HostArray &gpuOut,
                       std::vector<interp::KernelArg> args);

//===----------------------------------------------------------------------===//
// Shapes, signatures and tolerances
//===----------------------------------------------------------------------===//

inline unsigned nextPow2(unsigned n) {
  unsigned p = 1;
  while (p < n)
    p <<= 1;
  return p;
}
inline unsigned cdiv(unsigned a, unsigned b) { return (a + b - 1) / b; }

/// The signature entry of an i32 argument, specialized the way Triton's JIT
/// specializes it: `i32:16` when the value is a multiple of 16.
inline std::string ispec(int64_t v) { return v % 16 == 0 ? "i32:16" : "i32"; }
/// The signature entry of a 16-byte aligned pointer to elements of t.
inline std::string ptrSig(ElemTy t) {
  return std::string("*") + sigName(t) + ":16";
}

/// The softmax tolerance |got - ref| <= atol + rtol * |ref| * (1 + |x - max|)
/// for an output of type dt (GeLU uses rtol too).
struct SoftmaxTol {
  double rtol, atol;
};
SoftmaxTol tolFor(ElemTy dt);

//===----------------------------------------------------------------------===//
// Cases --bench also times
//===----------------------------------------------------------------------===//

/// A softmax kernel of examples/softmax.py (one tile a row: BLOCK_SIZE =
/// next_power_of_2(cols)), or with `fixedBlock` one that walks the row in
/// chunks (examples/softmax_long.py). `inputFirst`: the kernel takes
/// (x, y, ...) rather than (y, x, ...).
Case softmaxCase(const std::string &kernel, ElemTy inDT, ElemTy outDT,
                 bool inputFirst, unsigned rows, unsigned cols,
                 unsigned inStride, unsigned outStride,
                 const char *file = "softmax.py", unsigned fixedBlock = 0,
                 unsigned programs = 0, unsigned negInfPrefix = 0);

/// GeLU of n elements: the seed's triton_gelu_kernel (tanh through exp), or
/// with `libdeviceTanh` examples/gelu_tanh.py (libdevice.tanh, fp32 inside).
Case geluCase(ElemTy dt, unsigned n, bool libdeviceTanh = false);

/// row_sum_kernel: the fp32 sum of each row of x (rows x cols).
Case rowSumCase(ElemTy dt, unsigned rows, unsigned cols);

/// One matmul_relu case: C = relu(A B) for A: M x K, B: K x N.
struct MatmulCfg {
  ElemTy dt = ElemTy::F16;
  unsigned M = 64, N = 64, K = 32;
  unsigned BM = 64, BN = 64, BK = 32, warps = 4, stages = 3;
  bool transA = false; // A stored as K x M (stride_am = 1)
  bool transB = false; // B stored as N x K (stride_bk = 1)
  /// Unit strides specialized as the literal 1, as Triton's JIT does (the
  /// loads then vectorize and the K loop is software-pipelined); else every
  /// stride is a runtime i32.
  bool specialize = false;
  unsigned cPad = 0; // C rows padded by this many elements
  /// examples/matmul_block_ptr.py (the same parameters and results, through
  /// tl.make_block_ptr / tl.advance) instead of matmul_relu.py.
  bool blockPtr = false;
};

Case matmulCase(const MatmulCfg &m);

/// softmax(Q K^T * scale [causal]) V in fp64 for `heads` heads of [n, D]
/// matrices stored one after another (FlashAttentionCases.cpp), into `o`;
/// with `lse2`, each row's log-sum-exp of the scaled scores in base 2.
void attentionReference(const HostArray &q, const HostArray &k,
                        const HostArray &v, size_t heads, unsigned n,
                        unsigned D, double scale, bool causal,
                        std::vector<double> &o,
                        std::vector<double> *lse2 = nullptr);

//===----------------------------------------------------------------------===//
// The case lists, in the order tilec-gpu-test runs them
//===----------------------------------------------------------------------===//

/// softmax (one tile a row, long rows, persistent), GeLU, row stats, row
/// sum, row sum stored as a column (SeedCases.cpp).
void addSeedCases(std::vector<Case> &cs, const Options &opts);
/// matmul_relu and matmul_block_ptr (MatmulCases.cpp).
void addMatmulCases(std::vector<Case> &cs, const Options &opts);
/// examples/dropout.py's Philox streams (RandomCases.cpp).
void addRandomStreamsCases(std::vector<Case> &cs, const Options &opts);
/// examples/matmul_tutorial.py (MatmulCases.cpp).
void addTutorialMatmulCases(std::vector<Case> &cs, const Options &opts);
/// examples/flash_attention.py (FlashAttentionCases.cpp).
void addFlashAttentionCases(std::vector<Case> &cs, const Options &opts);
/// The forward of examples/fused_attention_tutorial.py, Triton's tutorial 06
/// (AttentionTutorialCases.cpp).
void addAttentionTutorialCases(std::vector<Case> &cs, const Options &opts);
/// examples/atomics.py (AtomicsCases.cpp).
void addAtomicsCases(std::vector<Case> &cs, const Options &opts);
/// softmax_long_split_kernel (SplitSoftmaxCases.cpp).
void addSplitSoftmaxCases(std::vector<Case> &cs, const Options &opts);
/// examples/scan.py: scans and reductions with combine functions
/// (ScanCases.cpp).
void addScanCases(std::vector<Case> &cs, const Options &opts);
/// examples/gather_histogram.py and examples/inline_asm.py (LookupCases.cpp).
void addLookupCases(std::vector<Case> &cs, const Options &opts);
/// tl.sort and tl.topk of examples/sort.py (SortCases.cpp).
void addSortCases(std::vector<Case> &cs, const Options &opts);
/// examples/fp8.py (Fp8Cases.cpp).
void addFp8Cases(std::vector<Case> &cs, const Options &opts);

} // namespace tilec::gputest

#endif // TILEC_TOOLS_GPUTEST_CASES_H
