//===- SharedRuns.cpp - Vector accesses of register tiles in shared memory ===//
//
// A thread's elements of a tile (a blocked or accumulator layout) go to and
// come from shared memory at places the lowering knows as a function of the
// elements' indices: the row-major staging of convert_layout, trans and
// reshape, a local_alloc's swizzled buffer. planSharedRuns evaluates that
// function here, for every thread of the CTA (LayoutInfo::hostIndices), and
// finds
//  - runs: thread-local elements k, k+1, ..., k+r-1 whose places are
//    consecutive and aligned to r elements in every thread: one vector
//    access of up to 16 bytes (the pairs of an mma accumulator, the
//    sizePerThread chunk of a blocked layout, as far as a swizzle chunk
//    allows);
//  - bases: a run whose place is, in every thread, that of an earlier run
//    plus the same constant (rows 8 apart in an accumulator, swizzle
//    phases that repeat) gets its address as that run's plus an immediate
//    (findConstantOffsets): one live address register per class of runs
//    instead of one per access, which a loop would otherwise keep in
//    registers from its preheader.
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/TileGPUToLLVM.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tilegpu;

std::optional<SmallVector<SharedRun>>
mlir::tilegpu::planSharedRuns(const LayoutInfo &info, unsigned maxRun,
                              HostPlaceFn place) {
  if (!info.hasDims())
    return std::nullopt;
  unsigned threads = info.numThreads(), n = info.numElems();
  // The host evaluation costs threads x elements; beyond this the lowering
  // keeps one address an element.
  if (threads > 1024 || uint64_t(threads) * n > (1u << 18))
    return std::nullopt;
  std::vector<int64_t> at(size_t(threads) * n);
  for (unsigned t = 0; t < threads; ++t)
    for (unsigned k = 0; k < n; ++k)
      at[size_t(t) * n + k] = place(info.hostIndices(t, k));
  auto placeOf = [&](unsigned t, unsigned k) { return at[size_t(t) * n + k]; };
  // Is k .. k+r-1 one aligned run in every thread?
  auto isRun = [&](unsigned k, unsigned r) {
    for (unsigned t = 0; t < threads; ++t) {
      int64_t p = placeOf(t, k);
      if (p % r != 0)
        return false;
      for (unsigned j = 1; j < r; ++j)
        if (placeOf(t, k + j) != p + j)
          return false;
    }
    return true;
  };
  SmallVector<SharedRun> runs;
  maxRun = std::max(1u, unsigned(llvm::bit_floor(maxRun)));
  for (unsigned k = 0; k < n;) {
    unsigned r = maxRun;
    while (r > 1 && (k + r > n || !isRun(k, r)))
      r /= 2;
    runs.push_back({k, r, unsigned(runs.size()), 0});
    k += r;
  }
  SmallVector<std::pair<unsigned, int64_t>> bases =
      findConstantOffsets(runs.size(), threads, [&](unsigned t, unsigned j) {
        return placeOf(t, runs[j].first);
      });
  for (auto [run, base] : llvm::zip(runs, bases)) {
    run.base = base.first;
    run.delta = base.second;
  }
  return runs;
}

SmallVector<Value>
mlir::tilegpu::emitRunAddresses(OpBuilder &b, Location loc,
                                ArrayRef<SharedRun> runs, Type storeT,
                                function_ref<Value(unsigned k)> address) {
  auto ptrT = LLVM::LLVMPointerType::get(b.getContext(), kSharedAddrSpace);
  SmallVector<Value> ptrs(runs.size());
  for (auto [j, run] : llvm::enumerate(runs)) {
    if (run.base == j) {
      ptrs[j] = address(run.first);
      continue;
    }
    ptrs[j] = ptrs[run.base];
    if (run.delta)
      ptrs[j] =
          b.create<LLVM::GEPOp>(loc, ptrT, storeT, ptrs[j],
                                ArrayRef<LLVM::GEPArg>{int32_t(run.delta)});
  }
  return ptrs;
}

void mlir::tilegpu::storeRuns(OpBuilder &b, Location loc,
                              ArrayRef<SharedRun> runs, ArrayRef<Value> ptrs,
                              ArrayRef<Value> stored) {
  for (auto [run, ptr] : llvm::zip(runs, ptrs)) {
    Type storeT = stored[run.first].getType();
    if (run.length == 1) {
      b.create<LLVM::StoreOp>(loc, stored[run.first], ptr);
      continue;
    }
    auto vecT = VectorType::get({int64_t(run.length)}, storeT);
    Value v = b.create<LLVM::UndefOp>(loc, vecT);
    for (unsigned j = 0; j < run.length; ++j)
      v = b.create<LLVM::InsertElementOp>(loc, v, stored[run.first + j],
                                          i32Const(b, loc, j));
    b.create<LLVM::StoreOp>(loc, v, ptr,
                            run.length * sharedStorageBytes(storeT));
  }
}

void mlir::tilegpu::loadRuns(OpBuilder &b, Location loc,
                             ArrayRef<SharedRun> runs, ArrayRef<Value> ptrs,
                             Type storeT, MutableArrayRef<Value> loaded) {
  for (auto [run, ptr] : llvm::zip(runs, ptrs)) {
    if (run.length == 1) {
      loaded[run.first] = b.create<LLVM::LoadOp>(loc, storeT, ptr);
      continue;
    }
    // Volatile: LLVM would otherwise split a vector load that only feeds
    // extracts into scalar loads (VectorCombine) and merge back only some of
    // them (64 ld.shared.f32 of 128 in the 128x256 fp32 matmul epilogue).
    auto vecT = VectorType::get({int64_t(run.length)}, storeT);
    Value vec = b.create<LLVM::LoadOp>(loc, vecT, ptr,
                                       run.length * sharedStorageBytes(storeT),
                                       /*isVolatile=*/true);
    for (unsigned j = 0; j < run.length; ++j)
      loaded[run.first + j] =
          b.create<LLVM::ExtractElementOp>(loc, vec, i32Const(b, loc, j));
  }
}

unsigned mlir::tilegpu::maxSharedRun(Type storeT, uint64_t baseAlignBytes) {
  if (!storeT.isIntOrFloat() || storeT.isInteger(1))
    return 1;
  unsigned bytes = sharedStorageBytes(storeT);
  return std::max<uint64_t>(1, llvm::MinAlign(16, baseAlignBytes) / bytes);
}

int64_t mlir::tilegpu::hostSharedOffset(MemDescType buffer,
                                        ArrayRef<int64_t> idx) {
  // sharedOffset's arithmetic.
  ArrayRef<int64_t> shape = buffer.getShape();
  auto shared = dyn_cast_or_null<SharedAttr>(buffer.getEncoding());
  if (shared && shared.getMaxPhase() > 1)
    return shared.getOffset(idx[0], idx[1], shape[0], shape[1]);
  if (shared && shared.getTransposed())
    return idx[1] * shape[0] + idx[0];
  int64_t lin = 0;
  for (unsigned d = 0; d < shape.size(); ++d)
    lin = lin * shape[d] + idx[d];
  return lin;
}
