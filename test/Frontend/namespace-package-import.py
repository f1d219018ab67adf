# A kernel file in folders without __init__.py (Python 3's namespace
# packages) under an -I folder is named from that folder, so that its
# relative imports find their siblings, as Python's import does; without
# -I the relative import has no parent package, as in Python.
# RUN: tilec %S/Inputs/nsroot/nspkg/nsdir/kern.py -I %S/Inputs/nsroot --kernel k --signature "*fp32:16, 64" --emit=tile | FileCheck %s
# CHECK: arith.mulf
# RUN: not tilec %S/Inputs/nsroot/nspkg/nsdir/kern.py --kernel k --signature "*fp32:16, 64" --emit=tile 2>&1 | FileCheck %s --check-prefix=ERR
# ERR: error: cannot import '..common.helpers.twice': attempted relative import with no known parent package
# A file of a regular package keeps its package's name and search path when
# an -I folder holds the package's folder.
# RUN: tilec %S/Inputs/nsroot/regpkg/sub/kern.py -I %S/Inputs --kernel k --signature "*fp32:16, 64" --emit=tile | FileCheck %s
