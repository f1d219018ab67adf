//===- HostArray.cpp - Poisoned host arrays and random fill ---------------===//

#include "tilec/Testing/HostArray.h"

#include <algorithm>
#include <thread>

namespace tilec::testing {

HostArray poisonedHost(ElemTy t, size_t n) {
  HostArray h(t, n);
  h.fill(poisonBits(t));
  return h;
}

//===----------------------------------------------------------------------===//
// Random inputs and parallel loops
//===----------------------------------------------------------------------===//

uint64_t splitmix(uint64_t &s) {
  uint64_t z = (s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static unsigned numThreads() {
  unsigned n = std::thread::hardware_concurrency();
  return std::max(1u, std::min(n, 32u));
}

void parallelFor(size_t n, const std::function<void(size_t, size_t)> &fn) {
  unsigned t = numThreads();
  if (n < 4096 || t == 1) {
    fn(0, n);
    return;
  }
  size_t chunk = (n + t - 1) / t;
  std::vector<std::thread> ts;
  for (unsigned i = 0; i < t; ++i) {
    size_t b = i * chunk, e = std::min(n, b + chunk);
    if (b < e)
      ts.emplace_back(fn, b, e);
  }
  for (auto &th : ts)
    th.join();
}

void fillRandom(HostArray &a, double lo, double hi, uint64_t seed) {
  size_t n = a.size();
  constexpr size_t block = 1 << 16;
  parallelFor((n + block - 1) / block, [&](size_t b, size_t e) {
    for (size_t blk = b; blk < e; ++blk) {
      uint64_t s = seed * 0x100000001b3ull + blk;
      for (size_t i = blk * block; i < std::min(n, (blk + 1) * block); ++i) {
        double u = double(splitmix(s) >> 11) * (1.0 / 9007199254740992.0);
        a.setViaF32(i, lo + (hi - lo) * u);
      }
    }
  });
}

} // namespace tilec::testing
