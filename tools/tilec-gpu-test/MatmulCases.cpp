//===- MatmulCases.cpp - matmul_relu, block-pointer and tutorial matmuls --===//
//
// examples/matmul_relu.py and matmul_block_ptr.py (fp16, bf16 and fp32 with
// runtime or specialized strides, several tiles and pipeline depths,
// transposed operands, a padded C) and matmul_tutorial.py, against an fp64
// reference of every element or, for large products, of a sample.
//
//===----------------------------------------------------------------------===//

#include "Cases.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>

namespace tilec::gputest {

/// Beyond this many multiply-adds the fp64 reference covers a sample of
/// C's elements (every row and column of the sample's ~4096 are random).
static constexpr size_t kMatmulFullCheck = size_t(1) << 31;

/// The elements of an M x N product to check: all of them up to
/// kMatmulFullCheck multiply-adds, else 4096 drawn from `seed` (splitmix),
/// the first element if `origin`, and the last.
static std::vector<std::pair<unsigned, unsigned>>
matmulCheckPoints(unsigned M, unsigned N, unsigned K, uint64_t seed,
                  bool origin) {
  std::vector<std::pair<unsigned, unsigned>> at;
  if (size_t(M) * N * K <= kMatmulFullCheck) {
    at.reserve(size_t(M) * N);
    for (unsigned i = 0; i < M; ++i)
      for (unsigned j = 0; j < N; ++j)
        at.push_back({i, j});
    return at;
  }
  for (unsigned s = 0; s < 4096; ++s) {
    uint64_t r = splitmix(seed);
    at.push_back({unsigned(r % M), unsigned((r >> 32) % N)});
  }
  if (origin)
    at.push_back({0, 0});
  at.push_back({M - 1, N - 1});
  return at;
}

/// For each point (i, j): sum over k of A(i, k) B(k, j) and of its terms'
/// magnitudes, in fp64 (`sum`, `mag`).
static void
matmulReference(const std::vector<std::pair<unsigned, unsigned>> &at,
                unsigned K, llvm::function_ref<double(size_t, size_t)> A,
                llvm::function_ref<double(size_t, size_t)> B,
                std::vector<double> &sum, std::vector<double> &mag) {
  sum.assign(at.size(), 0);
  mag.assign(at.size(), 0);
  parallelFor(at.size(), [&](size_t b0, size_t e0) {
    for (size_t t = b0; t < e0; ++t) {
      auto [i, j] = at[t];
      double s = 0, g = 0;
      for (unsigned kk = 0; kk < K; ++kk) {
        double p = A(i, kk) * B(kk, j);
        s += p;
        g += std::fabs(p);
      }
      sum[t] = s;
      mag[t] = g;
    }
  });
}

Case matmulCase(const MatmulCfg &m) {
  Case c;
  const ElemTy dt = m.dt;
  const unsigned M = m.M, N = m.N, K = m.K;
  c.kernel = m.blockPtr ? "matmul_block_ptr_kernel" : "matmul_relu_kernel";
  c.dtype = std::string(sigName(dt)) + "->fp32";
  c.shape = llvm::formatv("{0}x{1}x{2}", M, N, K);
  if (m.transA)
    c.shape += " A^T";
  if (m.transB)
    c.shape += " B^T";
  if (m.cPad)
    c.shape += llvm::formatv(" ldc+{0}", m.cPad);
  if (m.specialize)
    c.shape += llvm::formatv(" tiles {0}x{1}x{2} w{3} s{4}", m.BM, m.BN, m.BK,
                             m.warps, m.stages);
  const unsigned ldc = N + m.cPad;
  const long sam = m.transA ? 1 : K, sak = m.transA ? M : 1;
  const long sbk = m.transB ? 1 : N, sbn = m.transB ? K : 1;
  // M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn
  const std::vector<long> ints = {M, N, K, sam, sak, sbk, sbn, long(ldc), 1};
  std::string p = std::string("*") + sigName(dt) + ":16";
  std::string sig = p + ", " + p + ", *fp32:16";
  std::vector<long> runtimeInts; // those not specialized away
  for (long v : ints) {
    if (m.specialize && v == 1) {
      sig += ", 1";
      continue;
    }
    sig += ", " + ispec(v);
    runtimeInts.push_back(v);
  }
  sig += llvm::formatv(", {0}, {1}, {2}", m.BM, m.BN, m.BK).str();
  c.key = {m.blockPtr ? "matmul_block_ptr.py" : "matmul_relu.py", c.kernel, sig,
           int(m.warps), int(m.stages)};
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    HostArray a(dt, size_t(M) * K), b(dt, size_t(K) * N),
        cOut(ElemTy::F32, size_t(M) * ldc);
    fillRandom(a, -1.0, 1.0, 11 + M + 7 * K);
    fillRandom(b, -1.0, 1.0, 13 + N + 5 * K);
    rt::DeviceBuffer da(ctx.dev), db(ctx.dev), dc(ctx.dev);
    if (auto e = upload(ctx.dev, da, a))
      return e;
    if (auto e = upload(ctx.dev, db, b))
      return e;
    if (auto e = poisonedOutput(ctx.dev, dc, ElemTy::F32, cOut.size()))
      return e;
    std::vector<rt::Arg> args = {rt::Arg::ptr(da, sigName(dt)),
                                 rt::Arg::ptr(db, sigName(dt)),
                                 rt::Arg::ptr(dc, "fp32")};
    for (long v : runtimeInts)
      args.push_back(rt::Arg::i32(int32_t(v)));
    unsigned gx = cdiv(M, m.BM), gy = cdiv(N, m.BN);
    if (auto e = k.launch({gx, gy}, args))
      return e;
    if (auto e = ctx.dev.synchronize())
      return e;
    if (auto e = download(dc, cOut))
      return e;
    double rel = dt == ElemTy::F32 ? std::ldexp(1.0, -8) // tf32 operands
                                   : 2 * (K + 2) * std::ldexp(1.0, -24);
    auto A = [&](size_t i, size_t kk) { return a.get(i * sam + kk * sak); };
    auto B = [&](size_t kk, size_t j) { return b.get(kk * sbk + j * sbn); };
    // The elements to check: all of C, or a sample.
    bool full = size_t(M) * N * K <= kMatmulFullCheck;
    auto at = matmulCheckPoints(M, N, K, 0x5eed + M + N + K, /*origin=*/true);
    std::vector<double> ref, mag;
    matmulReference(at, K, A, B, ref, mag);
    for (double &r : ref)
      r = std::max(r, 0.0);
    for (size_t t = 0; t < at.size(); ++t) {
      auto [i, j] = at[t];
      chk.check(cOut, size_t(i) * ldc + j, ref[t], 1e-30 + rel * mag[t],
                llvm::formatv("[{0},{1}]", i, j));
    }
    if (full)
      for (size_t i = 0; i < M; ++i)
        for (unsigned j = N; j < ldc; ++j)
          chk.untouched(cOut, i * ldc + j,
                        llvm::formatv("pad [{0},{1}]", i, j));
    if (ctx.interp && size_t(M) * N * K <= kInterpMaxMatmul) {
      HostArray ci = poisonedHost(ElemTy::F32, cOut.size());
      using KA = interp::KernelArg;
      std::vector<KA> iargs = {KA::buf(0), KA::buf(1), KA::buf(2)};
      for (long v : runtimeInts)
        iargs.push_back(KA::integer(v));
      return compareWithInterpreter(ctx, chk, {gx, gy, 1},
                                    {{"a", &a}, {"b", &b}, {"c", &ci}}, 2, cOut,
                                    iargs);
    }
    return llvm::Error::success();
  };
  return c;
}

/// The seed's launch with runtime strides (no specialization): the
/// tensor-core path without vector loads or pipelining.
static Case matmulCase(ElemTy dt, unsigned M, unsigned N, unsigned K,
                       bool transB, unsigned cPad) {
  MatmulCfg m;
  m.dt = dt;
  m.M = M;
  m.N = N;
  m.K = K;
  m.transB = transB;
  m.cPad = cPad;
  return matmulCase(m);
}

/// examples/matmul_tutorial.py (Triton's tutorial 03): C = act(A B) in fp16
/// for row-major fp16 A (M x K) and B (K x N), act leaky ReLU or none;
/// every element (or, beyond 2^31 multiply-adds, a sample) against fp64 with
/// the fp32 accumulator's and C's fp16 rounding allowed.
static Case tutorialMatmulCase(unsigned M, unsigned N, unsigned K, unsigned BM,
                               unsigned BN, unsigned BK, unsigned warps,
                               unsigned stages, bool leaky) {
  Case c;
  c.kernel = "matmul_kernel";
  c.dtype = "fp16->fp16";
  c.shape =
      llvm::formatv("{0}x{1}x{2} tiles {3}x{4}x{5} w{6} s{7}{8}", M, N, K, BM,
                    BN, BK, warps, stages, leaky ? " leaky_relu" : "");
  const std::vector<long> ints = {M, N, K, long(K), 1, long(N), 1, long(N), 1};
  std::string sig = "*fp16:16, *fp16:16, *fp16:16";
  std::vector<long> runtimeInts;
  for (long v : ints) {
    if (v == 1) {
      sig += ", 1";
      continue;
    }
    sig += ", " + ispec(v);
    runtimeInts.push_back(v);
  }
  sig += llvm::formatv(", {0}, {1}, {2}, 8, '{3}'", BM, BN, BK,
                       leaky ? "leaky_relu" : "")
             .str();
  c.key = {"matmul_tutorial.py", c.kernel, sig, int(warps), int(stages)};
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    HostArray a(ElemTy::F16, size_t(M) * K), b(ElemTy::F16, size_t(K) * N),
        cOut(ElemTy::F16, size_t(M) * N);
    fillRandom(a, -1.0, 1.0, 17 + M + 3 * K);
    fillRandom(b, -1.0, 1.0, 19 + N + 5 * K);
    rt::DeviceBuffer da(ctx.dev), db(ctx.dev), dc(ctx.dev);
    if (auto e = upload(ctx.dev, da, a))
      return e;
    if (auto e = upload(ctx.dev, db, b))
      return e;
    if (auto e = poisonedOutput(ctx.dev, dc, ElemTy::F16, cOut.size()))
      return e;
    std::vector<rt::Arg> args = {rt::Arg::ptr(da, "fp16"),
                                 rt::Arg::ptr(db, "fp16"),
                                 rt::Arg::ptr(dc, "fp16")};
    for (long v : runtimeInts)
      args.push_back(rt::Arg::i32(int32_t(v)));
    unsigned grid = cdiv(M, BM) * cdiv(N, BN);
    if (auto e = k.launch({grid}, args))
      return e;
    if (auto e = ctx.dev.synchronize())
      return e;
    if (auto e = download(dc, cOut))
      return e;
    auto at = matmulCheckPoints(M, N, K, 0x7070 + M + N + K, /*origin=*/false);
    std::vector<double> ref, mag;
    matmulReference(
        at, K, [&](size_t i, size_t kk) { return a.get(i * K + kk); },
        [&](size_t kk, size_t j) { return b.get(kk * N + j); }, ref, mag);
    if (leaky)
      for (double &r : ref)
        r = r < 0 ? 0.01 * r : r;
    for (size_t t = 0; t < at.size(); ++t) {
      auto [i, j] = at[t];
      chk.check(cOut, size_t(i) * N + j, ref[t],
                1e-30 + std::fabs(ref[t]) * std::ldexp(1.0, -10) +
                    2 * (K + 2) * std::ldexp(1.0, -24) * mag[t],
                llvm::formatv("[{0},{1}]", i, j));
    }
    return llvm::Error::success();
  };
  return c;
}

//===----------------------------------------------------------------------===//
// The case lists
//===----------------------------------------------------------------------===//

void addMatmulCases(std::vector<Case> &cs, const Options &opts) {
  std::vector<std::array<unsigned, 3>> mm = {
      {64, 64, 32},   {1, 1, 1},       {7, 13, 5},     {100, 70, 50},
      {128, 256, 64}, {257, 129, 100}, {512, 512, 512}};
  if (opts.quick)
    mm.resize(5);
  for (ElemTy dt : {ElemTy::F16, ElemTy::F32, ElemTy::BF16}) {
    for (auto [m, n, k] : mm)
      cs.push_back(matmulCase(dt, m, n, k, false, 0));
    cs.push_back(matmulCase(dt, 100, 70, 50, true, 3));
  }
  // Specialized as Triton's JIT launches them (unit strides = 1): vector
  // cp.async copies, num_stages-deep pipelines, the seed's tiles and larger.
  struct Tiles {
    unsigned bm, bn, bk, warps, stages;
  };
  std::vector<Tiles> tiles = {{64, 64, 32, 4, 3},
                              {128, 128, 64, 4, 3},
                              {128, 256, 64, 8, 3},
                              {128, 128, 32, 8, 2},
                              {64, 128, 32, 4, 4},
                              {64, 128, 64, 8, 3},
                              {64, 256, 64, 16, 3}};
  std::vector<std::array<unsigned, 3>> shapes = {
      {64, 64, 32},   {1000, 1000, 1000}, {1, 4096, 512},
      {4095, 33, 17}, {4096, 4096, 4096}, {8192, 8192, 8192}};
  if (opts.quick) {
    tiles = {{64, 64, 32, 4, 3},
             {128, 256, 64, 8, 3},
             {64, 128, 32, 4, 4},
             {64, 128, 64, 8, 3}};
    shapes = {{64, 64, 32}, {257, 129, 100}, {4095, 33, 17}};
  }
  // A specialized case of shape sh with tiles t.
  auto tiled = [](ElemTy dt, std::array<unsigned, 3> sh, Tiles t) {
    MatmulCfg m;
    m.dt = dt;
    m.M = sh[0];
    m.N = sh[1];
    m.K = sh[2];
    m.BM = t.bm;
    m.BN = t.bn;
    m.BK = t.bk;
    m.warps = t.warps;
    m.stages = t.stages;
    m.specialize = true;
    return m;
  };
  for (ElemTy dt : {ElemTy::F16, ElemTy::BF16, ElemTy::F32}) {
    for (auto [ti, t] : llvm::enumerate(tiles))
      for (auto [si, sh] : llvm::enumerate(shapes)) {
        // Every shape with the seed's tiles; the larger tiles on the odd
        // shapes and 4096^3 (8192^3 with the seed's and the largest).
        bool big = sh[0] >= 4096 && sh[1] >= 4096;
        if (!opts.quick && ti > 0 && big && sh[0] == 8192 && ti != 2)
          continue;
        // 64-row tiles on 8 and 16 warps: two and four warpgroups along N
        // at sm_90a (wgmma m64n64 each).
        if (!opts.quick && t.bm == 64 && t.warps > 4 && big && sh[0] == 8192)
          continue;
        cs.push_back(matmulCase(tiled(dt, sh, t)));
      }
    // Transposed operands given by strides, and a padded C.
    for (auto [ta, tb] :
         {std::pair{true, false}, {false, true}, {true, true}}) {
      MatmulCfg m;
      m.dt = dt;
      m.M = opts.quick ? 100 : 1000;
      m.N = opts.quick ? 70 : 1000;
      m.K = opts.quick ? 50 : 1000;
      m.transA = ta;
      m.transB = tb;
      m.cPad = 3;
      m.specialize = true;
      cs.push_back(matmulCase(m));
    }
    // B given transposed with K a multiple of 16 (so its rows are 16-byte
    // aligned and the loads vectorize along K): B is staged K-major in a
    // transposed buffer, pipelined: read by wgmma (tf32 wgmma for fp32) at
    // sm_90a, by ldmatrix without .trans for mma.sync. Odd M and N.
    // 64 x 64 tiles on 8 warps: two warpgroups along N, 32 columns each
    // (a K-major B splits at any 8 columns).
    for (Tiles t : {Tiles{64, 64, 32, 4, 3}, Tiles{128, 128, 64, 4, 3},
                    Tiles{128, 256, 64, 8, 3}, Tiles{64, 64, 32, 8, 3}}) {
      if (opts.quick && t.bn == 128)
        continue;
      auto transposed = [&](std::array<unsigned, 3> small,
                            std::array<unsigned, 3> full, bool transA) {
        MatmulCfg m = tiled(dt, opts.quick ? small : full, t);
        (transA ? m.transA : m.transB) = true;
        cs.push_back(matmulCase(m));
      };
      transposed({257, 129, 128}, {1000, 1000, 1024}, false);
      // A given transposed with M a multiple of 16: a 16-bit A is staged
      // M-major in a transposed buffer (wgmma transpose-a, ldmatrix .trans).
      transposed({256, 129, 100}, {1024, 1000, 1000}, true);
    }
    // The same product through block pointers (examples/matmul_block_ptr.py):
    // boundary_check masks, offsets advanced through K. Runtime strides,
    // specialized tiles on odd and large shapes, B given transposed.
    for (auto [m0, n0, k0] : std::vector<std::array<unsigned, 3>>{
             {1, 1, 1}, {100, 70, 50}, {257, 129, 100}}) {
      MatmulCfg m;
      m.dt = dt;
      m.M = m0;
      m.N = n0;
      m.K = k0;
      m.blockPtr = true;
      cs.push_back(matmulCase(m));
    }
    for (Tiles t : {Tiles{64, 64, 32, 4, 3}, Tiles{128, 128, 64, 4, 3},
                    Tiles{128, 256, 64, 8, 3}}) {
      for (std::array<unsigned, 3> sh : std::vector<std::array<unsigned, 3>>{
               {4095, 33, 17}, {1000, 1000, 1000}, {4096, 4096, 4096}}) {
        if (opts.quick && sh[0] == 4096 && sh[1] == 4096)
          continue;
        MatmulCfg m = tiled(dt, sh, t);
        m.blockPtr = true;
        cs.push_back(matmulCase(m));
      }
      MatmulCfg m =
          tiled(dt,
                opts.quick ? std::array<unsigned, 3>{257, 129, 128}
                           : std::array<unsigned, 3>{1000, 1000, 1024},
                t);
      m.transB = true;
      m.blockPtr = true;
      cs.push_back(matmulCase(m));
    }
  }
}

void addTutorialMatmulCases(std::vector<Case> &cs, const Options &opts) {
  // Triton's tutorial matmul as users copy it (examples/matmul_tutorial.py).
  for (bool leaky : {true, false}) {
    cs.push_back(tutorialMatmulCase(257, 129, 100, 64, 64, 32, 4, 3, leaky));
    cs.push_back(
        tutorialMatmulCase(1000, 1000, 1000, 128, 256, 64, 8, 3, leaky));
    cs.push_back(
        tutorialMatmulCase(1000, 1024, 1024, 128, 256, 64, 8, 3, leaky));
    if (!opts.quick)
      cs.push_back(
          tutorialMatmulCase(4096, 4096, 4096, 128, 256, 64, 8, 3, leaky));
  }
}

} // namespace tilec::gputest
