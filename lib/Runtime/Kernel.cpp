//===- Kernel.cpp - Argument checks, loading and launching kernels --------===//

#include "tilec/Runtime/Runtime.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <utility>
#include <vector>

using namespace tilec;
using namespace tilec::rt;

//===----------------------------------------------------------------------===//
// Arguments
//===----------------------------------------------------------------------===//

std::string Arg::describe() const {
  switch (kind) {
  case Pointer:
    return "*" + (type.empty() ? std::string("<any>") : type);
  case Int:
  case Float:
    return type.empty() ? std::string(kind == Int ? "<int>" : "<float>") : type;
  case None:
    return "None";
  }
  return "?";
}

namespace {
/// A scalar signature type: its class and its size in the parameter buffer.
struct ScalarType {
  enum Class { Int, Float, Unknown } cls = Unknown;
  unsigned bits = 0;  // value width (i1: 1)
  unsigned bytes = 0; // storage in the parameter buffer
};
} // namespace

static ScalarType classify(llvm::StringRef t) {
  ScalarType s;
  if (t == "fp16" || t == "bf16")
    return {ScalarType::Float, 16, 2};
  if (t == "fp32")
    return {ScalarType::Float, 32, 4};
  if (t == "fp64")
    return {ScalarType::Float, 64, 8};
  if (t == "i1")
    return {ScalarType::Int, 1, 1};
  unsigned bits = 0;
  if ((t.starts_with("i") || t.starts_with("u")) &&
      !t.drop_front().getAsInteger(10, bits) &&
      (bits == 8 || bits == 16 || bits == 32 || bits == 64))
    return {ScalarType::Int, bits, bits / 8};
  return s;
}

/// The storage of argument `a` for parameter type `t` (already checked).
static unsigned paramBytes(llvm::StringRef t) {
  if (t.starts_with("*"))
    return sizeof(CUdeviceptr);
  return classify(t).bytes;
}

llvm::Error
rt::checkArgs(llvm::ArrayRef<std::pair<std::string, std::string>> params,
              llvm::ArrayRef<Arg> args) {
  if (params.size() != args.size()) {
    std::string expected;
    for (auto &[n, t] : params)
      expected += (expected.empty() ? "" : ", ") + t + " " + n;
    return llvm::createStringError(llvm::formatv(
        "wrong number of arguments: the kernel takes {0} ({1}), got {2}",
        params.size(), expected, args.size()));
  }
  for (size_t i = 0; i < params.size(); ++i) {
    llvm::StringRef name = params[i].first, type = params[i].second;
    const Arg &a = args[i];
    auto bad = [&](const llvm::Twine &why) {
      return llvm::createStringError(
          llvm::formatv("argument {0} ('{1}'): expected {2}, got "
                        "{3}{4}",
                        i, name, type, a.describe(), why.str()));
    };
    if (a.kind == Arg::None)
      return bad(" (None is a value to specialize on, not an argument)");
    if (type.starts_with("*")) {
      if (a.kind != Arg::Pointer)
        return bad(" (a scalar for a pointer parameter)");
      if (!a.type.empty() && a.type != type.drop_front())
        return bad(" (pointee type differs)");
      continue;
    }
    ScalarType s = classify(type);
    if (s.cls == ScalarType::Unknown)
      return llvm::createStringError(llvm::formatv(
          "argument {0} ('{1}'): unsupported parameter type '{2}'", i, name,
          type));
    if (a.kind == Arg::Pointer)
      return bad(" (a pointer for a scalar parameter)");
    if (s.cls == ScalarType::Int) {
      if (a.kind != Arg::Int)
        return bad(" (a float for an integer parameter)");
      ScalarType as = classify(a.type);
      if (as.cls != ScalarType::Int || as.bits != s.bits)
        return bad(" (integer width differs)");
      // The value must be representable in the parameter's type.
      bool isUnsigned = type.starts_with("u");
      if (s.bits < 64) {
        int64_t lo = isUnsigned ? 0 : -(int64_t(1) << (s.bits - 1));
        int64_t hi = isUnsigned ? (int64_t(1) << s.bits) - 1
                                : (int64_t(1) << (s.bits - 1)) - 1;
        if (s.bits == 1) {
          lo = 0;
          hi = 1;
        }
        if (a.i < lo || a.i > hi)
          return llvm::createStringError(llvm::formatv(
              "argument {0} ('{1}'): value {2} does not fit in {3}", i, name,
              a.i, type));
      }
      continue;
    }
    if (a.kind != Arg::Float)
      return bad(" (an integer for a float parameter)");
    if (a.type != type)
      return bad(" (float width differs)");
    if (type == "fp16" || type == "bf16")
      return llvm::createStringError(llvm::formatv(
          "argument {0} ('{1}'): {2} scalar parameters are not supported", i,
          name, type));
  }
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Kernel
//===----------------------------------------------------------------------===//

llvm::Expected<Kernel> Kernel::load(const Device &dev,
                                    const CompiledKernel &ck) {
  return load(dev.contextRef(), ck);
}

namespace {
/// The error and info log buffers of a driver JIT call, verbose.
struct JitLogs {
  static constexpr unsigned size = 1 << 16;
  std::string error = std::string(size, '\0'), info = std::string(size, '\0');
  CUjit_option options[5] = {
      CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
      CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
      CU_JIT_LOG_VERBOSE};
  void *values[5] = {error.data(), reinterpret_cast<void *>(uintptr_t(size)),
                     info.data(), reinterpret_cast<void *>(uintptr_t(size)),
                     reinterpret_cast<void *>(uintptr_t(1))};
  /// Trims the buffers to what the driver wrote.
  void finish() {
    error.resize(strnlen(error.data(), size));
    info.resize(strnlen(info.data(), size));
  }
};
} // namespace

bool rt::cubinRunsOn(llvm::StringRef cubinTarget, int computeCapability) {
  llvm::StringRef t = cubinTarget;
  if (!t.consume_front("sm_"))
    return false;
  t.consume_back("a"); // sm_90a: the same GPUs as sm_90 (and no others)
  int cc = 0;
  return !t.getAsInteger(10, cc) && cc == computeCapability;
}

llvm::Expected<Kernel> Kernel::load(const Context &ctx,
                                    const CompiledKernel &ck) {
  if (auto e = ctx.makeCurrent())
    return std::move(e);
  const Driver &d = ctx.driver();
  Kernel k;
  k.ctx_ = ctx;
  k.ck_ = ck;
  // A cubin for this GPU loads without the PTX JIT; one that does not load
  // (damaged, or for a driver too old) falls back to the PTX.
  bool loaded = false;
  if (!ck.cubin.empty() &&
      cubinRunsOn(ck.cubinTarget, ctx.computeCapability())) {
    loaded = d.cuModuleLoadData(&k.mod_, ck.cubin.data()) == CUDA_SUCCESS;
    if (!loaded)
      k.mod_ = nullptr;
  }
  if (!loaded && ck.ptx.empty())
    return llvm::createStringError(llvm::formatv(
        "kernel '{0}': no PTX, and no cubin that loads on this GPU (sm_{1}){2}",
        ck.name, ctx.computeCapability(),
        ck.cubin.empty() ? "" : " (cubin for " + ck.cubinTarget + ")"));
  if (!loaded) {
    JitLogs logs;
    CUresult r = d.cuModuleLoadDataEx(&k.mod_, ck.ptx.c_str(), 5, logs.options,
                                      logs.values);
    logs.finish();
    if (r != CUDA_SUCCESS) {
      k.mod_ = nullptr;
      std::string msg = llvm::toString(d.check(r, "cuModuleLoadDataEx"));
      llvm::StringRef log = llvm::StringRef(logs.error).trim();
      return llvm::createStringError(
          llvm::formatv("kernel '{0}': {1}: {2}", ck.name, msg,
                        log.empty() ? "(empty JIT log)" : log));
    }
    k.ck_.resources = parseAssemblerLog(logs.info, ck.name);
    k.info_ = std::move(logs.info);
  }
  if (auto e = d.check(d.cuModuleGetFunction(&k.fn_, k.mod_, ck.name.c_str()),
                       "cuModuleGetFunction('" + ck.name + "')"))
    return std::move(e);
  // The driver's figure for registers (also for a cubin made elsewhere).
  int regs = 0;
  if (d.cuFuncGetAttribute(&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, k.fn_) ==
      CUDA_SUCCESS)
    k.ck_.resources.registers = regs;
  if (ck.sharedBytes > 48 * 1024) {
    if (auto e = d.check(
            d.cuFuncSetAttribute(
                k.fn_, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                int(ck.sharedBytes)),
            llvm::formatv("cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES, "
                          "{0})",
                          ck.sharedBytes)
                .str()))
      return std::move(e);
  }
  return std::move(k);
}

Kernel::Kernel(Kernel &&o) noexcept
    : ctx_(std::move(o.ctx_)), ck_(std::move(o.ck_)),
      mod_(std::exchange(o.mod_, nullptr)), fn_(std::exchange(o.fn_, nullptr)),
      info_(std::move(o.info_)) {}

Kernel &Kernel::operator=(Kernel &&o) noexcept {
  if (this != &o) {
    this->~Kernel();
    new (this) Kernel(std::move(o));
  }
  return *this;
}

Kernel::~Kernel() {
  if (mod_ && ctx_) {
    (void)ctx_.makeCurrent();
    ctx_.driver().cuModuleUnload(mod_);
  }
}

llvm::Error Kernel::launch(Dim3 grid, llvm::ArrayRef<Arg> args,
                           CUstream stream) const {
  if (auto e = checkArgs(ck_.params, args))
    return llvm::createStringError("launch of '" + ck_.name +
                                   "': " + llvm::toString(std::move(e)));
  if (!fn_)
    return llvm::createStringError("launch of '" + ck_.name +
                                   "': kernel not loaded");
  // One 8-byte aligned slot per argument, holding the value in the
  // parameter's own width; a kernel running several programs per CTA takes
  // the grid's x as one more, last i32.
  unsigned perCTA = unsigned(std::max(1, ck_.programsPerCTA));
  size_t slots = args.size() + (perCTA > 1);
  llvm::SmallVector<uint64_t, 16> storage(slots, 0);
  llvm::SmallVector<void *, 16> ptrs(slots);
  for (size_t i = 0; i < args.size(); ++i) {
    llvm::StringRef t = ck_.params[i].second;
    const Arg &a = args[i];
    void *slot = &storage[i];
    ptrs[i] = slot;
    unsigned bytes = paramBytes(t);
    if (a.kind == Arg::Pointer) {
      std::memcpy(slot, &a.p, sizeof(CUdeviceptr));
    } else if (a.kind == Arg::Int) {
      uint64_t v = uint64_t(a.i);
      std::memcpy(slot, &v, bytes); // little endian: the low bytes
    } else if (t == "fp32") {
      float v = float(a.f);
      std::memcpy(slot, &v, 4);
    } else {
      std::memcpy(slot, &a.f, 8);
    }
  }
  if (grid.x == 0 || grid.y == 0 || grid.z == 0)
    return llvm::Error::success(); // nothing to run
  unsigned ctasX = grid.x;
  if (perCTA > 1) {
    if (grid.x > unsigned(INT32_MAX))
      return llvm::createStringError(
          llvm::formatv("launch of '{0}': grid x {1} is over "
                        "2^31 - 1 programs",
                        ck_.name, grid.x)
              .str());
    uint32_t programs = grid.x;
    std::memcpy(&storage[args.size()], &programs, 4);
    ptrs[args.size()] = &storage[args.size()];
    ctasX = ctasForPrograms(grid.x, ck_.programsPerCTA);
  }
  if (auto e = ctx_.makeCurrent())
    return e;
  const Driver &d = ctx_.driver();
  // The tensor maps follow, made from the arguments at every launch (the
  // driver wants them 64-byte aligned; CUtensorMap is aligned to more). An
  // empty vector allocates nothing: kernels without them pay nothing.
  std::vector<CUtensorMap> maps;
  if (!ck_.tensorMaps.empty()) {
    maps.resize(ck_.tensorMaps.size());
    ptrs.resize(slots + maps.size());
    for (size_t i = 0; i < maps.size(); ++i) {
      const CompiledKernel::TensorMapParam &tm = ck_.tensorMaps[i];
      llvm::Expected<TensorMapEncoding> enc =
          tensorMapEncoding(tm, ck_.params, args);
      if (!enc)
        return llvm::createStringError("launch of '" + ck_.name +
                                       "': " + llvm::toString(enc.takeError()));
      CUresult r = d.cuTensorMapEncodeTiled(
          &maps[i], enc->dataType, enc->rank,
          reinterpret_cast<void *>(uintptr_t(enc->globalAddress)),
          enc->globalDim, enc->globalStrides, enc->boxDim, enc->elementStrides,
          enc->interleave, enc->swizzle, enc->l2Promotion, enc->oobFill);
      if (r != CUDA_SUCCESS) {
        size_t at = llvm::find_if(ck_.params,
                                  [&](auto &p) { return p.first == tm.desc; }) -
                    ck_.params.begin();
        return d.check(r, llvm::formatv("launch of '{0}': "
                                        "cuTensorMapEncodeTiled for argument "
                                        "{1} ('{2}')",
                                        ck_.name, at, tm.desc)
                              .str());
      }
      ptrs[slots + i] = &maps[i];
    }
  }
  unsigned threads = unsigned(ck_.threads());
  CUresult r =
      d.cuLaunchKernel(fn_, ctasX, grid.y, grid.z, threads, 1, 1,
                       unsigned(ck_.sharedBytes), stream, ptrs.data(), nullptr);
  if (r == CUDA_SUCCESS) // the hot path: no message is built
    return llvm::Error::success();
  return d.check(r, llvm::formatv("cuLaunchKernel('{0}', grid {1}x{2}x{3} "
                                  "({6} programs per CTA), {4} threads, {5} B "
                                  "shared)",
                                  ck_.name, ctasX, grid.y, grid.z, threads,
                                  ck_.sharedBytes, perCTA)
                        .str());
}
