//===- HostArray.cpp - Element type names, poison and random fill ---------===//

#include "HostArray.h"

#include <algorithm>
#include <thread>

namespace tilec::gputest {

const char *dtName(DT t) {
  switch (t) {
  case DT::F32: return "fp32";
  case DT::F16: return "fp16";
  case DT::BF16: return "bf16";
  case DT::F64: return "fp64";
  case DT::I32: return "i32";
  case DT::U32: return "u32";
  case DT::I64: return "i64";
  case DT::U64: return "u64";
  }
  return "?";
}

uint64_t poisonBits(DT dt) {
  switch (dt) {
  case DT::F32: return 0x7fc0dead;
  case DT::F16: return 0x7e5a;
  case DT::BF16: return 0x7fda;
  case DT::F64: return 0x7ff8deaddeadbeefull;
  case DT::I32:
  case DT::U32: return 0x5eadbeef;
  case DT::I64:
  case DT::U64: return 0x5eadbeef5eadbeefull;
  }
  return 0;
}

HostArray poisonedHost(DT dt, size_t n) {
  HostArray h(dt, n);
  for (size_t i = 0; i < n; ++i)
    h.setBits(i, poisonBits(dt));
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
        a.set(i, lo + (hi - lo) * u);
      }
    }
  });
}

} // namespace tilec::gputest
