# A module-level `try` body that reads a name tilec does not know, or that
# runs host code, may raise: the names only it binds are undecided, and the
# error says which read kept tilec from deciding.
# RUN: not tilec %s --kernel unknown --signature "*fp32:16, 64" --emit=tile 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# UNKNOWN: module-level-try-unknown.py:[[@LINE+22]]:35: error: '_not_in_triton' is bound by only some branches of the module-level 'try' at line [[@LINE+8]]
# UNKNOWN: note: the module-level 'try' is here
# UNKNOWN: note: tilec takes a 'try' body that only imports names it knows to raise nothing; this one reads 'triton.language.standard._not_in_triton', which it does not know
# RUN: not tilec %s --kernel host --signature "*fp32:16, 64" --emit=tile 2>&1 | FileCheck %s --check-prefix=HOST --implicit-check-not="tilec takes"
# HOST: module-level-try-unknown.py:[[@LINE+23]]:35: error: '_log2' is bound by only some branches of the module-level 'try' at line [[@LINE+9]]
import triton
import triton.language as tl

try:
    from triton.language.standard import _not_in_triton
except ImportError:
    pass

try:
    setup()
    from triton.language.standard import _log2
except ImportError:
    pass


@triton.jit
def unknown(Y, N: tl.constexpr):
    tl.store(Y + tl.arange(0, N), _not_in_triton(N))


@triton.jit
def host(Y, N: tl.constexpr):
    tl.store(Y + tl.arange(0, N), _log2(N))
