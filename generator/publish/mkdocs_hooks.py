"""The thin adapter to MkDocs: validate on config, inject the generated pages as virtual files.

Loaded by path from mkdocs.yml (`hooks:`), so it imports the package absolutely.
"""
from __future__ import annotations

import logging
import os
import shutil
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

from generator.sources.errors import SourceErrors
from generator.site.generate import generate_pages
from generator.corpus.corpus import Corpus
from generator.corpus.loading import load_corpus
from generator.site.pages import nav
from generator.site.offline import write_offline
from generator.site.searchindex import SearchIndexer
from generator.site.chartpages import PrintedCopies
from generator.publish.safebuild import CARDS, HANDBOOK_ENV, PRINTED_ENV, STAGED_ENV, new_staging, swap_in

_corpora: dict[int, Corpus] = {}
_run: dict[str, Any] = {}


class _Warnings(logging.Handler):
    """Counts MkDocs' warnings, so that a strict build that will abort never replaces the site."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


def on_startup(command: str, dirty: bool) -> None:
    _run["command"] = command


def _root(config: Any) -> Path:
    return Path(config.config_file_path).resolve().parent


def on_config(config: Any) -> Any:
    """Read and validate all sources before MkDocs cleans or writes anything."""
    try:
        corpus = load_corpus(_root(config), cached=True)
    except SourceErrors as exc:
        raise PluginError(f"{len(exc.problems)} problem(s) in the sources:\n{exc}") from None
    _corpora[id(config)] = corpus
    config.nav = nav(corpus)
    if _run.get("command") == "build" and not os.environ.get(STAGED_ENV):
        # A plain `mkdocs build` writes into a staging folder too, swapped in only when the build
        # succeeds: a warning under --strict, or any failure, leaves the previous site as it was.
        _run["site"] = Path(config.site_dir)
        _run["staging"] = new_staging(_run["site"])
        _run["warnings"] = _Warnings()
        logging.getLogger("mkdocs").addHandler(_run["warnings"])
        config.site_dir = str(_run["staging"])
    return config


def on_files(files: Files, config: Any) -> Files:
    """Add the law, chart and front-matter pages; they exist only in memory."""
    corpus = _corpora.pop(id(config))
    handbook = os.environ.get(HANDBOOK_ENV)  # set by `python -m generator build`, which writes the PDFs
    numbers = os.environ.get(PRINTED_ENV)
    printed = PrintedCopies.read(Path(numbers), handbook, CARDS) if handbook and numbers else None
    for src_uri, content in generate_pages(corpus, handbook=handbook, printed=printed).items():
        files.append(File.generated(config, src_uri, content=content))
    # The search index is made from the sources alone: Pagefind works while MkDocs renders.
    _run["search"] = SearchIndexer(corpus)
    return files


def on_post_build(config: Any) -> None:
    """Write the search index; swap the staged site in, unless MkDocs is about to abort a strict
    build for its warnings."""
    search = _run.pop("search", None)
    if search is not None:
        try:
            search.finish(Path(config.site_dir))
        except RuntimeError as exc:
            raise PluginError(str(exc)) from None
        # Last, once every file is written: the offline copy's list and its worker.
        write_offline(Path(config.site_dir), _root(config) / "site_templates" / "offline" / "sw.js")
    staging = _run.pop("staging", None)
    if staging is None:
        return
    counter = _run.pop("warnings")
    logging.getLogger("mkdocs").removeHandler(counter)
    if config.strict and counter.count:
        shutil.rmtree(staging, ignore_errors=True)
        return
    site = _run.pop("site")
    swap_in(staging, site)
    config.site_dir = str(site)  # for what runs after the build (gh-deploy copies from it)


def on_build_error(error: Exception) -> None:
    search = _run.pop("search", None)
    if search is not None:
        search.cancel()
    staging = _run.pop("staging", None)
    if staging is not None:
        logging.getLogger("mkdocs").removeHandler(_run.pop("warnings"))
        shutil.rmtree(staging, ignore_errors=True)


def on_serve(server: Any, config: Any, builder: Any) -> Any:
    """Live reload when a source or a template changes."""
    root = _root(config)
    for folder in ("laws", "flowcharts", "front", "training", "site_templates"):
        if (root / folder).exists():
            server.watch(str(root / folder))
    return server
