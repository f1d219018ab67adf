# A file cut off right after a function header (no body, no final newline):
# the error points just past the ':' instead of at an empty line.
# RUN: printf 'import triton\n\n@triton.jit\ndef k(X, N):' > %t.py
# RUN: tilec %t.py --kernel k --signature "*fp32, i32" > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck %s --strict-whitespace --implicit-check-not=error: --input-file %t.out
# CHECK: {{^}}{{.*}}.tmp.py:4:13: error: expected an indented block, found end of file{{$}}
# CHECK-NEXT: {{^}}def k(X, N):{{$}}
# CHECK-NEXT: {{^}}            ^{{$}}
