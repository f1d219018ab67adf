# Early `return` under every nesting Triton accepts: through a compile-time
# `if`, in `elif` / `else` branches, nested runtime `if`s, after loops, in
# tl.static_range bodies, and helpers that return from runtime branches
# (called from a loop too). Each `# difftest:` line is one launch; flags hold
# small integers and -100, outputs are poisoned first.
import triton
import triton.language as tl


# The reduced shape of Liger-Kernel's ignore-index handling.
@triton.jit
def through_constexpr_if(x_ptr, y_ptr, flag_ptr, n, BLOCK: tl.constexpr, HAS: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    if HAS:
        f = tl.load(flag_ptr + pid)
        if f == -100:
            tl.store(y_ptr + offs, 0.0, mask=offs < n)
            return
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.store(y_ptr + offs, x * 2.0, mask=offs < n)
# difftest: {"kernel": "through_constexpr_if", "grid": [8], "args": [["buf", "fp32", 128, "uniform"], ["buf", "fp32", 128, "poison"], ["buf", "i32", 8, "flags"], ["i32", 120], ["const", 16], ["const", true]]}
# difftest: {"kernel": "through_constexpr_if", "grid": [8], "args": [["buf", "fp32", 128, "uniform"], ["buf", "fp32", 128, "poison"], ["buf", "i32", 8, "flags"], ["i32", 128], ["const", 16], ["const", false]]}


@triton.jit
def elif_else(x_ptr, y_ptr, flag_ptr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    f = tl.load(flag_ptr + pid)
    if f == -100:
        tl.store(y_ptr + offs, -1.0)
        return
    elif f > 1:
        x = x + 10.0
    elif f == 0:
        tl.store(y_ptr + offs, x * 0.0 + 7.0)
        return
    else:
        if f < -1:
            tl.store(y_ptr + offs, x - 3.0)
            return
        x = x * 4.0
    tl.store(y_ptr + offs, x)
# difftest: {"kernel": "elif_else", "grid": [16], "args": [["buf", "fp32", 512, "uniform"], ["buf", "fp32", 512, "poison"], ["buf", "i32", 16, "flags"], ["const", 32]]}


@triton.jit
def returning_else(x_ptr, y_ptr, flag_ptr, BLOCK: tl.constexpr, K: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    f = tl.load(flag_ptr + pid)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for i in range(0, K):
        acc += tl.load(x_ptr + offs) * i
    if f >= 0:
        acc = acc + f
    else:
        if K > 1:
            tl.store(y_ptr + offs, acc)
            return
    s = tl.sum(acc, axis=0)
    if s > 0.0:
        tl.store(y_ptr + offs, acc - s)
        return
    tl.store(y_ptr + offs, acc + s)
# difftest: {"kernel": "returning_else", "grid": [12], "args": [["buf", "fp32", 192, "uniform"], ["buf", "fp32", 192, "poison"], ["buf", "i32", 12, "flags"], ["const", 16], ["const", 3]]}
# difftest: {"kernel": "returning_else", "grid": [12], "args": [["buf", "fp32", 192, "uniform"], ["buf", "fp32", 192, "poison"], ["buf", "i32", 12, "flags"], ["const", 16], ["const", 1]]}


@triton.jit
def in_static_range(x_ptr, y_ptr, flag_ptr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    for j in tl.static_range(4):
        f = tl.load(flag_ptr + pid * 4 + j)
        if f == -100:
            tl.store(y_ptr + pid * BLOCK + offs, offs.to(tl.float32) + j)
            return
        tl.store(y_ptr + pid * BLOCK + offs, tl.load(x_ptr + pid * BLOCK + offs) + j, mask=offs < j * 4)
# difftest: {"kernel": "in_static_range", "grid": [10], "args": [["buf", "fp32", 320, "uniform"], ["buf", "fp32", 320, "poison"], ["buf", "i32", 40, "flags"], ["const", 32]]}


@triton.jit
def pick(x, f, SCALE: tl.constexpr):
    if f == -100:
        return x * 0.0
    if f > 0:
        if f > 2:
            return x * SCALE
        x = x + 1.0
    return x - 0.5


@triton.jit
def helper_returns(x_ptr, y_ptr, flag_ptr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for i in range(0, 3):
        f = tl.load(flag_ptr + pid * 3 + i)
        acc += pick(x, f, 3.0)
    tl.store(y_ptr + offs, acc + pick(x, tl.load(flag_ptr + pid * 3), 2.0))
# difftest: {"kernel": "helper_returns", "grid": [16], "args": [["buf", "fp32", 256, "uniform"], ["buf", "fp32", 256, "poison"], ["buf", "i32", 48, "flags"], ["const", 16]]}


@triton.jit
def scalar_from_branches(v, f):
    if f < 0:
        if f == -100:
            return 0.0
        return v * 2.0
    return v + f


@triton.jit
def helper_scalar(x_ptr, y_ptr, flag_ptr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    s = tl.sum(tl.load(x_ptr + offs), axis=0)
    tl.store(y_ptr + pid, scalar_from_branches(s, tl.load(flag_ptr + pid)))
# difftest: {"kernel": "helper_scalar", "grid": [16], "args": [["buf", "fp32", 256, "uniform"], ["buf", "fp32", 16, "poison"], ["buf", "i32", 16, "flags"], ["const", 16]]}


# A sequence unpack with a padding side, as varlen libraries write it.
@triton.jit
def unpack_padded(x_ptr, y_ptr, len_ptr, T, D: tl.constexpr, PADDING_SIDE: tl.constexpr):
    i_b = tl.program_id(0)
    i_s = tl.program_id(1)
    n = tl.load(len_ptr + i_b)
    NP = T - n
    o_d = tl.arange(0, D)
    if PADDING_SIDE == 'left':
        if i_s < NP:
            tl.store(y_ptr + (i_b * T + i_s) * D + o_d, 0.0)
            return
        src = i_s - NP
    else:
        if i_s >= n:
            tl.store(y_ptr + (i_b * T + i_s) * D + o_d, 0.0)
            return
        src = i_s
    v = tl.load(x_ptr + (i_b * T + src) * D + o_d)
    tl.store(y_ptr + (i_b * T + i_s) * D + o_d, v)
# difftest: {"kernel": "unpack_padded", "grid": [4, 8], "args": [["buf", "fp32", 512, "uniform"], ["buf", "fp32", 512, "poison"], ["buf", "i32", 4, "lengths"], ["i32", 8], ["const", 16], ["const", "left"]]}
# difftest: {"kernel": "unpack_padded", "grid": [4, 8], "args": [["buf", "fp32", 512, "uniform"], ["buf", "fp32", 512, "poison"], ["buf", "i32", 4, "lengths"], ["i32", 8], ["const", 16], ["const", "right"]]}
