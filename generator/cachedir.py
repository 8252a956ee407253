"""The one folder where builds keep what the next build can reuse (never part of the output)."""
from __future__ import annotations

import os
import secrets
from pathlib import Path


def cache_dir(root: Path, kind: str) -> Path:
    """`svg`, `pages`, `handbook`, `jinja`, `models.pickle`: each kind of kept work has its own entry."""
    return root / ".cache" / kind


def keep(path: Path, content: str | bytes) -> None:
    """Write one kept entry whole or not at all: a build running beside this one never reads half.

    The temporary name is this process's own, so two builds at once never write into one file.
    """
    tmp = path.with_name(f"{path.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp")
    try:
        if isinstance(content, str):
            tmp.write_text(content, encoding="utf-8")
        else:
            tmp.write_bytes(content)
        tmp.replace(path)
    finally:
        tmp.unlink(missing_ok=True)
