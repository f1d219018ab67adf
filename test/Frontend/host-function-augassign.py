# Augmented assignments of locals in functions of host code (`n *= 2`,
# `s += "x"`, `xs += [..]` of a list the function made): the name is bound
# to the operation's value, with Python's operators (`//=` floors, `/=` is
# true division). A list's `+=` extends it in place in Python, so one that
# another name may hold is an error, not a silently different result, as
# for append; so is the augmented assignment of a name the function does
# not bind (Python's UnboundLocalError), left to the error for host code
# tilec does not run; an operation Python rejects is an error at the
# statement.
# RUN: tilec %s --list-configs --kernel doubling | FileCheck %s --check-prefix=DOUBLING
# DOUBLING: doubling: 4 configs, key [n]
# DOUBLING-NEXT: 0: BN=16, BK=64, num_warps=4, num_stages=3
# DOUBLING-NEXT: 1: BN=32, BK=32, num_warps=4, num_stages=3
# DOUBLING-NEXT: 2: BN=64, BK=16, num_warps=4, num_stages=3
# DOUBLING-NEXT: 3: BN=128, BK=8, num_warps=4, num_stages=3
# RUN: tilec %s --list-configs --kernel joined | FileCheck %s --check-prefix=JOINED
# JOINED: joined: 3 configs, key [n]
# JOINED-NEXT: 0: BN=32, num_warps=2, num_stages=3
# JOINED-NEXT: 1: BN=64, num_warps=2, num_stages=3
# JOINED-NEXT: 2: BN=256, num_warps=2, num_stages=3
# RUN: not tilec %s --list-configs --kernel shared 2>&1 | FileCheck %s --check-prefix=SHARED
# SHARED: host-function-augassign.py:[[@LINE+39]]:5: error: @triton.autotune: tilec cannot compute 'configs': tilec changes only a list the function made and holds in one name, and 'sizes' may be held elsewhere too (a parameter, or bound to another name or put in a list)
# SHARED-NEXT: {{^}}    sizes += [256]{{$}}
# RUN: not tilec %s --list-configs --kernel unbound 2>&1 | FileCheck %s --check-prefix=UNBOUND
# UNBOUND: error: @triton.autotune: tilec cannot compute 'configs': 'bump' is a function of host code tilec cannot evaluate
# UNBOUND: {{^}}    LIMIT += 1{{$}}
# RUN: not tilec %s --list-configs --kernel mixed 2>&1 | FileCheck %s --check-prefix=MIXED
# MIXED: host-function-augassign.py:[[@LINE+39]]:5: error: @triton.autotune: tilec cannot compute 'configs': '+' of the string 'block' and 1
# MIXED-NEXT: {{^}}    name += 1{{$}}
# MIXED-NEXT: {{^}}    ^~~~{{$}}
import triton
import triton.language as tl

LIMIT = 4


def doubling_configs():
    configs = []
    bn, bk = 16, 128
    for _ in range(LIMIT):
        bk //= 2
        configs.append(triton.Config({"BN": bn, "BK": bk}))
        bn *= 2
    return configs


def joined_configs(base):
    sizes = [base]
    sizes += [base * 2]
    total = 0.0
    total += 1
    total /= 2
    if total == 0.5:
        sizes += [256]
    return [triton.Config({"BN": s}, num_warps=2) for s in sizes]


def shared_configs():
    sizes = [32]
    other = sizes
    sizes += [256]
    return [triton.Config({"BN": s}) for s in other]


def mixed_configs():
    name = "block"
    name += 1
    return [triton.Config({"BN": 16})]


def bump():
    LIMIT += 1
    return [triton.Config({"BN": LIMIT})]


@triton.autotune(configs=doubling_configs(), key=["n"])
@triton.jit
def doubling(x, n, BN: tl.constexpr, BK: tl.constexpr):
    pass


@triton.autotune(configs=joined_configs(32), key=["n"])
@triton.jit
def joined(x, n, BN: tl.constexpr):
    pass


@triton.autotune(configs=shared_configs(), key=["n"])
@triton.jit
def shared(x, n, BN: tl.constexpr):
    pass


@triton.autotune(configs=bump(), key=["n"])
@triton.jit
def unbound(x, n, BN: tl.constexpr):
    pass


@triton.autotune(configs=mixed_configs(), key=["n"])
@triton.jit
def mixed(x, n, BN: tl.constexpr):
    pass
