//===- Passes.td - Passes over the tile dialect ------------*- tablegen -*-===//

#ifndef TILE_PASSES
#define TILE_PASSES

include "mlir/Pass/PassBase.td"

def TileCombine : Pass<"tile-combine", "mlir::ModuleOp"> {
  let summary = "Peephole combines on tile IR";
  let description = [{
    Folds `acc + tile.dot(a, b, 0)` (either operand order) into
    `tile.dot(a, b, acc)`, so that `acc += tl.dot(a, b)` accumulates in place
    on tensor cores instead of adding a separate tile; moves the transpose of
    a loaded dot operand onto its pointers, and transposes on toward their
    sources; removes a reshape that undoes an earlier one through
    elementwise ops; folds compares of known
    non-negative values with 0; and merges two adjacent `scf.if`s on
    complementary conditions into one if/else (an early `return` reaches the
    IR so). Details in lib/Transforms/Combine.cpp.
  }];
  let dependentDialects = ["mlir::tile::TileDialect", "mlir::arith::ArithDialect",
                           "mlir::scf::SCFDialect"];
}

def TileCanonicalize : Pass<"tile-canonicalize"> {
  let summary = "The canonicalizer, applied to nested regions innermost first";
  let description = [{
    MLIR's canonicalizer (the patterns of every loaded dialect and op, with
    its defaults: top-down, normal region simplification, 10 iterations),
    applied first to each region nested in the op, innermost first, with
    that region as the rewrite's scope, then to the whole op. The result is
    the canonicalizer's; its cost differs on large loop bodies: the greedy
    driver puts every ancestor of a changed op back on its worklist, and
    checking an `scf.for` without results for deadness visits every op of
    its body, so a loop of n ops in which n ops change costs n^2 (a fully
    unrolled 32 x 32 `tl.static_range` nest of scalar loads and stores in a
    runtime loop: 20 s). Scoped to the loop's body, changes inside it do not
    queue the loop; the later runs over the enclosing regions find little
    left to change.
  }];
}

def TileCoarsenPrograms : Pass<"tile-coarsen-programs", "mlir::ModuleOp"> {
  let summary = "Run several programs in each CTA";
  let description = [{
    Rewrites the `tile.kernel` function so that one CTA runs `factor`
    consecutive programs along grid axis 0: the launcher starts
    ceil(G / factor) CTAs for a grid of G programs and passes G as a new,
    last `i32` parameter. Program i of CTA c is c * factor + i; those past
    G - 1 compute as program G - 1 with every store masked off, so they
    read only what a real program reads and write nothing.
    `tile.num_programs 0` becomes G.

    The programs are cloned in lockstep: each op of the body is emitted
    once per program before the next op, so program 1's loads are issued
    before program 0's first use of its own loads (more bytes in flight per
    thread). An `scf.for` or `scf.if` whose bounds or condition are the same
    for all programs becomes one loop or `if` carrying every program's
    values; others are cloned whole, one per program. Each program keeps its
    own order of memory accesses; accesses of different programs may
    interleave, as they may between CTAs.

    `factor = 0` chooses: 1 for kernels with `tile.dot`, `scf.while`, no
    `tile.program_id 0` or more than 4 `tile.reduce` ops (latency-bound
    programs: a top-k gating's rounds of max and argmax), and for kernels
    whose threads already load
    `target-bytes` or more per program step (all loads of the body counted,
    a loop's once); else, with a `tile.reduce`, 2 (each program adds its own
    cross-warp exchange), and without one the smallest power of two, at most
    8, with which every thread loads `stream-target-bytes`. The chosen factor
    is recorded as the module attribute `tile.programs_per_cta` when it is
    above 1.
  }];
  let options = [
    Option<"factor", "factor", "int", /*default=*/"0",
           "Programs per CTA (0: choose; 1: leave the kernel as it is)">,
    Option<"targetBytes", "target-bytes", "int", /*default=*/"32",
           "With factor = 0: kernels loading this many bytes a thread per "
           "step keep one program per CTA">,
    Option<"streamTargetBytes", "stream-target-bytes", "int",
           /*default=*/"128",
           "With factor = 0: bytes a thread should load per step in kernels "
           "without reductions">,
  ];
  let dependentDialects = ["mlir::tile::TileDialect", "mlir::arith::ArithDialect",
                           "mlir::scf::SCFDialect"];
}

def TileGroupPrograms : Pass<"tile-group-programs", "mlir::ModuleOp"> {
  let summary = "Launch the programs of tensor-core kernels in groups of rows";
  let description = [{
    Triton does not fix the order in which a grid's programs run, nor which
    CTA runs which program. For a `tile.kernel` with a `tile.dot` in a loop
    that uses `tile.program_id` 0 and 1 (a matmul over a 2-D grid of
    output tiles), the CTA launched at (x, y) runs the program that the
    grouped order of Triton's matmul tutorial puts at its launch position
    L = y * X + x (X, Y: `tile.num_programs` 0 and 1): `group` consecutive
    values of program id 0 at a time, id 0 fastest within them,
      first = (L / (group * Y)) * group, size = min(X - first, group),
      id0 = first + (L % (group * Y)) % size, id1 = (L % (group * Y)) / size.
    This is a bijection of the grid, so every program runs once, and the
    CTAs running at the same time share A and B tiles in L2 (a wave covers
    about group x (CTAs / group) output tiles instead of whole columns).
    Computed in 64 bits (X * Y may exceed 2^31). Other kernels (also those
    with a volatile load, which may poll what other programs write), and
    `group` <= 1, are left as they are.

    The plain order already shares tiles in L2 when the A operand it sweeps
    fits there: a wave then covers a few columns of output tiles, and every
    A row block stays in L2 for the next column. With `min-mib` > 0 the
    kernel takes the grouped order only when A is at least that large, as
    estimated at run time: X times the bytes of the first looped dot's A
    tile times that loop's trip count (K / BK), when the trip count depends
    only on the kernel's arguments (otherwise it always groups). H200 (50
    MiB of L2 in use): the seed's 64x64x32 16-bit tiles at 4096^3 (A 32
    MiB) run 3-6% faster in the plain order, at 8192^3 (128 MiB) 33%
    slower.
  }];
  let options = [
    Option<"group", "group", "int", /*default=*/"8",
           "Values of program id 0 per group (<= 1: leave the order)">,
    Option<"minMiB", "min-mib", "int", /*default=*/"0",
           "Group only when the swept A operand is estimated at this many "
           "MiB or more (0: always)">,
  ];
  let dependentDialects = ["mlir::tile::TileDialect", "mlir::arith::ArithDialect"];
}

def TileSplitMaskedLoops : Pass<"tile-split-masked-loops", "mlir::ModuleOp"> {
  let summary = "Split the loops of a dot where their masks are all-true";
  let description = [{
    A matmul's K loop masks its loads with `offs_k + k < K` (or `offs_k <
    K - k * BLOCK_K`), true everywhere but in the last, partial tile, yet
    evaluated element by element in every iteration (on the H200, 27 SELs
    and 28 ISETPs a warp an iteration of fp32 256x128x32 tiles). For a
    `scf.for` in a `tile.kernel` with a `tile.dot` directly in its body
    (not only in a nested loop) that the tensor cores can take (compute-capability >= 80; f16 x f16 or bf16 x bf16, or f32 x
    f32 with tf32 precision, into f32: the FMA path's fully unrolled dot is
    not worth a second copy), with a positive constant step, every
    comparison `lhs < rhs` (<=, >, >=; signed) of its body that
    feeds a tile select's condition (`tl.where`: a causal attention mask
    `offs_m[:, None] >= start_n + offs_n[None, :]`) or, with `load-masks`,
    a load's mask, through `arith.andi` and shape ops, and whose
    difference is linear, `a * iv + r + sum(k_i * w_i)` with a > 0, r a tile
    of known bounds (from `make_range`, constants, shape ops, add, sub and
    multiplication by constants) and w_i loop-invariant integer scalars, is
    true at every element for the iterations up to a point computed before
    the loop. The loop is split there: the first loop runs those iterations
    with the comparisons replaced by `true` (the canonicalizer then drops
    them from the masks), the second runs the rest (usually one iteration,
    or none) as written, with `tile.num_stages = 1` (not pipelined) where
    a load's mask was split (a causal mask is split BLOCK_M / BLOCK_N
    iterations before the end: both loops are pipelined). The
    results are the same; the arithmetic of the masks is assumed not to
    wrap, as the axis analysis assumes too (nor the split point: an i32 loop
    bound within one step of 2^31 is not supported). The compiler splits load
    masks with `--split-masked-loops` only (off by default; select
    conditions always): on the H200 the split
    fp32 256x128x32 kernel ran 5% slower than the unsplit one (305 against
    320 TFLOP/s at 8192^3; ptxas gives the kernel 239 registers against 202),
    although the same loop without its masks in the source ran 5% faster.
  }];
  let options = [
    Option<"computeCapability", "compute-capability", "int", /*default=*/"90",
           "Target SM version (below 80: no tensor cores, nothing is split)">,
    Option<"loadMasks", "load-masks", "bool", /*default=*/"true",
           "Split where loads' masks are all-true too (else only select conditions)">,
  ];
  let dependentDialects = ["mlir::tile::TileDialect", "mlir::arith::ArithDialect",
                           "mlir::scf::SCFDialect"];
}

def TileLoopPointerOffsets : Pass<"tile-loop-pointer-offsets", "mlir::ModuleOp"> {
  let summary = "Carry one scalar offset instead of each pointer tile a dot loop advances";
  let description = [{
    A matmul loop advances its operand pointer tiles by a uniform step each
    iteration (`a_ptrs += BLOCK_K * stride_ak`): carried as tiles, every
    thread keeps one 64-bit pointer per vector it loads live across the loop
    and updates each (ptxas also copies them into fresh register pairs for
    the copies: 32 of the 158 instructions of the 128x256x64 bf16 loop).
    For an scf.for with a tile.dot in its body, each iter_arg of pointer-tile
    type yielded as `addptr(p, splat(s))` (or a splat integer constant) with
    `s` invariant in the loop is replaced by an i64 offset, 0 at the start
    and advanced by `sext(s)`; the body uses `addptr(p0, splat(offset))`
    with `p0` the initial tile, and so does code after the loop. The
    addresses are the same; the pointers of `p0` are loop-invariant.

    Where a thread would hold more than `min-addresses` 64-bit addresses of
    the loop's advanced tiles (each tile's elements over the CTA's threads,
    over the elements one access of it reads), a `p0` made as
    `addptr(splat(base), d)` is rebuilt in the body on the advanced base,
    `addptr(addptr(splat(base), splat(offset)), d)`: only `d` stays live (an
    i32 a vector instead of an address), at the cost of forming each address
    again every iteration.
  }];
  let options = [
    Option<"minAddresses", "min-addresses", "int", /*default=*/"32",
           "Rebuild tiles made on a splat base in the loop only when a thread "
           "holds more addresses of the loop's advanced tiles than this">,
  ];
  let dependentDialects = ["mlir::tile::TileDialect", "mlir::arith::ArithDialect",
                           "mlir::scf::SCFDialect"];
}

def TilePrefetchLoads : Pass<"tile-prefetch-loads", "mlir::ModuleOp"> {
  let summary = "Load the next iteration's tiles of read-only loops a step early";
  let description = [{
    In an `scf.for` whose body only reads memory (no store, atomic or other
    side effect, no volatile or `.cv` load, which may poll what other programs
    write, no `tile.dot`: loops feeding tensor cores
    are pipelined through shared memory by `tilegpu-pipeline`), a tile
    `tile.load` of the body whose pointer, mask and `other` can be computed
    for another iteration (from the induction variable, values defined
    outside the loop, and iteration arguments that the body advances by pure
    ops, like `ptrs += BLOCK`) is issued one iteration early:

      x0 = load(i = lb)                      masked off unless lb < ub
      for i ... iter_args(x = x0):
        x_next = load(i + step)              masked off unless i + step < ub
        ... uses of the load use x ...
        yield x_next

    Each iteration then has the next iteration's loads in flight while it
    computes, rather than waiting for its own loads first (a loop that
    accumulates a row, as the row sum or a two-pass softmax does, keeps
    twice as many bytes in flight). Lanes masked off are not accessed, so
    the extra loads of the last iteration read nothing. The values computed
    are unchanged; only loads move, and the loop writes nothing. Loads are
    taken in body order while their registers (elements per thread from
    `tile.num_warps`, times their size) fit in `max-bytes` per thread.
  }];
  let options = [
    Option<"maxBytes", "max-bytes", "int", /*default=*/"64",
           "Bytes a thread may hold in prefetched tiles per loop (0: off)">,
  ];
  let dependentDialects = ["mlir::tile::TileDialect", "mlir::arith::ArithDialect",
                           "mlir::scf::SCFDialect"];
}

def TileSinkCasts : Pass<"tile-sink-casts", "mlir::ModuleOp"> {
  let summary = "Move widening casts of tiles down to their first use";
  let description = [{
    A widening cast of a tile (`arith.extf`, `extsi`, `extui`, `sitofp`,
    `uitofp` to a wider element type) whose users are all in its block (or
    in ops of it) moves to right before the first of them. The narrow
    operand, not the wide result, then stays live in between: Liger's
    LayerNorm casts its bf16 weight and bias to fp32 before the row's two
    reductions and uses them after; held as bf16 across them they take half
    the registers (Triton's code does the same). Nothing is computed again
    or in another order; the results do not change.
  }];
}

def TileRematAcrossReductions
    : Pass<"tile-remat-across-reductions", "mlir::ModuleOp"> {
  let summary = "Recompute large tiles after a reduction instead of keeping them";
  let description = [{
    A tile that is defined before a `tile.reduce` and used after it is held
    in registers while the reduction runs (its cross-warp exchange waits on
    a barrier). In the seed softmax over 32768 bf16 columns that is the row
    in fp32, then exp(row - max): 64 registers a thread (123 in all), which
    leaves room for one 512-thread CTA an SM and no overlap of one row's
    loads with another row's arithmetic. This pass recomputes such a tile W
    right after the reduction, for the uses after it, when W (of at least
    `min-bytes` a thread: elements over 32 * `tile.num_warps` threads, times
    their size) is computed by pure ops from loads of at most half its bytes
    (16-bit data computed on in fp32), scalars and small tiles: the loads are
    repeated, with a distinct `tile.remat` number each so that CSE keeps them
    apart, and the pure ops cloned. Only loads with no store, atomic or other
    write between them and the reduction are repeated, so they read the same
    values; the GPU lowering takes them from the registers of the first load
    (narrow, packed two to a register) rather than from memory. When it
    recomputes anything, the pass asks for 1024 threads an SM
    (`tile.min_ctas_per_sm`, PTX `.minnctapersm`), 64 registers a thread:
    without the request ptxas keeps the freed registers and the CTA count,
    and the recomputation only costs. So a kernel is changed only when its
    CTAs have at most 512 threads and the loads kept live (a plan made
    first, each counted once) take at most 40 of the 64 registers, together
    with the widest `tile.dot` accumulator of the kernel and the tiles the
    loops around a reduction carry (held in registers as well: an m64n128
    wgmma's accumulator alone takes 64); else it is left as it is. The first load of a chain is marked `tile.remat_src`
    and each reload `tile.remat_of` with that number.
  }];
  let options = [
    Option<"minBytes", "min-bytes", "int", /*default=*/"256",
           "Bytes a thread a tile must hold to be recomputed (0: off)">,
  ];
  let dependentDialects = ["mlir::tile::TileDialect"];
}

#endif // TILE_PASSES
