# Generator expressions in host code tilec evaluates (a call's only argument,
# or parenthesized) are read as the lists they yield, and `str.join`, `sum`,
# `any`, `all` and `min` / `max` of one iterable are computed: fla's
# _generate_constraints joins inline-PTX constraints so, for a module
# constant a jit function reads; the autotune configs read another. `join`
# of a non-string is reported (in a jit function a generator expression is
# an error: test/Diagnostics/generator-in-jit.py).
# RUN: tilec %s --list-configs --kernel k | FileCheck %s --check-prefix=CONFIGS
# CONFIGS: k: 2 configs, key [n]
# CONFIGS-NEXT: 0: B=64, num_warps=4, num_stages=3
# CONFIGS-NEXT: 1: B=128, num_warps=4, num_stages=3
# RUN: tilec %s --kernel k --signature "*fp32:16, i32, 64" --emit=tile 2>&1 | FileCheck %s
# CHECK: =r,=r,r,r 10 True False 1 3 (False, True, True)
# RUN: not tilec %s --list-configs --kernel bad_join 2>&1 | FileCheck %s --check-prefix=JOIN
# JOIN: error: @triton.autotune: tilec cannot compute 'configs': 'join' of 1, which is not a string
import triton
import triton.language as tl


def constraints(n):
    return ",".join("=r" for i in range(n)) + "," + ",".join("r" for i in range(n))


def stats(xs):
    return (sum(x * 2 for x in xs if x > 1), any(x > 2 for x in xs), all(x > 2 for x in xs),
            min(x for x in xs), max(xs), tuple((x > 2) for x in (x + 1 for x in xs) for _ in (0,)))


C: tl.constexpr = tl.constexpr(constraints(2))
S = stats([1, 2, 3])


@triton.autotune(configs=[triton.Config({'B': b}) for b in (64, 128)] if S[1] else [], key=['n'])
@triton.jit
def k(x_ptr, n, B: tl.constexpr):
    tl.static_print(C, S[0], S[1], S[2], S[3], S[4], S[5])


@triton.autotune(configs=[triton.Config({'B': 64})] if ",".join(x for x in [1]) else [], key=['n'])
@triton.jit
def bad_join(x_ptr, n, B: tl.constexpr):
    pass
