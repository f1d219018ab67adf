//===- Tuner.cpp - Compiling and timing the configs of an autotuning ------===//

#include "tilec/Jit/Tuner.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>

using namespace tilec;
using namespace tilec::rt;

namespace {

/// Zeroes and restores the buffers of a tuning (Triton's autotuner hooks),
/// with saved copies of the restored ones in device memory of its own.
class TuningHooks {
public:
  TuningHooks(const Context &ctx, const TuningBuffers &buffers)
      : ctx_(ctx), b_(buffers) {}
  ~TuningHooks() {
    for (CUdeviceptr p : saved_)
      ctx_.driver().cuMemFree(p);
  }
  /// Saves the buffers of restore_value.
  llvm::Error save() {
    const Driver &d = ctx_.driver();
    for (const Arg &a : b_.restore) {
      CUdeviceptr p = 0;
      if (auto e = d.check(d.cuMemAlloc(&p, a.bytes), "cuMemAlloc"))
        return e;
      saved_.push_back(p);
      if (auto e = d.check(d.cuMemcpyDtoD(p, a.p, a.bytes), "cuMemcpyDtoD"))
        return e;
    }
    return llvm::Error::success();
  }
  /// Before a run: zeroes the buffers of reset_to_zero.
  llvm::Error before(CUstream stream) const {
    const Driver &d = ctx_.driver();
    for (const Arg &a : b_.zero)
      if (auto e = d.check(d.cuMemsetD8Async(a.p, 0, a.bytes, stream),
                           "cuMemsetD8Async"))
        return e;
    return llvm::Error::success();
  }
  /// After a run: restores the buffers of restore_value.
  llvm::Error after(CUstream stream) const {
    const Driver &d = ctx_.driver();
    for (size_t i = 0; i < b_.restore.size(); ++i)
      if (auto e = d.check(d.cuMemcpyDtoDAsync(b_.restore[i].p, saved_[i],
                                               b_.restore[i].bytes, stream),
                           "cuMemcpyDtoDAsync"))
        return e;
    return llvm::Error::success();
  }
  bool empty() const { return b_.zero.empty() && b_.restore.empty(); }

private:
  const Context &ctx_;
  const TuningBuffers &b_;
  std::vector<CUdeviceptr> saved_;
};

} // namespace

/// The first line of a note (compile errors carry a source excerpt).
static llvm::StringRef firstLine(llvm::StringRef s) {
  return s.split('\n').first.trim();
}

std::string TuningRecord::table() const {
  std::string out;
  llvm::raw_string_ostream os(out);
  for (size_t i = 0; i < configs.size(); ++i) {
    bool ran = i < ms.size() && ms[i] >= 0;
    os << (i == chosen && ran ? "  * " : "    ") << llvm::formatv("{0,-3}", i)
       << " ";
    if (ran)
      os << llvm::formatv("{0,10:f4} ms  ", ms[i]);
    else
      os << llvm::formatv("{0,13}  ", "skipped");
    os << configs[i];
    if (!ran && i < notes.size() && !notes[i].empty())
      os << "  (" << firstLine(notes[i]) << ")";
    os << "\n";
  }
  return out;
}

llvm::Expected<TuningRecord>
rt::tune(const Context &ctx, KernelCache &cache, llvm::StringRef source,
         llvm::StringRef filename, llvm::ArrayRef<TuningCandidate> candidates,
         const TuningBuffers &buffers, CUstream stream,
         const TuningSettings &settings) {
  using Clock = std::chrono::steady_clock;
  auto start = Clock::now();
  TuningRecord rec;
  size_t n = candidates.size();
  rec.ms.assign(n, -1);
  rec.notes.assign(n, "");
  for (const TuningCandidate &c : candidates)
    rec.configs.push_back(c.label);
  if (n == 0)
    return llvm::createStringError("nothing to tune: no configs");
  std::string kernel = candidates.front().opts.kernel;

  // 1. Compile every candidate, in parallel.
  std::vector<CompileOptions> opts;
  std::vector<size_t> compiled; // candidate of each entry of opts
  for (size_t i = 0; i < n; ++i) {
    if (!candidates[i].error.empty()) {
      rec.notes[i] = candidates[i].error;
      continue;
    }
    opts.push_back(candidates[i].opts);
    compiled.push_back(i);
  }
  std::vector<KernelCache::Outcome> outcomes =
      cache.getAll(source, opts, filename, settings.threads);
  rec.compileSeconds =
      std::chrono::duration<double>(Clock::now() - start).count();

  // 2. Load and time each, one after another.
  auto timer = Timer::create(ctx);
  if (!timer)
    return timer.takeError();
  TuningHooks hooks(ctx, buffers);
  if (auto e = hooks.save())
    return e;
  // The time of `launches` launches of `k`; with hooks each launch is timed
  // alone, the buffers zeroed before it and restored after it.
  auto timeLaunches = [&](const Kernel &k, Dim3 g, llvm::ArrayRef<Arg> abiArgs,
                          int launches) -> llvm::Expected<float> {
    float total = 0;
    int batch = hooks.empty() ? launches : 1;
    for (int done = 0; done < launches; done += batch) {
      llvm::Error e = hooks.before(stream);
      if (!e)
        e = timer->start(stream);
      for (int l = 0; l < batch && !e; ++l)
        e = k.launch(g, abiArgs, stream);
      if (!e)
        e = timer->stop(stream);
      auto t = e ? llvm::Expected<float>(std::move(e)) : timer->elapsedMs();
      if (llvm::Error r = hooks.after(stream)) {
        if (!t)
          llvm::consumeError(t.takeError());
        return std::move(r);
      }
      if (!t)
        return t.takeError();
      total += *t;
    }
    return total;
  };
  bool any = false;
  int launches = std::max(1, settings.launchesPerRep);
  for (size_t j = 0; j < compiled.size(); ++j) {
    size_t i = compiled[j];
    const TuningCandidate &c = candidates[i];
    if (!outcomes[j].kernel) {
      rec.notes[i] = outcomes[j].error;
      continue;
    }
    auto k = Kernel::load(ctx, *outcomes[j].kernel);
    if (!k) { // e.g. too much shared memory: not a candidate (as in Triton)
      rec.notes[i] = "cannot load: " + llvm::toString(k.takeError());
      continue;
    }
    std::vector<double> ms;
    std::string failed;
    for (int rep = 0; rep < settings.warmupReps + std::max(1, settings.reps);
         ++rep) {
      auto t = timeLaunches(*k, c.grid, c.abiArgs, launches);
      if (!t) {
        failed = "cannot launch: " + llvm::toString(t.takeError());
        break;
      }
      if (rep >= settings.warmupReps)
        ms.push_back(*t / launches);
    }
    if (!failed.empty()) {
      rec.notes[i] = failed;
      continue;
    }
    std::sort(ms.begin(), ms.end());
    rec.ms[i] = ms[ms.size() / 2];
    if (!any || rec.ms[i] < rec.ms[rec.chosen])
      rec.chosen = i;
    any = true;
  }
  // As Triton's tuner leaves them: reset_to_zero's buffers zero.
  if (auto e = hooks.before(stream))
    return e;
  rec.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (!any) {
    std::string why;
    for (size_t i = 0; i < n; ++i)
      why += llvm::formatv("\n  config {0} ({1}): {2}", i, rec.configs[i],
                           firstLine(rec.notes[i]))
                 .str();
    return llvm::createStringError("'" + kernel + "': no @triton.autotune config compiled " +
                     "and ran:" + why);
  }
  return std::move(rec);
}
