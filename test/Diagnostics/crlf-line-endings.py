# A file with CRLF line endings: the '\r' is neither part of the echoed
# source line nor counted in columns.
# RUN: printf '@triton.jit\r\ndef k(X):\r\n    x = X +\r\n    tl.store(X, y)\r\n' > %t.py
# RUN: not tilec %t.py --kernel k --signature "*fp32" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:
# CHECK: {{^}}{{.*}}.tmp.py:3:12: error: expected an expression, found end of line{{$}}
# CHECK-NEXT: {{^}}    x = X +{{$}}
# CHECK-NEXT: {{^}}           ^{{$}}
