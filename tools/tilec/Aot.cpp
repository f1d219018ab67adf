//===- Aot.cpp - `tilec aot`: a C header and source per specialization ----===//

#include "Aot.h"
#include "Options.h"
#include "Run.h"

#include "tilec/Compiler/Compiler.h"
#include "tilec/Frontend/Types.h"
#include "tilec/Target/Cubin.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

using namespace tilec;
namespace cl = llvm::cl;

// Triton's compile.py flag names, with tilec's as aliases.
static cl::opt<std::string> aotInput(cl::Positional, cl::desc("<input file>"),
                                     cl::Required, cl::sub(aotSubcommand()));
static cl::opt<std::string> aotKernel("kernel-name",
                                      cl::desc("The @triton.jit function"),
                                      cl::value_desc("name"), cl::Required,
                                      cl::sub(aotSubcommand()));
static cl::alias aotKernelN("n", cl::desc("Alias for --kernel-name"),
                            cl::aliasopt(aotKernel));
static cl::alias aotKernelK("kernel", cl::desc("Alias for --kernel-name"),
                            cl::aliasopt(aotKernel));
static cl::opt<std::string> aotSignature("signature",
                                         cl::desc("Triton AOT signature"),
                                         cl::value_desc("sig"), cl::Required,
                                         cl::sub(aotSubcommand()));
static cl::alias aotSignatureS("s", cl::desc("Alias for --signature"),
                               cl::aliasopt(aotSignature));
static cl::opt<std::string>
    aotGrid("grid",
            cl::desc("The launch grid: up to three C expressions of the "
                     "launcher's arguments and integer constants, e.g. "
                     "\"(M + 127) / 128, N / 128, 1\" (programs)"),
            cl::value_desc("x,y,z"), cl::Required, cl::sub(aotSubcommand()));
static cl::alias aotGridG("g", cl::desc("Alias for --grid"),
                          cl::aliasopt(aotGrid));
static cl::opt<std::string>
    aotOutName("out-name",
               cl::desc("Name of the launcher (default: the kernel's); the "
                        "specialization's is NAME_<hash>"),
               cl::value_desc("name"), cl::sub(aotSubcommand()));
static cl::alias aotOutNameOn("on", cl::desc("Alias for --out-name"),
                              cl::aliasopt(aotOutName));
static cl::opt<std::string>
    aotOutPath("out-path",
               cl::desc("Output path stem: writes STEM.<hash>.h and "
                        "STEM.<hash>.c (default: the out name)"),
               cl::value_desc("stem"), cl::sub(aotSubcommand()));
static cl::alias aotOutPathO("o", cl::desc("Alias for --out-path"),
                             cl::aliasopt(aotOutPath));
static cl::opt<std::string> aotArch("arch",
                                    cl::desc("GPU target (default sm_90a)"),
                                    cl::init("sm_90a"),
                                    cl::sub(aotSubcommand()));
static cl::opt<std::string> aotPtxas(
    "ptxas",
    cl::desc("ptxas to assemble the cubin with (default: $TILEC_PTXAS, PATH, "
             "$CUDA_HOME/bin, /usr/local/cuda/bin); none found: PTX only"),
    cl::value_desc("path"), cl::sub(aotSubcommand()));
static cl::opt<bool> aotNoCubin("no-cubin", cl::desc("Embed the PTX only"),
                                cl::sub(aotSubcommand()));

//===----------------------------------------------------------------------===//
// Metadata shared with aot-link
//===----------------------------------------------------------------------===//

static const char *kindName(aot::Param::Kind k) {
  switch (k) {
  case aot::Param::Runtime:
    return "runtime";
  case aot::Param::Value:
    return "value";
  case aot::Param::Constexpr:
    return "constexpr";
  }
  return "?";
}

std::string aot::formatSpec(const Spec &spec) {
  std::string s = fmt::format("// tilec-aot kernel {} out {} function {}\n",
                              spec.kernel, spec.outName, spec.function);
  for (const Param &p : spec.params)
    s += fmt::format("// tilec-aot param {} {} {}{}\n", p.name,
                     kindName(p.kind), p.text,
                     p.divisibility > 1 ? ":" + std::to_string(p.divisibility)
                                        : std::string());
  return s;
}

bool aot::parseSpec(llvm::StringRef text, Spec &out, std::string &error) {
  llvm::SmallVector<llvm::StringRef, 64> lines;
  text.split(lines, '\n');
  bool haveKernel = false;
  for (llvm::StringRef line : lines) {
    if (!line.consume_front("// tilec-aot "))
      continue;
    llvm::SmallVector<llvm::StringRef, 8> w;
    line.trim().split(w, ' ', -1, /*KeepEmpty=*/false);
    if (w.size() == 6 && w[0] == "kernel" && w[2] == "out" &&
        w[4] == "function") {
      out.kernel = w[1].str();
      out.outName = w[3].str();
      out.function = w[5].str();
      haveKernel = true;
      continue;
    }
    if (w.size() < 4 || w[0] != "param") {
      error = "malformed line '// tilec-aot " + line.str() + "'";
      return false;
    }
    Param p;
    p.name = w[1].str();
    if (w[2] == "runtime")
      p.kind = Param::Runtime;
    else if (w[2] == "value")
      p.kind = Param::Value;
    else if (w[2] == "constexpr")
      p.kind = Param::Constexpr;
    else {
      error = "unknown parameter kind '" + w[2].str() + "'";
      return false;
    }
    // The value may contain spaces (a string constexpr).
    llvm::StringRef rest = line.trim();
    for (int i = 0; i < 3; ++i)
      rest = rest.split(' ').second.ltrim();
    p.text = rest.str();
    if (p.kind == Param::Runtime) {
      auto [type, div] = llvm::StringRef(p.text).split(':');
      if (!div.empty() && div.getAsInteger(10, p.divisibility)) {
        error = "bad divisibility in '" + p.text + "'";
        return false;
      }
      p.text = type.str();
    }
    out.params.push_back(std::move(p));
  }
  if (!haveKernel) {
    error = "no '// tilec-aot kernel' line (not a header written by tilec aot)";
    return false;
  }
  return true;
}

std::string aot::cType(llvm::StringRef t) {
  if (t.starts_with("*"))
    return "CUdeviceptr";
  static const std::pair<const char *, const char *> types[] = {
      {"i1", "uint8_t"},   {"i8", "int8_t"},    {"i16", "int16_t"},
      {"i32", "int32_t"},  {"i64", "int64_t"},  {"u8", "uint8_t"},
      {"u16", "uint16_t"}, {"u32", "uint32_t"}, {"u64", "uint64_t"},
      {"fp32", "float"},   {"fp64", "double"}};
  for (auto &[s, c] : types)
    if (t == s)
      return c;
  return "";
}

//===----------------------------------------------------------------------===//
// Code generation
//===----------------------------------------------------------------------===//

static int fail(const llvm::Twine &msg) {
  llvm::errs() << "tilec aot: error: " << msg << "\n";
  return 1;
}

/// `bytes` as the initializer of an unsigned char array, 16 to a line.
static std::string byteArray(llvm::StringRef bytes) {
  std::string s;
  s.reserve(bytes.size() * 6);
  for (size_t i = 0; i < bytes.size(); ++i) {
    if (i % 16 == 0)
      s += "\n  ";
    s += fmt::format("0x{:02x},", uint8_t(bytes[i]));
  }
  return s;
}

static bool isCKeyword(llvm::StringRef n) {
  static const char *kw[] = {
      "auto",     "break",    "case",     "char",   "const",   "continue",
      "default",  "do",       "double",   "else",   "enum",    "extern",
      "float",    "for",      "goto",     "if",     "inline",  "int",
      "long",     "register", "restrict", "return", "short",   "signed",
      "sizeof",   "static",   "struct",   "switch", "typedef", "union",
      "unsigned", "void",     "volatile", "while",  "stream"};
  return llvm::is_contained(kw, n) || n.starts_with("tilec_");
}

namespace {
struct Generated {
  std::string header, source;
};
} // namespace

static Generated generate(const aot::Spec &spec, const CompiledKernel &ck,
                          llvm::StringRef grid, const std::string &provenance) {
  // The launcher's parameters, the constants the grid may name, and the
  // kernel's ABI arguments.
  std::vector<std::string> params, argPtrs;
  std::string constants;
  for (const aot::Param &p : spec.params) {
    if (p.kind == aot::Param::Runtime) {
      params.push_back(aot::cType(p.text) + " " + p.name);
      argPtrs.push_back("&" + p.name);
      continue;
    }
    int64_t v;
    if (!llvm::StringRef(p.text).getAsInteger(10, v))
      constants +=
          fmt::format("  const int64_t {0} = {1};\n  (void){0};\n", p.name, v);
  }
  std::string paramList = "CUstream stream";
  for (const std::string &p : params)
    paramList += ", " + p;
  llvm::SmallVector<llvm::StringRef, 3> dims;
  grid.split(dims, ',');
  std::string gx = dims[0].trim().str();
  std::string gy = dims.size() > 1 ? dims[1].trim().str() : "1";
  std::string gz = dims.size() > 2 ? dims[2].trim().str() : "1";
  int perCTA = std::max(1, ck.programsPerCTA);
  std::string argsDecl, ctasX = "tilec_gx";
  if (perCTA > 1) {
    argPtrs.push_back("&tilec_programs");
    ctasX = fmt::format("(tilec_gx + {0}u) / {1}u", perCTA - 1, perCTA);
    argsDecl += "  int32_t tilec_programs = (int32_t)tilec_gx;\n";
  }
  if (argPtrs.empty())
    argsDecl += "  void **tilec_args = NULL;\n";
  else
    argsDecl += "  void *tilec_args[] = {" + llvm::join(argPtrs, ", ") + "};\n";
  std::string guard =
      llvm::StringRef(llvm::sys::path::filename(spec.header)).upper();
  for (char &c : guard)
    if (!llvm::isAlnum(c))
      c = '_';

  Generated g;
  g.header = fmt::format(
      R"(/* Generated by tilec aot: do not edit. {provenance} */
{meta}
#ifndef TILEC_AOT_{guard}
#define TILEC_AOT_{guard}

#include <cuda.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {{
#endif

/* Loads the kernel into the current CUDA context (the cubin, else the PTX
   through the driver's JIT). The launcher loads it on first use. */
CUresult load_{fn}(void);
void unload_{fn}(void);
/* Launches {kernel} on the grid ({gx}, {gy}, {gz}) of programs. */
CUresult {fn}({params});

#ifdef __cplusplus
}}
#endif

#endif
)",
      fmt::arg("provenance", provenance),
      fmt::arg("meta", aot::formatSpec(spec)), fmt::arg("guard", guard),
      fmt::arg("fn", spec.function), fmt::arg("kernel", ck.name),
      fmt::arg("gx", gx), fmt::arg("gy", gy), fmt::arg("gz", gz),
      fmt::arg("params", paramList));

  g.source = fmt::format(
      R"(/* Generated by tilec aot: do not edit. {provenance} */
#include "{header}"

#include <stddef.h>

/* {cubin_bytes} bytes of cubin for {cubin_target} (none: PTX only). */
static const unsigned char {fn}_cubin[] = {{{cubin}
  0}};
static const size_t {fn}_cubin_bytes = {cubin_bytes};
/* The PTX ({target}), NUL-terminated. */
static const unsigned char {fn}_ptx[] = {{{ptx}
  0}};
static CUmodule {fn}_module = NULL;
static CUfunction {fn}_function = NULL;

/* The loaded function is published once, atomically (GCC / Clang builtins;
   other compilers: plain accesses, load before launching from threads), so
   that threads racing to the first launch all use one module: the others
   unload the module they loaded. */
#if defined(__GNUC__) || defined(__clang__)
#define TILEC_LOAD_ACQUIRE(p) __atomic_load_n(&(p), __ATOMIC_ACQUIRE)
#define TILEC_STORE_RELEASE(p, v) __atomic_store_n(&(p), (v), __ATOMIC_RELEASE)
#define TILEC_PUBLISH(p, none, v)                                            \
  __atomic_compare_exchange_n(&(p), &(none), (v), 0, __ATOMIC_ACQ_REL,        \
                              __ATOMIC_ACQUIRE)
#else
#define TILEC_LOAD_ACQUIRE(p) (p)
#define TILEC_STORE_RELEASE(p, v) ((p) = (v))
#define TILEC_PUBLISH(p, none, v) ((p) == (none) ? ((p) = (v), 1) : 0)
#endif

CUresult load_{fn}(void) {{
  CUresult r = CUDA_ERROR_INVALID_IMAGE;
  CUmodule module = NULL;
  CUfunction function = NULL, none = NULL;
  if (TILEC_LOAD_ACQUIRE({fn}_function))
    return CUDA_SUCCESS;
  if ({fn}_cubin_bytes)
    r = cuModuleLoadData(&module, {fn}_cubin);
  if (r != CUDA_SUCCESS)
    r = cuModuleLoadData(&module, {fn}_ptx);
  if (r != CUDA_SUCCESS)
    return r;
  r = cuModuleGetFunction(&function, module, "{kernel}");
  if (r == CUDA_SUCCESS && {shared}u > 49152u)
    r = cuFuncSetAttribute(function,
                           CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                           {shared});
  if (r != CUDA_SUCCESS) {{
    cuModuleUnload(module);
    return r;
  }}
  if (TILEC_PUBLISH({fn}_function, none, function))
    TILEC_STORE_RELEASE({fn}_module, module);
  else
    cuModuleUnload(module); /* another thread's module won */
  return CUDA_SUCCESS;
}}

/* Not to be called while another thread launches the kernel. */
void unload_{fn}(void) {{
  if ({fn}_module)
    cuModuleUnload({fn}_module);
  {fn}_module = NULL;
  {fn}_function = NULL;
}}

CUresult {fn}({params}) {{
{constants}  unsigned int tilec_gx = (unsigned int)({gx});
  unsigned int tilec_gy = (unsigned int)({gy});
  unsigned int tilec_gz = (unsigned int)({gz});
{args_decl}  if (tilec_gx == 0 || tilec_gy == 0 || tilec_gz == 0)
    return CUDA_SUCCESS;
  if (!TILEC_LOAD_ACQUIRE({fn}_function)) {{
    CUresult r = load_{fn}();
    if (r != CUDA_SUCCESS)
      return r;
  }}
  return cuLaunchKernel(TILEC_LOAD_ACQUIRE({fn}_function), {ctas_x}, tilec_gy, tilec_gz,
                        {threads}, 1, 1, {shared}, stream, tilec_args, NULL);
}}
)",
      fmt::arg("provenance", provenance),
      fmt::arg("header", llvm::sys::path::filename(spec.header).str()),
      fmt::arg("fn", spec.function), fmt::arg("kernel", ck.name),
      fmt::arg("cubin", byteArray(ck.cubin)),
      fmt::arg("cubin_bytes", ck.cubin.size()),
      fmt::arg("cubin_target", ck.cubinTarget.empty() ? "-" : ck.cubinTarget),
      fmt::arg("target", ck.target), fmt::arg("ptx", byteArray(ck.ptx)),
      fmt::arg("shared", ck.sharedBytes), fmt::arg("params", paramList),
      fmt::arg("constants", constants), fmt::arg("gx", gx), fmt::arg("gy", gy),
      fmt::arg("gz", gz), fmt::arg("args_decl", argsDecl),
      fmt::arg("ctas_x", ctasX), fmt::arg("threads", ck.threads()));
  return g;
}

static bool writeFile(llvm::StringRef path, llvm::StringRef text) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec) {
    llvm::errs() << "tilec aot: error: cannot open '" << path
                 << "': " << ec.message() << "\n";
    return false;
  }
  os << text;
  return true;
}

int aotMain() {
  auto buffer = llvm::MemoryBuffer::getFile(aotInput, /*IsText=*/true);
  if (!buffer)
    return fail("cannot read '" + aotInput +
                "': " + buffer.getError().message());
  llvm::StringRef grid = aotGrid;
  if (grid.trim().empty() || grid.count(',') > 2)
    return fail("--grid needs one to three comma-separated C expressions, "
                "got '" +
                grid + "'");

  Compiler compiler;
  ParsedSource src =
      compiler.parse(aotInput, (*buffer)->getBuffer().str(), llvm::errs(),
                     importDirs, hostDefines, aotArch);
  if (src.numErrors)
    return 1;
  CompileOptions opts;
  if (!readCompileFlags(opts))
    return 1;
  opts.kernel = aotKernel;
  std::optional<std::string> resolved =
      resolveSignature(src, aotKernel, aotSignature);
  if (!resolved)
    return 1;
  aotSignature.setValue(*resolved); // what the launcher records
  opts.signature = aotSignature;
  opts.programsPerCTA = 1; // the launcher's grid is the kernel's
  opts.arch = aotArch;
  CompiledKernel ck;
  if (!compiler.compileToPTX(src, opts, ck, llvm::errs()))
    return 1;
  // The parameters: constexpr or not from the source, typed or specialized
  // from the signature (compileToPTX accepted both).
  const Function *fn = src.module->kernelNamed(aotKernel);
  SourceFile sigFile("<signature>", aotSignature);
  std::string ignored;
  llvm::raw_string_ostream ignoredOS(ignored);
  DiagnosticEngine sigDiags(sigFile, ignoredOS);
  Signature sig;
  parseSignature(sigFile, sigDiags, sig);
  aot::Spec spec;
  spec.kernel = ck.name;
  spec.outName = aotOutName.empty() ? ck.name : aotOutName.getValue();
  for (size_t i = 0; i < sig.entries.size() && i < fn->params.size(); ++i) {
    const SignatureEntry &e = sig.entries[i];
    aot::Param p;
    p.name = fn->params[i].name;
    if (isCKeyword(p.name))
      return fail("parameter '" + p.name +
                  "' cannot be a C name in the launcher (a C keyword, "
                  "'stream', or tilec_*)");
    // (Only host descriptors make tensor maps, which rt::Kernel::launch
    // makes from their arguments; the C launcher has none.)
    if (e.kind == SignatureEntry::Descriptor)
      return fail("parameter '" + p.name +
                  "': host tensor descriptors have "
                  "no launcher form; pass the base pointer, shape and strides "
                  "and make the descriptor in the kernel");
    if (e.kind == SignatureEntry::TupleValue)
      return fail("parameter '" + p.name +
                  "': tuples have no launcher form in tilec aot; give their "
                  "elements as parameters of their own");
    if (e.kind == SignatureEntry::Type) {
      p.kind = aot::Param::Runtime;
      auto it = llvm::find_if(ck.params,
                              [&](auto &np) { return np.first == p.name; });
      p.text = it != ck.params.end() ? it->second : "";
      p.divisibility = e.divisibility;
      if (aot::cType(p.text).empty())
        return fail("parameter '" + p.name + "' of type '" + p.text +
                    "': launchers take pointers, integers, fp32 and fp64");
    } else {
      p.kind =
          fn->params[i].isConstexpr ? aot::Param::Constexpr : aot::Param::Value;
      p.text = llvm::StringRef(e.text).trim().str();
    }
    spec.params.push_back(std::move(p));
  }

  // The specialization's name: a hash of what selects the binary.
  llvm::SHA256 h;
  h.update(llvm::StringRef(ck.name + "\n" + aotSignature + "\n" +
                           std::to_string(opts.numWarps) + "\n" +
                           std::to_string(opts.numStages) + "\n" + aotArch));
  // The other knobs (forEachPipelineOption), where they are not the
  // defaults as tilec aot compiles (one program a CTA).
  CompileOptions defaults;
  defaults.programsPerCTA = opts.programsPerCTA;
  std::vector<std::string> base;
  forEachPipelineOption(defaults, [&](llvm::StringRef, const std::string &v) {
    base.push_back(v);
  });
  size_t knob = 0;
  forEachPipelineOption(opts, [&](llvm::StringRef name, const std::string &v) {
    if (name != "num_stages" && name != "target" && v != base[knob])
      h.update(("\n" + name + "=" + v).str());
    ++knob;
  });
  std::array<uint8_t, 32> digest = h.final();
  std::string hash = llvm::toHex(llvm::ArrayRef<uint8_t>(digest).take_front(4),
                                 /*LowerCase=*/true);
  spec.function = spec.outName + "_" + hash;
  std::string stem = aotOutPath.empty() ? spec.outName : aotOutPath.getValue();
  spec.header = stem + "." + hash + ".h";

  if (!aotNoCubin) {
    std::optional<std::string> ptxas =
        aotPtxas.empty() ? findPtxas() : std::optional<std::string>(aotPtxas);
    if (ptxas) {
      auto assembled = assembleWithPtxas(ck.ptx, ck.target, *ptxas);
      if (!assembled)
        return fail(llvm::toString(assembled.takeError()));
      ck.cubin = std::move(assembled->cubin);
      ck.cubinTarget = ck.target;
      ck.resources = parseAssemblerLog(assembled->log, ck.name);
      if (ck.resources.spills())
        llvm::errs() << "tilec aot: warning: kernel '" << ck.name
                     << "' spills registers to local memory ("
                     << ck.resources.summary() << " per thread)\n";
    } else {
      llvm::errs() << "tilec aot: warning: no ptxas found: embedding the PTX "
                      "only (the driver JIT-compiles it at load)\n";
    }
  }
  std::string provenance = fmt::format(
      "tilec {}: {} kernel {}, signature \"{}\", {} warps, {} stages, {}.",
      TILEC_VERSION, llvm::sys::path::filename(aotInput).str(), ck.name,
      aotSignature.getValue(), opts.numWarps, opts.numStages,
      aotArch.getValue());
  Generated g = generate(spec, ck, grid, provenance);
  if (!writeFile(spec.header, g.header) ||
      !writeFile(stem + "." + hash + ".c", g.source))
    return 1;
  llvm::outs() << spec.header << "\n" << stem << "." << hash << ".c\n";
  return 0;
}
