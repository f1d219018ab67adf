//===- Diagnostics.cpp - Source files and compiler-style diagnostics ------===//

#include "tilec/Support/Diagnostics.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/ConvertUTF.h"

using namespace tilec;

SourceFile::SourceFile(std::string name, std::string text)
    : name_(std::move(name)), text_(std::move(text)) {
  lineStarts_.push_back(0);
  for (size_t i = 0; i < text_.size(); ++i)
    if (text_[i] == '\n')
      lineStarts_.push_back(i + 1);
}

llvm::StringRef SourceFile::lineText(unsigned line) const {
  if (line == 0 || line > lineStarts_.size())
    return {};
  size_t begin = lineStarts_[line - 1];
  size_t end = line < lineStarts_.size() ? lineStarts_[line] - 1 : text_.size();
  llvm::StringRef s(text_.data() + begin, end - begin);
  return s.rtrim("\r");
}

unsigned DiagnosticEngine::fileId(const SourceFile &file) {
  for (unsigned i = 0; i < files_.size(); ++i)
    if (files_[i] == &file)
      return i;
  files_.push_back(&file);
  return files_.size() - 1;
}

std::optional<unsigned>
DiagnosticEngine::fileIdByName(llvm::StringRef name) const {
  for (unsigned i = 0; i < files_.size(); ++i)
    if (files_[i]->name() == name)
      return i;
  return std::nullopt;
}

void DiagnosticEngine::error(SourceLoc loc, const llvm::Twine &message,
                             unsigned length) {
  report(Severity::Error, loc, message, length);
}
void DiagnosticEngine::warning(SourceLoc loc, const llvm::Twine &message,
                               unsigned length) {
  report(Severity::Warning, loc, message, length);
}
void DiagnosticEngine::note(SourceLoc loc, const llvm::Twine &message,
                            unsigned length) {
  report(Severity::Note, loc, message, length);
}

void DiagnosticEngine::report(Severity sev, SourceLoc loc,
                              const llvm::Twine &message, unsigned length) {
  if (suppressed_) {
    if (sev == Severity::Error)
      ++suppressedErrors_;
    return;
  }
  if (sev == Severity::Error)
    ++numErrors_;
  diags_.push_back({sev, loc, message.str()});
  if (sev == Severity::Error && numErrors_ > kMaxPrintedErrors) {
    if (!truncatedNoticePrinted_) {
      os_ << file().name()
          << ": note: too many errors; further errors are not printed\n";
      truncatedNoticePrinted_ = true;
    }
    return;
  }
  if (sev != Severity::Error && numErrors_ > kMaxPrintedErrors)
    return;
  const char *label = sev == Severity::Error     ? "error"
                      : sev == Severity::Warning ? "warning"
                                                 : "note";
  const SourceFile &file_ = file(loc.file);
  os_ << file_.name() << ":";
  if (loc.line)
    os_ << loc.line << ":" << loc.col << ":";
  os_ << " " << label << ": " << message << "\n";
  llvm::StringRef line = file_.lineText(loc.line);
  if (!loc.line || (line.empty() && loc.col <= 1))
    return;
  // Print the line with control bytes and invalid UTF-8 replaced by '?', so
  // binary input cannot garble the terminal, then the caret under the
  // culprit. Columns count bytes; the caret line counts characters, so it
  // lines up under UTF-8 text.
  std::string shown, caret;
  std::vector<bool> startsChar(line.size() + 1, true);
  for (size_t i = 0; i < line.size();) {
    unsigned char c = line[i];
    if (c < 0x80) {
      shown.push_back(c == '\t' || (c >= 0x20 && c < 0x7f) ? char(c) : '?');
      ++i;
      continue;
    }
    auto *p = reinterpret_cast<const llvm::UTF8 *>(line.data() + i);
    unsigned n = llvm::getNumBytesForUTF8(c);
    if (i + n <= line.size() && llvm::isLegalUTF8Sequence(p, p + n)) {
      shown.append(line.data() + i, n);
      for (unsigned k = 1; k < n; ++k)
        startsChar[i + k] = false;
      i += n;
    } else {
      shown.push_back('?');
      ++i;
    }
  }
  os_ << shown << "\n";
  unsigned col = loc.col ? loc.col : 1;
  for (unsigned i = 1; i < col; ++i) {
    if (i - 1 < line.size() && !startsChar[i - 1])
      continue;
    caret.push_back(i - 1 < line.size() && line[i - 1] == '\t' ? '\t' : ' ');
  }
  caret.push_back('^');
  for (unsigned i = 1; i < length && col - 1 + i < line.size(); ++i)
    if (startsChar[col - 1 + i])
      caret.push_back('~');
  os_ << caret << "\n";
}
