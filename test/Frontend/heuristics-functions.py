# @triton.heuristics values given as functions of host code of one
# parameter, defined in the kernel's module (FlagGems writes its heuristics
# this way: `def heur_block_n(args): if args["N"] >= 65536: return ...`):
# their bodies run as host functions do (language.md), reading the launch's
# values as `args['name']`, one after the other, each seeing those before.
# RUN: tilec %s --list-configs --kernel k | FileCheck %s --check-prefix=LIST
# LIST:      k: not autotuned
# LIST-NEXT:   heuristic BLOCK_N = heur_block_n(args)
# LIST-NEXT:   heuristic EVEN = heur_even(meta)
# RUN: tilec %s --kernel k --signature "*fp32:16, 100000, auto, auto" --emit=tile | FileCheck %s --check-prefix=BIG
# BIG-DAG: tile.make_range 0 to 256
# BIG-DAG: arith.constant dense<2.000000e+00>
# RUN: tilec %s --kernel k --signature "*fp32:16, 4096, auto, auto" --emit=tile | FileCheck %s --check-prefix=TILED
# TILED-DAG: tile.make_range 0 to 32
# TILED-DAG: arith.constant dense<1.000000e+00>
# RUN: tilec %s --kernel k --signature "*fp32:16, 10, auto, auto" --emit=tile | FileCheck %s --check-prefix=SMALL
# SMALL: tile.make_range 0 to 4
# RUN: not tilec %s --kernel k --signature "*fp32:16, i32, auto, auto" --emit=tile 2>&1 | FileCheck %s --check-prefix=MISSING --strict-whitespace
# MISSING:      {{^}}{{.*}}heuristics-functions.py:[[@LINE+11]]:8: error: @triton.heuristics value of 'BLOCK_N': args['N'] has no value here (the signature gives no value for it): give the value of 'BLOCK_N' in the signature instead of 'auto'{{$}}
# MISSING-NEXT: {{^}}    if args["N"] >= 65536:{{$}}
# RUN: not tilec %s --kernel two --signature "*fp32:16, 8, auto" --emit=tile 2>&1 | FileCheck %s --check-prefix=TWO
# TWO: error: @triton.heuristics: the value for 'B' must be a lambda of one parameter (lambda args: ...) or the name of a function of one parameter defined in this module
# RUN: not tilec %s --kernel loops --signature "*fp32:16, 8, auto" --emit=tile 2>&1 | FileCheck %s --check-prefix=LOOPS
# LOOPS: error: @triton.heuristics value of 'B': 'spins' is a function of host code tilec cannot evaluate
import triton
import triton.language as tl


def heur_block_n(args):
    if args["N"] >= 65536:
        return triton.next_power_of_2(triton.cdiv(args["N"], 512))
    elif args["N"] >= 4096:
        return triton.next_power_of_2(triton.cdiv(args["N"], 128))
    elif args["N"] >= 64:
        return 32
    return 4


def heur_even(meta):
    """Whether the blocks tile N."""
    return meta["N"] % meta["BLOCK_N"] == 0


@triton.heuristics(values={"BLOCK_N": heur_block_n, "EVEN": heur_even})
@triton.jit
def k(x, N, BLOCK_N: tl.constexpr, EVEN: tl.constexpr):
    o = tl.arange(0, BLOCK_N)
    if EVEN:
        tl.store(x + o, 1.0)
    else:
        tl.store(x + o, 2.0, mask=o < N)


def pair(args, scale):
    return args["n"] * scale


@triton.heuristics({"B": pair})
@triton.jit
def two(x, n, B: tl.constexpr):
    tl.store(x + tl.arange(0, B), 0.0)


def spins(args):
    b = 1
    while b < args["n"]:
        b *= 2
    return b


@triton.heuristics({"B": spins})
@triton.jit
def loops(x, n, B: tl.constexpr):
    tl.store(x + tl.arange(0, B), 0.0)
