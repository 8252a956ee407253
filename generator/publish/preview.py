"""The live preview's site: built whole once, then only the pages an edit changed are rendered again.

The first build is MkDocs' own (`mkdocs.commands.build.build`) into a folder of the preview's,
with the adapter holding the corpus, as `python -m generator build` does; it keeps MkDocs'
config, files, navigation and theme environment. After an edit the sources are read again (the
model cache reads again only the files that changed), the pages are made again (the page cache
makes again only the pages whose inputs changed), and the pages whose Markdown differs from the
served one are rendered with the kept config and theme, as MkDocs' own build renders a page.
A page added or removed, or a navigation title changed, needs every page: a whole build then.
While the sources have a problem, the last good site stays served and the problems are kept to
show on it. Before that full refresh, `quick()` renders the pages of one edited Law or chart
file from that file alone (site/editpreview.py), so that the page being edited is seen first.
The search index and the offline list are made by whole builds only.
"""
from __future__ import annotations

import logging
import shutil
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.corpus.corpus import Corpus
from generator.corpus.loading import read_corpus
from generator.site.editpreview import edited_pages
from generator.site.generate import generate_pages
from generator.site.pages import nav


@dataclass
class Refreshed:
    """What one refresh did: the pages written, whether it built everything, the problems found."""

    pages: list[str] = field(default_factory=list)
    whole: bool = False
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0


class _Kept:
    """A plugin that keeps what MkDocs' build gathered, to render single pages with later."""

    files: Any = None
    nav: Any = None
    env: Any = None

    def on_files(self, files: Any, config: Any) -> Any:
        self.files = files
        return files

    def on_nav(self, nav: Any, config: Any, files: Any) -> Any:
        self.nav = nav
        return nav

    def on_env(self, env: Any, config: Any, files: Any) -> Any:
        self.env = env
        return env


class PreviewSite:
    """The served folder and what renders into it; `refresh()` after a source changed."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.folder: Path | None = None  # the folder served now (a whole build makes a new one)
        self.problems: list[str] = []
        self.version = 0  # changes whenever what a page shows changes
        self._pages: dict[str, str] = {}
        self._corpus: Corpus | None = None  # the corpus of the pages served
        self._nav: list[Any] = []
        self._config: Any = None
        self._kept = _Kept()
        # `refresh()` may run beside `quick()` (in a thread of its own): what is served changes
        # under this lock, and a refresh made from the sources before a quick edit is dropped.
        self._lock = threading.RLock()
        self._edits = 0

    def build(self) -> Refreshed:
        """Read everything and build the whole site into a fresh folder (served once complete)."""
        with self._lock:
            start = time.perf_counter()
            corpus, problems = read_corpus(self.root, cached=True)
            if problems.items:
                return self._failed([str(p) for p in problems.items], start)
            pages = generate_pages(corpus)
            self._build_whole(corpus)
            self._pages, self._nav, self._corpus, self.problems = pages, nav(corpus), corpus, []
            self._edits += 1
            self.version += 1
            return Refreshed(sorted(pages), True, [], time.perf_counter() - start)

    def refresh(self) -> Refreshed | None:
        """After an edit: read again, and render again only the pages whose Markdown changed.
        None when a quick edit was served meanwhile: this refresh is older, and must be made again."""
        start = time.perf_counter()
        seen = self._edits
        corpus, problems = read_corpus(self.root, cached=True)
        pages = generate_pages(corpus) if not problems.items else {}
        with self._lock:
            if self._edits != seen:
                return None
            if problems.items:
                return self._failed([str(p) for p in problems.items], start)
            return self._apply(corpus, pages, start)

    def _apply(self, corpus: Corpus, pages: dict[str, str], start: float) -> Refreshed:
        had_problems, self.problems = bool(self.problems), []  # cleared before the good pages are written
        if self.folder is None or pages.keys() != self._pages.keys() or nav(corpus) != self._nav:
            self._build_whole(corpus)
            self._pages, self._nav = pages, nav(corpus)
            changed, whole = sorted(pages), True
        else:
            changed = sorted(uri for uri, text in pages.items() if self._pages[uri] != text)
            self._render(pages, changed)
            self._pages.update(pages)
            whole = False
        self._corpus = corpus
        if changed or had_problems:
            self.version += 1
        return Refreshed(changed, whole, [], time.perf_counter() - start)

    def quick(self, path: Path) -> Refreshed | None:
        """The pages showing one edited Law or chart file, rendered at once (see editpreview.py);
        None when only `refresh()` can tell. `refresh()` should follow: it checks everything."""
        with self._lock:
            if self.problems or self._corpus is None or self.folder is None:
                return None
            start = time.perf_counter()
            found = edited_pages(self._corpus, path)
            if found is None or not found[1].keys() <= self._pages.keys():
                return None
            corpus, pages = found
            changed = sorted(uri for uri, text in pages.items() if self._pages[uri] != text)
            self._render(pages, changed)
            self._pages.update(pages)
            self._corpus = corpus
            self._edits += 1
            if changed:
                self.version += 1
            return Refreshed(changed, False, [], time.perf_counter() - start)

    def close(self) -> None:
        with self._lock:
            self._close()

    def _close(self) -> None:
        if self.folder is not None:
            shutil.rmtree(self.folder.parent, ignore_errors=True)
            self.folder = None

    def _failed(self, problems: list[str], start: float) -> Refreshed:
        if problems != self.problems:
            self.problems = problems
            self.version += 1
        return Refreshed([], False, problems, time.perf_counter() - start)

    def _build_whole(self, corpus: Corpus) -> None:
        """MkDocs' whole build into a new folder; the old one is removed once the new is served."""
        from mkdocs.commands.build import build
        from mkdocs.config import load_config

        from generator.publish.adapter import SiteAdapter

        holder = Path(tempfile.mkdtemp(prefix="bridge-laws-preview-"))
        folder = holder / "site"
        config = load_config(config_file=str(self.root / "mkdocs.yml"), site_dir=str(folder), strict=False, hooks=[])
        config.plugins["bridge-laws"] = SiteAdapter(corpus, staged=True)
        kept = _Kept()
        config.plugins["bridge-laws-preview"] = kept  # after the adapter: it sees the generated pages
        config.plugins.on_startup(command="build", dirty=False)
        logger = logging.getLogger("mkdocs")
        level = logger.level
        logger.setLevel(logging.WARNING)  # the preview prints its own lines, not MkDocs' chatter
        try:
            build(config)
        except BaseException:
            shutil.rmtree(holder, ignore_errors=True)
            raise
        finally:
            config.plugins.on_shutdown()
            logger.setLevel(level)
        old, self.folder = self.folder, folder
        self._config, self._kept = config, kept
        if old is not None:
            shutil.rmtree(old.parent, ignore_errors=True)

    def _render(self, pages: dict[str, str], changed: list[str]) -> None:
        """Render the changed pages as MkDocs' build does, with its kept config, files and theme."""
        from mkdocs.commands.build import _build_page, _populate_page
        from mkdocs.structure.files import InclusionLevel

        config, files = self._config, self._kept.files
        doc_files = files.documentation_pages(inclusion=InclusionLevel.is_included)
        for uri in changed:
            file = files.get_file_from_path(uri)
            if file is None:
                continue
            file.content_string = pages[uri]
            if file.page is None:  # not a page: a script made with the pages (a step-through's data)
                dest = Path(file.abs_dest_path)
                dest.parent.mkdir(parents=True, exist_ok=True)
                dest.write_text(pages[uri], encoding="utf-8")
                continue
            _populate_page(file.page, config, files)
            _build_page(file.page, config, doc_files, self._kept.nav, self._kept.env)
