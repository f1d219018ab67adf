#!/usr/bin/env python3
"""Checks tilec's library layering against the libraries as built.

  check_layering.py --graph BUILD/tilec-libraries.txt --src SOURCE_ROOT

The graph (written by cmake/TilecLibraryGraph.cmake) has one line per
library: its name, its source folder and the tilec libraries it links.
Two rules, each violation printed as `file:line: error: ...`:
  1. A library links only libraries of lower layers (LAYERS below; a
     library that is in no layer is an error too, so that a new one is
     placed deliberately).
  2. A library's sources and its public headers include only headers of
     itself, of libraries it links (directly or not), or the interface
     headers (value types without code of their own that every layer may
     pass around).
  3. The libraries of the installed tilec::runtime (RUNTIME below) link
     only each other and include no header of another library (interface
     headers included) and no MLIR header: the runtime needs no compiler.
Exit status 1 if any rule is broken; with --print-graph, prints the graph
as the architecture document shows it.
"""

import argparse
import os
import re
import sys

# From the bottom up; a library may link only libraries of earlier rows.
LAYERS = [
    ["TilecSupport", "TilecTarget", "TilecKernel"],
    ["TileDialect", "TilecRuntime"],
    ["TileGPUDialect"],
    ["TilecAnalysis", "TilecFrontend", "TilecInterpreter"],
    ["TilecTransforms", "TilecTileToTileGPU"],
    ["TilecTileGPUToLLVM"],
    ["TilecPipeline"],
    ["TilecCompiler"],
    ["TilecJit"],
    ["TilecTestSupport"],
]

# Public header folders (or files) and the libraries that own them; the
# longest prefix wins. A header owned by several libraries (the passes
# header declares the passes of both conversions) may be included by a
# user of any of them.
OWNERS = {
    "tilec/Support/": ["TilecSupport"],
    "tilec/Dialect/Tile/": ["TileDialect"],
    "tilec/Dialect/TileGPU/": ["TileGPUDialect"],
    "tilec/Analysis/": ["TilecAnalysis"],
    "tilec/Frontend/": ["TilecFrontend"],
    "tilec/Transforms/": ["TilecTransforms"],
    "tilec/Conversion/TileGPUToLLVM.h": ["TilecTileGPUToLLVM"],
    "tilec/Conversion/Passes.h": ["TilecTileToTileGPU", "TilecTileGPUToLLVM"],
    "tilec/Target/": ["TilecTarget"],
    "tilec/Pipeline/": ["TilecPipeline"],
    "tilec/Compiler/": ["TilecCompiler"],
    "tilec/Kernel/": ["TilecKernel"],
    "tilec/Interpreter/": ["TilecInterpreter"],
    "tilec/Runtime/": ["TilecRuntime"],
    "tilec/Jit/": ["TilecJit"],
    "tilec/Testing/": ["TilecTestSupport"],
}

# Value types that cross layers without code of their own (what a
# compilation takes and gives).
INTERFACE_HEADERS = {
    "tilec/Pipeline/PipelineOptions.h",
    "tilec/Compiler/CompileOptions.h",
    "tilec/Compiler/AutotuneConfig.h",
}

# The libraries of tilec::runtime (cmake/TilecInstall.cmake): CUDA loading
# and launching without the compiler (rule 3).
RUNTIME = {"TilecKernel", "TilecRuntime"}

# Headers the build generates (the build id).
GENERATED_HEADERS = {"tilec/BuildId.h"}

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
MLIR_INCLUDE = re.compile(r'^\s*#\s*include\s+["<](mlir/[^">]+)[">]')


def owners(header):
    best = None
    for prefix in OWNERS:
        if header.startswith(prefix) and (best is None or len(prefix) > len(best)):
            best = prefix
    return None if best is None else OWNERS[best]


def read_graph(path):
    graph, dirs = {}, {}
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 2:
                graph[parts[0]] = parts[2:]
                dirs[parts[0]] = parts[1]
    return graph, dirs


def closure(graph, lib):
    seen, todo = set(), [lib]
    while todo:
        for dep in graph.get(todo.pop(), []):
            if dep not in seen:
                seen.add(dep)
                todo.append(dep)
    return seen


def public_headers(src, lib):
    """The public header files a library owns."""
    root = os.path.join(src, "include")
    for dirpath, _, files in os.walk(os.path.join(root, "tilec")):
        for name in files:
            if name.endswith(".h"):
                rel = os.path.relpath(os.path.join(dirpath, name), root)
                own = owners(rel)
                if own == [lib] and rel not in INTERFACE_HEADERS:
                    yield os.path.join(dirpath, name)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--graph", required=True)
    ap.add_argument("--src", required=True)
    ap.add_argument("--print-graph", action="store_true")
    args = ap.parse_args()
    graph, dirs = read_graph(args.graph)
    layer = {lib: i for i, row in enumerate(LAYERS) for lib in row}
    errors = 0

    def error(where, msg):
        nonlocal errors
        errors += 1
        print(f"{where}: error: {msg}")

    cmake = lambda lib: os.path.join(dirs[lib], "CMakeLists.txt")
    for lib, deps in sorted(graph.items()):
        if lib not in layer:
            error(cmake(lib), f"library {lib} is in no layer of "
                  "tools/layering/check_layering.py")
            continue
        if lib in RUNTIME:
            for dep in sorted(closure(graph, lib) - RUNTIME):
                error(cmake(lib), f"{lib} links {dep}: the libraries of "
                      "tilec::runtime link only each other")
        for dep in deps:
            if dep in layer and layer[dep] >= layer[lib]:
                error(cmake(lib), f"{lib} (layer {layer[lib]}) links {dep} "
                      f"(layer {layer[dep]}): a library links only lower layers")

    for lib in sorted(graph):
        allowed = closure(graph, lib) | {lib}
        files = []
        for dirpath, _, names in os.walk(os.path.join(args.src, dirs[lib])):
            files += [os.path.join(dirpath, n) for n in names
                      if n.endswith((".cpp", ".h"))]
        files += list(public_headers(args.src, lib))
        for path in sorted(files):
            with open(path, encoding="utf-8", errors="replace") as f:
                for num, line in enumerate(f, 1):
                    where = f"{os.path.relpath(path, args.src)}:{num}"
                    m = MLIR_INCLUDE.match(line)
                    if m and lib in RUNTIME:
                        error(where, f"{lib} includes {m.group(1)}: the "
                              "libraries of tilec::runtime use no MLIR")
                    m = INCLUDE.match(line)
                    if not m or not m.group(1).startswith("tilec/"):
                        continue
                    header = m.group(1)
                    own = owners(header)
                    if (lib in RUNTIME and own is not None
                            and not set(own) & RUNTIME):
                        error(where, f"{lib} includes {header} of "
                              f"{' or '.join(own)}: the libraries of "
                              "tilec::runtime include only each other's "
                              "headers")
                        continue
                    if header in INTERFACE_HEADERS or header in GENERATED_HEADERS:
                        continue
                    if own is None:
                        error(where, f"{header} belongs to no library")
                    elif not set(own) & allowed:
                        error(where,
                              f"{lib} includes {header} of "
                              f"{' or '.join(own)}, which it "
                              "does not link")

    if args.print_graph:
        print(f"{'layer':6}{'library':20}{'folder':33}links (tilec libraries)")
        for i, row in reversed(list(enumerate(LAYERS))):
            for lib in row:
                if lib in graph:
                    deps = ", ".join(graph[lib]) or "-"
                    print(f"{i:<6}{lib:20}{dirs[lib]:33}{deps}")
    if errors:
        print(f"{errors} layering error(s)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
