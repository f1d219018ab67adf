# libdevice's fast_* functions (the approximate forms Triton exposes) and
# Triton's constexpr helper tl.standard._log2 (an integer log2, with which
# the bitonic sorts of public kernels count their stages).
# RUN: tilec %s --kernel k --signature "*fp32, *fp32, 64" --emit=tile | FileCheck %s
# _log2(64) + _log2(1) = 6 + 0, then + _log2(96) = 6:
# CHECK-DAG: arith.constant dense<6.000000e+00> : tensor<64xf32>
# CHECK-DAG: arith.constant dense<0.000000e+00> : tensor<64xf32>
# CHECK:     math.sin %{{.*}} : tensor<64xf32>
# CHECK:     math.cos %{{.*}} : tensor<64xf32>
# CHECK:     math.log2 %{{.*}} : tensor<64xf32>
# CHECK:     math.tan %{{.*}} : tensor<64xf32>
# CHECK:     math.log10 %{{.*}} : tensor<64xf32>
# CHECK:     math.powf %{{.*}}, %{{.*}} : tensor<64xf32>
# CHECK:     arith.divf %{{.*}}, %{{.*}} : tensor<64xf32>
# CHECK:     return
# ../Interpreter/run_libdevice_fast.test runs it against Python's math.
# _log2 of a non-integer is a diagnostic:
# RUN: not tilec %s --kernel bad_log2 --signature "*fp32" --emit=tile 2>&1 | FileCheck %s --check-prefix=ERR
# ERR: libdevice-fast.py:40:35: error: the argument of _log2 must be a compile-time integer constant, got the constant 1.5
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def k(x_ptr, out_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    r = libdevice.fast_sinf(x) + libdevice.fast_cosf(x) + libdevice.fast_log2f(x + 2.0)
    r += libdevice.fast_tanf(x) + libdevice.fast_log10f(x + 2.0) + libdevice.fast_powf(x + 2.0, 0.5)
    r = libdevice.fast_dividef(r, x + 3.0)
    n: tl.constexpr = tl.standard._log2(N)
    m: tl.constexpr = tl.standard._log2(1)
    p: tl.constexpr = tl.standard._log2(96)
    tl.store(out_ptr + offs, r + n + m + p)


@triton.jit
def bad_log2(out_ptr):
    n: tl.constexpr = tl.standard._log2(1.5)
    tl.store(out_ptr, n)
