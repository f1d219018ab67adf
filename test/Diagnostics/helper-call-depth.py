# Expected to fail: a chain of 100 distinct helpers (h0 calls h1 ... calls
# h100, no recursion) is reported as "recursive call to jit function 'h64'",
# because the inlining depth limit (64) reuses the recursion message.
# RUN: %python -c "print('import triton\n' + ''.join('@triton.jit\ndef h%%d(x):\n    return h%%d(x) + 1\n' %% (i, i + 1) for i in range(100)) + '@triton.jit\ndef h100(x):\n    return x\n@triton.jit\ndef k(X):\n    tl.store(X, h0(tl.load(X)))')" > %t.py
# RUN: not tilec %t.py --kernel k --signature "*fp32" 2>&1 \
# RUN:   | FileCheck %s --strict-whitespace
# CHECK-NOT: recursive
# CHECK: {{^}}{{.*}}.tmp.py:193:12: error: jit function calls are nested too deeply (more than 64 levels){{$}}
# CHECK-NEXT: {{^}}    return h64(x) + 1{{$}}
# CHECK-NEXT: {{^}}           ^~~{{$}}
