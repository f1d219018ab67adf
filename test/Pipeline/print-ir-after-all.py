# --mlir-print-ir-after-all prints the IR after every pass tilec runs, in the
# order of tilec/Pipeline/Pipeline.h: the tile cleanup, the preparation of
# the tile IR, tile to tilegpu, tilegpu to LLVM.
# RUN: tilec %s --kernel k --signature "*fp32:16, 64" --emit=ptx -o /dev/null --mlir-print-ir-after-all 2>&1 | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) * 2.0)

# CHECK: IR Dump After TileCanonicalize (tile-canonicalize)
# CHECK-NEXT: module
# CHECK: IR Dump After LoopInvariantCodeMotion (loop-invariant-code-motion)
# CHECK: IR Dump After CSE (cse)
# CHECK: IR Dump After TileCombine (tile-combine)
# CHECK: IR Dump After TileCanonicalize (tile-canonicalize)
# CHECK: IR Dump After TileGroupPrograms (tile-group-programs)
# CHECK: IR Dump After TileLoopPointerOffsets (tile-loop-pointer-offsets)
# CHECK: IR Dump After TileRematAcrossReductions (tile-remat-across-reductions)
# CHECK: IR Dump After ConvertTileToTileGPU (convert-tile-to-tilegpu)
# CHECK: IR Dump After TileGPURemoveLayoutConversions (tilegpu-remove-layout-conversions)
# CHECK: IR Dump After TileGPUCoalesce (tilegpu-coalesce)
# CHECK: IR Dump After TileGPULoadLayouts (tilegpu-load-layouts)
# CHECK: IR Dump After TileGPUStoreLayouts (tilegpu-store-layouts)
# CHECK: IR Dump After TileGPUPipeline (tilegpu-pipeline)
# CHECK: IR Dump After TileGPUAllocateShared (tilegpu-allocate-shared)
# CHECK: IR Dump After TileGPUInsertBarriers (tilegpu-insert-barriers)
# CHECK: IR Dump After ConvertTileGPUToLLVM (convert-tilegpu-to-llvm)
# CHECK-NEXT: module
# CHECK: llvm.func @k
# CHECK: IR Dump After CSE (cse)
# CHECK-NOT: IR Dump After
