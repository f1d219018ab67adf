# Functions of host code that build autotune configs in loops, as
# Liger-Kernel's fused MoE (`configs = []`, four nested `for`s, `append`)
# and others write them: `for` over what tilec computes (lists, tuples,
# ranges, strings, dict keys; tuple targets), `xs.append(v)` and
# `xs.extend(vs)` of local lists, `break` and `continue`, and a `return`
# inside a loop, with Python's order.
# RUN: tilec %s --list-configs --kernel nested | FileCheck %s --check-prefix=NESTED
# NESTED: nested: 8 configs, key [n]
# NESTED-NEXT: 0: BN=64, BK=32, num_warps=4, num_stages=2
# NESTED-NEXT: 1: BN=64, BK=32, num_warps=4, num_stages=3
# NESTED-NEXT: 2: BN=64, BK=64, num_warps=4, num_stages=2
# NESTED-NEXT: 3: BN=64, BK=64, num_warps=4, num_stages=3
# NESTED-NEXT: 4: BN=128, BK=32, num_warps=4, num_stages=2
# NESTED-NEXT: 5: BN=128, BK=32, num_warps=4, num_stages=3
# NESTED-NEXT: 6: BN=128, BK=64, num_warps=4, num_stages=2
# NESTED-NEXT: 7: BN=128, BK=64, num_warps=4, num_stages=3
# RUN: tilec %s --list-configs --kernel jumps | FileCheck %s --check-prefix=JUMPS
# JUMPS: jumps: 5 configs, key [n]
# JUMPS-NEXT: 0: BN=16, num_warps=2, num_stages=3
# JUMPS-NEXT: 1: BN=64, num_warps=2, num_stages=3
# JUMPS-NEXT: 2: BN=16, num_warps=4, num_stages=3
# JUMPS-NEXT: 3: BN=64, num_warps=4, num_stages=3
# JUMPS-NEXT: 4: BN=32, num_warps=8, num_stages=3
# RUN: tilec %s --list-configs --kernel early | FileCheck %s --check-prefix=EARLY
# EARLY: early: 1 configs, key [n]
# EARLY-NEXT: 0: BN=48, num_warps=4, num_stages=3
# RUN: not tilec %s --list-configs --kernel bad_while 2>&1 | FileCheck %s --check-prefix=WHILE
# WHILE: error: @triton.autotune: tilec cannot compute 'configs': 'grow' is a function of host code tilec cannot evaluate
# WHILE: note: tilec evaluates functions whose bodies are assignments of names (augmented ones of local names too), 'return' statements, appends to lists and 'if' / 'elif' / 'else', 'for' and 'try' over them, not this statement
# WHILE-NEXT: {{^}}    while len(out) < 3:{{$}}
# RUN: tilec %s --list-configs --kernel calls | FileCheck %s --check-prefix=CALLS
# CALLS: calls: 3 configs, key [n]
# CALLS-NEXT: 0: BN=32, num_warps=4, num_stages=3
# CALLS-NEXT: 1: BN=64, num_warps=4, num_stages=3
# CALLS-NEXT: 2: BN=128, num_warps=4, num_stages=3
# Lists are values in tilec's evaluator: a change to a list that another
# binding may hold is an error, not a silently different result.
# RUN: not tilec %s --list-configs --kernel aliased 2>&1 | FileCheck %s --check-prefix=ALIASED
# ALIASED: error: @triton.autotune: tilec cannot compute 'configs': tilec changes only a list the function made and holds in one name, and 'row' may be held elsewhere too (a parameter, or bound to another name or put in a list)
# ALIASED-NEXT: {{^}}    row.append(16){{$}}
# RUN: not tilec %s --list-configs --kernel param 2>&1 | FileCheck %s --check-prefix=PARAM
# PARAM: error: @triton.autotune: tilec cannot compute 'configs': tilec changes only a list the function made and holds in one name, and 'xs' may be held elsewhere too
# RUN: not tilec %s --list-configs --kernel deep 2>&1 | FileCheck %s --check-prefix=DEEP
# DEEP: error: @triton.autotune: tilec cannot compute 'configs': 'spin' runs more than 4096 loop iterations and branches in one call, more than tilec evaluates
# RUN: not tilec %s --list-configs --kernel bad_iter 2>&1 | FileCheck %s --check-prefix=ITER
# ITER: error: @triton.autotune: tilec cannot compute 'configs': 4 is not iterable
# ITER-NEXT: {{^}}    for x in 4:{{$}}
import os

import triton
import triton.language as tl

_AUTOTUNE_DISABLED = os.environ.get("TILEC_TEST_UNSET_VARIABLE") == "1"


def nested_configs():
    if _AUTOTUNE_DISABLED:
        return [triton.Config({"BN": 128, "BK": 64}, num_warps=8, num_stages=2)]
    configs = []
    for bn in [64, 128]:
        for bk in (32, 64):
            for ns in range(2, 4):
                configs.append(triton.Config({"BN": bn, "BK": bk}, num_warps=4, num_stages=ns))
    return configs


def jump_configs():
    out = []
    for w, blocks in [(2, "abcd"), (4, "abcd"), (8, "bx")]:
        picked = []
        for c in blocks:
            if c == "b":
                continue
            if c == "d" or c == "x":
                break
            picked.append({"a": 16, "c": 64}[c] if w < 8 else 32)
        if not picked:
            picked.extend([32])
        for bn in picked:
            out.append(triton.Config({"BN": bn}, num_warps=w))
    return out


def first_multiple(xs, k):
    for x in xs:
        if x % k == 0:
            return [triton.Config({"BN": x}, num_warps=4)]
    return []


def grow():
    out = []
    while len(out) < 3:
        out.append(1)
    return out


def bad():
    out = []
    for x in 4:
        out.append(x)
    return out


@triton.autotune(configs=nested_configs(), key=["n"])
@triton.jit
def nested(x, n, BN: tl.constexpr, BK: tl.constexpr):
    tl.store(x + tl.arange(0, BN), 0)


@triton.autotune(configs=jump_configs(), key=["n"])
@triton.jit
def jumps(x, n, BN: tl.constexpr):
    tl.store(x + tl.arange(0, BN), 0)


@triton.autotune(configs=first_multiple([20, 36, 48, 64], 16), key=["n"])
@triton.jit
def early(x, n, BN: tl.constexpr):
    tl.store(x + tl.arange(0, BN), 0)


@triton.autotune(configs=[triton.Config({"BN": len(grow())})], key=["n"])
@triton.jit
def bad_while(x, n, BN: tl.constexpr):
    tl.store(x + tl.arange(0, BN), 0)


@triton.autotune(configs=[triton.Config({"BN": len(bad())})], key=["n"])
@triton.jit
def bad_iter(x, n, BN: tl.constexpr):
    tl.store(x + tl.arange(0, BN), 0)


def first_of_pair(pairs):
    for xs in pairs:
        for x in xs:
            if x > 16:
                return x
    return 0


def calls_configs():
    out = []
    for pairs in [[[8, 32]], [[4], [64, 2]], [[1, 2], [3, 128]]]:
        out.append(triton.Config({"BN": first_of_pair(pairs)}, num_warps=4))
    return out


def aliased_configs():
    grid = []
    row = []
    grid.append(row)
    row.append(16)
    return [triton.Config({"BN": len(grid[0]) + 16})]


def param_configs(xs=[16]):
    xs.append(32)
    return [triton.Config({"BN": x}) for x in xs]


def spin():
    n = 0
    for i in range(5000):
        n = i
    return [triton.Config({"BN": n})]


@triton.autotune(configs=calls_configs(), key=["n"])
@triton.jit
def calls(x, n, BN: tl.constexpr):
    tl.store(x + tl.arange(0, BN), 0)


@triton.autotune(configs=aliased_configs(), key=["n"])
@triton.jit
def aliased(x, n, BN: tl.constexpr):
    tl.store(x + tl.arange(0, BN), 0)


@triton.autotune(configs=param_configs(), key=["n"])
@triton.jit
def param(x, n, BN: tl.constexpr):
    tl.store(x + tl.arange(0, BN), 0)


@triton.autotune(configs=spin(), key=["n"])
@triton.jit
def deep(x, n, BN: tl.constexpr):
    tl.store(x + tl.arange(0, BN), 0)
