//===- ModuleLoader.cpp - Python modules a kernel file imports -----------===//

#include "tilec/Frontend/ModuleLoader.h"

#include "tilec/Frontend/Parser.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace tilec;
#include <cctype>

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

/// The package that relative imports of module `dotted` start from: the
/// module itself for a package's __init__.py, else its parent ("" at the top).
static std::string packageOf(llvm::StringRef dotted, bool isInit) {
  if (isInit)
    return dotted.str();
  size_t dot = dotted.rfind('.');
  return dot == llvm::StringRef::npos ? "" : dotted.take_front(dot).str();
}

static bool isPackageDir(llvm::StringRef dir) {
  llvm::SmallString<256> init(dir);
  path::append(init, "__init__.py");
  return fs::exists(init);
}

std::unique_ptr<ModuleLoader> ModuleLoader::forKernelFile(
    const SourceFile &file, DiagnosticEngine &diags,
    llvm::ArrayRef<std::string> importPaths,
    llvm::ArrayRef<std::string> defines, llvm::StringRef arch,
    std::unique_ptr<Module> &module, std::string &error) {
  HostDefines hostDefines;
  if (!hostDefines.add(defines, error))
    return nullptr;
  hostDefines.arch = arch.str();
  std::string name, package;
  auto loader = std::make_unique<ModuleLoader>(
      searchPathFor(file.name(), importPaths, name, package),
      std::move(hostDefines));
  module = parseModule(file, diags, &loader->defines());
  module->name = name;
  module->package = package;
  if (!name.empty())
    loader->adopt(name, *module);
  return loader;
}

std::vector<std::string>
ModuleLoader::searchPathFor(llvm::StringRef file,
                            llvm::ArrayRef<std::string> extra,
                            std::string &moduleName, std::string &package) {
  std::vector<std::string> out(extra.begin(), extra.end());
  moduleName.clear();
  package.clear();
  llvm::SmallString<256> abs(file);
  if (!fs::exists(abs) || fs::make_absolute(abs))
    return out;
  path::remove_dots(abs, /*remove_dot_dot=*/true);
  llvm::SmallString<256> dir = path::parent_path(abs);
  std::vector<std::string> parts;
  if (path::filename(abs) != "__init__.py")
    parts.push_back(path::stem(abs).str());
  while (isPackageDir(dir)) {
    parts.insert(parts.begin(), path::filename(dir).str());
    llvm::SmallString<256> up = path::parent_path(dir);
    if (up == dir)
      break;
    dir = up;
  }
  // A file in no package, in folders without __init__.py under an -I
  // folder: those are namespace packages (Python 3), and the module's name
  // runs from the -I folder, so that relative imports find its siblings
  // (sglang's `from ..common.tile_ptr import ...`). The file's own folder
  // stays on the search path.
  for (const std::string &root : extra) {
    if (parts.size() != 1)
      break;
    llvm::SmallString<256> r(root);
    if (fs::make_absolute(r))
      continue;
    path::remove_dots(r, /*remove_dot_dot=*/true);
    llvm::StringRef d = dir.str();
    if (!d.consume_front(r) || d.empty() || !path::is_separator(d.front()))
      continue;
    llvm::SmallVector<llvm::StringRef> between;
    d.drop_front().split(between, path::get_separator(), -1,
                         /*KeepEmpty=*/false);
    if (!llvm::all_of(between, [](llvm::StringRef p) {
          return !p.empty() &&
                 (std::isalpha(static_cast<unsigned char>(p[0])) ||
                  p[0] == '_') &&
                 llvm::all_of(p, [](char c) {
                   return std::isalnum(static_cast<unsigned char>(c)) ||
                          c == '_';
                 });
        }))
      continue;
    parts.insert(parts.begin(), between.begin(), between.end());
    out.push_back(dir.str().str());
    dir = r;
    break;
  }
  out.push_back(dir.str().str());
  moduleName = llvm::join(parts, ".");
  bool isInit = path::filename(abs) == "__init__.py";
  package = packageOf(moduleName, isInit);
  return out;
}

std::optional<std::string>
ModuleLoader::resolveRelative(llvm::StringRef p, llvm::StringRef package,
                              std::string &error) {
  size_t dots = 0;
  while (dots < p.size() && p[dots] == '.')
    ++dots;
  if (dots == 0)
    return p.str();
  if (package.empty()) {
    error = "attempted relative import with no known parent package";
    return std::nullopt;
  }
  llvm::SmallVector<llvm::StringRef> parts;
  package.split(parts, '.');
  if (dots - 1 >= parts.size()) {
    error = "attempted relative import beyond top-level package";
    return std::nullopt;
  }
  parts.resize(parts.size() - (dots - 1));
  std::string base = llvm::join(parts, ".");
  llvm::StringRef rest = p.drop_front(dots);
  return rest.empty() ? base : base + "." + rest.str();
}

const Module *ModuleLoader::load(llvm::StringRef dotted,
                                 DiagnosticEngine &diags) {
  if (auto a = adopted_.find(dotted.str()); a != adopted_.end())
    return a->second;
  auto it = modules_.find(dotted.str());
  if (it != modules_.end())
    return it->second.module.get();
  Entry &e = modules_[dotted.str()];
  llvm::SmallVector<llvm::StringRef> parts;
  dotted.split(parts, '.');
  for (const std::string &root : searchPath_) {
    llvm::SmallString<256> base(root);
    for (llvm::StringRef part : parts)
      path::append(base, part);
    llvm::SmallString<256> asFile(base), asPackage(base);
    asFile += ".py";
    path::append(asPackage, "__init__.py");
    bool isPackage =
        !fs::is_regular_file(asFile) && fs::is_regular_file(asPackage);
    llvm::StringRef found = isPackage ? asPackage.str() : asFile.str();
    if (!fs::is_regular_file(found))
      continue;
    auto buf = llvm::MemoryBuffer::getFile(found);
    if (!buf)
      continue;
    e.file =
        std::make_unique<SourceFile>(found.str(), (*buf)->getBuffer().str());
    order_.push_back(e.file.get());
    e.module = parseModule(*e.file, diags, &defines_);
    e.module->name = dotted.str();
    e.module->package = packageOf(dotted, isPackage);
    return e.module.get();
  }
  return nullptr;
}

std::vector<std::pair<std::string, std::string>>
ModuleLoader::loadedFiles() const {
  std::vector<std::pair<std::string, std::string>> out;
  for (auto &[name, e] : modules_)
    if (e.file)
      out.emplace_back(e.file->name().str(), e.file->text().str());
  return out;
}
