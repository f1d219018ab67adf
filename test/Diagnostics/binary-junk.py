# Bytes that are not UTF-8, control characters and a NUL inside a kernel: each
# is reported, and the echoed source line shows them as '?'.
# RUN: printf '@triton.jit\ndef k(X):\n    x = 1 \377\376 + \001\n    y = \000\n' > %t.py
# RUN: not tilec %t.py --kernel k --signature "*fp32" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:
# CHECK: {{^}}{{.*}}.tmp.py:3:11: error: invalid UTF-8 byte 0xFF in source{{$}}
# CHECK-NEXT: {{^}}    x = 1 ?? + ?{{$}}
# CHECK-NEXT: {{^}}          ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}.tmp.py:3:12: error: invalid UTF-8 byte 0xFE in source{{$}}
# CHECK-NEXT: {{^}}    x = 1 ?? + ?{{$}}
# CHECK-NEXT: {{^}}           ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}.tmp.py:3:16: error: unexpected control character in source{{$}}
# CHECK-NEXT: {{^}}    x = 1 ?? + ?{{$}}
# CHECK-NEXT: {{^}}               ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}.tmp.py:4:9: error: unexpected null byte in source{{$}}
# CHECK-NEXT: {{^}}    y = ?{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
