# A libdevice function tilec does not map (erfinv).
# RUN: not tilec %s --kernel k --signature "*fp32, 16" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def k(X, B: tl.constexpr):
    x = tl.load(X + tl.arange(0, B))
    tl.store(X + tl.arange(0, B), libdevice.erfinv(x))

# CHECK: {{^}}{{.*}}libdevice-unsupported.py:[[@LINE-2]]:45: error: 'libdevice.erfinv' is not supported by tilec{{$}}
# CHECK-NEXT: {{^}}    tl.store(X + tl.arange(0, B), libdevice.erfinv(x)){{$}}
# CHECK-NEXT: {{^}}                                            ^~~~~~{{$}}
