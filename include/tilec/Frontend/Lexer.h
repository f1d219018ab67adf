//===- Lexer.h - Tokens of the Python/Triton kernel language --------------===//
//
// Turns a whole Python source file into tokens, with Python's INDENT/DEDENT
// and NEWLINE tokens (no NEWLINE inside brackets or after a backslash).
// The whole file is lexed, host code included, so the parser can skip it.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_FRONTEND_LEXER_H
#define TILEC_FRONTEND_LEXER_H

#include "tilec/Support/Diagnostics.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tilec {

enum class Tok {
  Eof,
  Newline,
  Indent,
  Dedent,
  Name,
  Keyword, // and, or, not, if, elif, else, for, in, while, def, return, ...
  Int,
  Float,
  String,
  Op, // operators and delimiters, spelled in `text`
  Error,
};

struct Token {
  Tok kind = Tok::Eof;
  std::string text; // spelling (for String: the decoded value)
  SourceLoc loc;
  unsigned length = 1; // columns covered, for carets
  uint64_t intValue = 0;
  bool intOverflow = false; // integer literal does not fit in 64 bits
  double floatValue = 0;
  bool formatted = false; // String: an f-string (its `text` unformatted)

  bool is(Tok k) const { return kind == k; }
  bool isOp(const char *s) const { return kind == Tok::Op && text == s; }
  bool isKeyword(const char *s) const {
    return kind == Tok::Keyword && text == s;
  }
};

/// Lexes `file` completely; errors go to `diags`. Always ends with Eof.
std::vector<Token> lex(const SourceFile &file, DiagnosticEngine &diags);

} // namespace tilec

#endif // TILEC_FRONTEND_LEXER_H
