"""Generated pages kept between builds, each filed under a digest of everything it is made from.

After one chart is edited, only the pages that show it are made again: the rest are read back.
The package's code (through `work_key`) and the templates are part of every page's name, so a
change to either remakes everything.
"""
from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Callable

from generator.sources.cachedir import keep, kept_text, work_key
from generator.corpus.corpus import Corpus
from generator.sources.sourcekeys import law_key


class PageCache:
    """A folder of finished pages named by the digest of their inputs."""

    def __init__(self, folder: Path, corpus: Corpus, templates_dir: Path) -> None:
        self.folder = folder
        self.corpus = corpus
        self.used: set[str] = set()
        self._files: dict[str, str] = {}
        self._all_laws: str | None = None
        self.templates = _digest(*(p.read_bytes() for p in sorted((templates_dir / "fragments").glob("*"))))
        folder.mkdir(parents=True, exist_ok=True)

    def source(self, key: str) -> str:
        """Digest of one source file, by its source key (see `sourcekeys`: "law:14", "chart:law-14")."""
        if key not in self._files:
            path = self.corpus.paths.get(key)
            self._files[key] = _digest(path.read_bytes()) if path is not None else "-"
        return self._files[key]

    def all_laws(self) -> str:
        if self._all_laws is None:  # every step-through page asks
            self._all_laws = _digest(*(self.source(law_key(n)).encode() for n in sorted(self.corpus.laws)))
        return self._all_laws

    def page(self, inputs: list[str], make: Callable[[], str]) -> str:
        """The page made from `inputs`: read back if made before, else made now and kept."""
        name = work_key("pages", self.templates, *inputs) + ".md"
        self.used.add(name)
        path = self.folder / name
        found = kept_text(path)
        if found is not None:
            return found
        text = make()
        keep(path, text)
        return text

    def prune(self) -> None:
        """Forget pages this build did not use, so the folder does not grow without end."""
        for path in self.folder.glob("*.md"):
            if path.name not in self.used:
                path.unlink(missing_ok=True)


def _digest(*parts: bytes) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(hashlib.sha256(part).digest())
    return h.hexdigest()
