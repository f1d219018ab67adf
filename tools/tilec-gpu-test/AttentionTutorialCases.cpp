//===- AttentionTutorialCases.cpp - Triton's fused-attention tutorial -----===//

#include "Cases.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>

namespace tilec::gputest {

namespace {

/// A configuration of the tutorial's forward, as its autotuner keeps them on
/// Hopper.
struct Config {
  unsigned blockM, blockN, warps, stages;
};

} // namespace

/// The forward of examples/fused_attention_tutorial.py (Triton's tutorial
/// 06, unchanged): O = softmax(Q K^T * sm_scale [causal]) V and M, the
/// rows' log-sum-exp in base 2, per (batch, head). Q K V O are [Z, H, n, D]
/// fp16, contiguous, passed as host tensor descriptors of the
/// [Z * H * n, D] matrices (pointer, shape, strides; the shape all
/// multiples of 16: `tensordesc<...>:16`). The fp64 reference starts from
/// the same fp16 inputs; the kernel rounds the probabilities to fp16 before
/// the second dot: O within 4e-3 absolute (|O| <= max |V| = 1), M within
/// 1e-3 absolute.
static Case attentionTutorialCase(unsigned Z, unsigned H, unsigned n,
                                  unsigned D, bool causal, Config cfg) {
  Case c;
  c.kernel = "_attn_fwd";
  c.dtype = "fp16";
  c.shape =
      llvm::formatv("{0}x{1}x{2}x{3}{4} {5}x{6} w{7}", Z, H, n, D,
                    causal ? " causal" : "", cfg.blockM, cfg.blockN, cfg.warps);
  auto desc = [&](unsigned rows) {
    return llvm::formatv("tensordesc<fp16[{0}, {1}]>:16", rows, D).str();
  };
  // sm_scale, M, Z, H, desc_q, desc_k, desc_v, desc_o, N_CTX, HEAD_DIM,
  // BLOCK_M, BLOCK_N, FP8_OUTPUT, STAGE, warp_specialize, IS_HOPPER.
  std::string sig = "fp32, *fp32:16, " + ispec(Z) + ", " + ispec(H) + ", " +
                    desc(cfg.blockM) + ", " + desc(cfg.blockN) + ", " +
                    desc(cfg.blockN) + ", " + desc(cfg.blockM) + ", " +
                    ispec(n) +
                    llvm::formatv(", {0}, {1}, {2}, False, {3}, False, True", D,
                                  cfg.blockM, cfg.blockN, causal ? 3 : 1)
                        .str();
  c.key = {"fused_attention_tutorial.py", c.kernel, sig, int(cfg.warps),
           int(cfg.stages)};
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    const size_t rows = size_t(Z) * H * n, total = rows * D;
    HostArray q(ElemTy::F16, total), kk(ElemTy::F16, total),
        v(ElemTy::F16, total), o(ElemTy::F16, total), m(ElemTy::F32, rows);
    fillRandom(q, -1.0, 1.0, 43 + n + D);
    fillRandom(kk, -1.0, 1.0, 47 + n + D);
    fillRandom(v, -1.0, 1.0, 53 + n + D);
    const float scale = float(1.0 / std::sqrt(double(D)));
    rt::DeviceBuffer dq(ctx.dev), dk(ctx.dev), dv(ctx.dev), dout(ctx.dev),
        dm(ctx.dev);
    if (auto e = upload(ctx.dev, dq, q))
      return e;
    if (auto e = upload(ctx.dev, dk, kk))
      return e;
    if (auto e = upload(ctx.dev, dv, v))
      return e;
    if (auto e = poisonedOutput(ctx.dev, dout, ElemTy::F16, total))
      return e;
    if (auto e = poisonedOutput(ctx.dev, dm, ElemTy::F32, rows))
      return e;
    std::vector<rt::Arg> args = {rt::Arg::f32(scale), rt::Arg::ptr(dm, "fp32"),
                                 rt::Arg::i32(int32_t(Z)),
                                 rt::Arg::i32(int32_t(H))};
    for (rt::DeviceBuffer *b : {&dq, &dk, &dv, &dout}) {
      args.push_back(rt::Arg::ptr(*b, "fp16"));
      args.push_back(rt::Arg::i32(int32_t(rows)));
      args.push_back(rt::Arg::i32(int32_t(D)));
      args.push_back(rt::Arg::i64(D));
      args.push_back(rt::Arg::i64(1));
    }
    args.push_back(rt::Arg::i32(int32_t(n)));
    if (auto e = k.launch({cdiv(n, cfg.blockM), Z * H}, args))
      return e;
    if (auto e = ctx.dev.synchronize())
      return e;
    if (auto e = download(dout, o))
      return e;
    if (auto e = download(dm, m))
      return e;
    std::vector<double> refO, refM;
    attentionReference(q, kk, v, size_t(Z) * H, n, D, scale, causal, refO,
                       &refM);
    for (size_t t = 0; t < total; ++t)
      chk.check(o, t, refO[t], 4e-3, llvm::formatv("O[{0}]", t));
    for (size_t r = 0; r < rows; ++r)
      chk.check(m, r, refM[r], 1e-3, llvm::formatv("M[{0}]", r));
    if (ctx.interp && total <= kInterpMaxInputs) {
      HostArray oi = poisonedHost(ElemTy::F16, total);
      HostArray mi = poisonedHost(ElemTy::F32, rows);
      using KA = interp::KernelArg;
      std::vector<KA> iargs = {KA::fp(scale), KA::buf(1), KA::integer(Z),
                               KA::integer(H)};
      for (unsigned buf : {0u, 2u, 3u, 4u}) {
        iargs.push_back(KA::buf(buf));
        iargs.push_back(KA::integer(int64_t(rows)));
        iargs.push_back(KA::integer(D));
        iargs.push_back(KA::integer(D));
        iargs.push_back(KA::integer(1));
      }
      iargs.push_back(KA::integer(n));
      return compareOutputsWithInterpreter(
          ctx, chk, {cdiv(n, cfg.blockM), Z * H, 1},
          {{"q", &q}, {"m", &mi}, {"k", &kk}, {"v", &v}, {"o", &oi}},
          {{4, &o}, {1, &m}}, iargs);
    }
    return llvm::Error::success();
  };
  return c;
}

/// The fp64 gradients of sum(O * dO), O = softmax(Q K^T * scale [causal]) V,
/// for the fp16 inputs as given ([heads, n, D] each): dq, dk, dv.
static void attentionGradients(const HostArray &q, const HostArray &k,
                               const HostArray &v, const HostArray &dout,
                               size_t heads, unsigned n, unsigned D,
                               double scale, bool causal,
                               std::vector<double> (&grad)[3]) {
  for (auto &g : grad)
    g.assign(heads * n * D, 0.0);
  std::vector<double> p(size_t(n) * n), ds(size_t(n) * n), o(D);
  for (size_t h = 0; h < heads; ++h) {
    size_t base = h * n * D;
    auto at = [&](const HostArray &a, unsigned row, unsigned d) {
      return a.get(base + size_t(row) * D + d);
    };
    for (unsigned i = 0; i < n; ++i) {
      unsigned last = causal ? i : n - 1;
      double mx = -INFINITY;
      for (unsigned j = 0; j <= last; ++j) {
        double dot = 0;
        for (unsigned d = 0; d < D; ++d)
          dot += at(q, i, d) * at(k, j, d);
        p[size_t(i) * n + j] = dot * scale;
        mx = std::max(mx, dot * scale);
      }
      double sum = 0;
      for (unsigned j = 0; j < n; ++j) {
        double &x = p[size_t(i) * n + j];
        x = j <= last ? std::exp(x - mx) : 0.0;
        sum += x;
      }
      for (unsigned j = 0; j < n; ++j)
        p[size_t(i) * n + j] /= sum;
      // delta_i = dO_i . O_i; dS = P * (dO V^T - delta).
      std::fill(o.begin(), o.end(), 0.0);
      for (unsigned j = 0; j <= last; ++j)
        for (unsigned d = 0; d < D; ++d)
          o[d] += p[size_t(i) * n + j] * at(v, j, d);
      double delta = 0;
      for (unsigned d = 0; d < D; ++d)
        delta += at(dout, i, d) * o[d];
      for (unsigned j = 0; j < n; ++j) {
        double dp = 0;
        if (j <= last)
          for (unsigned d = 0; d < D; ++d)
            dp += at(dout, i, d) * at(v, j, d);
        ds[size_t(i) * n + j] = p[size_t(i) * n + j] * (dp - delta);
      }
    }
    for (unsigned i = 0; i < n; ++i)
      for (unsigned j = 0; j < n; ++j) {
        double pij = p[size_t(i) * n + j], dsij = ds[size_t(i) * n + j];
        if (pij == 0.0)
          continue;
        for (unsigned d = 0; d < D; ++d) {
          grad[0][base + size_t(i) * D + d] += scale * dsij * at(k, j, d);
          grad[1][base + size_t(j) * D + d] += scale * dsij * at(q, i, d);
          grad[2][base + size_t(j) * D + d] += pij * at(dout, i, d);
        }
      }
  }
}

/// The backward `_attn_bwd` of the same tutorial, launched as its
/// `_attention.backward` launches it (BLOCK_M1/N1/M2/N2 = 32/128/128/32,
/// BLK_SLICE_FACTOR 2, 4 warps, 5 stages, grid (n / 128, 1, Z * H)) on K
/// pre-scaled by scale / ln 2, with the forward's M (log-sum-exp in base 2)
/// and the preprocess's delta given from the fp64 forward. dQ, dK and dV
/// (fp16) within 5e-3 of the largest magnitude of their fp64 gradients
/// (plus 1e-4), as the interpreter's test of the chained backward requires.
static Case attentionTutorialBwdCase(unsigned Z, unsigned H, unsigned n,
                                     unsigned D, bool causal) {
  Case c;
  c.kernel = "_attn_bwd";
  c.dtype = "fp16";
  c.shape =
      llvm::formatv("{0}x{1}x{2}x{3}{4}", Z, H, n, D, causal ? " causal" : "");
  // Q, K, V, sm_scale, DO, DQ, DK, DV, M, D, stride_z, stride_h,
  // stride_tok, stride_d, H, N_CTX, BLOCK_M1, BLOCK_N1, BLOCK_M2, BLOCK_N2,
  // BLK_SLICE_FACTOR, HEAD_DIM, CAUSAL.
  std::string sig =
      "*fp16:16, *fp16:16, *fp16:16, fp32, *fp16:16, *fp16:16, *fp16:16, "
      "*fp16:16, *fp32:16, *fp32:16, " +
      ispec(size_t(H) * n * D) + ", " + ispec(size_t(n) * D) + ", " + ispec(D) +
      ", 1, " + ispec(H) + ", " + ispec(n) +
      llvm::formatv(", 32, 128, 128, 32, 2, {0}, {1}", D,
                    causal ? "True" : "False")
          .str();
  c.key = {"fused_attention_tutorial.py", c.kernel, sig, 4, 5};
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    const size_t heads = size_t(Z) * H, rows = heads * n, total = rows * D;
    const double scale = 1.0 / std::sqrt(double(D));
    HostArray q(ElemTy::F16, total), kk(ElemTy::F16, total),
        v(ElemTy::F16, total), dout(ElemTy::F16, total), ks(ElemTy::F16, total),
        m(ElemTy::F32, rows), delta(ElemTy::F32, rows);
    fillRandom(q, -1.0, 1.0, 61 + n + D);
    fillRandom(kk, -1.0, 1.0, 67 + n + D);
    fillRandom(v, -1.0, 1.0, 71 + n + D);
    fillRandom(dout, -1.0, 1.0, 73 + n + D);
    for (size_t t = 0; t < total; ++t)
      ks.set(t, kk.get(t) * scale / std::log(2.0));
    std::vector<double> refO, refM;
    attentionReference(q, kk, v, heads, n, D, scale, causal, refO, &refM);
    for (size_t r = 0; r < rows; ++r) {
      m.set(r, refM[r]);
      double dsum = 0;
      for (unsigned d = 0; d < D; ++d)
        dsum += refO[r * D + d] * dout.get(r * D + d);
      delta.set(r, dsum);
    }
    rt::DeviceBuffer dq_(ctx.dev), dk_(ctx.dev), dv_(ctx.dev), ddo(ctx.dev),
        gq(ctx.dev), gk(ctx.dev), gv(ctx.dev), dm(ctx.dev), ddelta(ctx.dev);
    for (auto [buf, host] : {std::pair{&dq_, &q},
                             {&dk_, &ks},
                             {&dv_, &v},
                             {&ddo, &dout},
                             {&dm, &m},
                             {&ddelta, &delta}})
      if (auto e = upload(ctx.dev, *buf, *host))
        return e;
    for (rt::DeviceBuffer *g : {&gq, &gk, &gv})
      if (auto e = poisonedOutput(ctx.dev, *g, ElemTy::F16, total))
        return e;
    std::vector<rt::Arg> args = {rt::Arg::ptr(dq_, "fp16"),
                                 rt::Arg::ptr(dk_, "fp16"),
                                 rt::Arg::ptr(dv_, "fp16"),
                                 rt::Arg::f32(float(scale)),
                                 rt::Arg::ptr(ddo, "fp16"),
                                 rt::Arg::ptr(gq, "fp16"),
                                 rt::Arg::ptr(gk, "fp16"),
                                 rt::Arg::ptr(gv, "fp16"),
                                 rt::Arg::ptr(dm, "fp32"),
                                 rt::Arg::ptr(ddelta, "fp32"),
                                 rt::Arg::i32(int32_t(size_t(H) * n * D)),
                                 rt::Arg::i32(int32_t(n * D)),
                                 rt::Arg::i32(int32_t(D)),
                                 rt::Arg::i32(int32_t(H)),
                                 rt::Arg::i32(int32_t(n))};
    if (auto e = k.launch({n / 128, 1, unsigned(heads)}, args))
      return e;
    if (auto e = ctx.dev.synchronize())
      return e;
    HostArray got[3] = {HostArray(ElemTy::F16, total),
                        HostArray(ElemTy::F16, total),
                        HostArray(ElemTy::F16, total)};
    for (auto [g, h] :
         {std::pair{&gq, &got[0]}, {&gk, &got[1]}, {&gv, &got[2]}})
      if (auto e = download(*g, *h))
        return e;
    std::vector<double> want[3];
    attentionGradients(q, kk, v, dout, heads, n, D, scale, causal, want);
    const char *names[3] = {"dQ", "dK", "dV"};
    for (unsigned g = 0; g < 3; ++g) {
      double largest = 0;
      for (double x : want[g])
        largest = std::max(largest, std::abs(x));
      for (size_t t = 0; t < total; ++t)
        chk.check(got[g], t, want[g][t], 5e-3 * largest + 1e-4,
                  llvm::formatv("{0}[{1}]", names[g], t));
    }
    return llvm::Error::success();
  };
  return c;
}

void addAttentionTutorialCases(std::vector<Case> &cs, const Options &opts) {
  // Configurations the tutorial's autotuner keeps on Hopper: 128 x 64
  // blocks on 4 warps (the corpus's causal launches, docs/corpus.md) and
  // 64 x 64 on 4; with --arch sm_90a (wgmma) also 128 x 128 on 8 warps
  // (the corpus's non-causal launch), whose operands need more shared
  // memory than the mma.sync staging of sm_90 has.
  const Config wide{128, 64, 4, 3}, small{64, 64, 4, 3}, big{128, 128, 8, 3};
  for (bool causal : {false, true}) {
    cs.push_back(attentionTutorialCase(1, 1, 128, 64, causal, wide));
    cs.push_back(attentionTutorialCase(2, 3, 512, 64, causal, wide));
    cs.push_back(attentionTutorialCase(1, 3, 384, 128, causal, wide));
    cs.push_back(attentionTutorialCase(1, 2, 256, 64, causal, small));
    if (opts.arch == "sm_90a")
      cs.push_back(attentionTutorialCase(1, 2, 512, 128, causal, big));
    if (!opts.quick)
      cs.push_back(attentionTutorialCase(2, 8, 2048, 128, causal, wide));
  }
  for (bool causal : {false, true}) {
    cs.push_back(attentionTutorialBwdCase(1, 2, 128, 64, causal));
    cs.push_back(attentionTutorialBwdCase(2, 1, 256, 64, causal));
    cs.push_back(attentionTutorialBwdCase(1, 1, 256, 128, causal));
  }
}

} // namespace tilec::gputest
