//===- RunDevice.h - `tilec run` on the GPU ---------------------*- C++ -*-===//
//
// The GPU half of `tilec run`, built where the CUDA runtime library
// (TilecRuntime) is: compile to PTX, copy the host buffers to the device,
// launch, copy them back, and optionally time repeated launches.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TOOLS_TILEC_RUNDEVICE_H
#define TILEC_TOOLS_TILEC_RUNDEVICE_H

#include "tilec/Compiler/Compiler.h"
#include "tilec/Interpreter/Interpreter.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <array>

namespace tilec {

/// How `tilec run` launches on the GPU.
struct DeviceRunOptions {
  /// The PTX target; empty: the device's own
  /// (rt::archForComputeCapability: sm_90a for compute capability 9.0).
  std::string arch;
  /// Timed launches after the checked one (0: none). Each launch reruns the
  /// kernel on the buffers as the previous one left them.
  int repeat = 0;
  /// Untimed launches before the timed ones.
  int warmup = 0;
  /// Bytes moved and floating-point operations of one launch (0: unknown):
  /// the timing line adds GB/s and TFLOP/s.
  double bytes = 0, flops = 0;
};

/// Whether this tilec can run kernels on a GPU (built with TilecRuntime).
bool deviceRunAvailable();

/// The PTX target of GPU 0 (`sm_90a` on an H100), what a run or tune
/// without --arch compiles for; empty where there is no GPU.
std::string deviceArch();

/// Compiles `opts.kernel` of `src`, runs it on GPU 0 over a grid of `grid`
/// programs with `args` (buffers from `buffers`, copied in before and out
/// after the launch), and prints the median time of `run.repeat` further
/// launches to `timing` when asked.
llvm::Error runOnDevice(Compiler &compiler, const ParsedSource &src,
                        CompileOptions opts, const DeviceRunOptions &run,
                        std::array<unsigned, 3> grid,
                        llvm::ArrayRef<interp::KernelArg> args,
                        llvm::ArrayRef<interp::HostBuffer> buffers,
                        llvm::raw_ostream &timing);

} // namespace tilec

#endif // TILEC_TOOLS_TILEC_RUNDEVICE_H
