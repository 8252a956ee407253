"""`python -m generator build`: the whole build in one process, from one corpus.

The sources are read and validated once; the handbook and the chart cards are written from that
corpus; MkDocs (as a library) then renders the site from the same corpus, the chart pages giving
the pages the PDFs just landed on, into a staging folder that replaces site/ only when everything
succeeded. A problem anywhere leaves the previous site as it was.
"""
from __future__ import annotations

import errno
import logging
import os
import shutil
import sys
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from generator.corpus.corpus import Corpus
from generator.corpus.loading import load_corpus
from generator.handbook.fonts import faces
from generator.publish.staging import PREFIX, StagingError, new_staging, swap_in
from generator.site.printed import PrintedCopies

if TYPE_CHECKING:
    from generator.handbook.build import Built

HANDBOOK = "handbook.pdf"  # where the site offers the printable handbook
CARDS = "chart-cards.pdf"  # and the chart cards


class BuildFailed(Exception):
    """The build stopped (a warning under --strict, or an error); site/ was left as it was."""


@dataclass(frozen=True)
class BuildReport:
    """What one build made: the site, from which corpus, and the PDFs beside it."""

    site: Path
    corpus: Corpus
    handbook: Built | None = None
    cards: Built | None = None


def build_site(root: Path, *, strict: bool = True, handbook: bool = True) -> BuildReport:
    """Validate, build into a folder beside site/ (the PDFs too), then swap it in."""
    corpus = load_corpus(root, cached=True)  # raises SourceErrors before anything is written
    if handbook:
        faces()  # raises MissingFont at once, not after the site's pages are made
    site = root / "site"
    try:
        staging = new_staging(site)
    except (OSError, StagingError) as exc:
        raise BuildFailed(f"cannot build beside {site}: {exc}") from None
    printed_dir = Path(tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-pdf-", dir=root))
    try:
        book = cards = None
        printed = None
        if handbook:
            book, cards = _write_pdfs(corpus, printed_dir)
            printed = PrintedCopies(HANDBOOK, CARDS, book.chart_pages, cards.chart_pages)
        _mkdocs(root, corpus, staging, printed, strict=strict)
        if handbook:
            for name in (HANDBOOK, CARDS):
                (printed_dir / name).replace(staging / name)
        swap_in(staging, site)
    except OSError as exc:
        raise BuildFailed(_os_problem(exc, site)) from None
    except StagingError as exc:
        raise BuildFailed(str(exc)) from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
        shutil.rmtree(printed_dir, ignore_errors=True)
    if book is not None and cards is not None:  # the PDFs now stand in the site
        book, cards = replace(book, path=site / HANDBOOK), replace(cards, path=site / CARDS)
    return BuildReport(site, corpus, book, cards)


def _os_problem(exc: OSError, site: Path) -> str:
    if exc.errno == errno.ENOSPC:
        return f"the disk is full ({exc.filename or 'writing the site'}): {site} is unchanged; free some space and build again"
    where = f" ({exc.filename})" if exc.filename else ""
    return f"{exc.strerror or exc}{where}: {site} is unchanged"


def _write_pdfs(corpus: Corpus, folder: Path) -> tuple[Built, Built]:
    """The handbook and the chart cards into `folder`, from the build's corpus."""
    from generator.handbook import make_both  # WeasyPrint is slow to import: only when asked

    book, cards = make_both(corpus.root, folder / HANDBOOK, folder / CARDS, paper="A4", corpus=corpus)
    for name, built in (("handbook", book), ("chart cards", cards)):
        for warning in built.warnings:
            print(f"{name}: {warning}", file=sys.stderr)
        print(f"{name}: {built.pages} pages in {built.seconds:.1f} s")
    return book, cards


class _Shown(logging.Handler):
    """MkDocs' warnings and errors to stderr; its INFO chatter is not news."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)

    def emit(self, record: logging.LogRecord) -> None:
        print(f"{record.levelname}    -  {record.getMessage()}", file=sys.stderr)


def _mkdocs(root: Path, corpus: Corpus, staging: Path, printed: PrintedCopies | None, *, strict: bool) -> None:
    """MkDocs as a library, its hook file replaced by an adapter that holds this build's corpus."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort, MkDocsException

    from generator.publish.adapter import SiteAdapter

    logger = logging.getLogger("mkdocs")
    shown = _Shown()
    logger.addHandler(shown)
    level = logger.level
    logger.setLevel(logging.INFO)  # MkDocs counts warnings for --strict only when it logs them
    try:
        config = load_config(config_file=str(root / "mkdocs.yml"), site_dir=str(staging), strict=strict, hooks=[])
        config.plugins["bridge-laws"] = SiteAdapter(corpus, printed=printed, staged=True)
        config.plugins.on_startup(command="build", dirty=False)
        try:
            build(config)
        finally:
            config.plugins.on_shutdown()
    except Abort as exc:
        raise BuildFailed(f"mkdocs build stopped ({exc}); {root / 'site'} is unchanged") from None
    except MkDocsException as exc:
        raise BuildFailed(f"mkdocs build failed: {exc}; {root / 'site'} is unchanged") from None
    finally:
        logger.removeHandler(shown)
        logger.setLevel(level)
