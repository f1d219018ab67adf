# Dropout with Triton's counter-based random numbers (tl.rand: Philox4x32-10
# of (seed, offset)), as in Triton's low-memory-dropout tutorial: no mask is
# stored, the same seed regenerates it.
# Launch: BLOCK_SIZE = 1024; grid = (cdiv(n_elements, BLOCK_SIZE),).
# tilec: --kernel seeded_dropout_kernel --signature "*fp32:16, *fp32:16, i32, fp32, i32, 1024"
import triton
import triton.language as tl


@triton.jit
def seeded_dropout_kernel(x_ptr, output_ptr, n_elements, p, seed,
                          BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    random = tl.rand(seed, offsets)
    x_keep = random > p
    output = tl.where(x_keep, x / (1 - p), 0.0)
    tl.store(output_ptr + offsets, output, mask=mask)


@triton.jit
def random_streams_kernel(ints_ptr, floats_ptr, seed, n, BLOCK_SIZE: tl.constexpr):
    # Every generator on the same offsets: randint4x's words (4 an offset into
    # ints_ptr), rand4x's uniforms and randn4x's normals (8 an offset).
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n
    i0, i1, i2, i3 = tl.randint4x(seed, offsets)
    u0, u1, u2, u3 = tl.rand4x(seed, offsets)
    n0, n1, n2, n3 = tl.randn4x(seed, offsets)
    ints = ints_ptr + offsets * 4
    tl.store(ints + 0, i0, mask=mask)
    tl.store(ints + 1, i1, mask=mask)
    tl.store(ints + 2, i2, mask=mask)
    tl.store(ints + 3, i3, mask=mask)
    floats = floats_ptr + offsets * 8
    tl.store(floats + 0, u0, mask=mask)
    tl.store(floats + 1, u1, mask=mask)
    tl.store(floats + 2, u2, mask=mask)
    tl.store(floats + 3, u3, mask=mask)
    tl.store(floats + 4, n0, mask=mask)
    tl.store(floats + 5, n1, mask=mask)
    tl.store(floats + 6, n2, mask=mask)
    tl.store(floats + 7, n3, mask=mask)
