//===- CacheParallelTest.cpp - Parallel compiles of rt::KernelCache -------===//
//
// Compiles run outside the cache's lock, one compile in flight per key;
// getAll() compiles a list on a thread pool and reports each failure on its
// own. No GPU needed.
//
//===----------------------------------------------------------------------===//

#include "tilec/Jit/Cache.h"
#include "tilec/Jit/Tuner.h"

#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

#include <atomic>
#include <string>
#include <thread>
#include <vector>

using namespace tilec;
using namespace tilec::rt;

namespace {

std::string softmax() {
  auto buf =
      llvm::MemoryBuffer::getFile(TILEC_SOURCE_DIR "/examples/softmax.py");
  return buf ? (*buf)->getBuffer().str() : "";
}

/// softmax_kernel with BLOCK_SIZE `block` and `warps` warps.
CompileOptions softmaxWith(int block, int warps = 4) {
  CompileOptions o;
  o.kernel = "softmax_kernel";
  o.signature = "*fp32:16, *fp32:16, i32, i32, i32, " + std::to_string(block);
  o.numWarps = warps;
  return o;
}

} // namespace

// Threads asking at once for three keys, each several times: every key is
// compiled exactly once, every thread asking for a key gets the same entry,
// and the entries are those a cache compiling one at a time produces.
TEST(KernelCacheParallel, EachKeyCompiledOnceAcrossThreads) {
  std::string src = softmax();
  ASSERT_FALSE(src.empty());
  const int blocks[] = {256, 512, 1024};
  KernelCache cache("");
  constexpr int threads = 6, rounds = 3;
  std::vector<const CompiledKernel *> got(threads * rounds, nullptr);
  std::vector<std::string> errors(threads * rounds);
  std::atomic<int> ready{0};
  std::vector<std::thread> ts;
  for (int t = 0; t < threads; ++t)
    ts.emplace_back([&, t] {
      ++ready;
      while (ready < threads) // start together
        std::this_thread::yield();
      for (int r = 0; r < rounds; ++r) {
        auto ck = cache.get(src, softmaxWith(blocks[(t + r) % 3]));
        if (ck)
          got[t * rounds + r] = &*ck;
        else
          errors[t * rounds + r] = llvm::toString(ck.takeError());
      }
    });
  for (auto &t : ts)
    t.join();
  for (const std::string &e : errors)
    EXPECT_EQ(e, "");
  KernelCache::Stats st = cache.stats();
  EXPECT_EQ(st.compiles, 3u);
  EXPECT_EQ(st.compiles + st.memoryHits + st.sharedCompiles,
            unsigned(threads * rounds));
  KernelCache serial("");
  for (int t = 0; t < threads; ++t)
    for (int r = 0; r < rounds; ++r) {
      const CompiledKernel *ck = got[t * rounds + r];
      ASSERT_NE(ck, nullptr);
      int block = blocks[(t + r) % 3];
      // The same entry as every other thread's for this key...
      EXPECT_EQ(ck, &*cache.get(src, softmaxWith(block)));
      // ... and what a compile on its own gives.
      auto alone = serial.get(src, softmaxWith(block));
      ASSERT_TRUE(bool(alone)) << llvm::toString(alone.takeError());
      EXPECT_EQ(ck->ptx, alone->ptx);
      EXPECT_EQ(ck->tileIR, alone->tileIR);
      EXPECT_NE(ck->ptx.find(".entry softmax_kernel"), std::string::npos);
    }
  EXPECT_EQ(serial.stats().compiles, 3u);
}

// A compile error reaches every thread waiting for that key, and is not
// kept: a later lookup compiles again.
TEST(KernelCacheParallel, SharedCompileErrors) {
  std::string src = softmax();
  KernelCache cache("");
  constexpr int threads = 4;
  std::vector<std::string> errors(threads);
  std::vector<std::thread> ts;
  for (int t = 0; t < threads; ++t)
    ts.emplace_back([&, t] {
      auto ck = cache.get(src, softmaxWith(100));
      errors[t] = ck ? "compiled" : llvm::toString(ck.takeError());
    });
  for (auto &t : ts)
    t.join();
  for (const std::string &e : errors) {
    EXPECT_NE(e.find("cannot compile 'softmax_kernel': "), std::string::npos)
        << e;
    EXPECT_NE(e.find("not a power of two"), std::string::npos) << e;
  }
  EXPECT_EQ(cache.stats().compiles, 0u);
  EXPECT_EQ(cache.stats().memoryHits, 0u);
}

// getAll: one outcome per entry, in order; failures (bad options, a source
// error for one config) do not stop the others, and equal entries share one
// compile.
TEST(KernelCacheParallel, GetAllReportsEachFailure) {
  std::string src = softmax();
  KernelCache cache("");
  std::vector<CompileOptions> opts = {softmaxWith(1024), softmaxWith(512, 3),
                                      softmaxWith(100), softmaxWith(512, 8),
                                      softmaxWith(1024)};
  std::vector<KernelCache::Outcome> out = cache.getAll(src, opts, "sm.py", 3);
  ASSERT_EQ(out.size(), 5u);
  ASSERT_NE(out[0].kernel, nullptr) << out[0].error;
  EXPECT_EQ(out[0].kernel->numWarps, 4);
  EXPECT_EQ(out[1].kernel, nullptr);
  EXPECT_NE(out[1].error.find("--num-warps must be a power of two from 1 to "
                              "32, got 3"),
            std::string::npos)
      << out[1].error;
  EXPECT_EQ(out[2].kernel, nullptr);
  EXPECT_NE(out[2].error.find("sm.py:"), std::string::npos) << out[2].error;
  EXPECT_NE(out[2].error.find("error: tl.arange(0, 100) has 100 elements"),
            std::string::npos)
      << out[2].error;
  ASSERT_NE(out[3].kernel, nullptr) << out[3].error;
  EXPECT_EQ(out[3].kernel->numWarps, 8);
  EXPECT_EQ(out[4].kernel, out[0].kernel);
  EXPECT_EQ(out[4].error, "");
  EXPECT_EQ(cache.stats().compiles, 2u);
}

// The tuning table: times, the chosen config marked, skipped configs with
// the first line of why.
TEST(TuningRecord, Table) {
  TuningRecord rec;
  rec.configs = {"B=128, num_warps=4, num_stages=3",
                 "B=100, num_warps=4, num_stages=3",
                 "B=256, num_warps=8, num_stages=3"};
  rec.ms = {0.5, -1, 0.25};
  rec.notes = {"", "cannot compile 'k': k.py:3:5: error: bad\n  line\n  ^", ""};
  rec.chosen = 2;
  EXPECT_EQ(rec.table(),
            "    0       0.5000 ms  B=128, num_warps=4, num_stages=3\n"
            "    1         skipped  B=100, num_warps=4, num_stages=3  (cannot "
            "compile 'k': k.py:3:5: error: bad)\n"
            "  * 2       0.2500 ms  B=256, num_warps=8, num_stages=3\n");
}
