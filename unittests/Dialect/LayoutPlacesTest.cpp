//===- LayoutPlacesTest.cpp - Where layouts put a tile's elements ---------===//
//
// LayoutInfo::hostIndices, the places of a thread's elements computed on
// the host, for mma accumulator layouts (mma.sync and wgmma): every element
// of a tile as large as the warps' tile has exactly one owner, and the
// first block's four registers are where MmaAttr's description puts them.
// getSplitResultLayout: where it gives the results a layout, every thread
// holds each of its result elements among its operand elements (the
// tile.split lowering moves no data).
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/TileGPUToLLVM.h"
#include "tilec/Dialect/TileGPU/TileGPUDialect.h"

#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

struct AccCase {
  unsigned wm, wn, version, instrN;
  int64_t rows, cols;
};

class AccumulatorPlaces : public ::testing::TestWithParam<AccCase> {
protected:
  AccumulatorPlaces() { ctx.loadDialect<TileGPUDialect>(); }
  RankedTensorType type(const AccCase &c) {
    auto mma = MmaAttr::get(&ctx, {c.wm, c.wn}, c.version, false, c.instrN);
    return RankedTensorType::get({c.rows, c.cols}, Float32Type::get(&ctx),
                                 mma);
  }
  MLIRContext ctx;
};

TEST_P(AccumulatorPlaces, EveryElementOnce) {
  AccCase c = GetParam();
  LayoutInfo info(type(c));
  ASSERT_EQ(info.numThreads(), 32 * c.wm * c.wn);
  std::map<std::pair<int64_t, int64_t>, unsigned> owners;
  for (unsigned t = 0; t < info.numThreads(); ++t)
    for (unsigned k = 0; k < info.numElems(); ++k) {
      SmallVector<int64_t> idx = info.hostIndices(t, k);
      ASSERT_LT(idx[0], c.rows);
      ASSERT_LT(idx[1], c.cols);
      ++owners[{idx[0], idx[1]}];
    }
  EXPECT_EQ(int64_t(owners.size()), c.rows * c.cols);
  for (auto &[place, n] : owners)
    EXPECT_EQ(n, 1u) << place.first << ", " << place.second;
}

TEST_P(AccumulatorPlaces, FirstBlockAsDescribed) {
  AccCase c = GetParam();
  LayoutInfo info(type(c));
  for (unsigned t = 0; t < info.numThreads(); ++t) {
    unsigned lane = t % 32, warp = t / 32;
    // mma.sync numbers the warps along N first, wgmma along M.
    unsigned wM = c.version == 3 ? warp % c.wm : warp / c.wn;
    unsigned wN = c.version == 3 ? warp / c.wm : warp % c.wn;
    unsigned warpCols = c.instrN ? c.instrN : 8;
    int64_t row = 16 * wM + lane / 4, col = warpCols * wN + 2 * (lane % 4);
    for (unsigned k = 0; k < 4; ++k) {
      SmallVector<int64_t> idx = info.hostIndices(t, k);
      EXPECT_EQ(idx[0], row + 8 * (k / 2)) << "thread " << t << " c" << k;
      EXPECT_EQ(idx[1], col + k % 2) << "thread " << t << " c" << k;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    Layouts, AccumulatorPlaces,
    ::testing::Values(AccCase{2, 2, 2, 0, 32, 16}, AccCase{2, 2, 2, 0, 128, 64},
                      AccCase{4, 1, 2, 0, 64, 64}, AccCase{4, 1, 3, 0, 64, 256},
                      AccCase{8, 1, 3, 0, 128, 256},
                      AccCase{4, 2, 3, 64, 64, 128},
                      AccCase{4, 2, 3, 64, 128, 256}));

struct SplitCase {
  const char *name;
  std::function<Attribute(MLIRContext *)> layout;
  SmallVector<int64_t> shape;
  unsigned axis;
  int64_t stride;
  bool inRegisters; // getSplitResultLayout gives a layout
};

class SplitPlaces : public ::testing::TestWithParam<SplitCase> {
protected:
  SplitPlaces() { ctx.loadDialect<TileGPUDialect>(); }
  MLIRContext ctx;
};

TEST_P(SplitPlaces, HalvesAreTheThreadsOwn) {
  const SplitCase &c = GetParam();
  auto src = RankedTensorType::get(c.shape, Float32Type::get(&ctx),
                                   c.layout(&ctx));
  Attribute l = getSplitResultLayout(src, c.axis, c.stride);
  ASSERT_EQ(bool(l), c.inRegisters);
  if (!l)
    return;
  SmallVector<int64_t> half(c.shape);
  half[c.axis] /= 2;
  LayoutInfo in(src), out(RankedTensorType::get(half, src.getElementType(), l));
  ASSERT_EQ(in.numThreads(), out.numThreads());
  for (unsigned t = 0; t < in.numThreads(); ++t) {
    std::set<SmallVector<int64_t>> held;
    for (unsigned k = 0; k < in.numElems(); ++k)
      held.insert(in.hostIndices(t, k));
    for (int64_t bit = 0; bit < 2; ++bit)
      for (unsigned k = 0; k < out.numElems(); ++k) {
        SmallVector<int64_t> idx = out.hostIndices(t, k);
        int64_t j = idx[c.axis];
        idx[c.axis] = (j / c.stride) * 2 * c.stride + bit * c.stride +
                      j % c.stride;
        EXPECT_TRUE(held.count(idx)) << "thread " << t << " element " << k;
      }
  }
}

Attribute blocked(MLIRContext *ctx, ArrayRef<unsigned> spt,
                  ArrayRef<unsigned> tpw, ArrayRef<unsigned> wpc,
                  ArrayRef<unsigned> order) {
  return BlockedAttr::get(ctx, spt, tpw, wpc, order);
}

INSTANTIATE_TEST_SUITE_P(
    Layouts, SplitPlaces,
    ::testing::Values(
        // The column halves of a 128x256 wgmma accumulator on 8 warps.
        SplitCase{"wgmma_halves",
                  [](MLIRContext *ctx) -> Attribute {
                    return MmaAttr::get(ctx, {8, 1}, 3);
                  },
                  {128, 256}, 1, 128, true},
        SplitCase{"wgmma_rows",
                  [](MLIRContext *ctx) -> Attribute {
                    return MmaAttr::get(ctx, {4, 1}, 3);
                  },
                  {128, 64}, 0, 64, true},
        // Within a warp's columns (instrN 128 of 256): not registers.
        SplitCase{"wgmma_warp_cols",
                  [](MLIRContext *ctx) -> Attribute {
                    return MmaAttr::get(ctx, {4, 2}, 3, false, 128);
                  },
                  {64, 256}, 1, 128, false},
        SplitCase{"mma_sync_halves",
                  [](MLIRContext *ctx) -> Attribute {
                    return MmaAttr::get(ctx, {2, 2}, 2);
                  },
                  {64, 64}, 1, 32, true},
        SplitCase{"blocked_repeat",
                  [](MLIRContext *ctx) {
                    return blocked(ctx, {1, 4}, {4, 8}, {4, 1}, {1, 0});
                  },
                  {64, 128}, 1, 64, true},
        SplitCase{"blocked_vector",
                  [](MLIRContext *ctx) {
                    return blocked(ctx, {1, 4}, {4, 8}, {4, 1}, {1, 0});
                  },
                  {64, 128}, 1, 2, true},
        SplitCase{"blocked_pairs_replicated",
                  [](MLIRContext *ctx) {
                    return blocked(ctx, {1, 2}, {4, 8}, {4, 1}, {1, 0});
                  },
                  {32, 2}, 1, 1, true},
        SplitCase{"blocked_lanes",
                  [](MLIRContext *ctx) {
                    return blocked(ctx, {1, 4}, {4, 8}, {4, 1}, {1, 0});
                  },
                  {64, 128}, 1, 8, false}),
    [](const ::testing::TestParamInfo<SplitCase> &info) {
      return std::string(info.param.name);
    });

} // namespace
