//===- JitTuning.cpp - Autotuning of JitKernels over @triton.autotune -----===//

#include "tilec/Runtime/Jit.h"

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

static llvm::Error makeError(const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

int64_t Meta::operator[](llvm::StringRef name) const {
  int64_t v = 0;
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
  // Tuning launches the kernel many times on the caller's buffers: where
  // Triton resets or restores them between runs, tuning here would leave
  // wrong results behind.
  for (const std::string &name : autotune_->ignored)
    if (name == "reset_to_zero" || name == "restore_value")
      return makeError("'" + kernel_ + "' cannot be autotuned here: its "
                       "@triton.autotune uses " + name + ", which the "
                       "tuner does not apply (its runs would be left in "
                       "the buffers); compile one of its configs instead "
                       "(tilec --list-configs)");
  // The specialization (types, :16, values specialized on) of config 0...
  auto spec = specialize(args, &autotune_->configs.front());
  if (!spec)
    return spec.takeError();
  // ... and the values of the key arguments.
  std::string key = spec->signature;
  for (const std::string &name : autotune_->key) {
    auto pos = llvm::find_if(launch_, [&](unsigned i) {
      return params_[i].name == name;
    });
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
      return makeError("'" + spec_.kernel() +
                       "' is autotuned and not tuned for these arguments "
                       "yet: launch it first");
    auto timer = Timer::create(ctx_);
    if (!timer)
      return timer.takeError();
    double best = 0;
    for (size_t c = 0; c < configs.size(); ++c) {
      rec.ms.push_back(-1);
      auto spec = spec_.specialize(args, &configs[c]);
      if (!spec)
        return spec.takeError();
      auto k = load(*spec, &configs[c]);
      if (!k) { // e.g. too much shared memory: not a candidate (as in Triton)
        llvm::consumeError(k.takeError());
        continue;
      }
      Dim3 g = grid(Meta(&configs[c], &opts_.constexprs));
      std::vector<double> ms;
      bool ok = true;
      for (int rep = 0; rep < 4 && ok; ++rep) {
        constexpr int launches = 5;
        llvm::Error e = timer->start(stream);
        for (int l = 0; l < launches && !e; ++l)
          e = k->launch(g, spec->abiArgs, stream);
        if (!e)
          e = timer->stop(stream);
        auto t = e ? llvm::Expected<float>(std::move(e)) : timer->elapsedMs();
        if (!t) {
          llvm::consumeError(t.takeError());
          ok = false;
          break;
        }
        if (rep > 0) // the first: warm-up
          ms.push_back(*t / launches);
      }
      if (!ok)
        continue;
      std::sort(ms.begin(), ms.end());
      rec.ms.back() = ms[ms.size() / 2];
      if (chosen == configs.size() || rec.ms.back() < best) {
        chosen = c;
        best = rec.ms.back();
      }
    }
    if (chosen == configs.size())
      return makeError("'" + spec_.kernel() +
                       "': no @triton.autotune config compiled and ran");
    if (!file.empty()) {
      std::error_code ec;
      llvm::raw_fd_ostream os(file, ec);
      if (!ec)
        os << chosen << "\n";
    }
  }
  rec.chosen = chosen;
  rec.seconds = std::chrono::duration<double>(
                    std::chrono::steady_clock::now() - start)
                    .count();
  if (const char *p = std::getenv("TILEC_PRINT_AUTOTUNING"); p && *p == '1')
    llvm::errs() << llvm::formatv(
        "tilec: autotuning '{0}' for {1}: config {2} ({3}){4} in {5:f2} s\n",
        spec_.kernel(), *key, chosen, configs[chosen].describe(),
        rec.fromDisk ? ", read from the cache"
                     : llvm::formatv(", {0:f4} ms", rec.ms[chosen]).str(),
        rec.seconds);
  std::lock_guard<std::mutex> lock(*mu_);
  tunings_[*key] = chosen;
  lastTuning_ = std::move(rec);
  return &configs[chosen];
}
