# A block indented with a tab under a header indented with spaces: its
# nesting depends on the tab width, which Python rejects (TabError).
# RUN: not tilec %s --kernel k --signature "*fp32, *fp32, i32, 64" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X, Y, n, B: tl.constexpr):
    offs = tl.arange(0, B)
    if n > 0:
	x = 1

# CHECK: {{^}}{{.*}}tab-space-mix.py:[[@LINE-2]]:2: error: inconsistent use of tabs and spaces in indentation{{$}}
# CHECK-NEXT: {{^}}	x = 1{{$}}
# CHECK-NEXT: {{^}}	^{{$}}
