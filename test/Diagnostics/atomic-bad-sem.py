# An unknown memory semantic (Triton: acquire, release, acq_rel, relaxed).
# RUN: not tilec %s --kernel k --signature "*i32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    old = tl.atomic_add(X, 1, sem="seq_cst")

# CHECK: {{^}}{{.*}}atomic-bad-sem.py:[[@LINE-2]]:14: error: sem 'seq_cst' of tl.atomic_add is not one of 'acquire', 'release', 'acq_rel', 'relaxed'{{$}}
# CHECK-NEXT: {{^}}    old = tl.atomic_add(X, 1, sem="seq_cst"){{$}}
# CHECK-NEXT: {{^}}             ^~~~~~~~~~{{$}}
