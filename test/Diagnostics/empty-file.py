# An empty file, and one holding only a jit decorator.
# RUN: printf '' > %t.py
# RUN: not tilec %t.py --kernel k --signature "*fp32" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error: --check-prefix=EMPTY
# EMPTY: {{^}}{{.*}}.tmp.py: error: no @triton.jit function named 'k'{{$}}
# RUN: printf 'import triton\n\n@triton.jit\n' > %t2.py
# RUN: not tilec %t2.py --kernel k --signature "*fp32" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error: --check-prefix=DECO
# DECO: {{^}}{{.*}}.tmp2.py:3:1: error: '@triton.jit' must be followed by a function definition, found end of file{{$}}
# DECO-NEXT: {{^}}@triton.jit{{$}}
# DECO-NEXT: {{^}}^~~~~~~~~~~{{$}}
