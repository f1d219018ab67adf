#!/usr/bin/env python3
"""Fills a local corpus package's folder from a git clone of its repository.

  vendor_from_git.py --git DIR [--sources FILE] [--package NAME]

A package that is on no registry (Triton's tutorials) is "local" in
sources.json: its files go, unchanged, into the folder its "local" field
names, and sources.json pins each one by the commit that last changed it and
its sha256. This script takes every pinned file of such a package out of the
clone DIR (any clone or fork whose history holds those commits; nothing is
checked out or fetched): `git show COMMIT:PATH`, PATH being the file's name
under the package's upstream folder (the first word of "upstream_path"), or
at the repository's root (LICENSE). Each file is written only when its bytes
have the pinned sha256; a file that cannot be found or differs is reported
and the script exits 1, leaving the files already written in place.
A relative "local" folder is taken from the repository root, the folder
three levels above sources.json (test/Corpus/sources.json).
"""
import argparse
import hashlib
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_SOURCES = HERE.parent.parent / "test" / "Corpus" / "sources.json"


def show(git_dir, commit, path):
    """The bytes of `path` at `commit` in the clone, or None."""
    r = subprocess.run(["git", "-C", str(git_dir), "show", "%s:%s" % (commit, path)],
                       capture_output=True)
    return r.stdout if r.returncode == 0 else None


def vendor(pkg, git_dir, repo_root):
    """Writes the package's pinned files; returns the problems found."""
    dest = Path(pkg["local"])
    if not dest.is_absolute():
        dest = repo_root / dest
    dest.mkdir(parents=True, exist_ok=True)
    upstream = pkg.get("upstream_path", "").split(" ")[0].strip("/")
    problems = []
    for name, pin in sorted(pkg["files"].items()):
        candidates = [upstream + "/" + name] if upstream else []
        candidates.append(name)
        data = None
        for path in candidates:
            data = show(git_dir, pin["commit"], path)
            if data is not None:
                break
        if data is None:
            problems.append("%s: not in %s at %s" % (name, git_dir, pin["commit"]))
            continue
        digest = hashlib.sha256(data).hexdigest()
        if digest != pin["sha256"]:
            problems.append("%s: sha256 %s, pinned %s" % (name, digest, pin["sha256"]))
            continue
        (dest / name).write_bytes(data)
        print("ok   %s" % (dest / name), flush=True)
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--git", required=True, help="a clone of the package's repository")
    ap.add_argument("--sources", default=str(DEFAULT_SOURCES), help="sources.json")
    ap.add_argument("--package", help="only this package (default: every local one)")
    a = ap.parse_args()
    sources = Path(a.sources).resolve()
    pkgs = [p for p in json.loads(sources.read_text())["packages"]
            if "local" in p and "files" in p and (not a.package or p["name"] == a.package)]
    if not pkgs:
        sys.exit("vendor_from_git: no local package%s in %s" % (
            " named " + a.package if a.package else "", sources))
    problems = []
    for pkg in pkgs:
        problems += ["%s: %s" % (pkg["name"], p)
                     for p in vendor(pkg, Path(a.git), sources.parent.parent.parent)]
    for p in problems:
        print("vendor_from_git: " + p, file=sys.stderr)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
