//===- Cache.h - In-memory and on-disk cache of compiled kernels ----------===//
//
// KernelCache maps (source text, kernel, signature, num_warps, optimize, arch,
// tilec + LLVM version) to a CompiledKernel (PTX + metadata). Lookups go to
// a map in the object first, then to a file on disk, and compile through
// tilec::Compiler only on a miss:
//
//   rt::KernelCache &cache = rt::KernelCache::global(); // or a local object
//   CompileOptions o{"softmax_kernel", "*fp32:16, *fp32:16, i32, i32, i32,
//   1024"}; auto ck = cache.get(sourceText, o);   // Expected<const
//   CompiledKernel &> auto k = cache.load(dev, sourceText, o); //
//   Expected<rt::Kernel>
//
// Disk: one file per kernel, <dir>/<key>.tkc, where <key> is the hex sha256
// of all inputs and <dir> is $TILEC_CACHE_DIR, default
// $XDG_CACHE_HOME/tilec or ~/.cache/tilec. TILEC_CACHE=0 turns the disk cache
// off (memory only). An entry is a text header (format version, key,
// sha256 of the payload, payload part sizes) followed by the payload
// (metadata JSON, PTX, tile IR, and the cubin that ptxas assembled when
// the compile found one: findPtxas; TILEC_PTXAS=none turns it off). An entry
// whose header, key or checksum does not match (truncated, corrupt, foreign) is
// ignored, recompiled and overwritten. Writes go to a unique temporary file in
// the same directory that is then renamed over the entry, so readers never see
// a partial entry and processes compiling the same kernel at once all succeed
// (the last rename wins; the contents are the same). Disk errors never fail a
// lookup: the kernel is compiled and kept in memory, and stats() counts the
// failure.
//
// The key covers TILEC_VERSION, not the compiler's code: while developing
// tilec itself, set TILEC_CACHE=0 or clear the directory after changes to the
// code generator.
//
// Thread safety: get()/load() may be called from any number of threads.
// Lookups take the object's lock; compiles run outside it, each on a
// tilec::Compiler (and MLIRContext) of its own, so different kernels compile
// in parallel. A key has at most one compile in flight: other threads asking
// for it wait for that compile and share its result (or its error).
// getAll() compiles a list of kernels on a thread pool. References returned
// by get() stay valid until clearMemory() or the cache's destruction.
//
// The cache, the JIT (Jit.h) and the tuner (Tuner.h) are the library
// TilecJit (lib/Jit), installed in tilec::compiler: they compile on demand.
// Loading and launching compiled kernels alone is tilec::runtime (Runtime.h).
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_RUNTIME_CACHE_H
#define TILEC_RUNTIME_CACHE_H

#include "tilec/Compiler/CompileOptions.h"
#include "tilec/Kernel/CompiledKernel.h"
#include "tilec/Runtime/Runtime.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace tilec {
class Compiler;
} // namespace tilec

namespace tilec::rt {

class KernelCache {
public:
  /// The disk directory from the environment (see above).
  KernelCache();
  /// An explicit disk directory; "" keeps the cache in memory only.
  explicit KernelCache(std::string diskDir);
  ~KernelCache();
  KernelCache(const KernelCache &) = delete;
  KernelCache &operator=(const KernelCache &) = delete;

  /// A process-wide cache configured from the environment on first use.
  static KernelCache &global();

  /// The compiled opts.kernel of `source`: from memory, disk, or compiled
  /// (and stored in both). A compile failure is an error carrying the
  /// diagnostics ("cannot compile 'k': <file>:3:5: error: ..."); failures are
  /// not cached. `filename` names the source in diagnostics, and where it
  /// is a file, the modules of its package that the kernel imports are found
  /// next to it (ModuleLoader); an entry whose imported files changed since
  /// it was compiled (CompiledKernel::imports) is compiled again.
  llvm::Expected<const CompiledKernel &>
  get(llvm::StringRef source, const CompileOptions &opts,
      llvm::StringRef filename = "<source>");

  /// What getAll() gives for one kernel: the compiled kernel, or why not.
  struct Outcome {
    const CompiledKernel *kernel = nullptr;
    std::string error; // set when kernel is null
  };
  /// get() for every entry of `opts` (the same source), on a thread pool of
  /// `threads` threads (0: llvm::hardware_concurrency()). One outcome per
  /// entry, in order; a failure of one does not stop the others.
  std::vector<Outcome> getAll(llvm::StringRef source,
                              llvm::ArrayRef<CompileOptions> opts,
                              llvm::StringRef filename = "<source>",
                              unsigned threads = 0);

  /// get(), then Kernel::load into `dev` (from the entry's cubin when it is
  /// for this GPU).
  llvm::Expected<Kernel> load(const Device &dev, llvm::StringRef source,
                              const CompileOptions &opts,
                              llvm::StringRef filename = "<source>");
  llvm::Expected<Kernel> load(const Context &ctx, llvm::StringRef source,
                              const CompileOptions &opts,
                              llvm::StringRef filename = "<source>");

  /// The hex sha256 key of a compilation.
  static std::string key(llvm::StringRef source, const CompileOptions &opts,
                         llvm::StringRef filename = "<source>");
  /// The disk directory ("" when the disk cache is off).
  const std::string &directory() const { return dir_; }
  /// The file of `key` in directory() ("" when the disk cache is off).
  std::string entryPath(llvm::StringRef key) const;

  struct Stats {
    unsigned memoryHits = 0, diskHits = 0, compiles = 0;
    unsigned badEntries = 0;    // unreadable/corrupt entries that were rebuilt
    unsigned writeFailures = 0; // entries that could not be stored
    unsigned cubins = 0;        // compiles also assembled into a cubin
    unsigned cubinFailures = 0; // ptxas failed (the entry keeps PTX only)
    /// Lookups that waited for another thread's compile of the same key.
    unsigned sharedCompiles = 0;
  };
  Stats stats() const;
  /// Drops the in-memory entries (invalidates references from get()).
  void clearMemory();

  /// Parses an entry file's contents; fails (saying why) unless it is a
  /// complete entry for `key`. Exposed for tests.
  static llvm::Expected<CompiledKernel> parseEntry(llvm::StringRef contents,
                                                   llvm::StringRef key);
  /// The file contents of an entry for `key`.
  static std::string serializeEntry(const CompiledKernel &ck,
                                    llvm::StringRef key);

private:
  /// Assembles ck.ptx into ck.cubin with ptxas, when a CUDA toolkit's ptxas
  /// is found (findPtxas; TILEC_PTXAS=none: never).
  /// Called without the lock; true if a cubin was assembled, false if none
  /// or ptxas failed (`failed`).
  bool assembleCubin(CompiledKernel &ck, const std::string &ptxas,
                     bool &failed);
  /// Compiles one kernel with a compiler of the pool (no lock held).
  llvm::Expected<std::unique_ptr<CompiledKernel>>
  compile(llvm::StringRef source, const CompileOptions &opts,
          llvm::StringRef filename);
  const CompiledKernel *readDisk(const std::string &key);
  /// Whether a module `ck` imported has changed (or is gone) since, or an
  /// environment variable its module-level code read has another value. A
  /// file is hashed again only when its size or modification time changed.
  bool importsChanged(const CompiledKernel &ck);
  /// Stores an entry (no lock held); false if it could not be written.
  bool writeDisk(const std::string &key, const CompiledKernel &ck) const;

  mutable std::mutex mu_;
  std::string dir_;
  std::map<std::string, std::unique_ptr<CompiledKernel>> mem_;
  struct FileStamp {
    uint64_t size = 0;
    int64_t mtimeNs = 0;
    std::string sha256;
  };
  std::map<std::string, FileStamp> fileStamps_; // by path, for importsChanged
  /// Entries replaced after their imports changed (references stay valid).
  std::vector<std::unique_ptr<CompiledKernel>> stale_;
  /// Compilers not in use (one per compile running at once, kept).
  std::vector<std::unique_ptr<Compiler>> idleCompilers_;
  /// The compiles in flight, by key: waiters share their outcome.
  std::map<std::string, std::shared_future<Outcome>> inFlight_;
  std::optional<std::string> ptxas_; // found on the first miss ("": none)
  Stats stats_;
};

} // namespace tilec::rt

#endif // TILEC_RUNTIME_CACHE_H
