//===- DiagnosticsTest.cpp - Unit tests of diagnostic formatting ----------===//

#include "tilec/Support/Diagnostics.h"

#include <gtest/gtest.h>

#include <string>

using namespace tilec;

namespace {

TEST(SourceFileTest, LineText) {
  SourceFile f("f.py", "first\nsecond\r\n\nlast");
  EXPECT_EQ(f.name(), "f.py");
  EXPECT_EQ(f.lineText(1), "first");
  EXPECT_EQ(f.lineText(2), "second"); // CR of CRLF dropped
  EXPECT_EQ(f.lineText(3), "");
  EXPECT_EQ(f.lineText(4), "last");
  EXPECT_EQ(f.lineText(0), "");
  EXPECT_EQ(f.lineText(5), "");
  SourceFile t("t.py", "a\n");
  EXPECT_EQ(t.lineText(1), "a");
  EXPECT_EQ(t.lineText(2), "");
}

TEST(DiagnosticsTest, ErrorWithCaretAndUnderline) {
  SourceFile f("f.py", "x = 1\n    y = foo(x)\n");
  std::string out;
  llvm::raw_string_ostream os(out);
  DiagnosticEngine d(f, os);
  d.error({2, 9}, "name 'foo' is not defined", 3);
  os.flush();
  EXPECT_EQ(out, "f.py:2:9: error: name 'foo' is not defined\n"
                 "    y = foo(x)\n"
                 "        ^~~\n");
  EXPECT_EQ(d.numErrors(), 1u);
  EXPECT_TRUE(d.hasErrors());
  ASSERT_EQ(d.diagnostics().size(), 1u);
  EXPECT_EQ(d.diagnostics()[0].severity, Severity::Error);
  EXPECT_EQ(d.diagnostics()[0].loc.line, 2u);
  EXPECT_EQ(d.diagnostics()[0].loc.col, 9u);
  EXPECT_EQ(d.diagnostics()[0].message, "name 'foo' is not defined");
}

TEST(DiagnosticsTest, DefaultLengthIsACaretOnly) {
  SourceFile f("f.py", "abc\n");
  std::string out;
  llvm::raw_string_ostream os(out);
  DiagnosticEngine d(f, os);
  d.error({1, 1}, "m");
  os.flush();
  EXPECT_EQ(out, "f.py:1:1: error: m\nabc\n^\n");
}

TEST(DiagnosticsTest, WarningsAndNotesAreNotErrors) {
  SourceFile f("f.py", "abc\n");
  std::string out;
  llvm::raw_string_ostream os(out);
  DiagnosticEngine d(f, os);
  d.warning({1, 2}, "w", 2);
  d.note({1, 3}, "n");
  os.flush();
  EXPECT_EQ(out, "f.py:1:2: warning: w\nabc\n ^~\n"
                 "f.py:1:3: note: n\nabc\n  ^\n");
  EXPECT_EQ(d.numErrors(), 0u);
  EXPECT_FALSE(d.hasErrors());
  ASSERT_EQ(d.diagnostics().size(), 2u);
  EXPECT_EQ(d.diagnostics()[0].severity, Severity::Warning);
  EXPECT_EQ(d.diagnostics()[1].severity, Severity::Note);
}

TEST(DiagnosticsTest, UnknownLocationPrintsNoLine) {
  SourceFile f("f.py", "abc\n");
  std::string out;
  llvm::raw_string_ostream os(out);
  DiagnosticEngine d(f, os);
  d.error({}, "something global");
  os.flush();
  EXPECT_EQ(out, "f.py: error: something global\n");
}

TEST(DiagnosticsTest, TabsAreKeptInTheCaretLine) {
  SourceFile f("f.py", "\tx = y\n");
  std::string out;
  llvm::raw_string_ostream os(out);
  DiagnosticEngine d(f, os);
  d.error({1, 6}, "m");
  os.flush();
  EXPECT_EQ(out, "f.py:1:6: error: m\n\tx = y\n\t    ^\n");
}

TEST(DiagnosticsTest, ControlBytesAreReplacedInTheEchoedLine) {
  SourceFile f("f.py", std::string("a\x1b[2Jb\0c\n", 9));
  std::string out;
  llvm::raw_string_ostream os(out);
  DiagnosticEngine d(f, os);
  d.error({1, 2}, "m");
  os.flush();
  EXPECT_EQ(out, std::string("f.py:1:2: error: m\na?[2Jb?c\n ^\n"));
}

TEST(DiagnosticsTest, CaretAtEndOfLine) {
  // "expected ':' ..., found end of line" points just past the last column.
  SourceFile f("f.py", "def f(x)\n");
  std::string out;
  llvm::raw_string_ostream os(out);
  DiagnosticEngine d(f, os);
  d.error({1, 9}, "m");
  os.flush();
  EXPECT_EQ(out, "f.py:1:9: error: m\ndef f(x)\n        ^\n");
}

TEST(DiagnosticsTest, UnderlineDoesNotRunFarPastTheLine) {
  SourceFile f("f.py", "abc\n");
  std::string out;
  llvm::raw_string_ostream os(out);
  DiagnosticEngine d(f, os);
  d.error({1, 2}, "m", 100);
  os.flush();
  // The underline stops under the last character of the line.
  EXPECT_EQ(out, "f.py:1:2: error: m\nabc\n ^~\n");
}

TEST(DiagnosticsTest, EmptyLineAtColumnOnePrintsNoCaret) {
  SourceFile f("f.py", "a\n\nb\n");
  std::string out;
  llvm::raw_string_ostream os(out);
  DiagnosticEngine d(f, os);
  d.error({2, 1}, "m");
  os.flush();
  EXPECT_EQ(out, "f.py:2:1: error: m\n");
}

TEST(DiagnosticsTest, TooManyErrorsAreCountedButNotPrinted) {
  SourceFile f("f.py", "x\n");
  std::string out;
  llvm::raw_string_ostream os(out);
  DiagnosticEngine d(f, os);
  unsigned n = DiagnosticEngine::kMaxPrintedErrors + 10;
  for (unsigned i = 0; i < n; ++i)
    d.error({1, 1}, "e" + llvm::Twine(i));
  d.note({1, 1}, "a note after the limit");
  os.flush();
  EXPECT_EQ(d.numErrors(), n);
  EXPECT_EQ(d.diagnostics().size(), n + 1);
  std::string last = "f.py:1:1: error: e" +
                     std::to_string(DiagnosticEngine::kMaxPrintedErrors - 1) +
                     "\nx\n^\n";
  std::string notice =
      "f.py: note: too many errors; further errors are not printed\n";
  ASSERT_GE(out.size(), last.size() + notice.size());
  EXPECT_EQ(out.substr(out.size() - last.size() - notice.size()),
            last + notice);
  EXPECT_EQ(out.find("e" + std::to_string(DiagnosticEngine::kMaxPrintedErrors)),
            std::string::npos);
  EXPECT_EQ(out.find("a note after the limit"), std::string::npos);
}

} // namespace
