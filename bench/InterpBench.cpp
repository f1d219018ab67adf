//===- InterpBench.cpp - Interpreter throughput on the seed softmax
//--------===//
//
// Times examples/softmax.py softmax_kernel on a 4096 x 1024 fp32 input
// through the interpreter (one program per row; compilation excluded); the
// aim is under 1 s per run. Not part of the test suite:
//   build/bin/tilec-interp-bench [--benchmark_repetitions=N]
//
//===----------------------------------------------------------------------===//

#include "tilec/Testing/HostArray.h"
#include "tilec/Testing/Interpret.h"

#include <benchmark/benchmark.h>

#include <cmath>
#include <random>

using namespace tilec::interp;
using namespace tilec::testing;

static void BM_Softmax4096x1024(benchmark::State &state) {
  const int64_t rows = 4096, cols = 1024;
  static TileKernels cache(TILEC_SOURCE_DIR "/examples/softmax.py");
  mlir::ModuleOp m =
      cache.get("softmax_kernel", "*fp32:16, *fp32:16, i32, i32, i32, 1024");
  if (!m) {
    state.SkipWithError("compile failed");
    return;
  }
  std::mt19937 rng(42);
  HostArray x(ElemTy::F32, size_t(rows * cols));
  x.fillUniform(rng, -1.0, 1.0);
  HostArray y(ElemTy::F32, size_t(rows * cols));
  std::vector<HostBuffer> bufs = {hostBuffer(y, "output"),
                                  hostBuffer(x, "input")};
  std::vector<KernelArg> args = {
      KernelArg::buf(0), KernelArg::buf(1), KernelArg::integer(cols),
      KernelArg::integer(cols), KernelArg::integer(cols)};
  for (auto _ : state) {
    std::string err = run(m, {unsigned(rows), 1, 1}, args, bufs);
    if (!err.empty()) {
      state.SkipWithError(err.c_str());
      return;
    }
  }
  // Spot check: every row of the result sums to 1.
  double s = 0;
  for (int64_t c = 0; c < cols; ++c)
    s += y.get(size_t((rows - 1) * cols + c));
  if (std::fabs(s - 1) > 1e-4)
    state.SkipWithError("wrong result");
  state.SetItemsProcessed(state.iterations() * rows * cols);
}
BENCHMARK(BM_Softmax4096x1024)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();
