//===- FlashAttentionCases.cpp - Cases of examples/flash_attention.py -----===//

#include "Cases.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>

namespace tilec::gputest {

void attentionReference(const HostArray &q, const HostArray &k,
                        const HostArray &v, size_t heads, unsigned n,
                        unsigned D, double scale, bool causal,
                        std::vector<double> &o, std::vector<double> *lse2) {
  o.assign(heads * n * D, 0.0);
  if (lse2)
    lse2->assign(heads * n, 0.0);
  parallelFor(heads * n, [&](size_t b0, size_t e0) {
    std::vector<double> p(n);
    for (size_t r = b0; r < e0; ++r) {
      size_t head = r / n, i = r % n, base = head * size_t(n) * D;
      size_t last = causal ? i : n - 1;
      double mx = -INFINITY, sum = 0;
      for (size_t j = 0; j <= last; ++j) {
        double dot = 0;
        for (unsigned d = 0; d < D; ++d)
          dot += q.get(base + i * D + d) * k.get(base + j * D + d);
        p[j] = dot * scale;
        mx = std::max(mx, p[j]);
      }
      for (size_t j = 0; j <= last; ++j)
        sum += (p[j] = std::exp(p[j] - mx));
      if (lse2)
        (*lse2)[r] = (mx + std::log(sum)) / std::log(2.0);
      for (unsigned d = 0; d < D; ++d) {
        double acc = 0;
        for (size_t j = 0; j <= last; ++j)
          acc += p[j] * v.get(base + j * D + d);
        o[base + i * D + d] = acc / sum;
      }
    }
  });
}

/// examples/flash_attention.py: O = softmax(Q K^T * scale [causal]) V per
/// (batch, head), Q K V O of shape [Z, H, n, D] fp16 or bf16, contiguous;
/// the fp64 reference from the same inputs. The kernel rounds q * scale and
/// the probabilities to the inputs' type before its dots (as Triton's
/// tutorial does): the bound is 4e-3 absolute in fp16 (|O| <= max |V| = 1),
/// 1.6e-2 in bf16 (8 bits of mantissa against 11).
static Case flashAttentionCase(unsigned Z, unsigned H, unsigned n, bool causal,
                               unsigned warps, unsigned D = 64,
                               ElemTy dt = ElemTy::F16) {
  constexpr unsigned BM = 128, BN = 64;
  const bool bf16 = dt == ElemTy::BF16;
  const char *name = bf16 ? "bf16" : "fp16";
  const double tol = bf16 ? 1.6e-2 : 4e-3;
  Case c;
  c.kernel = "flash_attention_fwd_kernel";
  c.dtype = name;
  c.shape = llvm::formatv("{0}x{1}x{2}x{3}{4} w{5}", Z, H, n, D,
                          causal ? " causal" : "", warps);
  std::string ptr = ptrSig(dt);
  std::string sig = ptr + ", " + ptr + ", " + ptr + ", fp32, " + ptr;
  const std::vector<long> strides = {long(H) * n * D, long(n) * D, long(D)};
  for (int t = 0; t < 4; ++t) {
    for (long st : strides)
      sig += ", " + ispec(st);
    sig += ", 1";
  }
  sig += ", " + ispec(Z) + ", " + ispec(H) + ", " + ispec(n);
  sig += llvm::formatv(", {0}, {1}, {2}, {3}", BM, D, BN, causal ? 1 : 0).str();
  c.key = {"flash_attention.py", c.kernel, sig, int(warps)};
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    size_t total = size_t(Z) * H * n * D;
    HostArray q(dt, total), kk(dt, total), v(dt, total), o(dt, total);
    fillRandom(q, -1.0, 1.0, 31 + n);
    fillRandom(kk, -1.0, 1.0, 37 + n);
    fillRandom(v, -1.0, 1.0, 41 + n);
    const double scale = 1.0 / std::sqrt(double(D));
    rt::DeviceBuffer dq(ctx.dev), dk(ctx.dev), dv(ctx.dev), dout(ctx.dev);
    if (auto e = upload(ctx.dev, dq, q))
      return e;
    if (auto e = upload(ctx.dev, dk, kk))
      return e;
    if (auto e = upload(ctx.dev, dv, v))
      return e;
    if (auto e = poisonedOutput(ctx.dev, dout, dt, total))
      return e;
    std::vector<rt::Arg> args = {
        rt::Arg::ptr(dq, name), rt::Arg::ptr(dk, name), rt::Arg::ptr(dv, name),
        rt::Arg::f32(float(scale)), rt::Arg::ptr(dout, name)};
    for (int t = 0; t < 4; ++t)
      for (long st : strides)
        args.push_back(rt::Arg::i32(int32_t(st)));
    for (unsigned x : {Z, H, n})
      args.push_back(rt::Arg::i32(int32_t(x)));
    if (auto e = k.launch({cdiv(n, BM), Z * H}, args))
      return e;
    if (auto e = ctx.dev.synchronize())
      return e;
    if (auto e = download(dout, o))
      return e;
    std::vector<double> ref;
    const float scale32 = float(scale);
    attentionReference(q, kk, v, size_t(Z) * H, n, D, scale32, causal, ref);
    for (size_t t = 0; t < total; ++t)
      chk.check(o, t, ref[t], tol, llvm::formatv("[{0}]", t));
    if (ctx.interp && total <= kInterpMaxInputs) {
      HostArray oi = poisonedHost(dt, total);
      using KA = interp::KernelArg;
      std::vector<KA> iargs = {KA::buf(0), KA::buf(1), KA::buf(2),
                               KA::fp(scale32), KA::buf(3)};
      for (int t = 0; t < 4; ++t)
        for (long st : strides)
          iargs.push_back(KA::integer(st));
      for (unsigned x : {Z, H, n})
        iargs.push_back(KA::integer(x));
      return compareWithInterpreter(
          ctx, chk, {cdiv(n, BM), Z * H, 1},
          {{"q", &q}, {"k", &kk}, {"v", &v}, {"o", &oi}}, 3, o, iargs);
    }
    return llvm::Error::success();
  };
  return c;
}

void addFlashAttentionCases(std::vector<Case> &cs, const Options &opts) {
  // Flash attention through block pointers (examples/flash_attention.py).
  for (bool causal : {false, true}) {
    cs.push_back(flashAttentionCase(1, 2, 128, causal, 8));
    cs.push_back(flashAttentionCase(2, 3, 512, causal, 4));
    cs.push_back(flashAttentionCase(1, 3, 384, causal, 8, /*D=*/128));
    if (!opts.quick)
      cs.push_back(flashAttentionCase(2, 8, 2048, causal, 8));
    // bf16 (the example rounds to its inputs' type): wgmma's bf16 forms.
    cs.push_back(flashAttentionCase(2, 3, 512, causal, 8, 64, ElemTy::BF16));
    cs.push_back(flashAttentionCase(1, 3, 384, causal, 8, 128, ElemTy::BF16));
  }
}

} // namespace tilec::gputest
