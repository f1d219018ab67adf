//===- Lexer.cpp - Tokens of the Python/Triton kernel language ------------===//

#include "tilec/Frontend/Lexer.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/Format.h"

#include <cerrno>
#include <cstdlib>

using namespace tilec;

namespace {

// ASCII only: non-ASCII identifier characters go through identCharLen().
bool isIdentStart(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool isIdentChar(unsigned char c) {
  return isIdentStart(c) || (c >= '0' && c <= '9');
}

bool isKeyword(llvm::StringRef s) {
  return llvm::StringSwitch<bool>(s)
      .Cases("and", "or", "not", "if", "elif", "else", "for", "in", true)
      .Cases("while", "def", "return", "pass", "break", "continue", true)
      .Cases("True", "False", "None", "is", "lambda", "class", "import", true)
      .Cases("from", "as", "with", "try", "except", "finally", "raise", true)
      .Cases("global", "nonlocal", "del", "assert", "yield", "async", true)
      .Case("await", true)
      .Default(false);
}

/// Operators, longest first so that maximal munch works.
const char *const kOps[] = {
    "**=", "//=", ">>=", "<<=", "...", "->", ":=", "**", "//", "<<", ">>", "<=",
    ">=",  "==",  "!=",  "+=",  "-=",  "*=", "/=", "%=", "&=", "|=", "^=", "@=",
    "+",   "-",   "*",   "/",   "%",   "@",  "&",  "|",  "^",  "~",  "<",  ">",
    "(",   ")",   "[",   "]",   "{",   "}",  ",",  ":",  ".",  ";",  "=",
};

class Lexer {
public:
  Lexer(const SourceFile &file, DiagnosticEngine &diags)
      : src(file.text()), diags(diags), fileId(diags.fileId(file)) {}

  std::vector<Token> run();

private:
  SourceLoc here() const { return {line, col, fileId}; }
  char peek(size_t k = 0) const {
    return pos + k < src.size() ? src[pos + k] : '\0';
  }
  void advance() {
    if (pos >= src.size())
      return;
    if (src[pos] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
    ++pos;
  }
  void push(Tok kind, std::string text, SourceLoc loc, unsigned length) {
    Token t;
    t.kind = kind;
    t.text = std::move(text);
    t.loc = loc;
    t.length = length ? length : 1;
    toks.push_back(std::move(t));
  }
  void error(SourceLoc loc, const llvm::Twine &msg, unsigned len = 1) {
    diags.error(loc, msg, len);
  }

  bool handleLineStart();
  void lexNumber();
  void lexString(size_t prefixLen);

  llvm::StringRef src;
  DiagnosticEngine &diags;
  unsigned fileId;
  size_t pos = 0;
  unsigned line = 1, col = 1;
  std::vector<Token> toks;
  /// Indentation widths of the open blocks, measured with tabs to multiples
  /// of 8 (`first`) and with tabs as one column (`second`), as CPython does:
  /// where the two disagree about an indent or dedent, the meaning depends on
  /// the tab size and the line is rejected.
  std::vector<std::pair<unsigned, unsigned>> indents{{0, 0}};
  /// Length in bytes of the identifier character at `pos + k` (ASCII letter,
  /// digit or '_', or a non-ASCII code point that is not punctuation or
  /// space); 0 if there is none.
  unsigned identCharLen(size_t k = 0) const;
  /// Reports the non-ASCII (or invalid UTF-8) character at `pos` and skips it.
  void lexBadUnicode();
  struct OpenBracket {
    char c;
    SourceLoc loc;
    size_t token; // index in toks
  };
  std::vector<OpenBracket> brackets;
  /// Turns a bracket token the lexer has reported into an Error token, so the
  /// parser does not report the same problem again as a syntax error.
  void markReported(size_t token) {
    toks[token].kind = Tok::Error;
    toks[token].text.clear();
  }
};

/// At the start of a logical line: measures indentation and emits
/// INDENT/DEDENT. Returns false if the line is blank or a comment.
bool Lexer::handleLineStart() {
  unsigned width = 0, altWidth = 0;
  while (peek() == ' ' || peek() == '\t' || peek() == '\f') {
    if (peek() == '\t') {
      width = (width / 8 + 1) * 8;
      ++altWidth;
    } else if (peek() == ' ') {
      ++width;
      ++altWidth;
    } else { // form feed resets the column, as in CPython
      width = altWidth = 0;
    }
    advance();
  }
  char c = peek();
  if (c == '\n' || c == '#' || c == '\r' || pos >= src.size())
    return false; // blank line: indentation does not count
  auto inconsistent = [&] {
    error(here(), "inconsistent use of tabs and spaces in indentation");
  };
  if (width > indents.back().first) {
    if (altWidth <= indents.back().second)
      inconsistent();
    indents.push_back({width, altWidth});
    push(Tok::Indent, "", here(), 1);
  } else {
    while (width < indents.back().first) {
      indents.pop_back();
      push(Tok::Dedent, "", here(), 1);
    }
    if (width != indents.back().first) {
      error(here(), "unindent does not match any outer indentation level");
      indents.push_back({width, altWidth});
    } else if (altWidth != indents.back().second) {
      inconsistent();
    }
  }
  return true;
}

/// Code points that Python does not accept in identifiers but that editors
/// and word processors like to produce: no-break and other spaces, dashes,
/// typographic quotes, math and arrow symbols, CJK and full-width
/// punctuation, the byte order mark.
static bool isUnicodePunctuation(uint32_t cp) {
  return (cp >= 0x80 && cp <= 0xBF) || cp == 0xD7 || cp == 0xF7 ||
         (cp >= 0x2000 && cp <= 0x2BFF) || (cp >= 0x3000 && cp <= 0x303F) ||
         (cp >= 0xFE10 && cp <= 0xFE6F) || cp == 0xFEFF ||
         (cp >= 0xFF01 && cp <= 0xFF0F) || (cp >= 0xFF1A && cp <= 0xFF20) ||
         (cp >= 0xFF3B && cp <= 0xFF40) || (cp >= 0xFF5B && cp <= 0xFF65) ||
         (cp >= 0xFFF0 && cp <= 0xFFFF);
}

/// Decodes the UTF-8 sequence at the start of `s`; returns its length in
/// bytes, or 0 if it is not valid UTF-8.
static unsigned decodeUTF8(llvm::StringRef s, uint32_t &cp) {
  if (s.empty())
    return 0;
  auto *begin = reinterpret_cast<const llvm::UTF8 *>(s.data());
  unsigned n = llvm::getNumBytesForUTF8(*begin);
  if (n > s.size() || !llvm::isLegalUTF8Sequence(begin, begin + n))
    return 0;
  const llvm::UTF8 *p = begin;
  llvm::UTF32 out;
  if (llvm::convertUTF8Sequence(&p, begin + n, &out, llvm::strictConversion) !=
      llvm::conversionOK)
    return 0;
  cp = out;
  return n;
}

unsigned Lexer::identCharLen(size_t k) const {
  unsigned char c = peek(k);
  if (c < 0x80)
    return isIdentChar(c) ? 1 : 0;
  if (pos + k >= src.size())
    return 0;
  uint32_t cp;
  unsigned n = decodeUTF8(src.substr(pos + k), cp);
  if (!n || isUnicodePunctuation(cp))
    return 0;
  return n;
}

void Lexer::lexBadUnicode() {
  SourceLoc loc = here();
  uint32_t cp;
  unsigned n = decodeUTF8(src.substr(pos), cp);
  if (!n) {
    std::string msg;
    llvm::raw_string_ostream os(msg);
    os << "invalid UTF-8 byte 0x"
       << llvm::format_hex_no_prefix((unsigned char)peek(), 2, /*Upper=*/true)
       << " in source";
    error(loc, os.str());
    push(Tok::Error, "", loc, 1);
    advance();
    return;
  }
  std::string msg;
  llvm::raw_string_ostream os(msg);
  os << "invalid character '" << src.substr(pos, n) << "' (U+"
     << llvm::format_hex_no_prefix(cp, 4, /*Upper=*/true) << ") in source";
  error(loc, os.str(), n);
  push(Tok::Error, "", loc, n);
  for (unsigned i = 0; i < n; ++i)
    advance();
}

void Lexer::lexNumber() {
  SourceLoc loc = here();
  size_t begin = pos;
  bool isFloat = false;
  int base = 10;
  if (peek() == '0' && (peek(1) == 'x' || peek(1) == 'X' || peek(1) == 'o' ||
                        peek(1) == 'O' || peek(1) == 'b' || peek(1) == 'B')) {
    char b = peek(1) | 0x20;
    base = b == 'x' ? 16 : b == 'o' ? 8 : 2;
    advance();
    advance();
    while (isIdentChar(peek()))
      advance();
  } else {
    while (isdigit((unsigned char)peek()) || peek() == '_')
      advance();
    if (peek() == '.' && peek(1) != '.') {
      isFloat = true;
      advance();
      while (isdigit((unsigned char)peek()) || peek() == '_')
        advance();
    }
    if (peek() == 'e' || peek() == 'E') {
      size_t save = pos;
      unsigned saveCol = col;
      advance();
      if (peek() == '+' || peek() == '-')
        advance();
      if (isdigit((unsigned char)peek())) {
        isFloat = true;
        while (isdigit((unsigned char)peek()) || peek() == '_')
          advance();
      } else {
        pos = save;
        col = saveCol;
      }
    }
    if (peek() == 'j' || peek() == 'J') {
      advance();
      // Valid Python, so host code may use it: the parser reports it only
      // if a jit function does (an Error token's text is its message).
      push(Tok::Error, "complex literals are not supported in jit functions",
           loc, pos - begin);
      return;
    }
  }
  std::string text = src.substr(begin, pos - begin).str();
  unsigned len = pos - begin;
  if (isIdentChar(peek())) {
    while (isIdentChar(peek()))
      advance();
    error(loc,
          "invalid numeric literal '" + src.substr(begin, pos - begin) + "'",
          pos - begin);
    push(Tok::Error, "", loc, pos - begin);
    return;
  }
  std::string digits;
  for (char c : text)
    if (c != '_')
      digits.push_back(c);
  Token t;
  t.loc = loc;
  t.length = len;
  t.text = text;
  if (isFloat) {
    t.kind = Tok::Float;
    t.floatValue = std::strtod(digits.c_str(), nullptr);
  } else {
    t.kind = Tok::Int;
    const char *d = digits.c_str() + (base == 10 ? 0 : 2);
    if (!*d || (base != 10 && !isxdigit((unsigned char)*d))) {
      error(loc, "invalid numeric literal '" + text + "'", len);
      t.kind = Tok::Error;
      t.text.clear(); // reported: the parser must not report it again
    } else {
      char *end = nullptr;
      errno = 0;
      unsigned long long v = std::strtoull(d, &end, base);
      if (*end) {
        error(loc, "invalid numeric literal '" + text + "'", len);
        t.kind = Tok::Error;
        t.text.clear();
      }
      t.intOverflow = errno == ERANGE;
      t.intValue = v;
    }
  }
  toks.push_back(std::move(t));
}

void Lexer::lexString(size_t prefixLen) {
  SourceLoc loc = here();
  std::string prefix = src.substr(pos, prefixLen).lower();
  bool raw = prefix.find('r') != std::string::npos;
  for (size_t i = 0; i < prefixLen; ++i)
    advance();
  char q = peek();
  bool triple = peek(1) == q && peek(2) == q;
  for (int i = 0; i < (triple ? 3 : 1); ++i)
    advance();
  std::string value;
  while (true) {
    if (pos >= src.size()) {
      error(loc, triple ? "unterminated triple-quoted string literal"
                        : "unterminated string literal");
      push(Tok::Error, "", loc, 1);
      return;
    }
    char c = peek();
    if (!triple && c == '\n') {
      error(loc, "unterminated string literal");
      push(Tok::Error, "", loc, 1);
      return;
    }
    if (c == q && (!triple || (peek(1) == q && peek(2) == q))) {
      for (int i = 0; i < (triple ? 3 : 1); ++i)
        advance();
      break;
    }
    if (c == '\\' && pos + 1 < src.size()) {
      char n = peek(1);
      advance();
      advance();
      if (raw) {
        value.push_back('\\');
        value.push_back(n);
        continue;
      }
      switch (n) {
      case 'n':
        value.push_back('\n');
        break;
      case 't':
        value.push_back('\t');
        break;
      case '\\':
        value.push_back('\\');
        break;
      case '\'':
        value.push_back('\'');
        break;
      case '"':
        value.push_back('"');
        break;
      case '\n':
        break;
      default:
        value.push_back('\\');
        value.push_back(n);
      }
      continue;
    }
    value.push_back(c);
    advance();
  }
  unsigned len = loc.line == line ? col - loc.col : 1;
  push(Tok::String, value, loc, len);
  toks.back().formatted = prefix.find('f') != std::string::npos;
}

std::vector<Token> Lexer::run() {
  bool atLineStart = true;
  if (src.starts_with("\xEF\xBB\xBF")) // UTF-8 byte order mark
    for (int i = 0; i < 3; ++i)
      advance();
  while (true) {
    if (atLineStart && brackets.empty()) {
      if (!handleLineStart()) {
        // Blank or comment-only line: skip it entirely.
        while (pos < src.size() && peek() != '\n')
          advance();
        if (pos >= src.size())
          break;
        advance();
        continue;
      }
      atLineStart = false;
    }
    if (pos >= src.size())
      break;
    char c = peek();
    SourceLoc loc = here();
    if (c == ' ' || c == '\t' || c == '\f' || c == '\r') {
      advance();
      continue;
    }
    if (c == '#') {
      while (pos < src.size() && peek() != '\n')
        advance();
      continue;
    }
    if (c == '\n') {
      if (pos > 0 && src[pos - 1] == '\r' && loc.col > 1)
        --loc.col; // CRLF: the line ends where the '\r' is
      advance();
      if (brackets.empty()) {
        if (!toks.empty() && !toks.back().is(Tok::Newline) &&
            !toks.back().is(Tok::Indent) && !toks.back().is(Tok::Dedent))
          push(Tok::Newline, "", loc, 1);
        atLineStart = true;
      }
      continue;
    }
    if (c == '\\' &&
        (peek(1) == '\n' || (peek(1) == '\r' && peek(2) == '\n'))) {
      advance();
      if (peek() == '\r')
        advance();
      advance();
      continue;
    }
    // String literals, with optional prefixes (r, b, u, f and pairs).
    {
      size_t k = 0;
      while (k < 2 && (peek(k) == 'r' || peek(k) == 'R' || peek(k) == 'b' ||
                       peek(k) == 'B' || peek(k) == 'u' || peek(k) == 'U' ||
                       peek(k) == 'f' || peek(k) == 'F'))
        ++k;
      if (peek(k) == '\'' || peek(k) == '"') {
        lexString(k);
        continue;
      }
    }
    if (isIdentStart((unsigned char)c) ||
        ((unsigned char)c >= 0x80 && identCharLen())) {
      size_t begin = pos;
      while (unsigned n = identCharLen())
        for (unsigned i = 0; i < n; ++i)
          advance();
      std::string word = src.substr(begin, pos - begin).str();
      push(isKeyword(word) ? Tok::Keyword : Tok::Name, word, loc, pos - begin);
      continue;
    }
    if (isdigit((unsigned char)c) ||
        (c == '.' && isdigit((unsigned char)peek(1)))) {
      lexNumber();
      continue;
    }
    bool matched = false;
    for (const char *op : kOps) {
      size_t n = strlen(op);
      if (src.substr(pos, n) == op) {
        for (size_t i = 0; i < n; ++i)
          advance();
        push(Tok::Op, op, loc, n);
        matched = true;
        if (n == 1 && (c == '(' || c == '[' || c == '{')) {
          brackets.push_back({c, loc, toks.size() - 1});
        } else if (n == 1 && (c == ')' || c == ']' || c == '}')) {
          char open = c == ')' ? '(' : c == ']' ? '[' : '{';
          if (brackets.empty()) {
            error(loc, llvm::Twine("unmatched '") + llvm::Twine(c) + "'");
            markReported(toks.size() - 1);
          } else if (brackets.back().c != open) {
            error(loc, llvm::Twine("closing bracket '") + llvm::Twine(c) +
                           "' does not match opening bracket '" +
                           llvm::Twine(brackets.back().c) + "'");
            markReported(toks.size() - 1);
            brackets.pop_back();
          } else {
            brackets.pop_back();
          }
        }
        break;
      }
    }
    if (matched)
      continue;
    if ((unsigned char)c >= 0x80) {
      lexBadUnicode();
      continue;
    }
    if (c == '\\') {
      if (pos + 1 >= src.size())
        error(loc, "unexpected end of file after line continuation character");
      else
        error(loc, "unexpected character after line continuation character");
      push(Tok::Error, "", loc, 1);
      advance();
      continue;
    }
    if (c == '\0')
      error(loc, "unexpected null byte in source");
    else if ((unsigned char)c < 0x20 || c == 0x7f)
      error(loc, "unexpected control character in source");
    else
      error(loc, llvm::Twine("invalid character '") + llvm::Twine(c) +
                     "' in source");
    push(Tok::Error, "", loc, 1);
    advance();
  }
  // An unclosed bracket joins the rest of the file into one logical line;
  // the parser's complaints about that line would only repeat this error.
  for (auto &b : brackets) {
    error(b.loc, llvm::Twine("'") + llvm::Twine(b.c) + "' was never closed");
    markReported(b.token);
  }
  brackets.clear();
  // Tokens synthesized at the end of the file point just past the last real
  // token, so an error there ("found end of file") shows a source line.
  SourceLoc end = here();
  for (auto it = toks.rbegin(); it != toks.rend(); ++it) {
    if (it->is(Tok::Newline) || it->is(Tok::Indent) || it->is(Tok::Dedent))
      continue;
    end = {it->loc.line, it->loc.col + it->length};
    break;
  }
  if (!toks.empty() && !toks.back().is(Tok::Newline) &&
      !toks.back().is(Tok::Dedent))
    push(Tok::Newline, "", end, 1);
  while (indents.size() > 1) {
    indents.pop_back();
    push(Tok::Dedent, "", end, 1);
  }
  push(Tok::Eof, "", end, 1);
  return std::move(toks);
}

} // namespace

std::vector<Token> tilec::lex(const SourceFile &file, DiagnosticEngine &diags) {
  return Lexer(file, diags).run();
}
