//===- TileOps.td - Ops of the tile dialect ----------------*- tablegen -*-===//
//
// The umbrella file of the dialect (the LLVM_TARGET_DEFINITIONS): includes the
// dialect, types and attributes and defines every op.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_DIALECT_TILE_TILEOPS_TD
#define TILEC_DIALECT_TILE_TILEOPS_TD

include "TileDialect.td"
include "TileTypes.td"
include "TileAttrs.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Program ids
//===----------------------------------------------------------------------===//

class Tile_ProgramIndexOp<string mnemonic> : Tile_Op<mnemonic, [Pure]> {
  let arguments = (ins I32Attr:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict";
  let hasVerifier = 1;
  let builders = [OpBuilder<(ins "int32_t":$axis)>];
}

def Tile_ProgramIdOp : Tile_ProgramIndexOp<"program_id"> {
  let summary = "Index of the running program along a launch-grid axis";
  let description = [{
    Returns the index of the current program (thread block) along `axis`
    (0, 1 or 2) of the launch grid, as an `i32`.

    ```mlir
    %pid = tile.program_id 0
    ```
  }];
}

def Tile_NumProgramsOp : Tile_ProgramIndexOp<"num_programs"> {
  let summary = "Number of programs along a launch-grid axis";
  let description = [{
    Returns the size of the launch grid along `axis` (0, 1 or 2) as an `i32`.

    ```mlir
    %n = tile.num_programs 1
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Tile construction and shape manipulation
//===----------------------------------------------------------------------===//

def Tile_MakeRangeOp : Tile_Op<"make_range", [Pure]> {
  let summary = "Tile of consecutive integers";
  let description = [{
    Produces the 1-D tile `[start, start + 1, ..., end - 1]` of `i32`. The
    length `end - start` must be a positive power of two.

    ```mlir
    %r = tile.make_range 0 to 128 : tensor<128xi32>
    ```
  }];
  let arguments = (ins I32Attr:$start, I32Attr:$end);
  let results = (outs RankedTensorOf<[I32]>:$result);
  let assemblyFormat = "$start `to` $end attr-dict `:` type($result)";
  let hasVerifier = 1;
  let builders = [OpBuilder<(ins "int32_t":$start, "int32_t":$end)>];
}

def Tile_SplatOp : Tile_Op<"splat", [Pure]> {
  let summary = "Tile filled with a scalar";
  let description = [{
    Produces a tile whose elements all equal the scalar operand; the element
    type of the result is the type of the operand.

    ```mlir
    %t = tile.splat %x : f32 -> tensor<128xf32>
    ```
  }];
  let arguments = (ins Tile_Scalar:$src);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Tile_BroadcastOp : Tile_Op<"broadcast", [Pure]> {
  let summary = "Broadcast the unit dimensions of a tile";
  let description = [{
    Repeats the operand along its dimensions of size 1 to the result shape.
    Operand and result have the same rank and element type; each operand
    dimension equals the result dimension or is 1.

    ```mlir
    %b = tile.broadcast %t : tensor<1x64xf32> -> tensor<32x64xf32>
    ```
  }];
  let arguments = (ins Tile_Tensor:$src);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Tile_ExpandDimsOp : Tile_Op<"expand_dims", [Pure]> {
  let summary = "Insert a dimension of size 1";
  let description = [{
    Inserts a dimension of size 1 before dimension `axis` of the operand;
    `axis` equal to the operand rank appends it.

    ```mlir
    %e = tile.expand_dims %t {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
    ```
  }];
  let arguments = (ins Tile_Tensor:$src, I32Attr:$axis);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
  let builders = [OpBuilder<(ins "::mlir::Value":$src, "int32_t":$axis)>];
}

def Tile_ReshapeOp : Tile_Op<"reshape", [Pure]> {
  let summary = "Reinterpret a tile with another shape";
  let description = [{
    Reshapes the operand in row-major order; element type and element count
    are preserved.

    ```mlir
    %r = tile.reshape %t : tensor<4x16xf32> -> tensor<64xf32>
    ```
  }];
  let arguments = (ins Tile_Tensor:$src);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Tile_TransOp : Tile_Op<"trans", [Pure]> {
  let summary = "Permute the dimensions of a tile";
  let description = [{
    Permutes the dimensions of the operand: dimension `i` of the result is
    dimension `order[i]` of the operand. `order` is a permutation of
    `[0, rank)`.

    ```mlir
    %t = tile.trans %x {order = array<i32: 1, 0>} : tensor<32x64xf16> -> tensor<64x32xf16>
    ```
  }];
  let arguments = (ins Tile_Tensor:$src, DenseI32ArrayAttr:$order);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Value":$src, "::llvm::ArrayRef<int32_t>":$order)>
  ];
}

def Tile_SplitOp : Tile_Op<"split", [Pure]> {
  let summary = "Take the two halves of a tile selected by one index bit";
  let description = [{
    Splits `src` along dimension `axis` by the bit of value `stride` (a
    power of two) of the index along it: `lo` holds the elements whose bit
    is 0, `hi` those whose bit is 1, each in order, so the results are
    `src` with dimension `axis` halved: lo[.., j, ..] = src[.., i, ..] with
    i = (j / stride) * 2 * stride + j % stride, hi the same at i + stride.
    With `stride` half the dimension these are its first and second halves;
    with 1, its even and odd positions.

    It is what `tl.split` computes from a tile that `tl.reshape` (and
    `tl.permute`) gave a last dimension of 2 made of one index bit of a
    dimension, e.g. `tl.split(tl.permute(tl.reshape(x, (M, 2, N // 2)),
    (0, 2, 1)))` (the halves of x's columns). Where that bit is a register
    bit of the operand's layout (a repeat of an mma accumulator or blocked
    layout, or within a blocked layout's per-thread vector), the results
    are registers of the operand's.

    ```mlir
    %lo, %hi = tile.split %acc {axis = 1 : i32, stride = 128 : i64}
        : tensor<128x256xf32> -> tensor<128x128xf32>, tensor<128x128xf32>
    ```
  }];
  let arguments = (ins Tile_Tensor:$src, I32Attr:$axis, I64Attr:$stride);
  let results = (outs Tile_Tensor:$lo, Tile_Tensor:$hi);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($lo) `,` type($hi)";
  let hasVerifier = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Value":$src, "int32_t":$axis, "int64_t":$stride)>
  ];
}

def Tile_JoinOp : Tile_Op<"join", [Pure, AllTypesMatch<["lo", "hi"]>]> {
  let summary = "Interleave two tiles by one index bit (the inverse of tile.split)";
  let description = [{
    The tile whose dimension `axis` is twice `lo`'s and whose elements with
    the bit of value `stride` of their index along it clear are `lo`'s, set
    `hi`'s, each in order: result[.., i, ..] is lo[.., j, ..] or
    hi[.., j, ..] with j = (i / (2 * stride)) * stride + i % stride, as
    `tile.split` with the same attributes takes them apart. With `stride`
    equal to the dimension the two are concatenated; with 1 they alternate.

    It is what `tl.reshape` (after `tl.permute`) computes of `tl.join(lo,
    hi)` when the join's pair dimension becomes one index bit of a
    dimension, e.g. `tl.interleave(a, b)` and `tl.join(a0, a1).permute(0, 2,
    1).reshape([M, N])` (the inverse of splitting a tile's column halves).

    ```mlir
    %x = tile.join %lo, %hi {axis = 1 : i32, stride = 1 : i64} : tensor<64x32xf32> -> tensor<64x64xf32>
    ```
  }];
  let arguments = (ins Tile_Tensor:$lo, Tile_Tensor:$hi, I32Attr:$axis,
                       I64Attr:$stride);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = "$lo `,` $hi attr-dict `:` type($lo) `->` type($result)";
  let hasVerifier = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Value":$lo, "::mlir::Value":$hi, "int32_t":$axis,
                   "int64_t":$stride)>
  ];
}

def Tile_GatherOp : Tile_Op<"gather", [Pure]> {
  let summary = "Gather elements of a tile along one axis (tl.gather)";
  let description = [{
    `result[i0, ..., i(r-1)] = src[i0, ..., index[i0, ..., i(r-1)], ...]`
    with the index in position `axis`: `index` has the rank of `src` and
    its shape along every other dimension; the result has the shape of
    `index` and the element type of `src`. An index outside
    `[0, src.shape[axis])` gives an undefined element (as in Triton).

    ```mlir
    %g = tile.gather %src[%idx] {axis = 1 : i32} : tensor<32x64xf32>, tensor<32x16xi32> -> tensor<32x16xf32>
    ```
  }];
  let arguments = (ins Tile_Tensor:$src, Tile_NumTensor:$index, I32Attr:$axis);
  let results = (outs Tile_Tensor:$result);
  let assemblyFormat = [{
    $src `[` $index `]` attr-dict `:` type($src) `,` type($index) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_HistogramOp : Tile_Op<"histogram", [Pure]> {
  let summary = "Count the values of a 1-D integer tile in bins of width 1";
  let description = [{
    `result[b]` (`i32`, one per bin, `b` in `[0, N)` for a
    `tensor<Nxi32>` result) is the number of elements of `src` equal to `b`
    whose `mask` bit is set (every element without a mask). Values outside
    `[0, N)` are not counted.

    ```mlir
    %h = tile.histogram %x, %m : tensor<1024xi32>, tensor<1024xi1> -> tensor<64xi32>
    ```
  }];
  let arguments = (ins Tile_NumTensor:$src, Optional<Tile_NumTensor>:$mask);
  let results = (outs Tile_NumTensor:$result);
  let assemblyFormat = [{
    $src (`,` $mask^)? attr-dict `:` type($src) (`,` type($mask)^)? `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_SortOp : Tile_Op<"sort", [Pure, SameOperandsAndResultType]> {
  let summary = "Sort a tile along its last dimension (tl.sort)";
  let description = [{
    Sorts each row of `src` along its last dimension, whose size `n` is a
    power of two, ascending (descending with `descending`), by the bitonic
    network of Triton's `tl.sort`: log2(n) merge stages, stage s of s
    compare-and-swap rounds on the pairs of positions that differ in bit
    s-1, ..., 0; each pair (l, r), l < r, is exchanged when
    `(x[l] > x[r]) != flip`, where flip is bit s of the position in the
    stages before the last, and `descending` in the last. Floats compare
    as floats (a comparison with a NaN is false), integers as signed, or
    unsigned with `unsigned_compare`; the elements move with all their bits.

    ```mlir
    %s = tile.sort %x {descending, unsigned_compare} : tensor<1024xi32>
    ```
  }];
  let arguments = (ins Tile_NumTensor:$src, UnitAttr:$descending,
                       UnitAttr:$unsigned_compare);
  let results = (outs Tile_NumTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Pointers and memory
//===----------------------------------------------------------------------===//

def Tile_AddPtrOp : Tile_Op<"addptr", [Pure, AllTypesMatch<["ptr", "result"]>]> {
  let summary = "Offset a pointer or a tile of pointers";
  let description = [{
    Advances `ptr` by `offset` elements of its pointee type. Both operands are
    scalars, or both are tiles of the same shape; `offset` is an integer of
    any width (sign-extended). The result has the type of `ptr`.

    ```mlir
    %q = tile.addptr %p, %offs : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    ```
  }];
  let arguments = (ins AnyType:$ptr, AnyType:$offset);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $ptr `,` $offset attr-dict `:` type($ptr) `,` type($offset)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Value":$ptr, "::mlir::Value":$offset), [{
      build($_builder, $_state, ptr.getType(), ptr, offset);
    }]>
  ];
}

def Tile_LoadOp : Tile_Op<"load", [AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Load a scalar or a tile from global memory";
  let description = [{
    Loads through `ptr` (a `!tile.ptr<T>` or a tile of them). The result has
    type `T` with the shape of `ptr`. Lanes where the optional `mask` (`i1`,
    shaped like `ptr`) is false are not accessed and take the value of
    `other`, or an undefined value without `other`; `other` requires a mask.
    `cache` (".ca", ".cg", ...) and `evict` are cache hints; `isVolatile`
    forbids caching and reordering of the access: a volatile load also
    counts as a write (it may observe other programs' stores), so that it is
    neither removed nor moved, e.g. in a loop that polls a flag. Only the type of `ptr` is
    written; the others are derived from it.

    `blockCoords` (i32, one per dimension) says that the load reads a block of a
    host tensor descriptor: the kernel argument its pointers are computed
    from is the descriptor's base (marked `tile.host_descriptor`), they
    are the coordinates of the block's first element, outermost first, the
    block has the result's shape (its transpose with `blockTransposed`;
    a 2-D result may have 3 to 5 coordinates: the block's leading
    dimensions, those beyond the result's, are 1),
    and the mask is the block's bounds, elements outside the tensor reading
    zero. The pointers and the mask say the same; the GPU pipeline may copy
    such a block with TMA instead (tilegpu.tma_copy). A rewrite that changes
    what the load reads in another way drops them.

    ```mlir
    %v = tile.load %p, %m, %zero : tensor<128x!tile.ptr<f32>>
    %b = tile.load %q, %n, %z block[%row, %c0] : tensor<64x128x!tile.ptr<f16>>
    ```
  }];
  let arguments = (ins AnyType:$ptr, Optional<AnyType>:$mask,
                   Optional<AnyType>:$other, Variadic<I32>:$blockCoords,
                   OptionalAttr<StrAttr>:$cache,
                   OptionalAttr<StrAttr>:$evict, UnitAttr:$isVolatile,
                   UnitAttr:$blockTransposed);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $ptr (`,` $mask^)? (`,` $other^)? (`block` `[` $blockCoords^ `]`)? attr-dict `:`
    custom<LoadTypes>(type($ptr), ref($mask), type($mask), ref($other),
                      type($other), type($result))
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Value":$ptr, "::mlir::Value":$mask,
                   "::mlir::Value":$other)>
  ];
}

def Tile_StoreOp : Tile_Op<"store", [AttrSizedOperandSegments,
                                     MemoryEffects<[MemWrite]>]> {
  let summary = "Store a scalar or a tile to global memory";
  let description = [{
    Stores `value` through `ptr` (a `!tile.ptr<T>` or a tile of them);
    `value` has type `T` with the shape of `ptr`. Lanes where the optional
    `mask` (`i1`, shaped like `ptr`) is false are not written. Only the type
    of `ptr` is written; the others are derived from it.

    `blockCoords` (i32, one per dimension), as on tile.load: the store writes
    a block of a host tensor descriptor whose first element is at those
    coordinates, the mask being the block's bounds; the GPU pipeline may
    write such a block with TMA instead (tilegpu.tma_store). A rewrite that
    changes what the store writes in another way drops them.

    ```mlir
    tile.store %p, %v, %m : tensor<128x!tile.ptr<f32>>
    tile.store %q, %w, %n block[%row, %col] : tensor<64x128x!tile.ptr<f16>>
    ```
  }];
  let arguments = (ins AnyType:$ptr, AnyType:$value, Optional<AnyType>:$mask,
                   Variadic<I32>:$blockCoords,
                   OptionalAttr<StrAttr>:$cache, OptionalAttr<StrAttr>:$evict);
  let assemblyFormat = [{
    $ptr `,` $value (`,` $mask^)? (`block` `[` $blockCoords^ `]`)? attr-dict `:`
    custom<StoreTypes>(type($ptr), type($value), ref($mask), type($mask))
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Value":$ptr, "::mlir::Value":$value,
                   "::mlir::Value":$mask)>
  ];
}

//===----------------------------------------------------------------------===//
// Atomics and barriers
//===----------------------------------------------------------------------===//

def Tile_AtomicRMWOp : Tile_Op<"atomic_rmw", [
                                   MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Atomic read-modify-write of global memory";
  let description = [{
    For each lane of `ptr` (a `!tile.ptr<T>` or a tile of them) whose optional
    `mask` bit is set, atomically replaces the element `old` at the pointer by
    `old <kind> value` and returns `old` (undefined in masked-off lanes). A
    scalar pointer is updated once per program. Lanes with equal pointers are
    applied one after another, in no particular order. `value` and the
    result have type `T` with the shape of `ptr`. `add`: integers and floats
    (f16, bf16, f32, f64); `max`/`min`: signed integers and floats (f32, f64;
    NaNs are not ordered); `umax`/`umin`: unsigned integers; `and`/`or`/`xor`:
    integers; `xchg`: stores `value` (integers, f32, f64). `sem` orders the
    access with the program's other accesses (Triton's `sem`), at `scope`.

    ```mlir
    %old = tile.atomic_rmw add acq_rel gpu %p, %v, %m : tensor<128x!tile.ptr<i32>>
    ```
  }];
  let arguments = (ins Tile_AtomicKindAttr:$kind, Tile_MemSemanticAttr:$sem,
                   Tile_MemScopeAttr:$scope, AnyType:$ptr, AnyType:$value,
                   Optional<AnyType>:$mask);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    custom<AtomicKind>($kind) custom<MemSemantic>($sem) custom<MemScope>($scope)
    $ptr `,` $value (`,` $mask^)? attr-dict `:`
    custom<AtomicTypes>(type($ptr), type($value), ref($mask), type($mask),
                        type($result))
  }];
  let hasVerifier = 1;
  let builders = [
    OpBuilder<(ins "::mlir::tile::AtomicKind":$kind,
                   "::mlir::tile::MemSemantic":$sem,
                   "::mlir::tile::MemScope":$scope, "::mlir::Value":$ptr,
                   "::mlir::Value":$value, "::mlir::Value":$mask)>
  ];
}

def Tile_AtomicCASOp : Tile_Op<"atomic_cas", [
                                   MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Atomic compare-and-swap of global memory";
  let description = [{
    For each lane of `ptr`, atomically: `old = *ptr; if (old == cmp) *ptr =
    value;` and returns `old` (compared bit for bit). `cmp`, `value` and the
    result have the pointee type (an integer of 16, 32 or 64 bits, f16, bf16,
    f32 or f64) with the shape of `ptr`. A scalar pointer is accessed once per
    program.

    ```mlir
    %old = tile.atomic_cas acq_rel gpu %lock, %c0, %c1 : !tile.ptr<i32>
    ```
  }];
  let arguments = (ins Tile_MemSemanticAttr:$sem, Tile_MemScopeAttr:$scope,
                   AnyType:$ptr, AnyType:$cmp, AnyType:$value);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    custom<MemSemantic>($sem) custom<MemScope>($scope) $ptr `,` $cmp `,` $value
    attr-dict `:` custom<CASTypes>(type($ptr), type($cmp), type($value),
                                   type($result))
  }];
  let hasVerifier = 1;
}

def Tile_BarrierOp : Tile_Op<"barrier", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Synchronize the threads of a program (tl.debug_barrier)";
  let description = [{
    Every thread of the program waits until all have reached it; their
    memory accesses before it are ordered before those after it. Within one
    program of the tile model it changes no value.

    ```mlir
    tile.barrier
    ```
  }];
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Reductions and matrix products
//===----------------------------------------------------------------------===//

def Tile_ReduceOp : Tile_Op<"reduce", [Pure]> {
  let summary = "Reduce a tile along one axis";
  let description = [{
    Combines the elements of `src` along `axis`. The result has the shape of
    `src` without `axis`, or is a scalar when `src` is 1-D. `sum`, `max` and
    `min` keep the element type; `argmax` and `argmin` return `i32` indices.
    Integer `max`/`min` are signed. Float `max`/`min` ignore NaNs (a NaN is
    returned only when every element is NaN), like Triton's default
    `propagate_nan=False`. `argmax`/`argmin` return the smallest index of the
    extremum.

    ```mlir
    %r = tile.reduce max %x {axis = 0 : i32} : tensor<128xf32> -> f32
    ```
  }];
  let arguments = (ins Tile_ReduceKindAttr:$kind, Tile_NumTensor:$src,
                   I32Attr:$axis);
  let results = (outs AnyTypeOf<[Tile_NumScalar, Tile_NumTensor]>:$result);
  let assemblyFormat = [{
    custom<ReduceKind>($kind) $src attr-dict `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
  let builders = [
    OpBuilder<(ins "::mlir::tile::ReduceKind":$kind, "::mlir::Value":$src,
                   "int32_t":$axis)>
  ];
}

def Tile_ScanOp : Tile_Op<"scan", [Pure, IsolatedFromAbove]> {
  let summary = "Inclusive scan of tiles along one axis with a combine region";
  let description = [{
    Scans the `n` operands (tiles of one shape) together along `axis`: for
    each position `i` along the axis, result `k` holds part `k` of
    `c(... c(c(x[0], x[1]), x[2]) ..., x[i])`, where `x[j]` is the tuple of
    the operands' elements at position `j` and `c` is the `combine` region:
    one block of `2n` scalar arguments (the earlier tuple, then the later
    one, of the operands' element types) ending in `tile.combine_yield` of
    `n` values of those types. With `reverse`, positions are taken from the
    end (`c(... c(x[N-1], x[N-2]) ..., x[i])`). `c` must be associative;
    the order in which it is applied is unspecified. The results have the
    operands' types (Triton's `tt.scan`).

    ```mlir
    %r = tile.scan %x {axis = 0 : i32} : tensor<128xf32> -> tensor<128xf32> {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tile.combine_yield %s : f32
    }
    ```
  }];
  let arguments = (ins Variadic<Tile_NumTensor>:$srcs, I32Attr:$axis,
                       UnitAttr:$reverse);
  let results = (outs Variadic<Tile_NumTensor>:$results);
  let regions = (region SizedRegion<1>:$combine);
  let assemblyFormat = [{
    $srcs attr-dict `:` type($srcs) `->` type($results) $combine
  }];
  let hasVerifier = 1;
}

def Tile_GenericReduceOp : Tile_Op<"generic_reduce", [Pure, IsolatedFromAbove]> {
  let summary = "Reduce tiles along one axis with a combine region";
  let description = [{
    Combines the `n` operands (tiles of one shape) together along `axis`
    with the `combine` region, as `tile.scan` does, and returns the last
    value of the scan: result `k` has operand `k`'s element type and the
    shape of the operands without `axis` (a scalar for 1-D operands). `c`
    must be associative and commutative: the order in which elements are
    combined is unspecified (Triton's `tt.reduce` with a region). The
    builtin reductions (`tl.sum`, `tl.max`, ...) use `tile.reduce`.

    ```mlir
    %m = tile.generic_reduce %x {axis = 1 : i32} : tensor<4x8xi32> -> tensor<4xi32> {
    ^bb0(%a: i32, %b: i32):
      %s = arith.maxsi %a, %b : i32
      tile.combine_yield %s : i32
    }
    ```
  }];
  let arguments = (ins Variadic<Tile_NumTensor>:$srcs, I32Attr:$axis);
  let results = (outs Variadic<AnyTypeOf<[Tile_NumScalar, Tile_NumTensor]>>:$results);
  let regions = (region SizedRegion<1>:$combine);
  let assemblyFormat = [{
    $srcs attr-dict `:` type($srcs) `->` type($results) $combine
  }];
  let hasVerifier = 1;
}

def Tile_CombineYieldOp : Tile_Op<"combine_yield", [Pure, Terminator,
    ParentOneOf<["ScanOp", "GenericReduceOp"]>]> {
  let summary = "The values of a combine region";
  let description = [{
    Ends the combine region of `tile.scan` and `tile.generic_reduce` with
    the combined values, one per operand of the op, of its element type.

    ```mlir
    tile.combine_yield %s, %i : f32, i32
    ```
  }];
  let arguments = (ins Variadic<Tile_NumScalar>:$values);
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
}

def Tile_DotOp : Tile_Op<"dot", [Pure, AllTypesMatch<["acc", "result"]>]> {
  let summary = "Matrix product with accumulation";
  let description = [{
    Computes `a * b + acc` for `a : tensor<MxK>`, `b : tensor<KxN>` and
    `acc : tensor<MxN>`; the result has the type of `acc`. For f32 inputs
    `input_precision` selects TF32 (`tf32`, the default), three-pass TF32
    (`tf32x3`) or full IEEE precision (`ieee`).

    ```mlir
    %d = tile.dot %a, %b, %acc : tensor<32x16xf16> * tensor<16x64xf16> -> tensor<32x64xf32>
    ```
  }];
  let arguments = (ins Tile_NumTensor:$a, Tile_NumTensor:$b,
                   Tile_NumTensor:$acc,
                   DefaultValuedAttr<Tile_InputPrecisionAttr,
                       "::mlir::tile::InputPrecision::tf32">:$input_precision);
  let results = (outs Tile_NumTensor:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $acc attr-dict `:` type($a) `*` type($b) `->` type($result)
  }];
  let hasVerifier = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Value":$a, "::mlir::Value":$b, "::mlir::Value":$acc,
                   CArg<"::mlir::tile::InputPrecision",
                        "::mlir::tile::InputPrecision::tf32">:$inputPrecision),
    [{
      build($_builder, $_state, acc.getType(), a, b, acc, inputPrecision);
    }]>
  ];
}

//===----------------------------------------------------------------------===//
// Pointer casts
//===----------------------------------------------------------------------===//

def Tile_CastOp : Tile_Op<"cast", [Pure]> {
  let summary = "Pointer cast";
  let description = [{
    Converts between pointer types (`!tile.ptr<T>` to `!tile.ptr<U>`), from a
    pointer to `i64` or from `i64` to a pointer, elementwise on tiles of the
    same shape. Numeric conversions use `arith` (`arith.extf`,
    `arith.sitofp`, ...).

    ```mlir
    %q = tile.cast %p : !tile.ptr<f16> -> !tile.ptr<i16>
    ```
  }];
  let arguments = (ins AnyType:$src);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Inline assembly and printing
//===----------------------------------------------------------------------===//

def Tile_InlineAsmOp : Tile_Op<"inline_asm", [
    Elementwise, DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Inline PTX applied to each element (tl.inline_asm_elementwise)";
  let description = [{
    Runs `asm_string` with LLVM inline-assembly `constraints` once per
    `packed_element` elements: the operands are scalars, or tiles of one
    shape (then every result is a tile of that shape). One instance gets
    `packed_element` consecutive elements of each operand (elements
    narrower than 32 bits packed into 32-bit registers, as Triton does) and
    defines as many of each result. Without `pure` the op may read and write
    memory and is never removed or duplicated.

    ```mlir
    %y = tile.inline_asm "shl.b32 $0, $1, 3;", "=r,r" (%x) {packed_element = 1 : i32, pure = true} : (tensor<128xi32>) -> tensor<128xi32>
    ```
  }];
  let arguments = (ins StrAttr:$asm_string, StrAttr:$constraints,
                   BoolAttr:$pure, I32Attr:$packed_element,
                   Variadic<AnyType>:$args);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $asm_string `,` $constraints `(` $args `)` attr-dict `:` functional-type($args, $results)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Elements of a `bits`-wide type that share one register in a group of
    /// `pack` (Triton's packing: min(32 / bits, pack), at least 1).
    static unsigned elementsPerRegister(unsigned bits, unsigned pack);
  }];
}

def Tile_PrintOp : Tile_Op<"print", [MemoryEffects<[MemWrite]>]> {
  let summary = "Print scalars or the elements of tiles (tl.device_print)";
  let description = [{
    Prints each element of each operand on a line of its own, in Triton's
    format: `pid (x, y, z) idx (i, j) <prefix><value>` (the program ids are
    operands: the program's, wherever it runs), with
    `(operand k) ` after the prefix when there are several operands and no
    `idx` part for a scalar. Integers print signed where `is_signed` says
    so, floats as `%f` of their double value; with `hex`, every value prints
    as `0x` and its bits. The order of lines is unspecified on the GPU.

    ```mlir
    tile.print " x: " pid(%p0, %p1, %p2), %x {hex = false, is_signed = array<i1: true>} : tensor<16xi32>
    ```
  }];
  let arguments = (ins StrAttr:$prefix, BoolAttr:$hex,
                   DenseBoolArrayAttr:$is_signed, I32:$pid_x, I32:$pid_y,
                   I32:$pid_z, Variadic<AnyType>:$args);
  let assemblyFormat = [{
    $prefix `pid` `(` $pid_x `,` $pid_y `,` $pid_z `)` (`,` $args^)? attr-dict
    (`:` type($args)^)?
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Hints
//===----------------------------------------------------------------------===//

def Tile_AxisHintOp : Tile_Op<"axis_hint",
    [Pure, Elementwise, SameOperandsAndResultType]> {
  let summary = "What the programmer knows of an integer or pointer tile";
  let description = [{
    Returns its operand, with facts the axis analysis cannot derive:
    `tl.multiple_of` (`divisibility`), `tl.max_contiguous` (`contiguity`)
    and `tl.max_constancy` (`constancy`), one positive value per dimension
    (one for a scalar), with the meaning the axis analysis gives them
    (include/tilec/Conversion/AxisInfo.h; a pointer's divisibility is in
    bytes). The analysis takes the largest power of two dividing each value
    and keeps what it derived itself where that is more. Nothing checks a
    hint: one that does not hold gives accesses of the wrong width, as in
    Triton.

    ```mlir
    %p = tile.axis_hint %q {divisibility = array<i64: 16, 16>} : tensor<64x64x!tile.ptr<f16>>
    ```
  }];
  let arguments = (ins AnyType:$src,
                       OptionalAttr<DenseI64ArrayAttr>:$divisibility,
                       OptionalAttr<DenseI64ArrayAttr>:$contiguity,
                       OptionalAttr<DenseI64ArrayAttr>:$constancy);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$src attr-dict `:` type($src)";
  let hasVerifier = 1;
}

#endif // TILEC_DIALECT_TILE_TILEOPS_TD
