//===- Diagnostics.h - Source files and compiler-style diagnostics --------===//
//
// Every user-facing error of tilec is printed as
//   file:line:col: error: message
//   <the source line>
//        ^~~~
// and counted, so a driver can report several errors and exit with 1.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_SUPPORT_DIAGNOSTICS_H
#define TILEC_SUPPORT_DIAGNOSTICS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace tilec {

/// A position in a source buffer; line and column are 1-based, 0 means
/// unknown. `file` is the buffer's number in its DiagnosticEngine (0: the
/// engine's first file).
struct SourceLoc {
  unsigned line = 0;
  unsigned col = 0;
  unsigned file = 0;
};

/// A named buffer of source text with a line index.
class SourceFile {
public:
  SourceFile(std::string name, std::string text);
  llvm::StringRef name() const { return name_; }
  llvm::StringRef text() const { return text_; }
  /// The text of line `line` (1-based) without its newline; empty if out of
  /// range.
  llvm::StringRef lineText(unsigned line) const;

private:
  std::string name_;
  std::string text_;
  std::vector<size_t> lineStarts_;
};

enum class Severity { Error, Warning, Note };

/// One reported diagnostic, kept so tests and APIs can inspect them.
struct Diagnostic {
  Severity severity;
  SourceLoc loc;
  std::string message;
};

/// Collects and prints diagnostics for a source file and the files it
/// imports (SourceLoc::file says which).
class DiagnosticEngine {
public:
  DiagnosticEngine(const SourceFile &file, llvm::raw_ostream &os)
      : files_{&file}, os_(os) {}

  /// The number of `file` in this engine, added if it is new.
  unsigned fileId(const SourceFile &file);
  /// The number of the file named `name`, if it is one of the engine's.
  std::optional<unsigned> fileIdByName(llvm::StringRef name) const;

  /// Reports an error at `loc`; `length` is the number of columns to underline.
  void error(SourceLoc loc, const llvm::Twine &message, unsigned length = 1);
  void warning(SourceLoc loc, const llvm::Twine &message, unsigned length = 1);
  void note(SourceLoc loc, const llvm::Twine &message, unsigned length = 1);

  unsigned numErrors() const { return numErrors_; }
  /// While suppressed (for speculative parsing), diagnostics are neither
  /// printed nor counted, except in suppressedErrors().
  void setSuppressed(bool s) {
    suppressed_ = s;
    if (s)
      suppressedErrors_ = 0;
  }
  unsigned suppressedErrors() const { return suppressedErrors_; }
  bool suppressed() const { return suppressed_; }
  bool hasErrors() const { return numErrors_ != 0; }
  const std::vector<Diagnostic> &diagnostics() const { return diags_; }
  const SourceFile &file(unsigned id = 0) const {
    return *files_[id < files_.size() ? id : 0];
  }

  /// Errors after this many are counted but not printed.
  static constexpr unsigned kMaxPrintedErrors = 50;

private:
  void report(Severity sev, SourceLoc loc, const llvm::Twine &message,
              unsigned length);

  std::vector<const SourceFile *> files_;
  llvm::raw_ostream &os_;
  unsigned numErrors_ = 0;
  bool truncatedNoticePrinted_ = false;
  bool suppressed_ = false;
  unsigned suppressedErrors_ = 0;
  std::vector<Diagnostic> diags_;
};

} // namespace tilec

#endif // TILEC_SUPPORT_DIAGNOSTICS_H
