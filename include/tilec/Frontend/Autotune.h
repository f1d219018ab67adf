//===- Autotune.h - The configurations of @triton.autotune ----------------===//
//
// `@triton.autotune(configs=[triton.Config({'BLOCK_M': 128, ...},
// num_warps=8, num_stages=3), ...], key=['M', 'N', 'K'])` on a kernel: the
// decorator's arguments computed as Python computes them at import (a list
// literal, a comprehension, a call of a module-level function that returns
// the list, `**` arguments, ...; HostEval.h). The runtime's JitKernel tunes
// over them; `tilec --list-configs` prints them.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_FRONTEND_AUTOTUNE_H
#define TILEC_FRONTEND_AUTOTUNE_H

#include "tilec/Compiler/AutotuneConfig.h"
#include "tilec/Frontend/AST.h"
#include "tilec/Frontend/ModuleLoader.h"
#include "tilec/Support/Diagnostics.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace tilec {

/// A float as signature text that reads back as the same double and as a
/// float (never as an integer: "1.0", not "1").
std::string floatConstantText(double v);

/// The signature text of a constant expression (an int, float, bool, None,
/// string, negated number or `tl.<dtype>`), or "" if it is none of those.
std::string constantText(const Expr &e);

/// `fn`'s @triton.autotune, or none without one. Its arguments are computed
/// as Python computes them at import, in the module scope of host code
/// (HostEval.h: evalModuleExpr) of `fn`'s module, with the modules of its
/// package that `loader` reads (null: none) and the names its -D options
/// bind. When tilec cannot compute them: an error, also reported to `diags`
/// at the position it concerns.
llvm::Expected<std::optional<Autotune>>
readAutotune(const Function &fn, DiagnosticEngine &diags,
             ModuleLoader *loader = nullptr);

} // namespace tilec

#endif // TILEC_FRONTEND_AUTOTUNE_H
