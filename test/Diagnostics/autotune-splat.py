# A `**` argument of @triton.autotune that tilec cannot compute is accepted
# when every dict it may be binds only arguments tilec does not use
# (test/Frontend/autotune-imported.py); one that may bind an argument tilec
# reads (key, reset_to_zero, ...) is an error naming what it reads, and one
# whose keys tilec cannot tell is an error saying why. With the -D, the
# first is read.
# RUN: not tilec %s --list-configs 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error:
# RUN: not tilec %s --list-configs -D HOST=True 2>/dev/null | FileCheck %s --check-prefix=HOST
# CHECK:      {{^}}{{.*}}autotune-splat.py:[[@LINE+27]]:81: error: @triton.autotune: '**TUNING' may bind 'key', which tilec reads, and tilec cannot compute it: it reads 'HOST', host code's value that tilec cannot compute: give it with -D HOST=VALUE (a Python literal){{$}}
# CHECK-NEXT: {{^}}@triton.autotune(configs=[triton.Config({'B': 64}), triton.Config({'B': 128})], **TUNING){{$}}
# CHECK-NEXT: {{^}}                                                                                ^~{{$}}
# CHECK-NEXT: {{^}}{{.*}}autotune-splat.py:[[@LINE+14]]:19: note: tilec cannot compute this: it calls 'torch.cuda.memory_allocated', which is host code; -D 'torch.cuda.memory_allocated()=VALUE' gives its value{{$}}
# CHECK-NEXT: {{^}}HOST = torch.cuda.memory_allocated() > 1{{$}}
# CHECK-NEXT: {{^}}                  ^~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}autotune-splat.py:[[@LINE+27]]:64: error: @triton.autotune: tilec cannot tell which arguments the '**' argument binds: 'make_tuning' is a function of host code tilec cannot evaluate{{$}}
# CHECK-NEXT: {{^}}@triton.autotune(configs=[triton.Config({'B': 64})], key=[], **make_tuning()){{$}}
# CHECK-NEXT: {{^}}                                                               ^~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}autotune-splat.py:[[@LINE+14]]:5: note: tilec evaluates functions whose bodies are assignments of names (augmented ones of local names too), 'return' statements, appends to lists and 'if' / 'elif' / 'else', 'for' and 'try' over them, not this statement{{$}}
# CHECK-NEXT: {{^}}    tuning['warmup'] = 5{{$}}
# CHECK-NEXT: {{^}}    ^{{$}}
# HOST:       k: 2 configs, key [n]{{$}}
import torch
import triton
import triton.language as tl

HOST = torch.cuda.memory_allocated() > 1
TUNING = {'key': ['n']} if HOST else {'key': ['n'], 'warmup': 5}


def make_tuning():
    tuning = {}
    tuning['warmup'] = 5
    return tuning


@triton.autotune(configs=[triton.Config({'B': 64}), triton.Config({'B': 128})], **TUNING)
@triton.jit
def k(x, n, B: tl.constexpr):
    pass


@triton.autotune(configs=[triton.Config({'B': 64})], key=[], **make_tuning())
@triton.jit
def k2(x, n, B: tl.constexpr):
    pass
