# @triton.autotune's configs returned by module-level functions of host code,
# as Triton's tutorials build them: 03-matrix-multiplication's
# get_autotune_config(), which asks is_cuda() (the backend of
# triton.runtime.driver.active.get_current_target() is "cuda" for tilec);
# 09-persistent-matmul's matmul_get_configs(pre_hook=None), a comprehension
# with a parameter and a keyword argument; and a function with elif, a
# default and a docstring. Functions tilec does not call (is_hip_cdna2, the
# pre_hook) may be any Python.
# RUN: tilec %s --list-configs | FileCheck %s
# CHECK:      matmul_kernel: 3 configs, key [M, N, K]
# CHECK-NEXT:   0: BLOCK_SIZE_M=128, BLOCK_SIZE_N=256, BLOCK_SIZE_K=64, GROUP_SIZE_M=8, num_warps=8, num_stages=3
# CHECK-NEXT:   1: BLOCK_SIZE_M=64, BLOCK_SIZE_N=256, BLOCK_SIZE_K=32, GROUP_SIZE_M=8, num_warps=4, num_stages=4
# CHECK-NEXT:   2: BLOCK_SIZE_M=64, BLOCK_SIZE_N=64, BLOCK_SIZE_K=64, GROUP_SIZE_M=8, num_warps=4, num_stages=4
# CHECK-NEXT: persistent_kernel: 8 configs, key [M, N, K]
# CHECK-NEXT:   0: BLOCK_SIZE_M=128, BLOCK_SIZE_N=128, BLOCK_SIZE_K=64, GROUP_SIZE_M=8, num_warps=4, num_stages=3
# CHECK-NEXT:   1: BLOCK_SIZE_M=128, BLOCK_SIZE_N=128, BLOCK_SIZE_K=64, GROUP_SIZE_M=8, num_warps=8, num_stages=3
# CHECK-NEXT:   2: BLOCK_SIZE_M=128, BLOCK_SIZE_N=128, BLOCK_SIZE_K=64, GROUP_SIZE_M=8, num_warps=4, num_stages=4
# CHECK-NEXT:   3: BLOCK_SIZE_M=128, BLOCK_SIZE_N=128, BLOCK_SIZE_K=64, GROUP_SIZE_M=8, num_warps=8, num_stages=4
# CHECK-NEXT:   4: BLOCK_SIZE_M=128, BLOCK_SIZE_N=256, BLOCK_SIZE_K=64, GROUP_SIZE_M=8, num_warps=4, num_stages=3
# CHECK-NEXT:   5: BLOCK_SIZE_M=128, BLOCK_SIZE_N=256, BLOCK_SIZE_K=64, GROUP_SIZE_M=8, num_warps=8, num_stages=3
# CHECK-NEXT:   6: BLOCK_SIZE_M=128, BLOCK_SIZE_N=256, BLOCK_SIZE_K=64, GROUP_SIZE_M=8, num_warps=4, num_stages=4
# CHECK-NEXT:   7: BLOCK_SIZE_M=128, BLOCK_SIZE_N=256, BLOCK_SIZE_K=64, GROUP_SIZE_M=8, num_warps=8, num_stages=4
# CHECK-NEXT: persistent_kernel_tma: 4 configs, key [M, N, K]
# CHECK-NEXT:   0: BLOCK_SIZE_M=128, BLOCK_SIZE_N=128, BLOCK_SIZE_K=64, GROUP_SIZE_M=8, num_warps=4, num_stages=3
# CHECK-NEXT:   1: BLOCK_SIZE_M=128, BLOCK_SIZE_N=128, BLOCK_SIZE_K=64, GROUP_SIZE_M=8, num_warps=8, num_stages=3
# CHECK-NEXT:   2: BLOCK_SIZE_M=128, BLOCK_SIZE_N=256, BLOCK_SIZE_K=64, GROUP_SIZE_M=8, num_warps=4, num_stages=3
# CHECK-NEXT:   3: BLOCK_SIZE_M=128, BLOCK_SIZE_N=256, BLOCK_SIZE_K=64, GROUP_SIZE_M=8, num_warps=8, num_stages=3
# CHECK-NEXT: small_kernel: 2 configs, key [N]
# CHECK-NEXT:   0: BLOCK=64, num_warps=2, num_stages=1
# CHECK-NEXT:   1: BLOCK=128, num_warps=2, num_stages=1
# CHECK-NOT: {{.}}
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


def is_cuda():
    return triton.runtime.driver.active.get_current_target().backend == "cuda"


def is_hip_cdna2():
    target = triton.runtime.driver.active.get_current_target()
    return target.backend == 'hip' and target.arch == 'gfx90a'


def get_cuda_autotune_config():
    return [
        triton.Config({'BLOCK_SIZE_M': 128, 'BLOCK_SIZE_N': 256, 'BLOCK_SIZE_K': 64, 'GROUP_SIZE_M': 8}, num_stages=3,
                      num_warps=8),
        triton.Config({'BLOCK_SIZE_M': 64, 'BLOCK_SIZE_N': 256, 'BLOCK_SIZE_K': 32, 'GROUP_SIZE_M': 8}, num_stages=4,
                      num_warps=4),
        # Good config for fp8 inputs.
        triton.Config({'BLOCK_SIZE_M': 64, 'BLOCK_SIZE_N': 64, 'BLOCK_SIZE_K': 64, 'GROUP_SIZE_M': 8}, num_stages=4,
                      num_warps=4)
    ]


def get_hip_autotune_config():
    sizes = [
        {'BLOCK_SIZE_M': 32, 'BLOCK_SIZE_N': 32, 'BLOCK_SIZE_K': 64, 'GROUP_SIZE_M': 6},
    ]
    return [triton.Config(s | {'matrix_instr_nonkdim': 16}, num_warps=8, num_stages=2) for s in sizes]


def get_autotune_config():
    if is_cuda():
        return get_cuda_autotune_config()
    else:
        return get_hip_autotune_config()


@triton.autotune(
    configs=get_autotune_config(),
    key=['M', 'N', 'K'],
)
@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr,
                  BLOCK_SIZE_K: tl.constexpr, GROUP_SIZE_M: tl.constexpr):
    pass


def matmul_get_configs(pre_hook=None, stages=[3, 4]):
    return [
        triton.Config({'BLOCK_SIZE_M': BM, 'BLOCK_SIZE_N': BN, "BLOCK_SIZE_K": BK, "GROUP_SIZE_M": 8}, num_stages=s,
                      num_warps=w, pre_hook=pre_hook)  #
        for BM in [128]  #
        for BN in [128, 256]  #
        for BK in [64]  #
        for s in (stages)  #
        for w in [4, 8]  #
    ]


@triton.autotune(
    configs=matmul_get_configs(),
    key=["M", "N", "K"],
)
@triton.jit
def persistent_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr,
                      BLOCK_SIZE_K: tl.constexpr, GROUP_SIZE_M: tl.constexpr):
    pass


def matmul_tma_set_block_size_hook(nargs):
    BLOCK_M = nargs["BLOCK_SIZE_M"]
    BLOCK_N = nargs["BLOCK_SIZE_N"]
    nargs["a_desc"].block_shape = [BLOCK_M, nargs["BLOCK_SIZE_K"]]


@triton.autotune(
    configs=matmul_get_configs(matmul_tma_set_block_size_hook, stages=[3]),
    key=["M", "N", "K"],
)
@triton.jit
def persistent_kernel_tma(a_desc, b_desc, c_desc, M, N, K, BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr,
                          BLOCK_SIZE_K: tl.constexpr, GROUP_SIZE_M: tl.constexpr):
    pass


SMALL = 2


def small_configs(n=SMALL):
    """Configs for small problems."""
    if n > 4:
        return []
    elif n > 1:
        return [triton.Config({'BLOCK': b}, num_warps=n, num_stages=1) for b in (64, 128)]
    else:
        return [triton.Config({'BLOCK': 32}, num_warps=1)]


@triton.autotune(configs=small_configs(), key=['N'])
@triton.jit
def small_kernel(x_ptr, N, BLOCK: tl.constexpr):
    pass
