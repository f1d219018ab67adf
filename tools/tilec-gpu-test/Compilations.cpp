//===- Compilations.cpp - Compiled kernel configurations, cached ----------===//

#include "Compilations.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

namespace tilec::gputest {

namespace {
/// A seed kernel file embedded at configure time.
struct Seed {
  const char *file;
  const char *text;
};
} // namespace

static const Seed embeddedSeeds[] = {
#include "Seeds.inc"
};

std::string KernelKey::str() const {
  std::string s = llvm::formatv("{0}:{1} [{2}] w{3} s{4}", file, kernel,
                                signature, numWarps, numStages);
  if (programsPerCTA >= 0)
    s += llvm::formatv(" p{0}", programsPerCTA).str();
  return s;
}

Compiled &Compilations::get(const KernelKey &key) {
  std::string k = key.str();
  auto it = cache_.find(k);
  if (it != cache_.end())
    return *it->second;
  auto c = std::make_unique<Compiled>();
  compile(key, *c);
  return *(cache_[k] = std::move(c));
}

void Compilations::unloadAll() {
  for (auto &[k, c] : cache_) {
    c->kernel.reset();
    c->loadTried = false;
  }
}

size_t Compilations::failures() const {
  size_t n = 0;
  for (auto &[k, c] : cache_)
    n += !c->ok;
  return n;
}

rt::Kernel *Compilations::load(Compiled &c, rt::Device &dev) {
  if (!c.ok)
    return nullptr;
  if (!c.loadTried) {
    c.loadTried = true;
    auto k = rt::Kernel::load(dev, c.ck);
    if (!k) {
      c.error = llvm::toString(k.takeError());
      return nullptr;
    }
    if (opts_.verbose && !k->jitInfoLog().empty())
      llvm::errs() << "JIT log for " << c.ck.name << ":\n"
                   << k->jitInfoLog() << "\n";
    c.kernel.emplace(std::move(*k));
  }
  return c.kernel ? &*c.kernel : nullptr;
}

const std::string *Compilations::source(const std::string &file,
                                        std::string &err) {
  auto it = sources_.find(file);
  if (it != sources_.end())
    return &it->second;
  std::string text;
  if (!opts_.examplesDir.empty()) {
    llvm::SmallString<256> path(opts_.examplesDir);
    llvm::sys::path::append(path, file);
    auto buf = llvm::MemoryBuffer::getFile(path);
    if (!buf) {
      err = "cannot read " + path.str().str() + ": " + buf.getError().message();
      return nullptr;
    }
    text = (*buf)->getBuffer().str();
  } else {
    bool found = false;
    for (const Seed &s : embeddedSeeds)
      if (file == s.file) {
        text = s.text;
        found = true;
      }
    // A seed not embedded (one missing from TILEC_GPU_TEST_SEEDS in
    // CMakeLists.txt): examples/FILE of the working directory (the
    // repository root, where scripts/h200-run.sh runs), else of the source
    // tree this was built from.
    if (!found) {
      llvm::SmallString<256> here("examples"), tree(__FILE__);
      llvm::sys::path::append(here, file);
      for (int i = 0; i < 3; ++i)
        llvm::sys::path::remove_filename(tree); // tools/tilec-gpu-test/x.cpp
      llvm::sys::path::append(tree, "examples", file);
      for (const llvm::SmallString<256> &path : {here, tree}) {
        if (auto buf = llvm::MemoryBuffer::getFile(path)) {
          text = (*buf)->getBuffer().str();
          found = true;
          break;
        }
      }
      if (!found) {
        err = "no embedded seed " + file + ", and neither " + here.str().str() +
              " nor " + tree.str().str() + " can be read";
        return nullptr;
      }
    }
  }
  return &(sources_[file] = std::move(text));
}

void Compilations::compile(const KernelKey &key, Compiled &c) {
  std::string err;
  const std::string *text = source(key.file, err);
  if (!text) {
    c.error = err;
    return;
  }
  std::string diags;
  llvm::raw_string_ostream os(diags);
  auto pit = parsed_.find(key.file);
  if (pit == parsed_.end())
    pit = parsed_
              .emplace(key.file,
                       compiler_.parse(key.file, *text, os, {}, {}, opts_.arch))
              .first;
  CompileOptions opts;
  opts.kernel = key.kernel;
  opts.signature = key.signature;
  opts.numWarps = key.numWarps;
  opts.numStages = key.numStages;
  opts.programsPerCTA =
      key.programsPerCTA >= 0 ? key.programsPerCTA : opts_.programsPerCTA;
  opts.arch = opts_.arch;
  opts.tma = opts_.tma;
  auto t0 = std::chrono::steady_clock::now();
  c.ok = !pit->second.numErrors &&
         compiler_.compileToPTX(pit->second, opts, c.ck, os);
  double ms = std::chrono::duration<double, std::milli>(
                  std::chrono::steady_clock::now() - t0)
                  .count();
  if (!c.ok) {
    llvm::StringRef d = llvm::StringRef(os.str()).trim();
    // The first line says what went wrong; --verbose prints everything.
    c.error = "compile error: " +
              (opts_.verbose ? d.str() : d.split('\n').first.str());
  }
  if (c.ok && !opts_.dumpPTX.empty()) {
    llvm::SmallString<256> path(opts_.dumpPTX);
    llvm::sys::path::append(
        path, llvm::formatv("{0:d2}-{1}.ptx", dumped_++, key.kernel).str());
    std::error_code ec;
    llvm::raw_fd_ostream os2(path, ec);
    if (!ec)
      os2 << "// " << key.str() << "\n" << c.ck.ptx;
  }
  if (opts_.verbose)
    llvm::errs() << "compiled " << key.str() << " in "
                 << llvm::formatv("{0:f1}", ms) << " ms"
                 << (c.ok ? "" : " (FAILED)") << "\n";
}

} // namespace tilec::gputest
