# Float constexprs that are infinities or NaN, written in the signature as
# Python's float() reads them ('inf', '-inf', 'Infinity', 'nan'): vLLM passes
# dt_max = float("inf") to its Mamba chunk kernels and a mask value of
# float("-inf") to its top-k/top-p sampler. Literals out of range read as
# float() reads them: 1e999 is inf, -1e999 -inf, 1e-999 0.0.
# RUN: tilec %s --kernel fill --signature "*fp32:16, inf" --emit=tile | FileCheck %s --check-prefix=INF
# RUN: tilec %s --kernel fill --signature "*fp32:16, Infinity" --emit=tile | FileCheck %s --check-prefix=INF
# RUN: tilec %s --kernel fill --signature "*fp32:16, -inf" --emit=tile | FileCheck %s --check-prefix=NINF
# RUN: tilec %s --kernel fill --signature "*fp32:16, nan" --emit=tile | FileCheck %s --check-prefix=NAN
# RUN: tilec %s --kernel fill --signature "*fp32:16, 1e999" --emit=tile | FileCheck %s --check-prefix=INF
# RUN: tilec %s --kernel fill --signature "*fp32:16, -1e999" --emit=tile | FileCheck %s --check-prefix=NINF
# RUN: tilec %s --kernel fill --signature "*fp32:16, 1e-999" --emit=tile | FileCheck %s --check-prefix=ZERO
# RUN: not tilec %s --kernel fill --signature "*fp32:16, infx" --emit=tile 2>&1 | FileCheck %s --check-prefix=BAD
# INF: arith.constant dense<0x7F800000> : tensor<16xf32>
# NINF: arith.constant dense<0xFF800000> : tensor<16xf32>
# NAN: arith.constant dense<0x7FC00000> : tensor<16xf32>
# ZERO: arith.constant dense<0.000000e+00> : tensor<16xf32>
# BAD: error: unknown type 'infx' in signature
import triton
import triton.language as tl


@triton.jit
def fill(Y, V: tl.constexpr):
    tl.store(Y + tl.arange(0, 16), tl.full([16], V, tl.float32))
