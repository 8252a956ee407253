"""Validated source files kept between builds, filed under a digest of each file's bytes.

Parsing and validating are most of reading the sources; after one chart is edited, only that
file needs them again. Only files read without any problem are kept, so every error is found
afresh on each run.
"""
from __future__ import annotations

import hashlib
import pickle
from pathlib import Path
from typing import Any

from generator.sources.cachedir import code_digest, keep, kept



class ModelCache:
    """One pickle file: (kind of model, digest of a file's bytes) → the model that file gave."""

    def __init__(self, file: Path) -> None:
        self.file = file
        self._old: dict[str, bytes] = {}
        self._used: dict[str, bytes] = {}
        data = kept(file)
        try:
            stored = pickle.loads(data) if data is not None else None
        except Exception:  # damaged, or written by other code: start empty
            stored = None
        if isinstance(stored, dict) and stored.get("code") == code_digest():
            self._old = stored["entries"]

    @staticmethod
    def key(raw: bytes, kind: type) -> str:
        """A file's entry: the kind of model it makes and the digest of its bytes."""
        return f"{kind.__name__}:{hashlib.sha256(raw).hexdigest()}"

    def get(self, key: str) -> Any | None:
        blob = self._old.get(key) or self._used.get(key)
        if blob is None:
            return None
        try:
            found = pickle.loads(blob)
        except Exception:  # a damaged entry is a miss: the file is read again and the entry replaced
            self._old.pop(key, None)
            return None
        self._used[key] = blob
        return found

    def put(self, key: str, model: Any) -> None:
        self._used[key] = pickle.dumps(model, protocol=pickle.HIGHEST_PROTOCOL)

    def save(self) -> None:
        """Keep exactly the files read this run; a folder that cannot be written only costs speed."""
        if self._used.keys() == self._old.keys():
            return
        try:
            self.file.parent.mkdir(parents=True, exist_ok=True)
            keep(self.file, pickle.dumps({"code": code_digest(), "entries": self._used}, protocol=pickle.HIGHEST_PROTOCOL))
        except OSError:
            pass
