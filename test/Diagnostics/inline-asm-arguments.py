# tl.inline_asm_elementwise: strings for asm and constraints, dtypes for the
# results, a compile-time pack of at least 1.
# RUN: not tilec %s --kernel k --signature "*i32" 2>&1 \
# RUN:   | FileCheck %s --implicit-check-not=error:

import triton
import triton.language as tl


@triton.jit
def k(X):
    x = tl.load(X + tl.arange(0, 16))
    a = tl.inline_asm_elementwise(3, "=r,r", [x], dtype=tl.int32, is_pure=True, pack=1)
    b = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", [x], dtype=4, is_pure=True, pack=1)
    c = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", [x], dtype=tl.int32, is_pure=True, pack=0)
    d = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", [X], dtype=tl.int32, is_pure=True, pack=1)

# CHECK: inline-asm-arguments.py:[[@LINE-5]]:12: error: the asm of tl.inline_asm_elementwise() must be a string, got the constant 3
# CHECK: inline-asm-arguments.py:[[@LINE-5]]:12: error: the dtype of tl.inline_asm_elementwise() must be a scalar dtype or a tuple of them, got the constant 4
# CHECK: inline-asm-arguments.py:[[@LINE-5]]:12: error: pack of tl.inline_asm_elementwise() must be at least 1, got 0
# CHECK: inline-asm-arguments.py:[[@LINE-5]]:12: error: tl.inline_asm_elementwise() takes tensors and numbers as arguments, got a scalar of type *i32
