//===- CompiledKernel.h - A compiled kernel and what it needs to run ------===//
//
// What a compilation gives (PTX, cubin and what a launcher needs to know)
// and its metadata JSON, without the compiler: TilecKernel needs LLVM's
// Support library only, so that programs that load and launch kernels
// (tilec::runtime) need no MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_KERNEL_COMPILEDKERNEL_H
#define TILEC_KERNEL_COMPILEDKERNEL_H

#include "tilec/Kernel/KernelResources.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tilec {

/// CTAs that run `programs` programs, `programsPerCTA` to a CTA.
inline unsigned ctasForPrograms(unsigned programs, int programsPerCTA) {
  unsigned n = programsPerCTA > 1 ? unsigned(programsPerCTA) : 1u;
  return programs / n + (programs % n != 0);
}

/// A kernel compiled to PTX, with what a launcher needs to know.
struct CompiledKernel {
  std::string name;
  int numWarps = 4;
  /// Warps a warp-specialized kernel runs besides numWarps (its producer
  /// warpgroups; tilegpu.warp_specialize), 0 elsewhere.
  int producerWarps = 0;
  /// Threads a CTA launches with.
  int threads() const { return (numWarps + producerWarps) * 32; }
  uint64_t sharedBytes = 0; // dynamic shared memory per CTA
  std::string target;       // e.g. sm_90
  /// Programs each CTA runs (CompileOptions::programsPerCTA as chosen). Above
  /// 1 the PTX entry has one more parameter than `params`, an i32 after them
  /// (before `tensorMaps`) that takes the grid's x, and a grid of x programs
  /// runs on ceil(x / this) CTAs.
  int programsPerCTA = 1;
  /// The runtime parameters in ABI order: name and signature type (*fp32, i32)
  /// (the hidden grid-size parameter of programsPerCTA > 1 is not listed).
  std::vector<std::pair<std::string, std::string>> params;

  /// A CUtensorMap the kernel takes by value: TMA copies of the blocks of the
  /// host tensor descriptor `desc`. The runtime makes it at each launch from
  /// the arguments named `desc` (the base pointer), `desc.shape<i>` and
  /// `desc.stride<i>` (elements; the last stride is 1).
  struct TensorMapParam {
    std::string desc;
    /// The element type's signature spelling: "fp16", "bf16", "fp32",
    /// "fp64", "fp8e4nv", "fp8e5", "i8", "i16", "i32", "i64", "u8", ...
    std::string elemType;
    /// The box (the block a TMA copy moves) in elements, outermost dimension
    /// first (the order of the shape); its size is the rank, 1 to 5.
    std::vector<int64_t> box;
    /// The shared-memory swizzle: 0 (none), 32, 64 or 128 bytes.
    int swizzleBytes = 0;

    bool operator==(const TensorMapParam &o) const {
      return desc == o.desc && elemType == o.elemType && box == o.box &&
             swizzleBytes == o.swizzleBytes;
    }
  };
  /// The kernel's tensor maps: hidden PTX parameters, not in `params` (the
  /// caller does not pass them). They follow the parameters of `params` and
  /// the hidden grid-x parameter of programsPerCTA > 1 (if any), in this
  /// order, each a `.param .align 64 .b8 name[128]`; rt::Kernel::launch
  /// makes them with cuTensorMapEncodeTiled (rt::tensorMapEncoding).
  std::vector<TensorMapParam> tensorMaps;

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
  /// The environment variables that module-level code of the compilation
  /// read (`os.environ.get(...)`), with the values it saw (nullopt: unset);
  /// a cached kernel is stale once one of them differs.
  std::vector<std::pair<std::string, std::optional<std::string>>> environment;
  /// The specialized, optimized `tile` module (textual MLIR with locations)
  /// that was lowered to `ptx`; tilec::interp::interpret runs it on the host.
  std::string tileIR;

  /// The metadata JSON written beside the PTX by `tilec -o k.ptx` (k.json).
  std::string metadataJSON() const;

  /// Parses metadataJSON() back (ptx and tileIR stay empty); an error names
  /// what is missing or malformed.
  static llvm::Expected<CompiledKernel> fromJSON(llvm::StringRef json);

  /// Reads a kernel that `tilec --emit=ptx -o k.ptx` or `tilec --emit=cubin
  /// -o k.cubin` wrote: the PTX, or the cubin (a path ending in .cubin), at
  /// `path` and the metadata JSON beside it (k.json). Errors name the file.
  static llvm::Expected<CompiledKernel> readFiles(llvm::StringRef path);
};

} // namespace tilec

#endif // TILEC_KERNEL_COMPILEDKERNEL_H
