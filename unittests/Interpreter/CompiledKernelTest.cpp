//===- CompiledKernelTest.cpp - The interpreter on a CompiledKernel -------===//
//
// The same kernel handle the JIT runtime launches (a CompiledKernel from
// Compiler::compileToPTX) runs on the interpreter through its tile IR.
//
//===----------------------------------------------------------------------===//

#include "Harness.h"

using namespace tilec;
using namespace tilec::interp;
using namespace tilec::interp::test;

namespace {

const char *kSource = R"(import triton
import triton.language as tl

@triton.jit
def axpy(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(axis=0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    y = tl.load(y_ptr + offs, mask=offs < n)
    tl.store(out_ptr + offs, 2.0 * x + y, mask=offs < n)
)";

const CompiledKernel &axpyKernel() {
  static CompiledKernel ck = [] {
    Compiler c;
    ParsedSource src = c.parse("axpy.py", kSource, llvm::errs());
    CompileOptions opts;
    opts.kernel = "axpy";
    opts.signature = "*fp32:16, *fp32:16, *fp32:16, i32, 128";
    CompiledKernel out;
    EXPECT_EQ(src.numErrors, 0u);
    EXPECT_TRUE(src.module && c.compileToPTX(src, opts, out, llvm::errs()));
    return out;
  }();
  return ck;
}

TEST(CompiledKernel, HasTileIR) {
  const CompiledKernel &ck = axpyKernel();
  EXPECT_FALSE(ck.ptx.empty());
  ASSERT_FALSE(ck.tileIR.empty());
  // The specialized tile module (before lowering), with source locations.
  EXPECT_NE(ck.tileIR.find("func.func"), std::string::npos);
  EXPECT_NE(ck.tileIR.find("axpy.py"), std::string::npos);
  EXPECT_EQ(ck.tileIR.find("llvm."), std::string::npos);
}

TEST(CompiledKernel, Interpret) {
  const CompiledKernel &ck = axpyKernel();
  const unsigned n = 300;
  NanArray x(ElemTy::F32, n), y(ElemTy::F32, n), out(ElemTy::F32, n + 4);
  for (unsigned i = 0; i < n; ++i) {
    x.set(i, 0.5 * i);
    y.set(i, 1.0 - i);
  }
  std::vector<HostBuffer> bufs = {hostBuffer(x, "x_ptr"),
                                  hostBuffer(y, "y_ptr"),
                                  hostBuffer(out, "out_ptr")};
  llvm::Error e = interpret(ck, {3, 1, 1},
                            {KernelArg::buf(0), KernelArg::buf(1),
                             KernelArg::buf(2), KernelArg::integer(n)},
                            bufs);
  ASSERT_FALSE(bool(e)) << llvm::toString(std::move(e));
  for (unsigned i = 0; i < n; ++i)
    EXPECT_EQ(out.get(i), 1.0) << i; // 2 * 0.5 i + 1 - i
  for (unsigned i = n; i < n + 4; ++i)
    EXPECT_TRUE(std::isnan(out.get(i))) << i; // not written
}

TEST(CompiledKernel, InterpretReportsSourceLocations) {
  const CompiledKernel &ck = axpyKernel();
  NanArray x(ElemTy::F32, 100), y(ElemTy::F32, 100), out(ElemTy::F32, 100);
  std::vector<HostBuffer> bufs = {hostBuffer(x, "x_ptr"),
                                  hostBuffer(y, "y_ptr"),
                                  hostBuffer(out, "out_ptr")};
  llvm::Error e = interpret(ck, {1, 1, 1},
                            {KernelArg::buf(0), KernelArg::buf(1),
                             KernelArg::buf(2), KernelArg::integer(128)},
                            bufs);
  ASSERT_TRUE(bool(e));
  std::string msg = llvm::toString(std::move(e));
  EXPECT_NE(msg.find("out-of-bounds load in kernel 'axpy' at axpy.py:8:"),
            std::string::npos)
      << msg;
}

TEST(CompiledKernel, NoTileIR) {
  CompiledKernel ck = axpyKernel();
  ck.tileIR.clear();
  std::vector<HostBuffer> bufs;
  llvm::Error e = interpret(ck, {1, 1, 1}, {}, bufs);
  ASSERT_TRUE(bool(e));
  EXPECT_EQ(llvm::toString(std::move(e)),
            "kernel 'axpy' has no tile IR (compiled without it?)");
}

TEST(CompiledKernel, BadTileIR) {
  CompiledKernel ck = axpyKernel();
  ck.tileIR = "func.func @axpy( {";
  std::vector<HostBuffer> bufs;
  llvm::Error e = interpret(ck, {1, 1, 1}, {}, bufs);
  ASSERT_TRUE(bool(e));
  std::string msg = llvm::toString(std::move(e));
  EXPECT_NE(msg.find("cannot parse the tile IR of kernel 'axpy'"),
            std::string::npos)
      << msg;
}

} // namespace
