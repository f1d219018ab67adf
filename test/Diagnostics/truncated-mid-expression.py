# A seed kernel cut off in the middle of a call, and cut off after a binary
# operator followed by blank lines: errors point at the last real token.
# RUN: head -c 712 %seeds/softmax.py > %t.py
# RUN: not tilec %t.py --kernel softmax_kernel --signature "*fp32, *fp32, i32, i32, i32, 1024" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error: --check-prefix=CALL
# CALL: {{^}}{{.*}}.tmp.py:14:18: error: '(' was never closed{{$}}
# CALL-NEXT: {{^}}    row = tl.load(input_ptrs, mask{{$}}
# CALL-NEXT: {{^}}                 ^{{$}}
# RUN: printf '@triton.jit\ndef k(X):\n    x = X +\n\n\n' > %t2.py
# RUN: not tilec %t2.py --kernel k --signature "*fp32" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error: --check-prefix=OP
# OP: {{^}}{{.*}}.tmp2.py:3:12: error: expected an expression, found end of line{{$}}
# OP-NEXT: {{^}}    x = X +{{$}}
# OP-NEXT: {{^}}           ^{{$}}
