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
#include "tilec/Frontend/HostDefines.h"
#include "tilec/Support/Diagnostics.h"

namespace tilec {

/// Lexes and parses `file`. Errors are reported to `diags`; the returned
/// module holds every function that parsed. Module-level conditions read
/// the names `defines` binds (HostDefines.h).
std::unique_ptr<Module> parseModule(const SourceFile &file,
                                    DiagnosticEngine &diags,
                                    const HostDefines *defines = nullptr);

/// Parses `file` as one Python expression (a tuple where it has commas);
/// null after reporting an error to `diags`.
ExprPtr parseExpression(const SourceFile &file, DiagnosticEngine &diags);

} // namespace tilec

#endif // TILEC_FRONTEND_PARSER_H
