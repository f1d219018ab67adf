# @triton.autotune's configs that read host code's values tilec cannot
# compute (as flash-linear-attention's do): the error names each value that
# a -D would give (IS_WIDE, which decides NUM_WARPS, imported from the
# package, and BK_LIST, whose condition calls a function that asks torch for
# the device's memory, which differs between GPUs of one architecture), a note shows where tilec stopped, and with the values given the
# configs are read.
# RUN: not tilec -I %S/../Frontend/Inputs %s --list-configs 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error:
# RUN: not tilec -I %S/../Frontend/Inputs %s --list-configs -D IS_WIDE=False 2>&1 | FileCheck %s --check-prefix=ONE --strict-whitespace --implicit-check-not=error:
# RUN: tilec -I %S/../Frontend/Inputs %s --list-configs -D IS_WIDE=False -D "BK_LIST=[16, 32]" | FileCheck %s --check-prefix=READ
# RUN: tilec -I %S/../Frontend/Inputs %s --list-configs -D IS_WIDE=False -D "check_shared_mem()=True" | FileCheck %s --check-prefix=CALL
# CALL: k: 54 configs, key [K]
# CALL-NEXT: 0: BK=32, BV=32, num_warps=2, num_stages=2
# CHECK:      {{^}}{{.*}}autotune-undecided.py:[[@LINE+34]]:5: error: @triton.autotune: tilec cannot compute 'configs': it reads 'BK_LIST', 'IS_WIDE', host code's values that tilec cannot compute: give them with -D BK_LIST=VALUE -D IS_WIDE=VALUE (Python literals){{$}}
# CHECK-NEXT: {{^}}    configs=[{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}autotune-undecided.py:[[@LINE+22]]:52: note: tilec cannot compute this: the GPU's 'total_memory' is host code's value that tilec does not know: of the GPU, tilec knows what its architecture (--arch) decides{{$}}
# CHECK-NEXT: {{^}}        return torch.cuda.get_device_properties(0).total_memory >= 80 * 2**30{{$}}
# CHECK-NEXT: {{^}}                                                   ^~~~~~~~~~~~{{$}}
# ONE:      {{^}}{{.*}}autotune-undecided.py:[[@LINE+28]]:5: error: @triton.autotune: tilec cannot compute 'configs': it reads 'BK_LIST', host code's value that tilec cannot compute: give it with -D BK_LIST=VALUE (a Python literal){{$}}
# ONE-NEXT: {{^}}    configs=[{{$}}
# ONE-NEXT: {{^}}    ^~~~~~~{{$}}
# ONE-NEXT: {{^}}{{.*}}autotune-undecided.py:[[@LINE+16]]:52: note: tilec cannot compute this: the GPU's 'total_memory' is host code's value that tilec does not know: of the GPU, tilec knows what its architecture (--arch) decides{{$}}
# ONE-NEXT: {{^}}        return torch.cuda.get_device_properties(0).total_memory >= 80 * 2**30{{$}}
# ONE-NEXT: {{^}}                                                   ^~~~~~~~~~~~{{$}}
# READ:       k: 24 configs, key [K]
# READ-NEXT:    0: BK=16, BV=16, num_warps=2, num_stages=2
import torch
import triton
import triton.language as tl

from tunepkg import IS_WIDE

NUM_WARPS = [2, 4, 8, 16] if IS_WIDE else [2, 4, 8]


def check_shared_mem():
    try:
        return torch.cuda.get_device_properties(0).total_memory >= 80 * 2**30
    except Exception:
        return False


BK_LIST = [32, 64, 128] if check_shared_mem() else [16, 32]


@triton.autotune(
    configs=[
        triton.Config({'BK': BK, 'BV': BV}, num_warps=num_warps, num_stages=num_stages)
        for BK in BK_LIST
        for BV in BK_LIST
        for num_warps in NUM_WARPS
        if num_warps < 8
        for num_stages in [2, 3, 4]
    ],
    key=['K'],
)
@triton.jit
def k(x, K, BK: tl.constexpr, BV: tl.constexpr):
    pass
