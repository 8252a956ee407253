"""The one folder where builds keep what the next build can reuse (never part of the output)."""
from __future__ import annotations

from pathlib import Path


def cache_dir(root: Path, kind: str) -> Path:
    """`svg`, `pages`, `handbook`, `jinja`, `models.pickle`: each kind of kept work has its own entry."""
    return root / ".cache" / kind


def keep(path: Path, content: str | bytes) -> None:
    """Write one kept entry whole or not at all: a build running beside this one never reads half."""
    tmp = path.with_suffix(".tmp")
    if isinstance(content, str):
        tmp.write_text(content, encoding="utf-8")
    else:
        tmp.write_bytes(content)
    tmp.replace(path)
