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
// storeElements and loadElements emit the accesses of a plan, or, where
// there is none (layouts without per-dimension places, tiles too large to
// evaluate here, a gather's computed reads), of runs a caller's rule gives,
// each at its own address: every shared-memory access of a register tile
// goes through them.
//
//===----------------------------------------------------------------------===//

#include "tilec/Conversion/TileGPUToLLVM.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tilegpu;

namespace {

/// A run of 1-byte elements (i1 kept as i8, fp8, i8) as one integer of 2
/// or 4 bytes, or as 32-bit words for 8 and 16: NVPTX has no 2-byte
/// vector of i8 registers and moves `<2 x i8>` through local memory (a
/// stack slot a load, 16 of them a thread in an i1 tile converted to an
/// mma layout), while integers and `<n x i32>` stay in registers.
Type packedType(OpBuilder &b, unsigned bytes) {
  if (bytes <= 4)
    return b.getIntegerType(8 * bytes);
  return VectorType::get({int64_t(bytes / 4)}, b.getI32Type());
}

Value packBytes(OpBuilder &b, Location loc, ArrayRef<Value> bytes) {
  unsigned n = bytes.size();
  unsigned wordBytes = std::min(n, 4u);
  Type wordT = b.getIntegerType(8 * wordBytes);
  SmallVector<Value> words;
  for (unsigned w = 0; w < n; w += wordBytes) {
    Value word = b.create<LLVM::ConstantOp>(loc, wordT, 0);
    for (unsigned i = 0; i < wordBytes; ++i) {
      Value byte = bytes[w + i];
      if (!byte.getType().isInteger(8))
        byte = b.create<LLVM::BitcastOp>(loc, b.getI8Type(), byte);
      Value v = b.create<LLVM::ZExtOp>(loc, wordT, byte);
      if (i)
        v = b.create<LLVM::ShlOp>(
            loc, v, b.create<LLVM::ConstantOp>(loc, wordT, 8 * i));
      word = b.create<LLVM::OrOp>(loc, word, v);
    }
    words.push_back(word);
  }
  if (n <= 4)
    return words.front();
  Value vec = b.create<LLVM::UndefOp>(loc, packedType(b, n));
  for (auto [w, word] : llvm::enumerate(words))
    vec = b.create<LLVM::InsertElementOp>(loc, vec, word, i32Const(b, loc, w));
  return vec;
}

void unpackBytes(OpBuilder &b, Location loc, Value ptr, Type storeT, unsigned n,
                 MutableArrayRef<Value> out) {
  Value packed = b.create<LLVM::LoadOp>(loc, packedType(b, n), ptr, n,
                                        /*isVolatile=*/true);
  unsigned wordBytes = std::min(n, 4u);
  Type wordT = b.getIntegerType(8 * wordBytes);
  for (unsigned i = 0; i < n; ++i) {
    Value word = n <= 4 ? packed
                        : b.create<LLVM::ExtractElementOp>(
                              loc, packed, i32Const(b, loc, i / 4));
    unsigned shift = 8 * (i % wordBytes);
    if (shift)
      word = b.create<LLVM::LShrOp>(
          loc, word, b.create<LLVM::ConstantOp>(loc, wordT, shift));
    out[i] = b.create<LLVM::TruncOp>(loc, b.getI8Type(), word);
    if (storeT != out[i].getType())
      out[i] = b.create<LLVM::BitcastOp>(loc, storeT, out[i]);
  }
}

} // namespace

bool mlir::tilegpu::hostEvaluable(unsigned threads, uint64_t elems) {
  return threads <= 1024 && uint64_t(threads) * elems <= (1u << 18);
}

std::optional<SmallVector<SharedRun>>
mlir::tilegpu::planSharedRuns(const LayoutInfo &info, unsigned maxRun,
                              HostPlaceFn place) {
  if (!info.hasDims())
    return std::nullopt;
  unsigned threads = info.numThreads(), n = info.numElems();
  // Beyond the budget the lowering keeps one address an element.
  if (!hostEvaluable(threads, n))
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

namespace {

/// The runs of `n` elements: `planned`, or `runAt(k)` elements at a time
/// (at least 1), each run its own base.
SmallVector<SharedRun>
runsOf(unsigned n, const std::optional<SmallVector<SharedRun>> &planned,
       function_ref<unsigned(unsigned k)> runAt) {
  if (planned)
    return *planned;
  SmallVector<SharedRun> runs;
  for (unsigned k = 0; k < n;) {
    unsigned r = std::max(1u, runAt(k));
    runs.push_back({k, r, unsigned(runs.size()), 0});
    k += r;
  }
  return runs;
}

} // namespace

mlir::tilegpu::RunAddresses::RunAddresses(
    OpBuilder &b, Location loc, ArrayRef<SharedRun> runs, bool planned,
    Type storeT, function_ref<Value(unsigned k)> address, bool eager)
    : b(b), loc(loc), runs(runs), planned(planned), storeT(storeT),
      address(address) {
  if (!planned)
    return;
  ptrs.resize(runs.size());
  if (eager)
    for (unsigned j = 0; j < runs.size(); ++j)
      (*this)[j];
}

Value mlir::tilegpu::RunAddresses::operator[](unsigned j) {
  if (!planned)
    return address(runs[j].first);
  if (ptrs[j])
    return ptrs[j];
  const SharedRun &run = runs[j];
  if (run.base == j)
    return ptrs[j] = address(run.first);
  Value p = (*this)[run.base];
  if (run.delta) {
    auto ptrT = LLVM::LLVMPointerType::get(b.getContext(), kSharedAddrSpace);
    p = b.create<LLVM::GEPOp>(loc, ptrT, storeT, p,
                              ArrayRef<LLVM::GEPArg>{int32_t(run.delta)});
  }
  return ptrs[j] = p;
}

void mlir::tilegpu::storeElements(
    OpBuilder &b, Location loc,
    const std::optional<SmallVector<SharedRun>> &planned,
    function_ref<unsigned(unsigned k)> runAt,
    function_ref<Value(unsigned k)> address, ArrayRef<Value> values) {
  if (values.empty())
    return;
  Type storeT = sharedStorageType(values.front().getType());
  // Planned: the values converted to their storage type first, then the
  // addresses, then the stores; unplanned: each at its store.
  SmallVector<Value> stored;
  if (planned)
    for (Value v : values)
      stored.push_back(toSharedStorage(b, loc, v));
  auto storedAt = [&](unsigned k) {
    return planned ? stored[k] : toSharedStorage(b, loc, values[k]);
  };
  SmallVector<SharedRun> runs = runsOf(values.size(), planned, runAt);
  RunAddresses ptrs(b, loc, runs, planned.has_value(), storeT, address);
  for (auto [j, run] : llvm::enumerate(runs)) {
    Value ptr = ptrs[j];
    if (run.length == 1) {
      b.create<LLVM::StoreOp>(loc, storedAt(run.first), ptr);
      continue;
    }
    if (sharedStorageBytes(storeT) == 1) {
      SmallVector<Value> bytes;
      for (unsigned i = 0; i < run.length; ++i)
        bytes.push_back(storedAt(run.first + i));
      Value packed = packBytes(b, loc, bytes);
      b.create<LLVM::StoreOp>(loc, packed, ptr, run.length);
      continue;
    }
    auto vecT = VectorType::get({int64_t(run.length)}, storeT);
    Value v = b.create<LLVM::UndefOp>(loc, vecT);
    for (unsigned i = 0; i < run.length; ++i)
      v = b.create<LLVM::InsertElementOp>(loc, v, storedAt(run.first + i),
                                          i32Const(b, loc, i));
    b.create<LLVM::StoreOp>(loc, v, ptr,
                            run.length * sharedStorageBytes(storeT));
  }
}

void mlir::tilegpu::loadElements(
    OpBuilder &b, Location loc,
    const std::optional<SmallVector<SharedRun>> &planned,
    function_ref<unsigned(unsigned k)> runAt,
    function_ref<Value(unsigned k)> address, Type storeT,
    MutableArrayRef<Value> loaded) {
  SmallVector<SharedRun> runs = runsOf(loaded.size(), planned, runAt);
  RunAddresses ptrs(b, loc, runs, planned.has_value(), storeT, address);
  for (auto [j, run] : llvm::enumerate(runs)) {
    Value ptr = ptrs[j];
    if (run.length == 1) {
      loaded[run.first] = b.create<LLVM::LoadOp>(loc, storeT, ptr);
      continue;
    }
    // Volatile: LLVM would otherwise split a vector load that only feeds
    // extracts into scalar loads (VectorCombine) and merge back only some of
    // them (64 ld.shared.f32 of 128 in the 128x256 fp32 matmul epilogue).
    if (sharedStorageBytes(storeT) == 1) {
      unpackBytes(b, loc, ptr, storeT, run.length,
                  loaded.slice(run.first, run.length));
      continue;
    }
    auto vecT = VectorType::get({int64_t(run.length)}, storeT);
    Value vec = b.create<LLVM::LoadOp>(loc, vecT, ptr,
                                       run.length * sharedStorageBytes(storeT),
                                       /*isVolatile=*/true);
    for (unsigned i = 0; i < run.length; ++i)
      loaded[run.first + i] =
          b.create<LLVM::ExtractElementOp>(loc, vec, i32Const(b, loc, i));
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
    return hostLinearIndex({idx[1], idx[0]}, {shape[1], shape[0]});
  return hostLinearIndex(idx, shape);
}

int64_t mlir::tilegpu::hostLinearIndex(ArrayRef<int64_t> idx,
                                       ArrayRef<int64_t> shape) {
  int64_t lin = 0;
  for (unsigned d = 0; d < shape.size(); ++d)
    lin = lin * shape[d] + idx[d];
  return lin;
}
