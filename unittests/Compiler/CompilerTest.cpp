//===- CompilerTest.cpp - End-to-end tests of tilec::Compiler -------------===//

#include "tilec/Compiler/Compiler.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/MemoryBuffer.h"

#include <gtest/gtest.h>

#include <string>

using namespace tilec;

namespace {

const char *kAddKernel = R"py(import triton
import triton.language as tl

@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    """Elementwise add."""
    pid = tl.program_id(axis=0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x + y, mask=mask)

def host(x, y):
    return x + y
)py";

std::string str(mlir::ModuleOp m) {
  std::string s;
  llvm::raw_string_ostream os(s);
  m.print(os);
  os.flush();
  return s;
}

TEST(CompilerTest, SmallKernelCompiles) {
  Compiler c;
  std::string errs;
  llvm::raw_string_ostream os(errs);
  ParsedSource src = c.parse("add.py", kAddKernel, os);
  ASSERT_EQ(src.numErrors, 0u) << errs;
  ASSERT_EQ(src.module->functions.size(), 1u);
  EXPECT_EQ(src.module->functions[0]->docstring, "Elementwise add.");

  CompileOptions opts;
  opts.kernel = "add_kernel";
  opts.signature = "*fp32:16, *fp32:16, *fp32:16, i32, 1024";
  auto module = c.compileToTile(src, opts, os);
  os.flush();
  ASSERT_TRUE(module) << errs;
  EXPECT_EQ(errs, "");
  EXPECT_TRUE(mlir::succeeded(mlir::verify(*module)));

  auto fn = module->lookupSymbol<mlir::func::FuncOp>("add_kernel");
  ASSERT_TRUE(fn);
  EXPECT_TRUE(fn->hasAttr("tile.kernel"));
  // The constexpr is folded in: four runtime arguments remain.
  EXPECT_EQ(fn.getNumArguments(), 4u);
  EXPECT_EQ(fn.getFunctionType().getNumResults(), 0u);
  auto warps = (*module)->getAttrOfType<mlir::IntegerAttr>("tile.num_warps");
  ASSERT_TRUE(warps);
  EXPECT_EQ(warps.getInt(), 4);

  std::string ir = str(*module);
  EXPECT_NE(ir.find("tile.program_id"), std::string::npos) << ir;
  EXPECT_NE(ir.find("tile.make_range"), std::string::npos) << ir;
  EXPECT_NE(ir.find("tile.load"), std::string::npos) << ir;
  EXPECT_NE(ir.find("tile.store"), std::string::npos) << ir;
  EXPECT_NE(ir.find("1024"), std::string::npos) << ir;
}

TEST(CompilerTest, SameSourceCompilesForTwoSignatures) {
  Compiler c;
  std::string errs;
  llvm::raw_string_ostream os(errs);
  ParsedSource src = c.parse("add.py", kAddKernel, os);
  CompileOptions opts;
  opts.kernel = "add_kernel";
  opts.signature = "*fp16:16, *fp16:16, *fp16:16, i32, 256";
  opts.numWarps = 8;
  opts.optimize = false;
  auto m1 = c.compileToTile(src, opts, os);
  opts.signature = "*fp32, *fp32, *fp32, i64, 64";
  auto m2 = c.compileToTile(src, opts, os);
  os.flush();
  ASSERT_TRUE(m1) << errs;
  ASSERT_TRUE(m2) << errs;
  EXPECT_NE(str(*m1).find("f16"), std::string::npos);
  EXPECT_EQ(str(*m2).find("f16"), std::string::npos);
  EXPECT_EQ((*m1)->getAttrOfType<mlir::IntegerAttr>("tile.num_warps").getInt(),
            8);
}

TEST(CompilerTest, UndefinedNameFails) {
  Compiler c;
  std::string errs;
  llvm::raw_string_ostream os(errs);
  ParsedSource src = c.parse("bad.py",
                             "@triton.jit\n"
                             "def k(x_ptr):\n"
                             "    tl.store(x_ptr, undefined_thing)\n",
                             os);
  ASSERT_EQ(src.numErrors, 0u) << errs;
  CompileOptions opts;
  opts.kernel = "k";
  opts.signature = "*fp32";
  auto module = c.compileToTile(src, opts, os);
  os.flush();
  EXPECT_FALSE(module);
  EXPECT_NE(errs.find("bad.py:3:21: error: name 'undefined_thing' is not "
                      "defined\n"
                      "    tl.store(x_ptr, undefined_thing)\n"
                      "                    ^~~~~~~~~~~~~~~\n"),
            std::string::npos)
      << errs;
}

TEST(CompilerTest, ParseErrorsStopCompilation) {
  Compiler c;
  std::string errs;
  llvm::raw_string_ostream os(errs);
  ParsedSource src =
      c.parse("bad.py", "@triton.jit\ndef k(x):\n    y = (1 +\n", os);
  EXPECT_GT(src.numErrors, 0u);
  std::string afterParse = errs;
  EXPECT_NE(afterParse.find("bad.py:"), std::string::npos);
  CompileOptions opts;
  opts.kernel = "k";
  opts.signature = "i32";
  EXPECT_FALSE(c.compileToTile(src, opts, os));
}

TEST(CompilerTest, UnknownKernelListsTheDefinedOnes) {
  Compiler c;
  std::string errs;
  llvm::raw_string_ostream os(errs);
  ParsedSource src = c.parse("add.py", kAddKernel, os);
  CompileOptions opts;
  opts.kernel = "nope";
  opts.signature = "i32";
  EXPECT_FALSE(c.compileToTile(src, opts, os));
  os.flush();
  EXPECT_EQ(errs, "add.py: error: no @triton.jit function named 'nope' "
                  "(defined: add_kernel)\n");
}

TEST(CompilerTest, SignatureErrorsPointIntoTheSignature) {
  Compiler c;
  std::string errs;
  llvm::raw_string_ostream os(errs);
  ParsedSource src = c.parse("add.py", kAddKernel, os);
  CompileOptions opts;
  opts.kernel = "add_kernel";
  opts.signature = "*fp32:16, *fp32:16, *fp32:16, i32, 1024, i32";
  EXPECT_FALSE(c.compileToTile(src, opts, os));
  os.flush();
  EXPECT_NE(errs.find("<signature>:1:42: error: signature has 6 entries but "
                      "kernel 'add_kernel' has 5 parameters"),
            std::string::npos)
      << errs;

  errs.clear();
  opts.signature = "*fp32:16, *fp32:16, *fp32:16, i32, i32";
  EXPECT_FALSE(c.compileToTile(src, opts, os));
  os.flush();
  EXPECT_NE(errs.find("<signature>:1:36: error: parameter 'BLOCK' is "
                      "tl.constexpr: the signature must give its value"),
            std::string::npos)
      << errs;

  errs.clear();
  opts.signature = "*fp32:16, *fp32:16, *fp32:16, i32";
  EXPECT_FALSE(c.compileToTile(src, opts, os));
  os.flush();
  EXPECT_NE(errs.find("signature has 4 entries but kernel 'add_kernel' has 5 "
                      "parameters; missing a value for 'BLOCK'"),
            std::string::npos)
      << errs;

  errs.clear();
  opts.signature = "*fp32:16, *fp32:16, *fp32:16, int, 1024";
  EXPECT_FALSE(c.compileToTile(src, opts, os));
  os.flush();
  EXPECT_NE(errs.find("<signature>:1:31: error: unknown type 'int'"),
            std::string::npos)
      << errs;
}

TEST(CompilerTest, InvalidNumWarps) {
  Compiler c;
  std::string errs;
  llvm::raw_string_ostream os(errs);
  ParsedSource src = c.parse("add.py", kAddKernel, os);
  CompileOptions opts;
  opts.kernel = "add_kernel";
  opts.signature = "*fp32:16, *fp32:16, *fp32:16, i32, 1024";
  opts.numWarps = 3;
  EXPECT_FALSE(c.compileToTile(src, opts, os));
  os.flush();
  EXPECT_EQ(errs, "tilec: error: --num-warps must be a power of two from 1 to "
                  "32, got 3\n");
  CompileOptions ok;
  ok.numWarps = 32;
  EXPECT_TRUE(Compiler::validateOptions(ok, llvm::nulls()));
  ok.numWarps = 64;
  EXPECT_FALSE(Compiler::validateOptions(ok, llvm::nulls()));
  ok.numWarps = 0;
  EXPECT_FALSE(Compiler::validateOptions(ok, llvm::nulls()));
}

TEST(CompilerTest, ProgramsPerCTAOption) {
  auto ok = [](llvm::StringRef t) {
    llvm::Expected<int> v = Compiler::parseProgramsPerCTA(t);
    if (!v) {
      llvm::consumeError(v.takeError());
      return -1;
    }
    return *v;
  };
  EXPECT_EQ(ok("auto"), 0);
  EXPECT_EQ(ok("1"), 1);
  EXPECT_EQ(ok("8"), 8);
  for (const char *bad : {"0", "9", "-2", "", "two", "Auto"}) {
    llvm::Expected<int> v = Compiler::parseProgramsPerCTA(bad);
    ASSERT_FALSE(bool(v)) << bad;
    EXPECT_EQ(llvm::toString(v.takeError()),
              std::string("--programs-per-cta must be auto or from 1 to 8, "
                          "got '") +
                  bad + "'");
  }
  // Through the C++ API the value is an int: 0 (auto) to 8.
  CompileOptions o;
  o.programsPerCTA = 8;
  EXPECT_TRUE(Compiler::validateOptions(o, llvm::nulls()));
  o.programsPerCTA = 9;
  std::string errs;
  llvm::raw_string_ostream os(errs);
  EXPECT_FALSE(Compiler::validateOptions(o, os));
  EXPECT_EQ(os.str(), "tilec: error: --programs-per-cta must be auto or from "
                      "1 to 8, got 9\n");
  o.programsPerCTA = -1;
  EXPECT_FALSE(Compiler::validateOptions(o, llvm::nulls()));
  // The launch grid: ceil(programs / n), without overflow near 2^32.
  EXPECT_EQ(ctasForPrograms(4096, 1), 4096u);
  EXPECT_EQ(ctasForPrograms(4096, 0), 4096u);
  EXPECT_EQ(ctasForPrograms(7, 8), 1u);
  EXPECT_EQ(ctasForPrograms(9, 8), 2u);
  EXPECT_EQ(ctasForPrograms(5, 3), 2u);
  EXPECT_EQ(ctasForPrograms(6, 3), 2u);
  EXPECT_EQ(ctasForPrograms(0xFFFFFFFFu, 2), 0x80000000u);
}

TEST(CompilerTest, HelperFunctionsAreInlined) {
  Compiler c;
  std::string errs;
  llvm::raw_string_ostream os(errs);
  ParsedSource src = c.parse("h.py",
                             "@triton.jit\n"
                             "def twice(x):\n"
                             "    return x * 2\n"
                             "@triton.jit\n"
                             "def k(p, B: tl.constexpr):\n"
                             "    o = tl.arange(0, B)\n"
                             "    tl.store(p + o, twice(tl.load(p + o)))\n",
                             os);
  CompileOptions opts;
  opts.kernel = "k";
  opts.signature = "*fp32:16, 128";
  auto module = c.compileToTile(src, opts, os);
  os.flush();
  ASSERT_TRUE(module) << errs;
  // One function only: the helper is inlined, not called.
  unsigned funcs = 0;
  module->walk([&](mlir::func::FuncOp) { ++funcs; });
  EXPECT_EQ(funcs, 1u);
  EXPECT_EQ(str(*module).find("call"), std::string::npos);
}

TEST(CompilerTest, SeedExamplesCompile) {
  struct Case {
    const char *file, *kernel, *sig;
  } cases[] = {
      {"gelu.py", "triton_gelu_kernel", "*fp32:16, *fp32:16, i32, 1024"},
      {"row_sum.py", "row_sum_kernel", "*fp32:16, *fp32:16, i32, 1024"},
      {"softmax.py", "softmax_kernel",
       "*fp32:16, *fp32:16, i32, i32, i32, 1024"},
  };
  for (const Case &k : cases) {
    std::string path = std::string(TILEC_SOURCE_DIR) + "/examples/" + k.file;
    auto buf = llvm::MemoryBuffer::getFile(path);
    ASSERT_TRUE(bool(buf)) << path;
    Compiler c;
    std::string errs;
    llvm::raw_string_ostream os(errs);
    ParsedSource src = c.parse(k.file, (*buf)->getBuffer().str(), os);
    CompileOptions opts;
    opts.kernel = k.kernel;
    opts.signature = k.sig;
    auto module = c.compileToTile(src, opts, os);
    os.flush();
    EXPECT_TRUE(module) << k.file << ":\n" << errs;
    EXPECT_EQ(errs, "") << k.file;
  }
}

} // namespace
