# The named pipelines of tilec-opt are the pipelines tilec runs: the tile IR
# tilec prints, lowered by `tilec-opt --tilec-lower`, is the IR tilec
# lowers to (tilegpu and LLVM), line for line.
# RUN: tilec %s --kernel k --signature "*fp32:16, *fp32:16, i32, 256" --emit=tile --mlir-print-debuginfo-locs -o %t.tile.mlir
# RUN: tilec-opt %t.tile.mlir --tilec-lower="arch=sm_90a programs-per-cta=1" -o %t.opt-llvm.mlir
# RUN: tilec %s --kernel k --signature "*fp32:16, *fp32:16, i32, 256" --emit=llvm-mlir --arch sm_90a -o %t.llvm.mlir
# RUN: diff -B %t.opt-llvm.mlir %t.llvm.mlir
# RUN: FileCheck %s --check-prefix=LLVM < %t.opt-llvm.mlir
# RUN: tilec-opt %t.tile.mlir --tilec-lower="to=tilegpu programs-per-cta=1 num-stages=2" -o %t.opt-gpu.mlir
# RUN: tilec %s --kernel k --signature "*fp32:16, *fp32:16, i32, 256" --emit=tilegpu --num-stages=2 -o %t.gpu.mlir
# RUN: diff -B %t.opt-gpu.mlir %t.gpu.mlir
# RUN: FileCheck %s --check-prefix=GPU < %t.opt-gpu.mlir
#
# The generated tile IR, cleaned up by --tilec-optimize-tile, is what tilec
# prints.
# RUN: tilec %s --kernel k --signature "*fp32:16, *fp32:16, i32, 256" --emit=tile --no-opt -o %t.raw.mlir
# RUN: tilec-opt %t.raw.mlir --tilec-optimize-tile -o %t.opt-tile.mlir
# RUN: tilec %s --kernel k --signature "*fp32:16, *fp32:16, i32, 256" --emit=tile -o %t.tile-plain.mlir
# RUN: diff -B %t.opt-tile.mlir %t.tile-plain.mlir
#
# An option value the pipeline does not know is an error.
# RUN: not tilec-opt %t.tile.mlir --tilec-lower="to=ptx" 2>&1 | FileCheck %s --check-prefix=BAD
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(y_ptr + offs, x * tl.sum(x, axis=0), mask=m)

# LLVM: llvm.func @k(
# LLVM-SAME: nvvm.kernel
# LLVM: nvvm.read.ptx.sreg.tid.x

# GPU: #tilegpu.blocked
# GPU: tile.reduce
# GPU-NOT: llvm.func

# BAD: for the --to option: Cannot find option named 'ptx'!
