# Checks that docstrings (triple-quoted, single and double), comments, blank lines and
# line continuations (backslash and inside brackets) are ignored by code generation.
# RUN: tilec %s --kernel doc --signature "*fp32:16" --emit=tile | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def doc(p):  # trailing comment
    """Kernel docstring.

    Spans lines and mentions tl.store(p, 1) which must not be compiled.
    """
    '''A second string statement.'''
    # a comment line
    offs = tl.arange(0,
                     16)  # comment inside brackets continuation

    x = tl.load(p + \
                offs)
    tl.store(p + offs, x + 1.0)  # tl.store(p, 2.0)


# CHECK-LABEL: func.func @doc
# CHECK: %[[ONE:.*]] = arith.constant dense<1.000000e+00> : tensor<16xf32>
# CHECK: %[[X:.*]] = tile.load %[[PT:.*]] : tensor<16x!tile.ptr<f32>>
# CHECK: %[[Y:.*]] = arith.addf %[[X]], %[[ONE]] : tensor<16xf32>
# CHECK: tile.store %[[PT]], %[[Y]] : tensor<16x!tile.ptr<f32>>
# CHECK-NOT: tile.store
# CHECK-NOT: 2.000000e+00
