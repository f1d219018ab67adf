//===- Jit.h - Kernels specialized on their arguments, as Triton's JIT does
//-===//
//
// A JitKernel is a kernel of a source file, compiled on launch for the
// arguments it is given. The specialization is derived from the arguments'
// values by Triton's JIT rules, so a plain C++ call gets the code Triton
// would run for the same call from Python:
//
//   auto dev = rt::Device::open();
//   rt::JitOptions o;
//   o.constexprs = {{"BLOCK_SIZE_M", "128"}, {"BLOCK_SIZE_N", "128"}, ...};
//   auto mm = rt::JitKernel::create(*dev, source, "matmul_kernel", o);
//   rt::DeviceBuffer a(*dev), b(*dev), c(*dev);   // ... allocated, filled
//   if (auto e = mm->launch(grid, rt::ptr<rt::half>(a), rt::ptr<rt::half>(b),
//                           rt::ptr<float>(c), M, N, K, K, 1, N, 1, N, 1))
//     ...;
//
// Rules (Triton's `specialize_impl`), applied to each runtime argument:
//   - a pointer (rt::ptr<T>(buffer), a DevicePtr<T>, a T*) is `*T`, and
//     `*T:16` when its address is a multiple of 16;
//   - an integer of any C++ integer type is i32 when its value fits in
//     32 bits, u64 above 2^63 - 1, i64 otherwise; `:16` when the value is a
//     multiple of 16 (0 included); a value of 1 becomes the constant 1 (the
//     parameter leaves the kernel's ABI). An rt::Arg::integer of an explicit
//     type keeps its type; the rest applies.
//   - bool is i1; float and double are fp32 (rt::Arg::f64 passes an fp64);
//   - nullptr is the constant None (an optional pointer left out);
//   - a parameter annotated tl.constexpr takes the argument's value (an
//     integer, float, bool or nullptr), unless JitOptions::constexprs fixes
//     it, in which case the launch does not pass it.
// Trailing parameters with default values may be left out of a launch;
// their defaults are used. Each new specialization is compiled once through
// a KernelCache (memory and disk), loaded, and kept by the JitKernel.
//
// Parameters set by @triton.heuristics are not passed either: their values
// are computed at each launch from the launch's arguments, the fixed
// constexprs and the config (Frontend/Heuristics.h), after the autotuner
// chose the config, as in Triton.
//
// Not specialized (as in Triton): floats; the `do_not_specialize` list of
// @triton.jit is not read.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_RUNTIME_JIT_H
#define TILEC_RUNTIME_JIT_H

#include "tilec/Compiler/AutotuneConfig.h"
#include "tilec/Jit/Cache.h"
#include "tilec/Jit/Tuner.h"
#include "tilec/Runtime/Runtime.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace tilec {
class Compiler;
struct ParsedSource;
} // namespace tilec

namespace tilec::rt {

/// Element types of device memory without a C++ type of their own.
struct half {
  uint16_t bits;
};
struct bfloat16 {
  uint16_t bits;
};

/// The signature name of a C++ element type ("fp32", "i8", "bf16", ...).
template <typename T> struct ElementType;
#define TILEC_ELEMENT_TYPE(T, NAME)                                            \
  template <> struct ElementType<T> {                                          \
    static constexpr const char *name = NAME;                                  \
  };
TILEC_ELEMENT_TYPE(float, "fp32")
TILEC_ELEMENT_TYPE(double, "fp64")
TILEC_ELEMENT_TYPE(half, "fp16")
TILEC_ELEMENT_TYPE(bfloat16, "bf16")
TILEC_ELEMENT_TYPE(bool, "i1")
TILEC_ELEMENT_TYPE(int8_t, "i8")
TILEC_ELEMENT_TYPE(int16_t, "i16")
TILEC_ELEMENT_TYPE(int32_t, "i32")
TILEC_ELEMENT_TYPE(int64_t, "i64")
TILEC_ELEMENT_TYPE(uint8_t, "u8")
TILEC_ELEMENT_TYPE(uint16_t, "u16")
TILEC_ELEMENT_TYPE(uint32_t, "u32")
TILEC_ELEMENT_TYPE(uint64_t, "u64")
#undef TILEC_ELEMENT_TYPE

/// A device address holding elements of type T.
template <typename T> struct DevicePtr {
  CUdeviceptr address = 0;
  /// Bytes of the buffer from `address` on (0: unknown; see Arg::bytes).
  size_t bytes = 0;
};

/// The memory of `buffer` as elements of type T.
template <typename T> DevicePtr<T> ptr(const DeviceBuffer &buffer) {
  return {buffer.ptr(), buffer.bytes()};
}

/// The rt::Arg a C++ launch argument stands for. Integers are passed with
/// no type, to be typed by value (see above).
inline Arg toArg(const Arg &a) { return a; }
inline Arg toArg(std::nullptr_t) { return Arg::none(); }
template <typename T> Arg toArg(DevicePtr<T> p) {
  return Arg::ptr(p.address, ElementType<std::remove_cv_t<T>>::name, p.bytes);
}
template <typename T> Arg toArg(T *p) {
  return Arg::ptr(CUdeviceptr(reinterpret_cast<uintptr_t>(p)),
                  ElementType<std::remove_cv_t<T>>::name);
}
template <typename T, std::enable_if_t<std::is_arithmetic_v<T>, int> = 0>
Arg toArg(T v) {
  if constexpr (std::is_same_v<T, bool>)
    return Arg::integer("i1", v);
  else if constexpr (std::is_floating_point_v<T>)
    return Arg::fp("fp32", double(v));
  else if constexpr (std::is_unsigned_v<T> && sizeof(T) == 8)
    return v > uint64_t(INT64_MAX) ? Arg::integer("u64", int64_t(v))
                                   : Arg::integer("", int64_t(v));
  else
    return Arg::integer("", int64_t(v));
}
Arg toArg(const DeviceBuffer &) = delete; // say the element type: rt::ptr<T>

/// One parameter of a kernel as the JIT sees it.
struct JitParam {
  std::string name;
  bool isConstexpr = false;
  /// The default value as signature text ("" if none, or not a literal).
  std::string defaultText;
  bool hasDefault = false;
};

/// The specialization of one launch: the signature it compiles for and the
/// arguments of the compiled kernel's ABI.
struct Specialization {
  std::string signature;
  llvm::SmallVector<Arg, 16> abiArgs;
  /// The values @triton.heuristics set, as signature text by parameter.
  std::map<std::string, std::string> heuristics;
};

struct HeuristicsState;

/// The kernel's parameters and the rules above; needs no GPU.
class Specializer {
public:
  /// Parses `source` and finds `kernel`'s parameters; `constexprs` are the
  /// values fixed ahead (signature text by parameter name). Host code
  /// (@triton.autotune's arguments) sees the GPU architecture `arch`, the
  /// module-level names `defines` bind (NAME=VALUE each) and the modules
  /// of `importPaths`, as the compilation does. Errors carry the frontend's
  /// diagnostics, or name the unknown parameter.
  static llvm::Expected<Specializer>
  create(llvm::StringRef source, llvm::StringRef kernel,
         const std::map<std::string, std::string> &constexprs,
         llvm::StringRef filename = "<source>", llvm::StringRef arch = {},
         llvm::ArrayRef<std::string> defines = {},
         llvm::ArrayRef<std::string> importPaths = {});

  /// The specialization for `args` (the launch's arguments in parameter
  /// order, fixed and autotuned constexprs left out), with the values of
  /// `config` for an autotuned kernel. Errors name the argument.
  llvm::Expected<Specialization>
  specialize(llvm::ArrayRef<Arg> args,
             const AutotuneConfig *config = nullptr) const;
  /// The kernel's @triton.autotune (none: not autotuned).
  const std::optional<Autotune> &autotune() const { return autotune_; }
  /// The parameters its @triton.heuristics set, in evaluation order.
  std::vector<std::string> heuristicParams() const;
  /// What selects a tuning of an autotuned kernel: the values of its `key`
  /// arguments and the specialization of the others.
  llvm::Expected<std::string> tuningKey(llvm::ArrayRef<Arg> args) const;
  /// The buffers a tuning zeroes (reset_to_zero) and restores
  /// (restore_value), as their launch arguments; an error where one is not a
  /// pointer of known size (Arg::bytes: pass a DeviceBuffer or rt::ptr<T>).
  using TuningBuffers = rt::TuningBuffers;
  llvm::Expected<TuningBuffers> tuningBuffers(llvm::ArrayRef<Arg> args) const;

  const std::string &kernel() const { return kernel_; }
  const std::vector<JitParam> &params() const { return params_; }
  /// The parameters a launch passes, in order.
  const std::vector<unsigned> &launchParams() const { return launch_; }

private:
  std::string kernel_;
  std::vector<JitParam> params_;
  std::vector<std::string> fixed_; // per parameter: fixed value or ""
  std::vector<bool> tuned_;        // per parameter: set by the configs
  std::vector<bool> derived_;      // per parameter: set by a heuristic
  std::vector<unsigned> launch_;
  std::optional<Autotune> autotune_;
  /// The parsed file and its heuristics (shared by copies).
  std::shared_ptr<const HeuristicsState> heuristics_;
  /// The values of @triton.heuristics for a launch; errors carry the
  /// diagnostic at the lambda.
  llvm::Expected<std::map<std::string, std::string>>
  evaluateHeuristics(llvm::ArrayRef<Arg> args,
                     const AutotuneConfig *config) const;
};

struct JitOptions {
  /// Values of tl.constexpr parameters fixed for every launch, as signature
  /// text: "1024", "True", "tl.bfloat16", "None".
  std::map<std::string, std::string> constexprs;
  /// num_warps, num_stages, arch and the other knobs (kernel and signature
  /// are set per specialization). arch "" takes the device's (sm_90a on
  /// compute capability 9.0).
  CompileOptions compile = defaultCompileOptions();
  /// Names the source in diagnostics; where it is a file, the modules of its
  /// package that the kernel imports are found next to it.
  std::string filename = "<source>";
  /// The cache specializations compile through (null: KernelCache::global()).
  KernelCache *cache = nullptr;

  static CompileOptions defaultCompileOptions() {
    CompileOptions o;
    o.arch = "";
    return o;
  }
};

/// The constexpr values a launch grid may depend on (Triton's META): those
/// of the config being run, those @triton.heuristics set and those fixed in
/// JitOptions::constexprs.
class Meta {
public:
  explicit Meta(const AutotuneConfig *config,
                const std::map<std::string, std::string> *fixed = nullptr,
                const std::map<std::string, std::string> *derived = nullptr)
      : config_(config), fixed_(fixed), derived_(derived) {}
  /// The integer value of constexpr `name` (0 if it has none).
  int64_t operator[](llvm::StringRef name) const;

private:
  const AutotuneConfig *config_;
  const std::map<std::string, std::string> *fixed_;
  const std::map<std::string, std::string> *derived_;
};
using GridFn = std::function<Dim3(const Meta &)>;

class JitKernel {
public:
  static llvm::Expected<JitKernel> create(const Device &dev, std::string source,
                                          llvm::StringRef kernel,
                                          JitOptions opts = {});
  /// Reads the source from `path` (which also names it in diagnostics).
  static llvm::Expected<JitKernel> fromFile(const Device &dev,
                                            llvm::StringRef path,
                                            llvm::StringRef kernel,
                                            JitOptions opts = {});
  JitKernel(JitKernel &&) noexcept;
  JitKernel &operator=(JitKernel &&) noexcept;
  ~JitKernel();

  /// Launches on `grid` programs with typed arguments (toArg()).
  template <typename... Ts> llvm::Error launch(Dim3 grid, const Ts &...args) {
    return launchArgs(grid, {toArg(args)...}, nullptr);
  }
  template <typename... Ts>
  llvm::Error launch(const Stream &stream, Dim3 grid, const Ts &...args) {
    return launchArgs(grid, {toArg(args)...}, stream.handle());
  }
  /// The grid as a function of the constexprs (autotuned kernels).
  template <typename... Ts> llvm::Error launch(GridFn grid, const Ts &...args) {
    return launchArgs(grid, {toArg(args)...}, nullptr);
  }
  template <typename... Ts>
  llvm::Error launch(const Stream &stream, GridFn grid, const Ts &...args) {
    return launchArgs(grid, {toArg(args)...}, stream.handle());
  }
  /// The dynamic form: specializes, compiles on first use, checks, launches.
  /// An autotuned kernel is first tuned for the arguments' tuning key (once
  /// per key: every config is compiled, run on these arguments and timed,
  /// and the fastest kept, also in the cache directory for later
  /// processes). As Triton's autotuner does, the buffers of `reset_to_zero`
  /// are zeroed before each tuning run and once more after tuning, and those
  /// of `restore_value` are saved before tuning and restored after each run,
  /// so that the launch that follows sees them as the caller left them
  /// (reset_to_zero's: zero); both need the buffers' sizes (Arg::bytes).
  /// TILEC_PRINT_AUTOTUNING=1 prints each tuning to stderr.
  llvm::Error launchArgs(Dim3 grid, llvm::ArrayRef<Arg> args,
                         CUstream stream = nullptr);
  llvm::Error launchArgs(const GridFn &grid, llvm::ArrayRef<Arg> args,
                         CUstream stream = nullptr);
  /// The last tuning (empty key: none yet).
  const TuningRecord &lastTuning() const { return lastTuning_; }

  /// The kernel these arguments select, compiled and loaded on first use.
  llvm::Expected<const Kernel &> kernelFor(llvm::ArrayRef<Arg> args);
  template <typename... Ts>
  llvm::Expected<const Kernel &> kernelFor(const Ts &...args) {
    return kernelFor(llvm::ArrayRef<Arg>{toArg(args)...});
  }

  const Specializer &specializer() const { return spec_; }
  /// The specializations compiled so far.
  size_t numSpecializations() const;

private:
  JitKernel(const Device &dev, std::string source, Specializer spec,
            JitOptions opts);
  llvm::Expected<const Kernel &> load(const Specialization &spec,
                                      const AutotuneConfig *config = nullptr);
  /// The compile options of a specialization (and config).
  CompileOptions compileOptions(const Specialization &spec,
                                const AutotuneConfig *config) const;
  /// The specialization, config and loaded kernel of a launch.
  struct Selection {
    Specialization spec;
    const AutotuneConfig *config = nullptr;
    const Kernel *kernel = nullptr;
  };
  llvm::Expected<Selection> select(const GridFn &grid, llvm::ArrayRef<Arg> args,
                                   CUstream stream);
  /// The config of an autotuned kernel for `args` (tuning it if needed).
  llvm::Expected<const AutotuneConfig *>
  configFor(const GridFn &grid, llvm::ArrayRef<Arg> args, CUstream stream);
  Context ctx_;
  std::string source_;
  Specializer spec_;
  JitOptions opts_;
  std::unique_ptr<std::mutex> mu_;
  /// By signature, warps and stages; Kernel objects stay where they are.
  std::map<std::string, std::unique_ptr<Kernel>> kernels_;
  std::map<std::string, size_t> tunings_; // tuning key -> config
  TuningRecord lastTuning_;
};

/// The PTX target of a compute capability: sm_90a for 90 (wgmma), sm_80 for
/// Ampere, sm_<cc> otherwise.
std::string archForComputeCapability(int cc);

/// Compiles opts.kernel of `src` with `compiler` (diagnostics go into the
/// error) and loads it on `dev`, without a KernelCache (`tilec run`).
llvm::Expected<Kernel> compileAndLoad(const Device &dev, Compiler &compiler,
                                      const ParsedSource &src,
                                      const CompileOptions &opts);

} // namespace tilec::rt

#endif // TILEC_RUNTIME_JIT_H
