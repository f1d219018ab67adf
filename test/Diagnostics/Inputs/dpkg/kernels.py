import triton
import triton.language as tl

from .helpers import bad
from .nothere import f
from dpkg.nowhere import g
from .helpers import missing
from ...beyond import h


@triton.jit
def uses_bad(p):
    tl.store(p, bad(1.0))


@triton.jit
def uses_missing_module(p):
    tl.store(p, f(1.0))


@triton.jit
def uses_missing_absolute(p):
    tl.store(p, g(1.0))


@triton.jit
def uses_missing_name(p):
    tl.store(p, missing(1.0))


@triton.jit
def uses_beyond(p):
    tl.store(p, h(1.0))


import dpkg.helpers as H


@triton.jit
def uses_missing_attribute(p):
    tl.store(p, H.nothing(1.0))
