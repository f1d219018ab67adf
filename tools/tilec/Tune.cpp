//===- Tune.cpp - `tilec tune`: time a kernel's @triton.autotune configs --===//
//
//   tilec tune FILE --kernel K --signature SIG --grid "EXPR[, EXPR[, EXPR]]"
//              --arg SPEC ... [--arch sm_90a] [--reps N] [--out FILE]
//
// The kernel and arguments are those of `tilec run` (RunArgs.h), with two
// differences: the signature entries of the parameters the configs set (and
// of those @triton.heuristics set) are `auto`, and the grid is one to three
// Python expressions over the parameters' values and the constexprs
// (`triton.cdiv(M, BLOCK_M), triton.cdiv(N, BLOCK_N)`), evaluated per
// config. Every config is compiled (in parallel) and timed on GPU 0 by the
// runtime's tuner (rt::tune: warm-up, median), and a table of configs, times
// and statuses is printed with the chosen config and the tuning time. --out
// FILE writes the winner as JSON: its constexprs, num_warps, num_stages, the
// signature with every `auto` resolved and the equivalent tilec flags.
//
//===----------------------------------------------------------------------===//

#include "Options.h"
#include "Run.h"
#include "RunArgs.h"
#include "RunDevice.h"

#include "tilec/Compiler/Compiler.h"
#include "tilec/Frontend/Autotune.h"
#include "tilec/Frontend/Heuristics.h"
#include "tilec/Frontend/HostEval.h"
#include "tilec/Frontend/Parser.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#ifdef TILEC_HAVE_RUNTIME
#include "tilec/Jit/Jit.h"
#include "tilec/Jit/Tuner.h"
#endif

using namespace tilec;
namespace cl = llvm::cl;

static cl::opt<std::string> tuneInput(cl::Positional, cl::desc("<input file>"),
                                      cl::Required, cl::sub(tuneSubcommand()));
static cl::opt<std::string>
    tuneKernel("kernel", cl::desc("The @triton.autotune kernel to tune"),
               cl::value_desc("name"), cl::sub(tuneSubcommand()));
static cl::opt<std::string> tuneSignature(
    "signature",
    cl::desc("Triton AOT signature; `auto` for the parameters the configs "
             "and heuristics set"),
    cl::value_desc("sig"), cl::sub(tuneSubcommand()));
static cl::opt<std::string>
    tuneGrid("grid",
             cl::desc("One to three Python expressions of the parameters "
                      "and constexprs: the programs along x, y, z"),
             cl::value_desc("exprs"), cl::sub(tuneSubcommand()));
static cl::list<std::string>
    tuneArgs("arg", cl::desc("A runtime argument, as for `tilec run`"),
             cl::value_desc("spec"), cl::sub(tuneSubcommand()));
static cl::opt<std::string>
    tuneArch("arch", cl::desc("GPU target (default: the device's own)"),
             cl::value_desc("sm_XY"), cl::sub(tuneSubcommand()));
static cl::opt<int> tuneReps("reps",
                             cl::desc("Timed repetitions of 5 launches per "
                                      "config, after one warm-up (median)"),
                             cl::init(3), cl::sub(tuneSubcommand()));
static cl::opt<std::string>
    tuneOut("out", cl::desc("Write the chosen config's options as JSON"),
            cl::value_desc("file"), cl::sub(tuneSubcommand()));

namespace {

int fail(const llvm::Twine &msg) {
  llvm::errs() << "tilec: error: " << msg << "\n";
  return 1;
}

/// One config, specialized: its signature, constexpr values and grid.
struct Planned {
  std::string signature;
  std::map<std::string, HostValue> values; // every known parameter value
  std::array<int64_t, 3> grid{1, 1, 1};
};

/// A JSON value of a constant.
llvm::json::Value jsonOf(const HostValue &v) {
  switch (v.kind) {
  case HostValue::Int:
    return v.i;
  case HostValue::Bool:
    return v.i != 0;
  case HostValue::Float:
    return v.f;
  case HostValue::None:
    return nullptr;
  default:
    return v.kind == HostValue::Str ? v.s : v.text();
  }
}

} // namespace

int tuneMain() {
  if (!deviceRunAvailable())
    return fail("tilec tune runs on the GPU, and this tilec was built "
                "without the CUDA runtime (cuda.h was not found)");
  if (tuneGrid.empty())
    return fail("tilec tune needs --grid: one to three Python expressions "
                "of the parameters and constexprs, e.g. \"triton.cdiv(M, "
                "BLOCK_M), triton.cdiv(N, BLOCK_N)\"");
  if (tuneReps < 1)
    return fail("--reps must be at least 1");
  auto file = llvm::MemoryBuffer::getFile(tuneInput);
  if (!file)
    return fail("cannot read '" + tuneInput +
                "': " + file.getError().message());
  std::string source = (*file)->getBuffer().str();
  Compiler compiler;
  // The arch the configs are timed for (the device's without --arch):
  // host code's device queries see it.
  ParsedSource src =
      compiler.parse(tuneInput, source, llvm::errs(), importDirs, hostDefines,
                     tuneArch.empty() ? deviceArch() : tuneArch.getValue());
  if (src.numErrors)
    return 1;
  std::string kernel = tuneKernel;
  if (kernel.empty()) {
    if (src.module->functions.size() != 1)
      return fail("--kernel is required");
    kernel = src.module->functions[0]->name;
  }
  const Function *fn = src.module->kernelNamed(kernel);
  if (!fn)
    return fail(tuneInput + ": no @triton.jit function named '" + kernel + "'");
  DiagnosticEngine diags(*src.file, llvm::errs());
  auto at = readAutotune(*fn, diags, src.loader.get());
  if (!at) {
    llvm::consumeError(at.takeError()); // reported
    return 1;
  }
  if (!*at)
    return fail("'" + kernel +
                "' has no @triton.autotune configs to tune (tilec run "
                "runs it as it is)");
  const Autotune &autotune = **at;

  // The signature: `auto` where the configs set a parameter. Its errors
  // are diagnostics in its text.
  std::vector<SignatureItem> items = signatureItems(tuneSignature);
  std::vector<std::string> entries = splitSignature(tuneSignature);
  auto signatureError = [&](size_t i, const llvm::Twine &msg) {
    if (i < items.size())
      reportArgumentError(kSignatureName, tuneSignature, items[i].col,
                          items[i].length, msg);
    else // past its end
      reportArgumentError(kSignatureName, tuneSignature,
                          unsigned(tuneSignature.size() + 1), 1, msg);
    return 1;
  };
  auto paramIndex = [&](llvm::StringRef name) {
    return size_t(
        llvm::find_if(fn->params,
                      [&](const Param &p) { return p.name == name; }) -
        fn->params.begin());
  };
  for (auto &[name, value] : autotune.configs.front().constexprs) {
    size_t i = paramIndex(name);
    if (i >= fn->params.size())
      return fail("@triton.autotune of '" + kernel + "' sets '" + name +
                  "', which is not one of its parameters");
    if (i >= entries.size() || entries[i] != "auto")
      return signatureError(
          i, llvm::formatv("the configs of '{0}' set '{1}': its "
                           "signature entry ({2}) must be 'auto'{3}",
                           kernel, name, i,
                           i < entries.size()
                               ? " (it is '" + entries[i] + "')"
                               : std::string(" (the signature has " +
                                             std::to_string(entries.size()) +
                                             " entries)"))
                 .str());
  }
  // Every other `auto` is a parameter a heuristic sets.
  auto heuristics = readHeuristics(*fn, diags);
  if (!heuristics) {
    llvm::consumeError(heuristics.takeError()); // reported
    return 1;
  }
  for (size_t i = 0; i < entries.size(); ++i) {
    if (entries[i] != "auto")
      continue;
    if (i >= fn->params.size())
      return signatureError(i, llvm::formatv("signature entry {0} is 'auto', "
                                             "but '{1}' has only {2} "
                                             "parameters",
                                             i, kernel, fn->params.size()));
    const std::string &name = fn->params[i].name;
    if (llvm::none_of(autotune.configs.front().constexprs,
                      [&](const auto &c) { return c.first == name; }) &&
        llvm::none_of(*heuristics,
                      [&](const Heuristic &h) { return h.name == name; }))
      return signatureError(
          i, "signature entry " + llvm::Twine(i) + " ('" + name +
                 "') is 'auto', but neither the @triton.autotune configs nor "
                 "a @triton.heuristics of '" +
                 kernel + "' sets '" + name + "': give its value");
  }

  // The runtime parameters: the typed entries, one --arg each.
  std::vector<std::string> names;
  std::vector<size_t> runtimeParam;
  for (size_t i = 0; i < entries.size() && i < fn->params.size(); ++i) {
    if (entries[i] == "auto" ||
        HostValue::fromText(entries[i]).kind != HostValue::Other)
      continue;
    if (llvm::StringRef(entries[i]).starts_with("tensordesc"))
      return signatureError(i, "tilec tune does not take tensor descriptors "
                               "(parameter '" +
                                   fn->params[i].name + "')");
    if (llvm::StringRef(entries[i]).starts_with("("))
      return signatureError(i, "tilec tune does not take tuples of runtime "
                               "arguments (parameter '" +
                                   fn->params[i].name + "')");
    names.push_back(fn->params[i].name);
    runtimeParam.push_back(i);
  }
  if (names.size() != tuneArgs.size())
    return fail(llvm::formatv("the signature gives '{0}' {1} runtime "
                              "parameters ({2}), and {3} --arg are given",
                              kernel, names.size(), llvm::join(names, ", "),
                              tuneArgs.size())
                    .str());
  RunArguments parsed;
  if (!parseRunArgs(tuneArgs, names, parsed))
    return 1;
  std::vector<std::optional<HostValue>> scalars = scalarRunValues(tuneArgs);

  // The grid, parsed once.
  SourceFile gridFile("--grid", tuneGrid);
  DiagnosticEngine gridDiags(gridFile, llvm::errs());
  ExprPtr gridExpr = parseExpression(gridFile, gridDiags);
  if (!gridExpr)
    return 1;
  std::vector<const Expr *> axes;
  if (gridExpr->kind == ExprKind::Tuple)
    for (const ExprPtr &a : gridExpr->args)
      axes.push_back(a.get());
  else
    axes.push_back(gridExpr.get());
  if (axes.empty() || axes.size() > 3) {
    gridDiags.error(gridExpr->loc, "--grid takes one to three expressions");
    return 1;
  }

  // Each config: its values in the signature, then the heuristics (after
  // the config, as in Triton), then the grid.
  CompileOptions base;
  if (!readCompileFlags(base))
    return 1;
  base.kernel = kernel;
  std::vector<Planned> plans;
  for (const AutotuneConfig &config : autotune.configs) {
    std::vector<std::string> e = entries;
    for (auto &[name, value] : config.constexprs)
      e[paramIndex(name)] = value;
    auto resolved = resolveSignature(src, kernel, llvm::join(e, ", "), scalars);
    if (!resolved)
      return 1;
    Planned p;
    p.signature = *resolved;
    std::vector<std::string> done = splitSignature(p.signature);
    for (size_t i = 0; i < done.size() && i < fn->params.size(); ++i)
      if (HostValue v = HostValue::fromText(done[i]);
          v.kind != HostValue::Other)
        p.values[fn->params[i].name] = v;
    for (size_t r = 0; r < runtimeParam.size(); ++r)
      if (scalars[r])
        p.values[fn->params[runtimeParam[r]].name] = *scalars[r];
    LaunchScope scope;
    scope.values = &p.values;
    scope.bareNames = true;
    scope.what = "--grid";
    scope.missing = " (not a parameter given a value, nor a constexpr)";
    for (size_t a = 0; a < axes.size(); ++a) {
      auto v = evaluateHostExpr(*axes[a], scope, gridDiags);
      if (!v) {
        llvm::consumeError(v.takeError()); // reported
        return 1;
      }
      if (v->kind != HostValue::Int || v->i < 1 || v->i > UINT32_MAX) {
        gridDiags.error(axes[a]->loc,
                        "--grid: for config " + config.describe() +
                            " this is " +
                            (v->text().empty() ? "not an integer" : v->text()) +
                            ", not a number of programs from 1 to 2^32-1");
        return 1;
      }
      p.grid[a] = v->i;
    }
    plans.push_back(std::move(p));
  }
  // The buffers a tuning zeroes and restores: runtime arguments by name.
  for (const std::string &name : autotune.resetToZero)
    if (llvm::find(names, name) == names.end())
      return fail("reset_to_zero names '" + name +
                  "', which is not a runtime parameter here");
  for (const std::string &name : autotune.restoreValue)
    if (llvm::find(names, name) == names.end())
      return fail("restore_value names '" + name +
                  "', which is not a runtime parameter here");

#ifndef TILEC_HAVE_RUNTIME
  return 1;
#else
  // The device: everything above needs none.
  auto dev = rt::Device::open();
  if (!dev)
    return fail("tilec tune needs a GPU: " + llvm::toString(dev.takeError()));
  base.arch = tuneArch.empty()
                  ? rt::archForComputeCapability(dev->computeCapability())
                  : tuneArch.getValue();
  std::vector<rt::DeviceBuffer> devBufs;
  devBufs.reserve(parsed.storage.size());
  for (const RunStorage &s : parsed.storage) {
    devBufs.emplace_back(*dev);
    if (auto e = devBufs.back().alloc(std::max<size_t>(s.bytes, 16)))
      return fail(llvm::toString(std::move(e)));
    if (auto e = devBufs.back().copyFromHost(const_cast<RunStorage &>(s).data(),
                                             s.bytes))
      return fail(llvm::toString(std::move(e)));
  }
  // The arguments, typed as the signature says.
  llvm::SmallVector<rt::Arg, 16> abiArgs;
  rt::TuningBuffers buffers;
  for (size_t r = 0; r < runtimeParam.size(); ++r) {
    llvm::StringRef type =
        llvm::StringRef(entries[runtimeParam[r]]).split(':').first.trim();
    const interp::KernelArg &a = parsed.args[r];
    bool pointer = type.consume_front("*");
    switch (a.kind) {
    case interp::KernelArg::Buffer: {
      rt::Arg p = rt::Arg::ptr(devBufs[a.buffer], pointer ? type : "");
      p.bytes = parsed.storage[a.buffer].bytes;
      abiArgs.push_back(p);
      if (llvm::is_contained(autotune.resetToZero, names[r]))
        buffers.zero.push_back(p);
      if (llvm::is_contained(autotune.restoreValue, names[r]))
        buffers.restore.push_back(p);
      break;
    }
    case interp::KernelArg::Int:
      abiArgs.push_back(rt::Arg::integer(pointer ? "" : type, a.i));
      break;
    case interp::KernelArg::Float:
      abiArgs.push_back(rt::Arg::fp(pointer ? "" : type, a.f));
      break;
    }
  }
  std::vector<rt::TuningCandidate> candidates;
  for (size_t c = 0; c < plans.size(); ++c) {
    rt::TuningCandidate cand;
    cand.label = autotune.configs[c].describe();
    cand.opts = base;
    cand.opts.signature = plans[c].signature;
    cand.opts.numWarps = autotune.configs[c].numWarps;
    cand.opts.numStages = autotune.configs[c].numStages;
    cand.abiArgs = abiArgs;
    cand.grid = rt::Dim3(unsigned(plans[c].grid[0]), unsigned(plans[c].grid[1]),
                         unsigned(plans[c].grid[2]));
    candidates.push_back(std::move(cand));
  }
  rt::TuningSettings settings;
  settings.reps = tuneReps;
  llvm::outs() << llvm::formatv("tilec: tuning '{0}' on {1} ({2}): {3} "
                                "configs\n",
                                kernel, dev->name(), base.arch,
                                candidates.size());
  auto rec = rt::tune(dev->contextRef(), rt::KernelCache::global(), source,
                      tuneInput, candidates, buffers, nullptr, settings);
  if (!rec)
    return fail(llvm::toString(rec.takeError()));
  size_t chosen = rec->chosen;
  const AutotuneConfig &best = autotune.configs[chosen];
  llvm::outs() << rec->table();
  llvm::outs() << llvm::formatv("chosen: config {0} ({1}), {2:f4} ms\n", chosen,
                                best.describe(), rec->ms[chosen]);
  llvm::outs() << llvm::formatv("tuning time: {0:f2} s (compiling {1:f2} s)\n",
                                rec->seconds, rec->compileSeconds);
  if (std::string prune = autotune.pruneNote(); !prune.empty())
    llvm::outs() << "prune_configs_by: " << prune << "\n";
  if (!tuneOut.empty()) {
    llvm::json::Object constexprs;
    for (auto &[name, value] : best.constexprs)
      constexprs[name] = jsonOf(HostValue::fromText(value));
    for (const Heuristic &h : *heuristics)
      if (auto it = plans[chosen].values.find(h.name);
          it != plans[chosen].values.end())
        constexprs[h.name] = jsonOf(it->second);
    std::string flags =
        llvm::formatv("--num-warps {0} --num-stages {1} "
                      "--signature \"{2}\"",
                      best.numWarps, best.numStages, plans[chosen].signature);
    llvm::json::Object out{{"kernel", kernel},
                           {"config", int64_t(chosen)},
                           {"constexprs", std::move(constexprs)},
                           {"num_warps", best.numWarps},
                           {"num_stages", best.numStages},
                           {"signature", plans[chosen].signature},
                           {"arch", base.arch},
                           {"ms", rec->ms[chosen]},
                           {"tilec_flags", flags}};
    std::error_code ec;
    llvm::raw_fd_ostream os(tuneOut, ec);
    if (ec)
      return fail("cannot open '" + tuneOut + "': " + ec.message());
    os << llvm::formatv("{0:2}", llvm::json::Value(std::move(out))) << "\n";
  }
  return 0;
#endif
}
