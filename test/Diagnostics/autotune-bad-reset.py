# reset_to_zero and restore_value name parameters of the kernel, as a list.
# RUN: not tilec %s --list-configs 2>&1 | FileCheck %s
# CHECK: autotune-bad-reset.py:[[@LINE+2]]:1: error: @triton.autotune: reset_to_zero names 'out', which is not a parameter of 'k'
# CHECK: autotune-bad-reset.py:[[@LINE+6]]:{{[0-9]+}}: error: @triton.autotune: restore_value must be a list of parameter names
@triton.autotune(configs=[triton.Config({'B': 64})], key=['n'], reset_to_zero=['out'])
@triton.jit
def k(x, n, B: tl.constexpr):
    pass

@triton.autotune(configs=[triton.Config({'B': 64})], key=[], restore_value='x')
@triton.jit
def k2(x, n, B: tl.constexpr):
    pass
