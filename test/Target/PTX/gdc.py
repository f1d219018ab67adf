# tl.extra.cuda.gdc_wait() and gdc_launch_dependents() (programmatic
# dependent launch, Triton's tutorial 11): griddepcontrol.wait before the
# loads and griddepcontrol.launch_dependents after them, kept in place; the
# interpreter runs them as no-ops.
# RUN: tilec %s --kernel add --signature "*fp32:16, *fp32:16, *fp32:16, i32, 64, 1" --arch sm_90a --emit=ptx -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
# RUN: %python -c "import struct; open(r'%t.x', 'wb').write(struct.pack('<64f', *range(64))); open(r'%t.y', 'wb').write(struct.pack('<64f', *[0.5] * 64))"
# RUN: tilec run %s --kernel add --signature "*fp32, *fp32, *fp32, i32, 64, 1" --grid 1 --interpret --arg buf:fp32:file:%t.x --arg buf:fp32:file:%t.y --arg buf:fp32:64:zeros --arg i32:64 --out 2=%t.out
# RUN: %python -c "import struct; v = struct.unpack('<64f', open(r'%t.out', 'rb').read()); assert v == tuple(i + 0.5 for i in range(64)), v"
# CHECK: griddepcontrol.wait;
# CHECK: ld.global
# CHECK: griddepcontrol.launch_dependents;
# CHECK: st.global
import triton
import triton.language as tl


@triton.jit
def add(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr, USE_GDC: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    if USE_GDC:
        tl.extra.cuda.gdc_wait()
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    if USE_GDC:
        tl.extra.cuda.gdc_launch_dependents()
    tl.store(out_ptr + offs, x + y, mask=mask)
