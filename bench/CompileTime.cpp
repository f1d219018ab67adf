//===- CompileTime.cpp - Source -> PTX time of the seed kernels -----------===//
//
// A benchmark, not a test: compiles each seed kernel of examples/ from
// source to PTX in-process (parse, specialize, tile and tilegpu passes, LLVM
// lowering, libdevice linking where needed, LLVM O3 and NVPTX codegen) and
// prints the median of 20 runs after 3 warm-ups. The aim is < 20 ms each;
// Triton 3.6 takes 80-930 ms for the same kernels (shared/design/h200.md).
//
//   tilec-compile-bench [examples-dir]
//
//===----------------------------------------------------------------------===//

#include "tilec/Compiler/Compiler.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

using namespace tilec;

int main(int argc, char **argv) {
  std::string dir = argc > 1 ? argv[1] : "examples";
  struct Case {
    const char *file, *kernel, *signature;
    int numWarps;
  };
  const Case cases[] = {
      {"softmax.py", "softmax_kernel",
       "*fp32:16, *fp32:16, i32, i32, i32, 1024", 4},
      {"softmax.py", "softmax_kernel",
       "*bf16:16, *bf16:16, i32, i32, i32, 4096", 16},
      {"softmax.py", "softmax_kernel_mixed",
       "*fp16:16, *fp32:16, i32, i32, i32, 4096", 16},
      {"softmax.py", "triton_softmax_kernel",
       "*fp32:16, *fp32:16, i32, i32, i32, 2048", 8},
      {"gelu.py", "triton_gelu_kernel", "*fp32:16, *fp32:16, i32, 1024", 4},
      {"row_sum.py", "row_sum_kernel", "*fp32:16, *fp32:16, i32, 1024", 4},
      {"matmul_relu.py", "matmul_relu_kernel",
       "*fp16:16, *fp16:16, *fp32:16, i32, i32, i32, i32, i32, i32, i32, i32, "
       "i32, 64, 64, 32",
       4},
  };
  llvm::outs() << llvm::format(
      "%-24s %-44s %10s %10s\n", (const char *)"kernel",
      (const char *)"signature", (const char *)"median ms",
      (const char *)"min ms");
  int failures = 0;
  for (const Case &c : cases) {
    auto buf = llvm::MemoryBuffer::getFile(dir + "/" + c.file);
    if (!buf) {
      llvm::errs() << "cannot read " << dir << "/" << c.file << "\n";
      return 1;
    }
    std::vector<double> times;
    bool ok = true;
    for (int i = 0; i < 23 && ok; ++i) {
      auto t0 = std::chrono::steady_clock::now();
      Compiler compiler; // a cold context each time, as a fresh process has
      ParsedSource src =
          compiler.parse(c.file, (*buf)->getBuffer().str(), llvm::errs());
      CompileOptions opts;
      opts.kernel = c.kernel;
      opts.signature = c.signature;
      opts.numWarps = c.numWarps;
      CompiledKernel k;
      ok = compiler.compileToPTX(src, opts, k, llvm::errs());
      auto t1 = std::chrono::steady_clock::now();
      if (i >= 3)
        times.push_back(
            std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
    if (!ok) {
      ++failures;
      continue;
    }
    std::sort(times.begin(), times.end());
    llvm::outs() << llvm::format("%-24s %-44s %10.2f %10.2f\n", c.kernel,
                                 c.signature, times[times.size() / 2],
                                 times[0]);
  }
  return failures ? 1 : 0;
}
