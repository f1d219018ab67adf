# An --arch that LLVM 19's NVPTX backend does not know is refused before
# lowering (it used to abort in instruction selection, or emit PTX that
# ptxas rejects), for every emitted stage past tile IR.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32" --arch sm_100 --emit=ptx -o %t.ptx 2>&1 | FileCheck %s --check-prefix=SM100
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32" --arch "" --emit=tilegpu 2>&1 | FileCheck %s --check-prefix=EMPTY
# RUN: tilec %s --kernel k --signature "*fp32, *fp32" --arch sm_100 --emit=tile | FileCheck %s --check-prefix=TILE
# SM100: tilec: error: unsupported GPU target 'sm_100': expected sm_60, sm_61, sm_62, sm_70, sm_72, sm_75, sm_80, sm_86, sm_87, sm_89, sm_90 or sm_90a
# SM100-NOT: LLVM ERROR
# EMPTY: tilec: error: unsupported GPU target '': expected
# TILE: tile.reduce sum
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr):
    x = tl.load(x_ptr + tl.arange(0, 128))
    tl.store(y_ptr, tl.sum(x, axis=0))
