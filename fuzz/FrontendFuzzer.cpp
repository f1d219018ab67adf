//===- FrontendFuzzer.cpp - libFuzzer target over the tilec frontend ------===//
//
// Feeds the input bytes as a Python source file through Compiler::parse and,
// for every @triton.jit function found, through readAutotune (which computes
// the decorator's arguments with the evaluator of host code) and
// Compiler::compileToTile with signatures derived from the function's
// parameters:
//   * by name: `*_ptr`/`ptr` parameters are `*fp32:16`, `*desc*` ones host
//     tensor descriptors, others `i32`, tl.constexpr parameters are `16`;
//   * one more variant picked by a hash of the input: all `i32`, fp16/i64
//     pointers and scalars, a float or bool constexpr, or an entry too few.
// Diagnostics go to a null stream; what must not happen is a crash, a hang,
// a sanitizer report, or IR that the frontend itself says does not verify
// ("internal error"), which aborts here so the fuzzer records the input.
//
//===----------------------------------------------------------------------===//

#include "tilec/Compiler/Compiler.h"
#include "tilec/Frontend/Autotune.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace tilec;

namespace {

/// At most this many jit functions of one input are compiled (each is a
/// potential kernel; helpers get compiled as kernels too, which is fine).
constexpr unsigned kMaxKernelsPerInput = 8;
constexpr const char *kFileName = "\x01fuzz.py";

bool looksLikePointer(llvm::StringRef name) {
  return name.ends_with("ptr") || name.ends_with("_ptrs") ||
         name.starts_with("ptr");
}

std::string signatureFor(const Function &fn, unsigned variant) {
  std::string sig;
  size_t n = fn.params.size();
  if (variant == 5 && n > 0)
    --n; // one entry too few: exercises the count-mismatch diagnostics
  for (size_t i = 0; i < n; ++i) {
    const Param &p = fn.params[i];
    if (i)
      sig += ", ";
    if (p.isConstexpr) {
      switch (variant) {
      case 3:
        sig += "2.5";
        break;
      case 4:
        sig += (i % 2) ? "True" : "64";
        break;
      case 2:
        sig += "128";
        break;
      default:
        sig += "16";
        break;
      }
      continue;
    }
    bool ptr = looksLikePointer(p.name);
    if (llvm::StringRef(p.name).contains("desc")) { // host tensor descriptors
      sig += variant == 2 ? "tensordesc<fp16[1, 16, 16]>"
                          : "tensordesc<fp32[16, 16]>";
      continue;
    }
    switch (variant) {
    case 1:
      sig += "i32";
      break;
    case 2:
      sig += ptr ? "*fp16:16" : "i64";
      break;
    case 3:
      sig += ptr ? "*bf16" : "fp32";
      break;
    case 4:
      sig += ptr ? "*i32:16" : "u32:16";
      break;
    default:
      sig += ptr ? "*fp32:16" : "i32";
      break;
    }
  }
  return sig;
}

/// The compiler, built once: an MLIRContext per input would dominate the run
/// time. Types and attributes interned in it are shared, not leaked.
Compiler &compiler() {
  static Compiler *c = new Compiler();
  return *c;
}

/// TILEC_FUZZ_VERBOSE=1 prints every compile's outcome and diagnostics, to
/// triage a reproducer: tilec-frontend-fuzzer crash-file.
bool verbose() {
  static bool v = getenv("TILEC_FUZZ_VERBOSE") != nullptr;
  return v;
}

void compileOne(const ParsedSource &src, const Function &fn, unsigned variant,
                bool optimize) {
  CompileOptions opts;
  opts.kernel = fn.name;
  opts.signature = signatureFor(fn, variant);
  opts.numWarps = variant == 2 ? 8 : 4;
  opts.optimize = optimize;
  std::string errs;
  llvm::raw_string_ostream os(errs);
  auto module = compiler().compileToTile(src, opts, os);
  os.flush();
  // The frontend verifies the IR it builds; failing that is a frontend bug.
  // The file name holds a control byte, which echoed source lines never do
  // (diagnostics print them as '?'), so only a real diagnostic matches.
  bool internalError = false;
  llvm::StringRef rest(errs);
  while (!rest.empty() && !internalError) {
    auto [line, tail] = rest.split('\n');
    internalError =
        line.starts_with(kFileName) && line.contains(": error: internal error");
    rest = tail;
  }
  if (internalError) {
    fprintf(stderr,
            "tilec-frontend-fuzzer: internal error compiling '%s' with "
            "signature \"%s\":\n%s\n",
            opts.kernel.c_str(), opts.signature.c_str(), errs.c_str());
    abort();
  }
  if (verbose())
    fprintf(stderr, "== %s [%s]%s: %s\n%s", opts.kernel.c_str(),
            opts.signature.c_str(), optimize ? " optimized" : "",
            module ? "ok" : "failed", errs.c_str());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // Real kernels are small; huge inputs only slow the search down.
  if (size > 64 * 1024)
    return 0;
  std::string text(reinterpret_cast<const char *>(data), size);
  std::string parseErrs;
  llvm::raw_string_ostream parseOs(parseErrs);
  // Imports of a package resolve against the test suite's packages
  // (kpkg, cyc), so that the module loader is searched too.
  static const std::vector<std::string> importPaths = {TILEC_FUZZ_IMPORT_DIR};
  ParsedSource src =
      compiler().parse(kFileName, std::move(text),
                       verbose() ? parseOs : llvm::nulls(), importPaths);
  if (verbose())
    fprintf(stderr, "== parse: %u error(s), %zu jit function(s)\n%s",
            src.numErrors, src.module ? src.module->functions.size() : 0,
            parseOs.str().c_str());
  if (!src.module)
    __builtin_trap(); // parse() always returns a module
  if (src.numErrors)
    return 0; // compileToTile would refuse; nothing more to exercise

  uint32_t h = 2166136261u; // FNV-1a of the input picks the extra variant
  for (size_t i = 0; i < size; ++i)
    h = (h ^ data[i]) * 16777619u;
  unsigned extra = 1 + h % 5; // 1..5

  unsigned count = 0;
  for (auto &fn : src.module->functions) {
    if (count++ == kMaxKernelsPerInput)
      break;
    DiagnosticEngine diags(*src.file, llvm::nulls());
    auto autotune = readAutotune(*fn, diags, src.loader.get());
    if (!autotune)
      llvm::consumeError(autotune.takeError());
    compileOne(src, *fn, /*variant=*/0, /*optimize=*/true);
    compileOne(src, *fn, extra, /*optimize=*/(h >> 8) & 1);
  }
  return 0;
}
