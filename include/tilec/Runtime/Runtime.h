//===- Runtime.h - Load and launch tilec kernels through the CUDA driver --===//
//
// A small runtime over the CUDA driver API. libcuda is not linked: it is
// opened at run time with dlopen (`$TILEC_CUDA_LIBRARY`, default
// "libcuda.so.1"), so binaries using this run (and report "no CUDA driver
// found") on machines without a GPU. cuda.h is included for types only.
// The runtime (TilecRuntime, installed as tilec::runtime) has no compiler:
// it needs LLVM's Support library and cuda.h, not MLIR.
//
//   auto dev = rt::Device::open();                 // Expected<Device>
//   if (!dev) { ... llvm::toString(dev.takeError()) ... }
//   auto ck = CompiledKernel::readFiles("k.ptx");  // tilec --emit=ptx -o k.ptx
//   auto k = rt::Kernel::load(*dev, *ck);          // cuModuleLoadDataEx (JIT)
//   rt::DeviceBuffer x(*dev), y(*dev);
//   if (auto e = x.alloc(n * 4)) ...;              // cuMemAlloc
//   if (auto e = x.copyFromHost(host, n * 4)) ...; // cuMemcpyHtoD
//   if (auto e = k->launch({rows}, {rt::Arg::ptr(y, "fp32"),
//                                   rt::Arg::ptr(x, "fp32"),
//                                   rt::Arg::i32(n)}))  ...;
//   if (auto e = dev->synchronize()) ...;
//
// Kernels compiled from source on demand (TilecJit, tilec::compiler): the
// kernel cache (tilec/Jit/Cache.h) and kernels specialized on their
// arguments, launched with typed C++ arguments (tilec/Jit/Jit.h).
//
// Arguments are checked against CompiledKernel::params (count, pointer vs
// scalar, pointee type, int vs float, width) by checkArgs() before any driver
// call, so a wrong launch is an llvm::Error naming the argument, never a
// crash. checkArgs() needs no GPU and is usable on its own.
//
// Every driver failure is an llvm::Error "<cuFunction> failed: <CUDA_ERROR_X>:
// <description>" (module loads append the JIT error log). All objects are
// move-only RAII wrappers, except Context, a counted reference. Buffers,
// kernels, streams and timers hold a Context of the device they were made
// on (a retain of its primary context), not a pointer to the Device: a
// Device may be moved or destroyed while they live, and the context (with
// its modules and memory) lives until the last of them is gone.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_RUNTIME_RUNTIME_H
#define TILEC_RUNTIME_RUNTIME_H

#include "tilec/Kernel/CompiledKernel.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cuda.h>

#include <cstdint>
#include <string>

namespace tilec::rt {

/// The driver entry points, resolved once from libcuda with dlsym (using the
/// versioned names cuda.h maps to, e.g. cuMemAlloc_v2). get() loads the
/// library on first use; it fails with "no CUDA driver found (<lib>: <why>)".
struct Driver {
#define TILEC_CU_FN(name) decltype(&::name) name = nullptr;
#include "tilec/Runtime/DriverFunctions.def"
  /// The loaded driver (or the error of the first load attempt, repeated).
  static llvm::Expected<const Driver &> get();
  /// "cuFoo failed: CUDA_ERROR_X: description" (success: Error::success()).
  llvm::Error check(CUresult r, llvm::StringRef what) const;
};

struct Dim3 {
  unsigned x = 1, y = 1, z = 1;
  Dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1) : x(x), y(y), z(z) {}
};

/// A counted reference to the primary context of a device: the driver
/// counts cuDevicePrimaryCtxRetain / cuDevicePrimaryCtxRelease, so every
/// copy keeps the context, its modules and its memory alive.
class Context {
public:
  Context() = default;
  /// Retains the primary context of `dev`.
  static llvm::Expected<Context> retain(const Driver &drv, CUdevice dev);
  Context(const Context &o);
  Context &operator=(const Context &o);
  Context(Context &&o) noexcept;
  Context &operator=(Context &&o) noexcept;
  ~Context();

  explicit operator bool() const { return ctx_ != nullptr; }
  const Driver &driver() const { return *drv_; }
  CUdevice device() const { return dev_; }
  CUcontext handle() const { return ctx_; }
  /// The device's compute capability, e.g. 90.
  int computeCapability() const { return cc_; }
  /// cuCtxSetCurrent(handle()); an error for an empty Context.
  llvm::Error makeCurrent() const;

private:
  void release();
  const Driver *drv_ = nullptr;
  CUdevice dev_ = 0;
  CUcontext ctx_ = nullptr;
  int cc_ = 0;
};

class Device {
public:
  /// Loads the driver, cuInit(0), retains the primary context of `ordinal`
  /// and makes it current on this thread.
  static llvm::Expected<Device> open(int ordinal = 0);
  Device(Device &&o) noexcept = default;
  Device &operator=(Device &&o) noexcept = default;
  Device(const Device &) = delete;
  Device &operator=(const Device &) = delete;

  const Driver &driver() const { return ctx_.driver(); }
  CUdevice handle() const { return ctx_.device(); }
  CUcontext context() const { return ctx_.handle(); }
  /// The reference to the primary context that handles made here copy.
  const Context &contextRef() const { return ctx_; }
  const std::string &name() const { return name_; }
  /// Compute capability, e.g. 90 for sm_90.
  int computeCapability() const { return ctx_.computeCapability(); }
  /// Multiprocessors on the device.
  int multiprocessors() const { return sms_; }
  /// cuCtxSetCurrent(context()).
  llvm::Error makeCurrent() const { return ctx_.makeCurrent(); }
  /// cuCtxSynchronize: waits for all work and reports asynchronous errors.
  llvm::Error synchronize() const;

private:
  Device() = default;
  Context ctx_;
  std::string name_;
  int sms_ = 0;
};

/// A stream (cuStreamCreate with CU_STREAM_NON_BLOCKING: it does not
/// synchronize with the legacy default stream), destroyed with the object.
class Stream {
public:
  static llvm::Expected<Stream> create(const Device &dev);
  Stream(Stream &&o) noexcept;
  Stream &operator=(Stream &&o) noexcept;
  Stream(const Stream &) = delete;
  Stream &operator=(const Stream &) = delete;
  ~Stream();

  CUstream handle() const { return stream_; }
  operator CUstream() const { return stream_; }
  /// cuStreamSynchronize: waits for the stream's work, reports its errors.
  llvm::Error synchronize() const;

private:
  Stream() = default;
  Context ctx_;
  CUstream stream_ = nullptr;
};

/// Page-locked host memory (cuMemAllocHost / cuMemFreeHost): the memory
/// asynchronous copies need to overlap with kernels.
class PinnedBuffer {
public:
  explicit PinnedBuffer(const Device &dev) : ctx_(dev.contextRef()) {}
  PinnedBuffer(PinnedBuffer &&o) noexcept;
  PinnedBuffer &operator=(PinnedBuffer &&o) noexcept;
  PinnedBuffer(const PinnedBuffer &) = delete;
  PinnedBuffer &operator=(const PinnedBuffer &) = delete;
  ~PinnedBuffer() { reset(); }

  /// Frees the old allocation and allocates `bytes` (0 allocates nothing).
  llvm::Error alloc(size_t bytes);
  void reset();
  void *data() const { return ptr_; }
  template <typename T> T *as() const { return static_cast<T *>(ptr_); }
  size_t bytes() const { return bytes_; }

private:
  Context ctx_;
  void *ptr_ = nullptr;
  size_t bytes_ = 0;
};

/// Device memory (cuMemAlloc / cuMemFree), freed on destruction.
class DeviceBuffer {
public:
  explicit DeviceBuffer(const Device &dev) : ctx_(dev.contextRef()) {}
  DeviceBuffer(DeviceBuffer &&o) noexcept;
  DeviceBuffer &operator=(DeviceBuffer &&o) noexcept;
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  ~DeviceBuffer() { reset(); }

  /// Frees the old allocation and allocates `bytes` (0 allocates nothing).
  llvm::Error alloc(size_t bytes);
  void reset();
  CUdeviceptr ptr() const { return ptr_; }
  size_t bytes() const { return bytes_; }
  /// Copies `bytes` (at most size()) to / from the start of the buffer.
  llvm::Error copyFromHost(const void *src, size_t bytes);
  llvm::Error copyToHost(void *dst, size_t bytes) const;
  /// The same, queued on `stream` (cuMemcpyHtoDAsync / DtoHAsync): the host
  /// memory must stay valid until the stream reaches the copy, and the copy
  /// overlaps other work only from page-locked memory (PinnedBuffer).
  llvm::Error copyFromHostAsync(const void *src, size_t bytes, CUstream stream);
  llvm::Error copyToHostAsync(void *dst, size_t bytes, CUstream stream) const;
  /// Fills the buffer with a repeated 8/16/32-bit pattern (cuMemsetD*).
  llvm::Error fill8(uint8_t v);
  llvm::Error fill16(uint16_t v);
  llvm::Error fill32(uint32_t v);

private:
  Context ctx_;
  CUdeviceptr ptr_ = 0;
  size_t bytes_ = 0;
};

/// One runtime kernel argument, matched against a signature type.
struct Arg {
  /// None: Python's None, for a parameter specialized on it (a JitKernel's
  /// optional pointer left out); a compiled kernel takes no None.
  enum Kind { Pointer, Int, Float, None } kind = Int;
  /// Pointer: the element type ("fp32", "fp16", ...; empty: not checked).
  /// Int: "i1", "i8".."i64", "u8".."u64". Float: "fp16", "bf16", "fp32",
  /// "fp64".
  std::string type;
  CUdeviceptr p = 0;
  int64_t i = 0;
  double f = 0;
  /// Pointer: the bytes of the buffer it points into, from `p` on, where
  /// known (a DeviceBuffer's size; 0: unknown). The autotuner needs it to
  /// reset or restore a buffer between tuning runs.
  size_t bytes = 0;

  static Arg ptr(CUdeviceptr p, llvm::StringRef elemType = "",
                 size_t bytes = 0) {
    return Arg{Pointer, elemType.str(), p, 0, 0, bytes};
  }
  static Arg ptr(const DeviceBuffer &b, llvm::StringRef elemType = "") {
    return ptr(b.ptr(), elemType, b.bytes());
  }
  static Arg integer(llvm::StringRef type, int64_t v) {
    return Arg{Int, type.str(), 0, v, 0};
  }
  static Arg i32(int32_t v) { return integer("i32", v); }
  static Arg i64(int64_t v) { return integer("i64", v); }
  static Arg fp(llvm::StringRef type, double v) {
    return Arg{Float, type.str(), 0, 0, v};
  }
  static Arg f32(float v) { return fp("fp32", v); }
  static Arg f64(double v) { return fp("fp64", v); }
  static Arg none() { return Arg{None, "", 0, 0, 0}; }

  /// "*fp32", "i32", "fp32": how it prints in messages.
  std::string describe() const;
};

/// Checks `args` against `params` (CompiledKernel::params: name, signature
/// type in ABI order). Errors name the argument: "argument 2 ('n_cols'):
/// expected i32, got i64". Makes no driver call.
llvm::Error
checkArgs(llvm::ArrayRef<std::pair<std::string, std::string>> params,
          llvm::ArrayRef<Arg> args);

/// The arguments of cuTensorMapEncodeTiled for a kernel's tensor map `tm`
/// (CompiledKernel::tensorMaps), in the driver's order: dimension 0 is the
/// innermost (the last of the shape), globalDim[0] = shape[rank - 1],
/// globalStrides[i] = stride[rank - 2 - i] * element bytes, boxDim[0] =
/// box[rank - 1]. No interleave, 256-byte L2 promotion, zeros out of bounds.
struct TensorMapEncoding {
  CUtensorMapDataType dataType = CU_TENSOR_MAP_DATA_TYPE_UINT8;
  unsigned rank = 0;
  CUdeviceptr globalAddress = 0;
  uint64_t globalDim[5] = {};     // elements
  uint64_t globalStrides[4] = {}; // bytes, of dimensions 1..rank-1
  uint32_t boxDim[5] = {};        // elements
  uint32_t elementStrides[5] = {};
  CUtensorMapInterleave interleave = CU_TENSOR_MAP_INTERLEAVE_NONE;
  CUtensorMapSwizzle swizzle = CU_TENSOR_MAP_SWIZZLE_NONE;
  CUtensorMapL2promotion l2Promotion = CU_TENSOR_MAP_L2_PROMOTION_L2_256B;
  CUtensorMapFloatOOBfill oobFill = CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE;
};

/// The encoding of `tm` from a launch's arguments `args` for `params`
/// (CompiledKernel::params; checkArgs has passed): the base pointer is the
/// argument named tm.desc, the shape and strides (in elements) those named
/// tm.desc + ".shape<i>" and ".stride<i>". Checks what TMA requires and
/// names the argument that breaks it, as checkArgs does ("argument 4
/// ('desc_q'): ..."): a 16-byte aligned base; shape entries in 1..2^32;
/// strides multiples of 16 bytes below 2^40 bytes, the last one 1; box
/// entries in 1..256, the innermost a multiple of 16 bytes and, with a
/// swizzle, at most its bytes; an element type TMA has a data type for.
/// Makes no driver call.
llvm::Expected<TensorMapEncoding>
tensorMapEncoding(const CompiledKernel::TensorMapParam &tm,
                  llvm::ArrayRef<std::pair<std::string, std::string>> params,
                  llvm::ArrayRef<Arg> args);

/// Whether a cubin assembled for `cubinTarget` (sm_90, sm_90a, ...) runs on
/// a GPU of compute capability `computeCapability` (90): the same one.
bool cubinRunsOn(llvm::StringRef cubinTarget, int computeCapability);

/// A kernel loaded into a module of the device's primary context.
class Kernel {
public:
  /// Loads ck.cubin when it is for this GPU (cubinRunsOn; no PTX JIT);
  /// otherwise JIT-compiles ck.ptx (an error without one) as a whole module
  /// (cuModuleLoadDataEx, error log in the message; the registers and spills of
  /// its verbose log go to compiled().resources). Not the driver's linker:
  /// cuLink compiles PTX as relocatable code, which ran the seed matmul 11%
  /// slower on the H200. Looks up ck.name and, for sharedBytes > 48 KiB, raises
  /// the function's MAX_DYNAMIC_SHARED_SIZE_BYTES.
  static llvm::Expected<Kernel> load(const Device &dev,
                                     const CompiledKernel &ck);
  static llvm::Expected<Kernel> load(const Context &ctx,
                                     const CompiledKernel &ck);
  Kernel(Kernel &&o) noexcept;
  Kernel &operator=(Kernel &&o) noexcept;
  Kernel(const Kernel &) = delete;
  Kernel &operator=(const Kernel &) = delete;
  ~Kernel();

  /// checkArgs, then cuLaunchKernel with CompiledKernel::threads() a block and
  /// sharedBytes of dynamic shared memory. `grid` counts programs: a kernel
  /// compiled to run several programs per CTA (programsPerCTA) is launched on
  /// ceil(grid.x / programsPerCTA) CTAs with grid.x as its hidden i32 after
  /// `args`. Then come the kernel's tensor maps (CompiledKernel::tensorMaps),
  /// one CUtensorMap each, made here from `args` (tensorMapEncoding,
  /// cuTensorMapEncodeTiled).
  /// Asynchronous: errors of the run itself show up at the next synchronize.
  llvm::Error launch(Dim3 grid, llvm::ArrayRef<Arg> args,
                     CUstream stream = nullptr) const;

  const CompiledKernel &compiled() const { return ck_; }
  CUfunction function() const { return fn_; }
  /// The JIT's info log (registers, spills; empty when a cubin was
  /// loaded).
  const std::string &jitInfoLog() const { return info_; }

private:
  Kernel() = default;
  Context ctx_;
  CompiledKernel ck_;
  CUmodule mod_ = nullptr;
  CUfunction fn_ = nullptr;
  std::string info_;
};

/// A pair of CUDA events for timing work on a stream.
class Timer {
public:
  static llvm::Expected<Timer> create(const Device &dev);
  static llvm::Expected<Timer> create(const Context &ctx);
  Timer(Timer &&o) noexcept;
  Timer(const Timer &) = delete;
  Timer &operator=(const Timer &) = delete;
  Timer &operator=(Timer &&) = delete;
  ~Timer();
  llvm::Error start(CUstream stream = nullptr);
  llvm::Error stop(CUstream stream = nullptr);
  /// Waits for the stop event; milliseconds between start and stop.
  llvm::Expected<float> elapsedMs();

private:
  Timer() = default;
  Context ctx_;
  CUevent start_ = nullptr, stop_ = nullptr;
};

} // namespace tilec::rt

#endif // TILEC_RUNTIME_RUNTIME_H
