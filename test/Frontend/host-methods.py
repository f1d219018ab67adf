# Methods of the dicts, strings, lists and tuples that host code computes,
# as Python's: dict get / keys / values / items; str startswith, endswith
# (a string or a tuple of them), split (on whitespace, or a separator, with
# maxsplit), replace (with a count; an empty old part), index, count; list
# and tuple index and count; slices of lists, tuples and strings (`[:2]`,
# `[::-1]`). `index` of what is not there and `split('')`
# raise ValueError, which a handler catches. Such a method of another value
# tilec computes is an error; of a value tilec does not know, host code, as
# before (the -D text of the call).
# RUN: tilec %s --list-configs --kernel tables | FileCheck %s --check-prefix=TABLES
# TABLES: tables: 3 configs, key [n]
# TABLES-NEXT: 0: BK=64, BN=128, num_warps=4, num_stages=3
# TABLES-NEXT: 1: BK=16, BN=256, num_warps=8, num_stages=3
# TABLES-NEXT: 2: BK=32, BN=512, num_warps=4, num_stages=3
# RUN: tilec %s --list-configs --kernel strings | FileCheck %s --check-prefix=STRINGS
# STRINGS: strings: 1 configs, key [n]
# STRINGS-NEXT: 0: MAJOR=3, MINOR=6, PARTS=4, WORDS=3, NAME='a-b-c.d', XS='-a-b-', FLAGS=101, AT=2, N=2, REV='dcbabc4b ', num_warps=4, num_stages=3
# RUN: tilec %s --list-configs --kernel sequences | FileCheck %s --check-prefix=SEQUENCES
# SEQUENCES: sequences: 1 configs, key [n]
# SEQUENCES-NEXT: 0: AT=1, N=2, MISSING=-1, EMPTY=-2, num_warps=4, num_stages=3
# RUN: not tilec %s --list-configs --kernel unknown 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# UNKNOWN: error: @triton.autotune: tilec cannot compute 'configs': it reads 'platform.get()', host code's value that tilec cannot compute
# RUN: not tilec %s --list-configs --kernel badarg 2>&1 | FileCheck %s --check-prefix=BADARG
# BADARG: error: @triton.autotune: tilec cannot compute 'configs': '.startswith()' takes a string or a tuple of strings, not 3
# RUN: not tilec %s --list-configs --kernel nomethod 2>&1 | FileCheck %s --check-prefix=NOMETHOD
# NOMETHOD: error: @triton.autotune: tilec cannot compute 'configs': 'get()' of the tuple (1, 2)
import triton
import triton.language as tl

CONFIGS = {"sm_90": (64, 128), "sm_80": (32, 512)}
DEFAULT = (16, 256)
WARPS = {128: 4, 512: 4}


def table_configs():
    out = []
    for arch in ["sm_90", "sm_75", "sm_80"]:
        bk, bn = CONFIGS.get(arch, DEFAULT)
        out.append(triton.Config({"BK": bk, "BN": bn}, num_warps=WARPS.get(bn, 8)))
    same = list(CONFIGS.values()) == [(64, 128), (32, 512)] and CONFIGS.items()[1][0] == "sm_80"
    return out if same and "sm_80" in CONFIGS.keys() else []


def string_configs():
    major, minor = triton.__version__.split(".")[:2]
    rev = "abcd"[::-1] + "abcd"[-3:-1] + str([1, 2, 3, 4][1::2][-1]) + " a b ".split(None, 1)[1]
    name = "a b  c.d".split(None, 2)
    flags = (int("sm_90a".startswith(("sm_8", "sm_9"))) * 100 + int("x.py".endswith(".pyc")) * 10
             + int("x.py".endswith(".py")))
    return [triton.Config({
        "MAJOR": int(major), "MINOR": int(minor), "PARTS": len("1.2.3.4".split(".")),
        "WORDS": len("  a  b\tc ".split()), "NAME": "-".join(name).replace(" ", "-"),
        "XS": "ab".replace("", "-"), "FLAGS": flags, "AT": "banana".index("n"),
        "N": "banana".count("an"), "REV": rev})]


def find(xs, x):
    try:
        return xs.index(x)
    except ValueError:
        return -1


def sequence_configs():
    try:
        empty = len("abc".split(""))
    except ValueError:
        empty = -2
    return [triton.Config({"AT": [3, 4, 4].index(4), "N": (1, 2, 1).count(1),
                           "MISSING": find([1, 2], 5), "EMPTY": empty})]


@triton.autotune(configs=table_configs(), key=["n"])
@triton.jit
def tables(x, n, BK: tl.constexpr, BN: tl.constexpr):
    pass


@triton.autotune(configs=string_configs(), key=["n"])
@triton.jit
def strings(x, n, MAJOR: tl.constexpr, MINOR: tl.constexpr, PARTS: tl.constexpr,
            WORDS: tl.constexpr, NAME: tl.constexpr, XS: tl.constexpr, FLAGS: tl.constexpr,
            AT: tl.constexpr, N: tl.constexpr, REV: tl.constexpr):
    pass


@triton.autotune(configs=sequence_configs(), key=["n"])
@triton.jit
def sequences(x, n, AT: tl.constexpr, N: tl.constexpr, MISSING: tl.constexpr,
              EMPTY: tl.constexpr):
    pass


@triton.autotune(configs=[triton.Config({"BK": platform.get()})], key=["n"])
@triton.jit
def unknown(x, n, BK: tl.constexpr):
    pass


@triton.autotune(configs=[triton.Config({"BK": 1 if "abc".startswith(3) else 2})], key=["n"])
@triton.jit
def badarg(x, n, BK: tl.constexpr):
    pass


@triton.autotune(configs=[triton.Config({"BK": (1, 2).get(0)})], key=["n"])
@triton.jit
def nomethod(x, n, BK: tl.constexpr):
    pass
