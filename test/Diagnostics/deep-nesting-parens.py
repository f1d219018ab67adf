# 5000 nested parentheses: the parser stops at its nesting limit with one
# error instead of overflowing the stack.
# RUN: %python -c "print('@triton.jit\ndef k(X):\n    x = ' + '(' * 5000 + '1' + ')' * 5000)" > %t.py
# RUN: not tilec %t.py --kernel k --signature "*fp32" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:
# CHECK: {{^}}{{.*}}.tmp.py:3:58: error: expression or block nesting is too deep (limit 100){{$}}
# CHECK-NEXT: {{^}}    x = ((((((((({{\(+}}1{{\)+}}{{$}}
# CHECK-NEXT: {{^}}                                                         ^{{$}}
