# '**' is right-associative, so a chain of them recurses in the parser; it
# used to overflow the stack. Now it stops at the nesting limit.
# RUN: %python -c "print('@triton.jit\ndef k(X):\n    x = ' + '**'.join(['2'] * 100000))" > %t.py
# RUN: not tilec %t.py --kernel k --signature "*fp32" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:
# CHECK: {{^}}{{.*}}.tmp.py:3:304: error: expression or block nesting is too deep (limit 100){{$}}
# CHECK-NEXT: {{^}}    x = 2**2**2{{(\*\*2)+}}{{$}}
# CHECK-NEXT: {{^}}{{ +}}^~{{$}}
