# Every error of a file is reported, not just the first one: the parser
# resynchronizes at the next statement. Lexical errors come first (the
# whole file is tokenized before it is parsed), then syntax errors.
# RUN: tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck %s --strict-whitespace --implicit-check-not=error: --input-file %t.out

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    b = offs $ 1
    c = {1: 2}
    if n > 0
        pass
    d = 0x
    e = tl.load(X + offs))
    for i in range(n)
        pass

# CHECK: {{^}}{{.*}}several-errors.py:[[@LINE-9]]:14: error: invalid character '$' in source{{$}}
# CHECK-NEXT: {{^}}    b = offs $ 1{{$}}
# CHECK-NEXT: {{^}}             ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}several-errors.py:[[@LINE-8]]:9: error: invalid numeric literal '0x'{{$}}
# CHECK-NEXT: {{^}}    d = 0x{{$}}
# CHECK-NEXT: {{^}}        ^~{{$}}
# CHECK-NEXT: {{^}}{{.*}}several-errors.py:[[@LINE-10]]:26: error: unmatched ')'{{$}}
# CHECK-NEXT: {{^}}    e = tl.load(X + offs)){{$}}
# CHECK-NEXT: {{^}}                         ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}several-errors.py:[[@LINE-17]]:9: error: dict and set literals are not supported in jit functions{{$}}
# CHECK-NEXT: {{^}}    c = {1: 2}{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}several-errors.py:[[@LINE-19]]:13: error: expected ':' after the 'if' condition, found end of line{{$}}
# CHECK-NEXT: {{^}}    if n > 0{{$}}
# CHECK-NEXT: {{^}}            ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}several-errors.py:[[@LINE-18]]:22: error: expected ':' after the 'for' header, found end of line{{$}}
# CHECK-NEXT: {{^}}    for i in range(n){{$}}
# CHECK-NEXT: {{^}}                     ^{{$}}
