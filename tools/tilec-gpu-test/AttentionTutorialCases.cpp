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
}

} // namespace tilec::gputest
