# Checks tl.debug_barrier() -> tile.barrier: in straight-line code, in a loop body, in an if
# branch, and as an expression whose value (None) is assigned; the optimizations keep every
# barrier in place.
# RUN: tilec %s --kernel barriers --signature "*fp32:16, i32, 64" --emit=tile --no-opt | FileCheck %s
# RUN: tilec %s --kernel barriers --signature "*fp32:16, i32, 64" --emit=tile | FileCheck %s --check-prefix=OPT
import triton
import triton.language as tl


@triton.jit
def barriers(p, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    tl.debug_barrier()
    x = tl.load(p + offs)
    for i in range(n):
        tl.store(p + offs, x + i)
        tl.debug_barrier()
    if n > 4:
        tl.debug_barrier()
    r = tl.debug_barrier()
    tl.store(p + offs, x)


# CHECK-LABEL: func.func @barriers
# CHECK-NEXT: tile.make_range
# CHECK-NEXT: tile.barrier
# CHECK: tile.load
# CHECK: scf.for
# CHECK: tile.store
# CHECK-NEXT: tile.barrier
# CHECK-NEXT: }
# CHECK: scf.if %{{.*}} {
# CHECK-NEXT: tile.barrier
# CHECK-NEXT: } else {
# CHECK-NEXT: }
# CHECK-NEXT: tile.barrier
# CHECK-NOT: tile.barrier
# CHECK: return

# OPT-LABEL: func.func @barriers
# OPT: tile.barrier
# OPT: tile.load
# OPT: scf.for
# OPT: tile.store
# OPT-NEXT: tile.barrier
# OPT-NEXT: }
# OPT: scf.if
# OPT-NEXT: tile.barrier
# OPT-NEXT: }
# OPT-NEXT: tile.barrier
# OPT-NOT: tile.barrier
# OPT: return
