//===- OutOfBoundsTest.cpp - Memory checks and argument checks -----------===//

#include "Harness.h"

using namespace tilec::interp;
using namespace tilec::interp::test;

namespace {

const char *kBad = R"(import triton
import triton.language as tl

@triton.jit
def copy_nomask(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(y_ptr + offs, x)

@triton.jit
def copy_before(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs - 1, mask=mask)
    tl.store(y_ptr + offs, x, mask=mask)

@triton.jit
def copy_2d(x_ptr, y_ptr, n, stride, BLOCK: tl.constexpr):
    r = tl.arange(0, 4)
    c = tl.arange(0, BLOCK)
    m = c[None, :] < n
    x = tl.load(x_ptr + r[:, None] * stride + c[None, :], mask=m)
    tl.store(y_ptr + r[:, None] * n + c[None, :], x, mask=m)

@triton.jit
def wild_masked(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    far = offs * 1000000 + 123456789
    x = tl.load(x_ptr + far, mask=offs < 0, other=2.0)
    tl.store(y_ptr + far - 5000000000, x, mask=offs < 0)
    tl.store(y_ptr + offs, x, mask=offs < n)
)";

TileKernels &bad() {
  static TileKernels cache("bad.py", kBad);
  return cache;
}

TEST(OutOfBounds, MissingMaskOnLoad) {
  mlir::ModuleOp m = bad().get("copy_nomask", "*fp32:16, *fp32:16, i32, 256");
  NanArray x(ElemTy::F32, 1000), y(ElemTy::F32, 1000);
  std::vector<HostBuffer> bufs = {hostBuffer(x, "x_ptr"),
                                  hostBuffer(y, "y_ptr")};
  EXPECT_EQ(
      run(m, {4, 1, 1},
          {KernelArg::buf(0), KernelArg::buf(1), KernelArg::integer(1000)},
          bufs),
      "out-of-bounds load in kernel 'copy_nomask' at bad.py:7:12, "
      "program (3, 0, 0), lane [232]: address 0x10000000fa0 (4 bytes) "
      "is 4 bytes past the end of buffer 'x_ptr' (4000 bytes)");
}

TEST(OutOfBounds, MissingMaskOnStore) {
  mlir::ModuleOp m = bad().get("copy_nomask", "*fp32:16, *fp32:16, i32, 256");
  NanArray x(ElemTy::F32, 1024), y(ElemTy::F32, 1000);
  std::vector<HostBuffer> bufs = {hostBuffer(x, "x_ptr"),
                                  hostBuffer(y, "y_ptr")};
  EXPECT_EQ(
      run(m, {4, 1, 1},
          {KernelArg::buf(0), KernelArg::buf(1), KernelArg::integer(1000)},
          bufs),
      "out-of-bounds store in kernel 'copy_nomask' at bad.py:8:8, "
      "program (3, 0, 0), lane [232]: address 0x20000000fa0 (4 bytes) "
      "is 4 bytes past the end of buffer 'y_ptr' (4000 bytes)");
}

TEST(OutOfBounds, BeforeTheStart) {
  mlir::ModuleOp m = bad().get("copy_before", "*fp16:16, *fp16:16, i32, 64");
  NanArray x(ElemTy::F16, 100), y(ElemTy::F16, 100);
  std::vector<HostBuffer> bufs = {hostBuffer(x, "x_ptr"),
                                  hostBuffer(y, "y_ptr")};
  EXPECT_EQ(run(m, {2, 1, 1},
                {KernelArg::buf(0), KernelArg::buf(1), KernelArg::integer(100)},
                bufs),
            "out-of-bounds load in kernel 'copy_before' at bad.py:14:12, "
            "program (0, 0, 0), lane [0]: address 0xfffffffffe (2 bytes) "
            "is 2 bytes before the start of buffer 'x_ptr' (200 bytes)");
}

TEST(OutOfBounds, OffByOneRowStride) {
  // Rows of 10 elements read with a stride of 11: row 3 ends past the end.
  mlir::ModuleOp m = bad().get("copy_2d", "*fp32:16, *fp32:16, i32, i32, 16");
  NanArray x(ElemTy::F32, 40), y(ElemTy::F32, 40);
  std::vector<HostBuffer> bufs = {hostBuffer(x, "x"), hostBuffer(y, "y")};
  EXPECT_EQ(run(m, {1, 2, 1},
                {KernelArg::buf(0), KernelArg::buf(1), KernelArg::integer(10),
                 KernelArg::integer(11)},
                bufs),
            "out-of-bounds load in kernel 'copy_2d' at bad.py:22:12, "
            "program (0, 0, 0), lane [3, 7]: address 0x100000000a0 (4 bytes) "
            "is 4 bytes past the end of buffer 'x' (160 bytes)");
  // With the right stride the same kernel is fine.
  EXPECT_EQ(run(m, {1, 1, 1},
                {KernelArg::buf(0), KernelArg::buf(1), KernelArg::integer(10),
                 KernelArg::integer(10)},
                bufs),
            "");
}

TEST(OutOfBounds, MaskedOffLanesNeverChecked) {
  mlir::ModuleOp m = bad().get("wild_masked", "*fp32:16, *fp32:16, i32, 128");
  NanArray x(ElemTy::F32, 1), y(ElemTy::F32, 100);
  std::vector<HostBuffer> bufs = {hostBuffer(x, "x_ptr"),
                                  hostBuffer(y, "y_ptr")};
  ASSERT_EQ(run(m, {1, 1, 1},
                {KernelArg::buf(0), KernelArg::buf(1), KernelArg::integer(100)},
                bufs),
            "");
  for (size_t i = 0; i < 100; ++i)
    EXPECT_EQ(y.get(i), 2.0);
}

TEST(Arguments, Checked) {
  mlir::ModuleOp m = bad().get("copy_nomask", "*fp32:16, *fp32:16, i32, 256");
  NanArray x(ElemTy::F32, 10), y(ElemTy::F16, 3);
  std::vector<HostBuffer> bufs = {hostBuffer(x, "x_ptr"), hostBuffer(y, "h")};
  EXPECT_EQ(run(m, {1, 1, 1}, {KernelArg::buf(0), KernelArg::buf(1)}, bufs),
            "kernel 'copy_nomask' takes 3 runtime arguments but 2 were given");
  EXPECT_EQ(
      run(m, {1, 1, 1},
          {KernelArg::buf(0), KernelArg::integer(0), KernelArg::integer(1)},
          bufs),
      "argument 1 of kernel 'copy_nomask' (!tile.ptr<f32>) is a pointer "
      "and needs a buffer");
  EXPECT_EQ(run(m, {1, 1, 1},
                {KernelArg::buf(0), KernelArg::buf(1), KernelArg::integer(1)},
                bufs),
            "argument 1 of kernel 'copy_nomask' (!tile.ptr<f32>): buffer 'h' "
            "has 6 bytes, not a multiple of the element size 4");
  EXPECT_EQ(
      run(m, {1, 1, 1},
          {KernelArg::buf(0), KernelArg::buf(0), KernelArg::fp(1)}, bufs),
      "argument 2 of kernel 'copy_nomask' (i32) needs an integer argument");
  EXPECT_EQ(run(m, {1, 1, 1},
                {KernelArg::buf(0), KernelArg::buf(5), KernelArg::integer(1)},
                bufs),
            "argument 1 of kernel 'copy_nomask' (!tile.ptr<f32>) refers to "
            "buffer 5 but only 2 were given");
}

} // namespace
