# An i32 mask on an atomic (it must be boolean, as for tl.load / tl.store).
# RUN: not tilec %s --kernel k --signature "*i32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    tl.atomic_xchg(X + offs, 0, offs)

# CHECK: {{^}}{{.*}}atomic-mask-not-bool.py:[[@LINE-2]]:8: error: the mask of tl.atomic_xchg must be a boolean (int1) tensor, got a tensor of type i32 and shape [64]; compare it, e.g. mask != 0{{$}}
# CHECK-NEXT: {{^}}    tl.atomic_xchg(X + offs, 0, offs){{$}}
# CHECK-NEXT: {{^}}       ^~~~~~~~~~~{{$}}
