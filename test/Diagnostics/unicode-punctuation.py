# Punctuation pasted from a word processor (em dash, typographic quotes).
# The caret lines up under the character, which is several bytes long.
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    x = offs — 2
    y = “offs”

# CHECK: {{^}}{{.*}}unicode-punctuation.py:[[@LINE-3]]:14: error: invalid character '—' (U+2014) in source{{$}}
# CHECK-NEXT: {{^}}    x = offs — 2{{$}}
# CHECK-NEXT: {{^}}             ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}unicode-punctuation.py:[[@LINE-5]]:9: error: invalid character '“' (U+201C) in source{{$}}
# CHECK-NEXT: {{^}}    y = “offs”{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}unicode-punctuation.py:[[@LINE-8]]:16: error: invalid character '”' (U+201D) in source{{$}}
# CHECK-NEXT: {{^}}    y = “offs”{{$}}
# CHECK-NEXT: {{^}}             ^{{$}}
