# MLIR's pass-manager options reach the pipelines tilec runs: IR after a
# pass and per-pass timing (--help-hidden lists the others).
# RUN: tilec %s --kernel k --signature "*fp32:16, 64" --emit=ptx -o /dev/null --mlir-print-ir-after=tile-combine,tilegpu-coalesce 2>&1 | FileCheck %s --check-prefix=PRINT
# RUN: tilec %s --kernel k --signature "*fp32:16, 64" --emit=ptx -o /dev/null --mlir-timing 2>&1 | FileCheck %s --check-prefix=TIMING
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) * 2.0)

# PRINT: // -----// IR Dump After TileCombine (tile-combine) //----- //
# PRINT: func.func @k
# PRINT: // -----// IR Dump After TileGPUCoalesce (tilegpu-coalesce) //----- //
# PRINT: #tilegpu.blocked

# TIMING: Execution time report
# TIMING: TileCombine
# TIMING: Execution time report
# TIMING: ConvertTileToTileGPU
# TIMING: ConvertTileGPUToLLVM
