# A key that names no parameter is skipped with a warning, as Triton's
# autotuner skips it; configs that host code computes are an error.
# RUN: not tilec %s --list-configs 2>&1 | FileCheck %s
# CHECK: autotune-bad-key.py:[[@LINE+2]]:1: warning: @triton.autotune: key names 'm', which is not a parameter of 'k': ignored, as Triton ignores it
# CHECK: autotune-bad-key.py:[[@LINE+6]]:26: error: @triton.autotune: tilec cannot compute 'configs': it calls 'get_configs', which is host code
@triton.autotune(configs=[triton.Config({'B': 64})], key=['m'])
@triton.jit
def k(x, n, B: tl.constexpr):
    pass

@triton.autotune(configs=get_configs(), key=[])
@triton.jit
def k2(x, n, B: tl.constexpr):
    pass
