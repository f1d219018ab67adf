//===- HostTriton.cpp - Triton's objects in host code ---------------------===//
//
// What host code builds of Triton's, for the host evaluator
// (HostEvaluator.h): `triton.Config(kwargs, num_warps=4, num_stages=3,
// num_ctas=1, maxnreg=None, pre_hook=None, ir_override=None)` as an object
// with those attributes; the target of
// `triton.runtime.driver.active.get_current_target()`, whose backend is
// "cuda" (tilec compiles for NVIDIA GPUs) and whose `arch` is the compute
// capability of the compilation's --arch (90 for sm_90a); of
// `triton.runtime.driver.active.utils.get_device_properties(0)` what the
// architecture decides (max_shared_mem: the opt-in shared memory of a block,
// max_num_regs, warpSize), the rest (the number of SMs, the clocks, the
// memory bus) an error to read; `tl.constexpr(v)`, v;
// the dtypes of triton.language (`tl.float16`); and the attributes of such
// objects.
//
//===----------------------------------------------------------------------===//

#include "HostEvaluator.h"

#include "tilec/Frontend/Types.h"
#include "tilec/Support/Arch.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace tilec;

static constexpr llvm::StringLiteral kConfigPaths[] = {
    "triton.Config", "triton.runtime.Config",
    "triton.runtime.autotuner.Config"};
static constexpr llvm::StringLiteral kTargetPath =
    "triton.runtime.driver.active.get_current_target";
static constexpr llvm::StringLiteral kPropertiesPath =
    "triton.runtime.driver.active.utils.get_device_properties";
/// The class of the properties' object, in messages.
static constexpr llvm::StringLiteral kPropertiesClass =
    "triton device properties";
/// The keys of Triton's device properties that differ between GPUs of one
/// architecture.
static constexpr llvm::StringLiteral kDeviceKeys[] = {
    "multiprocessor_count", "sm_clock_rate", "mem_clock_rate", "mem_bus_width"};

static constexpr llvm::StringLiteral kConstexprPaths[] = {
    "triton.language.constexpr", "triton.language.core.constexpr"};

bool HostEvaluator::isTritonCall(llvm::StringRef path) {
  return path == kTargetPath || path == kPropertiesPath ||
         llvm::is_contained(kConfigPaths, path) ||
         llvm::is_contained(kConstexprPaths, path);
}

std::optional<HostValue> HostEvaluator::tritonCall(const Expr &e,
                                                   llvm::StringRef fn) {
  // tl.constexpr(v): v, which jit functions read as a compile-time value.
  if (llvm::is_contained(kConstexprPaths, fn)) {
    if (e.args.size() != 2 || !e.keywords.empty())
      return fail(e, "tl.constexpr takes one argument");
    return eval(*e.args[1]);
  }
  if (fn == kTargetPath) {
    if (e.args.size() != 1 || !e.keywords.empty())
      return fail(e, "'get_current_target' takes no arguments");
    std::vector<std::pair<std::string, HostValue>> attrs = {
        {"backend", HostValue::str("cuda")},
        {"warp_size", HostValue::integer(32)}};
    if (!scope.arch().empty())
      attrs.push_back(
          {"arch", HostValue::integer(computeCapabilityOf(scope.arch()))});
    return HostValue::object("GPUTarget", std::move(attrs));
  }
  if (fn == kPropertiesPath) {
    // The device: 0, the one a compilation is for (HostTorch.cpp).
    if (e.args.size() != 2 || !e.keywords.empty())
      return fail(e, "'get_device_properties' takes one argument, the device");
    std::optional<HostValue> d = eval(*e.args[1]);
    if (!d)
      return std::nullopt;
    if (d->kind != HostValue::Int || d->i != 0)
      return fail(*e.args[1],
                  "tilec compiles for one GPU, device 0, not " + d->describe());
    if (scope.arch().empty())
      return fail(e, "the GPU's properties are host code's value that tilec "
                     "does not know here (no --arch given)");
    return HostValue::object(
        kPropertiesClass.str(),
        {{"max_shared_mem",
          HostValue::integer(int64_t(maxSharedBytesPerBlock(scope.arch())))},
         {"max_num_regs", HostValue::integer(65536)},
         {"warpSize", HostValue::integer(32)}});
  }
  // triton.Config: its parameters in order, with their defaults.
  std::vector<std::pair<std::string, HostValue>> attrs = {
      {"kwargs", HostValue::none()},
      {"num_warps", HostValue::integer(4)},
      {"num_stages", HostValue::integer(3)},
      {"num_ctas", HostValue::integer(1)},
      {"maxnreg", HostValue::none()},
      {"pre_hook", HostValue::none()},
      {"ir_override", HostValue::none()}};
  std::vector<HostValue> args;
  std::vector<std::pair<std::string, HostValue>> kwargs;
  if (!arguments(e, args, kwargs))
    return std::nullopt;
  if (args.empty() &&
      llvm::none_of(kwargs, [](auto &kw) { return kw.first == "kwargs"; }))
    return fail(e, "triton.Config is called without its kwargs");
  if (args.size() > attrs.size())
    return fail(e, llvm::formatv("triton.Config takes {0} positional "
                                 "argument(s) but {1} were given",
                                 attrs.size(), args.size()));
  std::vector<bool> given(attrs.size(), false);
  for (size_t i = 0; i < args.size(); ++i) {
    attrs[i].second = std::move(args[i]);
    given[i] = true;
  }
  for (auto &kw : kwargs) {
    const std::string &name = kw.first;
    auto it = llvm::find_if(attrs, [&](auto &a) { return a.first == name; });
    if (it == attrs.end())
      return fail(e, "triton.Config has no parameter '" + name + "'");
    size_t i = it - attrs.begin();
    if (given[i])
      return fail(e, "triton.Config is given '" + name + "' twice");
    it->second = std::move(kw.second);
    given[i] = true;
  }
  const HostValue &kw = attrs[0].second;
  if (kw.kind != HostValue::Dict ||
      llvm::any_of(kw.elems,
                   [](const HostValue &k) { return k.kind != HostValue::Str; }))
    return fail(e, "triton.Config's kwargs must be a dict of parameter "
                   "names, not " +
                       kw.describe());
  for (size_t i : {1, 2, 3, 4}) {
    const HostValue &v = attrs[i].second;
    bool none = i == 4 && v.kind == HostValue::None; // maxnreg=None
    if (v.kind != HostValue::Int && !none)
      return fail(e, "triton.Config's " + attrs[i].first +
                         " must be an int, not " + v.describe());
  }
  return HostValue::object("triton.Config", std::move(attrs));
}

bool HostEvaluator::isDeviceProperties(const HostValue &v) {
  return v.kind == HostValue::Object && v.s == kPropertiesClass;
}

std::optional<HostValue> HostEvaluator::deviceProperty(const Expr &e,
                                                       const HostValue &props,
                                                       const HostValue &key) {
  if (const HostValue *v =
          key.kind == HostValue::Str ? props.item(key.s) : nullptr)
    return *v;
  if (key.kind == HostValue::Str && llvm::is_contained(kDeviceKeys, key.s))
    return fail(e, "the GPU's '" + key.s +
                       "' is host code's value that tilec does not know: of "
                       "the GPU, tilec knows what its architecture (--arch) "
                       "decides");
  return raise(e, "KeyError",
               "the key " + key.repr() +
                   " is not in Triton's device properties");
}

std::optional<HostValue> HostEvaluator::attribute(const Expr &e) {
  // An attribute whose value a -D gives, by its text (`device.vendor_name`)
  // or by the path of the module attribute it reads
  // (`flag_gems.runtime.device.vendor_name`), before host code's own.
  if (std::string text = dottedName(e); !text.empty())
    if (const HostValue *v = scope.defined(text))
      return *v;
  std::optional<std::string> path = dottedPath(e);
  if (path)
    if (const HostValue *v = scope.defined(*path))
      return *v;
  if (path) {
    llvm::StringRef name(*path);
    // The Triton whose language tilec compiles (docs/language.md).
    if (name == "triton.__version__")
      return HostValue::str(kTritonVersion.str());
    if (name == "typing.TYPE_CHECKING") // False whenever code runs
      return HostValue::boolean(false);
    if ((name.consume_front("triton.language.") || name.consume_front("tl.")) &&
        parseTLDTypeName(name))
      return HostValue::dtype("tl." + name.str());
    if (std::optional<HostValue> t = torchAttribute(*path)) // HostTorch.cpp
      return t;
    return scope.pathValue(*this, e, *path);
  }
  if (!scope.objects())
    return fail(e, scope.hostCode(HostCode::Attribute, e, std::nullopt));
  std::optional<HostValue> base = eval(*e.args[0]);
  if (!base)
    return std::nullopt;
  if (base->kind == HostValue::Class) // HostEnums.cpp
    return enumAttribute(e, *base);
  if (isDeviceProperties(*base)) // a dict: props['max_shared_mem']
    return fail(e, "Triton's device properties are a dict, which has no "
                   "attribute '" +
                       e.str + "'");
  if (base->kind == HostValue::Object) {
    if (const HostValue *v = base->item(e.str))
      return *v;
    if (base->s == "GPUTarget")
      return fail(e, "the target's '" + e.str +
                         "' is host code's value that tilec cannot compute "
                         "(it compiles for NVIDIA GPUs: the backend is "
                         "'cuda'" +
                         (e.str == "arch" ? ", the arch is that of --arch, which "
                                            "is not given here"
                                          : "") +
                         ")");
    if (base->s == "torch.cuda.device_properties")
      return fail(e, "the GPU's '" + e.str +
                         "' is host code's value that tilec does not know: "
                         "of the GPU, tilec knows what its architecture "
                         "(--arch) decides");
    return fail(e, base->describe() + " has no attribute '" + e.str + "'");
  }
  return fail(e, scope.hostCode(HostCode::Attribute, e, std::nullopt));
}
