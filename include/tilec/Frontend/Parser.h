//===- Parser.h - Recursive-descent parser of kernel modules --------------===//
//
// Parses a Python source file: functions decorated with `@triton.jit` (or
// `@jit`) are parsed into the AST; every other top-level statement (imports,
// host code, classes, other decorated functions) is skipped by tokens.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_FRONTEND_PARSER_H
#define TILEC_FRONTEND_PARSER_H

#include "tilec/Frontend/AST.h"
#include "tilec/Support/Diagnostics.h"

namespace tilec {

/// Lexes and parses `file`. Errors are reported to `diags`; the returned
/// module holds every function that parsed.
std::unique_ptr<Module> parseModule(const SourceFile &file,
                                    DiagnosticEngine &diags);

} // namespace tilec

#endif // TILEC_FRONTEND_PARSER_H
