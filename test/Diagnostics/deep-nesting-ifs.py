# 5000 nested 'if' blocks: one error at the block nesting limit.
# RUN: %python -c "print('@triton.jit\ndef k(X, N: tl.constexpr):\n' + ''.join(' ' * (i + 1) + 'if N > %%d:\n' %% i for i in range(5000)) + ' ' * 5001 + 'pass')" > %t.py
# RUN: not tilec %t.py --kernel k --signature "*fp32, 16" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:
# CHECK: {{^}}{{.*}}.tmp.py:102:{{[0-9]+}}: error: expression or block nesting is too deep (limit 100){{$}}
# CHECK-NEXT: {{^}} {{ +}}if N > 99:{{$}}
# CHECK-NEXT: {{^}} {{ +}}^{{$}}
