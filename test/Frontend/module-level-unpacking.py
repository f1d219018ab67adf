# Module-level constants bound by unpacking (`BLOCK_M, BLOCK_N = 64, 32`,
# `MAJOR, MINOR = torch.cuda.get_device_capability()`), as Python binds
# them: each name its element, in jit functions and in host code
# (@triton.autotune's arguments); a value that reads a name it rebinds
# (`A, B = B, A`) reads the binding before. What tilec cannot compute of the
# value is an error where a name of it is used.
# RUN: tilec %s --arch sm_90a --kernel k --signature "*fp32:16" --emit=tile | FileCheck %s
# CHECK-LABEL: func.func @k
# CHECK-DAG: tile.make_range 0 to 64 : tensor<64xi32>
# CHECK-DAG: arith.constant dense<3.400000e+01> : tensor<64xf32>
# CHECK-DAG: arith.constant dense<9.000000e+01> : tensor<64xf32>
# CHECK-DAG: arith.constant dense<2.100000e+01> : tensor<64xf32>
# RUN: tilec %s --arch sm_90a --list-configs --kernel tuned | FileCheck %s --check-prefix=CONFIGS
# CONFIGS: tuned: 2 configs, key [n]
# CONFIGS-NEXT: 0: B=64, num_warps=4, num_stages=3
# CONFIGS-NEXT: 1: B=128, num_warps=4, num_stages=3
# RUN: not tilec %s --arch sm_90a --kernel bad --signature "*fp32:16" --emit=tile 2>&1 | FileCheck %s --check-prefix=BAD --strict-whitespace
# BAD:      {{^}}{{.*}}module-level-unpacking.py:[[@LINE+19]]:29: error: the GPU's name is host code's value that tilec does not know when it compiles for an architecture (sm_90a){{$}}
# BAD-NEXT: {{^}}NAME_A, NAME_B = torch.cuda.get_device_name(), 1{{$}}
# BAD:      {{^}}{{.*}}module-level-unpacking.py:[[@LINE+38]]:17: note: while evaluating the global 'NAME_A' used here{{$}}
# A display of another length (Python raises ValueError at import) binds
# nothing:
# RUN: not tilec %s --arch sm_90a --kernel uneven --signature "*fp32:16" --emit=tile 2>&1 | FileCheck %s --check-prefix=UNEVEN
# UNEVEN: error: name 'C' is not defined
import torch
import triton
import triton.language as tl

BM, BN = 64, 32
(LO, HI) = (1.0, 2.0)
MAJOR, MINOR = torch.cuda.get_device_capability()
SIZES = [64, 128]
SMALL, LARGE = SIZES
A = 1
B = 2
A, B = B, A
NAME_A, NAME_B = torch.cuda.get_device_name(), 1
C, D = 1, 2, 3


@triton.jit
def k(x):
    o = tl.arange(0, BM)
    tl.store(x + o, tl.zeros([BM], dtype=tl.float32) + HI + BN)
    tl.store(x + BM + o, tl.zeros([BM], dtype=tl.float32) + MAJOR * 10 + MINOR)
    tl.store(x + 2 * BM + o, tl.zeros([BM], dtype=tl.float32) + A * 10 + B)


@triton.autotune(configs=[triton.Config({'B': b}) for b in [SMALL, LARGE] if MAJOR >= 9],
                 key=['n'])
@triton.jit
def tuned(x, n, B: tl.constexpr):
    tl.store(x + tl.arange(0, B), 0)


@triton.jit
def bad(x):
    tl.store(x, NAME_A)


@triton.jit
def uneven(x):
    tl.store(x, C)
