//===- Jit.cpp - Kernels specialized on their arguments -------------------===//

#include "tilec/Jit/Jit.h"

#include "tilec/Compiler/Compiler.h"

#include "tilec/Frontend/AST.h"
#include "tilec/Frontend/Autotune.h"
#include "tilec/Frontend/Heuristics.h"
#include "tilec/Frontend/ModuleLoader.h"
#include "tilec/Frontend/Parser.h"
#include "tilec/Support/Diagnostics.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cinttypes>
#include <cmath>

using namespace tilec;
using namespace tilec::rt;

std::string rt::archForComputeCapability(int cc) {
  if (cc == 90)
    return "sm_90a"; // wgmma and the other sm_90a instructions
  if (cc > 90)
    return "sm_90"; // the newest target tilec emits; the driver JITs it
  return "sm_" + std::to_string(cc);
}

llvm::Expected<Kernel> rt::compileAndLoad(const Device &dev, Compiler &compiler,
                                          const ParsedSource &src,
                                          const CompileOptions &opts) {
  std::string diags;
  llvm::raw_string_ostream os(diags);
  CompiledKernel ck;
  if (src.numErrors || !compiler.compileToPTX(src, opts, ck, os))
    return llvm::createStringError("cannot compile '" + opts.kernel +
                     "': " + llvm::StringRef(os.str()).trim());
  return Kernel::load(dev, ck);
}

//===----------------------------------------------------------------------===//
// Specializer
//===----------------------------------------------------------------------===//

/// The parsed kernel file that a Specializer's heuristics point into, and
/// the modules of its package that its @triton.autotune reads.
struct rt::HeuristicsState {
  SourceFile file;
  std::unique_ptr<Module> module;
  std::unique_ptr<ModuleLoader> loader;
  std::vector<Heuristic> list;
  HeuristicsState(std::string name, std::string text)
      : file(std::move(name), std::move(text)) {}
};

llvm::Expected<Specializer>
Specializer::create(llvm::StringRef source, llvm::StringRef kernel,
                    const std::map<std::string, std::string> &constexprs,
                    llvm::StringRef filename, llvm::StringRef arch,
                    llvm::ArrayRef<std::string> defines,
                    llvm::ArrayRef<std::string> importPaths) {
  auto state = std::make_shared<HeuristicsState>(filename.str(), source.str());
  const SourceFile &file = state->file;
  std::string diagText;
  llvm::raw_string_ostream os(diagText);
  DiagnosticEngine diags(file, os);
  std::string defineError;
  state->loader =
      ModuleLoader::forKernelFile(file, diags, importPaths, defines, arch,
                                  state->module, defineError);
  if (!state->loader)
    return llvm::createStringError(defineError);
  const std::unique_ptr<Module> &module = state->module;
  if (diags.numErrors())
    return llvm::createStringError("cannot parse " + filename + ": " +
                     llvm::StringRef(os.str()).trim());
  const Function *fn = module->kernelNamed(kernel);
  if (!fn) {
    std::string known;
    for (auto &f : module->functions)
      if (!f->constexprFunction)
        known += (known.empty() ? "" : ", ") + f->name;
    return llvm::createStringError(llvm::formatv("{0}: no @triton.jit function named '{1}' "
                                   "(defined: {2})",
                                   filename, kernel,
                                   known.empty() ? "none" : known));
  }
  Specializer s;
  s.kernel_ = fn->name;
  for (const Param &p : fn->params) {
    JitParam jp;
    jp.name = p.name;
    jp.isConstexpr = p.isConstexpr;
    jp.hasDefault = p.defaultValue != nullptr;
    if (p.defaultValue)
      jp.defaultText = constantText(*p.defaultValue);
    s.params_.push_back(std::move(jp));
  }
  s.fixed_.assign(s.params_.size(), "");
  for (auto &entry : constexprs) {
    const std::string &name = entry.first, &value = entry.second;
    auto it = llvm::find_if(s.params_,
                            [&](const JitParam &p) { return p.name == name; });
    if (it == s.params_.end()) {
      std::string names;
      for (const JitParam &p : s.params_)
        names += (names.empty() ? "" : ", ") + p.name;
      return llvm::createStringError(llvm::formatv("a value is given for '{0}', which is not "
                                     "a parameter of '{1}' (its parameters: "
                                     "{2})",
                                     name, s.kernel_, names));
    }
    if (llvm::StringRef(value).trim().empty())
      return llvm::createStringError("the value given for '" + name + "' is empty");
    s.fixed_[it - s.params_.begin()] = value;
  }
  // The constexprs that @triton.autotune's configs set.
  s.tuned_.assign(s.params_.size(), false);
  auto at = readAutotune(*fn, diags, state->loader.get());
  if (!at) {
    llvm::consumeError(at.takeError());
    return llvm::createStringError(llvm::StringRef(os.str()).trim());
  }
  s.autotune_ = std::move(*at);
  if (s.autotune_)
    for (auto &kv : s.autotune_->configs.front().constexprs) {
      auto it = llvm::find_if(
          s.params_, [&](const JitParam &p) { return p.name == kv.first; });
      if (it == s.params_.end())
        return llvm::createStringError(llvm::formatv("@triton.autotune of '{0}' sets '{1}', "
                                       "which is not one of its parameters",
                                       s.kernel_, kv.first));
      size_t i = it - s.params_.begin();
      if (!s.fixed_[i].empty())
        return llvm::createStringError(llvm::formatv("'{0}' of '{1}' is set by its "
                                       "@triton.autotune configs: do not fix "
                                       "it",
                                       kv.first, s.kernel_));
      s.tuned_[i] = true;
    }
  // The parameters @triton.heuristics sets.
  s.derived_.assign(s.params_.size(), false);
  auto heuristics = readHeuristics(*fn, diags);
  if (!heuristics) {
    llvm::consumeError(heuristics.takeError());
    return llvm::createStringError(llvm::StringRef(os.str()).trim());
  }
  state->list = std::move(*heuristics);
  for (const Heuristic &h : state->list) {
    size_t i =
        llvm::find_if(s.params_,
                      [&](const JitParam &p) { return p.name == h.name; }) -
        s.params_.begin();
    if (!s.fixed_[i].empty())
      return llvm::createStringError(llvm::formatv("'{0}' of '{1}' is set by its "
                                     "@triton.heuristics: do not fix it",
                                     h.name, s.kernel_));
    s.derived_[i] = true;
  }
  if (!state->list.empty())
    s.heuristics_ = std::move(state);
  for (unsigned i = 0; i < s.params_.size(); ++i)
    if (s.fixed_[i].empty() && !s.tuned_[i] && !s.derived_[i])
      s.launch_.push_back(i);
  return std::move(s);
}

/// Triton's type of an integer passed with no type: i32 when it fits, u64
/// above INT64_MAX (passed as the u64 Arg type), i64 otherwise.
static llvm::StringRef integerType(const Arg &a) {
  if (!a.type.empty())
    return a.type;
  if (a.i >= INT32_MIN && a.i <= INT32_MAX)
    return "i32";
  return "i64";
}

/// The signature text of a value given to a tl.constexpr parameter.
static llvm::Expected<std::string> constexprText(const Arg &a) {
  switch (a.kind) {
  case Arg::None:
    return std::string("None");
  case Arg::Int:
    if (a.type == "i1")
      return std::string(a.i ? "True" : "False");
    if (a.type == "u64")
      return std::to_string(uint64_t(a.i));
    return std::to_string(a.i);
  case Arg::Float:
    return floatConstantText(a.f);
  case Arg::Pointer:
    break;
  }
  return llvm::createStringError("a pointer for a tl.constexpr parameter");
}

std::vector<std::string> Specializer::heuristicParams() const {
  std::vector<std::string> out;
  if (heuristics_)
    for (const Heuristic &h : heuristics_->list)
      out.push_back(h.name);
  return out;
}

/// The value of a launch argument for a heuristic.
static HostValue hostValue(const Arg &a) {
  switch (a.kind) {
  case Arg::None:
    return HostValue::none();
  case Arg::Int:
    if (a.type == "i1")
      return HostValue::boolean(a.i != 0);
    return HostValue::integer(a.i);
  case Arg::Float:
    return HostValue::floating(a.f);
  case Arg::Pointer:
    break;
  }
  return HostValue::other("a pointer");
}

llvm::Expected<std::map<std::string, std::string>>
Specializer::evaluateHeuristics(llvm::ArrayRef<Arg> args,
                                const AutotuneConfig *config) const {
  std::map<std::string, std::string> out;
  if (!heuristics_)
    return out;
  // Triton's `args`: every argument by name, the config's values, and the
  // heuristics evaluated before.
  std::map<std::string, HostValue> values;
  for (size_t i = 0; i < params_.size(); ++i) {
    const JitParam &p = params_[i];
    if (!fixed_[i].empty())
      values[p.name] = HostValue::fromText(fixed_[i]);
    else if (p.hasDefault && !p.defaultText.empty())
      values[p.name] = HostValue::fromText(p.defaultText);
  }
  for (size_t a = 0; a < args.size() && a < launch_.size(); ++a)
    values[params_[launch_[a]].name] = hostValue(args[a]);
  if (config)
    for (auto &[name, text] : config->constexprs)
      values[name] = HostValue::fromText(text);
  std::string diagText;
  llvm::raw_string_ostream os(diagText);
  DiagnosticEngine diags(heuristics_->file, os);
  for (const Heuristic &h : heuristics_->list) {
    auto v = evaluateHeuristic(h, values, diags,
                               " (not an argument of this launch)");
    if (!v) {
      llvm::consumeError(v.takeError());
      return llvm::createStringError(llvm::StringRef(os.str()).rtrim());
    }
    std::string text = v->text();
    if (text.empty())
      return llvm::createStringError("'" + kernel_ + "': the @triton.heuristics value of '" +
                       h.name + "' is not a constant");
    out[h.name] = text;
    values[h.name] = std::move(*v);
  }
  return std::move(out);
}

llvm::Expected<Specialization>
Specializer::specialize(llvm::ArrayRef<Arg> args,
                        const AutotuneConfig *config) const {
  if (autotune_ && !config)
    return llvm::createStringError("'" + kernel_ +
                     "' is autotuned: give specialize() one of its configs");
  auto expected = [&] {
    std::string names;
    for (unsigned i : launch_)
      names += (names.empty() ? "" : ", ") + params_[i].name;
    return names;
  };
  if (args.size() > launch_.size())
    return llvm::createStringError(llvm::formatv("too many arguments for '{0}': it takes "
                                   "{1} ({2}), got {3}",
                                   kernel_, launch_.size(), expected(),
                                   args.size()));
  // The entries up to the last parameter given a value; the compiler takes
  // the defaults of the trailing ones.
  size_t count = params_.size();
  while (count > 0 && fixed_[count - 1].empty() && !tuned_[count - 1] &&
         !derived_[count - 1]) {
    size_t pos = llvm::find(launch_, count - 1) - launch_.begin();
    if (pos < args.size())
      break;
    if (!params_[count - 1].hasDefault)
      return llvm::createStringError(llvm::formatv("too few arguments for '{0}': it takes "
                                     "{1} ({2}), got {3}; no value for '{4}'",
                                     kernel_, launch_.size(), expected(),
                                     args.size(), params_[count - 1].name));
    --count;
  }

  Specialization out;
  if (auto h = evaluateHeuristics(args, config))
    out.heuristics = std::move(*h);
  else
    return h.takeError();
  llvm::raw_string_ostream sig(out.signature);
  size_t next = 0; // the next launch argument
  for (size_t i = 0; i < count; ++i) {
    const JitParam &p = params_[i];
    if (i)
      sig << ", ";
    if (!fixed_[i].empty()) {
      sig << fixed_[i];
      continue;
    }
    if (derived_[i]) { // after the config, as in Triton
      sig << out.heuristics[p.name];
      continue;
    }
    if (tuned_[i]) {
      for (auto &kv : config->constexprs)
        if (kv.first == p.name)
          sig << kv.second;
      continue;
    }
    size_t argNo = next++;
    if (argNo >= args.size()) {
      // Left out, before a parameter that has a value: its default.
      if (p.defaultText.empty())
        return llvm::createStringError(llvm::formatv(
            "'{0}': parameter '{1}' is left out, but its default value is not "
            "a literal that can be specialized on: pass it",
            kernel_, p.name));
      sig << p.defaultText;
      continue;
    }
    const Arg &a = args[argNo];
    auto bad = [&](const llvm::Twine &why) {
      return llvm::createStringError(llvm::formatv("argument {0} ('{1}') of '{2}': {3}",
                                     argNo, p.name, kernel_, why.str()));
    };
    if (p.isConstexpr) {
      auto text = constexprText(a);
      if (!text)
        return bad(llvm::toString(text.takeError()) +
                   " (pass its value, or fix it in JitOptions::constexprs)");
      sig << *text;
      continue;
    }
    switch (a.kind) {
    case Arg::None:
      sig << "None";
      continue;
    case Arg::Pointer:
      if (a.type.empty())
        return bad("a pointer with no element type (pass rt::ptr<T>(buffer) "
                   "or Arg::ptr(p, \"fp32\"))");
      sig << "*" << a.type << (a.p % 16 == 0 ? ":16" : "");
      out.abiArgs.push_back(a);
      continue;
    case Arg::Int: {
      llvm::StringRef type = integerType(a);
      if (type == "i1") {
        sig << "i1";
      } else if (a.i == 1) {
        sig << "1"; // specialized: leaves the ABI
        continue;
      } else {
        sig << type << (a.i % 16 == 0 ? ":16" : "");
      }
      Arg typed = a;
      typed.type = type.str();
      out.abiArgs.push_back(std::move(typed));
      continue;
    }
    case Arg::Float:
      if (a.type != "fp32" && a.type != "fp64")
        return bad("a float scalar of type '" + a.type +
                   "' (fp32 and fp64 are passed)");
      sig << a.type;
      out.abiArgs.push_back(a);
      continue;
    }
  }
  return std::move(out);
}

//===----------------------------------------------------------------------===//
// JitKernel
//===----------------------------------------------------------------------===//

JitKernel::JitKernel(const Device &dev, std::string source, Specializer spec,
                     JitOptions opts)
    : ctx_(dev.contextRef()), source_(std::move(source)),
      spec_(std::move(spec)), opts_(std::move(opts)),
      mu_(std::make_unique<std::mutex>()) {
  if (opts_.compile.arch.empty())
    opts_.compile.arch = archForComputeCapability(dev.computeCapability());
}

JitKernel::JitKernel(JitKernel &&) noexcept = default;
JitKernel &JitKernel::operator=(JitKernel &&) noexcept = default;
JitKernel::~JitKernel() = default;

llvm::Expected<JitKernel> JitKernel::create(const Device &dev,
                                            std::string source,
                                            llvm::StringRef kernel,
                                            JitOptions opts) {
  std::string arch = opts.compile.arch.empty()
                         ? archForComputeCapability(dev.computeCapability())
                         : opts.compile.arch;
  auto spec = Specializer::create(source, kernel, opts.constexprs,
                                  opts.filename, arch, opts.compile.defines,
                                  opts.compile.importPaths);
  if (!spec)
    return spec.takeError();
  return JitKernel(dev, std::move(source), std::move(*spec), std::move(opts));
}

llvm::Expected<JitKernel> JitKernel::fromFile(const Device &dev,
                                              llvm::StringRef path,
                                              llvm::StringRef kernel,
                                              JitOptions opts) {
  auto buf = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buf)
    return llvm::createStringError("cannot read " + path + ": " + buf.getError().message());
  opts.filename = path.str();
  return create(dev, (*buf)->getBuffer().str(), kernel, std::move(opts));
}

size_t JitKernel::numSpecializations() const {
  std::lock_guard<std::mutex> lock(*mu_);
  return kernels_.size();
}

CompileOptions JitKernel::compileOptions(const Specialization &spec,
                                         const AutotuneConfig *config) const {
  CompileOptions o = opts_.compile;
  if (config) {
    o.numWarps = config->numWarps;
    o.numStages = config->numStages;
  }
  o.kernel = spec_.kernel();
  o.signature = spec.signature;
  return o;
}

llvm::Expected<const Kernel &> JitKernel::load(const Specialization &spec,
                                               const AutotuneConfig *config) {
  CompileOptions o = compileOptions(spec, config);
  std::string id =
      llvm::formatv("{0}|{1}|{2}", spec.signature, o.numWarps, o.numStages);
  {
    std::lock_guard<std::mutex> lock(*mu_);
    auto it = kernels_.find(id);
    if (it != kernels_.end())
      return *it->second;
  }
  // Compiled and loaded without the lock: threads launching other
  // specializations do not wait for this one (the cache compiles each key
  // once).
  KernelCache &cache = opts_.cache ? *opts_.cache : KernelCache::global();
  auto k = cache.load(ctx_, source_, o, opts_.filename);
  if (!k)
    return k.takeError();
  std::lock_guard<std::mutex> lock(*mu_);
  auto &slot = kernels_[id];
  if (!slot) // else another thread loaded it meanwhile: keep that one
    slot = std::make_unique<Kernel>(std::move(*k));
  return *slot;
}

llvm::Expected<JitKernel::Selection> JitKernel::select(const GridFn &grid,
                                                       llvm::ArrayRef<Arg> args,
                                                       CUstream stream) {
  Selection sel;
  if (spec_.autotune()) {
    auto c = configFor(grid, args, stream);
    if (!c)
      return c.takeError();
    sel.config = *c;
  }
  auto spec = spec_.specialize(args, sel.config);
  if (!spec)
    return spec.takeError();
  sel.spec = std::move(*spec);
  auto k = load(sel.spec, sel.config);
  if (!k)
    return k.takeError();
  sel.kernel = &*k;
  return std::move(sel);
}

llvm::Expected<const Kernel &> JitKernel::kernelFor(llvm::ArrayRef<Arg> args) {
  auto sel = select(nullptr, args, nullptr);
  if (!sel)
    return sel.takeError();
  return *sel->kernel;
}

llvm::Error JitKernel::launchArgs(Dim3 grid, llvm::ArrayRef<Arg> args,
                                  CUstream stream) {
  return launchArgs([grid](const Meta &) { return grid; }, args, stream);
}

llvm::Error JitKernel::launchArgs(const GridFn &grid, llvm::ArrayRef<Arg> args,
                                  CUstream stream) {
  auto sel = select(grid, args, stream);
  if (!sel)
    return sel.takeError();
  return sel->kernel->launch(
      grid(Meta(sel->config, &opts_.constexprs, &sel->spec.heuristics)),
      sel->spec.abiArgs, stream);
}
