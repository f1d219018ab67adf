# A module-level name a host call computes (a math library picked through
# importlib), read by a jit function: the error, then a note naming the -D
# that gives its value (test/Frontend/define-module-path.py gives it).
# RUN: not tilec %s --kernel k --signature "*fp32:16, 16" --emit=tile 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:
import importlib

import triton
import triton.language as tl

shim = importlib.import_module("triton.language.math")
# CHECK: {{^}}{{.*}}global-host-call.py:[[@LINE-1]]:8: error: the module 'importlib' cannot be used in jit functions{{$}}
# CHECK: {{^}}{{.*}}global-host-call.py:[[@LINE+7]]:21: note: while evaluating the global 'shim' used here{{$}}
# CHECK: {{^}}{{.*}}global-host-call.py:[[@LINE-3]]:18: note: -D shim=VALUE gives the global's value where host code computes it (a Python literal, or the path of one of Triton's modules), -D shim.ATTRIBUTE=VALUE one of its attributes{{$}}


@triton.jit
def k(X, N: tl.constexpr):
    r = tl.arange(0, N)
    tl.store(X + r, shim.rsqrt(tl.load(X + r)))
