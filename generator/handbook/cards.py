"""The chart cards: every flow chart on sheets of its own, to print and laminate.

A card's front holds one piece of the chart (most charts need several at 9 pt: see `pieces`),
its title, the Law numbers as a large tab and the legend as a strip; its back lists, in small
print, the paragraphs the boxes on the front apply, quoted from their own Laws.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from jinja2 import Environment
from markupsafe import Markup

from generator.flowcharts.boxnotes import provenance
from generator.index.citations import Ref
from generator.flowcharts.style import STYLES
from generator.text.inline import Renderer
from generator.index.lawtree import places
from generator.corpus.loading import Corpus
from generator.sources.model import Chart, Kind
from generator.text.quotes import quote_place
from generator.text.templates import display_title
from generator.flowcharts.walk import box_refs
from generator.handbook.charts import fit_drawing
from generator.handbook.paper import PART_COLOURS
from generator.handbook.pieces import Piece
from generator.handbook.stamping import Stamps


# A card stands alone: the links the renderer writes into the book lead nowhere here.
_LINK_TAG_RE = re.compile(r"</?a\b[^>]*>")
# A footnote's marker as the renderer writes it, its links removed: the note's number.
_FN_NUMBER_RE = re.compile(r'<sup class="fn-ref"[^>]*>(\d+)</sup>')


@dataclass(frozen=True)
class CardPaper:
    """A card's sheet, landscape, in millimetres; the floor of its chart lettering in points."""

    name: str
    width: float
    height: float
    margin: float
    tab_width: float  # the Law numbers' tab along the right-hand edge
    head: float  # the title's lines
    strip: float  # the legend strip at the foot
    font_pt: float
    chart_floor_pt: float = 9.0

    @property
    def chart_box(self) -> tuple[float, float]:
        """Width and height the chart's drawing may take on the front."""
        return (self.width - 2 * self.margin - self.tab_width - 4,
                self.height - 2 * self.margin - self.head - self.strip)


CARD_PAPERS: dict[str, CardPaper] = {
    "A4": CardPaper("A4", 297, 210, margin=9, tab_width=22, head=13, strip=9, font_pt=9),
    "A3": CardPaper("A3", 420, 297, margin=11, tab_width=30, head=16, strip=11, font_pt=11),
}


def card_paper(name: str) -> CardPaper:
    """The card sheet for "A4" or "A3" (any case); a clear error for anything else."""
    try:
        return CARD_PAPERS[name.upper()]
    except KeyError:
        raise ValueError(f"unknown card paper '{name}' (choose from: {', '.join(CARD_PAPERS)})") from None


def legend_strip() -> list[dict[str, str]]:
    """The legend's kinds as swatches in their charts' colours, from the one style table."""
    out = []
    for kind, style in STYLES.items():
        a = style.attrs
        out.append({"name": style.name, "fill": a.get("fillcolor", "#ffffff"), "line": a.get("color", "#000000"),
                    "dashed": "dashed" in a.get("style", ""), "round": kind in (Kind.OPTIONS, Kind.LAW_REF)})
    return out


def law_tab(chart: Chart) -> str:
    """The tab's words: the Laws the chart serves, as the contents name them ("27", "10–12")."""
    laws = sorted(chart.laws)
    if len(laws) > 2 and laws == list(range(laws[0], laws[-1] + 1)):
        return f"{laws[0]}–{laws[-1]}"
    return ", ".join(str(n) for n in laws)


def applied_paragraphs(chart: Chart, piece: Piece, corpus: Corpus, r: Renderer) -> list[dict[str, Any]]:
    """The places the boxes of `piece` apply, in reading order, each quoted from its own Law
    (a whole Law that has sections by its title only: its text would not fit a card)."""
    refs: list[Ref] = []
    for box in piece.boxes:
        node = chart.by_id.get(box)
        if node is not None:
            refs += box_refs(chart, node)
    out = []
    unique = list(dict.fromkeys(refs))
    for ref in unique:
        if any(_inside(ref, outer) for outer in unique if outer.section is not None):
            continue  # quoted already, with the section or paragraph it belongs to
        law = corpus.laws.get(ref.law)
        if law is None:
            continue
        whole = ref.section is None and any(p.depth > 0 for p in places(law))
        found = None if whole else quote_place(corpus.laws, ref, r)
        title, words = found if found is not None else (None, Markup(""))
        # Removing our own link tags from our own escaped markup leaves it as safe as it was.
        html = _LINK_TAG_RE.sub("", str(words))
        # A footnote's marker in the words: its text follows the quote (a card has no foot of Law).
        marked = dict.fromkeys(_FN_NUMBER_RE.findall(html))
        notes = [{"n": n.id, "html": Markup(_LINK_TAG_RE.sub("", str(r.text(n.text, law.law))))}
                 for n in law.footnotes if str(n.id) in marked]
        out.append({"label": ref.label(), "title": title if title else (display_title(law.title) if whole else None),
                    "html": Markup(html), "notes": notes})
    return out


def _inside(inner: Ref, outer: Ref) -> bool:
    """Whether `inner` is a place within `outer` (64A1 within 64A), not the same place."""
    levels = ("law", "section", "paragraph", "item", "subitem")
    given = [getattr(outer, level) for level in levels]
    depth = max(i for i, value in enumerate(given) if value is not None) + 1
    return inner != outer and [getattr(inner, level) for level in levels][:depth] == given[:depth]


def card_context(corpus: Corpus, pieces: dict[str, list[Piece]], paper: CardPaper, stamps: Stamps,
                 r: Renderer) -> list[dict[str, Any]]:
    """Every flow chart's cards, in the order of the Laws."""
    charts = sorted((c for c in corpus.charts.values() if c.id in pieces),
                    key=lambda c: (min(c.laws), c.page or 999, c.id))
    cards = []
    for chart in charts:
        part = corpus.laws[min(chart.laws)].part if min(chart.laws) in corpus.laws else None
        sheets = []
        for piece in pieces[chart.id]:
            drawing = fit_drawing(piece.svg, chart, paper.chart_box, linked=False)
            sheets.append({"letter": piece.letter, "drawing": drawing,
                           "frame": stamps.place(f"stamp-{chart.id}-{piece.letter}", drawing),
                           "comes_from": list(piece.comes_from),
                           "leaves_to": sorted({letter for _, letter in piece.leaves_to}),
                           "paragraphs": applied_paragraphs(chart, piece, corpus, r)})
        cards.append({"id": chart.id, "title": chart.title, "provenance": provenance(chart),
                      "tab": law_tab(chart), "plural": len(chart.laws) > 1,
                      "colour": PART_COLOURS[part] if part is not None else "#1f4e8c", "sheets": sheets})
    return cards


def cards_html(env: Environment, cards: list[dict[str, Any]], paper: CardPaper, title: str) -> str:
    """The cards' HTML for WeasyPrint."""
    return env.get_template("cards.html.j2").render(cards=cards, paper=paper, title=title, legend=legend_strip())


def card_pages(landed: dict[str, int], cards: list[dict[str, Any]]) -> dict[str, int]:
    """Chart id → the page (from 1) its first card's front stands on."""
    return {c["id"]: landed[f"card-{c['id']}"] + 1 for c in cards if f"card-{c['id']}" in landed}

