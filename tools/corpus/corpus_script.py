"""A script's kernels without the rest of the script (corpus.py `run`).

Some sources are scripts rather than modules: Triton's tutorials test,
benchmark and plot at module level, and ask the driver for the device while
they do. For a package whose sources.json entry sets "scripts": true, `run`
executes only the top-level statements that define the kernels a manifest
names, and what those definitions need, in source order:

  - the kernels' `def`s, with their decorators;
  - every top-level statement that binds a name those statements use, in
    turn: imports, `def`s and classes (decorators, defaults and bodies),
    assignments, and whole `if`/`try` statements that bind such a name
    (`if is_hip(): STAGES = [1] else: ...`), but never
    `if __name__ == "__main__"`.

Expression statements, loops, `with` blocks and everything no kernel needs
are left out. A name is "used" by a statement when the statement loads it
and does not bind it itself (a function's parameters and locals, a
comprehension's variables). A kernel the script does not define, or a name
that only a left-out statement binds, is an error: the kernels would not
load as the script defines them.

The kept statements keep their line numbers and are compiled with the
script's file name, so `inspect.getsource` (which Triton's JIT reads)
finds each kernel in the script itself.

  python3 corpus_script.py SCRIPT KERNEL...   prints the statements kept
"""

import ast
import builtins
import sys
from pathlib import Path

KEEPABLE = (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef,
            ast.Assign, ast.AnnAssign, ast.AugAssign, ast.If, ast.Try)


def _is_main_guard(stmt):
    if not isinstance(stmt, ast.If) or not isinstance(stmt.test, ast.Compare):
        return False
    names = [n.id for n in ast.walk(stmt.test) if isinstance(n, ast.Name)]
    return names == ["__name__"]


def _walk_scope(node):
    """The nodes of `node` in its own scope: not inside a nested def, class,
    lambda or comprehension (what they evaluate where they stand is)."""
    todo = [node]
    while todo:
        n = todo.pop()
        yield n
        if n is not node and isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
            todo.extend(_def_outer(n))
            continue
        if n is not node and isinstance(n, ast.ClassDef):
            todo.extend(n.decorator_list + n.bases + n.keywords)
            continue
        if isinstance(n, ast.Lambda):
            todo.extend(d for d in n.args.defaults + n.args.kw_defaults if d)
            continue
        if isinstance(n, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            todo.append(n.generators[0].iter)  # the rest is the comprehension's scope
            continue
        todo.extend(ast.iter_child_nodes(n))


def _def_outer(fn):
    """What a def evaluates where it stands: decorators, defaults, annotations."""
    a = fn.args
    nodes = fn.decorator_list + a.defaults + [d for d in a.kw_defaults if d]
    nodes += [x.annotation for x in a.posonlyargs + a.args + a.kwonlyargs if x.annotation]
    nodes += [x.annotation for x in (a.vararg, a.kwarg) if x and x.annotation]
    return nodes + ([fn.returns] if fn.returns else [])


def binds(stmt):
    """The module-level names `stmt` binds (any statement kind)."""
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {stmt.name}
    out = set()
    for n in _walk_scope(stmt):
        if isinstance(n, (ast.Import, ast.ImportFrom)):
            out |= {a.asname or a.name.split(".")[0] for a in n.names}
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(n.name)
        elif isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
            out.add(n.id)
        elif isinstance(n, ast.ExceptHandler) and n.name:
            out.add(n.name)
    return out


def _free(nodes):
    """Names loaded in `nodes` (one scope each) and not bound there."""
    loads, local = set(), set()
    for node in nodes:
        for n in ast.walk(node):
            if isinstance(n, ast.Name):
                (loads if isinstance(n.ctx, ast.Load) else local).add(n.id)
            elif isinstance(n, ast.arg):
                local.add(n.arg)
            elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                local.add(n.name)
    return loads - local


def uses(stmt):
    """The module-level names `stmt` needs: those it loads and does not bind
    itself (a function's parameters and locals, a comprehension's or a
    lambda's variables); for a def, also those its decorators, defaults and
    annotations load."""
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return _free([stmt.args] + stmt.body).union(*[_free([x]) for x in _def_outer(stmt)])
    out = _free([stmt])
    if isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name):
        out.add(stmt.target.id)  # `x += 1` reads x first
    return out


def select(tree, kernels, path="<script>"):
    """The top-level statements of `tree` that define `kernels` (names)."""
    body = tree.body
    keepable = [s for s in body if isinstance(s, KEEPABLE) and not _is_main_guard(s)]
    bound_by = {}
    for s in keepable:
        for name in binds(s):
            bound_by.setdefault(name, []).append(s)
    dropped_by = {}
    for s in body:
        if s not in keepable:
            for name in binds(s):
                dropped_by.setdefault(name, s)
    defs = {s.name: s for s in body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))}
    missing = [k for k in kernels if k not in defs]
    if missing:
        raise LookupError("%s defines no kernel %s at top level" % (path, ", ".join(missing)))
    kept = {id(defs[k]): defs[k] for k in kernels}
    todo = list(kept.values())
    while todo:
        for name in sorted(uses(todo.pop())):
            for s in bound_by.get(name, []):
                if id(s) not in kept:
                    kept[id(s)] = s
                    todo.append(s)
            if name not in bound_by and name in dropped_by and not hasattr(builtins, name):
                raise LookupError("%s:%d: %s, which the kernels need, is bound only by a statement "
                                  "that is not a definition" % (path, dropped_by[name].lineno, name))
    return [s for s in body if id(s) in kept]


def load(path, kernels, module_name):
    """A module `module_name` holding the kernels of the script `path`."""
    import types
    path = Path(path)
    tree = ast.parse(path.read_text(), str(path))
    tree.body = select(tree, kernels, str(path))
    mod = types.ModuleType(module_name)
    mod.__file__ = str(path)
    sys.modules[module_name] = mod
    try:
        exec(compile(tree, str(path), "exec"), mod.__dict__)  # noqa: S102 -- the script's definitions
    except BaseException:
        del sys.modules[module_name]
        raise
    return mod


def main(argv):
    path = Path(argv[1])
    for s in select(ast.parse(path.read_text()), argv[2:], str(path)):
        print("%5d  %s" % (s.lineno, ast.get_source_segment(path.read_text(), s).splitlines()[0]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
