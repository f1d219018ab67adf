"""Random valid kernels for differential testing.

generate(seed) returns a Case: the source of one @triton.jit kernel (and its
helpers) in the language Triton accepts, with its launch: grid, constexpr
values and the runtime arguments. Every kernel has the parameters

    x_ptr    *fp32  input, R * BLOCK values a program, uniform in [-2, 2)
    flag_ptr *i32   input, the same size, small integers and -100 (an
                    "ignore index")
    y_ptr    *fp32  output, NS slots of R * BLOCK values a program, poisoned
    o_ptr    *i32   output, NS values a program, poisoned
    n, m     i32    how many x values are valid; a small integer
    BLOCK, R, C0, C1, K: tl.constexpr

and its statements are drawn from: assignments of fp32/int32 tiles (1-D
[BLOCK], [R], 2-D [R, BLOCK]) and scalars, masked loads, stores (each store
statement writes a slot of its own, so no two stores of a program overlap),
reductions, broadcasting, casts, compile-time and runtime `if`/`elif`/`else`,
early `return` at any depth outside loops, `for` over range / tl.range /
tl.static_range, `while`, and helpers (with early returns of their own) called
from anywhere, loops included. What Triton rejects is not generated: a
`return` inside a `for`/`while`, variables that change type across a runtime
branch or loop iteration.
"""

import random
from dataclasses import dataclass, field
from typing import List

F, I, B = "f", "i", "b"  # fp32, int32, int1


@dataclass
class Case:
    name: str
    source: str
    kernel: str
    grid: tuple
    constexprs: dict
    # runtime arguments in order: ("buf", dtype, n, init) or ("i32", value)
    args: list = field(default_factory=list)


class Var:
    def __init__(self, name, ty, shape, fixed=False):
        self.name, self.ty, self.shape = name, ty, shape
        self.fixed = fixed  # parameters and indices: never reassigned


class Gen:
    def __init__(self, rng, block, rows):
        self.r = rng
        self.block_size, self.rows = block, rows
        self.lines: List[str] = []
        self.slots = 0
        self.nvars = 0
        self.helpers = []  # (name, return (ty, shape))
        self.hm = False  # generating a helper: only its parameters are visible

    # ---------------------------------------------------------------- utils
    def emit(self, depth, text):
        self.lines.append("    " * depth + text)

    def fresh(self, prefix="v"):
        self.nvars += 1
        return "%s%d" % (prefix, self.nvars)

    def chance(self, p):
        return self.r.random() < p

    def pick_var(self, scope, ty, shape):
        c = [v for v in scope if v.ty == ty and v.shape == shape]
        return self.r.choice(c) if c else None

    def shape_str(self, shape):
        return {(): "()", ("B",): "(BLOCK,)", ("R",): "(R,)",
                ("R", "B"): "(R, BLOCK)"}[shape]

    # ---------------------------------------------------------- expressions
    def expr(self, scope, ty, shape, d=0):
        """An expression of type `ty` (F, I, B) and shape `shape`."""
        r = self.r
        deep = d >= 3
        v = self.pick_var(scope, ty, shape)
        if v is not None and (deep or self.chance(0.35)):
            return v.name
        if ty == B:
            k = r.randrange(4)
            if k == 0 or deep:
                return "(%s > %s)" % (self.expr(scope, F, shape, d + 1), r.choice(["0.0", "0.5", "-0.25"]))
            if k == 1:
                return "(%s == %s)" % (self.expr(scope, I, shape, d + 1),
                                       r.choice(["0", "1", "-100"] + ([] if self.hm else ["K"])))
            if k == 2:
                return "(%s < %s)" % (self.expr(scope, I, shape, d + 1),
                                      r.choice(["3", "5"] + ([] if self.hm else ["m", "n", "K + 2"])))
            return "(%s) & (%s)" % (self.expr(scope, B, shape, d + 1), self.expr(scope, B, shape, d + 1))
        if shape == ():
            return self.scalar(scope, ty, d)
        if ty == F:
            choices = ["load", "bin", "scal", "where", "max", "exp", "neg", "abs",
                       "div", "cast", "bcast"]
            if self.hm:
                choices = choices[1:-1]
            k = "load" if deep else r.choice(choices)
            if k == "load":
                return "x" if self.hm else self.load_f(shape)
            if k == "bin":
                return "(%s %s %s)" % (self.expr(scope, F, shape, d + 1), r.choice("+-*"),
                                       self.expr(scope, F, shape, d + 1))
            if k == "scal":
                return "(%s %s %s)" % (self.expr(scope, F, shape, d + 1), r.choice("+-*"),
                                       r.choice(["0.5", "2.0", "1.5", self.scalar(scope, F, d + 1)]))
            if k == "where":
                return "tl.where(%s, %s, %s)" % (self.expr(scope, B, shape, d + 1),
                                                 self.expr(scope, F, shape, d + 1),
                                                 r.choice([self.expr(scope, F, shape, d + 1), "0.0"]))
            if k == "max":
                return "tl.%s(%s, %s)" % (r.choice(["maximum", "minimum"]),
                                          self.expr(scope, F, shape, d + 1),
                                          self.expr(scope, F, shape, d + 1))
            if k == "exp":
                return "tl.exp(tl.minimum(%s, 3.0))" % self.expr(scope, F, shape, d + 1)
            if k == "neg":
                return "(-%s)" % self.expr(scope, F, shape, d + 1)
            if k == "abs":
                return "tl.abs(%s)" % self.expr(scope, F, shape, d + 1)
            if k == "div":
                return "(%s / (tl.abs(%s) + 1.0))" % (self.expr(scope, F, shape, d + 1),
                                                      self.expr(scope, F, shape, d + 1))
            if k == "cast":
                return "%s.to(tl.float32)" % self.expr(scope, I, shape, d + 1)
            # broadcast a lower-rank value
            if shape == ("R", "B"):
                if self.chance(0.5):
                    return "(%s[:, None] + %s)" % (self.expr(scope, F, ("R",), d + 1),
                                                   self.expr(scope, F, shape, d + 1))
                return "(%s[None, :] * %s)" % (self.expr(scope, F, ("B",), d + 1),
                                               self.expr(scope, F, shape, d + 1))
            if shape == ("B",):
                return "tl.sum(%s, axis=0)" % self.expr(scope, F, ("R", "B"), d + 1)
            return "tl.%s(%s, axis=1)" % (r.choice(["sum", "max", "min"]),
                                          self.expr(scope, F, ("R", "B"), d + 1))
        # int tiles
        k = "base" if deep else r.choice(["base", "flags", "bin", "mod", "where", "cast", "and"])
        if k == "base" or (k == "flags" and self.hm):
            return self.index(shape)
        if k == "flags":
            return self.load_flags(shape)
        if k == "bin":
            return "(%s %s %s)" % (self.expr(scope, I, shape, d + 1), r.choice("+-*"),
                                   r.choice(["1", "3", "(K + 1)" if not self.hm else "2",
                                             self.expr(scope, I, shape, d + 1)]))
        if k == "mod":
            return "(%s %s %s)" % (self.expr(scope, I, shape, d + 1), r.choice(["%", "//"]),
                                   r.choice(["2", "3", "5"] + ([] if self.hm else ["(K + 1)"])))
        if k == "where":
            return "tl.where(%s, %s, %s)" % (self.expr(scope, B, shape, d + 1),
                                             self.expr(scope, I, shape, d + 1),
                                             self.expr(scope, I, shape, d + 1))
        if k == "cast":
            return "tl.minimum(tl.maximum(%s, -1000.0), 1000.0).to(tl.int32)" % \
                self.expr(scope, F, shape, d + 1)
        return "(%s & %s)" % (self.expr(scope, I, shape, d + 1), self.r.choice(["7", "3", "0xF"]))

    def index(self, shape):
        return {("B",): "offs", ("R",): "rows", ("R", "B"): "(rows[:, None] * BLOCK + offs[None, :])"}[shape]

    def load_f(self, shape):
        if shape == ("B",):
            row = self.r.choice(["0", "(R - 1)", "(K % R)"])
            return "tl.load(x_ptr + xb + %s * BLOCK + offs, mask=xb + %s * BLOCK + offs < n, other=%s)" % (
                row, row, self.r.choice(["0.0", "-1.0"]))
        if shape == ("R",):
            col = self.r.choice(["0", "(BLOCK - 1)", "K"])
            return "tl.load(x_ptr + xb + rows * BLOCK + %s, mask=xb + rows * BLOCK + %s < n, other=0.0)" % (col, col)
        return ("tl.load(x_ptr + xb + rows[:, None] * BLOCK + offs[None, :], "
                "mask=xb + rows[:, None] * BLOCK + offs[None, :] < n, other=%s)" % self.r.choice(["0.0", "1.0"]))

    def load_flags(self, shape):
        return "tl.load(flag_ptr + xb + %s)" % self.index(shape)

    def scalar(self, scope, ty, d=0):
        r = self.r
        v = self.pick_var(scope, ty, ())
        if v is not None and self.chance(0.4):
            return v.name
        if ty == F and self.hm:
            return r.choice(["tl.sum(x, axis=0)", "tl.max(x, axis=0)", "(s * 0.5)"])
        if ty == I and self.hm:
            return r.choice(["s", "pid", "(s * 2 + 1)", "tl.sum(offs, axis=0)"])
        if ty == F:
            k = r.randrange(4) if d < 3 else 1
            if k == 0:
                return "tl.%s(%s, axis=0)" % (r.choice(["sum", "max", "min"]), self.expr(scope, F, ("B",), d + 1))
            if k == 1:
                return "tl.load(x_ptr + xb + %s)" % r.choice(["0", "K", "pid % BLOCK"])
            if k == 2:
                return "(%s * 0.5 + 1.0)" % self.scalar(scope, F, d + 1)
            return "tl.sum(tl.where(%s, 1.0, 0.0), axis=0)" % self.expr(scope, B, ("B",), d + 1)
        if ty == I:
            k = r.randrange(5) if d < 3 else 0
            if k == 0:
                return r.choice(["pid", "m", "n", "(pid * 2 + K)", "(m - pid)"])
            if k == 1:
                return "tl.load(flag_ptr + xb + %s)" % r.choice(["0", "1", "pid % BLOCK", "K"])
            if k == 2:
                return "tl.sum(%s, axis=0)" % self.expr(scope, I, ("B",), d + 1)
            if k == 3:
                return "tl.max(%s, axis=0)" % self.expr(scope, I, ("B",), d + 1)
            return "(%s %s %s)" % (self.scalar(scope, I, d + 1), r.choice(["+", "-", "%", "//"]),
                                   r.choice(["2", "3"]))
        # a scalar condition
        k = r.randrange(5)
        if k == 0:
            return "%s == -100" % self.scalar(scope, I, d + 1)
        if k == 1:
            return "%s > %s" % (self.scalar(scope, F, d + 1), r.choice(["0.0", "1.0", "-0.5"]))
        if k == 2:
            return "pid %% %d == %d" % (r.choice([2, 3]), r.randrange(2))
        if k == 3:
            return "%s < %s" % (self.scalar(scope, I, d + 1), r.choice(["m", "2", "K"]))
        return "(%s) and (%s)" % (self.scalar(scope, B, d + 2), self.scalar(scope, B, d + 2))

    # ----------------------------------------------------------- statements
    def store(self, scope, depth, slot_expr=None):
        """Stores a value into a slot of its own."""
        r = self.r
        slot = slot_expr if slot_expr is not None else str(self.slot())
        base = "(pid * __NS__ + %s) * (R * BLOCK)" % slot
        k = r.randrange(6)
        if k == 0:
            self.emit(depth, "tl.store(y_ptr + %s + offs, %s, mask=offs < %s)" % (
                base, self.expr(scope, F, ("B",)), r.choice(["BLOCK", "m", "n - xb", "K + 1"])))
        elif k == 1:
            self.emit(depth, "tl.store(y_ptr + %s + rows, %s)" % (base, self.expr(scope, F, ("R",))))
        elif k == 2:
            # a row vector stored as a column
            self.emit(depth, "tl.store(y_ptr + %s + rows[:, None], %s[:, None])" % (
                base, self.expr(scope, F, ("R",))))
        elif k == 3:
            self.emit(depth, "tl.store(y_ptr + %s + rows[:, None] * BLOCK + offs[None, :], %s)" % (
                base, self.expr(scope, F, ("R", "B"))))
        elif k == 4:
            self.emit(depth, "tl.store(o_ptr + pid * __NS__ + %s, %s)" % (slot, self.scalar(scope, I)))
        else:
            self.emit(depth, "tl.store(y_ptr + %s + offs, %s)" % (base, self.expr(scope, I, ("B",))))

    def slot(self):
        self.slots += 1
        return self.slots - 1

    def block(self, scope, depth, budget, ctx):
        """A block of statements; ctx: in_loop, in_helper, ret (helper
        return type) and whether a `return` may end it."""
        scope = list(scope)
        start = len(self.lines)
        n = self.r.randint(1, max(1, budget))
        for _ in range(n):
            if budget <= 0:
                break
            budget -= 1
            self.statement(scope, depth, budget, ctx)
        if len(self.lines) == start:
            self.emit(depth, "pass")
        return scope

    def statement(self, scope, depth, budget, ctx):
        r = self.r
        kinds = ["assign", "assign", "reassign", "store", "store", "if", "if_rt",
                 "if_rt", "for", "while", "static", "call", "ret"]
        if depth > 4:
            kinds = ["assign", "reassign", "store", "ret"]
        k = r.choice(kinds)
        if k == "assign":
            shape = r.choice([("B",), ("B",), ("R",), ("R", "B"), ()])
            ty = r.choice([F, F, I])
            name = self.fresh()
            self.emit(depth, "%s = %s" % (name, self.expr(scope, ty, shape)))
            scope.append(Var(name, ty, shape))
        elif k == "reassign":
            free = [v for v in scope if not v.fixed]
            if not free:
                return
            v = r.choice(free)
            self.emit(depth, "%s = %s" % (v.name, self.expr(scope, v.ty, v.shape)))
        elif k == "store":
            self.store(scope, depth)
        elif k == "if":
            cond = r.choice(["C0", "not C1", "K > 1", "C0 and K == 2", "K == 0"])
            self.emit(depth, "if %s:" % cond)
            self.block(scope, depth + 1, budget // 2, ctx)
            self.maybe_return(scope, depth + 1, ctx, 0.4)
            if self.chance(0.5):
                self.emit(depth, "else:")
                self.block(scope, depth + 1, budget // 2, ctx)
                self.maybe_return(scope, depth + 1, ctx, 0.2)
        elif k == "if_rt":
            self.emit(depth, "if %s:" % self.scalar(scope, B))
            self.block(scope, depth + 1, budget // 2, ctx)
            self.maybe_return(scope, depth + 1, ctx, 0.5)
            while self.chance(0.3):
                self.emit(depth, "elif %s:" % self.scalar(scope, B))
                self.block(scope, depth + 1, budget // 3, ctx)
                self.maybe_return(scope, depth + 1, ctx, 0.4)
            if self.chance(0.5):
                self.emit(depth, "else:")
                self.block(scope, depth + 1, budget // 2, ctx)
                self.maybe_return(scope, depth + 1, ctx, 0.3)
        elif k == "for":
            it = self.fresh("i")
            rng = r.choice(["range(0, %s)" % r.choice(["3", "K + 1", "m", "(m + pid) % 4"]),
                            "tl.range(0, %s)" % r.choice(["2", "m"]),
                            "range(%s, 0, -1)" % r.choice(["3", "m"])])
            self.emit(depth, "for %s in %s:" % (it, rng))
            inner = scope + [Var(it, I, (), True)]
            self.loop_body(inner, depth + 1, budget // 2, ctx)
        elif k == "while":
            j = self.fresh("j")
            self.emit(depth, "%s = 0" % j)
            self.emit(depth, "while %s < %s:" % (j, r.choice(["m", "2", "K"])))
            inner = scope + [Var(j, I, (), True)]
            self.loop_body(inner, depth + 1, budget // 2, ctx)
            self.emit(depth + 1, "%s += 1" % j)
        elif k == "static":
            it = self.fresh("s")
            self.emit(depth, "for %s in tl.static_range(%s):" % (it, r.choice(["2", "K", "3"])))
            self.block(scope + [Var(it, I, (), True)], depth + 1, budget // 2, ctx)
            self.maybe_return(scope, depth + 1, ctx, 0.1)
        elif k == "call" and self.helpers:
            name, ret = r.choice(self.helpers)
            args = "%s, %s, %s" % (self.expr(scope, F, ("B",)), self.scalar(scope, I),
                                   r.choice(["True", "False", "C0"]))
            v = self.fresh()
            self.emit(depth, "%s = %s(%s, %s)" % (v, name, args, self.slot()))
            scope.append(Var(v, ret[0], ret[1]))
        elif k == "ret":
            self.maybe_return(scope, depth, ctx, 0.3 if depth > 1 else 0.05)

    def loop_body(self, scope, depth, budget, ctx):
        """A loop body: no `return`; carried variables keep their types."""
        inner = dict(ctx, in_loop=True)
        self.block(scope, depth, max(1, budget), inner)
        v = self.pick_var(scope, F, ("B",)) or self.pick_var(scope, F, ())
        if v is not None:
            self.emit(depth, "%s = %s + %s" % (v.name, v.name, self.expr(scope, F, v.shape)))

    def maybe_return(self, scope, depth, ctx, p):
        if ctx.get("in_loop") or not self.chance(p):
            return
        if ctx.get("ret"):
            ty, shape = ctx["ret"]
            self.emit(depth, "return %s" % self.expr(scope, ty, shape))
        else:
            if self.chance(0.5):
                self.store(scope, depth)
            self.emit(depth, "return")

    # -------------------------------------------------------------- helpers
    def helper(self, idx):
        name = "helper%d" % idx
        ret = (F, ("B",))
        start = len(self.lines)
        self.emit(0, "@triton.jit")
        self.emit(0, "def %s(x, s, FLAG: tl.constexpr, S: tl.constexpr):" % name)
        self.emit(1, "pid = tl.program_id(0)")
        self.emit(1, "offs = tl.arange(0, BLOCK_H)")
        scope = [Var("x", F, ("B",)), Var("s", I, (), True), Var("pid", I, (), True)]
        self.hm = True
        for _ in range(self.r.randint(1, 3)):
            k = self.r.randrange(3)
            if k == 0:
                self.emit(1, "if %s:" % self.r.choice(["s > 0", "s == -100", "s % 2 == 0", "pid == 1"]))
                self.emit(2, "return %s" % self.expr(scope, F, ("B",)))
            elif k == 1:
                self.emit(1, "if FLAG:")
                self.emit(2, "x = %s" % self.expr(scope, F, ("B",)))
                if self.chance(0.5):
                    self.emit(2, "if %s:" % self.r.choice(["s < 1", "tl.sum(x, axis=0) > 0.0"]))
                    self.emit(3, "return x * 2.0")
            else:
                self.emit(1, "x = %s" % self.expr(scope, F, ("B",)))
        self.emit(1, "return %s" % self.expr(scope, F, ("B",)))
        self.hm = False
        self.emit(0, "")
        self.emit(0, "")
        text = "\n".join(self.lines[start:])
        del self.lines[start:]
        return name, ret, text


def generate(seed, size=12):
    """One random kernel and its launch (deterministic in `seed`)."""
    rng = random.Random(seed)
    block = rng.choice([16, 32, 64])
    rows = rng.choice([1, 2, 4])
    g = Gen(rng, block, rows)
    helper_texts = []
    for h in range(rng.choice([0, 0, 1, 2])):
        name, ret, text = g.helper(h)
        # helpers see the block size through their own constexpr
        text = text.replace("BLOCK_H", str(block))
        g.helpers.append((name, ret))
        helper_texts.append(text)
    g.emit(0, "@triton.jit")
    g.emit(0, "def kernel(x_ptr, flag_ptr, y_ptr, o_ptr, n, m, BLOCK: tl.constexpr, "
              "R: tl.constexpr, C0: tl.constexpr, C1: tl.constexpr, K: tl.constexpr):")
    g.emit(1, "pid = tl.program_id(0)")
    g.emit(1, "offs = tl.arange(0, BLOCK)")
    g.emit(1, "rows = tl.arange(0, R)")
    g.emit(1, "xb = pid * (R * BLOCK)")
    scope = [Var("pid", I, (), True), Var("m", I, (), True),
             Var("offs", I, ("B",), True), Var("rows", I, ("R",), True)]
    g.block(scope, 1, size, {})
    g.store(scope, 1)
    body = "\n".join(g.lines)
    ns = max(1, g.slots)
    # Helper stores are not generated; their slot parameter names call sites.
    body = body.replace("__NS__", str(ns))
    src = ("import triton\nimport triton.language as tl\n\n\n" +
           "".join(helper_texts) + body + "\n")
    progs = rng.randint(1, 5)
    per = rows * block
    n = rng.choice([progs * per, rng.randint(0, progs * per), (progs * per // 16) * 16])
    m = rng.randint(-2, 5)
    consts = {"BLOCK": block, "R": rows, "C0": rng.random() < 0.5,
              "C1": rng.random() < 0.5, "K": rng.randint(0, 3)}
    args = [("buf", "fp32", progs * per, "uniform"),
            ("buf", "i32", progs * per, "flags"),
            ("buf", "fp32", progs * ns * per, "poison"),
            ("buf", "i32", progs * ns, "poison"),
            ("i32", n), ("i32", m)]
    return Case("gen%d" % seed, src, "kernel", (progs,), consts, args)
