//===- JitTuning.cpp - Autotuning of JitKernels over @triton.autotune -----===//

#include "tilec/Jit/Jit.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>

using namespace tilec;
using namespace tilec::rt;

int64_t Meta::operator[](llvm::StringRef name) const {
  int64_t v = 0;
  if (derived_) {
    auto it = derived_->find(name.str());
    if (it != derived_->end()) {
      llvm::StringRef t(it->second);
      if (t == "True" || t == "False")
        return t == "True";
      if (!t.getAsInteger(10, v))
        return v;
    }
  }
  if (config_)
    for (auto &kv : config_->constexprs)
      if (kv.first == name && !llvm::StringRef(kv.second).getAsInteger(10, v))
        return v;
  if (!fixed_)
    return 0;
  auto it = fixed_->find(name.str());
  if (it != fixed_->end() && !llvm::StringRef(it->second).getAsInteger(10, v))
    return v;
  return 0;
}

llvm::Expected<std::string>
Specializer::tuningKey(llvm::ArrayRef<Arg> args) const {
  if (!autotune_)
    return std::string();
  if (auto b = tuningBuffers(args); !b)
    return b.takeError();
  // The specialization (types, :16, values specialized on) of config 0...
  auto spec = specialize(args, &autotune_->configs.front());
  if (!spec)
    return spec.takeError();
  // ... and the values of the key arguments.
  std::string key = spec->signature;
  for (const std::string &name : autotune_->key) {
    auto pos = llvm::find_if(
        launch_, [&](unsigned i) { return params_[i].name == name; });
    size_t at = pos - launch_.begin();
    key += "|" + name + "=";
    if (pos == launch_.end() || at >= args.size())
      continue; // fixed or defaulted: in the signature already
    const Arg &a = args[at];
    key += a.kind == Arg::Int     ? std::to_string(a.i)
           : a.kind == Arg::Float ? llvm::formatv("{0}", a.f).str()
                                  : a.describe();
  }
  return key;
}

llvm::Expected<Specializer::TuningBuffers>
Specializer::tuningBuffers(llvm::ArrayRef<Arg> args) const {
  TuningBuffers out;
  if (!autotune_)
    return out;
  for (bool zero : {true, false})
    for (const std::string &name :
         zero ? autotune_->resetToZero : autotune_->restoreValue) {
      const char *what = zero ? "reset_to_zero" : "restore_value";
      auto pos = llvm::find_if(
          launch_, [&](unsigned i) { return params_[i].name == name; });
      size_t at = pos - launch_.begin();
      if (pos == launch_.end() || at >= args.size())
        return llvm::createStringError("'" + kernel_ + "': " + what + " names '" + name +
                         "', which this launch does not pass");
      const Arg &a = args[at];
      if (a.kind != Arg::Pointer)
        return llvm::createStringError("'" + kernel_ + "': " + what + " names '" + name +
                         "', passed as " + a.describe() + ", not a pointer");
      if (a.bytes == 0)
        return llvm::createStringError("'" + kernel_ + "': " + what + " names '" + name +
                         "', whose buffer size is unknown: pass it as a "
                         "DeviceBuffer or rt::ptr<T>(buffer)");
      (zero ? out.zero : out.restore).push_back(a);
    }
  return out;
}

/// The file that keeps the choice of a tuning ("" without a disk cache).
static std::string tuningFile(const KernelCache &cache, llvm::StringRef source,
                              const Specializer &spec, llvm::StringRef key) {
  if (cache.directory().empty())
    return "";
  llvm::SHA256 h;
  h.update(source);
  h.update(spec.kernel());
  h.update(key);
  for (const AutotuneConfig &c : spec.autotune()->configs)
    h.update(c.describe());
  std::array<uint8_t, 32> d = h.final();
  llvm::SmallString<256> path(cache.directory());
  llvm::sys::path::append(path, "tune-" + llvm::toHex(d, true) + ".txt");
  return std::string(path);
}

llvm::Expected<const AutotuneConfig *>
JitKernel::configFor(const GridFn &grid, llvm::ArrayRef<Arg> args,
                     CUstream stream) {
  const auto &configs = spec_.autotune()->configs;
  auto key = spec_.tuningKey(args);
  if (!key)
    return key.takeError();
  {
    std::lock_guard<std::mutex> lock(*mu_);
    auto it = tunings_.find(*key);
    if (it != tunings_.end())
      return &configs[it->second];
  }
  KernelCache &cache = opts_.cache ? *opts_.cache : KernelCache::global();
  std::string file = tuningFile(cache, source_, spec_, *key);
  auto start = std::chrono::steady_clock::now();
  TuningRecord rec;
  rec.key = *key;
  size_t chosen = configs.size();
  if (!file.empty())
    if (auto buf = llvm::MemoryBuffer::getFile(file, /*IsText=*/true)) {
      size_t i;
      if (!llvm::StringRef((*buf)->getBuffer()).trim().getAsInteger(10, i) &&
          i < configs.size()) {
        chosen = i;
        rec.fromDisk = true;
      }
    }
  if (chosen == configs.size()) {
    if (!grid)
      return llvm::createStringError("'" + spec_.kernel() +
                       "' is autotuned and not tuned for these arguments "
                       "yet: launch it first");
    auto buffers = spec_.tuningBuffers(args);
    if (!buffers)
      return buffers.takeError();
    std::vector<TuningCandidate> candidates(configs.size());
    for (size_t c = 0; c < configs.size(); ++c) {
      TuningCandidate &cand = candidates[c];
      cand.label = configs[c].describe();
      auto spec = spec_.specialize(args, &configs[c]);
      if (!spec) {
        cand.error = llvm::toString(spec.takeError());
        continue;
      }
      cand.opts = compileOptions(*spec, &configs[c]);
      cand.abiArgs = spec->abiArgs;
      cand.grid = grid(Meta(&configs[c], &opts_.constexprs, &spec->heuristics));
    }
    auto tuned = tune(ctx_, cache, source_, opts_.filename, candidates,
                      *buffers, stream);
    if (!tuned)
      return tuned.takeError();
    rec = std::move(*tuned);
    rec.key = *key;
    if (std::string prune = spec_.autotune()->pruneNote(); !prune.empty())
      rec.note = "prune_configs_by: " + prune;
    chosen = rec.chosen;
    if (!file.empty()) {
      std::error_code ec;
      llvm::raw_fd_ostream os(file, ec);
      if (!ec)
        os << chosen << "\n";
    }
  }
  rec.chosen = chosen;
  if (rec.fromDisk)
    rec.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
  if (const char *p = std::getenv("TILEC_PRINT_AUTOTUNING"); p && *p == '1')
    llvm::errs()
        << llvm::formatv(
               "tilec: autotuning '{0}' for {1}: config {2} ({3}){4} "
               "in {5:f2} s\n",
               spec_.kernel(), *key, chosen, configs[chosen].describe(),
               rec.fromDisk
                   ? ", read from the cache"
                   : llvm::formatv(", {0:f4} ms", rec.ms[chosen]).str(),
               rec.seconds)
        << (rec.fromDisk ? "" : rec.table())
        << (rec.note.empty() ? "" : "  " + rec.note + "\n");
  std::lock_guard<std::mutex> lock(*mu_);
  tunings_[*key] = chosen;
  lastTuning_ = std::move(rec);
  return &configs[chosen];
}
