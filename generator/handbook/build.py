"""Build the handbook PDF from the project's sources, and report how it went."""
from __future__ import annotations

import logging
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..cachedir import cache_dir
from ..chartpages import dot_sources
from ..flowcharts.render import render_all
from ..loading import load_corpus
from .book import TITLE, Handbook, ImageFiles
from .pagination import paginate
from .paper import paper_named


@dataclass
class Built:
    """The written PDF and what happened on the way."""

    path: Path
    pages: int
    seconds: float
    passes: int
    warnings: list[str] = field(default_factory=list)  # WeasyPrint's, and pagination's


class _Collect(logging.Handler):
    """Keeps WeasyPrint's warnings (unsupported CSS, overflowing boxes) to report them."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def build_handbook(root: Path, output: Path, *, paper: str = "A4") -> Path:
    """Write the handbook for `paper` ("A4" or "A5") to `output`; returns its path."""
    return make_handbook(root, output, paper=paper).path


def make_handbook(root: Path, output: Path, *, paper: str = "A4") -> Built:
    """Build the handbook and say how long it took, how many pages, and any warnings."""
    start = time.perf_counter()
    chosen = paper_named(paper)
    corpus = load_corpus(root, cached=True)
    index = corpus.index
    svgs = render_all(dot_sources(corpus), cache_dir(root, "svg"))

    collect = _Collect()
    logger = logging.getLogger("weasyprint")
    logger.addHandler(collect)
    try:
        with tempfile.TemporaryDirectory(prefix="handbook-images-") as images:
            book = Handbook(corpus, index, svgs, chosen, root / "site_templates", ImageFiles(Path(images)))
            done = paginate(book, root / "site_templates" / "print", cache_dir(root, "handbook"))
            document = done.document
            document.metadata.title = TITLE
            output.parent.mkdir(parents=True, exist_ok=True)
            document.write_pdf(output)
    finally:
        logger.removeHandler(collect)
    return Built(output, len(document.pages), time.perf_counter() - start, done.passes,
                 collect.messages + done.unsettled)
