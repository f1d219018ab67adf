//===- CompiledKernel.h - What a compilation takes and gives --------------===//
//
// The options of a compilation and the compiled kernel (PTX, cubin and what
// a launcher needs to know), without the compiler: the runtime's headers
// include this, so that programs that launch kernels need no MLIR headers.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_COMPILER_COMPILEDKERNEL_H
#define TILEC_COMPILER_COMPILEDKERNEL_H

#include "tilec/Target/Cubin.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tilec {

struct CompileOptions {
  std::string kernel;    // name of the @triton.jit function to compile
  std::string signature; // Triton AOT signature, e.g. "*fp32:16, i32, 1024"
  int numWarps = 4;
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
  bool optimize = true;  // canonicalize + CSE the tile IR
  std::string arch = "sm_90"; // PTX target: sm_80, sm_90, sm_90a
  /// Directories searched first for the modules the kernel file imports
  /// (tilec -I); used where the runtime parses the source (KernelCache).
  std::vector<std::string> importPaths;
};

/// A kernel compiled to PTX, with what a launcher needs to know.
/// CTAs that run `programs` programs, `programsPerCTA` to a CTA.
inline unsigned ctasForPrograms(unsigned programs, int programsPerCTA) {
  unsigned n = programsPerCTA > 1 ? unsigned(programsPerCTA) : 1u;
  return programs / n + (programs % n != 0);
}

struct CompiledKernel {
  std::string name;
  int numWarps = 4;
  uint64_t sharedBytes = 0; // dynamic shared memory per CTA
  std::string target;       // e.g. sm_90
  /// Programs each CTA runs (CompileOptions::programsPerCTA as chosen). Above
  /// 1 the PTX entry has one more parameter than `params`, a last i32 that
  /// takes the grid's x, and a grid of x programs runs on ceil(x / this) CTAs.
  int programsPerCTA = 1;
  /// The runtime parameters in ABI order: name and signature type (*fp32, i32)
  /// (the hidden grid-size parameter of programsPerCTA > 1 is not listed).
  std::vector<std::pair<std::string, std::string>> params;
  std::string ptx;
  /// `ptx` assembled for one GPU (empty: not assembled), for `cubinTarget`
  /// (the GPU's sm_XY, e.g. sm_90 for an H100/H200); loaded without the
  /// driver's PTX JIT on that GPU. rt::Kernel::load makes it, and
  /// rt::KernelCache keeps it.
  std::string cubin;
  std::string cubinTarget;
  /// Registers and spills of the assembled kernel (unknown until assembled).
  KernelResources resources;
  /// The modules of the kernel's package that the compilation read: file
  /// path and sha256 (hex) of the text read (a cached kernel is stale once
  /// one of them changes).
  std::vector<std::pair<std::string, std::string>> imports;
  /// The specialized, optimized `tile` module (textual MLIR with locations)
  /// that was lowered to `ptx`; tilec::interp::interpret runs it on the host.
  std::string tileIR;

  /// The metadata JSON written beside the PTX by `tilec -o k.ptx` (k.json).
  std::string metadataJSON() const;

  /// Parses metadataJSON() back (ptx and tileIR stay empty); an error names what is
  /// missing or malformed.
  static llvm::Expected<CompiledKernel> fromJSON(llvm::StringRef json);
};

} // namespace tilec

#endif // TILEC_COMPILER_COMPILEDKERNEL_H
