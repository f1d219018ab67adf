# Functions of host code with `try` blocks and assignments of names, as
# flash-linear-attention's hardware checks and config builders are written:
# a `try` runs as if nothing raises (its body, then its `else`), so
# `get_available_device()` is the target's backend, "cuda", IS_AMD and
# IS_INTEL are False, and both the autotune configs and the kernel (reading
# the constants at compile time) take the NVIDIA branch. A `try` body tilec
# cannot compute is an error at what it cannot compute (never a reason to run
# a handler), and `try ... finally` is not read.
# RUN: tilec %s --list-configs --kernel k | FileCheck %s --check-prefix=CONFIGS
# CONFIGS: k: 4 configs, key [n]
# CONFIGS-NEXT: 0: B=512, num_warps=4, num_stages=3
# CONFIGS-NEXT: 1: B=512, num_warps=8, num_stages=3
# CONFIGS-NEXT: 2: B=1024, num_warps=4, num_stages=3
# CONFIGS-NEXT: 3: B=1024, num_warps=8, num_stages=3
# RUN: tilec %s --kernel k --signature "*fp32:16, i32, 128" --emit=tile | FileCheck %s
# CHECK-LABEL: func.func @k
# CHECK: arith.constant dense<2.000000e+00>
# CHECK-NOT: arith.constant dense<3.000000e+00>
# RUN: not tilec %s --list-configs --kernel bad_device 2>&1 | FileCheck %s --check-prefix=DEVICE --strict-whitespace
# DEVICE:      {{^}}{{.*}}host-function-try.py:[[@LINE+34]]:27: error: @triton.autotune: tilec cannot compute 'configs': the GPU's name is host code's value that tilec does not know when it compiles for an architecture (sm_90){{$}}
# DEVICE-NEXT: {{^}}        return torch.cuda.get_device_name(0){{$}}
# DEVICE-NEXT: {{^}}                          ^~~~~~~~~~~~~~~{{$}}
# DEVICE-NEXT: {{^}}{{.*}}host-function-try.py:[[@LINE+66]]:18: note: needed by @triton.autotune here{{$}}
# RUN: not tilec %s --list-configs --kernel bad_finally 2>&1 | FileCheck %s --check-prefix=FINALLY --strict-whitespace
# FINALLY:      {{^}}{{.*}}host-function-try.py:[[@LINE+77]]:26: error: @triton.autotune: tilec cannot compute 'configs': it calls 'cleaned_up', a function of host code tilec cannot evaluate (tilec evaluates functions whose bodies are assignments of names (augmented ones of local names too), 'return' statements, appends to lists and 'if' / 'elif' / 'else', 'for' and 'try' over them); -D 'cleaned_up()=VALUE' gives its value{{$}}
import functools
from functools import cache

import torch
import triton
import triton.language as tl


@cache
def get_available_device() -> str:
    try:
        return triton.runtime.driver.active.get_current_target().backend
    except Exception:
        return 'cpu'


@functools.lru_cache(maxsize=None)
def backend_or(default='cpu'):
    try:
        pass
    except (AttributeError, RuntimeError) as e:
        return default
    else:
        return triton.runtime.driver.active.get_current_target().backend


def device_name():
    try:
        return torch.cuda.get_device_name(0)
    except Exception:
        return ''


device_platform = get_available_device()
IS_AMD = (device_platform == 'hip')
IS_INTEL = (device_platform == 'xpu')
IS_NVIDIA = backend_or() == 'cuda'


def block_configs():
    if IS_INTEL:
        sizes, warps = [256], [1, 2]
    elif IS_AMD:
        sizes = [512]
        warps = [2, 4]
    else:
        sizes = [512, 1024]
        warps = [4, 8]
    return [triton.Config({'B': b}, num_warps=w) for b in sizes for w in warps]


@triton.autotune(configs=block_configs(), key=['n'])
@triton.jit
def k(x_ptr, n, B: tl.constexpr):
    o = tl.program_id(0) * B + tl.arange(0, B)
    x = tl.load(x_ptr + o, mask=o < n)
    if IS_NVIDIA and not IS_AMD:
        x = x * 2.0
    else:
        x = x * 3.0
    tl.store(x_ptr + o, x, mask=o < n)


@triton.autotune(configs=[triton.Config({'B': 64})] if 'H' in device_name() else [], key=['n'])
@triton.jit
def bad_device(x_ptr, n, B: tl.constexpr):
    pass


def cleaned_up():
    try:
        return [triton.Config({'B': 64})]
    finally:
        pass


@triton.autotune(configs=cleaned_up(), key=['n'])
@triton.jit
def bad_finally(x_ptr, n, B: tl.constexpr):
    pass
