# Errors of imports from the kernel's package (Inputs/dpkg): an error inside
# an imported module points into that module's file, with a note at the
# call; a module that is not on the search path, a name the module does not
# bind and a relative import above the top-level package are errors at the
# use, as Python names them.
# RUN: not tilec %S/Inputs/dpkg/kernels.py --kernel uses_bad --signature "*fp32" --emit=tile 2>&1 | FileCheck %s --check-prefix=BAD
# BAD: {{^}}{{.*}}Inputs/dpkg/helpers.py:7:16: error: name 'undefined_name' is not defined
# BAD-NEXT: {{^}}    return x + undefined_name
# BAD-NEXT: {{^}}               ^~~~~~~~~~~~~~
# BAD-NEXT: {{^}}{{.*}}Inputs/dpkg/kernels.py:13:17: note: in the call to jit function 'bad' here
# RUN: not tilec %S/Inputs/dpkg/kernels.py --kernel uses_missing_module --signature "*fp32" --emit=tile 2>&1 | FileCheck %s --check-prefix=MOD
# MOD: kernels.py:18:17: error: no module named 'dpkg.nothere' (search path: {{.*}}Inputs)
# RUN: not tilec %S/Inputs/dpkg/kernels.py --kernel uses_missing_absolute --signature "*fp32" --emit=tile 2>&1 | FileCheck %s --check-prefix=ABS
# ABS: kernels.py:23:17: error: no module named 'dpkg.nowhere'
# RUN: not tilec %S/Inputs/dpkg/kernels.py --kernel uses_missing_name --signature "*fp32" --emit=tile 2>&1 | FileCheck %s --check-prefix=NAME
# NAME: kernels.py:28:17: error: cannot import name 'missing' from 'dpkg.helpers': it binds no jit function, constant or import of that name
# RUN: not tilec %S/Inputs/dpkg/kernels.py --kernel uses_beyond --signature "*fp32" --emit=tile 2>&1 | FileCheck %s --check-prefix=TOP
# TOP: kernels.py:33:17: error: cannot import '...beyond.h': attempted relative import beyond top-level package
# A module used as a namespace, for a name it does not bind:
# RUN: not tilec %S/Inputs/dpkg/kernels.py --kernel uses_missing_attribute --signature "*fp32" --emit=tile 2>&1 | FileCheck %s --check-prefix=ATTR
# ATTR: kernels.py:41:19: error: module 'dpkg.helpers' has no attribute 'nothing' that jit functions can use
# A relative import in a file outside any package:
# RUN: rm -rf %t && mkdir -p %t && printf 'import triton\nimport triton.language as tl\nfrom .x import f\n\n@triton.jit\ndef k(p):\n    tl.store(p, f(1.0))\n' > %t/k.py
# RUN: not tilec %t/k.py --kernel k --signature "*fp32" --emit=tile 2>&1 | FileCheck %s --check-prefix=NOPKG
# NOPKG: k.py:7:17: error: cannot import '.x.f': attempted relative import with no known parent package
