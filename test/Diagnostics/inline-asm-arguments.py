# tl.inline_asm_elementwise: strings for asm and constraints, dtypes for the
# results, a compile-time pack of at least 1; constraints that name one PTX
# register of the right width per result and argument register.
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
    d = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r", ["s"], dtype=tl.int32, is_pure=True, pack=1)
    e = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=q,r", [x], dtype=tl.float32, is_pure=True, pack=1)
    f = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,r,r", [x], dtype=tl.int32, is_pure=True, pack=1)
    g = tl.inline_asm_elementwise("mov.b32 $0, $1;", "=r,x", [x], dtype=tl.int32, is_pure=True, pack=1)

# CHECK: inline-asm-arguments.py:[[@LINE-8]]:12: error: the asm of tl.inline_asm_elementwise() must be a string, got the constant 3
# CHECK: inline-asm-arguments.py:[[@LINE-8]]:12: error: the dtype of tl.inline_asm_elementwise() must be a scalar dtype or a tuple of them, got the constant 4
# CHECK: inline-asm-arguments.py:[[@LINE-8]]:12: error: pack of tl.inline_asm_elementwise() must be at least 1, got 0
# CHECK: inline-asm-arguments.py:[[@LINE-8]]:12: error: tl.inline_asm_elementwise() takes tensors and numbers as arguments, got the string 's'
# CHECK: inline-asm-arguments.py:[[@LINE-8]]:12: error: constraint '=q' of tl.inline_asm_elementwise() names a 128-bit register for a 32-bit result register
# CHECK: inline-asm-arguments.py:[[@LINE-8]]:12: error: the constraints of tl.inline_asm_elementwise() name 1 outputs and 2 inputs; the results and arguments with pack=1 take 1 and 1 registers
# CHECK: inline-asm-arguments.py:[[@LINE-8]]:12: error: constraint 'x' of tl.inline_asm_elementwise() is not a PTX register constraint (=r, r, h, l, f, d, b, c, q or n)
