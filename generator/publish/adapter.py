"""The thin adapter to MkDocs: an object MkDocs calls at its events, holding one build's state.

It validates the sources before MkDocs writes anything, gives MkDocs the navigation and the
generated pages as virtual files, writes the search index and the offline list after the pages,
and (for a plain `mkdocs build`) builds into a staging folder swapped in only on success.
`python -m generator build` makes one with the corpus it has already read and the page numbers
of the PDFs it has already written; `mkdocs build` and `mkdocs serve` get one from
`mkdocs_hooks.py`, which reads the corpus itself. Nothing else of the generator knows MkDocs.
"""
from __future__ import annotations

import logging
import shutil
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

from generator.corpus.corpus import Corpus
from generator.corpus.loading import load_corpus
from generator.publish.staging import new_staging, swap_in
from generator.site.printed import PrintedCopies
from generator.site.generate import generate_pages
from generator.site.offline import write_offline
from generator.site.pages import nav
from generator.site.searchindex import SearchIndexer
from generator.sources.errors import SourceErrors

# The folders whose files `mkdocs serve` watches: a change to one rebuilds and reloads the page.
WATCHED = ("laws", "flowcharts", "front", "training", "site_templates")


class _Warnings(logging.Handler):
    """Counts MkDocs' warnings, so that a strict build that will abort never replaces the site."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


class SiteAdapter:
    """One MkDocs build's generator side (MkDocs calls its `on_*` methods, as a plugin's)."""

    def __init__(self, corpus: Corpus | None = None, *, printed: PrintedCopies | None = None,
                 staged: bool = False) -> None:
        self.corpus = corpus  # None: read on the config event (a plain `mkdocs` command)
        self.given = corpus is not None
        self.printed = printed  # the PDFs this build wrote beside the site, and their page numbers
        self.staged = staged  # True: the caller already builds into a staging folder and swaps it
        self.command = "build"
        self.search: SearchIndexer | None = None
        self.site: Path | None = None
        self.staging: Path | None = None
        self.warnings: _Warnings | None = None

    def on_startup(self, command: str, dirty: bool) -> None:
        self.command = command

    def on_config(self, config: Any) -> Any:
        """Read and validate all sources before MkDocs cleans or writes anything."""
        root = Path(config.config_file_path).resolve().parent
        if not self.given:
            try:
                self.corpus = load_corpus(root, cached=True)
            except SourceErrors as exc:
                raise PluginError(f"{len(exc.problems)} problem(s) in the sources:\n{exc}") from None
        assert self.corpus is not None
        config.nav = nav(self.corpus)
        if self.command == "build" and not self.staged:
            # A plain `mkdocs build` writes into a staging folder too, swapped in only when the build
            # succeeds: a warning under --strict, or any failure, leaves the previous site as it was.
            self.site = Path(config.site_dir)
            self.staging = new_staging(self.site)
            self.warnings = _Warnings()
            logging.getLogger("mkdocs").addHandler(self.warnings)
            config.site_dir = str(self.staging)
        return config

    def on_files(self, files: Files, config: Any) -> Files:
        """Add the law, chart and front-matter pages; they exist only in memory."""
        assert self.corpus is not None
        printed = self.printed
        handbook = printed.handbook if printed is not None else None
        for src_uri, content in generate_pages(self.corpus, handbook=handbook, printed=printed).items():
            files.append(File.generated(config, src_uri, content=content))
        self.search = SearchIndexer(self.corpus)
        return files

    def on_post_build(self, config: Any) -> None:
        """Write the search index and the offline list; swap the staged site in, unless MkDocs is
        about to abort a strict build for its warnings."""
        site_dir = Path(config.site_dir)
        if self.search is not None:
            self.search.finish(site_dir)
            self.search = None
            # Last, once every file is written: the offline copy's list and its worker.
            root = Path(config.config_file_path).resolve().parent
            write_offline(site_dir, root / "site_templates" / "offline" / "sw.js")
        if self.staging is None:
            return
        assert self.warnings is not None and self.site is not None
        logging.getLogger("mkdocs").removeHandler(self.warnings)
        staging, self.staging = self.staging, None
        if config.strict and self.warnings.count:
            shutil.rmtree(staging, ignore_errors=True)
            return
        swap_in(staging, self.site)
        config.site_dir = str(self.site)  # for what runs after the build (gh-deploy copies from it)

    def on_build_error(self, error: Exception) -> None:
        self.search = None
        if self.staging is not None:
            if self.warnings is not None:
                logging.getLogger("mkdocs").removeHandler(self.warnings)
            shutil.rmtree(self.staging, ignore_errors=True)
            self.staging = None

    def on_serve(self, server: Any, config: Any, builder: Any) -> Any:
        """Live reload when a source or a template changes (the corpus is read again each time)."""
        root = Path(config.config_file_path).resolve().parent
        for folder in WATCHED:
            if (root / folder).exists():
                server.watch(str(root / folder))
        return server

    def on_shutdown(self) -> None:
        if not self.given:
            self.corpus = None
