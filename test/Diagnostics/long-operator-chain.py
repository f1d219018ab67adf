# 100000 operands chained with '+' build a tree 100000 levels tall without
# any brackets; it used to overflow the stack (in code generation, the AST
# dumper and the tree's destructor). Now it is one error.
# RUN: %python -c "print('@triton.jit\ndef k(X):\n    x = ' + ' + '.join(['X'] * 100000))" > %t.py
# RUN: not tilec %t.py --kernel k --signature "*fp32" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:
# RUN: not tilec %t.py --emit=ast 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:
# CHECK: {{^}}{{.*}}.tmp.py:3:9: error: expression is too deeply nested (more than 1000 levels of operators, calls, subscripts or attributes){{$}}
# CHECK-NEXT: {{^}}    x = X + X + X{{( \+ X)+}}{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
