# fp8 values are converted before computing: arithmetic, comparisons, math
# and reductions on them are errors; so is rounding other than to nearest even,
# an fp8 scalar argument, and an fp8 conversion for a GPU before sm_89.
# RUN: not tilec %s --kernel k --signature "*fp8e4nv, *fp8e5" 2>&1 \
# RUN:   | FileCheck %s --implicit-check-not=error:
# RUN: not tilec %s --kernel k --signature "fp8e4nv, *fp8e5" 2>&1 \
# RUN:   | FileCheck %s --check-prefix=SCALAR
# RUN: not tilec %s --kernel conv --signature "*fp32, *fp8e5" --arch sm_80 --emit=ptx -o %t.ptx 2>&1 \
# RUN:   | FileCheck %s --check-prefix=ARCH

import triton
import triton.language as tl


@triton.jit
def k(A, B):
    a = tl.load(A + tl.arange(0, 16)[:, None] * 16 + tl.arange(0, 16)[None, :])
    b = tl.load(B + tl.arange(0, 16)[:, None] * 16 + tl.arange(0, 16)[None, :])
    c = a + a
    d = a < 1.0
    e = tl.exp(b)
    f = tl.sum(a, 0)
    g = -b
    h = a.to(tl.float16, fp_downcast_rounding="rtz")


@triton.jit
def conv(X, Y):
    tl.store(Y + tl.arange(0, 16), tl.load(X + tl.arange(0, 16)).to(tl.float8e5))

# CHECK: fp8-misuse.py:[[@LINE-12]]:11: error: '+' of float8e4nv values is not supported: convert them with .to(tl.float16) or .to(tl.float32) first
# CHECK: fp8-misuse.py:[[@LINE-12]]:11: error: '<' of float8e4nv values is not supported
# CHECK: fp8-misuse.py:[[@LINE-12]]:12: error: tl.exp() of float8e5 values is not supported
# CHECK: fp8-misuse.py:[[@LINE-12]]:12: error: tl.sum() of float8e4nv values is not supported
# CHECK: fp8-misuse.py:[[@LINE-12]]:9: error: '-' of float8e5 values is not supported
# CHECK: fp8-misuse.py:[[@LINE-12]]:11: error: fp_downcast_rounding='rtz' is not supported: tilec rounds float conversions to nearest even ('rtne')
# SCALAR: <signature>:1:1: error: an fp8 scalar argument ('fp8e4nv') is not supported; pass fp8 data through a pointer (*fp8e4nv)
# ARCH: fp8-misuse.py:[[@LINE-9]]:{{[0-9]+}}: error: conversions to and from fp8 need sm_89 or later
