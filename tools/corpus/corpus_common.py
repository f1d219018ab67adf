"""What the corpus tools share: the repository's paths, the target, the
dtypes a manifest names, and test/Corpus/sources.json's packages."""
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
MANIFESTS = REPO / "test" / "Corpus"
ARCH = "sm_90a"

FLOAT_DTYPES = {"fp16", "bf16", "fp32", "fp64"}
INT_DTYPES = {"i1", "i8", "i16", "i32", "i64", "u8"}


def load_sources():
    return json.loads((MANIFESTS / "sources.json").read_text())["packages"]
