//===- Options.h - The subcommands of `tilec` and their shared flags -*- C++
//-*-===//
//
// `tilec` (compile), `tilec run` and `tilec aot` take the same flags for the
// compiler's knobs: -I, --num-warps, --num-stages, --group-programs,
// --group-min-mib, --split-masked-loops, --prefetch-bytes, --remat-bytes,
// --fp-fusion and (not aot) --programs-per-cta. They are defined once here,
// with the defaults of tilec::CompileOptions; the one default of the command
// line of its own is --programs-per-cta=1 (the plain ABI: a PTX file whose
// entry takes exactly the kernel's parameters), where the JIT chooses (auto).
//
// The subcommands are functions returning function-local objects, so that
// options of any source file can name them during static initialization.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_TOOLS_TILEC_OPTIONS_H
#define TILEC_TOOLS_TILEC_OPTIONS_H

#include "tilec/Compiler/CompileOptions.h"
#include "tilec/Compiler/Compiler.h"
#include "tilec/Frontend/HostEval.h"

#include "llvm/Support/CommandLine.h"

#include <optional>
#include <string>

llvm::cl::SubCommand &runSubcommand();
llvm::cl::SubCommand &aotSubcommand();
llvm::cl::SubCommand &aotLinkSubcommand();
llvm::cl::SubCommand &tuneSubcommand();

/// The category of the compiler's options (what `tilec --help` lists).
llvm::cl::OptionCategory &compilerCategory();

/// -I: directories searched for the modules a kernel file imports.
extern llvm::cl::list<std::string> importDirs;
/// -D NAME=VALUE: module-level names bound to host code's values.
extern llvm::cl::list<std::string> hostDefines;

/// Sets num-warps, the pipeline's knobs and the import paths of `opts` from
/// the flags of the subcommand being run. False after printing an error
/// (a bad --programs-per-cta).
bool readCompileFlags(tilec::CompileOptions &opts);

/// `signature` with its `auto` entries replaced by the values of the
/// @triton.heuristics of `kernel` (tilec::resolveHeuristicSignature), given
/// the values of the typed entries where known; none after printing the
/// error (a diagnostic at the heuristic or in the signature's text).
std::optional<std::string> resolveSignature(
    const tilec::ParsedSource &src, llvm::StringRef kernel,
    llvm::StringRef signature,
    llvm::ArrayRef<std::optional<tilec::HostValue>> runtimeValues = {});

/// The name a signature's diagnostics give its text, as the compiler's do.
inline constexpr llvm::StringLiteral kSignatureName = "<signature>";

/// Reports `message` in the compiler's style at columns [col, col + length)
/// of `text`, the value of the command-line option `option` (the name its
/// location shows: "<signature>", "--grid", "--arg"): the location, the
/// text, and a caret under the culprit.
void reportArgumentError(llvm::StringRef option, llvm::StringRef text,
                         unsigned col, unsigned length,
                         const llvm::Twine &message);
/// The same at `part`, a piece of `text` (the whole of it when `part` is
/// not inside).
void reportArgumentError(llvm::StringRef option, llvm::StringRef text,
                         llvm::StringRef part, const llvm::Twine &message);

#endif // TILEC_TOOLS_TILEC_OPTIONS_H
