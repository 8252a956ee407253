"""The whole book as one HTML document: cover, contents, front matter, the Laws with their charts, indexes."""
from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from generator.flowcharts.boxnotes import provenance
from generator.index.citations import Ref
from generator.text.inline import TermLinker, term_anchor
from generator.corpus.corpus import Corpus
from generator.sources.model import Chart, ChartLayout, Definitions, Law, Part, WORDING_NOTES
from generator.text.templates import child_ref, depth, display_title, marker, nested
from generator.handbook.charts import (
    SHRINK,
    fit_drawing,
    fitted_scale,
    legend_drawing,
    legend_rows,
    table_context,
)
from generator.handbook.fonts import font_face_css, quiet_fontconfig_warning
from generator.handbook.lawtext import LawPrinter, PrintedLaw
from generator.index.urls import book_chart, book_term
from generator.handbook.paper import Paper, Tab, part_tabs, tab_background, tab_drawing
from generator.handbook.pieces import DRAWN_PT, Piece, quoted
from generator.handbook.stamping import Stamps

TITLE = "Bridge Laws & FlowCharts"
SUBTITLE = "The 2017 Laws of Duplicate Bridge with the Tournament Director’s flowcharts"


@dataclass(frozen=True)
class Layout:
    """What pagination asked for: blocks moved to a new page, charts drawn smaller."""

    breaks: dict[str, str] = field(default_factory=dict)  # id → its break-before: page, left or right
    shrink: dict[str, int] = field(default_factory=dict)
    # Charts in pieces whose first piece stands alone on the right-hand page facing its Law's
    # last page (a Law of one page ending on a left-hand one), the spreads after it.
    lone_first: frozenset[str] = frozenset()


@dataclass(frozen=True)
class TableFit:
    """A decision table's print size (a share of the text's) and the pages it takes (see `tablefit`)."""

    scale: float
    pages: int


class ImageFiles:
    """Writes each distinct drawing once, as an SVG file in `folder`, and hands back its URL.

    An image file is read by a fast XML parser; the same SVG inline, or as a data URL, would go
    through WeasyPrint's much slower HTML parser, in every layout of the book.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)
        self.urls: dict[str, str] = {}

    def url(self, svg: str) -> str:
        """The file URL of `svg`, written on first use."""
        digest = hashlib.sha256(svg.encode("utf-8")).hexdigest()[:20]
        if digest not in self.urls:
            path = self.folder / f"{digest}.svg"
            path.write_text(svg, encoding="utf-8")
            self.urls[digest] = path.as_uri()
        return self.urls[digest]


def print_environment(templates_dir: Path) -> Environment:
    """The print templates; autoescaping, so source text is always escaped."""
    env = Environment(loader=FileSystemLoader(templates_dir / "print"), autoescape=True,
                      undefined=StrictUndefined, keep_trailing_newline=True)
    env.globals.update(kids=nested, marker=marker, depth=depth, child_ref=child_ref,
                       law_ref=lambda law: Ref(law.law), font_faces=Markup(font_face_css()))
    quiet_fontconfig_warning()
    return env


def chart_placement(corpus: Corpus) -> dict[str, int]:
    """Chart id → the Law it is printed after: the first Law it serves.

    The first, so that a Director reading the Law where the situation starts meets the chart at
    once; the later Laws it serves refer back to its page.
    """
    return {c.id: min(n for n in c.laws if n in corpus.laws) for c in corpus.charts.values()
            if any(n in corpus.laws for n in c.laws)}


class Handbook:
    """Renders the book's HTML; the Laws are rendered once, the layout may be asked for again."""

    def __init__(self, corpus: Corpus, svgs: dict[str, str], paper: Paper,
                 templates_dir: Path, images: ImageFiles, pieces: dict[str, list[Piece]], stamps: Stamps,
                 recut: Callable[[frozenset[str]], dict[str, list[Piece]]] | None = None) -> None:
        self.corpus = corpus
        self.images = images
        self.stamps = stamps
        self.svgs = svgs
        self.pieces = pieces
        # Cuts with a lone first piece (see `Layout.lone_first`), made when pagination first asks.
        self.recut = recut
        self.lone_pieces: dict[str, list[Piece]] = {}
        self.table_fits: dict[str, TableFit] = {}  # set by `tablefit.fit_tables`
        self.paper = paper
        self.env = print_environment(templates_dir)
        self.printer = LawPrinter(corpus.laws, corpus.index, TermLinker.build(corpus.definitions), self.env)
        self.printed: dict[int, PrintedLaw] = {n: self.printer.print_law(law) for n, law in sorted(corpus.laws.items())}
        self.placement = chart_placement(corpus)
        ranges: dict[Part, tuple[int, int]] = {}
        for n, law in sorted(corpus.laws.items()):
            ranges[law.part] = (ranges.get(law.part, (n, n))[0], n)
        self.tabs: dict[Part, Tab] = {t.part: t for t in part_tabs(ranges)}
        self.front = self._front()
        self.asked: set[str] = set()  # the ids the last HTML refers to by page number

    def page_numbers(self, pages: Mapping[str, int]) -> dict[str, int]:
        """The page number (from 1) of each id the last HTML refers to by page, given where
        each id landed (page from 0)."""
        return {a: pages[a] + 1 for a in sorted(self.asked) if a in pages}

    def html(self, layout: Layout, *, measuring: bool = False, laws: frozenset[int] | None = None,
             pages: Mapping[str, int] | None = None) -> str:
        """The book's HTML for WeasyPrint.

        `measuring` leaves out what cannot move a page break among the Laws (everything before
        the first part, which starts on a right-hand page; the indexes), for
        a quicker layout whose pages have the same sides as the book's. It may be of some
        `laws` only: those that follow a chart then start on a left-hand page, as in the book.

        A reference to a chart's page prints the number `pages` gives for it, if any (pagination
        checks it against where the chart lands); else WeasyPrint counts it, which makes it lay
        the page out again once the chart is placed (a chart's parts refer to the parts after).
        """
        self.asked.clear()

        def page_ref(anchor: str, fixed: bool = True) -> Markup:
            # `fixed`: as wide as any number, so that the number cannot move the line breaks of
            # running text; a chart's captions (one line each, on pages of their own) need not be.
            self.asked.add(anchor)
            number = 0 if measuring else (pages or {}).get(anchor)  # a measure needs no true number
            known = Markup(f' data-page="{number:d}"') if number is not None else ""
            return Markup('<a class="page-ref{}" href="#{}"{}></a>').format(" fixed" if fixed else "", anchor, known)

        charted = [c for c in self.corpus.charts.values() if c.id in self.placement]
        parts = self._parts(layout, measuring, laws)
        return self.env.get_template("book.html.j2").render(
            page_ref=page_ref, title=TITLE, subtitle=SUBTITLE, paper=self.paper, layout=layout, measuring=measuring,
            after_chart=laws is not None and min(laws) != min(self.printed),
            page_css=self._page_css(), parts=parts, wordings=self._wordings(),
            law_count=len(self.corpus.laws), chart_count=len(charted),
            term_index=term_index(self.corpus.definitions, self.printed), situation_index=situation_index(charted),
            **self.front)

    def anchors_of(self, number: int) -> dict[str, frozenset[str]]:
        """Ids within Law `number` that pagination may push, in reading order, each with the
        ids of the levels enclosing it; first the part, if the Law opens it."""
        part = self.printed[number].law.part
        opens = min(n for n, p in self.printed.items() if p.law.part is part) == number
        head = {f"part-{list(Part).index(part) + 1}": frozenset()} if opens else {}
        return {**head, f"law-{number}": frozenset(head), **self.printed[number].anchors}

    def charts_after(self, number: int) -> list[Chart]:
        """The charts printed after Law `number`, in the book's order."""
        return [c for c in self.corpus.charts_for(number) if self.placement.get(c.id) == number]

    def _front(self) -> dict[str, Any]:
        """Preface, introduction, definitions and the legend, rendered once."""
        r = self.printer.renderer
        c = self.corpus
        out: dict[str, Any] = {"preface": None, "introduction": None, "definitions": []}
        for name in ("preface", "introduction"):
            front = getattr(c, name)
            if front is not None:
                out[name] = {"title": display_title(front.title), "html": r().text(front.text)}
        if c.definitions is not None:
            plain = r(terms=False)
            out["definitions"] = [{"term": d.term, "anchor": f"def-{term_anchor(d.term)}", "html": plain.text(d.text)}
                                  for d in c.definitions.terms]
        out["legend"] = legend_rows(self.svgs)
        for row in out["legend"]:
            row["src"] = self.images.url(row["drawing"].svg)
        arrows = legend_drawing(self.svgs["legend:arrows"])
        out["arrows"] = {"drawing": arrows, "src": self.images.url(arrows.svg)}
        return out

    def _page_css(self) -> dict[str, Any]:
        """The thumb tabs' backgrounds for each part's pages, and all of them for the contents."""
        # CSS made here from numbers and colours, not from the sources: safe as it is.
        def background(tabs: list[Tab], side: str) -> Markup:
            url = self.images.url(tab_drawing(self.paper, tabs, side))
            return Markup(tab_background(self.paper, url, side))

        tabs = list(self.tabs.values())
        return {
            "parts": [{"page": t.page_name, "left": background([t], "left"), "right": background([t], "right")}
                      for t in tabs],
            "all_left": background(tabs, "left"),
            "all_right": background(tabs, "right"),
        }

    def _parts(self, layout: Layout, measuring: bool, only: frozenset[int] | None) -> list[dict[str, Any]]:
        """The parts in order, each with its Laws (those in `only`, if given)."""
        parts = []
        for number, part in enumerate(Part, 1):
            laws = [self.printed[n] for n in sorted(self.printed) if self.printed[n].law.part is part]
            shown = [p for p in laws if only is None or p.law.law in only]
            if shown:
                parts.append({"name": part.value, "tab": self.tabs[part], "number": number,
                              "continued": shown[0] is not laws[0],
                              "laws": [self._law(p, layout, measuring) for p in shown]})
        return parts

    def _law(self, printed: PrintedLaw, layout: Layout, measuring: bool) -> dict[str, Any]:
        """A Law with the charts printed after it, and those printed after another Law it refers to."""
        n = printed.law.law
        here = self.charts_after(n)
        elsewhere = [c for c in self.corpus.charts_for(n) if c not in here and c.id in self.placement]
        return {
            "p": printed,
            "charts": [self._chart(c, layout, more=i > 0) for i, c in enumerate(here)],
            "charts_elsewhere": [{"id": c.id, "title": c.title, "after": self.placement[c.id]} for c in elsewhere],
            "keep_whole": _all_tables(printed.law),
        }

    def pieces_of(self, chart: Chart, lone_first: bool = False) -> list[Piece]:
        """A flow chart's pieces: cut into spreads, or with a lone first piece before them."""
        if not lone_first or self.recut is None or len(self.pieces[chart.id]) == 1:
            return self.pieces[chart.id]
        if chart.id not in self.lone_pieces:
            self.lone_pieces.update(self.recut(frozenset({chart.id})))
        lone = self.lone_pieces[chart.id]
        floor = self.paper.chart_floor_pt / DRAWN_PT
        if any(fitted_scale(p.svg, self.paper.chart_box) < floor for p in lone):
            return self.pieces[chart.id]  # a recut whose part would print below the floor: the cut by spreads
        return lone

    def pages_of(self, chart: Chart, lone_first: bool = False) -> int:
        """How many pages a chart takes: one for each piece it is cut into (see `pieces`)."""
        if chart.layout is ChartLayout.FLOW:
            return len(self.pieces_of(chart, lone_first))
        return self.table_fits[chart.id].pages if chart.id in self.table_fits else 1

    def _chart(self, chart: Chart, layout: Layout, *, more: bool) -> dict[str, Any]:
        """A chart's pages: each piece of its drawing fitted to a page (or its table), at pagination's scale."""
        shrink = layout.shrink.get(chart.id, 0)
        serves = [{"number": n, "title": display_title(self.corpus.laws[n].title)}
                  for n in chart.laws if n in self.corpus.laws]
        item: dict[str, Any] = {"id": chart.id, "title": chart.title, "provenance": provenance(chart),
                                "layout": chart.layout, "serves": serves, "sheets": [], "table": None,
                                "scale": f"{self._table_scale(chart, shrink):.3f}", "more": more}
        lone = chart.id in layout.lone_first and not more and self.pages_of(chart) > 1
        item["spread"], item["lone_first"] = self.pages_of(chart) > 1 and not lone, lone
        if chart.layout is ChartLayout.FLOW:
            words = {n.id: quoted(n.text) for n in chart.nodes}
            pieces = self.pieces_of(chart, lone)
            # The two pages of a spread print at one size, the smaller of the two: read together,
            # one chart, its lettering should not change size across the fold.
            fitted = [fitted_scale(p.svg, self.paper.chart_box) for p in pieces]
            first = 1 if lone else 0  # the lone first part faces its Law, not another part
            for k, piece in enumerate(pieces):
                start = k if k < first else first + (k - first) // 2 * 2
                most = min(fitted[start:start + (1 if start < first else 2)])
                drawing = fit_drawing(piece.svg, chart, self.paper.chart_box, shrink,
                                      floor_scale=self.paper.chart_floor_pt / DRAWN_PT, most=most)
                item["sheets"].append({
                    "letter": piece.letter, "drawing": drawing,
                    "frame": self.stamps.place(f"stamp-{chart.id}-{piece.letter}", drawing),
                    "comes_from": list(piece.comes_from),
                    "leaves_to": [{"letter": letter, "box": box, "words": words[box]} for box, letter in piece.leaves_to],
                })
        else:
            item["table"] = table_context(chart, self.printer.renderer(terms=False))
        return item

    def _table_scale(self, chart: Chart, shrink: int) -> float:
        """A table's size, a share of the text's: as fitted, drawn smaller `shrink` times if it
        spilled all the same, but not below the lettering's floor."""
        fitted = self.table_fits[chart.id].scale if chart.id in self.table_fits else 1.0
        return max(fitted * SHRINK ** shrink, min(fitted, self.paper.chart_floor_pt / self.paper.font_pt))

    def _wordings(self) -> list[dict[str, str]]:
        """Which Laws come from which wording, as runs of consecutive Laws."""
        runs: list[list[Any]] = []
        for n, law in sorted(self.corpus.laws.items()):
            if runs and runs[-1][0] == law.wording and runs[-1][2] == n - 1:
                runs[-1][2] = n
            else:
                runs.append([law.wording, n, n])
        return [{"laws": f"Law {a}" if a == b else f"Laws {a}–{b}", "note": WORDING_NOTES[w]} for w, a, b in runs]


def _all_tables(law: Law) -> bool:
    """A Law made of tables (Law 77's scores): printed whole on one page."""
    return bool(law.sections) and all(s.tables() for s in law.sections)


# A chart's title names its Laws first ("Laws 10-12: Rectifications …"): the index sorts by the rest.
_CHART_LAWS_RE = re.compile(r"^Laws?\s+[\d\s,–-]+:\s*")


def term_index(definitions: Definitions | None, printed: dict[int, PrintedLaw]) -> list[dict[str, Any]]:
    """Every defined term, alphabetically, with the Laws that use it."""
    if definitions is None:
        return []
    uses: dict[str, list[dict[str, Any]]] = {}
    for number in sorted(printed):
        for anchor in dict.fromkeys(printed[number].terms_used):
            uses.setdefault(anchor, []).append({"law": number, "href": f"#use-{anchor}-{number}"})
    entries = [{"term": d.term, "href": book_term(term_anchor(d.term)), "uses": uses.get(term_anchor(d.term), [])}
               for d in definitions.terms]
    return sorted(entries, key=lambda e: e["term"].casefold())


def situation_index(charts: list[Chart]) -> list[dict[str, Any]]:
    """Every chart by the situation it deals with, alphabetically."""
    entries = []
    for chart in charts:
        entries.append({"subject": _CHART_LAWS_RE.sub("", chart.title), "href": book_chart(chart.id),
                        "laws": ", ".join(str(n) for n in chart.laws), "plural": len(chart.laws) > 1})
    return sorted(entries, key=lambda e: e["subject"].casefold())
