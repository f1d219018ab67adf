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
  }];
  let options = [
    Option<"numWarps", "num-warps", "int", /*default=*/"0",
           "Warps per CTA (0: the module's tile.num_warps, else 4)">,
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
    attribute `tilegpu.vector` (elements per access).
  }];
  let options = [
    Option<"printAxisInfo", "print-axis-info", "bool", /*default=*/"false",
           "Test only: attach the analysis of each integer / pointer result "
           "as a `tilegpu.axis_info` string attribute">,
  ];
  let dependentDialects = ["mlir::tilegpu::TileGPUDialect"];
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

def ConvertTileGPUToLLVM : Pass<"convert-tilegpu-to-llvm", "mlir::ModuleOp"> {
  let summary = "Lower tilegpu IR to the LLVM and NVVM dialects";
  let description = [{
    Each thread's elements of a tile become an LLVM struct; tile ops, arith
    and math on tensors, layout conversions and reductions become per-thread
    scalar code with shuffles, shared memory and barriers. scf keeps its
    structure (with struct-typed values) for the later scf-to-cf step.
  }];
  let options = [
    Option<"computeCapability", "compute-capability", "int", /*default=*/"90",
           "Target compute capability (80, 90)">,
  ];
  let dependentDialects = ["mlir::LLVM::LLVMDialect", "mlir::NVVM::NVVMDialect"];
}

#endif // TILEGPU_PASSES
