"""The one folder where builds keep what the next build can reuse (never part of the output)."""
from __future__ import annotations

from pathlib import Path


def cache_dir(root: Path, kind: str) -> Path:
    """`svg`, `pages`, `handbook`, `jinja`, `models.pickle`: each kind of kept work has its own entry."""
    return root / ".cache" / kind
