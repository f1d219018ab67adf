//===- SeedCases.cpp - Softmax, GeLU, row sum and row stats cases ---------===//
//
// examples/softmax.py (one tile a row), softmax_long.py (rows in chunks,
// and the persistent kernel; the split kernel is SplitSoftmaxCases.cpp),
// gelu.py, gelu_tanh.py, row_sum.py, row_sum_column.py and row_stats.py,
// each against an fp64 reference.
//
//===----------------------------------------------------------------------===//

#include "Cases.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>

namespace tilec::gputest {

Case softmaxCase(const std::string &kernel, ElemTy inDT, ElemTy outDT,
                 bool inputFirst, unsigned rows, unsigned cols,
                 unsigned inStride, unsigned outStride, const char *file,
                 unsigned fixedBlock, unsigned programs,
                 unsigned negInfPrefix) {
  // programs > 0: a persistent kernel (softmax_long_persistent_kernel) that
  // takes n_rows after n_cols and runs on a grid of `programs`, 32 warps.
  // negInfPrefix: the first that many entries of each row are -inf (left
  // padding), which must weigh 0.
  unsigned block = fixedBlock ? fixedBlock : nextPow2(cols);
  int warps = programs ? 32 : block >= 4096 ? 16 : block >= 2048 ? 8 : 4;
  Case c;
  c.kernel = kernel;
  c.dtype = inDT == outDT ? sigName(inDT)
                          : std::string(sigName(inDT)) + "->" + sigName(outDT);
  c.shape = llvm::formatv("{0}x{1}", rows, cols);
  if (inStride != cols || outStride != cols)
    c.shape += llvm::formatv(" strides {0},{1}", inStride, outStride);
  if (programs)
    c.shape += llvm::formatv(" grid {0}", programs);
  if (negInfPrefix)
    c.shape += llvm::formatv(" -inf x {0}", negInfPrefix);
  std::string pin = std::string("*") + sigName(inDT) + ":16";
  std::string pout = std::string("*") + sigName(outDT) + ":16";
  c.key = {file, kernel,
           llvm::formatv("{0}, {1}, {2}, {3}, {4}, {5}{6}",
                         inputFirst ? pin : pout, inputFirst ? pout : pin,
                         ispec(inStride), ispec(outStride), ispec(cols),
                         programs ? ispec(rows) + ", " : std::string(), block),
           warps};
  const unsigned gridX = programs ? programs : rows;
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    size_t inN = size_t(rows - 1) * inStride + cols;
    size_t outN = size_t(rows - 1) * outStride + cols;
    HostArray x(inDT, inN), y(outDT, outN);
    fillRandom(x, -4.0, 4.0, rows * 1000003ull + cols);
    // Gaps between strided input rows hold NaN: reading them is a bug.
    for (unsigned r = 0; r + 1 < rows; ++r)
      for (unsigned j = cols; j < inStride; ++j)
        x.setBits(size_t(r) * inStride + j, poisonBits(inDT));
    for (unsigned r = 0; r < rows; ++r)
      for (unsigned j = 0; j < std::min(negInfPrefix, cols - 1); ++j)
        x.setViaF32(size_t(r) * inStride + j, -INFINITY);
    rt::DeviceBuffer dx(ctx.dev), dy(ctx.dev);
    if (auto e = upload(ctx.dev, dx, x))
      return e;
    if (auto e = poisonedOutput(ctx.dev, dy, outDT, outN))
      return e;
    rt::Arg ax = rt::Arg::ptr(dx, sigName(inDT)),
            ay = rt::Arg::ptr(dy, sigName(outDT));
    std::vector<rt::Arg> args = {inputFirst ? ax : ay, inputFirst ? ay : ax,
                                 rt::Arg::i32(inputFirst ? inStride : inStride),
                                 rt::Arg::i32(outStride), rt::Arg::i32(cols)};
    if (programs)
      args.push_back(rt::Arg::i32(rows));
    if (auto e = k.launch({gridX}, args))
      return e;
    if (auto e = ctx.dev.synchronize())
      return e;
    if (auto e = download(dy, y))
      return e;
    SoftmaxTol tol = tolFor(outDT);
    std::vector<double> ref(outN), spread(outN);
    parallelFor(rows, [&](size_t rb, size_t re) {
      for (size_t r = rb; r < re; ++r) {
        const size_t xi = r * inStride, yi = r * outStride;
        double m = -INFINITY;
        for (unsigned j = 0; j < cols; ++j)
          m = std::max(m, x.get(xi + j));
        double s = 0;
        for (unsigned j = 0; j < cols; ++j)
          s += std::exp(x.get(xi + j) - m);
        for (unsigned j = 0; j < cols; ++j) {
          double d = x.get(xi + j) - m;
          ref[yi + j] = std::exp(d) / s;
          spread[yi + j] = std::isinf(d) ? 0 : -d;
        }
      }
    });
    for (size_t r = 0; r < rows; ++r) {
      for (unsigned j = 0; j < cols; ++j) {
        size_t i = r * outStride + j;
        double t = tol.atol + tol.rtol * ref[i] * (1 + spread[i]);
        chk.check(y, i, ref[i], t, llvm::formatv("[{0},{1}]", r, j));
      }
      if (r + 1 < rows)
        for (unsigned j = cols; j < outStride; ++j)
          chk.untouched(y, r * outStride + j,
                        llvm::formatv("gap [{0},{1}]", r, j));
    }
    if (ctx.interp && inN <= kInterpMaxInputs) {
      HostArray yi = poisonedHost(outDT, outN);
      interp::KernelArg bx = interp::KernelArg::buf(0),
                        by = interp::KernelArg::buf(1);
      std::vector<interp::KernelArg> iargs = {
          inputFirst ? bx : by, inputFirst ? by : bx,
          interp::KernelArg::integer(inStride),
          interp::KernelArg::integer(outStride),
          interp::KernelArg::integer(cols)};
      if (programs)
        iargs.push_back(interp::KernelArg::integer(rows));
      return compareWithInterpreter(ctx, chk, {gridX, 1, 1},
                                    {{"x", &x}, {"y", &yi}}, 1, y, iargs);
    }
    return llvm::Error::success();
  };
  return c;
}

Case geluCase(ElemTy dt, unsigned n, bool libdeviceTanh) {
  Case c;
  c.kernel = libdeviceTanh ? "gelu_tanh_kernel" : "triton_gelu_kernel";
  c.dtype = sigName(dt);
  c.shape = std::to_string(n);
  std::string p = std::string("*") + sigName(dt) + ":16";
  c.key = {libdeviceTanh ? "gelu_tanh.py" : "gelu.py", c.kernel,
           p + ", " + p + ", " + ispec(n) + ", 1024", 4};
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    HostArray x(dt, n), y(dt, n);
    fillRandom(x, -3.0, 3.0, 77 + n);
    rt::DeviceBuffer dx(ctx.dev), dy(ctx.dev);
    if (auto e = upload(ctx.dev, dx, x))
      return e;
    if (auto e = poisonedOutput(ctx.dev, dy, dt, n))
      return e;
    if (auto e = k.launch({cdiv(n, 1024)},
                          {rt::Arg::ptr(dx, sigName(dt)),
                           rt::Arg::ptr(dy, sigName(dt)), rt::Arg::i32(n)}))
      return e;
    if (auto e = ctx.dev.synchronize())
      return e;
    if (auto e = download(dy, y))
      return e;
    SoftmaxTol tol = tolFor(dt);
    double atol = dt == ElemTy::F32 ? 1e-7 : tol.atol;
    for (size_t i = 0; i < n; ++i) {
      double v = x.get(i);
      double a = (libdeviceTanh ? 0.7978845608028654 : 0.79788456) *
                 (v + 0.044715 * v * v * v);
      double ref = 0.5 * v * (1 + std::tanh(a));
      chk.check(y, i, ref, atol + tol.rtol * (std::fabs(ref) + std::fabs(v)),
                llvm::formatv("[{0}]", i));
    }
    if (ctx.interp && n <= kInterpMaxInputs) {
      HostArray yi = poisonedHost(dt, n);
      return compareWithInterpreter(
          ctx, chk, {cdiv(n, 1024), 1, 1}, {{"x", &x}, {"y", &yi}}, 1, y,
          {interp::KernelArg::buf(0), interp::KernelArg::buf(1),
           interp::KernelArg::integer(n)});
    }
    return llvm::Error::success();
  };
  return c;
}

/// One program per row of x (rows x cols, element type of x) writing fp32
/// results to y: uploads x, poisons y, launches (x, y, cols) on `rows`
/// programs and downloads y.
static llvm::Error runRowKernel(Ctx &ctx, rt::Kernel &k, const HostArray &x,
                                HostArray &y, unsigned rows, unsigned cols) {
  rt::DeviceBuffer dx(ctx.dev), dy(ctx.dev);
  if (auto e = upload(ctx.dev, dx, x))
    return e;
  if (auto e = poisonedOutput(ctx.dev, dy, ElemTy::F32, y.size()))
    return e;
  if (auto e = k.launch({rows}, {rt::Arg::ptr(dx, sigName(x.type())),
                                 rt::Arg::ptr(dy, "fp32"), rt::Arg::i32(cols)}))
    return e;
  if (auto e = ctx.dev.synchronize())
    return e;
  return download(dy, y);
}

/// The same row kernel in the interpreter on the same x (small cases only),
/// its y compared with the GPU's.
static llvm::Error checkRowKernelWithInterpreter(Ctx &ctx, Checker &chk,
                                                 HostArray &x,
                                                 const HostArray &y,
                                                 unsigned rows, unsigned cols) {
  if (!ctx.interp || size_t(rows) * cols > kInterpMaxInputs)
    return llvm::Error::success();
  HostArray yi = poisonedHost(ElemTy::F32, y.size());
  return compareWithInterpreter(
      ctx, chk, {rows, 1, 1}, {{"x", &x}, {"y", &yi}}, 1, y,
      {interp::KernelArg::buf(0), interp::KernelArg::buf(1),
       interp::KernelArg::integer(cols)});
}

Case rowSumCase(ElemTy dt, unsigned rows, unsigned cols) {
  Case c;
  c.kernel = "row_sum_kernel";
  c.dtype = std::string(sigName(dt)) + "->fp32";
  c.shape = llvm::formatv("{0}x{1}", rows, cols);
  c.key = {"row_sum.py", c.kernel,
           std::string("*") + sigName(dt) + ":16, *fp32:16, " + ispec(cols) +
               ", 1024",
           4};
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    HostArray x(dt, size_t(rows) * cols), y(ElemTy::F32, rows);
    fillRandom(x, -1.0, 1.0, 5 + rows * 31ull + cols);
    if (auto e = runRowKernel(ctx, k, x, y, rows, cols))
      return e;
    double depth = std::ceil(cols / 1024.0) + 10 + 2;
    std::vector<double> ref(rows), mag(rows);
    parallelFor(rows, [&](size_t b, size_t e) {
      for (size_t r = b; r < e; ++r) {
        double s = 0, a = 0;
        for (unsigned j = 0; j < cols; ++j) {
          double v = x.get(r * cols + j);
          s += v;
          a += std::fabs(v);
        }
        ref[r] = s;
        mag[r] = a;
      }
    });
    for (size_t r = 0; r < rows; ++r)
      chk.check(y, r, ref[r], 1e-30 + 2 * depth * std::ldexp(1.0, -24) * mag[r],
                llvm::formatv("[{0}]", r));
    return checkRowKernelWithInterpreter(ctx, chk, x, y, rows, cols);
  };
  return c;
}

/// row_sum_column_kernel (examples/row_sum_column.py): the sum of each row
/// of x (rows x cols, row stride `stride`) stored through a [blockM, 1]
/// tile, BLOCK_N 2048; `rows` a multiple of blockM. The inputs are small
/// integers, so every sum is exact whatever the order of the additions;
/// the gaps between rows hold NaN (reading them is a bug) and 16 guard
/// elements after y must keep their poison.
static Case rowSumColumnCase(unsigned rows, unsigned cols, unsigned stride,
                             unsigned blockM) {
  constexpr unsigned blockN = 2048;
  constexpr unsigned guard = 16;
  Case c;
  c.kernel = "row_sum_column_kernel";
  c.dtype = "fp32";
  c.shape = llvm::formatv("{0}x{1}", rows, cols);
  if (stride != cols)
    c.shape += llvm::formatv(" stride {0}", stride);
  c.shape += llvm::formatv(" BLOCK_M {0}", blockM);
  c.key = {"row_sum_column.py", c.kernel,
           llvm::formatv("*fp32:16, *fp32:16, {0}, {1}, {2}, {3}",
                         ispec(stride), ispec(cols), blockM, blockN),
           4};
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    size_t inN = size_t(rows - 1) * stride + cols;
    HostArray x(ElemTy::F32, inN), y(ElemTy::F32, rows + guard);
    fillRandom(x, -16.0, 16.0, 23 + rows * 131ull + cols * 7ull + blockM);
    for (size_t i = 0; i < x.size(); ++i)
      x.setViaF32(i, std::floor(x.get(i)));
    for (unsigned r = 0; r + 1 < rows; ++r)
      for (unsigned j = cols; j < stride; ++j)
        x.setBits(size_t(r) * stride + j, poisonBits(ElemTy::F32));
    rt::DeviceBuffer dx(ctx.dev), dy(ctx.dev);
    if (auto e = upload(ctx.dev, dx, x))
      return e;
    if (auto e = poisonedOutput(ctx.dev, dy, ElemTy::F32, y.size()))
      return e;
    if (auto e = k.launch({rows / blockM},
                          {rt::Arg::ptr(dx, "fp32"), rt::Arg::ptr(dy, "fp32"),
                           rt::Arg::i32(stride), rt::Arg::i32(cols)}))
      return e;
    if (auto e = ctx.dev.synchronize())
      return e;
    if (auto e = download(dy, y))
      return e;
    for (size_t r = 0; r < rows; ++r) {
      double s = 0;
      for (unsigned j = 0; j < cols; ++j)
        s += x.get(r * stride + j);
      chk.check(y, r, s, 0, llvm::formatv("[{0}]", r));
    }
    for (size_t i = rows; i < y.size(); ++i)
      chk.untouched(y, i, llvm::formatv("guard [{0}]", i));
    if (!ctx.interp || inN > kInterpMaxInputs)
      return llvm::Error::success();
    HostArray yi = poisonedHost(ElemTy::F32, y.size());
    return compareWithInterpreter(
        ctx, chk, {rows / blockM, 1, 1}, {{"x", &x}, {"y", &yi}}, 1, y,
        {interp::KernelArg::buf(0), interp::KernelArg::buf(1),
         interp::KernelArg::integer(stride), interp::KernelArg::integer(cols)});
  };
  return c;
}

/// row_stats_kernel (examples/row_stats.py): per row max, argmax, min,
/// argmin (first index on ties; the inputs are small integers, so ties are
/// common), compared exactly. One tile a row with `warps` warps: every
/// reduction crosses warps.
static Case rowStatsCase(ElemTy dt, unsigned rows, unsigned cols,
                         unsigned warps) {
  Case c;
  c.kernel = "row_stats_kernel";
  c.dtype = std::string(sigName(dt)) + "->fp32";
  c.shape = llvm::formatv("{0}x{1} w{2}", rows, cols, warps);
  unsigned block = nextPow2(cols);
  c.key = {"row_stats.py", c.kernel,
           std::string("*") + sigName(dt) + ":16, *fp32:16, " + ispec(cols) +
               ", " + std::to_string(block),
           int(warps)};
  c.run = [=](Ctx &ctx, rt::Kernel &k, Checker &chk) -> llvm::Error {
    HostArray x(dt, size_t(rows) * cols), y(ElemTy::F32, size_t(rows) * 4);
    fillRandom(x, -16.0, 16.0, 11 + rows * 131ull + cols * 7ull + warps);
    for (size_t i = 0; i < x.size(); ++i)
      x.setViaF32(i, std::floor(x.get(i)));
    if (auto e = runRowKernel(ctx, k, x, y, rows, cols))
      return e;
    for (size_t r = 0; r < rows; ++r) {
      double hi = x.get(r * cols), lo = hi;
      size_t whereHi = 0, whereLo = 0;
      for (size_t j = 1; j < cols; ++j) {
        double v = x.get(r * cols + j);
        if (v > hi)
          hi = v, whereHi = j;
        if (v < lo)
          lo = v, whereLo = j;
      }
      chk.check(y, 4 * r, hi, 0, llvm::formatv("max[{0}]", r));
      chk.check(y, 4 * r + 1, double(whereHi), 0,
                llvm::formatv("argmax[{0}]", r));
      chk.check(y, 4 * r + 2, lo, 0, llvm::formatv("min[{0}]", r));
      chk.check(y, 4 * r + 3, double(whereLo), 0,
                llvm::formatv("argmin[{0}]", r));
    }
    return checkRowKernelWithInterpreter(ctx, chk, x, y, rows, cols);
  };
  return c;
}

//===----------------------------------------------------------------------===//
// The case list
//===----------------------------------------------------------------------===//

void addSeedCases(std::vector<Case> &cs, const Options &opts) {
  std::vector<unsigned> rowsList = {1, 7, 64, 4096};
  std::vector<unsigned> colsList = {1, 7, 256, 1000, 1024, 4097, 12672, 32768};
  if (opts.quick) {
    rowsList = {1, 7, 64};
    colsList = {1, 7, 256, 1000, 1024, 4097};
  }
  auto sizeOK = [&](unsigned r, unsigned n) {
    // The largest shapes only for fp32 softmax_kernel (see below).
    return size_t(r) * n <= size_t(64) * 32768 || n <= 12672;
  };
  for (ElemTy dt : {ElemTy::F32, ElemTy::F16, ElemTy::BF16})
    for (unsigned r : rowsList)
      for (unsigned n : colsList)
        if (sizeOK(r, n) || dt == ElemTy::F32)
          cs.push_back(
              softmaxCase("softmax_kernel", dt, dt, false, r, n, n, n));
  for (unsigned r : rowsList)
    for (unsigned n : colsList)
      if (sizeOK(r, n))
        cs.push_back(softmaxCase("softmax_kernel_mixed", ElemTy::F16,
                                 ElemTy::F16, false, r, n, n, n));
  for (unsigned r : rowsList)
    for (unsigned n : colsList)
      if (sizeOK(r, n))
        cs.push_back(softmaxCase("triton_softmax_kernel", ElemTy::F32,
                                 ElemTy::F32, true, r, n, n, n));
  // Strided rows: odd strides (no alignment to assume), and aligned ones.
  for (auto [r, n, si, so] : std::vector<std::array<unsigned, 4>>{
           {7, 1000, 1005, 1003}, {64, 256, 272, 264}, {5, 4097, 4100, 4099}}) {
    for (ElemTy dt : {ElemTy::F32, ElemTy::F16, ElemTy::BF16})
      cs.push_back(softmaxCase("softmax_kernel", dt, dt, false, r, n, si, so));
    cs.push_back(softmaxCase("softmax_kernel_mixed", ElemTy::F16, ElemTy::F16,
                             false, r, n, si, so));
    cs.push_back(softmaxCase("triton_softmax_kernel", ElemTy::F32, ElemTy::F32,
                             true, r, n, si, so));
  }
  // Rows longer than one tile: examples/softmax_long.py (fp32 chunks of
  // 4096, bf16 / fp16 of 8192).
  std::vector<unsigned> longCols = {1, 1000, 4096, 4097, 65536, 100003, 262144};
  std::vector<unsigned> longRows = {1, 7, 64};
  if (opts.quick) {
    longCols = {1, 1000, 4097, 20000};
    longRows = {1, 7};
  }
  for (ElemTy dt : {ElemTy::F32, ElemTy::BF16, ElemTy::F16})
    for (unsigned r : longRows)
      for (unsigned n : longCols)
        cs.push_back(softmaxCase("softmax_long_kernel", dt, dt, false, r, n, n,
                                 n, "softmax_long.py",
                                 dt == ElemTy::F32 ? 4096 : 8192));
  // The persistent pattern (BLOCK 16384, 32 warps): fewer programs than rows,
  // one per SM, more programs than rows; strided rows.
  struct LongP {
    unsigned rows, cols, programs, inStride, outStride;
  };
  std::vector<LongP> longP = {{7, 1, 3, 1, 1},
                              {7, 20000, 3, 20000, 20000},
                              {64, 16384, 132, 16384, 16384},
                              {5, 100003, 8, 100005, 100004},
                              {300, 65536, 132, 65536, 65536},
                              {3, 262144, 132, 262144, 262144}};
  if (opts.quick)
    longP = {{7, 1, 3, 1, 1},
             {7, 20000, 3, 20000, 20000},
             {5, 16385, 8, 16387, 16386}};
  for (ElemTy dt : {ElemTy::F32, ElemTy::BF16, ElemTy::F16})
    for (const LongP &p : longP)
      cs.push_back(softmaxCase("softmax_long_persistent_kernel", dt, dt, false,
                               p.rows, p.cols, p.inStride, p.outStride,
                               "softmax_long.py", 16384, p.programs));
  // Rows whose first chunk (and more) is -inf.
  for (ElemTy dt : {ElemTy::F32, ElemTy::BF16})
    cs.push_back(softmaxCase("softmax_long_persistent_kernel", dt, dt, false, 5,
                             40000, 40000, 40000, "softmax_long.py", 16384, 3,
                             20000));
  std::vector<unsigned> geluN = {1,    7,       1000,         1024,
                                 4097, 1 << 20, (1 << 24) + 3};
  if (opts.quick)
    geluN = {1, 7, 1000, 1024, 4097};
  for (ElemTy dt : {ElemTy::F32, ElemTy::F16, ElemTy::BF16})
    for (unsigned n : geluN) {
      cs.push_back(geluCase(dt, n));
      cs.push_back(geluCase(dt, n, /*libdeviceTanh=*/true));
    }
  for (ElemTy dt : {ElemTy::F32, ElemTy::BF16})
    for (auto [cols, warps] : std::vector<std::pair<unsigned, unsigned>>{
             {1, 4}, {1000, 4}, {1000, 8}, {4096, 16}, {12672, 16}})
      for (unsigned r : {1u, 7u, 64u})
        cs.push_back(rowStatsCase(dt, r, cols, warps));
  std::vector<unsigned> sumCols = {1, 7, 256, 1000, 1024, 4097, 12672, 32768};
  if (opts.quick)
    sumCols = {1, 7, 1000, 1024, 4097};
  for (ElemTy dt : {ElemTy::F32, ElemTy::F16, ElemTy::BF16})
    for (unsigned r : rowsList)
      for (unsigned n : sumCols)
        if (sizeOK(r, n))
          cs.push_back(rowSumCase(dt, r, n));
  // Row sums stored as a column ([BLOCK_M, 1] tiles), BLOCK_N 2048: 1 and
  // 2048 columns, 1000 (no vector access), 2000 of a padded stride.
  std::vector<unsigned> columnRows = {4, 64, 4096};
  if (opts.quick)
    columnRows = {4, 64};
  for (unsigned blockM : {1u, 4u})
    for (unsigned r : columnRows)
      for (auto [n, stride] : std::vector<std::pair<unsigned, unsigned>>{
               {1, 1}, {1000, 1000}, {2048, 2048}, {2000, 2064}})
        cs.push_back(rowSumColumnCase(r, n, stride, blockM));
  cs.push_back(rowSumColumnCase(1, 2048, 2048, 1));
  cs.push_back(rowSumColumnCase(7, 1000, 1000, 1));
}

} // namespace tilec::gputest
