# A triple-quoted string that runs to the end of the file (generated, since
# it would swallow this file's own CHECK lines).
# RUN: printf '@triton.jit\ndef k(X):\n    """docstring that never ends\n    x = 1\n' > %t.py
# RUN: not tilec %t.py --kernel k --signature "*fp32" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:
# CHECK: {{^}}{{.*}}.tmp.py:3:5: error: unterminated triple-quoted string literal{{$}}
# CHECK-NEXT: {{^}}    """docstring that never ends{{$}}
# CHECK-NEXT: {{^}}    ^{{$}}
