"""A reference executor for Triton kernels in plain Python.

Runs the Python source of an @triton.jit kernel program by program, as
Triton's interpreter mode (TRITON_INTERPRET=1) does, with a small
implementation of the `triton.language` subset that difftest's kernels use.
Python itself executes the control flow (`if`, early `return`, loops, helper
calls), so this is a reference that shares no code with tilec's frontend.

Numbers follow Triton's rules: int32 arithmetic wraps, `//` and `%` of
integers truncate toward zero (C semantics, as Triton's divsi/remsi),
fp32 results are rounded to fp32 after every operation, integer / integer
is fp32, comparisons give int1, a masked-off load lane takes `other`, and
maximum/minimum and max/min reductions ignore NaN operands (PTX max.f32, as
Triton's default propagate_nan=NONE).
An unmasked access outside its buffer raises OutOfBounds.

No third-party modules: it runs wherever Python 3.8+ does.
"""

import builtins as _b
import ctypes
import functools
import math
import sys
import types

# --------------------------------------------------------------------------
# dtypes


class dtype:
    def __init__(self, name, kind, bits):
        self.name, self.kind, self.bits = name, kind, bits

    def is_floating(self):
        return self.kind == "f"

    def __repr__(self):
        return "tl." + self.name


float32 = dtype("float32", "f", 32)
float64 = dtype("float64", "f", 64)
int32 = dtype("int32", "i", 32)
int64 = dtype("int64", "i", 64)
int1 = dtype("int1", "b", 1)
DTYPES = {"fp32": float32, "fp64": float64, "i32": int32, "i64": int64,
          "i1": int1}


def _f32(x):
    return ctypes.c_float(x).value


def _wrap(x, bits):
    m = 1 << bits
    x &= m - 1
    return x - m if x >= m >> 1 else x


def _norm(v, dt):
    """A Python number as a value of dtype `dt`."""
    if dt.kind == "f":
        v = float(v)
        return _f32(v) if dt.bits == 32 else v
    if dt.kind == "b":
        return bool(v)
    return _wrap(int(v), dt.bits)


def _cv(x):
    return x.value if isinstance(x, constexpr) else x


class constexpr:
    """tl.constexpr: as an annotation, nothing (values stay plain Python
    values); as a module-level `X = tl.constexpr(0)`, a value that compares
    and computes as its value."""

    def __init__(self, value=None):
        self.value = _cv(value)

    def __bool__(self):
        return bool(self.value)

    def __index__(self):
        return self.value

    def __hash__(self):
        return hash(self.value)

    def __repr__(self):
        return "constexpr(%r)" % (self.value,)


for _op in ("eq", "ne", "lt", "le", "gt", "ge", "add", "sub", "mul",
            "truediv", "floordiv", "mod", "radd", "rsub", "rmul"):
    def _mk(op):
        return lambda self, o: getattr(self.value, "__%s__" % op)(_cv(o))
    setattr(constexpr, "__%s__" % _op, _mk(_op))


class OutOfBounds(Exception):
    pass


# --------------------------------------------------------------------------
# tensors: a flat list of Python numbers in row-major order, a shape, a dtype


def _bshape(a, b):
    if len(a) != len(b):
        # Triton broadcasts scalars only by rank; pad with leading 1s.
        n = _b.max(len(a), len(b))
        a, b = (1,) * (n - len(a)) + a, (1,) * (n - len(b)) + b
    out = []
    for x, y in zip(a, b):
        if x != y and 1 not in (x, y):
            raise ValueError("cannot broadcast %s and %s" % (a, b))
        out.append(_b.max(x, y))
    return tuple(out)


def _expand(vals, shape, to):
    """Broadcasts the flat `vals` of `shape` to shape `to`."""
    if shape == to:
        return vals
    shape = (1,) * (len(to) - len(shape)) + tuple(shape)
    n = 1
    for d in to:
        n *= d
    strides, s = [], 1
    for d in reversed(shape):
        strides.append(s)
        s *= d
    strides = list(reversed(strides))
    out = []
    for flat in range(n):
        rem, src = flat, 0
        for k in range(len(to) - 1, -1, -1):
            idx = rem % to[k]
            rem //= to[k]
            if shape[k] != 1:
                src += idx * strides[k]
        out.append(vals[src])
    return out


class tensor:
    def __init__(self, vals, shape, dt):
        self.vals, self.shape, self.dtype = vals, tuple(shape), dt

    # -- conversions
    def item(self):
        assert self.shape == (), "not a scalar"
        return self.vals[0]

    def __bool__(self):
        return bool(self.item())

    def __index__(self):
        return int(self.item())

    def __int__(self):
        return int(self.item())

    def __repr__(self):
        return "tensor(%s, %s, %s)" % (self.vals, self.shape, self.dtype)

    def to(self, dt, bitcast=False):
        assert not bitcast
        if dt.kind == "i" and self.dtype.kind == "f":
            return tensor([_wrap(int(math.trunc(v)), dt.bits) for v in self.vals],
                          self.shape, dt)
        return tensor([_norm(v, dt) for v in self.vals], self.shape, dt)

    # -- shape ops
    def __getitem__(self, idx):
        if not isinstance(idx, tuple):
            idx = (idx,)
        shape, k = [], 0
        for i in idx:
            if i is None:
                shape.append(1)
            elif isinstance(i, slice) and i == slice(None):
                shape.append(self.shape[k])
                k += 1
            else:
                raise TypeError("unsupported index %r" % (i,))
        return tensor(self.vals, shape + list(self.shape[k:]), self.dtype)

    # -- arithmetic
    def _bin(self, other, op, rev=False):
        a, b = (other, self) if rev else (self, other)
        return _binary(a, b, op)

    def __add__(self, o): return self._bin(o, "+")
    def __radd__(self, o): return self._bin(o, "+", True)
    def __sub__(self, o): return self._bin(o, "-")
    def __rsub__(self, o): return self._bin(o, "-", True)
    def __mul__(self, o): return self._bin(o, "*")
    def __rmul__(self, o): return self._bin(o, "*", True)
    def __truediv__(self, o): return self._bin(o, "/")
    def __rtruediv__(self, o): return self._bin(o, "/", True)
    def __floordiv__(self, o): return self._bin(o, "//")
    def __rfloordiv__(self, o): return self._bin(o, "//", True)
    def __mod__(self, o): return self._bin(o, "%")
    def __rmod__(self, o): return self._bin(o, "%", True)
    def __and__(self, o): return self._bin(o, "&")
    def __rand__(self, o): return self._bin(o, "&", True)
    def __or__(self, o): return self._bin(o, "|")
    def __ror__(self, o): return self._bin(o, "|", True)
    def __xor__(self, o): return self._bin(o, "^")
    def __rxor__(self, o): return self._bin(o, "^", True)
    def __lt__(self, o): return self._bin(o, "<")
    def __le__(self, o): return self._bin(o, "<=")
    def __gt__(self, o): return self._bin(o, ">")
    def __ge__(self, o): return self._bin(o, ">=")
    def __eq__(self, o): return self._bin(o, "==")
    def __ne__(self, o): return self._bin(o, "!=")
    __hash__ = None

    def __neg__(self):
        return _unary(self, lambda v: -v)

    def __invert__(self):
        if self.dtype.kind == "b":
            return tensor([not v for v in self.vals], self.shape, int1)
        return _unary(self, lambda v: ~v)


def _as_tensor(x):
    x = _cv(x)
    if isinstance(x, tensor):
        return x
    if isinstance(x, bool):
        return tensor([x], (), int1)
    if isinstance(x, int):
        return tensor([x], (), int32 if -2**31 <= x < 2**31 else int64)
    if isinstance(x, float):
        return tensor([_f32(x)], (), float32)
    raise TypeError("not a number or tensor: %r" % (x,))


def _result_dtype(a, b, op):
    """Triton's promotion: Python numbers are weak (take the tensor's type)."""
    ta, tb = isinstance(a, tensor), isinstance(b, tensor)
    da = a.dtype if ta else None
    db = b.dtype if tb else None
    if not ta:
        da = float32 if isinstance(a, float) else (db if db.kind != "b" or isinstance(a, bool) else int32)
    if not tb:
        db = float32 if isinstance(b, float) else (da if da.kind != "b" or isinstance(b, bool) else int32)
    if da.kind == "f" or db.kind == "f":
        fl = [d for d in (da, db) if d.kind == "f"]
        return _b.max(fl, key=lambda d: d.bits)
    if op == "/":
        return float32
    if da.kind == "b" and db.kind == "b":
        return int1
    ints = [d for d in (da, db) if d.kind == "i"]
    return _b.max(ints, key=lambda d: d.bits)


def _cdiv(x, y):
    q = _b.abs(x) // _b.abs(y)
    return q if (x >= 0) == (y >= 0) else -q


def _cmod(x, y):
    return x - _cdiv(x, y) * y


_CMP = {"<": lambda x, y: x < y, "<=": lambda x, y: x <= y,
        ">": lambda x, y: x > y, ">=": lambda x, y: x >= y,
        "==": lambda x, y: x == y, "!=": lambda x, y: x != y}


def _binary(a, b, op):
    a, b = _cv(a), _cv(b)
    dt = _result_dtype(a, b, op)
    ta, tb = _as_tensor(a), _as_tensor(b)
    shape = _bshape(ta.shape, tb.shape)
    xs, ys = _expand(ta.vals, ta.shape, shape), _expand(tb.vals, tb.shape, shape)
    if op in _CMP:
        cdt = _result_dtype(a, b, "+")
        f = _CMP[op]
        return tensor([f(_norm(x, cdt), _norm(y, cdt)) for x, y in zip(xs, ys)],
                      shape, int1)
    if dt.kind == "f":
        xs = [float(x) for x in xs]
        ys = [float(y) for y in ys]
        if op == "+": r = [x + y for x, y in zip(xs, ys)]
        elif op == "-": r = [x - y for x, y in zip(xs, ys)]
        elif op == "*": r = [x * y for x, y in zip(xs, ys)]
        elif op == "/": r = [x / y if y != 0 else math.copysign(math.inf, x) * math.copysign(1, y) if x != 0 else math.nan for x, y in zip(xs, ys)]
        elif op == "%": r = [math.fmod(x, y) for x, y in zip(xs, ys)]
        else: raise TypeError("unsupported float op " + op)
        return tensor([_norm(v, dt) for v in r], shape, dt)
    xs = [int(x) for x in xs]
    ys = [int(y) for y in ys]
    if op == "+": r = [x + y for x, y in zip(xs, ys)]
    elif op == "-": r = [x - y for x, y in zip(xs, ys)]
    elif op == "*": r = [x * y for x, y in zip(xs, ys)]
    elif op == "//": r = [_cdiv(x, y) for x, y in zip(xs, ys)]
    elif op == "%": r = [_cmod(x, y) for x, y in zip(xs, ys)]
    elif op == "&": r = [x & y for x, y in zip(xs, ys)]
    elif op == "|": r = [x | y for x, y in zip(xs, ys)]
    elif op == "^": r = [x ^ y for x, y in zip(xs, ys)]
    else: raise TypeError("unsupported int op " + op)
    return tensor([_norm(v, dt) for v in r], shape, dt)


def _unary(t, f, dt=None):
    t = _as_tensor(t)
    dt = dt or t.dtype
    return tensor([_norm(f(v), dt) for v in t.vals], t.shape, dt)


# --------------------------------------------------------------------------
# pointers


class pointer:
    """A pointer (tile): a buffer and element offsets into it."""

    def __init__(self, buf, offs, shape):
        self.buf, self.offs, self.shape = buf, offs, tuple(shape)

    @property
    def dtype(self):
        return self.buf.dtype

    def __add__(self, o):
        t = _as_tensor(o)
        assert t.dtype.kind == "i", "pointer + %s" % t.dtype
        shape = _bshape(self.shape, t.shape)
        po = _expand(self.offs, self.shape, shape)
        to = _expand(t.vals, t.shape, shape)
        return pointer(self.buf, [p + int(v) for p, v in zip(po, to)], shape)

    __radd__ = __add__

    def __sub__(self, o):
        return self + (-_as_tensor(o))

    def __getitem__(self, idx):
        t = tensor(self.offs, self.shape, int64)[idx]
        return pointer(self.buf, t.vals, t.shape)


class Buffer:
    """A kernel argument buffer: a flat list of values of one dtype."""

    def __init__(self, vals, dt, name="buf"):
        self.vals, self.dtype, self.name = list(vals), dt, name

    def ptr(self):
        return pointer(self, [0], ())


# --------------------------------------------------------------------------
# the `tl` namespace


class _Program:
    pid = (0, 0, 0)
    grid = (1, 1, 1)


def program_id(axis):
    return tensor([_Program.pid[axis]], (), int32)


def num_programs(axis):
    return tensor([_Program.grid[axis]], (), int32)


def arange(start, end):
    return tensor(list(range(start, end)), (end - start,), int32)


def full(shape, value, dtype):
    shape = tuple(shape)
    n = 1
    for d in shape:
        n *= d
    return tensor([_norm(value, dtype)] * n, shape, dtype)


def zeros(shape, dtype):
    return full(shape, 0, dtype)


def _mask_list(mask, shape):
    if mask is None:
        n = 1
        for d in shape:
            n *= d
        return [True] * n
    m = _as_tensor(mask)
    return _expand(m.vals, m.shape, _bshape(m.shape, shape))


def load(ptr, mask=None, other=None, **kwargs):
    shape = ptr.shape
    if mask is not None:
        shape = _bshape(shape, _as_tensor(mask).shape)
    offs = _expand(ptr.offs, ptr.shape, shape)
    ms = _mask_list(mask, shape)
    dt = ptr.buf.dtype
    oth = None
    if other is not None:
        o = _as_tensor(other)
        oth = _expand(o.vals, o.shape, shape)
    out = []
    for k, (off, m) in enumerate(zip(offs, ms)):
        if m:
            if not 0 <= off < len(ptr.buf.vals):
                raise OutOfBounds("load from %s[%d] (size %d)" % (ptr.buf.name, off, len(ptr.buf.vals)))
            out.append(ptr.buf.vals[off])
        else:
            out.append(_norm(oth[k], dt) if oth is not None else _norm(0, dt))
    return tensor(out, shape, dt)


def store(ptr, value, mask=None, **kwargs):
    v = _as_tensor(value)
    shape = _bshape(ptr.shape, v.shape)
    if mask is not None:
        shape = _bshape(shape, _as_tensor(mask).shape)
    offs = _expand(ptr.offs, ptr.shape, shape)
    vals = _expand(v.vals, v.shape, shape)
    ms = _mask_list(mask, shape)
    dt = ptr.buf.dtype
    for off, x, m in zip(offs, vals, ms):
        if m:
            if not 0 <= off < len(ptr.buf.vals):
                raise OutOfBounds("store to %s[%d] (size %d)" % (ptr.buf.name, off, len(ptr.buf.vals)))
            if dt.kind == "i" and v.dtype.kind == "f":
                x = math.trunc(x)
            ptr.buf.vals[off] = _norm(x, dt)


def where(cond, x, y):
    x, y = _cv(x), _cv(y)
    c = _as_tensor(cond)
    dt = _result_dtype(x, y, "+")
    tx, ty = _as_tensor(x), _as_tensor(y)
    shape = _bshape(_bshape(c.shape, tx.shape), ty.shape)
    cs = _expand(c.vals, c.shape, shape)
    xs, ys = _expand(tx.vals, tx.shape, shape), _expand(ty.vals, ty.shape, shape)
    return tensor([_norm(a if k else b, dt) for k, a, b in zip(cs, xs, ys)], shape, dt)


def _minmax(a, b, pick):
    dt = _result_dtype(a, b, "+")
    ta, tb = _as_tensor(a), _as_tensor(b)
    shape = _bshape(ta.shape, tb.shape)
    xs, ys = _expand(ta.vals, ta.shape, shape), _expand(tb.vals, tb.shape, shape)
    return tensor([_norm(pick(x, y), dt) for x, y in zip(xs, ys)], shape, dt)


def _fmax(x, y):
    """max that ignores a NaN operand (PTX max.f32; Triton's default
    propagate_nan=NONE, and its max reductions)."""
    if x != x:
        return y
    if y != y:
        return x
    return _b.max(x, y)


def _fmin(x, y):
    if x != x:
        return y
    if y != y:
        return x
    return _b.min(x, y)


def maximum(a, b):
    return _minmax(a, b, _fmax)


def minimum(a, b):
    return _minmax(a, b, _fmin)


def _float_unary(f):
    def g(x):
        t = _as_tensor(x)
        dt = t.dtype if t.dtype.kind == "f" else float32
        return tensor([_norm(f(float(v)), dt) for v in t.vals], t.shape, dt)
    return g


def _safe(f):
    def g(v):
        try:
            return f(v)
        except (ValueError, OverflowError):
            return math.nan if v < 0 or v != v else math.inf
    return g


exp = _float_unary(_safe(math.exp))
exp2 = _float_unary(_safe(lambda v: 2.0 ** v))
log = _float_unary(lambda v: math.log(v) if v > 0 else (-math.inf if v == 0 else math.nan))
log2 = _float_unary(lambda v: math.log2(v) if v > 0 else (-math.inf if v == 0 else math.nan))
sqrt = _float_unary(lambda v: math.sqrt(v) if v >= 0 else math.nan)
sigmoid = _float_unary(lambda v: 1.0 / (1.0 + math.exp(-v)) if v > -700 else 0.0)
sin = _float_unary(math.sin)
cos = _float_unary(math.cos)


def abs(x):  # noqa: A001 - tl.abs
    return _unary(x, lambda v: -v if v < 0 else v)


def _reduce(x, axis, f, dt_of, keep_dims=False):
    t = _as_tensor(x)
    if axis is None:
        vals, shape = [f(t.vals)], ()
    else:
        nd = len(t.shape)
        axis %= nd
        outer = 1
        for d in t.shape[:axis]:
            outer *= d
        inner = 1
        for d in t.shape[axis + 1:]:
            inner *= d
        n = t.shape[axis]
        vals = []
        for o in range(outer):
            for i in range(inner):
                vals.append(f([t.vals[(o * n + k) * inner + i] for k in range(n)]))
        shape = t.shape[:axis] + ((1,) if keep_dims else ()) + t.shape[axis + 1:]
    dt = dt_of(t.dtype)
    return tensor([_norm(v, dt) for v in vals], shape, dt)


def _sum_dtype(d):
    return int32 if d.kind == "b" else d


def sum(x, axis=None, keep_dims=False):  # noqa: A001 - tl.sum
    def f(vs):
        return math.fsum(vs) if vs and isinstance(vs[0], float) else _b.sum(vs)
    return _reduce(x, axis, f, _sum_dtype, keep_dims)


def max(x, axis=None, keep_dims=False):  # noqa: A001 - tl.max
    return _reduce(x, axis, lambda vs: functools.reduce(_fmax, vs), lambda d: d, keep_dims)


def min(x, axis=None, keep_dims=False):  # noqa: A001 - tl.min
    return _reduce(x, axis, lambda vs: functools.reduce(_fmin, vs), lambda d: d, keep_dims)


def static_range(*args):
    return range(*args)


def range_(*args, **kwargs):
    return range(*[int(a) for a in args])


def multiple_of(x, v):
    return x


def max_contiguous(x, v):
    return x


def debug_barrier():
    pass


# --------------------------------------------------------------------------
# modules `triton` and `triton.language` for exec'd kernel sources


def make_modules():
    tl = types.ModuleType("triton.language")
    names = ["float32", "float64", "int32", "int64", "int1", "constexpr",
             "tensor", "program_id", "num_programs", "arange", "full", "zeros",
             "load", "store", "where", "maximum", "minimum", "exp", "exp2",
             "log", "log2", "sqrt", "sigmoid", "sin", "cos", "abs", "sum",
             "max", "min", "static_range", "multiple_of", "max_contiguous",
             "debug_barrier", "dtype"]
    g = globals()
    for n in names:
        setattr(tl, n, g[n])
    tl.range = range_
    tl.int1 = int1
    triton = types.ModuleType("triton")
    triton.language = tl
    triton.jit = lambda fn=None, **kw: fn if fn is not None else (lambda f: f)
    triton.cdiv = lambda a, b: (a + b - 1) // b
    return triton, tl


def load_source(path):
    """Executes a kernel file with this module standing in for Triton."""
    triton, tl = make_modules()
    saved = {k: sys.modules.get(k) for k in ("triton", "triton.language")}
    sys.modules["triton"], sys.modules["triton.language"] = triton, tl
    try:
        ns = {"__name__": "difftest_kernel", "__file__": path}
        with open(path) as f:
            code = compile(f.read(), path, "exec")
        exec(code, ns)
        return ns
    finally:
        for k, v in saved.items():
            if v is None:
                sys.modules.pop(k, None)
            else:
                sys.modules[k] = v


def run(fn, grid, args, constexprs):
    """Runs kernel `fn` over `grid` programs. `args`: Buffers and Python
    numbers (runtime parameters, in order, as tensors of their dtype);
    `constexprs`: name -> value."""
    grid = tuple(grid) + (1,) * (3 - len(grid))
    call = []
    for a in args:
        if isinstance(a, Buffer):
            call.append(a)
        elif isinstance(a, tuple):  # (value, dtype)
            call.append(tensor([_norm(a[0], a[1])], (), a[1]))
        else:
            call.append(a)
    _Program.grid = grid
    for z in range(grid[2]):
        for y in range(grid[1]):
            for x in range(grid[0]):
                _Program.pid = (x, y, z)
                fn(*[a.ptr() if isinstance(a, Buffer) else a for a in call],
                   **constexprs)
