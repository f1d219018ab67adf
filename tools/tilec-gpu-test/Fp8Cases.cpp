//===- Fp8Cases.cpp - fp8 conversions and products ----------------------===//
//
// examples/fp8_matmul.py's fp8 product against fp64; examples/fp8.py's
// fp8_convert_kernel on fp32, fp16 and bf16 inputs (the
// values where rounding and saturation decide: ties, the largest finite
// values and beyond, infinities, NaN, subnormals; then random magnitudes
// from 2^-20 to 2^20): the fp8 bytes against the host conversions of
// tilec/Interpreter/Interpreter.h (to nearest even, saturating), the values
// converted back exact.
//
//===----------------------------------------------------------------------===//

#include "Cases.h"
#include "RunBuffers.h"

#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <limits>

namespace tilec::gputest {

static Case fp8ConvertCase(ElemTy dt, unsigned n) {
  Case c;
  c.kernel = "fp8_convert_kernel";
  c.dtype = sigName(dt);
  c.shape = llvm::formatv("{0}", n);
  c.key = {"fp8.py", c.kernel,
           llvm::formatv("{0}, *fp8e4nv:16, *fp8e5:16, *fp32:16, {0}, {1}, "
                         "1024",
                         ptrSig(dt), ispec(n)),
           4};
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    Rng rng(17 + n + unsigned(dt));
    const double inf = std::numeric_limits<double>::infinity();
    std::vector<double> special = {0.0,
                                   -0.0,
                                   1.0,
                                   1.0625,
                                   1.125,
                                   448.0,
                                   464.0,
                                   480.0,
                                   500.0,
                                   1e6,
                                   inf,
                                   -inf,
                                   std::nan(""),
                                   std::ldexp(1.0, -9),
                                   std::ldexp(1.0, -10),
                                   std::ldexp(3.0, -11),
                                   57344.0,
                                   61440.0,
                                   65504.0,
                                   -0.1};
    HostArray x(dt, n);
    for (unsigned i = 0; i < n; ++i)
      x.setViaF32(
          i, i < special.size()
                 ? special[i]
                 : (rng.below(2) ? -1 : 1) *
                       std::ldexp(rng.uniform(1, 2), int(rng.range(-20, 20))));
    // The fp8 outputs, 4 a word (HostArray has no 1-byte type).
    unsigned words = (n + 3) / 4;
    HostArray e4 = poisonedHost(ElemTy::U32, words),
              e5 = poisonedHost(ElemTy::U32, words),
              back4 = poisonedHost(ElemTy::F32, n), back5 = poisonedHost(dt, n);
    rt::DeviceBuffer dx(ctx.dev), d4(ctx.dev), d5(ctx.dev), db4(ctx.dev),
        db5(ctx.dev);
    for (auto [d, a] : {std::pair{&dx, &x},
                        {&d4, &e4},
                        {&d5, &e5},
                        {&db4, &back4},
                        {&db5, &back5}})
      if (auto e = upload(ctx.dev, *d, *a))
        return e;
    if (auto e = k.launch(
            {cdiv(n, 1024)},
            {rt::Arg::ptr(dx, sigName(dt)), rt::Arg::ptr(d4, "fp8e4nv"),
             rt::Arg::ptr(d5, "fp8e5"), rt::Arg::ptr(db4, "fp32"),
             rt::Arg::ptr(db5, sigName(dt)), rt::Arg::i32(int32_t(n))}))
      return e;
    if (auto e = ctx.dev.synchronize())
      return e;
    for (auto [d, a] :
         {std::pair{&d4, &e4}, {&d5, &e5}, {&db4, &back4}, {&db5, &back5}})
      if (auto e = download(*d, *a))
        return e;
    for (unsigned i = 0; i < n; ++i) {
      double v = x.get(i);
      uint8_t want4 = interp::toF8E4M3Bits(v), want5 = interp::toF8E5M2Bits(v);
      uint8_t got4 = uint8_t(e4.bitsAt(i / 4) >> (8 * (i % 4)));
      uint8_t got5 = uint8_t(e5.bitsAt(i / 4) >> (8 * (i % 4)));
      chk.checked += 2;
      if (got4 != want4)
        chk.fail(llvm::formatv("fp8e4nv of {0} at {1}: got 0x{2:x-2}, want "
                               "0x{3:x-2}",
                               v, i, got4, want4));
      if (got5 != want5)
        chk.fail(llvm::formatv("fp8e5 of {0} at {1}: got 0x{2:x-2}, want "
                               "0x{3:x-2}",
                               v, i, got5, want5));
      double b4 = interp::fromF8E4M3Bits(want4),
             b5 = interp::fromF8E5M2Bits(want5);
      chk.checked += 2;
      if (!(std::isnan(b4) ? std::isnan(back4.get(i)) : back4.get(i) == b4))
        chk.fail(llvm::formatv("fp8e4nv {0:x-2} back to fp32 at {1}: got {2}, "
                               "want {3}",
                               want4, i, back4.get(i), b4));
      if (!(std::isnan(b5) ? std::isnan(back5.get(i)) : back5.get(i) == b5))
        chk.fail(llvm::formatv("fp8e5 {0:x-2} back at {1}: got {2}, want {3}",
                               want5, i, back5.get(i), b5));
    }
    return llvm::Error::success();
  };
  return c;
}

/// examples/fp8_matmul.py: C (fp16) = A x B of fp8e4nv matrices (values in
/// [-8, 8] rounded to fp8) against the fp64 product, within fp16 rounding
/// and fp32 accumulation.
static Case fp8MatmulCase(unsigned M, unsigned N, unsigned K, unsigned BM,
                          unsigned BN, unsigned BK, int warps) {
  Case c;
  c.kernel = "fp8_matmul_kernel";
  c.dtype = "fp8e4nv";
  c.shape =
      llvm::formatv("{0}x{1}x{2} {3}x{4}x{5} w{6}", M, N, K, BM, BN, BK, warps);
  c.key = {"fp8_matmul.py", c.kernel,
           llvm::formatv("*fp8e4nv:16, *fp8e4nv:16, *fp16:16, {0}, {1}, {2}, "
                         "{3}, 1, {4}, 1, {4}, 1, {5}, {6}, {7}",
                         ispec(M), ispec(N), ispec(K), ispec(K), ispec(N), BM,
                         BN, BK),
           warps};
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    Rng rng(29 + M + N * 3ull + K * 7ull);
    auto fill = [&](unsigned count, std::vector<double> &vals) {
      HostArray words(ElemTy::U32, (count + 3) / 4);
      vals.resize(count);
      for (unsigned i = 0; i < count; ++i) {
        uint8_t bits = interp::toF8E4M3Bits(rng.uniform(-8, 8));
        vals[i] = interp::fromF8E4M3Bits(bits);
        words.setBits(i / 4,
                      words.bitsAt(i / 4) | (uint64_t(bits) << (8 * (i % 4))));
      }
      return words;
    };
    std::vector<double> av, bv;
    HostArray a = fill(M * K, av), b = fill(K * N, bv);
    HostArray out = poisonedHost(ElemTy::F16, size_t(M) * N);
    rt::DeviceBuffer da(ctx.dev), db(ctx.dev), dc(ctx.dev);
    for (auto [d, h] : {std::pair{&da, &a}, {&db, &b}, {&dc, &out}})
      if (auto e = upload(ctx.dev, *d, *h))
        return e;
    if (auto e =
            k.launch({cdiv(M, BM), cdiv(N, BN)},
                     {rt::Arg::ptr(da, "fp8e4nv"), rt::Arg::ptr(db, "fp8e4nv"),
                      rt::Arg::ptr(dc, "fp16"), rt::Arg::i32(int32_t(M)),
                      rt::Arg::i32(int32_t(N)), rt::Arg::i32(int32_t(K)),
                      rt::Arg::i32(int32_t(K)), rt::Arg::i32(int32_t(N)),
                      rt::Arg::i32(int32_t(N))}))
      return e;
    if (auto e = ctx.dev.synchronize())
      return e;
    if (auto e = download(dc, out))
      return e;
    for (unsigned i = 0; i < M; ++i)
      for (unsigned j = 0; j < N; ++j) {
        double ref = 0, mag = 0;
        for (unsigned q = 0; q < K; ++q) {
          ref += av[size_t(i) * K + q] * bv[size_t(q) * N + j];
          mag += std::fabs(av[size_t(i) * K + q] * bv[size_t(q) * N + j]);
        }
        chk.check(out, size_t(i) * N + j, ref,
                  std::ldexp(std::fabs(ref), -10) + std::ldexp(mag, -22),
                  llvm::formatv("C[{0}, {1}]", i, j));
      }
    return llvm::Error::success();
  };
  return c;
}

void addFp8Cases(std::vector<Case> &cs, const Options &opts) {
  cs.push_back(fp8MatmulCase(256, 256, 256, 128, 128, 64, 8));
  cs.push_back(fp8MatmulCase(200, 136, 96, 64, 64, 32, 4));
  for (ElemTy dt : {ElemTy::F32, ElemTy::F16, ElemTy::BF16}) {
    cs.push_back(fp8ConvertCase(dt, 1000));
    if (!opts.quick)
      cs.push_back(fp8ConvertCase(dt, 1 << 20));
  }
}

} // namespace tilec::gputest
