//===- Coalesce.cpp - Vector widths for global memory access --------------===//
//
// Runs the axis analysis and, for each tile.load / tile.store of a pointer
// tile with a blocked layout, computes the widest access v (power of two)
// along the layout's fastest dimension d = order[0]: at most the pointer's
// contiguity, its alignment in elements, 128 bits, the mask's constancy,
// and shape[d] / (threadsPerWarp[d] * warpsPerCTA[d]) so that a thread's
// chunk does not outgrow the tile.
//
// All tiles of one rank share one blocked layout (so that elementwise ops
// need no conversion; tilegpu-load-layouts and tilegpu-store-layouts later
// give single accesses layouts of their own); the pass therefore gives that layout
// sizePerThread[d] = the maximum v over the module's accesses through it
// and rewrites every type that uses it (tensor types, slice layouts whose
// parent it is, block arguments, function types, dense constants). Each
// access gets `tilegpu.vector` = min(its v, sizePerThread[d]): the number of
// consecutive thread-local elements the LLVM lowering may fetch with one
// instruction. A rank-2 layout (warps along the other dimension) also
// gets its lanes rearranged: as many along d as the narrowest tile through
// it has vectors, so that a 64x32 f16 tile and a 32x64 one share a layout
// with 8-element vectors and no thread holding copies of another's.
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/AxisInfo.h"
#include "tilec/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::tilegpu {
#define GEN_PASS_DEF_TILEGPUCOALESCE
#include "TileGPU/Passes.h.inc"
} // namespace mlir::tilegpu

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

struct Access {
  Operation *op;
  unsigned width; // before the layout cap
};

struct TileGPUCoalescePass
    : mlir::tilegpu::impl::TileGPUCoalesceBase<TileGPUCoalescePass> {
  using TileGPUCoalesceBase::TileGPUCoalesceBase;

  static std::pair<Value, Value> ptrAndMask(Operation *op) {
    if (auto ld = dyn_cast<tile::LoadOp>(op))
      return {ld.getPtr(), ld.getMask()};
    auto st = cast<tile::StoreOp>(op);
    return {st.getPtr(), st.getMask()};
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    AxisInfoAnalysis analysis(module);

    if (printAxisInfo) {
      module.walk([&](Operation *op) {
        if (op->getNumResults() != 1)
          return;
        Type t = getElementTypeOrSelf(op->getResult(0).getType());
        if (!isa<IntegerType, tile::PointerType>(t))
          return;
        std::string s;
        llvm::raw_string_ostream os(s);
        analysis.getInfo(op->getResult(0)).print(os);
        op->setAttr("tilegpu.axis_info", StringAttr::get(ctx, os.str()));
      });
    }

    // 1. The width each access allows, and the best one per layout.
    SmallVector<Access> accesses;
    llvm::MapVector<Attribute, unsigned> best;
    // Rank-2 layouts: the narrowest tile along d and the widest vector any
    // access through the layout could use on it.
    llvm::MapVector<Attribute, std::pair<int64_t, unsigned>> rank2;
    module.walk([&](Operation *op) {
      if (!isa<tile::LoadOp, tile::StoreOp>(op))
        return;
      auto [ptr, mask] = ptrAndMask(op);
      auto type = dyn_cast<RankedTensorType>(ptr.getType());
      if (!type)
        return;
      auto layout = dyn_cast_or_null<BlockedAttr>(type.getEncoding());
      if (!layout) {
        accesses.push_back({op, 1});
        return;
      }
      unsigned d = layout.getOrder()[0];
      unsigned v = analysis.getVectorWidth(ptr, mask, d);
      accesses.push_back({op, v});
      if (layout.getRank() == 2 && layout.getWarpsPerCTA()[d] == 1) {
        auto &r = rank2.insert({layout, {type.getShape()[d], 1u}}).first->second;
        r.first = std::min(r.first, type.getShape()[d]);
        unsigned fit = std::min<uint64_t>(
            v, llvm::bit_floor(static_cast<uint64_t>(type.getShape()[d])));
        r.second = std::max(r.second, fit);
      }
      int64_t threads = int64_t(layout.getThreadsPerWarp()[d]) *
                        layout.getWarpsPerCTA()[d];
      int64_t cap = std::max<int64_t>(1, type.getShape()[d] / threads);
      unsigned capped = std::min<unsigned>(
          v, static_cast<unsigned>(llvm::bit_floor(static_cast<uint64_t>(cap))));
      unsigned &b = best[layout];
      b = std::max({b, capped, layout.getSizePerThread()[d]});
    });

    // 2. Widen the layouts: every use of the old attribute. A rank-2
    // layout also gets as many lanes along d as the narrowest tile has
    // vectors (the rest along the other dimension), so that the widest
    // vector fits it without threads holding copies.
    DenseMap<Attribute, Attribute> widened;
    for (auto [attr, v] : best) {
      auto layout = cast<BlockedAttr>(attr);
      unsigned d = layout.getOrder()[0];
      SmallVector<unsigned> spt(layout.getSizePerThread());
      SmallVector<unsigned> tpw(layout.getThreadsPerWarp());
      auto r2 = rank2.find(attr);
      if (r2 != rank2.end() && r2->second.second > 1) {
        unsigned vec = r2->second.second;
        unsigned lanes = std::clamp<int64_t>(
            llvm::bit_floor(static_cast<uint64_t>(
                std::max<int64_t>(1, r2->second.first / vec))),
            1, 32);
        v = std::max(vec, spt[d]);
        tpw[d] = lanes;
        tpw[1 - d] = 32 / lanes;
      }
      if (v <= spt[d] && tpw == layout.getThreadsPerWarp())
        continue;
      spt[d] = std::max(v, spt[d]);
      widened[layout] = BlockedAttr::get(ctx, spt, tpw,
                                         layout.getWarpsPerCTA(),
                                         layout.getOrder());
    }
    if (!widened.empty()) {
      AttrTypeReplacer replacer;
      replacer.addReplacement(
          [&](BlockedAttr a) -> std::optional<Attribute> {
            auto it = widened.find(a);
            if (it == widened.end())
              return std::nullopt;
            return it->second;
          });
      replacer.recursivelyReplaceElementsIn(module, /*replaceAttrs=*/true,
                                            /*replaceLocs=*/false,
                                            /*replaceTypes=*/true);
      // Dense constants keep the type they were built with: match them to
      // their (rewritten) result type.
      module.walk([&](arith::ConstantOp cst) {
        auto dense = dyn_cast<DenseElementsAttr>(cst.getValue());
        if (dense && dense.getType() != cst.getType())
          cst.setValueAttr(dense.reshape(cast<ShapedType>(cst.getType())));
      });
    }

    // 3. Annotate each access with the width the final layout allows.
    for (Access &a : accesses) {
      auto [ptr, mask] = ptrAndMask(a.op);
      auto type = cast<RankedTensorType>(ptr.getType());
      unsigned v = 1;
      if (auto layout = dyn_cast_or_null<BlockedAttr>(type.getEncoding())) {
        unsigned d = layout.getOrder()[0];
        v = std::min(a.width, layout.getSizePerThread()[d]);
        // A chunk must not wrap around a smaller tile.
        while (v > 1 && type.getShape()[d] % v != 0)
          v /= 2;
      }
      a.op->setAttr("tilegpu.vector",
                    IntegerAttr::get(IntegerType::get(ctx, 32), v));
    }
  }
};

} // namespace
