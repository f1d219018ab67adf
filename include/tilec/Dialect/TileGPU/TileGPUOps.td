//===- TileGPUOps.td - The tilegpu dialect -----------------*- tablegen -*-===//
//
// `tilegpu` is `tile` with layouts: every tensor carries an encoding that says
// which of the CTA's num_warps * 32 threads holds which elements. The tile
// ops are reused on encoded tensors; this dialect adds the layout attributes
// and the ops that only exist once data has a place: layout conversion and
// barriers. The tensor-core path adds the mma accumulator layout, the
// dot-operand register layouts and the swizzled shared-memory encoding.
//
//===----------------------------------------------------------------------===//

#ifndef TILEGPU_OPS
#define TILEGPU_OPS

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def TileGPU_Dialect : Dialect {
  let name = "tilegpu";
  let cppNamespace = "::mlir::tilegpu";
  let summary = "Tiles with layouts: the GPU-facing form of the tile dialect";
  let dependentDialects = ["::mlir::tile::TileDialect"];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
}

class TileGPU_Attr<string name, string mnemonic_, list<Trait> traits = []>
    : AttrDef<TileGPU_Dialect, name, traits> {
  let mnemonic = mnemonic_;
}

def TileGPU_BlockedAttr : TileGPU_Attr<"Blocked", "blocked"> {
  let summary = "Blocked layout: each thread holds sizePerThread contiguous elements";
  let description = [{
    Distributes a tensor over a CTA: along each dimension `d`, a thread holds
    `sizePerThread[d]` consecutive elements, a warp's lanes span
    `threadsPerWarp[d]` such chunks and the CTA's warps `warpsPerCTA[d]`;
    `order` lists the dimensions fastest first (for lanes, warps and a
    thread's own elements). A tensor larger than the CTA tile repeats it; a
    smaller one is replicated (several threads hold the same element).

    ```mlir
    #tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$sizePerThread,
                        ArrayRefParameter<"unsigned">:$threadsPerWarp,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$order);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    unsigned getRank() const { return getOrder().size(); }
  }];
}

def TileGPU_SliceAttr : TileGPU_Attr<"Slice", "slice"> {
  let summary = "The layout of a tensor with one dimension of its parent removed";
  let description = [{
    The layout of a reduction's result along `dim`, and of an `expand_dims`
    operand: the parent layout with dimension `dim` dropped. Threads that
    differ only in their position along `dim` hold the same elements.

    ```mlir
    #tilegpu.slice<{dim = 1, parent = #tilegpu.blocked<{...}>}>
    ```
  }];
  let parameters = (ins "unsigned":$dim, "::mlir::Attribute":$parent);
  let assemblyFormat = "`<` `{` `dim` `=` $dim `,` `parent` `=` $parent `}` `>`";
  let genVerifyDecl = 1;
}

def TileGPU_MmaAttr : TileGPU_Attr<"Mma", "mma"> {
  let summary = "The accumulator layout of the tensor cores (mma.sync, wgmma)";
  let description = [{
    A 2-D tile distributed as the accumulators of `mma.sync.aligned.m16n8kK`
    (version 2, sm_80+): the CTA's warps form a `warpsPerCTA[0] x
    warpsPerCTA[1]` grid; a warp holds 16x8 blocks, in each block lane l
    holds rows l/4 and l/4 + 8 and columns 2*(l%4) and 2*(l%4) + 1 (4
    elements, c0..c3). The CTA tile (16*warpsPerCTA[0]) x (8*warpsPerCTA[1])
    repeats over the tensor; a thread's elements are numbered
    [m-repeat][n-repeat][c0..c3].

    Version 3 (sm_90a, `wgmma.mma_async`) has the same registers, with
    whole warpgroups along M (warpsPerCTA[0] a multiple of 4) and the warps
    numbered along M first: warp w is warp w % wm along M and w / wm along N
    (wm = warpsPerCTA[0]), so warpgroup g (warps 4g..4g+3) holds 64
    consecutive rows of each 16*wm-row block. Along N each warp holds
    `instrN` consecutive columns (one `wgmma m64n<instrN>k16` per block and
    k step), the warps along N side by side: column
    rep * instrN * wn + warp_N * instrN + 8 * b + 2 * (l % 4) (+1), b below
    instrN / 8; a thread's elements are numbered [m-repeat][rep][b][c0..c3].
    With one warp along N, `instrN` may be left out (0): a warp then holds
    every column, which is the same as any instrN. Its operands stay in
    shared memory (matrix descriptors).

    With `transposed` (version 3 only), the tensor cores compute the
    transposed product: an M x N tile is held as the accumulators of its
    N x M transpose, element (m, n) where element (n, m) of the plain layout
    is (the warpgroups split N). The tf32 `wgmma` reads B only K-major from
    shared memory; for a B that is N-major in memory, C^T = B^T A^T takes
    A (K-major) as its shared operand and B^T from registers. The dot_op
    layouts of a transposed parent are those of the swapped operands of the
    transposed product (A: the B registers of A^T, B: the A registers of
    B^T), transposed. Within each warp's 16 rows of the transposed product
    (columns of the tile) the rows are interleaved: the registers of rows g
    and g + 8 hold rows 2g and 2g + 1 (the sum is the same for any order of
    the rows), so that a thread's two are adjacent: one 8-byte shared load
    of B per pair, 8-byte stores of C.

    ```mlir
    #tilegpu.mma<{warpsPerCTA = [2, 2]}>
    #tilegpu.mma<{version = 3, warpsPerCTA = [8, 1]}>
    #tilegpu.mma<{version = 3, warpsPerCTA = [4, 2], instrN = 64}>
    #tilegpu.mma<{version = 3, warpsPerCTA = [8, 1], transposed}>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        DefaultValuedParameter<"unsigned", "2">:$version,
                        DefaultValuedParameter<"bool", "false">:$transposed,
                        DefaultValuedParameter<"unsigned", "0">:$instrN);
  let builders = [
    AttrBuilder<(ins "::llvm::ArrayRef<unsigned>":$warpsPerCTA), [{
      return $_get($_ctxt, warpsPerCTA, 2, false, 0);
    }]>,
    AttrBuilder<(ins "::llvm::ArrayRef<unsigned>":$warpsPerCTA,
                     "unsigned":$version), [{
      return $_get($_ctxt, warpsPerCTA, version, false, 0);
    }]>,
    AttrBuilder<(ins "::llvm::ArrayRef<unsigned>":$warpsPerCTA,
                     "unsigned":$version, "bool":$transposed), [{
      return $_get($_ctxt, warpsPerCTA, version, transposed, 0);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    unsigned getNumWarps() const { return getWarpsPerCTA()[0] * getWarpsPerCTA()[1]; }
    bool isHopper() const { return getVersion() == 3; }
    /// Consecutive columns a warp holds before the warps along N take
    /// over: instrN (version 3), else one 8-column block.
    unsigned getWarpCols() const {
      return getInstrN() ? getInstrN() : 8;
    }
  }];
}

def TileGPU_DotOperandAttr : TileGPU_Attr<"DotOperand", "dot_op"> {
  let summary = "The register layout of an mma.sync operand (A: opIdx 0, B: 1)";
  let description = [{
    The registers `mma.sync` reads for its A (`opIdx = 0`, M x K) or B
    (`opIdx = 1`, K x N) operand, for the warps of the `parent` mma layout:
    a warp's A rows are those of its accumulator rows (replicated across the
    warps along N), its B columns those of its accumulator columns. For
    16-bit elements (m16n8k16) a thread holds per 16x16 block of A the 8
    elements a0..a7 (rows g, g+8 and columns 2t, 2t+1, 2t+8, 2t+9 with g =
    lane/4, t = lane%4) and per 16x8 block of B 4 elements (rows 2t, 2t+1,
    2t+8, 2t+9, column g); for 32-bit elements (tf32, m16n8k8) per 16x8 block
    of A 4 elements (rows g, g+8, columns t, t+4) and per 8x8 block of B 2
    (rows t, t+4, column g). Elements are numbered [m- or n-repeat][k-repeat]
    [register element].

    ```mlir
    #tilegpu.dot_op<{opIdx = 0, parent = #tilegpu.mma<{warpsPerCTA = [2, 2]}>}>
    ```
  }];
  let parameters = (ins "unsigned":$opIdx, "::mlir::Attribute":$parent);
  let assemblyFormat = "`<` `{` `opIdx` `=` $opIdx `,` `parent` `=` $parent `}` `>`";
  let genVerifyDecl = 1;
}

def TileGPU_SharedAttr : TileGPU_Attr<"Shared", "shared"> {
  let summary = "A swizzled row-major shared-memory layout";
  let description = [{
    The encoding of a 2-D `!tilegpu.memdesc` (of the last two dimensions of
    a multi-buffered one): rows of `C` elements, row-major, with the
    `vec`-element (16-byte) chunks of a row permuted so that the 8 rows an
    `ldmatrix` phase (or a column of threads) reads fall into distinct
    16-byte bank groups: element (r, c) lives at
      r * C + ((c / vec) ^ ((r / perPhase) % maxPhase)) * vec + c % vec.
    With `blockCols` (rows wider than 128 bytes), the columns are split into
    blocks of blockCols (128 bytes) stored one after the other, each a
    R x blockCols tile of the form above:
      (c / blockCols) * R * blockCols + offset of (r, c % blockCols).
    This is the XOR pattern of the hardware's 32/64/128-byte swizzle modes
    (relative to a base aligned to 1024 bytes), so wgmma reads these tiles
    through matrix descriptors. `maxPhase = 1` is the plain row-major layout.

    With `transposed`, the buffer is stored column by column: element (r, c)
    of an R x C buffer lives where element (c, r) of a C x R buffer with the
    same parameters would (the rows above are the buffer's columns). Hopper's
    tf32 wgmma reads B (K x N) only K-major: a transposed buffer holds it so.

    ```mlir
    !tilegpu.memdesc<64x32xf16, #tilegpu.shared<{vec = 8, perPhase = 2, maxPhase = 4}>>
    !tilegpu.memdesc<32x256xf16, #tilegpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, blockCols = 64}>>
    !tilegpu.memdesc<64x256xf32, #tilegpu.shared<{vec = 4, perPhase = 1, maxPhase = 8, blockCols = 32, transposed}>>
    ```
  }];
  let parameters = (ins "unsigned":$vec, "unsigned":$perPhase,
                        "unsigned":$maxPhase,
                        DefaultValuedParameter<"unsigned", "0">:$blockCols,
                        DefaultValuedParameter<"bool", "false">:$transposed);
  let builders = [
    AttrBuilder<(ins "unsigned":$vec, "unsigned":$perPhase,
                     "unsigned":$maxPhase), [{
      return $_get($_ctxt, vec, perPhase, maxPhase, 0, false);
    }]>,
    AttrBuilder<(ins "unsigned":$vec, "unsigned":$perPhase,
                     "unsigned":$maxPhase, "unsigned":$blockCols), [{
      return $_get($_ctxt, vec, perPhase, maxPhase, blockCols, false);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Element offset of (row, col) in a buffer of `rows` x `cols`.
    int64_t getOffset(int64_t row, int64_t col, int64_t rows,
                      int64_t cols) const {
      if (getTransposed()) {
        std::swap(row, col);
        std::swap(rows, cols);
      }
      int64_t block = 0;
      if (getBlockCols() && cols > int64_t(getBlockCols())) {
        block = (col / getBlockCols()) * rows * getBlockCols();
        col %= getBlockCols();
        cols = getBlockCols();
      }
      int64_t chunk = col / getVec();
      int64_t phase = (row / getPerPhase()) % getMaxPhase();
      return block + row * cols + (chunk ^ phase) * getVec() + col % getVec();
    }
  }];
}

//===----------------------------------------------------------------------===//
// Shared-memory buffers
//===----------------------------------------------------------------------===//

def TileGPU_MemDescType : TypeDef<TileGPU_Dialect, "MemDesc"> {
  let mnemonic = "memdesc";
  let summary = "A buffer in shared memory";
  let description = [{
    A tile-shaped buffer in the CTA's shared memory: `shape` elements of
    `elementType` laid out row-major (the last dimension fastest) from the
    buffer's start. Elements are kept as the lowering keeps them in shared
    memory (pointers as i64, i1 as i8: sharedStorageType), so a buffer takes
    numel * storage bytes. The buffer is shared by all threads of the CTA; it
    has no layout of its own (`local_load` reads it into any layout).

    An optional trailing `, #tilegpu.shared<...>` encoding swizzles the
    rows (2-D buffers only; see SharedAttr); the size is the same.

    ```mlir
    !tilegpu.memdesc<64x32xf16>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType,
                        OptionalParameter<"::mlir::Attribute">:$encoding);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins "::llvm::ArrayRef<int64_t>":$shape,
                                        "::mlir::Type":$elementType,
                                        CArg<"::mlir::Attribute", "{}">:$encoding), [{
      return $_get(elementType.getContext(), shape, elementType, encoding);
    }]>
  ];
  let skipDefaultBuilders = 1;
  let extraClassDeclaration = [{
    unsigned getRank() const { return getShape().size(); }
    int64_t getNumElements() const {
      int64_t n = 1;
      for (int64_t d : getShape())
        n *= d;
      return n;
    }
  }];
}

def TileGPU_TensorMapType : TypeDef<TileGPU_Dialect, "TensorMap"> {
  let mnemonic = "tensormap";
  let summary = "A TMA descriptor (CUtensorMap) the kernel takes by value";
  let description = [{
    The 128-byte CUtensorMap of a global tensor that `tilegpu.tma_copy`
    reads blocks of. Only a kernel parameter has this type: one the
    launcher makes from a host tensor descriptor's base, shape and strides
    (the parameter's `tilegpu.tensor_map` attribute names the descriptor,
    the box and the swizzle), passed as `.param .align 64 .b8 [128]`
    (`byval`, `nvvm.grid_constant`) so that the copy reads it in place.

    ```mlir
    func.func @k(%map: !tilegpu.tensormap {tilegpu.tensor_map = {desc = "desc_k", box = array<i64: 64, 64>, swizzle = 128 : i32, dtype = "fp16"}})
    ```
  }];
}

/// The resource of the memory effects of the shared-memory ops.
def TileGPU_SharedMemory : Resource<"::mlir::tilegpu::SharedMemory">;

class TileGPU_Op<string mnemonic, list<Trait> traits = []>
    : Op<TileGPU_Dialect, mnemonic, traits>;

def TileGPU_ConvertLayoutOp : TileGPU_Op<"convert_layout", [Pure]> {
  let summary = "Moves a tile's elements between threads to another layout";
  let description = [{
    Same shape and element type, another encoding. Lowered through shared
    memory (or shuffles where the layouts allow).

    ```mlir
    %1 = tilegpu.convert_layout %0 : tensor<64xi32, #a> -> tensor<64xi32, #b>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$src);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TileGPU_RunsInBoundsOp : TileGPU_Op<"runs_in_bounds", [Pure]> {
  let summary = "Whether a thread's runs of a prefix mask are all true";
  let description = [{
    A per-thread boolean (not a tile value: threads differ): true in a
    thread when every one of its elements of `mask` is true. Where the mask
    is a prefix mask over aligned runs of `vector` consecutive elements of
    the thread along the layout's fastest dimension (`tilegpu.mask_prefix`),
    the lowering reads the last element of each run only.
    tilegpu-version-bounds branches on it between a version of a region whose
    accesses are whole vectors (`tilegpu.in_bounds`) and the exact one.

    ```mlir
    %in = tilegpu.runs_in_bounds %mask {vector = 8 : i32} : tensor<1024xi1, #b>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$mask, I32Attr:$vector);
  let results = (outs I1:$result);
  let assemblyFormat = "$mask attr-dict `:` type($mask)";
}

def TileGPU_BarrierOp : TileGPU_Op<"barrier"> {
  let summary = "CTA-wide barrier (bar.sync 0)";
  let assemblyFormat = "attr-dict";
}

def TileGPU_LocalAllocOp : TileGPU_Op<"local_alloc",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Allocates a buffer in shared memory, optionally initialized";
  let description = [{
    Allocates a `!tilegpu.memdesc` buffer in the CTA's shared memory. With an
    operand, the buffer is initialized with it (as a `local_store` would):
    the tensor must have the buffer's shape and element type, and may have
    any layout. The buffer lives until its last use (or its
    `local_dealloc`); tilegpu-allocate-shared gives it its offset in the
    arena (the attribute `tilegpu.shared_offset`).

    ```mlir
    %m = tilegpu.local_alloc : !tilegpu.memdesc<64x32xf16>
    %n = tilegpu.local_alloc %v : tensor<64x32xf16, #blocked> -> !tilegpu.memdesc<64x32xf16>
    ```
  }];
  let arguments = (ins Optional<AnyRankedTensor>:$init);
  let results = (outs TileGPU_MemDescType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def TileGPU_LocalStoreOp : TileGPU_Op<"local_store"> {
  let summary = "Stores a tile into a shared-memory buffer";
  let description = [{
    Every element of `src` goes to its row-major place in `dst`; `src` must
    have the buffer's shape and element type and may have any layout.
    Threads holding replicas of an element store the same value to the same
    address.

    ```mlir
    tilegpu.local_store %v, %m : tensor<64x32xf16, #blocked> -> !tilegpu.memdesc<64x32xf16>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$src,
                       Arg<TileGPU_MemDescType, "the buffer",
                           [MemWrite<TileGPU_SharedMemory>]>:$dst);
  let assemblyFormat = "$src `,` $dst attr-dict `:` type($src) `->` qualified(type($dst))";
  let hasVerifier = 1;
}

def TileGPU_LocalLoadOp : TileGPU_Op<"local_load"> {
  let summary = "Loads a tile from a shared-memory buffer";
  let description = [{
    Reads the whole buffer into a tensor of its shape and element type, in
    any layout: each thread loads the elements it holds.

    ```mlir
    %v = tilegpu.local_load %m : !tilegpu.memdesc<64x32xf16> -> tensor<64x32xf16, #blocked>
    ```
  }];
  let arguments = (ins Arg<TileGPU_MemDescType, "the buffer",
                           [MemRead<TileGPU_SharedMemory>]>:$src);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src)) `->` type($result)";
  let hasVerifier = 1;
}

def TileGPU_LocalDeallocOp : TileGPU_Op<"local_dealloc"> {
  let summary = "Ends the life of a shared-memory buffer";
  let description = [{
    Optional: the buffer is dead after it (tilegpu-allocate-shared may reuse
    its range). Without it, a buffer lives until its last use.

    ```mlir
    tilegpu.local_dealloc %m : !tilegpu.memdesc<64x32xf16>
    ```
  }];
  let arguments = (ins Arg<TileGPU_MemDescType, "the buffer",
                           [MemFree<TileGPU_SharedMemory>]>:$src);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src))";
}

def TileGPU_MemDescSubviewOp : TileGPU_Op<"memdesc_subview", [Pure]> {
  let summary = "One slot of a multi-buffered shared-memory buffer";
  let description = [{
    `src` is a buffer of N slots (its leading dimension); the result is slot
    `index` (an i32 in [0, N)): the buffer with the leading dimension
    dropped, starting index * (elements per slot) elements in. The encoding
    carries over (the swizzle applies within a slot).

    ```mlir
    %s = tilegpu.memdesc_subview %buf[%i] : !tilegpu.memdesc<3x64x32xf16, #shared> -> !tilegpu.memdesc<64x32xf16, #shared>
    ```
  }];
  let arguments = (ins TileGPU_MemDescType:$src, I32:$index);
  let results = (outs TileGPU_MemDescType:$result);
  let assemblyFormat = [{
    $src `[` $index `]` attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TileGPU_MemDescTransOp : TileGPU_Op<"memdesc_trans", [Pure]> {
  let summary = "A 2-D shared-memory buffer seen transposed";
  let description = [{
    The same bytes as `src` (R x C), seen as the C x R buffer whose element
    (c, r) is src's (r, c): the shape swapped and the encoding's
    `transposed` flag flipped, its other parameters kept (#tilegpu.shared
    defines a transposed buffer that way). A dot operand that is the
    transpose of a tile staged for another dot reads that tile's buffer
    through it (attention's backward: q^T and dO, each an operand of two
    products, once transposed).

    ```mlir
    %t = tilegpu.memdesc_trans %buf : !tilegpu.memdesc<128x32xf16, #shared1> -> !tilegpu.memdesc<32x128xf16, #shared>
    ```
  }];
  let arguments = (ins TileGPU_MemDescType:$src);
  let results = (outs TileGPU_MemDescType:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
  let builders = [OpBuilder<(ins "::mlir::Value":$src)>];
}

def TileGPU_AsyncCopyOp : TileGPU_Op<"async_copy",
    [AttrSizedOperandSegments]> {
  let summary = "Copies a tile from global to shared memory asynchronously (cp.async)";
  let description = [{
    Each thread copies the elements of `ptrs` it holds (runs of `vector`
    elements, 4, 8 or 16 bytes, one `cp.async` each) to their places in
    `dst` (which has the tile's shape). Elements whose `mask` is false are
    zero-filled without reading global memory (as `tile.load` with `other =
    0`); when the scalar `pred` is false nothing is copied (the pipeliner's
    copies of iterations past the end, whose slots are never read). The copy
    completes at a later `async_wait`; the copies issued since the last
    `async_commit_group` form one group. No barrier of its own: the
    software pipeliner (tilegpu-pipeline) places the barriers.

    ```mlir
    tilegpu.async_copy %ptrs, %slot mask %mask pred %pred {vector = 8 : i32} : tensor<64x32x!tile.ptr<f16>, #blocked>, tensor<64x32xi1, #blocked> -> !tilegpu.memdesc<64x32xf16, #shared>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$ptrs,
                       Arg<TileGPU_MemDescType, "the buffer",
                           [MemWrite<TileGPU_SharedMemory>]>:$dst,
                       Optional<AnyRankedTensor>:$mask,
                       Optional<I1>:$pred,
                       I32Attr:$vector);
  let assemblyFormat = [{
    $ptrs `,` $dst (`mask` $mask^)? (`pred` $pred^)? attr-dict `:` type($ptrs)
    (`,` type($mask)^)? `->` qualified(type($dst))
  }];
  let hasVerifier = 1;
}

def TileGPU_AsyncCommitGroupOp : TileGPU_Op<"async_commit_group"> {
  let summary = "Closes the group of async copies issued since the last one (cp.async.commit_group)";
  let assemblyFormat = "attr-dict";
}

def TileGPU_AsyncWaitOp : TileGPU_Op<"async_wait"> {
  let summary = "Waits until at most `num` groups of this thread's async copies are pending";
  let description = [{
    `cp.async.wait_group num`: the thread's older groups have landed in
    shared memory. Other threads see them after a barrier.
  }];
  let arguments = (ins I32Attr:$num);
  let assemblyFormat = "attr-dict";
}

def TileGPU_WgmmaWaitOp : TileGPU_Op<"wgmma_wait", [AllTypesMatch<["vals", "results"]>]> {
  let summary = "Waits for the warpgroup's wgmma groups (wgmma.wait_group)";
  let description = [{
    Until at most `pendings` groups of the warpgroup's `wgmma.mma_async` are
    in flight; the accumulator tiles `vals` pass through (their registers may
    be read from the results on). The software pipeliner lets a dot's last
    wgmma group run across loop iterations (tile.dot with
    `tilegpu.wgmma_pendings = 1`; the transposed tf32 product keeps its last
    two k steps' groups) and waits for them after the loop.
  }];
  let arguments = (ins Variadic<AnyRankedTensor>:$vals, I32Attr:$pendings);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let assemblyFormat = "$vals attr-dict `:` type($vals)";
}

//===----------------------------------------------------------------------===//
// Hopper's mbarriers and TMA copies
//===----------------------------------------------------------------------===//

def TileGPU_MBarrierInitOp : TileGPU_Op<"mbarrier_init"> {
  let summary = "Initializes an mbarrier in shared memory (mbarrier.init)";
  let description = [{
    `bar` is one 8-byte mbarrier (a `1xi64` buffer, e.g. a slot of an
    `Nx1xi64` buffer taken with `memdesc_subview`). Thread 0 initializes it
    to expect `count` arrivals per phase, phase 0 pending. The other threads
    may use it after a barrier (tilegpu-insert-barriers places one: this is
    a write of the buffer).

    ```mlir
    tilegpu.mbarrier_init %bar, 1 : !tilegpu.memdesc<1xi64>
    ```
  }];
  let arguments = (ins Arg<TileGPU_MemDescType, "the mbarrier",
                           [MemWrite<TileGPU_SharedMemory>]>:$bar,
                       I32Attr:$count);
  let assemblyFormat = "$bar `,` $count attr-dict `:` qualified(type($bar))";
  let hasVerifier = 1;
}

def TileGPU_MBarrierExpectOp : TileGPU_Op<"mbarrier_expect"> {
  let summary = "Arrives on an mbarrier expecting `bytes` of async copies (mbarrier.arrive.expect_tx)";
  let description = [{
    Thread 0, where the optional `pred` holds, arrives once on `bar` and
    adds `bytes` to the transaction count of its current phase: the phase
    completes when the arrivals are done and the `tilegpu.tma_copy`s that
    signal `bar` have written that many bytes.

    ```mlir
    tilegpu.mbarrier_expect %bar, 16384 pred %p : !tilegpu.memdesc<1xi64>
    ```
  }];
  let arguments = (ins Arg<TileGPU_MemDescType, "the mbarrier",
                           [MemWrite<TileGPU_SharedMemory>]>:$bar,
                       I32Attr:$bytes, Optional<I1>:$pred);
  let assemblyFormat = [{
    $bar `,` $bytes (`pred` $pred^)? attr-dict `:` qualified(type($bar))
  }];
  let hasVerifier = 1;
}

def TileGPU_MBarrierWaitOp : TileGPU_Op<"mbarrier_wait"> {
  let summary = "Waits for a phase of an mbarrier (mbarrier.try_wait.parity)";
  let description = [{
    Every thread waits until the phase of `bar` with parity `phase` (an i32:
    0 or 1) has completed; the shared memory that the phase's async copies
    wrote is then visible to the thread. It counts as a write of `bar` as
    well as a read, so that it is never removed as unused: the reads of the
    buffers behind it depend on it without naming it.

    ```mlir
    tilegpu.mbarrier_wait %bar, %phase : !tilegpu.memdesc<1xi64>
    ```
  }];
  let arguments = (ins Arg<TileGPU_MemDescType, "the mbarrier",
                           [MemRead<TileGPU_SharedMemory>,
                            MemWrite<TileGPU_SharedMemory>]>:$bar,
                       I32:$phase);
  let assemblyFormat = "$bar `,` $phase attr-dict `:` qualified(type($bar))";
  let hasVerifier = 1;
}

def TileGPU_MBarrierArriveOp : TileGPU_Op<"mbarrier_arrive"> {
  let summary = "Each warp arrives once on an mbarrier (mbarrier.arrive)";
  let description = [{
    One lane of every warp that runs it, where the optional `pred` holds,
    arrives on `bar`: an mbarrier initialized with a count of the warps
    that release it completes its phase when all of them have (the
    consumers of a warp-specialized loop releasing a slot to its producer).

    ```mlir
    tilegpu.mbarrier_arrive %bar pred %p : !tilegpu.memdesc<1xi64>
    ```
  }];
  let arguments = (ins Arg<TileGPU_MemDescType, "the mbarrier",
                           [MemWrite<TileGPU_SharedMemory>]>:$bar,
                       Optional<I1>:$pred);
  let assemblyFormat = [{
    $bar (`pred` $pred^)? attr-dict `:` qualified(type($bar))
  }];
  let hasVerifier = 1;
}

def TileGPU_MBarrierInvalOp : TileGPU_Op<"mbarrier_inval"> {
  let summary = "Invalidates an mbarrier (mbarrier.inval)";
  let description = [{
    Thread 0 invalidates `bar`, so that its 8 bytes may hold other data.
    Every thread must be done waiting on it (a barrier before).

    ```mlir
    tilegpu.mbarrier_inval %bar : !tilegpu.memdesc<1xi64>
    ```
  }];
  let arguments = (ins Arg<TileGPU_MemDescType, "the mbarrier",
                           [MemWrite<TileGPU_SharedMemory>]>:$bar);
  let assemblyFormat = "$bar attr-dict `:` qualified(type($bar))";
  let hasVerifier = 1;
}

def TileGPU_TmaCopyOp : TileGPU_Op<"tma_copy", [AttrSizedOperandSegments]> {
  let summary = "Copies a block of a global tensor to shared memory through TMA (cp.async.bulk.tensor)";
  let description = [{
    Thread 0, where the optional `pred` holds, copies the block of the
    tensor that `map` describes whose first element is at `coords` (i32, one
    per dimension, outermost first; elements outside the tensor read as
    zero) into `dst`, and signals `bar` with the bytes written. Of a tensor
    of rank 3 to 5 the block's leading dimensions are 1, `dst` holding its
    last two. `dst` is a
    2-D buffer laid out as the hardware's swizzle mode of the map writes it:
    unswizzled row-major, or `#tilegpu.shared` with 16-byte chunks permuted
    over 2, 4 or 8 rows of 32, 64 or 128 bytes (perPhase 4, 2, 1); wider
    rows are split into `blockCols` column blocks, one copy each (the map's
    box is one block). A `transposed` buffer holds the block as its
    transpose: `coords` index the global block (`dst`'s shape reversed).
    The copy is complete when a `tilegpu.mbarrier_wait` on `bar` returns.

    ```mlir
    tilegpu.tma_copy %map[%row, %col], %slot, %bar pred %p : !tilegpu.tensormap, !tilegpu.memdesc<64x128xf16, #shared>, !tilegpu.memdesc<1xi64>
    ```
  }];
  let arguments = (ins TileGPU_TensorMapType:$map, Variadic<I32>:$coords,
                       Arg<TileGPU_MemDescType, "the buffer",
                           [MemWrite<TileGPU_SharedMemory>]>:$dst,
                       Arg<TileGPU_MemDescType, "the mbarrier",
                           [MemWrite<TileGPU_SharedMemory>]>:$bar,
                       Optional<I1>:$pred);
  let assemblyFormat = [{
    $map `[` $coords `]` `,` $dst `,` $bar (`pred` $pred^)? attr-dict `:`
    qualified(type($map)) `,` qualified(type($dst)) `,` qualified(type($bar))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The box of the map (elements, outermost first): the global block one
    /// copy writes, a column block of `dst` when it has `blockCols`.
    ::llvm::SmallVector<int64_t> getBox();
  }];
}

def TileGPU_TmaStoreOp : TileGPU_Op<"tma_store", [
                                   MemoryEffects<[MemWrite]>]> {
  let summary = "Writes a shared-memory block to a global tensor through TMA (cp.async.bulk.tensor)";
  let description = [{
    One thread writes `src` to the block of the tensor that `map` describes
    whose first element is at `coords` (i32, one per dimension, outermost
    first, as for tilegpu.tma_copy; elements outside the tensor are not
    written), and waits until
    the copy has read `src` (cp.async.bulk.wait_group.read), so that the
    buffer may be written again after a barrier. `src` is laid out as for
    tilegpu.tma_copy (one copy per column block). Its writers must have
    made their stores visible to the async proxy (fence.proxy.async) and
    passed a barrier before.

    ```mlir
    tilegpu.tma_store %map[%row, %col], %buf : !tilegpu.tensormap, !tilegpu.memdesc<128x64xf16, #shared>
    ```
  }];
  let arguments = (ins TileGPU_TensorMapType:$map, Variadic<I32>:$coords,
                       Arg<TileGPU_MemDescType, "the buffer",
                           [MemRead<TileGPU_SharedMemory>]>:$src);
  let assemblyFormat = [{
    $map `[` $coords `]` `,` $src attr-dict `:`
    qualified(type($map)) `,` qualified(type($src))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The box of the map, as tilegpu.tma_copy's.
    ::llvm::SmallVector<int64_t> getBox();
  }];
}

//===----------------------------------------------------------------------===//
// Warp specialization
//===----------------------------------------------------------------------===//

def TileGPU_WarpSpecializeOp : TileGPU_Op<"warp_specialize",
    [RecursiveMemoryEffects,
     SingleBlockImplicitTerminator<"WarpYieldOp">]> {
  let summary = "Extra warps that run a producer region, then exit";
  let description = [{
    The kernel runs `producerWarps` warps (a multiple of 4: whole
    warpgroups) besides its `num_warps`. At this op, which stands in the
    function's entry block, every thread of the CTA meets at a barrier;
    then the extra warps lower their register budget to `producerRegs`
    (`setmaxnreg.dec`), the first of them runs the region and all of them
    exit, while the `num_warps` warps of the layouts raise theirs to
    `consumerRegs` (`setmaxnreg.inc`) and go on with the code after the op.
    The region talks to the rest of the kernel only through mbarriers and
    the buffers they guard (tilegpu-pipeline's warp-specialized loops:
    the region issues the TMA copies, the consumers do the math); every
    later barrier of the kernel is a named barrier of the `num_warps`
    warps. The region reads values defined before the op (constants,
    kernel arguments, buffers) and defines no tensor: its single warp has
    no layout.

    ```mlir
    tilegpu.warp_specialize producer_warps(4) regs(40, 232) {
      scf.for %k = %c0 to %n step %c1 { ... tilegpu.tma_copy ... }
    }
    ```
  }];
  let arguments = (ins I32Attr:$producerWarps, I32Attr:$producerRegs,
                       I32Attr:$consumerRegs);
  let regions = (region SizedRegion<1>:$producer);
  let assemblyFormat = [{
    `producer_warps` `(` $producerWarps `)` `regs` `(` $producerRegs `,`
    $consumerRegs `)` $producer attr-dict
  }];
  let hasVerifier = 1;
}

def TileGPU_WarpYieldOp : TileGPU_Op<"warp_yield",
    [Pure, Terminator, HasParent<"WarpSpecializeOp">]> {
  let summary = "Ends the producer region of tilegpu.warp_specialize";
  let assemblyFormat = "attr-dict";
}

#endif // TILEGPU_OPS
