# Functions of host code whose configs tilec cannot compute: a body with a
# `while` loop (the error at the call and a note at the statement; where the call is in another function, a note at
# the decorator too; where it is in a constant, the error names the constant
# for -D, with notes at where tilec stopped), a missing argument, and a
# decorator tilec does not run.
# RUN: not tilec %s --list-configs 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=note:
# CHECK:      {{^}}{{.*}}autotune-host-function.py:[[@LINE+54]]:26: error: @triton.autotune: tilec cannot compute 'configs': 'get_configs' is a function of host code tilec cannot evaluate{{$}}
# CHECK-NEXT: {{^}}@triton.autotune(configs=get_configs(), key=['n']){{$}}
# CHECK-NEXT: {{^}}                         ^~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}autotune-host-function.py:[[@LINE+33]]:5: note: tilec evaluates functions whose bodies are assignments of names (augmented ones of local names too), 'return' statements, appends to lists and 'if' / 'elif' / 'else', 'for' and 'try' over them, not this statement{{$}}
# CHECK-NEXT: {{^}}    while len(configs) < 2:{{$}}
# CHECK-NEXT: {{^}}    ^~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}autotune-host-function.py:[[@LINE+57]]:18: error: @triton.autotune: tilec cannot compute 'configs': it reads 'CONFIGS', host code's value that tilec cannot compute: give it with -D CONFIGS=VALUE (a Python literal){{$}}
# CHECK-NEXT: {{^}}@triton.autotune(configs=CONFIGS, key=['n']){{$}}
# CHECK-NEXT: {{^}}                 ^~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}autotune-host-function.py:[[@LINE+51]]:11: note: tilec cannot compute this: 'get_configs' is a function of host code tilec cannot evaluate{{$}}
# CHECK-NEXT: {{^}}CONFIGS = get_configs(){{$}}
# CHECK-NEXT: {{^}}          ^~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}autotune-host-function.py:[[@LINE+24]]:5: note: tilec evaluates functions whose bodies are assignments of names (augmented ones of local names too), 'return' statements, appends to lists and 'if' / 'elif' / 'else', 'for' and 'try' over them, not this statement{{$}}
# CHECK-NEXT: {{^}}    while len(configs) < 2:{{$}}
# CHECK-NEXT: {{^}}    ^~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}autotune-host-function.py:[[@LINE+54]]:26: error: @triton.autotune: tilec cannot compute 'configs': 'sized' is called without its argument 'n'{{$}}
# CHECK-NEXT: {{^}}@triton.autotune(configs=sized(warps=4), key=['n']){{$}}
# CHECK-NEXT: {{^}}                         ^~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}autotune-host-function.py:[[@LINE+57]]:26: error: @triton.autotune: tilec cannot compute 'configs': 'traced' is decorated with @trace, which is host code tilec does not run{{$}}
# CHECK-NEXT: {{^}}@triton.autotune(configs=traced(), key=['n']){{$}}
# CHECK-NEXT: {{^}}                         ^~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}autotune-host-function.py:[[@LINE+61]]:12: error: @triton.autotune: tilec cannot compute 'configs': 'get_configs' is a function of host code tilec cannot evaluate{{$}}
# CHECK-NEXT: {{^}}    return get_configs(){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}autotune-host-function.py:[[@LINE+12]]:5: note: tilec evaluates functions whose bodies are assignments of names (augmented ones of local names too), 'return' statements, appends to lists and 'if' / 'elif' / 'else', 'for' and 'try' over them, not this statement{{$}}
# CHECK-NEXT: {{^}}    while len(configs) < 2:{{$}}
# CHECK-NEXT: {{^}}    ^~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}autotune-host-function.py:[[@LINE+58]]:18: note: needed by @triton.autotune here{{$}}
# CHECK-NEXT: {{^}}@triton.autotune(configs=wrapped(), key=['n']){{$}}
# CHECK-NEXT: {{^}}                 ^~~~~~~{{$}}
import triton
import triton.language as tl


def get_configs():
    configs = []
    while len(configs) < 2:
        configs.append(triton.Config({'B': 64 * (len(configs) + 1)}))
    return configs


def sized(n, warps=2):
    return [triton.Config({'B': n}, num_warps=warps)]


def trace(f):
    return f


@trace
def traced():
    return [triton.Config({'B': 64})]


@triton.autotune(configs=get_configs(), key=['n'])
@triton.jit
def k(x, n, B: tl.constexpr):
    pass


CONFIGS = get_configs()


@triton.autotune(configs=CONFIGS, key=['n'])
@triton.jit
def k2(x, n, B: tl.constexpr):
    pass


@triton.autotune(configs=sized(warps=4), key=['n'])
@triton.jit
def k3(x, n, B: tl.constexpr):
    pass


@triton.autotune(configs=traced(), key=['n'])
@triton.jit
def k4(x, n, B: tl.constexpr):
    pass


def wrapped():
    return get_configs()


@triton.autotune(configs=wrapped(), key=['n'])
@triton.jit
def k5(x, n, B: tl.constexpr):
    pass
