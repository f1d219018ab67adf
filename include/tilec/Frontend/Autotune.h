//===- Autotune.h - The configurations of @triton.autotune ----------------===//
//
// `@triton.autotune(configs=[triton.Config({'BLOCK_M': 128, ...},
// num_warps=8, num_stages=3), ...], key=['M', 'N', 'K'])` on a kernel, read
// from the decorator's arguments as the parser kept them (plain data: a list
// literal of triton.Config calls with dict literals of constants). The
// runtime's JitKernel tunes over them; `tilec --list-configs` prints them.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_FRONTEND_AUTOTUNE_H
#define TILEC_FRONTEND_AUTOTUNE_H

#include "tilec/Compiler/AutotuneConfig.h"
#include "tilec/Frontend/AST.h"
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

/// `fn`'s @triton.autotune, or none without one. When the decorator's
/// arguments are not plain data tilec can read: an error, also reported to
/// `diags` at the position it concerns.
llvm::Expected<std::optional<Autotune>> readAutotune(const Function &fn,
                                                     DiagnosticEngine &diags);

} // namespace tilec

#endif // TILEC_FRONTEND_AUTOTUNE_H
