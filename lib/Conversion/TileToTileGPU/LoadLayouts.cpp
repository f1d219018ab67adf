//===- LoadLayouts.cpp - A layout of its own for each staged load ---------===//
//
// Every rank-2 tile of a kernel shares one blocked layout (elementwise ops
// then need no conversion), and the coalesce pass fits its lanes to the
// narrowest tile: with the seed matmul's 64x32 A and 32x64 B (f16, 16-byte
// vectors) four lanes cover a row, so a warp's copy of B reads 8 half lines
// of 64 bytes where 8 lanes a row would read 4 full lines of 128 bytes. The
// loads of tensor-core operands are where that counts (they stream every K
// step), and their value only goes to a shared-memory buffer, whose
// register layout does not matter. This pass gives each such load (rank 2,
// blocked, its only user a `local_alloc`) whose warps read less than one
// 128-byte line of a row per access the layout that fits its own tile: as
// many lanes along the fastest dimension as the tile has vectors there, up
// to one line, the rest of the warp along the other, same warps and order,
// when that holds no element twice. (The seed matmul's B: 258 -> 315
// TFLOP/s on the H200, = Triton; wider rows gained nothing and lost.) A
// staged load whose pointers are contiguous along the layout's slower
// dimension instead (an operand given transposed by its strides; axis
// analysis) gets the layout with that dimension fastest and 16-byte vectors
// along it, so that its copies into a transposed shared buffer stay 16
// bytes (see the `transposed` SharedAttr). The pointers, mask and `other`
// are rematerialized in the new layout: their producers are cheap and pure
// (splat, make_range, expand_dims, broadcast, addptr, arith, constants) and
// are cloned; a loop-carried pointer gets a loop-carried twin in the new
// layout (a new iter_arg whose update is rematerialized too). Anything else
// gets a convert_layout. The old chain is left to die: an iter_arg whose
// only use is its own update is cut (its yield made a pass-through), which
// the canonicalizer then removes.
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/Passes.h"
#include "tilec/Conversion/AxisInfo.h"
#include "Rematerializer.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::tilegpu {
#define GEN_PASS_DEF_TILEGPULOADLAYOUTS
#include "TileGPU/Passes.h.inc"
} // namespace mlir::tilegpu

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

/// The layout a load of values of `type` (fastest dimension d, `vec`
/// elements per access) would pick alone, or null when it gains nothing (its
/// warps already read whole 128-byte lines) or would hold elements twice.
/// A returned layout has more lanes along d than `cur`, so it is new.
BlockedAttr ownLayout(RankedTensorType type, BlockedAttr cur, unsigned vec) {
  if (cur.getRank() != 2 || vec <= 1)
    return {};
  unsigned d = cur.getOrder()[0], o = 1 - d;
  int64_t vectors = type.getDimSize(d) / vec;
  if (vectors < 1)
    return {};
  // A warp's row segment along d: up to one 128-byte line (what one L2
  // request moves). Only a layout whose segment is shorter gains anything;
  // giving a wider tile more lanes than a line measured slower (128x128x64
  // and 128x256x64 matmul: 545-596 -> 452-530 TFLOP/s on the H200).
  unsigned vecBytes =
      vec * std::max(1u, type.getElementTypeBitWidth() / 8);
  unsigned oldBytes = cur.getThreadsPerWarp()[d] * vecBytes;
  if (oldBytes >= 128)
    return {};
  unsigned lanes = std::min<uint64_t>(
      {32, llvm::bit_floor(uint64_t(vectors)), uint64_t(128 / vecBytes)});
  if (lanes * vecBytes <= oldBytes)
    return {};
  SmallVector<unsigned> spt(cur.getSizePerThread()), tpw(2);
  spt[d] = vec;
  spt[o] = 1;
  tpw[d] = lanes;
  tpw[o] = 32 / lanes;
  ArrayRef<unsigned> wpc = cur.getWarpsPerCTA();
  // No replication: the CTA tile fits the tile along both dimensions.
  for (unsigned k : {d, o})
    if (int64_t(spt[k]) * tpw[k] * wpc[k] > type.getDimSize(k))
      return {};
  return BlockedAttr::get(type.getContext(), spt, tpw, wpc, cur.getOrder());
}

/// A staged load whose pointers are contiguous along the other dimension
/// than the layout's fastest one (an operand given transposed by its
/// strides): the layout with that dimension fastest, `vec` elements per
/// access, lanes along it up to one 128-byte line, warps along the other
/// dimension as far as it goes. Null when that would hold elements twice.
BlockedAttr transposedOrderLayout(RankedTensorType type, BlockedAttr cur,
                                  unsigned vec) {
  if (cur.getRank() != 2)
    return {};
  unsigned o = cur.getOrder()[1], d = cur.getOrder()[0];
  unsigned vecBytes = vec * std::max(1u, type.getElementTypeBitWidth() / 8);
  int64_t vectors = type.getDimSize(o) / vec;
  if (vectors < 1)
    return {};
  unsigned lanes = std::min<uint64_t>(
      {32, llvm::bit_floor(uint64_t(vectors)), uint64_t(128 / vecBytes)});
  SmallVector<unsigned> spt(2, 1), tpw(2);
  spt[o] = vec;
  tpw[o] = lanes;
  tpw[d] = 32 / lanes;
  // Warps along the slower dimension first, the rest along the faster.
  unsigned warps = cur.getWarpsPerCTA()[0] * cur.getWarpsPerCTA()[1];
  SmallVector<unsigned> wpc(2);
  wpc[d] = std::min<uint64_t>(
      warps, llvm::bit_floor(uint64_t(std::max<int64_t>(
                 1, type.getDimSize(d) / (int64_t(spt[d]) * tpw[d])))));
  wpc[o] = warps / wpc[d];
  for (unsigned k : {d, o})
    if (int64_t(spt[k]) * tpw[k] * wpc[k] > type.getDimSize(k))
      return {};
  return BlockedAttr::get(type.getContext(), spt, tpw, wpc,
                          ArrayRef<unsigned>{o, d});
}

/// Cuts iter_args whose result is unused and whose block argument only
/// feeds (through pure, region-free ops of the loop body itself) its own
/// update: the yield passes the argument through, and the canonicalizer
/// drops it with the dead chain. A use in a nested region (an scf.if, an
/// inner loop) or by any other terminator counts as an escape.
void cutDeadIterArgs(scf::ForOp loop) {
  Block *body = loop.getBody();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  for (unsigned j = 0; j < loop.getNumRegionIterArgs(); ++j) {
    if (!loop.getResult(j).use_empty())
      continue;
    BlockArgument arg = loop.getRegionIterArgs()[j];
    llvm::SetVector<Value> slice;
    slice.insert(arg);
    bool ok = true;
    for (unsigned i = 0; i < slice.size() && ok; ++i)
      for (OpOperand &use : slice[i].getUses()) {
        Operation *user = use.getOwner();
        if (user == yield.getOperation()) {
          ok = use.getOperandNumber() == j;
          if (!ok)
            break;
          continue;
        }
        if (user->getBlock() != body || !isMemoryEffectFree(user) ||
            user->getNumRegions() != 0 ||
            user->hasTrait<OpTrait::IsTerminator>()) {
          ok = false;
          break;
        }
        for (Value r : user->getResults())
          slice.insert(r);
      }
    if (ok && yield.getOperand(j) != arg)
      yield.setOperand(j, arg);
  }
}

struct LoadLayoutsPass
    : mlir::tilegpu::impl::TileGPULoadLayoutsBase<LoadLayoutsPass> {
  void runOnOperation() override {
    SmallVector<tile::LoadOp> loads;
    getOperation().walk([&](tile::LoadOp op) {
      if (op->hasOneUse() && isa<LocalAllocOp>(*op->user_begin()))
        loads.push_back(op);
    });
    // The vector width each load allows along the layout's slower
    // dimension, decided before any IR changes.
    DenseMap<Operation *, unsigned> slowVec;
    {
      AxisInfoAnalysis axis(getOperation());
      for (tile::LoadOp load : loads) {
        auto ptrType = dyn_cast<RankedTensorType>(load.getPtr().getType());
        auto cur = ptrType ? dyn_cast_or_null<BlockedAttr>(ptrType.getEncoding())
                           : BlockedAttr();
        if (!cur || cur.getRank() != 2)
          continue;
        unsigned d = cur.getOrder()[0], o = cur.getOrder()[1];
        unsigned vo = axis.getVectorWidth(load.getPtr(), load.getMask(), o);
        if (vo > 1 && vo > axis.getVectorWidth(load.getPtr(), load.getMask(), d))
          slowVec[load] = vo;
      }
    }
    OpBuilder b(&getContext());
    bool changed = false;
    for (tile::LoadOp load : loads) {
      auto ptrType = dyn_cast<RankedTensorType>(load.getPtr().getType());
      auto cur = ptrType ? dyn_cast_or_null<BlockedAttr>(ptrType.getEncoding())
                         : BlockedAttr();
      auto vecAttr = load->getAttrOfType<IntegerAttr>("tilegpu.vector");
      if (!cur)
        continue;
      auto valType = dyn_cast<RankedTensorType>(load.getType());
      if (!valType)
        continue;
      BlockedAttr own;
      unsigned vec = vecAttr ? vecAttr.getInt() : 1;
      if (unsigned vo = slowVec.lookup(load)) {
        // Contiguous along the other dimension: that one fastest.
        own = transposedOrderLayout(valType, cur, vo);
        if (own)
          vec = vo;
      } else if (vecAttr) {
        own = ownLayout(valType, cur, vec);
      }
      if (!own)
        continue;
      Rematerializer rm{b, cur, own, DenseMap<Value, Value>()};
      SmallVector<Value> operands = rm.getAll(load.getOperation());
      // The load may have moved into a rebuilt loop; it is still `load`.
      b.setInsertionPoint(load);
      Operation *nl = b.clone(*load.getOperation());
      nl->setOperands(operands);
      nl->setAttr("tilegpu.vector", b.getI32IntegerAttr(vec));
      nl->getResult(0).setType(rm.retype(load.getType()));
      load.getResult().replaceAllUsesWith(nl->getResult(0));
      load.erase();
      changed = true;
    }
    if (changed)
      getOperation().walk([](scf::ForOp loop) { cutDeadIterArgs(loop); });
  }
};

} // namespace
