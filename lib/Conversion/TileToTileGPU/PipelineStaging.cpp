//===- PipelineStaging.cpp - Loads tilegpu-pipeline stages ----------------===//
//
// Which loads of a pipelined loop are copied into slots (asStagedLoad), and
// the loop's other loads that are staged beside its dot operands
// (stageOtherLoads) or given back to their readers (unstage).
//
//===----------------------------------------------------------------------===//

#include "PipelineStaging.h"
#include "PipelineTma.h"

#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

bool isZero(Value v) {
  return matchPattern(v, m_Zero()) || matchPattern(v, m_AnyZeroFloat());
}

/// Whether the operands of `load` are computed in `body` from the
/// induction variable and values defined outside the loop by pure ops only
/// (no loads, no other loop-carried values), so that the load can run
/// iterations ahead without changing what it reads besides its iteration.
bool addressesFromInductionVar(tile::LoadOp load, scf::ForOp loop) {
  Block *body = loop.getBody();
  SmallVector<Value> work(load->getOperands());
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (arg.getOwner() == body && arg != loop.getInductionVar())
        return false;
      continue;
    }
    Operation *d = v.getDefiningOp();
    if (!d || !loop->isAncestor(d) || !seen.insert(d).second)
      continue;
    if (d->getBlock() != body || d->getNumRegions() || !isPure(d))
      return false;
    work.append(d->operand_begin(), d->operand_end());
  }
  return true;
}

} // namespace

bool mlir::tilegpu::mayWriteGlobal(Operation *op) {
  auto iface = dyn_cast<MemoryEffectOpInterface>(op);
  if (!iface)
    return !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>();
  SmallVector<MemoryEffects::EffectInstance> effects;
  iface.getEffects(effects);
  return llvm::any_of(effects, [](const MemoryEffects::EffectInstance &e) {
    return isa<MemoryEffects::Write>(e.getEffect()) &&
           !isa<SharedMemory>(e.getResource());
  });
}

std::optional<StagedLoad> mlir::tilegpu::asStagedLoad(tile::LoadOp load) {
  if (!load->hasOneUse() || load.getIsVolatile())
    return std::nullopt;
  auto alloc = dyn_cast<LocalAllocOp>(*load->user_begin());
  if (!alloc || alloc.getInit() != load.getResult() ||
      alloc->getBlock() != load->getBlock())
    return std::nullopt;
  auto type = dyn_cast<RankedTensorType>(load.getType());
  if (!type || !type.getEncoding() || !type.getElementType().isIntOrFloat())
    return std::nullopt;
  if (load.getOther() && !isZero(load.getOther()))
    return std::nullopt;
  auto vec = load->getAttrOfType<IntegerAttr>("tilegpu.vector");
  unsigned v = vec ? vec.getInt() : 1;
  if (v > 1) {
    // A copy moves one sizePerThread run along the layout's fastest
    // dimension, which must be contiguous in the buffer as in memory: the
    // last one, or dimension 0 of a transposed buffer (stored column by
    // column). Otherwise one copy per element.
    auto layout = dyn_cast<BlockedAttr>(type.getEncoding());
    unsigned contiguous = contiguousDim(alloc.getType());
    if (!layout || layout.getOrder()[0] != contiguous ||
        layout.getSizePerThread()[contiguous] % v != 0)
      v = 1;
  }
  unsigned bytes =
      v * ((type.getElementType().getIntOrFloatBitWidth() + 7) / 8);
  if (bytes != 4 && bytes != 8 && bytes != 16)
    return std::nullopt;
  return StagedLoad{load, alloc, v};
}

void mlir::tilegpu::unstage(ArrayRef<StagedLoad> others) {
  for (const StagedLoad &s : others) {
    tile::LoadOp load = s.load;
    LocalAllocOp alloc = s.alloc;
    // Readers of the buffer itself (a dot's operand reads, views) get back
    // the staging copy the slot replaced.
    LocalAllocOp copy;
    for (Operation *user : llvm::make_early_inc_range(alloc->getUsers())) {
      auto read = dyn_cast<LocalLoadOp>(user);
      if (read && !isa<DotOperandAttr>(getLayout(read.getType())))
        continue;
      if (!copy) {
        OpBuilder b(load->getBlock(), std::next(load->getIterator()));
        copy = b.create<LocalAllocOp>(load.getLoc(), alloc.getType(),
                                      load.getResult());
      }
      user->replaceUsesOfWith(alloc.getResult(), copy.getResult());
    }
    for (Operation *user : llvm::make_early_inc_range(alloc->getUsers())) {
      Value v = load.getResult();
      if (user->getResult(0).getType() != v.getType()) {
        OpBuilder b(user);
        v = b.create<ConvertLayoutOp>(user->getLoc(),
                                      user->getResult(0).getType(), v);
      }
      user->getResult(0).replaceAllUsesWith(v);
      user->erase();
    }
    alloc->erase();
  }
}

SmallVector<StagedLoad>
mlir::tilegpu::stageOtherLoads(scf::ForOp loop, ArrayRef<StagedLoad> staged,
                               int stages, uint64_t sharedLimit) {
  Block *body = loop.getBody();
  int64_t bytes = 0;
  for (StagedLoad s : staged)
    bytes += int64_t(getBufferBytes(s.alloc.getType()));
  // The arguments the loop writes through; any other write: none staged.
  llvm::SmallPtrSet<Value, 4> written;
  bool unknownWrite = false;
  body->walk([&](Operation *op) {
    if (!mayWriteGlobal(op))
      return;
    Value ptr;
    if (auto st = dyn_cast<tile::StoreOp>(op))
      ptr = st.getPtr();
    else if (auto rmw = dyn_cast<tile::AtomicRMWOp>(op))
      ptr = rmw.getPtr();
    else if (auto cas = dyn_cast<tile::AtomicCASOp>(op))
      ptr = cas.getPtr();
    Value base = ptr ? kernelArgumentOf(ptr, /*throughViews=*/true) : Value();
    if (base)
      written.insert(base);
    else
      unknownWrite = true;
  });
  SmallVector<StagedLoad> others;
  if (unknownWrite)
    return others;
  llvm::SmallPtrSet<Operation *, 8> isStaged;
  for (StagedLoad s : staged)
    isStaged.insert(s.load.getOperation());
  SmallVector<tile::LoadOp> candidates;
  for (Operation &op : *body)
    if (auto load = dyn_cast<tile::LoadOp>(op))
      if (!isStaged.contains(load))
        candidates.push_back(load);
  for (tile::LoadOp load : candidates) {
    if (load.getIsVolatile() || load->use_empty())
      continue;
    auto type = dyn_cast<RankedTensorType>(load.getType());
    if (!type || !isa_and_nonnull<BlockedAttr>(type.getEncoding()) ||
        !type.getElementType().isIntOrFloat() ||
        type.getElementType().isInteger(1))
      continue;
    Value base = kernelArgumentOf(load.getPtr());
    if (!base || written.contains(base) ||
        !addressesFromInductionVar(load, loop))
      continue;
    // A load converted to another layout (an accumulator's) is read from
    // its slot in that layout: no second trip through shared memory.
    ConvertLayoutOp convert;
    if (load->hasOneUse())
      convert = dyn_cast<ConvertLayoutOp>(*load->user_begin());
    // A load whose layout runs along dimension 0 (a column-contiguous
    // access, such as a transposed operand's) is staged column by column
    // (a transposed, swizzled buffer), so that its copies move whole
    // runs.
    auto layout = cast<BlockedAttr>(type.getEncoding());
    Attribute encoding;
    if (type.getRank() == 2 && layout.getOrder()[0] == 0 &&
        layout.getSizePerThread()[0] > 1)
      encoding = getSwizzledSharedLayout(
          loop.getContext(), type.getShape(),
          type.getElementType().getIntOrFloatBitWidth(), /*transposed=*/true);
    // A load also copied as a dot operand (used by the dot and by
    // elementwise code): its slot is that operand's buffer, which the dot
    // reads in place of the copy.
    LocalAllocOp operandCopy;
    for (Operation *user : load->getUsers())
      if (auto a = dyn_cast<LocalAllocOp>(user))
        if (a.getInit() == load.getResult() && a.getType().getEncoding() &&
            a->getBlock() == load->getBlock() && !convert)
          operandCopy = a;
    MemDescType slotType =
        operandCopy ? operandCopy.getType()
                    : MemDescType::get(type.getShape(), type.getElementType(),
                                       encoding);
    OpBuilder b(load->getBlock(), std::next(load->getIterator()));
    auto alloc =
        b.create<LocalAllocOp>(load.getLoc(), slotType, load.getResult());
    auto read = b.create<LocalLoadOp>(
        load.getLoc(), convert ? convert.getType() : type, alloc);
    if (operandCopy) {
      operandCopy.replaceAllUsesWith(alloc.getResult());
      operandCopy.erase();
    }
    if (convert) {
      convert.replaceAllUsesWith(read.getResult());
      convert.erase();
    } else {
      load.getResult().replaceAllUsesExcept(read.getResult(), alloc);
    }
    std::optional<StagedLoad> s = asStagedLoad(load);
    if (!s ||
        int64_t(stages) * (bytes + int64_t(getBufferBytes(alloc.getType()))) >
            int64_t(sharedLimit)) {
      unstage(StagedLoad{load, alloc, 1});
      continue;
    }
    bytes += int64_t(getBufferBytes(alloc.getType()));
    others.push_back(*s);
  }
  return others;
}
