"""Build the handbook PDF and the chart cards from the project's sources, and report how it went."""
from __future__ import annotations

import base64
import io
import json
import logging
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import weasyprint
from pypdf import PdfReader, PdfWriter
from weasyprint import HTML

from generator.sources.cachedir import cache_dir, keep, kept, work_key
from generator.site.drawings import dot_sources
from generator.flowcharts.render import render_all
from generator.text.inline import TermLinker
from generator.corpus.corpus import Corpus
from generator.corpus.loading import load_corpus
from generator.handbook.book import TITLE, Handbook, ImageFiles, print_environment
from generator.handbook.cards import card_context, card_pages, card_paper, cards_html
from generator.handbook.lawtext import LawPrinter
from generator.handbook.pagination import landing, paginate
from generator.handbook.paper import paper_named
from generator.handbook.pdfdrawing import prepare_fonts
from generator.handbook.pieces import Piece, print_pieces, room_for
from generator.handbook.tablefit import fit_tables
from generator.handbook.stamping import Stamps, lay_over
from generator.handbook.workers import beside, map_on_two

CARDS_TITLE = "Bridge Laws & FlowCharts: chart cards"


@dataclass
class Built:
    """The written PDF and what happened on the way."""

    path: Path
    pages: int
    seconds: float
    passes: int
    warnings: list[str] = field(default_factory=list)  # WeasyPrint's, and pagination's
    chart_pages: dict[str, int] = field(default_factory=dict)  # chart id → the page (from 1) it starts on


class _Collect(logging.Handler):
    """Keeps WeasyPrint's warnings (unsupported CSS, overflowing boxes) to report them."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        # Where the system lacks libharfbuzz-subset, WeasyPrint cuts the fonts with fontTools (as
        # the chart drawings do) and says so for every font of every run: not a problem of the book.
        if not message.startswith("Using fontTools instead of HarfBuzz-Subset"):
            self.messages.append(message)


@contextmanager
def _collecting() -> Iterator[_Collect]:
    collect = _Collect()
    logger = logging.getLogger("weasyprint")
    logger.addHandler(collect)
    try:
        yield collect
    finally:
        logger.removeHandler(collect)


def make_handbook(root: Path, output: Path, *, paper: str = "A4", corpus: Corpus | None = None) -> Built:
    """Build the handbook and say how long it took, how many pages, and any warnings (from
    `corpus` when the caller has read it, else from the sources under `root`)."""
    start = time.perf_counter()
    chosen = paper_named(paper)
    corpus = corpus or load_corpus(root, cached=True)
    legend = {k: job for k, job in dot_sources(corpus).items() if k.startswith("legend:")}
    svgs = render_all(legend, cache_dir(root, "svg"))  # the legend's examples (the charts: `pieces`)
    room = room_for(chosen.chart_box, chosen.chart_floor_pt)
    pieces = print_pieces(corpus.charts, room, cache_dir(root, "svg"), cache_dir(root, "pieces"))

    def recut(charts: frozenset[str]) -> dict[str, list[Piece]]:
        return print_pieces(corpus.charts, room, cache_dir(root, "svg"), cache_dir(root, "pieces"), charts)

    base = root / "site_templates" / "print"
    stamps = Stamps()
    with _collecting() as collect, tempfile.TemporaryDirectory(prefix="handbook-images-") as images:
        files = ImageFiles(Path(images))
        book = Handbook(corpus, svgs, chosen, root / "site_templates", files, pieces, stamps, recut)
        fit_tables(book, base, cache_dir(root, "handbook"))
        done = paginate(book, base, cache_dir(root, "handbook"))
        document = done.document
        document.metadata.title = TITLE
        # The drawings' PDF needs only the drawings: it is made beside WeasyPrint's writing.
        pdf, drawn = beside(document.write_pdf, Stamps.drawn, stamps)
        _write(output, lay_over(pdf, document, stamps, drawn))
    starts = landing(document).page
    charts = {c: starts[f"chart-{c}"] + 1 for c in corpus.charts if f"chart-{c}" in starts}
    return Built(output, len(document.pages), time.perf_counter() - start, done.passes,
                 collect.messages + done.unsettled, charts)


def make_both(root: Path, handbook: Path, cards: Path, *, paper: str = "A4",
              corpus: Corpus | None = None) -> tuple[Built, Built]:
    """The handbook and the chart cards on `paper`, as the build makes them, on both cores.

    The cards are made beside the handbook, giving way to it: the handbook's own work (two
    processes at times, one mostly) goes first, the cards' two at once take what is left, and
    then all. At equal priority the four processes on two cores took a third more processor
    time, and a cold build of both took about 60 s here against 38 s.
    """
    corpus = corpus or load_corpus(root, cached=True)
    return beside(lambda: make_handbook(root, handbook, paper=paper, corpus=corpus), make_cards, root, cards,
                  paper=paper, corpus=corpus, gives_way=True)


def make_cards(root: Path, output: Path, *, paper: str = "A4", corpus: Corpus | None = None) -> Built:
    """Build the chart cards (A4 landscape, or A3) and say how it went."""
    start = time.perf_counter()
    chosen = card_paper(paper)
    corpus = corpus or load_corpus(root, cached=True)
    pieces = print_pieces(corpus.charts, room_for(chosen.chart_box, chosen.chart_floor_pt), cache_dir(root, "svg"),
                          cache_dir(root, "pieces"))
    templates = root / "site_templates"
    env = print_environment(templates)
    printer = LawPrinter(corpus.laws, corpus.index, TermLinker.build(corpus.definitions), env)
    stamps = Stamps()
    cards = card_context(corpus, pieces, chosen, stamps, printer.renderer(terms=False))
    kept_pdfs = cache_dir(root, "cards")
    chunks = []  # (cache key, HTML, the drawings it places), a few charts each
    for run in _runs(cards):
        html = cards_html(env, run, chosen, CARDS_TITLE)
        frames = Stamps({s["frame"]: stamps.frames[s["frame"]] for c in run for s in c["sheets"]})
        chunks.append((_chunk_key(html, frames, templates / "print"), html, frames))
    done: dict[str, tuple[bytes, dict[str, int], list[str]]] = {}
    for key, _, _ in chunks:
        found = _unpack(kept(kept_pdfs / f"{key}.json"))
        if found is not None:
            done[key] = found
    todo = [(key, html, frames) for key, html, frames in chunks if key not in done]
    if todo:
        prepare_fonts()  # once here, not in each run
    # Two runs at once: the cards need no page numbers of each other.
    made = map_on_two(_cards_pdf, [(html, str(templates / "print"), frames) for _, html, frames in todo])
    kept_pdfs.mkdir(parents=True, exist_ok=True)
    for (key, _, _), result in zip(todo, made):
        done[key] = result
        keep(kept_pdfs / f"{key}.json", _pack(result))
    writer = PdfWriter()
    landed: dict[str, int] = {}
    for key, _, _ in chunks:
        data, starts, _ = done[key]
        offset = len(writer.pages)
        landed.update({name: page + offset for name, page in starts.items()})
        writer.append(PdfReader(io.BytesIO(data)))
    writer.add_metadata({"/Title": CARDS_TITLE})
    out = io.BytesIO()
    writer.write(out)
    _write(output, out.getvalue())
    return Built(output, len(writer.pages), time.perf_counter() - start, 1,
                 [w for key, _, _ in chunks for w in done[key][2]], card_pages(landed, cards))


# Charts to a run of cards laid out together: few enough that an edit lays out few cards again,
# enough that WeasyPrint's start (the stylesheet, the fonts) is not paid for each chart.
CHARTS_A_RUN = 4


def _runs(cards: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    return [cards[i:i + CHARTS_A_RUN] for i in range(0, len(cards), CHARTS_A_RUN)]


def _chunk_key(html: str, frames: Stamps, styles: Path) -> str:
    """What a run of cards' PDF depends on: WeasyPrint, the stylesheets, the HTML and the drawings
    (and, as for all kept work, the package's code)."""
    return work_key("cards", weasyprint.__version__, html, *(p.read_bytes() for p in sorted(styles.glob("*.css"))),
                    *(f"{frame}\n{d.svg}\n{d.width}\n{d.height}" for frame, d in frames.frames.items()))


def _pack(result: tuple[bytes, dict[str, int], list[str]]) -> str:
    data, starts, warnings = result
    return json.dumps({"pdf": base64.b64encode(data).decode("ascii"), "starts": starts, "warnings": warnings})


def _unpack(found: bytes | None) -> tuple[bytes, dict[str, int], list[str]] | None:
    """A kept run of cards; None when there is none, or it is not what `_pack` wrote."""
    try:
        entry = json.loads(found or b"")
        return base64.b64decode(entry["pdf"]), entry["starts"], entry["warnings"]
    except (ValueError, KeyError, TypeError):
        return None


def _cards_pdf(html: str, base_url: str, stamps: Stamps) -> tuple[bytes, dict[str, int], list[str]]:
    """One run of cards laid out, its drawings laid on: the PDF, where each id landed, WeasyPrint's
    warnings."""
    with _collecting() as collect:
        document = HTML(string=html, base_url=base_url).render()
        pdf = lay_over(document.write_pdf(), document, stamps)
    return pdf, landing(document).page, collect.messages


def _write(output: Path, pdf: bytes) -> None:
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_bytes(pdf)
