# Helpers chosen by module-level conditions (test/Frontend/module-level-host-values.py).
import os

import triton
import triton.language as tl

from hpkg.hw import IS_NEW_GPU

FAST = os.environ.get('HPKG_FAST', '0') == '1'

if FAST:
    @triton.jit
    def act(x): return x * 2.0
else:
    @triton.jit
    def act(x): return tl.exp(x)

if IS_NEW_GPU:
    @triton.jit
    def combine(a, b): return a + b
else:
    @triton.jit
    def combine(a, b): return a - b
