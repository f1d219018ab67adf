# Checks if/elif/else on constexpr conditions: only the taken branch is emitted (no scf.if),
# for a tl.constexpr parameter and a signature-specialized value.
# RUN: tilec %s --kernel cif --signature "*fp32:16, 2" --emit=tile --no-opt | FileCheck %s --check-prefix=TWO
# RUN: tilec %s --kernel cif --signature "*fp32:16, 7" --emit=tile --no-opt | FileCheck %s --check-prefix=ELSE
import triton
import triton.language as tl


@triton.jit
def cif(p, MODE: tl.constexpr):
    offs = tl.arange(0, 16)
    x = tl.load(p + offs)
    if MODE == 1:
        y = tl.exp(x)
    elif MODE == 2:
        y = tl.log(x)
    else:
        y = tl.sqrt(x)
    tl.store(p + offs, y)


# TWO-LABEL: func.func @cif
# TWO-NOT: scf.if
# TWO-NOT: math.exp
# TWO: %[[X:.*]] = tile.load
# TWO: %[[Y:.*]] = math.log %[[X]] : tensor<16xf32>
# TWO-NOT: math.sqrt
# TWO: tile.store %{{.*}}, %[[Y]]

# ELSE-LABEL: func.func @cif
# ELSE-NOT: math.exp
# ELSE-NOT: math.log
# ELSE: %[[Y:.*]] = math.sqrt %{{.*}} : tensor<16xf32>
# ELSE-NOT: scf.if
# ELSE: tile.store %{{.*}}, %[[Y]]
