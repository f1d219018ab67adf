//===- Runtime.cpp - Load and launch tilec kernels through the CUDA driver ===//

#include "tilec/Runtime/Runtime.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <dlfcn.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <utility>

using namespace tilec;
using namespace tilec::rt;

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

namespace {
struct LoadedDriver {
  Driver drv;
  std::string error; // empty: loaded
};
} // namespace

static void loadDriver(LoadedDriver &out) {
  const char *lib = std::getenv("TILEC_CUDA_LIBRARY");
  if (!lib || !*lib)
    lib = "libcuda.so.1";
  void *h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    const char *err = dlerror();
    llvm::StringRef why = err ? err : "dlopen failed";
    // dlerror() usually starts with the library's name already.
    if (why.starts_with(lib))
      out.error = llvm::formatv("no CUDA driver found ({0})", why);
    else
      out.error = llvm::formatv("no CUDA driver found ({0}: {1})", lib, why);
    return;
  }
  Driver &d = out.drv;
  std::string missing;
  auto load = [&](const char *sym, auto &fn) {
    dlerror();
    void *p = dlsym(h, sym);
    if (!p) {
      missing += missing.empty() ? "" : ", ";
      missing += sym;
      return;
    }
    fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(p);
  };
#define TILEC_CU_LOAD(name) load(#name, d.name);
#define TILEC_CU_FN(name) TILEC_CU_LOAD(name)
#include "tilec/Runtime/DriverFunctions.def"
#undef TILEC_CU_LOAD
  if (!missing.empty())
    out.error = llvm::formatv(
        "no usable CUDA driver ({0} lacks {1}; driver too old?)", lib, missing);
  // The handle is kept open for the life of the process.
}

llvm::Expected<const Driver &> Driver::get() {
  static LoadedDriver loaded;
  static std::once_flag once;
  std::call_once(once, [] { loadDriver(loaded); });
  if (!loaded.error.empty())
    return llvm::createStringError(loaded.error);
  return loaded.drv;
}

llvm::Error Driver::check(CUresult r, llvm::StringRef what) const {
  if (r == CUDA_SUCCESS)
    return llvm::Error::success();
  const char *name = nullptr, *desc = nullptr;
  if (cuGetErrorName)
    cuGetErrorName(r, &name);
  if (cuGetErrorString)
    cuGetErrorString(r, &desc);
  std::string n = name ? name : ("CUresult " + std::to_string(int(r)));
  return llvm::createStringError(llvm::formatv("{0} failed: {1}{2}{3}", what, n,
                                 desc ? ": " : "", desc ? desc : ""));
}

//===----------------------------------------------------------------------===//
// Context
//===----------------------------------------------------------------------===//

llvm::Expected<Context> Context::retain(const Driver &drv, CUdevice dev) {
  Context c;
  if (auto e = drv.check(drv.cuDevicePrimaryCtxRetain(&c.ctx_, dev),
                         "cuDevicePrimaryCtxRetain"))
    return std::move(e);
  c.drv_ = &drv;
  c.dev_ = dev;
  int major = 0, minor = 0;
  if (auto e = drv.check(
          drv.cuDeviceGetAttribute(
              &major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev),
          "cuDeviceGetAttribute"))
    return std::move(e);
  if (auto e = drv.check(
          drv.cuDeviceGetAttribute(
              &minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev),
          "cuDeviceGetAttribute"))
    return std::move(e);
  c.cc_ = major * 10 + minor;
  return std::move(c);
}

Context::Context(const Context &o) : drv_(o.drv_), dev_(o.dev_), cc_(o.cc_) {
  // Retaining a context that is already retained does not fail in practice;
  // if it did, this copy stays empty and makeCurrent() says so.
  if (o.ctx_ && drv_->cuDevicePrimaryCtxRetain(&ctx_, dev_) != CUDA_SUCCESS)
    ctx_ = nullptr;
}

Context &Context::operator=(const Context &o) {
  if (this != &o) {
    Context copy(o);
    *this = std::move(copy);
  }
  return *this;
}

Context::Context(Context &&o) noexcept
    : drv_(o.drv_), dev_(o.dev_), ctx_(std::exchange(o.ctx_, nullptr)),
      cc_(o.cc_) {}

Context &Context::operator=(Context &&o) noexcept {
  if (this != &o) {
    release();
    drv_ = o.drv_;
    dev_ = o.dev_;
    ctx_ = std::exchange(o.ctx_, nullptr);
    cc_ = o.cc_;
  }
  return *this;
}

Context::~Context() { release(); }

void Context::release() {
  if (ctx_)
    drv_->cuDevicePrimaryCtxRelease(dev_);
  ctx_ = nullptr;
}

llvm::Error Context::makeCurrent() const {
  if (!ctx_)
    return llvm::createStringError("no CUDA context (the handle was moved from, or never "
                     "made on a device)");
  return drv_->check(drv_->cuCtxSetCurrent(ctx_), "cuCtxSetCurrent");
}

//===----------------------------------------------------------------------===//
// Device
//===----------------------------------------------------------------------===//

llvm::Expected<Device> Device::open(int ordinal) {
  auto drv = Driver::get();
  if (!drv)
    return drv.takeError();
  const Driver &d = *drv;
  if (auto e = d.check(d.cuInit(0), "cuInit"))
    return std::move(e);
  int count = 0;
  if (auto e = d.check(d.cuDeviceGetCount(&count), "cuDeviceGetCount"))
    return std::move(e);
  if (ordinal < 0 || ordinal >= count)
    return llvm::createStringError(llvm::formatv("no CUDA device {0} (the driver sees {1})",
                                   ordinal, count));
  CUdevice handle = 0;
  if (auto e = d.check(d.cuDeviceGet(&handle, ordinal), "cuDeviceGet"))
    return std::move(e);
  Device dev;
  char name[256] = {0};
  if (auto e = d.check(d.cuDeviceGetName(name, sizeof(name) - 1, handle),
                       "cuDeviceGetName"))
    return std::move(e);
  dev.name_ = name;
  auto attribute = [&](CUdevice_attribute a, int &out) {
    return d.check(d.cuDeviceGetAttribute(&out, a, handle),
                   "cuDeviceGetAttribute");
  };
  if (auto e = attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev.sms_))
    return std::move(e);
  auto ctx = Context::retain(d, handle);
  if (!ctx)
    return ctx.takeError();
  dev.ctx_ = std::move(*ctx);
  if (auto e = dev.makeCurrent())
    return std::move(e);
  return std::move(dev);
}

llvm::Error Device::synchronize() const {
  if (auto e = makeCurrent())
    return e;
  const Driver &d = driver();
  return d.check(d.cuCtxSynchronize(), "cuCtxSynchronize");
}

//===----------------------------------------------------------------------===//
// Stream
//===----------------------------------------------------------------------===//

llvm::Expected<Stream> Stream::create(const Device &dev) {
  if (auto e = dev.makeCurrent())
    return std::move(e);
  Stream s;
  const Driver &d = dev.driver();
  if (auto e = d.check(d.cuStreamCreate(&s.stream_, CU_STREAM_NON_BLOCKING),
                       "cuStreamCreate"))
    return std::move(e);
  s.ctx_ = dev.contextRef();
  return std::move(s);
}

Stream::Stream(Stream &&o) noexcept
    : ctx_(std::move(o.ctx_)), stream_(std::exchange(o.stream_, nullptr)) {}

Stream &Stream::operator=(Stream &&o) noexcept {
  if (this != &o) {
    this->~Stream();
    new (this) Stream(std::move(o));
  }
  return *this;
}

Stream::~Stream() {
  if (stream_ && ctx_) {
    (void)ctx_.makeCurrent();
    ctx_.driver().cuStreamDestroy(stream_);
  }
}

llvm::Error Stream::synchronize() const {
  if (auto e = ctx_.makeCurrent())
    return e;
  const Driver &d = ctx_.driver();
  return d.check(d.cuStreamSynchronize(stream_), "cuStreamSynchronize");
}

//===----------------------------------------------------------------------===//
// Timer
//===----------------------------------------------------------------------===//

llvm::Expected<Timer> Timer::create(const Device &dev) {
  return create(dev.contextRef());
}

llvm::Expected<Timer> Timer::create(const Context &ctx) {
  if (auto e = ctx.makeCurrent())
    return std::move(e);
  Timer t;
  t.ctx_ = ctx;
  const Driver &d = ctx.driver();
  if (auto e = d.check(d.cuEventCreate(&t.start_, CU_EVENT_DEFAULT),
                       "cuEventCreate"))
    return std::move(e);
  if (auto e =
          d.check(d.cuEventCreate(&t.stop_, CU_EVENT_DEFAULT), "cuEventCreate"))
    return std::move(e);
  return std::move(t);
}

Timer::Timer(Timer &&o) noexcept
    : ctx_(std::move(o.ctx_)), start_(std::exchange(o.start_, nullptr)),
      stop_(std::exchange(o.stop_, nullptr)) {}

Timer::~Timer() {
  if (!ctx_)
    return;
  if (start_)
    ctx_.driver().cuEventDestroy(start_);
  if (stop_)
    ctx_.driver().cuEventDestroy(stop_);
}

llvm::Error Timer::start(CUstream stream) {
  const Driver &d = ctx_.driver();
  return d.check(d.cuEventRecord(start_, stream), "cuEventRecord");
}

llvm::Error Timer::stop(CUstream stream) {
  const Driver &d = ctx_.driver();
  return d.check(d.cuEventRecord(stop_, stream), "cuEventRecord");
}

llvm::Expected<float> Timer::elapsedMs() {
  const Driver &d = ctx_.driver();
  if (auto e = d.check(d.cuEventSynchronize(stop_), "cuEventSynchronize"))
    return std::move(e);
  float ms = 0;
  if (auto e = d.check(d.cuEventElapsedTime(&ms, start_, stop_),
                       "cuEventElapsedTime"))
    return std::move(e);
  return ms;
}
