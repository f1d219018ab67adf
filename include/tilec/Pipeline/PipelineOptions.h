//===- PipelineOptions.h - The knobs of the pass pipeline ------*- C++ -*-===//
//
// The one place where the pipeline's options and their defaults are
// written: the compiler (CompileOptions derives from this), the `tilec`
// command line, `tilec-opt --tilec-lower` and the JIT all take their
// defaults from here. No LLVM or MLIR headers: the runtime's public headers
// include it.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_PIPELINE_PIPELINEOPTIONS_H
#define TILEC_PIPELINE_PIPELINEOPTIONS_H

#include <string>

namespace tilec {

struct PipelineOptions {
  /// PTX target: sm_60 ... sm_89, sm_90, sm_90a (tilec/Support/Arch.h).
  std::string arch = "sm_90";
  /// Software-pipelining stages of loops feeding tensor-core dots (Triton's
  /// num_stages; a loop's tl.range(num_stages=) wins; <= 1: off).
  int numStages = 3;
  /// Programs per CTA along grid axis 0 (tile-coarsen-programs): 0 lets the
  /// compiler choose for memory-bound kernels that load little per program,
  /// 1 keeps one program per CTA (the plain ABI), 2..8 forces that many. With
  /// more than one the kernel takes the grid's x as an extra last i32 and is
  /// launched on ceil(x / programsPerCTA) CTAs (rt::Kernel::launch does both).
  int programsPerCTA = 0;
  /// Launch order of tensor-core kernels over a 2-D grid (tile-group-
  /// programs): CTAs run the programs in groups of this many values of
  /// program id 0, as Triton's matmul tutorial orders them by hand, so that
  /// those running at once share tiles in L2. <= 1: the plain order. The ABI
  /// and the results do not change.
  int groupPrograms = 8;
  /// ... but only when the A operand that the plain order sweeps is
  /// estimated, at run time, at this many MiB or more (it fits in L2
  /// otherwise, and the plain order shares it as well; tile-group-programs'
  /// min-mib). 0: always grouped. Default 48, for the H200's 50 MiB of L2.
  int groupMinMiB = 48;
  /// Split the loops of a tl.dot where their load masks are all-true
  /// (tile-split-masked-loops): the K-boundary masks are evaluated only in
  /// the last, partial tile. The results do not change. Off by default: on
  /// the H200 the split fp32 256x128x32 kernel ran 5% slower (ptxas gives
  /// it 239 registers against 202; docs/benchmarks.md).
  bool splitMaskedLoops = false;
  /// Bytes a thread may load one iteration ahead in each loop that only
  /// reads memory (tile-prefetch-loads: the next iteration's tiles are in
  /// flight while this one computes). 0: off (the default: on the H200 it
  /// gained nothing on the row sum and lost up to 22% on the two-pass
  /// softmax, docs/benchmarks.md). The results do not change.
  int prefetchBytes = 0;
  /// Tiles of at least this many bytes a thread that live across a
  /// tl.max/tl.sum are recomputed after it from their loads (re-read from
  /// L1/L2) instead of held in registers (tile-remat-across-reductions).
  /// 0: off. The results do not change.
  int rematBytes = 256;
  /// Contract a float multiply and the add or subtract that uses it into
  /// one fused multiply-add (LLVM's FPOpFusion::Fast in NVPTX code
  /// generation), as Triton does by default (its `enable_fp_fusion`): one
  /// instruction and one rounding instead of two. Off: every mul/add/sub is
  /// rounded on its own (`mul.rn`, `add.rn`), which ptxas does not contract
  /// either.
  bool fpFusion = true;
  /// Copy the blocks of host tensor descriptors that pipelined tensor-core
  /// loops stage with TMA (sm_90 and later: cp.async.bulk.tensor by one
  /// thread, completion on an mbarrier) instead of 16-byte cp.async copies
  /// by every thread. The kernel then takes a CUtensorMap per descriptor
  /// (CompiledKernel::tensorMaps), which rt::Kernel::launch makes. The
  /// results do not change. On by default (on an H100, the fused-attention
  /// tutorial's forward up to 1.25x faster, docs/gpu.md); false keeps the
  /// copies on cp.async.
  bool tma = true;
};

/// Calls f(name, value) for every knob of `o`, named as the JIT's cache key
/// names it and printed as text, in a fixed order: the one list of what
/// tells two compilations of the same kernel apart (KernelCache::key,
/// tilec aot's specialization names), so that a new knob reaches both.
template <typename Fn>
void forEachPipelineOption(const PipelineOptions &o, Fn &&f) {
  f("num_stages", std::to_string(o.numStages));
  f("programs_per_cta", std::to_string(o.programsPerCTA));
  f("group_programs", std::to_string(o.groupPrograms));
  f("group_min_mib", std::to_string(o.groupMinMiB));
  f("split_masked_loops", std::string(o.splitMaskedLoops ? "1" : "0"));
  f("prefetch_bytes", std::to_string(o.prefetchBytes));
  f("remat_bytes", std::to_string(o.rematBytes));
  f("fp_fusion", std::string(o.fpFusion ? "1" : "0"));
  f("tma", std::string(o.tma ? "1" : "0"));
  f("target", o.arch);
}

} // namespace tilec

#endif // TILEC_PIPELINE_PIPELINEOPTIONS_H
