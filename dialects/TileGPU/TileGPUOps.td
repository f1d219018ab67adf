//===- TileGPUOps.td - The tilegpu dialect -----------------*- tablegen -*-===//
//
// `tilegpu` is `tile` with layouts: every tensor carries an encoding that says
// which of the CTA's num_warps * 32 threads holds which elements. The tile
// ops are reused on encoded tensors; this dialect adds the layout attributes
// and the ops that only exist once data has a place: layout conversion and
// barriers. Later issues add mma, dot-operand and shared encodings to the
// same attribute family (TileGPU_LayoutAttr).
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

def TileGPU_BarrierOp : TileGPU_Op<"barrier"> {
  let summary = "CTA-wide barrier (bar.sync 0)";
  let assemblyFormat = "attr-dict";
}

#endif // TILEGPU_OPS
