//===- SplitSoftmaxCases.cpp - softmax_long_split_kernel ------------------===//
//
// examples/softmax_long.py's split kernel: CHUNKS programs a row, which
// wait for one another (so one program a CTA, all resident at once, and
// never on the interpreter), launched twice on the same buffers.
//
//===----------------------------------------------------------------------===//

#include "Cases.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>

namespace tilec::gputest {

/// The programs softmax_long_split_kernel runs on: CHUNKS a row, at most
/// 112 in all (groups = min(rows, 112 / CHUNKS)). Its programs wait for the
/// other chunks of their row, so all must be resident at once: one CTA of
/// 32 warps an SM (1024 threads; two would need <= 32 registers a thread),
/// and 112 leaves room on the H200's 132 SMs (the bench's 128 = 132 rounded
/// down to a multiple of 16 would do too; fewer makes each group take more
/// rows, which the cases want anyway). The run refuses (an error, not a
/// hang) a device with fewer SMs than programs.
static unsigned splitSoftmaxGrid(unsigned rows, unsigned chunks) {
  return chunks * std::min(rows, 112 / chunks);
}

/// softmax_long_split_kernel (examples/softmax_long.py), BLOCK_SIZE 16384,
/// 32 warps, CHUNKS `chunks` (cols <= chunks * 16384), one program a CTA:
/// the count buffer zeroed once, the kernel launched twice on the same
/// buffers (output and stats poisoned before each launch), each output
/// checked against the fp64 softmax with softmaxCase's tolerances (gaps
/// between strided rows untouched) and each row's counter CHUNKS further
/// after each launch. The counters start at 2^32 - 16 (a multiple of every
/// CHUNKS), so they wrap around during the two launches. Never on the
/// interpreter (a program waits for its row's others).
static Case splitSoftmaxCase(ElemTy dt, unsigned rows, unsigned cols,
                             unsigned inStride, unsigned outStride,
                             unsigned chunks, unsigned negInfPrefix) {
  constexpr unsigned block = 16384;
  const unsigned grid = splitSoftmaxGrid(rows, chunks);
  Case c;
  c.kernel = "softmax_long_split_kernel";
  c.dtype = sigName(dt);
  c.shape = llvm::formatv("{0}x{1}", rows, cols);
  if (inStride != cols || outStride != cols)
    c.shape += llvm::formatv(" strides {0},{1}", inStride, outStride);
  c.shape += llvm::formatv(" chunks {0} grid {1}", chunks, grid);
  if (negInfPrefix)
    c.shape += llvm::formatv(" -inf x {0}", negInfPrefix);
  c.key = {
      "softmax_long.py", c.kernel,
      llvm::formatv("{0}, {0}, *fp32:16, *u32:16, {1}, {2}, {3}, {4}, {5}, {6}",
                    ptrSig(dt), ispec(inStride), ispec(outStride), ispec(cols),
                    ispec(rows), chunks, block),
      32};
  c.key.programsPerCTA = 1; // programs of one row must not share a CTA
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    const rt::Driver &d = ctx.dev.driver();
    int sms = 0;
    if (auto e = d.check(d.cuDeviceGetAttribute(
                             &sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                             ctx.dev.handle()),
                         "cuDeviceGetAttribute"))
      return e;
    if (unsigned(sms) < grid)
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          llvm::formatv("not launched: its {0} programs must all be resident "
                        "(one an SM), and the device has {1} SMs",
                        grid, sms)
              .str());
    size_t inN = size_t(rows - 1) * inStride + cols;
    size_t outN = size_t(rows - 1) * outStride + cols;
    HostArray x(dt, inN), y(dt, outN), count(ElemTy::U32, rows);
    fillRandom(x, -4.0, 4.0, rows * 1000003ull + cols + 77);
    for (unsigned r = 0; r + 1 < rows; ++r)
      for (unsigned j = cols; j < inStride; ++j)
        x.setBits(size_t(r) * inStride + j, poisonBits(dt));
    for (unsigned r = 0; r < rows; ++r)
      for (unsigned j = 0; j < std::min(negInfPrefix, cols - 1); ++j)
        x.setViaF32(size_t(r) * inStride + j, -INFINITY);
    // Per row: max m and sum of exp(x - m), in fp64.
    std::vector<double> rowMax(rows), rowSum(rows);
    parallelFor(rows, [&](size_t rb, size_t re) {
      for (size_t r = rb; r < re; ++r) {
        const size_t xi = r * inStride;
        double m = -INFINITY, s = 0;
        for (unsigned j = 0; j < cols; ++j)
          m = std::max(m, x.get(xi + j));
        for (unsigned j = 0; j < cols; ++j)
          s += std::exp(x.get(xi + j) - m);
        rowMax[r] = m;
        rowSum[r] = s;
      }
    });
    rt::DeviceBuffer dx(ctx.dev), dy(ctx.dev), dstats(ctx.dev), dcount(ctx.dev);
    if (auto e = upload(ctx.dev, dx, x))
      return e;
    if (auto e = dcount.alloc(size_t(rows) * 4))
      return e;
    constexpr uint32_t kCountStart = 0xFFFFFFF0u; // wraps within two launches
    if (auto e = dcount.fill32(kCountStart)) // once, before the first launch
      return e;
    if (auto e = dy.alloc(outN * byteSize(dt)))
      return e;
    if (auto e = dstats.alloc(size_t(rows) * chunks * 2 * 4))
      return e;
    const SoftmaxTol tol = tolFor(dt);
    for (int run = 1; run <= 2; ++run) {
      // The same buffers both times: the output and the stats (NaN: a
      // program reading a peer's slot before the peer wrote it gets NaN)
      // poisoned again, the counters left as the first launch left them.
      if (auto e = poison(dy, dt))
        return e;
      if (auto e = poison(dstats, ElemTy::F32))
        return e;
      if (auto e = k.launch(
              {grid},
              {rt::Arg::ptr(dy, sigName(dt)), rt::Arg::ptr(dx, sigName(dt)),
               rt::Arg::ptr(dstats, "fp32"), rt::Arg::ptr(dcount, "u32"),
               rt::Arg::i32(inStride), rt::Arg::i32(outStride),
               rt::Arg::i32(cols), rt::Arg::i32(rows)}))
        return e;
      if (auto e = ctx.dev.synchronize())
        return e;
      if (auto e = download(dy, y))
        return e;
      if (auto e = download(dcount, count))
        return e;
      for (size_t r = 0; r < rows; ++r) {
        for (unsigned j = 0; j < cols; ++j) {
          double dd = x.get(r * inStride + j) - rowMax[r];
          double ref = std::exp(dd) / rowSum[r];
          double spread = std::isinf(dd) ? 0 : -dd;
          size_t i = r * outStride + j;
          chk.check(y, i, ref, tol.atol + tol.rtol * ref * (1 + spread),
                    llvm::formatv("launch {0} [{1},{2}]", run, r, j));
        }
        if (r + 1 < rows)
          for (unsigned j = cols; j < outStride; ++j)
            chk.untouched(y, r * outStride + j,
                          llvm::formatv("launch {0} gap [{1},{2}]", run, r, j));
        chk.checkBits(count, r, uint32_t(kCountStart + uint32_t(run) * chunks),
                      llvm::formatv("launch {0} count[{1}]", run, r));
      }
    }
    return llvm::Error::success();
  };
  return c;
}

//===----------------------------------------------------------------------===//
// The case list
//===----------------------------------------------------------------------===//

void addSplitSoftmaxCases(std::vector<Case> &cs, const Options &opts) {
  // softmax_long_split_kernel: fewer rows than groups (7 rows, 56 or 40
  // programs) and more (64 and 300 rows on 14 or 7 groups of 112 programs),
  // the last chunk partial (100003 = 6 x 16384 + 1699), chunks wholly past
  // the row (CHUNKS 16 on 65536 columns: 12 of 16), strided rows, a -inf
  // prefix covering whole chunks.
  struct Split {
    unsigned rows, cols, inStride, outStride, chunks, negInf;
  };
  std::vector<Split> split = {{7, 1, 1, 1, 8, 0},
                              {64, 65536, 65536, 65536, 8, 0},
                              {300, 131072, 131072, 131072, 8, 0},
                              {5, 100003, 100005, 100004, 8, 0},
                              {200, 100003, 100003, 100003, 16, 0},
                              {64, 65536, 65536, 65536, 16, 0},
                              {7, 100003, 100003, 100003, 8, 40000}};
  // Not in --quick, the set scripts/h200-run.sh runs under compute-sanitizer:
  // a tool that ran a row's programs one after another would hang them.
  if (opts.quick)
    split.clear();
  for (ElemTy dt : {ElemTy::F32, ElemTy::BF16, ElemTy::F16})
    for (const Split &s : split)
      cs.push_back(splitSoftmaxCase(dt, s.rows, s.cols, s.inStride, s.outStride,
                                    s.chunks, s.negInf));
}

} // namespace tilec::gputest
