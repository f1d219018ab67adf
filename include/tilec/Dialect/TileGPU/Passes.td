//===- Passes.td - tilegpu passes and conversions ----------*- tablegen -*-===//

#ifndef TILEGPU_PASSES
#define TILEGPU_PASSES

include "mlir/Pass/PassBase.td"

def ConvertTileToTileGPU : Pass<"convert-tile-to-tilegpu", "mlir::ModuleOp"> {
  let summary = "Give every tensor of tile IR a blocked layout for num_warps";
  let description = [{
    Assigns each ranked tensor the default blocked layout of its rank (so
    that elementwise ops and broadcasts need no data movement), a reduction's
    result the slice of its operand's layout, and inserts
    `tilegpu.convert_layout` where an operand must be in another layout
    (expand_dims operands, loop-carried values, if results).

    Tensor cores (compute capability >= 80): a `tile.dot` of f16 x f16 or
    bf16 x bf16 (m16n8k16), or f32 x f32 with input_precision = tf32
    (m16n8k8), accumulating in f32, whose M, N, K fit the warps' tiles gets
    the `#tilegpu.mma` layout for its accumulator and result; each operand
    is staged through a swizzled shared-memory buffer (`local_alloc` with a
    `#tilegpu.shared` encoding) and read back in its `#tilegpu.dot_op`
    register layout (`local_load`, ldmatrix). A loop-carried accumulator
    keeps the mma layout across iterations. Other dots use the FMA path.

    What is computed from a tensor-core dot's result stays in its
    accumulator layout (AccumulatorLayouts.h): elementwise ops, broadcasts,
    reductions (the slice of the mma layout), expand_dims of such a slice,
    loop-carried and `if` values that carry them; a computed dot operand is
    staged from it. Conversions are left where such a value meets memory
    or an op that needs a blocked layout.
    With use-wgmma (sm_90a), f16/bf16 dots whose M is a multiple of
    16 * num_warps (whole warpgroups along M), N a multiple of 16 up to 256
    and K of 16 get the version-3 mma layout: `wgmma.mma_async` reads both
    operands from the swizzled buffers.
  }];
  let options = [
    Option<"numWarps", "num-warps", "int", /*default=*/"0",
           "Warps per CTA (0: the module's tile.num_warps, else 4)">,
    Option<"computeCapability", "compute-capability", "int", /*default=*/"90",
           "Target compute capability; from 80 on, dots that fit go to "
           "the tensor cores (mma layouts)">,
    Option<"useWgmma", "use-wgmma", "bool", /*default=*/"false",
           "Hopper (sm_90a): f16/bf16 dots that fit use wgmma (mma version "
           "3) with operands read from shared memory">,
  ];
  let dependentDialects = ["mlir::tilegpu::TileGPUDialect"];
}

def TileGPUCoalesce : Pass<"tilegpu-coalesce", "mlir::ModuleOp"> {
  let summary = "Pick per-thread vector widths for global loads and stores";
  let description = [{
    Runs the axis analysis (contiguity, divisibility, constancy of integer
    and pointer tiles, seeded by make_range and the signature's divisibility
    hints) and annotates each tile.load / tile.store with the widest vector
    (up to 128 bits) the analysis and the layout allow: the tile's blocked
    layout gets that many elements per thread along its fastest dimension
    (every tile of that layout, so no conversion is needed) and the op the
    attribute `tilegpu.vector` (elements per access). A rank-2 layout's
    lanes are fitted to its narrowest access, unless another arrangement
    gives a thread fewer registers of the layout's largest tile.
  }];
  let options = [
    Option<"printAxisInfo", "print-axis-info", "bool", /*default=*/"false",
           "Test only: attach the analysis of each integer / pointer result "
           "as a `tilegpu.axis_info` string attribute">,
  ];
  let dependentDialects = ["mlir::tilegpu::TileGPUDialect"];
}

def TileGPUStoreLayouts : Pass<"tilegpu-store-layouts", "mlir::ModuleOp"> {
  let summary = "A layout of its own for a store or atomic update that would write partial sectors";
  let description = [{
    A store (or an atomic update whose old values nobody reads) whose
    blocked layout of rank 1 or 2 gives a thread more consecutive elements
    along the fastest dimension than one access writes (an fp32 result
    through the 8-element layout of 16-bit loads) spaces its lanes wider
    than its vectors, so every instruction writes part of each 32-byte
    sector and every sector is written twice. Such an access gets the
    layout with `tilegpu.vector` elements a thread and its lanes along the
    fastest dimension. Its pointer and mask are recomputed in it by cloning
    cheap producers (splat, make_range, expand_dims, broadcast, addptr,
    arith, splat constants) up to convert_layouts, which then convert
    straight to the new layout; so is its value when it is that cheap, and
    otherwise the value is converted through shared memory (Triton's
    coalescing does the same), when that takes at most `max-convert-bytes`.
    An access of one element (`tilegpu.vector` = 1) moves only where its
    pointers are consecutive along the row (`tilegpu.contiguity`) or its old
    layout has threads hold copies of elements.
  }];
  let options = [
    Option<"maxConvertBytes", "max-convert-bytes", "uint64_t",
           /*default=*/"131072",
           "The largest value (bytes) converted through shared memory to "
           "give a store or atomic update whole sectors; 0: only values "
           "recomputed by cloning">,
  ];
  let dependentDialects = ["mlir::tilegpu::TileGPUDialect"];
}

def TileGPULoadLayouts : Pass<"tilegpu-load-layouts", "mlir::ModuleOp"> {
  let summary = "A blocked layout of its own for each load staged in shared memory";
  let description = [{
    A rank-2 tile.load whose only user is a local_alloc (the staging of a
    tensor-core operand) and whose warps read less than a 128-byte line of
    a row per access gets the blocked layout that fits its own tile: as
    many lanes along the fastest dimension as the tile has vectors
    (tilegpu.vector elements) there, up to one 128-byte line, the rest
    along the other dimension, same warps and order, when that replicates
    nothing. Its
    pointers, mask and `other` are rematerialized in that layout (pure
    producers cloned; a loop-carried pointer gets a loop-carried twin),
    else converted. Runs after tilegpu-coalesce.
  }];
  let dependentDialects = ["mlir::tilegpu::TileGPUDialect", "mlir::scf::SCFDialect"];
}

def TileGPUPipeline : Pass<"tilegpu-pipeline", "mlir::ModuleOp"> {
  let summary = "Software-pipeline loops that load tensor-core dot operands";
  let description = [{
    For an scf.for that loads tensor-core dot operands (a tile.load whose
    one user is the `local_alloc` staging it), the loads become `cp.async`
    copies (`tilegpu.async_copy`) into a buffer of `num_stages` slots,
    issued `num_stages - 1` iterations ahead. The loop's other loads go the
    same way, each into a plain buffer read back (`local_load`) in the
    layout its user converted it to, where their `other` is 0 (or absent),
    their addresses come from the induction variable alone, no store or
    atomic of the loop writes through their kernel argument, and the slots
    of all stages fit next to the operands' (else the loop is pipelined with
    its dot operands alone):
      prologue: the copies of iterations 0 .. S-2 (each predicated on the
                iteration existing), one commit group each;
      iteration i: async_wait (S-2 groups may stay pending), a barrier (the
                copies of iteration i are visible, and every thread is done
                with slot (i-1) % S), the copies of iteration i+S-1 into slot
                (i+S-1) % S, commit, then the loop body reading slot i % S;
      after the loop: async_wait 0 and a barrier.
    A Hopper dot (wgmma) whose result is the loop-carried accumulator keeps
    its last wgmma group(s) in flight into the next iteration
    (tilegpu.wgmma_pendings = 1). With 2 or 3 stages its copies move after the
    dot (and a barrier, with several warpgroups) and refill slot (i-1) % S;
    with 4 or more they run S-2 iterations ahead instead, issued right after
    the loop's one barrier into slot (i-2) % S, whose readers the previous
    iteration's wait_group has retired.
    The ops that compute the loads' pointers and masks (and the loop-carried
    values they advance) run S-1 iterations ahead (where code after the loop
    uses such a value, the loop also carries it at the current iteration);
    the loop is left alone unless they are pure, feed nothing else in the
    body, and each load's `other` is 0
    (zero fill) and its access 4, 8 or 16 bytes (`tilegpu.vector`). The
    stage count is the loop's `tile.num_stages` (tl.range(num_stages=...)),
    else the option, lowered until the buffers fit in shared memory; 1 or
    less turns pipelining off.
    A loop marked `tile.warp_specialize` (tl.range(warp_specialize=True))
    whose staged operands are all copied with TMA for wgmma dots gets a
    producer warpgroup instead (tilegpu.warp_specialize at the top of the
    kernel issues the copies; the kernel's warps wait on a `full` mbarrier a
    slot and release the slot on an `empty` one; PipelineWarpSpec.cpp).
    A loop pipelined with cp.async copies directly in a loop marked
    `tile.flatten` (tl.range(..., flatten=True): a persistent kernel's tile
    loop) gets its slots before the tile loop, and its prologue moves: the
    first tile's before the tile loop, and each tile issues the next tile's
    first copies after its loop's final wait and barrier, before its
    epilogue, where the values they read come from pure code of the tile
    loop's induction variable and the slots fit beside the epilogue's
    staging (PipelineNextTile.cpp).
  }];
  let options = [
    Option<"numStages", "num-stages", "int", /*default=*/"3",
           "Stages for loops without tile.num_stages (<= 1: off)">,
    Option<"sharedLimit", "shared-limit", "int", /*default=*/"232448",
           "Bytes of shared memory a CTA may use (the buffers must fit)">,
  ];
  let dependentDialects = ["mlir::tilegpu::TileGPUDialect",
                           "mlir::arith::ArithDialect", "mlir::scf::SCFDialect"];
}

def TileGPUSharedReadLayouts : Pass<"tilegpu-shared-read-layouts", "mlir::ModuleOp"> {
  let summary = "Read staged tiles again in the layout their converted users need";
  let description = [{
    After tilegpu-pipeline: a convert_layout in a loop, to a blocked or
    accumulator layout, of a tile computed by elementwise ops from reads of
    shared buffers (`tilegpu.local_load` in a register layout), loop-invariant
    tiles and scalars, is replaced by the same ops on reads made again in the
    target layout (right after the original reads), the invariant tiles
    converted once after their definitions: a shared-memory read instead of
    a store, a barrier and a read. A conversion of a loop-invariant tile in a
    loop moves right after the tile's definition.
  }];
  let dependentDialects = ["mlir::tilegpu::TileGPUDialect"];
}

def TileGPURematAfterLoops : Pass<"tilegpu-remat-after-loops", "mlir::ModuleOp"> {
  let summary = "Recompute index tiles after tensor-core loops instead of keeping them live";
  let description = [{
    A tile of indices, pointers or masks defined before a loop that runs a
    `tile.dot`, used after the loop and not in it (a matmul epilogue's
    `pid_m * BLOCK_M + tl.arange(0, BLOCK_M)`, which its prologue computed
    too), would hold its registers through the loop beside the
    accumulator. It is recomputed right after the loop instead, when every
    tile it comes from is a cheap producer (make_range, splat,
    expand_dims, broadcast, addptr, axis hints, pure arith); scalars are
    reused. The recomputed make_range ops carry `tile.opaque`, which CSE
    does not merge and the GPU lowering honours by reading the thread index
    afresh, so that LLVM does not fold the copies back into the values
    computed before the loop.
  }];
  let dependentDialects = ["mlir::tilegpu::TileGPUDialect"];
}

def TileGPUTmaStores : Pass<"tilegpu-tma-stores", "mlir::ModuleOp"> {
  let summary = "Write host-descriptor blocks with TMA stores";
  let description = [{
    A `tile.store` with block coordinates (a 2-D block of a host tensor
    descriptor, or one of rank 3 to 5 with leading unit dimensions, every
    dimension bounds-checked: `desc.store(...)`) of 16-bit
    elements becomes
    a `tilegpu.local_alloc` of the value, in the layout it is computed in
    (before the conversions to the store's layout), in the swizzled layout
    a TMA copy reads, and a `tilegpu.tma_store` of that buffer, as Triton's
    Hopper epilogues do: one thread issues the copy and the hardware clips
    it to the tensor. TMA writes whole 16-byte chunks of a row: where the
    divisibility of the descriptor's inner size (`tensordesc<...>:16`)
    does not prove that the rows end on one, the kernel branches on it (the
    TMA store, else the store as it was). Stores through a descriptor that
    the kernel also reads (loads, copies) or stores without coordinates,
    in kernels with atomics (which may publish the stored data to other
    programs: a TMA store completes asynchronously), and where the buffer
    and the shared buffers live at the store would pass the shared-memory
    limit are left as they are.
  }];
  let options = [
    Option<"sharedLimit", "shared-limit", "int", /*default=*/"232448",
           "Bytes of shared memory a CTA may use">,
  ];
  let dependentDialects = ["mlir::tilegpu::TileGPUDialect",
                           "mlir::arith::ArithDialect", "mlir::scf::SCFDialect"];
}

def TileGPUVersionBounds : Pass<"tilegpu-version-bounds", "mlir::ModuleOp"> {
  let summary = "Branch once between whole-vector and exact versions of bounded regions";
  let description = [{
    In each block, the ops from the first access under a prefix mask
    (`tilegpu.mask_prefix`: a bound check `offs < n` of contiguous indices)
    to the last one are versioned on `tilegpu.runs_in_bounds` of their
    masks: a thread whose runs are all in bounds runs a copy whose accesses
    are whole unpredicated vectors (`tilegpu.in_bounds`), the others the
    ops as they were. Only where every op of the span computes on the
    thread's own registers (pure arith and math, loads, stores, pointer and
    index tiles) and the masks' ops are pure (they move ahead of the span).
  }];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::arith::ArithDialect"];
}

def TileGPURemoveLayoutConversions
    : Pass<"tilegpu-remove-layout-conversions", "mlir::ModuleOp"> {
  let summary = "Remove layout conversions by rematerializing cheap producers";
  let description = [{
    A `tilegpu.convert_layout` costs a round trip through shared memory and
    two barriers. When its source is cheap to compute in any layout (a
    make_range, a splat, a splat constant) it is recreated in the target
    layout; when the source is an elementwise op with no other user, the
    conversion moves to the op's operands, so it keeps climbing until it
    reaches such a producer. Conversions of conversions and no-op
    conversions fold away.
  }];
  let dependentDialects = ["mlir::tilegpu::TileGPUDialect"];
}

def TileGPUAllocateShared : Pass<"tilegpu-allocate-shared", "mlir::ModuleOp"> {
  let summary = "Give every shared-memory buffer an offset in one arena";
  let description = [{
    Every op whose lowering stages data through shared memory (its scratch,
    getScratchBytes: convert_layout, trans, reshape, cross-warp reduce, dot)
    is a buffer live only at that op. Buffers get live intervals over a
    linear (pre-order) numbering of the module's ops (a buffer used inside a
    loop but defined outside it lives through the whole loop) and are placed
    first-fit, at offsets aligned to 16 bytes (1024 for swizzled buffers), so that buffers live at the
    same time never overlap. Each user gets the attribute
    `tilegpu.shared_offset` (i64) and the module `tilegpu.shared_bytes`
    (the arena's size; absent when nothing uses shared memory). With
    `shared-limit` (bytes, 0: none) an arena past it is an error at the op
    with the largest buffer.
  }];
  let options = [
    Option<"sharedLimit", "shared-limit", "uint64_t", /*default=*/"0",
           "Bytes of shared memory a program may use (0: no check)">,
  ];
  let dependentDialects = ["mlir::tilegpu::TileGPUDialect"];
}

def TileGPUInsertBarriers : Pass<"tilegpu-insert-barriers", "mlir::ModuleOp"> {
  let summary = "Insert barriers between overlapping shared-memory accesses";
  let description = [{
    Runs after tilegpu-allocate-shared. Tracks, along program order, the
    shared-memory ranges accessed since the last barrier (joining the
    branches of scf.if, iterating loops to a fixed point so that accesses
    of one iteration meet the next one's, conservative for other region
    ops and calls) and inserts `tilegpu.barrier` before a shared-memory user
    whose range overlaps one of them. A user ends with reads after a barrier
    of its own, so after it only its own range is pending. Marks the module
    `tilegpu.barriers_inserted` (the lowerings then emit no barrier before
    an op's first write).
  }];
  let dependentDialects = ["mlir::tilegpu::TileGPUDialect"];
}

def ConvertTileGPUToLLVM : Pass<"convert-tilegpu-to-llvm", "mlir::ModuleOp"> {
  let summary = "Lower tilegpu IR to the LLVM and NVVM dialects";
  let description = [{
    Each thread's elements of a tile become an LLVM struct; tile ops, arith
    and math on tensors, layout conversions and reductions become per-thread
    scalar code with shuffles, shared memory and barriers. scf keeps its
    structure (with struct-typed values) for the later scf-to-cf step.
    Shared memory: each op's scratch starts at its `tilegpu.shared_offset`
    (tilegpu-allocate-shared; 0 without one) and, once
    tilegpu-insert-barriers has marked the module, an op emits no barrier
    before its first write. Run alone, each op starts with a barrier and
    raises `tilegpu.shared_bytes` to its scratch, so the code is correct
    either way.
  }];
  let options = [
    Option<"computeCapability", "compute-capability", "int", /*default=*/"90",
           "Target compute capability (80, 90)">,
  ];
  let dependentDialects = ["mlir::LLVM::LLVMDialect", "mlir::NVVM::NVVMDialect"];
}

#endif // TILEGPU_PASSES
