"""A Law's text for print: its levels, tables, real footnotes, and the paragraphs quoted beside it."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from jinja2 import Environment
from markupsafe import Markup

from generator.index import citations
from generator.index.urls import book_place, book_term
from generator.text.inline import Renderer, TermLinker
from generator.index.lawtree import places
from generator.text.quotes import quote_place
from generator.sources.model import Law
from generator.text.templates import display_title
from generator.index.xref import FOOTNOTE_RE, Index

# The footnote marker `Renderer` writes, with or without its back-link id.
_FN_MARK_RE = re.compile(r'<sup class="fn-ref"(?: id="fn-ref-\d+")?><a href="[^"]*#fn-(\d+)"[^>]*>\d+</a></sup>')
_TERM_LINK_RE = re.compile(r'<a class="term" href="#def-([a-z0-9-]+)"')


@dataclass(frozen=True)
class Quote:
    """A paragraph printed beside a Law, its words rendered from its own Law."""

    label: str
    href: str
    title: str | None
    html: Markup


@dataclass
class PrintedLaw:
    """One Law's rendered text and what the book prints with it."""

    law: Law
    title_notes: Markup  # footnotes that belong to the title
    body: Markup
    end_notes: list[dict[str, Any]]  # footnotes whose marker the text does not carry
    quotes: list[Quote]
    terms_used: list[str]  # anchors of the defined terms linked in this Law, in order
    # The ids of its levels in reading order, each with the ids of the levels enclosing it.
    anchors: dict[str, frozenset[str]] = field(default_factory=dict)

    @property
    def head(self) -> str:
        """The running head and bookmark: `Law 27 – Insufficient Bid`."""
        return f"Law {self.law.law} – {display_title(self.law.title)}"


class LawPrinter:
    """Renders Laws with links that stay inside the book."""

    def __init__(self, laws: dict[int, Law], index: Index, terms: TermLinker, env: Environment) -> None:
        self.laws = laws
        self.index = index
        self.terms = terms
        self.env = env

    def renderer(self, *, terms: bool = True) -> Renderer:
        """A renderer for one Law (each links its own first use of a term), links kept in the book."""
        return Renderer("", self.index, self.terms.fresh() if terms else None,
                        url_for=book_place, term_url=book_term)

    def print_law(self, law: Law) -> PrintedLaw:
        """The Law's text with its footnotes placed, the quotes beside it, and its levels' ids."""
        r = self.renderer()
        # A Law whose text is only a footnote marker has it on its title (Law 13): print it there.
        title_marks = law.text if law.text and not FOOTNOTE_RE.sub("", law.text).strip() else None
        body_law = law.model_copy(update={"text": None}) if title_marks else law
        raw_title = str(r.text(title_marks, law.law)) if title_marks else ""
        raw = self.env.get_template("law_blocks.html.j2").module.law_body(body_law, r)  # type: ignore[attr-defined]
        notes = {str(n.id): self.renderer(terms=False).text(n.text, law.law) for n in law.footnotes}
        # One pass over title and body, so that a note is placed at its first marker only.
        joined, placed = _place_footnotes(f"{raw_title}\0{raw}", law.law, notes)
        title_notes, body = joined.split("\0", 1)
        body, used = _mark_term_uses(body, law.law)
        end_notes = [{"id": n.id, "html": notes[str(n.id)]} for n in law.footnotes if str(n.id) not in placed]
        quotes = [q for q in (self.quote(v, law) for v in law.beside) if q is not None]
        anchors = {f"p-{p.ref.anchor()}": frozenset(f"p-{a.anchor()}" for a in p.ref.ancestors()[1:-1])
                   for p in places(law) if p.depth > 0}
        # The box of quotes moves as one: split across a page turn it reads badly.
        anchors[f"beside-{law.law}"] = frozenset()
        return PrintedLaw(law, Markup(title_notes), Markup(body), end_notes, quotes, used, anchors)

    def quote(self, value: str, law: Law) -> Quote | None:
        """The words of a cited place, taken from its own Law: never a copy."""
        ref = citations.parse_ref(value, law.law)
        found = None if ref is None else quote_place(self.laws, ref, self.renderer(terms=False))
        if ref is None or found is None:
            return None
        title, words = found
        html, _ = _place_footnotes(str(words), ref.law, {})
        return Quote(ref.label(), book_place(ref), title, Markup(html))


def _place_footnotes(html: str, law: int, notes: dict[str, Markup]) -> tuple[str, set[str]]:
    """Put each footnote's text at its first marker, where the page will float it to its foot.

    Later markers of the same note, and markers of notes not given, link to the placed note.
    """
    placed: set[str] = set()

    def swap(m: re.Match[str]) -> str:
        n = m.group(1)
        if n in notes and n not in placed:
            placed.add(n)
            # The id stands before the note: a note floated to the foot of the page keeps none.
            return f'<span class="fn-anchor" id="fn-{law}-{n}"></span><span class="footnote" data-n="{n}">{notes[n]}</span>'
        return f'<sup class="fn-ref"><a href="#fn-{law}-{n}">{n}</a></sup>'

    return _FN_MARK_RE.sub(swap, html), placed


def _mark_term_uses(html: str, law: int) -> tuple[str, list[str]]:
    """Give each linked term an id (its first use in this Law), for the index to link to."""
    used: list[str] = []

    def mark(m: re.Match[str]) -> str:
        used.append(m.group(1))
        return f'<a class="term" id="use-{m.group(1)}-{law}" href="#def-{m.group(1)}"'

    return _TERM_LINK_RE.sub(mark, html), used
