# Autotune arguments that do not parse as the module-level Python tilec reads
# (here a dict comprehension) are reported at the decorator, not dropped.
# RUN: not tilec %s --list-configs 2>&1 | FileCheck %s --strict-whitespace
# CHECK: {{^}}{{.*}}autotune-unreadable.py:[[@LINE+3]]:1: error: @triton.autotune: its arguments are not Python that tilec reads (literals, names, calls, operators, conditional expressions, lists, dicts, list comprehensions, generator expressions and '**' arguments){{$}}
# CHECK-NEXT: {{^}}@triton.autotune(configs=list({b: triton.Config({'B': b}) for b in (64, 128)}.values()), key=[]){{$}}
# CHECK-NEXT: {{^}}^{{$}}
@triton.autotune(configs=list({b: triton.Config({'B': b}) for b in (64, 128)}.values()), key=[])
@triton.jit
def k(x, B: tl.constexpr):
    pass
