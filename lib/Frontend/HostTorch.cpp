//===- HostTorch.cpp - torch's dtype limits and GPU queries in host code -===//
//
// What module-level host code reads of torch that is a property of its
// number formats: the dtypes (`torch.float16`, its
// aliases `torch.half`, ...), `torch.finfo(dtype)` (bits, eps, max, min,
// tiny, smallest_normal, resolution) and `torch.iinfo(dtype)` (bits, max,
// min), with torch's values; `torch.version.hip`, None in the CUDA build
// that launches tilec's kernels. Kernel libraries bind them as constants
// (`FP8_MAX = torch.finfo(torch.float8_e4m3fn).max`, FlagGems'
// `tl.constexpr(torch.finfo(torch.float32).min)`); and
// `torch.utils._triton.has_triton()`, true where Triton's kernels run.
//
// Of the GPU, what its architecture decides (the compilation's `--arch`):
// `torch.cuda.get_device_capability()` ((9, 0) for sm_90a) and of
// `torch.cuda.get_device_properties()` major, minor, warp_size,
// shared_memory_per_block(_optin) and regs_per_multiprocessor;
// `torch.cuda.is_available()` is true (the kernel runs on a GPU). A
// compilation is for one GPU, device 0 (`torch.cuda.current_device()`), the
// one device host code sees (`torch.cuda.device_count()` is 1). What
// differs between GPUs of one architecture (the name, the number of SMs, the
// memory) is not known: reading it is an error, except where another operand
// decides a condition (`'NVIDIA H' in torch.cuda.get_device_name(0) or
// torch.cuda.get_device_capability()[0] == 9`, HostEvaluator::truth).
//
//===----------------------------------------------------------------------===//

#include "HostEvaluator.h"

#include "tilec/Support/Arch.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"

#include <cmath>
#include <limits>

using namespace tilec;

namespace {

/// A floating-point format: bits, the largest finite value, the machine
/// epsilon and the smallest normal value.
struct FloatFormat {
  int64_t bits;
  double max, eps, tiny;
};

/// An integer format: bits, and whether it is signed.
struct IntFormat {
  int64_t bits;
  bool isSigned;
};

} // namespace

/// torch's name of a dtype, aliases resolved ("torch.half": "float16"), or
/// "" for a name that is no dtype tilec knows.
static llvm::StringRef torchDTypeName(llvm::StringRef path) {
  if (!path.consume_front("torch."))
    return "";
  return llvm::StringSwitch<llvm::StringRef>(path)
      .Cases("float16", "half", "float16")
      .Case("bfloat16", "bfloat16")
      .Cases("float32", "float", "float32")
      .Cases("float64", "double", "float64")
      .Case("float8_e4m3fn", "float8_e4m3fn")
      .Case("float8_e5m2", "float8_e5m2")
      .Case("int8", "int8")
      .Case("uint8", "uint8")
      .Cases("int16", "short", "int16")
      .Case("uint16", "uint16")
      .Cases("int32", "int", "int32")
      .Case("uint32", "uint32")
      .Cases("int64", "long", "int64")
      .Case("bool", "bool")
      .Default("");
}

static std::optional<FloatFormat> floatFormat(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<FloatFormat>>(name)
      .Case("float16", FloatFormat{16, 65504.0, 0x1p-10, 0x1p-14})
      .Case("bfloat16", FloatFormat{16, 0x1.fep127, 0x1p-7, 0x1p-126})
      .Case("float32", FloatFormat{32, 0x1.fffffep127, 0x1p-23, 0x1p-126})
      .Case("float64", FloatFormat{64, std::numeric_limits<double>::max(),
                                   0x1p-52, 0x1p-1022})
      .Case("float8_e4m3fn", FloatFormat{8, 448.0, 0x1p-3, 0x1p-6})
      .Case("float8_e5m2", FloatFormat{8, 57344.0, 0x1p-2, 0x1p-14})
      .Default(std::nullopt);
}

static std::optional<IntFormat> intFormat(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<IntFormat>>(name)
      .Case("int8", IntFormat{8, true})
      .Case("uint8", IntFormat{8, false})
      .Case("int16", IntFormat{16, true})
      .Case("uint16", IntFormat{16, false})
      .Case("int32", IntFormat{32, true})
      .Case("uint32", IntFormat{32, false})
      .Case("int64", IntFormat{64, true})
      .Default(std::nullopt);
}

std::optional<HostValue> HostEvaluator::torchAttribute(llvm::StringRef path) {
  // torch.version.hip: None in a CUDA build of torch, the one that
  // launches tilec's kernels.
  if (path == "torch.version.hip")
    return HostValue::none();
  llvm::StringRef name = torchDTypeName(path);
  if (name.empty())
    return std::nullopt;
  return HostValue::dtype("torch." + name.str());
}

static constexpr llvm::StringLiteral kHasTriton =
    "torch.utils._triton.has_triton";

static constexpr llvm::StringLiteral kDeviceCalls[] = {
    "torch.cuda.get_device_capability", "torch.cuda.get_device_properties",
    "torch.cuda.get_device_name",       "torch.cuda.is_available",
    "torch.cuda.current_device",        "torch.cuda.device_count"};

bool HostEvaluator::isTorchCall(llvm::StringRef path) {
  return path == "torch.finfo" || path == "torch.iinfo" || path == kHasTriton ||
         llvm::is_contained(kDeviceCalls, path);
}

std::optional<HostValue> HostEvaluator::deviceCall(const Expr &e,
                                                   llvm::StringRef fn) {
  if (fn == "torch.cuda.is_available" || fn == "torch.cuda.current_device" ||
      fn == "torch.cuda.device_count") {
    if (e.args.size() != 1 || !e.keywords.empty())
      return fail(e, "'" + fn.str() + "' takes no arguments");
    if (fn == "torch.cuda.current_device")
      return HostValue::integer(0);
    if (fn == "torch.cuda.device_count")
      return HostValue::integer(1);
    return HostValue::boolean(true);
  }
  // The device (positional or `device=`): none given, None, 0, "cuda" or
  // "cuda:0".
  bool byKeyword = e.keywords.size() == 1 && e.keywords[0].name == "device";
  if (e.args.size() + e.keywords.size() > 2 ||
      (!e.keywords.empty() && !byKeyword))
    return fail(e, "'" + fn.str() + "' takes one argument, the device");
  const Expr *device = byKeyword            ? e.keywords[0].value.get()
                       : e.args.size() == 2 ? e.args[1].get()
                                            : nullptr;
  if (device) {
    std::optional<HostValue> d = eval(*device);
    if (!d)
      return std::nullopt;
    bool first =
        d->kind == HostValue::None ||
        (d->kind == HostValue::Int && d->i == 0) ||
        (d->kind == HostValue::Str && (d->s == "cuda" || d->s == "cuda:0"));
    if (!first)
      return fail(*device,
                  "tilec compiles for one GPU, device 0, not " + d->describe());
  }
  llvm::StringRef arch = scope.arch();
  std::string what = fn == "torch.cuda.get_device_name" ? "the GPU's name"
                     : fn == "torch.cuda.get_device_properties"
                         ? "the GPU's properties"
                         : "the GPU's compute capability";
  if (fn == "torch.cuda.get_device_name" || arch.empty())
    return fail(e,
                what + " is host code's value that tilec does not know " +
                    (arch.empty() ? std::string("here (no --arch given)")
                                  : "when it compiles for an architecture (" +
                                        arch.str() + ")"));
  int cc = computeCapabilityOf(arch);
  HostValue major = HostValue::integer(cc / 10);
  HostValue minor = HostValue::integer(cc % 10);
  if (fn == "torch.cuda.get_device_capability")
    return HostValue::tuple({major, minor});
  return HostValue::object(
      "torch.cuda.device_properties",
      {{"major", major},
       {"minor", minor},
       {"warp_size", HostValue::integer(32)},
       {"shared_memory_per_block", HostValue::integer(49152)},
       {"shared_memory_per_block_optin",
        HostValue::integer(int64_t(maxSharedBytesPerBlock(arch)))},
       {"regs_per_multiprocessor", HostValue::integer(65536)}});
}

std::optional<HostValue> HostEvaluator::torchCall(const Expr &e,
                                                  llvm::StringRef fn) {
  // has_triton(): Triton and a GPU it supports are there where its kernels
  // run (as importlib.util.find_spec("triton") is not None).
  if (fn == kHasTriton) {
    if (e.args.size() != 1 || !e.keywords.empty())
      return fail(e, "'has_triton' takes no arguments");
    return HostValue::boolean(true);
  }
  if (llvm::is_contained(kDeviceCalls, fn))
    return deviceCall(e, fn);
  if (e.args.size() != 2 || !e.keywords.empty())
    return fail(e, "'" + fn.str() + "' takes one argument, a torch dtype");
  std::optional<HostValue> t = eval(*e.args[1]);
  if (!t)
    return std::nullopt;
  llvm::StringRef name = t->s;
  if (t->kind != HostValue::DType || !name.consume_front("torch."))
    return fail(*e.args[1],
                "'" + fn.str() + "' takes a torch dtype, not " + t->describe());
  if (fn == "torch.finfo") {
    std::optional<FloatFormat> f = floatFormat(name);
    if (!f)
      return fail(e, "torch.finfo of " + t->describe() +
                         ", which is no floating-point type");
    // torch's resolution: 10 ** -floor(-log10(eps)).
    double resolution = std::pow(10.0, -std::floor(-std::log10(f->eps)));
    return HostValue::object("torch.finfo",
                             {{"bits", HostValue::integer(f->bits)},
                              {"eps", HostValue::floating(f->eps)},
                              {"max", HostValue::floating(f->max)},
                              {"min", HostValue::floating(-f->max)},
                              {"tiny", HostValue::floating(f->tiny)},
                              {"smallest_normal", HostValue::floating(f->tiny)},
                              {"resolution", HostValue::floating(resolution)},
                              {"dtype", HostValue::str(name.str())}});
  }
  std::optional<IntFormat> i = intFormat(name);
  if (!i)
    return fail(e, "torch.iinfo of " + t->describe() +
                       ", which is no integer type tilec knows the range of");
  int64_t max = i->isSigned ? int64_t(~uint64_t(0) >> (65 - i->bits))
                            : int64_t((uint64_t(1) << i->bits) - 1);
  int64_t min = i->isSigned ? -max - 1 : 0;
  return HostValue::object("torch.iinfo",
                           {{"bits", HostValue::integer(i->bits)},
                            {"max", HostValue::integer(max)},
                            {"min", HostValue::integer(min)},
                            {"dtype", HostValue::str(name.str())}});
}
