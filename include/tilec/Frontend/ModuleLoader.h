//===- ModuleLoader.h - Python modules a kernel file imports -------------===//
//
// Kernel libraries are packages: a kernel calls @triton.jit helpers and
// reads constants of other modules of its package (`from .utils import f`,
// `import pkg.ops.utils as U`). The loader finds such a module as Python
// does, `a/b.py` or `a/b/__init__.py` under the first directory of a search
// path that has it, and parses it once, on first use: a module that only
// host code needs (torch, a launcher) is never read.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_FRONTEND_MODULELOADER_H
#define TILEC_FRONTEND_MODULELOADER_H

#include "tilec/Frontend/AST.h"
#include "tilec/Frontend/HostDefines.h"
#include "tilec/Support/Diagnostics.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tilec {

class ModuleLoader {
public:
  explicit ModuleLoader(std::vector<std::string> searchPath,
                        HostDefines defines = {})
      : searchPath_(std::move(searchPath)), defines_(std::move(defines)) {}

  /// The search path for the kernel file `file`: `extra` (tilec -I, in
  /// order), then the directory that holds the file's outermost enclosing
  /// package (the directories above the file that have an `__init__.py`),
  /// which is the file's own directory when it is in no package. Sets
  /// `moduleName` to the file's dotted name under that directory
  /// (`pkg/ops/k.py`: pkg.ops.k) and `package` to the package its relative
  /// imports start from (pkg.ops). A `file` that does not exist (source
  /// given in memory) adds nothing but `extra`.
  static std::vector<std::string>
  searchPathFor(llvm::StringRef file, llvm::ArrayRef<std::string> extra,
                std::string &moduleName, std::string &package);

  /// The loader of a compilation whose kernel file is `file`, with `module`
  /// set to that file's module, parsed (its syntax errors go to `diags`)
  /// and adopted under its dotted name: host code sees the module-level
  /// names `defines` bind (NAME=VALUE each), the target architecture `arch`
  /// and the modules of `importPaths` and of the file's package. Null, with
  /// `error` set, where a define is malformed.
  static std::unique_ptr<ModuleLoader>
  forKernelFile(const SourceFile &file, DiagnosticEngine &diags,
                llvm::ArrayRef<std::string> importPaths,
                llvm::ArrayRef<std::string> defines, llvm::StringRef arch,
                std::unique_ptr<Module> &module, std::string &error);

  /// `path` with its leading dots resolved against `package` (`..x` in
  /// pkg.ops: pkg.x); nullopt, with `error` set, when it climbs above the
  /// top-level package or there is no package.
  static std::optional<std::string> resolveRelative(llvm::StringRef path,
                                                    llvm::StringRef package,
                                                    std::string &error);

  /// Makes `module` (the kernel file's own, parsed by the caller) the module
  /// `dotted` names: a module of the package that imports the kernel file
  /// gets the same functions, not a second copy.
  void adopt(llvm::StringRef dotted, const Module &module) {
    adopted_[dotted.str()] = &module;
  }

  /// The module `dotted`, read and parsed on the first call (its syntax
  /// errors go to `diags`, as the file's own); null when no directory of
  /// the search path has it.
  const Module *load(llvm::StringRef dotted, DiagnosticEngine &diags);

  llvm::ArrayRef<std::string> searchPath() const { return searchPath_; }

  /// The module-level names bound by -D, for every module of the
  /// compilation (HostDefines.h).
  const HostDefines &defines() const { return defines_; }

  /// Adds the files read so far to `diags` in the order they were read, so
  /// that the file numbers in the parsed modules' SourceLocs (given by the
  /// engine each was parsed with) mean the same files there. Call it on
  /// every new engine before using the loader with it.
  void registerFiles(DiagnosticEngine &diags) const {
    for (const SourceFile *f : order_)
      diags.fileId(*f);
  }

  /// Every module read so far: file path and text (what a compiled kernel
  /// depends on beside its own file).
  std::vector<std::pair<std::string, std::string>> loadedFiles() const;

private:
  struct Entry {
    std::unique_ptr<SourceFile> file;
    std::unique_ptr<Module> module;
  };
  std::vector<std::string> searchPath_;
  HostDefines defines_;
  std::map<std::string, Entry> modules_; // by dotted name; null: not found
  std::vector<const SourceFile *> order_;
  std::map<std::string, const Module *> adopted_;
};

} // namespace tilec

#endif // TILEC_FRONTEND_MODULELOADER_H
