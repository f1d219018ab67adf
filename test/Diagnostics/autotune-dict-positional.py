# Host code's dict() is computed from keyword arguments only; a positional
# one is reported where it is.
# RUN: not tilec %s --list-configs 2>&1 | FileCheck %s
# CHECK: autotune-dict-positional.py:[[@LINE+5]]:41: error: @triton.autotune: tilec cannot compute 'configs': dict() is computed from keyword arguments only
import triton
import triton.language as tl


@triton.autotune(configs=[triton.Config(dict([("B", 64)]))], key=[])
@triton.jit
def k(x, B: tl.constexpr):
    pass
