//===- LookupCases.cpp - tl.gather, tl.histogram, inline PTX --------------===//
//
// examples/gather_histogram.py against host lookups (exact), and
// examples/inline_asm.py against the host's meaning of each asm statement
// (exact; not compared with the interpreter, which runs no PTX).
//
//===----------------------------------------------------------------------===//

#include "Cases.h"
#include "RunBuffers.h"

#include "llvm/Support/FormatVariadic.h"

#include <cstring>

namespace tilec::gputest {

/// gather_kernel: src R x C of `dt`, indices of `idt` along `axis` (I of
/// them per row or column), every element exact.
static Case gatherCase(ElemTy dt, ElemTy idt, unsigned R, unsigned C,
                       unsigned I, unsigned axis) {
  Case c;
  c.kernel = "gather_kernel";
  c.dtype = std::string(sigName(dt)) + "/" + sigName(idt);
  c.shape = llvm::formatv("{0}x{1} {2} along {3}", R, C, I, axis);
  c.key = {"gather_histogram.py", c.kernel,
           llvm::formatv("{0}, {1}, {0}, {2}, {3}, {4}, {5}", ptrSig(dt),
                         ptrSig(idt), R, C, I, axis),
           4};
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    Rng rng(3 + R * 7ull + C * 131ull + I + axis);
    unsigned outR = axis == 1 ? R : I, outC = axis == 1 ? I : C;
    Buffers b;
    unsigned is = b.add("src", HostArray(dt, size_t(R) * C));
    unsigned ii = b.add("idx", HostArray(idt, size_t(outR) * outC));
    unsigned io = b.add("out", poisonedHost(dt, size_t(outR) * outC));
    HostArray &src = b[is], &idx = b[ii], &out = b[io];
    for (size_t i = 0; i < src.size(); ++i)
      src.setViaF32(i, rng.uniform(-100, 100));
    for (size_t i = 0; i < idx.size(); ++i)
      idx.setBits(i, rng.below(axis == 1 ? C : R));
    if (auto e = b.run(ctx, k, 1, {}, {io}))
      return e;
    for (unsigned r = 0; r < outR; ++r)
      for (unsigned q = 0; q < outC; ++q) {
        size_t at = size_t(r) * outC + q;
        uint64_t j = idx.bitsAt(at);
        size_t from = axis == 1 ? size_t(r) * C + j : size_t(j) * C + q;
        chk.checkBits(out, at, src.bitsAt(from),
                      llvm::formatv("out[{0}, {1}] (index {2})", r, q, j));
      }
    if (ctx.interp)
      return b.interp(ctx, chk, 1, {}, {io});
    return llvm::Error::success();
  };
  return c;
}

/// histogram_builtin_kernel: n int32 in [-8, bins + 8) (some out of range),
/// a histogram of each block of `block`; every bin exact.
static Case histogramBuiltinCase(unsigned n, unsigned block, unsigned bins,
                                 int warps) {
  Case c;
  c.kernel = "histogram_builtin_kernel";
  c.dtype = "i32";
  c.shape = llvm::formatv("{0} block {1} bins {2} w{3}", n, block, bins, warps);
  c.key = {
      "gather_histogram.py", c.kernel,
      llvm::formatv("*i32:16, *i32:16, {0}, {1}, {2}", ispec(n), block, bins),
      warps};
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    Rng rng(11 + n * 3ull + block + bins);
    unsigned grid = cdiv(n, block);
    Buffers b;
    unsigned ix = b.add("x", HostArray(ElemTy::I32, n));
    unsigned io = b.add("out", poisonedHost(ElemTy::I32, size_t(grid) * bins));
    HostArray &x = b[ix], &out = b[io];
    std::vector<uint64_t> ref(size_t(grid) * bins);
    for (unsigned i = 0; i < n; ++i) {
      int64_t v = rng.range(-8, int64_t(bins) + 7);
      x.setViaF32(i, double(v));
      if (v >= 0 && v < int64_t(bins))
        ++ref[size_t(i / block) * bins + size_t(v)];
    }
    if (auto e = b.run(ctx, k, grid, {n}, {io}))
      return e;
    for (size_t j = 0; j < ref.size(); ++j)
      chk.checkBits(out, j, ref[j],
                    llvm::formatv("block {0} bin {1}", j / bins, j % bins));
    if (ctx.interp && n <= kInterpMaxInputs)
      return b.interp(ctx, chk, grid, {n}, {io});
    return llvm::Error::success();
  };
  return c;
}

/// inline_asm_kernel on N elements: each asm statement's result against
/// its meaning on the host; globaltimer nonzero, smid below 1024.
static Case inlineAsmCase(unsigned N, int warps) {
  Case c;
  c.kernel = "inline_asm_kernel";
  c.dtype = "i32/u8/fp16";
  c.shape = llvm::formatv("{0} w{1}", N, warps);
  c.key = {"inline_asm.py", c.kernel,
           llvm::formatv("*i32:16, *i32:16, *u8:16, *fp16:16, *i32:16, "
                         "*fp16:16, *i64:16, {0}",
                         N),
           warps};
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    Rng rng(5 + N + warps);
    HostArray x(ElemTy::I32, N), y(ElemTy::I32, N), h(ElemTy::F16, N),
        bytes(ElemTy::I32, N / 4);
    for (unsigned i = 0; i < N; ++i) {
      x.setViaF32(i, double(rng.range(-100000, 100000)));
      y.setViaF32(i, double(rng.range(-100000, 100000)));
      h.setViaF32(i, rng.uniform(-1000, 1000));
    }
    for (unsigned i = 0; i < N / 4; ++i)
      bytes.setBits(i, rng.bits() & 0xffffffffu);
    HostArray o = poisonedHost(ElemTy::I32, size_t(5) * N),
              hf = poisonedHost(ElemTy::F16, N),
              t = poisonedHost(ElemTy::I64, 2);
    rt::DeviceBuffer dx(ctx.dev), dy(ctx.dev), db(ctx.dev), dh(ctx.dev),
        dout(ctx.dev), dhf(ctx.dev), dt(ctx.dev);
    for (auto [d, a] : {std::pair{&dx, &x},
                        {&dy, &y},
                        {&db, &bytes},
                        {&dh, &h},
                        {&dout, &o},
                        {&dhf, &hf},
                        {&dt, &t}})
      if (auto e = upload(ctx.dev, *d, *a))
        return e;
    if (auto e =
            k.launch({1}, {rt::Arg::ptr(dx, "i32"), rt::Arg::ptr(dy, "i32"),
                           rt::Arg::ptr(db, "u8"), rt::Arg::ptr(dh, "fp16"),
                           rt::Arg::ptr(dout, "i32"), rt::Arg::ptr(dhf, "fp16"),
                           rt::Arg::ptr(dt, "i64")}))
      return e;
    if (auto e = ctx.dev.synchronize())
      return e;
    for (auto [d, a] : {std::pair{&dout, &o}, {&dhf, &hf}, {&dt, &t}})
      if (auto e = download(*d, *a))
        return e;
    for (unsigned i = 0; i < N; ++i) {
      int32_t xi = int32_t(x.get(i)), yi = int32_t(y.get(i));
      uint8_t byte = uint8_t(bytes.bitsAt(i / 4) >> (8 * (i % 4)));
      chk.check(o, i, double(int32_t(uint32_t(xi) << 3)), 0,
                llvm::formatv("shl [{0}]", i));
      chk.check(o, N + i, double(std::max(xi, yi)), 0,
                llvm::formatv("max [{0}]", i));
      chk.check(o, 2 * N + i, double(std::min(xi, yi)), 0,
                llvm::formatv("min [{0}]", i));
      chk.check(o, 3 * N + i, double(xi + 5), 0,
                llvm::formatv("x + 5 [{0}]", i));
      chk.check(o, 4 * N + i, double((byte & 0x1f) << 3), 0,
                llvm::formatv("packed bytes [{0}]", i));
      chk.check(hf, i, 2 * h.get(i), 0, llvm::formatv("f16x2 [{0}]", i));
    }
    ++chk.checked;
    if (t.bitsAt(0) == 0)
      chk.fail("globaltimer read 0");
    ++chk.checked;
    if (t.bitsAt(1) >= 1024)
      chk.fail(llvm::formatv("smid read {0}", t.bitsAt(1)));
    return llvm::Error::success();
  };
  return c;
}

void addLookupCases(std::vector<Case> &cs, const Options &opts) {
  for (unsigned axis : {0u, 1u}) {
    cs.push_back(gatherCase(ElemTy::F32, ElemTy::I32, 32, 64, 16, axis));
    cs.push_back(gatherCase(ElemTy::F16, ElemTy::I64, 16, 128, 32, axis));
  }
  cs.push_back(gatherCase(ElemTy::I64, ElemTy::I32, 64, 8, 8, 1));
  for (int warps : {1, 4})
    cs.push_back(histogramBuiltinCase(5000, 1024, 64, warps));
  cs.push_back(histogramBuiltinCase(300, 128, 16, 4)); // a ragged last block
  cs.push_back(histogramBuiltinCase(1 << 16, 4096, 256, 8));
  for (int warps : {1, 4})
    cs.push_back(inlineAsmCase(1024, warps));
  cs.push_back(inlineAsmCase(64, 4)); // fewer elements than threads
}

} // namespace tilec::gputest
