//===- AllocateShared.cpp - One shared-memory arena, liveness based -------===//
//
// Every buffer in shared memory gets an offset in the one arena
// `@tilec_shared`:
//  1. Ops are numbered in pre-order over the module (a linear order in which
//     an op with regions comes before, and its last nested op ends, its
//     range).
//  2. Each buffer has a live interval [start, end] of such numbers:
//     - an op's scratch (getScratchBytes: the staging of convert_layout,
//       trans, reshape, cross-warp reduce, dot) is live only at its op:
//       [n, n];
//     - an explicit buffer (tilegpu.local_alloc, getBufferBytes) is live
//       from its local_alloc to its last use (local_store, local_load,
//       local_dealloc), where a use nested in an op of the alloc's block
//       counts as a use at that op's last nested op (a loop that uses the
//       buffer keeps it for all its iterations); a local_load feeding a
//       tl.dot counts as a use at the dot, where wgmma (or a deferred
//       ldmatrix) reads the buffer. A buffer used by anything
//       else (yielded, passed to a call...) is live over its whole
//       function.
//  3. Buffers are placed in order of start (larger first on ties), each at
//     the lowest offset, aligned to 16 bytes (1024 for swizzled buffers), that
//     overlaps no already placed buffer whose interval intersects its own
//     (first fit).
// Results: `tilegpu.shared_offset` (i64) on each scratch user and
// local_alloc, the arena's
// size (max offset + size) as the module's `tilegpu.shared_bytes` (removed
// when there is no buffer). Whether two ops' ranges need a barrier between
// them is tilegpu-insert-barriers' business.
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/Passes.h"
#include "tilec/Conversion/TileGPUToLLVM.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::tilegpu {
#define GEN_PASS_DEF_TILEGPUALLOCATESHARED
#include "tilec/Dialect/TileGPU/Passes.h.inc"
} // namespace mlir::tilegpu

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

constexpr uint64_t kAlignment = 16;

struct Buffer {
  Operation *owner; // the op that gets the offset attribute
  uint64_t size;
  unsigned start, end; // live interval, inclusive, in op numbers
  uint64_t offset = 0;
  uint64_t align = kAlignment;
};

struct Numbering {
  DenseMap<Operation *, unsigned> first; // the op's own number
  DenseMap<Operation *, unsigned> last;  // the largest number nested in it
  explicit Numbering(ModuleOp module) {
    unsigned n = 0;
    number(module, n);
  }
  void number(Operation *op, unsigned &n) {
    first[op] = n++;
    for (Region &r : op->getRegions())
      for (Block &b : r)
        for (Operation &o : b)
          number(&o, n);
    last[op] = n - 1;
  }
};

/// Live interval of the buffer of `alloc`: from the alloc to its last use,
/// a use nested in an op of the alloc's block counting as that op's end
/// (uses of its views, memdesc_subview and memdesc_trans, count as its uses);
/// the whole function if the buffer escapes the local_* ops.
std::pair<unsigned, unsigned> liveInterval(const Numbering &num,
                                           LocalAllocOp alloc) {
  unsigned start = num.first.lookup(alloc), end = start;
  Block *block = alloc->getBlock();
  // Users, through the views: the slots (memdesc_subview) of a
  // multi-buffered one, a transposed view (memdesc_trans).
  SmallVector<Operation *> users(alloc->getUsers());
  while (!users.empty()) {
    Operation *u = users.pop_back_val();
    Operation *anc = block->findAncestorOpInBlock(*u);
    if (anc && isBufferView(u)) {
      users.append(u->getUsers().begin(), u->getUsers().end());
      end = std::max(end, num.last.lookup(anc));
      continue;
    }
    if (!anc || !isa<LocalStoreOp, LocalLoadOp, LocalDeallocOp, AsyncCopyOp,
                     TmaCopyOp, TmaStoreOp, MBarrierInitOp, MBarrierExpectOp,
                     MBarrierWaitOp, MBarrierInvalOp>(u)) {
      Operation *fn = alloc->getParentOfType<FunctionOpInterface>();
      if (!fn)
        fn = alloc->getParentOp();
      return {num.first.lookup(fn), num.last.lookup(fn)};
    }
    end = std::max(end, num.last.lookup(anc));
    // A tensor-core operand's read may move to its dot (wgmma reads the
    // buffer itself; mma.sync's ldmatrix may be deferred to it: see
    // isDeferredDotOperand), past ops in between that stage through
    // scratch of their own (a convert_layout of the accumulator): the
    // buffer lives until the dot.
    if (auto load = dyn_cast<LocalLoadOp>(u))
      for (Operation *v : load->getUsers())
        if (isa<tile::DotOp>(v))
          if (Operation *dotAnc = block->findAncestorOpInBlock(*v))
            end = std::max(end, num.last.lookup(dotAnc));
  }
  return {start, end};
}

/// First fit: the lowest aligned offset for `buf` clear of every placed
/// buffer live at the same time.
uint64_t firstFit(const Buffer &buf, ArrayRef<Buffer *> placed) {
  SmallVector<const Buffer *> live;
  for (const Buffer *p : placed)
    if (p->start <= buf.end && buf.start <= p->end)
      live.push_back(p);
  llvm::sort(live, [](const Buffer *a, const Buffer *b) {
    return a->offset < b->offset;
  });
  uint64_t off = 0;
  for (const Buffer *p : live) {
    if (off + buf.size <= p->offset)
      break; // fits below p (and every later one starts higher)
    off = std::max(off, llvm::alignTo(p->offset + p->size, buf.align));
  }
  return off;
}

struct AllocateSharedPass
    : tilegpu::impl::TileGPUAllocateSharedBase<AllocateSharedPass> {
  using TileGPUAllocateSharedBase::TileGPUAllocateSharedBase;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    Numbering num(module);
    std::vector<Buffer> buffers;
    module.walk([&](Operation *op) {
      op->removeAttr(kSharedOffsetAttr);
      if (auto alloc = dyn_cast<LocalAllocOp>(op)) {
        auto [start, end] = liveInterval(num, alloc);
        buffers.push_back({op, getBufferBytes(alloc.getType()), start, end});
        // Swizzled tiles: the hardware's swizzle (wgmma) works on address
        // bits 4..9, so they start at a multiple of 1024 bytes.
        if (alloc.getType().getEncoding())
          buffers.back().align = 1024;
        return;
      }
      uint64_t size = getScratchBytes(op);
      if (size == 0)
        return;
      unsigned n = num.first.lookup(op);
      buffers.push_back({op, size, n, n});
    });
    // Place in order of start, larger buffers first on ties.
    SmallVector<Buffer *> order;
    for (Buffer &b : buffers)
      order.push_back(&b);
    llvm::sort(order, [](const Buffer *a, const Buffer *b) {
      if (a->start != b->start)
        return a->start < b->start;
      if (a->size != b->size)
        return a->size > b->size;
      return a < b; // creation order
    });
    SmallVector<Buffer *> placed;
    uint64_t arena = 0;
    auto i64 = IntegerType::get(module.getContext(), 64);
    for (Buffer *b : order) {
      b->offset = firstFit(*b, placed);
      placed.push_back(b);
      arena = std::max(arena, b->offset + b->size);
      b->owner->setAttr(kSharedOffsetAttr, IntegerAttr::get(i64, b->offset));
    }
    if (arena)
      module->setAttr(kSharedBytesAttr, IntegerAttr::get(i64, arena));
    else
      module->removeAttr(kSharedBytesAttr);
    if (sharedLimit && arena > uint64_t(sharedLimit)) {
      // Point at the largest buffer: the reduction, conversion or dot whose
      // tile sizes (or num_warps, num_stages) to change.
      Buffer *big = order.front();
      for (Buffer *b : order)
        if (b->size > big->size)
          big = b;
      StringRef what = "this operation";
      Operation *owner = big->owner;
      if (isa<LocalAllocOp>(owner))
        what = "the shared-memory staging of this tl.dot operand";
      else if (owner->getName().getStringRef().ends_with("reduce"))
        what = "this reduction";
      else if (isa<ConvertLayoutOp>(owner))
        what = "this layout conversion";
      else if (owner->getName().getStringRef().ends_with("dot"))
        what = "this tl.dot";
      owner->emitError() << what << " needs " << big->size
                         << " bytes of shared memory, the kernel " << arena
                         << " in all; the target allows at most "
                         << uint64_t(sharedLimit)
                         << " per program (use smaller tiles, fewer warps or "
                            "fewer --num-stages)";
      return signalPassFailure();
    }
  }
};

} // namespace
