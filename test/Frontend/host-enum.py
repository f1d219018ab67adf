# Enumerations of module-level host code (`class NAME(Enum)`, IntEnum,
# `enum.Enum`), as Python's enum module makes them: members by attribute,
# by name (`Cls['NAME']`, KeyError for another name) and by value
# (`Cls(value)`, ValueError), `.name` and `.value`, `auto()`, aliases (a
# second name of a value is the first member), iteration without aliases,
# members equal to themselves alone; methods called through the class (a
# @classmethod gets the class, a @staticmethod its arguments) or a member
# (self). An exception tilec computes (KeyError, IndexError, ValueError)
# runs the first handler of a `try` that names its type, a base of it
# (LookupError, Exception) or none; one no handler catches is an error that
# says so, and what tilec cannot compute runs no handler. IntEnum and StrEnum
# members equal their values; the class body sees its earlier members; a
# recursive call's `try` is its own; an exception that a condition tilec
# cannot decide may skip, or that module-level code raised at import, is no
# exception a handler catches.
# RUN: tilec %s --list-configs --kernel smem | FileCheck %s --check-prefix=SMEM
# SMEM: smem: 3 configs, key [n]
# SMEM-NEXT: 0: BK=232448, num_warps=4, num_stages=3
# SMEM-NEXT: 1: BK=102400, num_warps=4, num_stages=3
# SMEM-NEXT: 2: BK=166912, num_warps=4, num_stages=3
# RUN: tilec %s --list-configs --kernel members | FileCheck %s --check-prefix=MEMBERS
# MEMBERS: members: 4 configs, key [n]
# MEMBERS-NEXT: 0: BK=1, BN=4, num_warps=1, num_stages=3
# MEMBERS-NEXT: 1: BK=2, BN=4, num_warps=2, num_stages=3
# MEMBERS-NEXT: 2: BK=4, BN=4, num_warps=4, num_stages=3
# MEMBERS-NEXT: 3: BK=5, BN=4, num_warps=8, num_stages=3
# RUN: tilec %s --list-configs --kernel handlers | FileCheck %s --check-prefix=HANDLERS
# HANDLERS: handlers: 4 configs, key [n]
# HANDLERS-NEXT: 0: BK=-1, num_warps=4, num_stages=3
# HANDLERS-NEXT: 1: BK=-2, num_warps=4, num_stages=3
# HANDLERS-NEXT: 2: BK=-3, num_warps=4, num_stages=3
# HANDLERS-NEXT: 3: BK=7, num_warps=4, num_stages=3
# RUN: not tilec %s --list-configs --kernel uncaught 2>&1 | FileCheck %s --check-prefix=UNCAUGHT
# UNCAUGHT: error: @triton.autotune: tilec cannot compute 'configs': Width has no member named 'HUGE' (Python raises KeyError)
# UNCAUGHT-NEXT: {{^}}        return Width[name].value{{$}}
# RUN: not tilec %s --list-configs --kernel hostonly 2>&1 | FileCheck %s --check-prefix=HOSTONLY
# HOSTONLY: error: @triton.autotune: tilec cannot compute 'configs': it calls 'torch.cuda.mem_get_info', which is host code
# RUN: tilec %s --list-configs --kernel python | FileCheck %s --check-prefix=PYTHON
# PYTHON: python: 2 configs, key [n]
# PYTHON-NEXT: 0: BK=21, NAME='Mode.B', num_warps=4, num_stages=3
# PYTHON-NEXT: 1: BK=120, NAME='x', num_warps=4, num_stages=3
# RUN: not tilec %s --list-configs --kernel maybe 2>&1 | FileCheck %s --check-prefix=MAYBE
# MAYBE: error: @triton.autotune: tilec cannot compute 'configs': the GPU's name is host code's value that tilec does not know
# RUN: not tilec %s --list-configs --kernel atimport 2>&1 | FileCheck %s --check-prefix=ATIMPORT
# ATIMPORT: error: @triton.autotune: tilec cannot compute 'configs': it reads 'MISSING', host code's value that tilec cannot compute
# ATIMPORT: note: tilec cannot compute this: the key 'zz' is not in the dict {'a': 1} (Python raises KeyError)
# RUN: not tilec %s --list-configs --kernel missing 2>&1 | FileCheck %s --check-prefix=MISSINGHOOK
# MISSINGHOOK: error: @triton.autotune: tilec cannot compute 'configs': Lenient looks up values no member has with its _missing_, which tilec does not run
# RUN: not tilec %s --list-configs --kernel autoafter 2>&1 | FileCheck %s --check-prefix=AUTOAFTER
# AUTOAFTER: error: @triton.autotune: tilec cannot compute 'configs': auto() after a value smaller than an earlier one: Python's versions differ on its value
# RUN: not tilec %s --list-configs --kernel private 2>&1 | FileCheck %s --check-prefix=PRIVATE
# PRIVATE: error: @triton.autotune: tilec cannot compute 'configs': 'Mode.__members__' is an attribute of enumerations tilec does not know
# RUN: not tilec %s --list-configs --kernel novalue 2>&1 | FileCheck %s --check-prefix=NOVALUE
# NOVALUE: error: @triton.autotune: tilec cannot compute 'configs': 3 is the value of no member of Width (Python raises ValueError)
import enum
from enum import Enum, IntEnum, auto

import torch
import triton
import triton.language as tl


class Backend(Enum):
    """Shared memory a block may use (fla's check_shared_mem)."""

    ADA = 101376
    AMPERE = 166912
    HOPPER = 232448
    DEFAULT = 102400

    @classmethod
    def get_shared_memory(cls, arch: str) -> int:
        try:
            return cls[arch.upper()].value
        except KeyError:
            return cls.DEFAULT.value


class Width(IntEnum):
    ONE = auto()
    TWO = auto()
    PAIR = 2  # an alias of TWO
    FOUR = 4
    FIVE = auto()

    @staticmethod
    def warps(w):
        return int(w.value) if w.value < 5 else 8

    def doubled(self):
        return self.value * 2

    @classmethod
    def named(cls, name):
        return Width[name].value


class Mode(enum.Enum):
    A = "a"
    B = "b"


class Level(IntEnum):
    LOW = 1
    HIGH = LOW + 1


class Name(enum.StrEnum):
    X = auto()


class Lenient(Enum):
    A = 1

    @classmethod
    def _missing_(cls, value):
        return cls.A


class Unordered(Enum):
    A = 5
    B = 1
    C = auto()


def private_configs():
    try:
        n = len(Mode.__members__)
    except AttributeError:
        n = -1
    return [triton.Config({"BK": n})]


TABLE = {"a": 1}
MISSING = TABLE["zz"]


def smem_configs():
    return [triton.Config({"BK": Backend.get_shared_memory(a)})
            for a in ["hopper", "none", "Ampere"]]


def member_configs():
    same = Width.PAIR == Width.TWO and Width(2) == Width["PAIR"]
    n = len(Width) if same and Width.ONE != Width.TWO else 0
    return [triton.Config({"BK": w.value, "BN": n}, num_warps=Width.warps(w))
            for w in Width if Mode("b").name == "B" and Mode.A.value == "a"]


def lookup(xs, key):
    try:
        return xs[key]
    except LookupError:
        return -1


def handler_configs():
    out = []
    out.append(lookup({"a": 1}, "b"))
    out.append(lookup([1, 2], 5) * 2)
    try:
        v = Width(3)
    except (TypeError, ValueError) as err:
        v = -3
    out.append(v)
    try:
        out.append(Width.FOUR.doubled() - 1)
    except KeyError:
        out.append(-4)
    return [triton.Config({"BK": v}) for v in out]


def recurse(n):
    w = 0
    try:
        v = recurse(n - 1) if n > 0 else 0
    except KeyError:
        v = 100
        w = 1
    if n == 0 and v == 0:
        return {}["x"]
    return v + w * (n + 1) * 10


def python_configs():
    table = {1: 10, 2: 20}
    bk = table[Level.HIGH] + (1 if Level.LOW == 1 and 2 in [Level.HIGH] else 0)
    return [triton.Config({"BK": bk, "NAME": str(Mode.B)}),
            triton.Config({"BK": recurse(1), "NAME": Name.X.value})]


def maybe_configs():
    try:
        v = {}["k"] if "H100" in torch.cuda.get_device_name(0) else 5
    except KeyError:
        v = 7
    return [triton.Config({"BK": v})]


def atimport_configs():
    try:
        v = MISSING
    except KeyError:
        v = 7
    return [triton.Config({"BK": v})]


def uncaught_configs():
    try:
        return [triton.Config({"BK": Width.named("HUGE")})]
    except ValueError:
        return []


def hostonly_configs():
    try:
        free = torch.cuda.mem_get_info()[0]
    except Exception:
        free = 0
    return [triton.Config({"BK": free})]


@triton.autotune(configs=smem_configs(), key=["n"])
@triton.jit
def smem(x, n, BK: tl.constexpr):
    pass


@triton.autotune(configs=member_configs(), key=["n"])
@triton.jit
def members(x, n, BK: tl.constexpr, BN: tl.constexpr):
    pass


@triton.autotune(configs=handler_configs(), key=["n"])
@triton.jit
def handlers(x, n, BK: tl.constexpr):
    pass


@triton.autotune(configs=uncaught_configs(), key=["n"])
@triton.jit
def uncaught(x, n, BK: tl.constexpr):
    pass


@triton.autotune(configs=hostonly_configs(), key=["n"])
@triton.jit
def hostonly(x, n, BK: tl.constexpr):
    pass


@triton.autotune(configs=[triton.Config({"BK": Width(3).value})], key=["n"])
@triton.jit
def novalue(x, n, BK: tl.constexpr):
    pass


@triton.autotune(configs=python_configs(), key=["n"])
@triton.jit
def python(x, n, BK: tl.constexpr, NAME: tl.constexpr):
    pass


@triton.autotune(configs=maybe_configs(), key=["n"])
@triton.jit
def maybe(x, n, BK: tl.constexpr):
    pass


@triton.autotune(configs=atimport_configs(), key=["n"])
@triton.jit
def atimport(x, n, BK: tl.constexpr):
    pass


@triton.autotune(configs=[triton.Config({"BK": Lenient(7).value})], key=["n"])
@triton.jit
def missing(x, n, BK: tl.constexpr):
    pass


@triton.autotune(configs=[triton.Config({"BK": Unordered.C.value})], key=["n"])
@triton.jit
def autoafter(x, n, BK: tl.constexpr):
    pass


@triton.autotune(configs=private_configs(), key=["n"])
@triton.jit
def private(x, n, BK: tl.constexpr):
    pass
