"""Writes a sources.json with one local package for vendor-from-git.test.

  pin_sources.py OUT DEST REPO NAME=COMMITISH=CONTENT ...

Each file NAME is pinned to the commit COMMITISH names in the git clone REPO
and to the sha256 of CONTENT (with backslash escapes), the bytes the test
expects there, not the bytes in the clone; the package's folder is DEST and
its upstream folder python/tutorials.
"""
import hashlib
import json
import subprocess
import sys

out, dest, repo = sys.argv[1:4]
files = {}
for arg in sys.argv[4:]:
    name, commitish, content = arg.split("=", 2)
    commit = subprocess.run(["git", "-C", repo, "rev-parse", commitish], check=True,
                            capture_output=True, text=True).stdout.strip()
    data = content.encode().decode("unicode_escape").encode()
    files[name] = {"sha256": hashlib.sha256(data).hexdigest(), "commit": commit}
pkg = {"name": "tutorials", "local": dest, "upstream_path": "python/tutorials (LICENSE: the root)",
       "files": files}
with open(out, "w") as f:
    json.dump({"packages": [pkg]}, f, indent=1)
