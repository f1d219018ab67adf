# A kernel using a module imported at the top of the file that is not Triton.
# RUN: not tilec %s --kernel k --signature "*fp32, 16" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import numpy as np
import triton
import triton.language as tl


@triton.jit
def k(X, B: tl.constexpr):
    x = tl.load(X + tl.arange(0, B))
    tl.store(X + tl.arange(0, B), np.exp(x))

# CHECK: {{^}}{{.*}}import-non-triton-module.py:[[@LINE-2]]:35: error: 'np' (the imported 'numpy') cannot be used in jit functions{{$}}
# CHECK-NEXT: {{^}}    tl.store(X + tl.arange(0, B), np.exp(x)){{$}}
# CHECK-NEXT: {{^}}                                  ^~{{$}}
