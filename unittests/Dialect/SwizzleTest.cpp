//===- SwizzleTest.cpp - The swizzled shared-memory layouts ---------------===//
//
// getSwizzledSharedLayout / SharedAttr::getOffset: every element gets its own
// place, 16-byte chunks stay contiguous (vector stores, cp.async), the 8
// row addresses of every ldmatrix phase (8 consecutive rows at one 16-byte
// chunk) fall into 8 distinct 16-byte bank groups, and the layout is the
// XOR pattern the hardware uses for 32/64/128-byte swizzled tiles.
//
//===----------------------------------------------------------------------===//

#include "tilec/Dialect/TileGPU/TileGPUDialect.h"

#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <set>

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

struct Shape {
  int64_t rows, cols;
  unsigned bits;
};

class SwizzleTest : public ::testing::TestWithParam<Shape> {
protected:
  SwizzleTest() { ctx.loadDialect<TileGPUDialect>(); }
  MLIRContext ctx;
};

TEST_P(SwizzleTest, IsAPermutation) {
  Shape s = GetParam();
  SharedAttr l = getSwizzledSharedLayout(&ctx, {s.rows, s.cols}, s.bits);
  std::set<int64_t> seen;
  for (int64_t r = 0; r < s.rows; ++r)
    for (int64_t c = 0; c < s.cols; ++c) {
      int64_t o = l.getOffset(r, c, s.rows, s.cols);
      ASSERT_GE(o, 0);
      ASSERT_LT(o, s.rows * s.cols);
      ASSERT_TRUE(seen.insert(o).second) << "(" << r << ", " << c << ")";
    }
}

TEST_P(SwizzleTest, ChunksStayContiguous) {
  Shape s = GetParam();
  SharedAttr l = getSwizzledSharedLayout(&ctx, {s.rows, s.cols}, s.bits);
  EXPECT_EQ(l.getVec() * s.bits, 128u) << "a chunk is 16 bytes";
  for (int64_t r = 0; r < s.rows; ++r)
    for (int64_t c = 0; c < s.cols; c += l.getVec()) {
      int64_t o = l.getOffset(r, c, s.rows, s.cols);
      EXPECT_EQ(o % l.getVec(), 0) << "chunk start aligned";
      for (unsigned j = 1; j < l.getVec(); ++j)
        EXPECT_EQ(l.getOffset(r, c + j, s.rows, s.cols), o + j);
    }
}

TEST_P(SwizzleTest, LdmatrixPhasesAreConflictFree) {
  Shape s = GetParam();
  SharedAttr l = getSwizzledSharedLayout(&ctx, {s.rows, s.cols}, s.bits);
  int64_t bytes = s.bits / 8;
  for (int64_t r0 = 0; r0 + 8 <= s.rows; r0 += 8)
    for (int64_t c = 0; c < s.cols; c += l.getVec()) {
      std::set<int64_t> groups; // 16-byte bank groups of a 128-byte line
      for (int64_t r = r0; r < r0 + 8; ++r)
        groups.insert((l.getOffset(r, c, s.rows, s.cols) * bytes / 16) % 8);
      EXPECT_EQ(groups.size(), 8u)
          << "rows " << r0 << "..+8 at column " << c << " of " << s.rows << "x"
          << s.cols << " (" << s.bits << "-bit): bank conflict";
    }
}

TEST_P(SwizzleTest, MatchesTheHardwareSwizzle) {
  // Byte address bits [4, 4+b) XOR bits [7, 7+b), b = log2(rowBytes/16)
  // capped at 3 (Swizzle<b,4,3>: 32-, 64-, 128-byte modes).
  // Rows wider than 128 bytes are stored as 128-byte column blocks, each
  // a rows x 128-byte tile.
  Shape s = GetParam();
  SharedAttr l = getSwizzledSharedLayout(&ctx, {s.rows, s.cols}, s.bits);
  int64_t bytes = s.bits / 8, rowBytes = s.cols * bytes;
  int64_t blockCols = s.cols;
  if (rowBytes > 128) {
    EXPECT_EQ(l.getBlockCols() * bytes, 128u);
    blockCols = 128 / bytes;
    rowBytes = 128;
  }
  int64_t b = rowBytes >= 128 ? 3 : rowBytes == 64 ? 2 : 1;
  int64_t mask = (1 << b) - 1;
  for (int64_t r = 0; r < s.rows; ++r)
    for (int64_t c = 0; c < s.cols; ++c) {
      int64_t linear = ((c / blockCols) * s.rows * blockCols + r * blockCols +
                        c % blockCols) *
                       bytes;
      int64_t hw = linear ^ (((linear >> 7) & mask) << 4);
      EXPECT_EQ(l.getOffset(r, c, s.rows, s.cols) * bytes, hw)
          << "(" << r << ", " << c << ")";
    }
}

TEST_P(SwizzleTest, TransposedStoresColumnsAsRows) {
  // A transposed buffer of rows x cols holds element (r, c) where the plain
  // layout of the cols x rows buffer holds (c, r): K-major B for tf32 wgmma.
  Shape s = GetParam();
  SharedAttr rows = getSwizzledSharedLayout(&ctx, {s.cols, s.rows}, s.bits);
  SharedAttr t = getSwizzledSharedLayout(&ctx, {s.rows, s.cols}, s.bits,
                                         /*transposed=*/true);
  EXPECT_TRUE(t.getTransposed());
  EXPECT_FALSE(rows.getTransposed());
  for (int64_t r = 0; r < s.rows; ++r)
    for (int64_t c = 0; c < s.cols; ++c)
      ASSERT_EQ(t.getOffset(r, c, s.rows, s.cols),
                rows.getOffset(c, r, s.cols, s.rows))
          << "(" << r << ", " << c << ")";
  // Chunks run along the rows dimension: a column's consecutive elements.
  for (int64_t c = 0; c < s.cols; ++c)
    for (int64_t r = 0; r + t.getVec() <= s.rows; r += t.getVec())
      for (unsigned j = 1; j < t.getVec(); ++j)
        ASSERT_EQ(t.getOffset(r + j, c, s.rows, s.cols),
                  t.getOffset(r, c, s.rows, s.cols) + j);
}

TEST_P(SwizzleTest, TmaWritesTheSameLayout) {
  // getTmaLayout names the hardware swizzle mode that writes the buffer as
  // getOffset lays it out (the mode MatchesTheHardwareSwizzle checks), its
  // box one column block (a transposed buffer's stored rows: its columns),
  // and each copy's destination the start of its block.
  Shape s = GetParam();
  Type elt = s.bits == 16 ? Type(Float16Type::get(&ctx))
                          : Type(Float32Type::get(&ctx));
  int64_t bytes = s.bits / 8;
  for (bool transposed : {false, true}) {
    SharedAttr l =
        getSwizzledSharedLayout(&ctx, {s.rows, s.cols}, s.bits, transposed);
    auto buf = MemDescType::get({s.rows, s.cols}, elt, l);
    std::optional<TmaLayout> t = getTmaLayout(buf);
    // Stored rows and their bytes.
    int64_t rows = transposed ? s.cols : s.rows;
    int64_t cols = transposed ? s.rows : s.cols;
    int64_t rowBytes = std::min<int64_t>(cols * bytes, 128);
    if (rowBytes < 32 || rows > 256) {
      // (16-byte rows: no swizzle mode; getTmaLayout takes only swizzled
      // buffers' modes or plain rows.)
      if (t && t->swizzleBytes)
        ADD_FAILURE() << "a swizzle mode for " << rowBytes << "-byte rows";
      continue;
    }
    ASSERT_TRUE(t.has_value())
        << rows << " x " << cols << ", transposed " << transposed;
    EXPECT_EQ(t->swizzleBytes, unsigned(rowBytes));
    EXPECT_EQ(t->rows, rows);
    EXPECT_EQ(t->rowElems * bytes, rowBytes);
    EXPECT_EQ(t->blocks * t->rowElems, cols);
    for (int64_t k = 0; k < t->blocks; ++k) {
      int64_t r = 0, c = k * t->rowElems;
      int64_t at = transposed ? l.getOffset(c, r, s.rows, s.cols)
                              : l.getOffset(r, c, s.rows, s.cols);
      EXPECT_EQ(at, k * t->rows * t->rowElems) << "block " << k;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    Tiles, SwizzleTest,
    ::testing::Values(Shape{64, 32, 16}, Shape{32, 64, 16}, Shape{128, 64, 16},
                      Shape{64, 256, 16}, Shape{16, 16, 16}, Shape{64, 32, 32},
                      Shape{32, 64, 32}, Shape{128, 8, 32}, Shape{64, 16, 32}));

} // namespace
