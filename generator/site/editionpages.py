"""The pages of an earlier edition: its wording on its own, the comparison with the current text
Law by Law, and the overview of how much each Law changed; and the switch between the views.

URLs (stable, one per view): `laws/law-45/` the current text, `editions/1997/law-45/` the 1997
wording, `editions/1997-2017/law-45/` the changes since 1997, `editions/1997-2017/` the overview.
A provision keeps its anchor in every view where it exists (see `alignment.old_anchors`).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Callable

from jinja2 import Environment
from markupsafe import Markup, escape

from generator.editions.alignment import Change, LawAlignment, Row, align_law, edition_anchor, old_anchors
from generator.index.citations import Ref
from generator.text.inline import Renderer
from generator.index.urls import changes_url, index_file, law_url, overview_url, page_file, root_from, wording_url
from generator.index.lawtree import Place, places
from generator.corpus.corpus import Corpus
from generator.sources.model import CURRENT_EDITION, WORDING_NOTES, Block, Law
from generator.text.templates import display_title
from generator.editions.worddiff import counts, diff_html, without_markers, word_diff
from generator.sources.sourcekeys import alignment_key, law_key


class ViewKind(StrEnum):
    CURRENT = "current"  # the text in force
    CHANGES = "changes"  # the changes since an earlier edition
    WORDING = "wording"  # an earlier edition's wording on its own


@dataclass(frozen=True)
class View:
    """Which view of a Law a page shows: the current text, or one of an earlier edition's."""

    kind: ViewKind
    year: int | None = None  # the earlier edition, for its views


CURRENT_VIEW = View(ViewKind.CURRENT)


@dataclass(frozen=True)
class SwitchLink:
    label: str
    url: str  # from the site root
    current: bool


def switch(corpus: Corpus, law: int, view: View) -> list[SwitchLink]:
    """The links to every view of one Law, `view` the one shown; empty without an earlier edition."""
    links: list[SwitchLink] = []
    for year in sorted(corpus.editions, reverse=True):
        if law not in corpus.editions[year] or law not in corpus.laws:
            continue
        if not links:
            links.append(SwitchLink(f"{CURRENT_EDITION} text", law_url(law), view == CURRENT_VIEW))
        links.append(SwitchLink(f"Changes since {year}", changes_url(year, law), view == View(ViewKind.CHANGES, year)))
        links.append(SwitchLink(f"{year} wording", wording_url(year, law), view == View(ViewKind.WORDING, year)))
    return links


class EditionPages:
    """Makes the pages of every earlier edition in the sources."""

    def __init__(self, corpus: Corpus, env: Environment, cached: Callable[[list[str], Callable[[], str]], str],
                 source: Callable[[str], str] | None) -> None:
        self.corpus = corpus
        self.env = env
        self.cached = cached
        self.source = source  # a source file's digest by corpus key, when pages are cached
        self._alignments: dict[tuple[int, int], LawAlignment] = {}

    def alignment(self, year: int, law: int) -> LawAlignment:
        key = (year, law)
        if key not in self._alignments:
            self._alignments[key] = align_law(self.corpus.editions[year].get(law), self.corpus.laws.get(law),
                                              self.corpus.alignments.get(year))
        return self._alignments[key]

    def anchors(self, year: int, law: int) -> dict[Ref, str]:
        """The anchors of an earlier edition's provisions of one Law (see `old_anchors`)."""
        if law not in self.corpus.laws or law not in self.corpus.editions[year]:
            return {}
        return old_anchors(year, self.alignment(year, law))

    def inputs(self, kind: str, year: int, laws: list[int]) -> list[str]:
        if self.source is None:
            return []
        return [kind, self.source(alignment_key(year)),
                *(self.source(k) for n in laws for k in (law_key(n), law_key(n, year)))]

    def pages(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for year, laws in sorted(self.corpus.editions.items()):
            shared = sorted(n for n in laws if n in self.corpus.laws)
            for n in sorted(laws):
                # Its citations lead to the anchors of the other Laws it cites, which their matches give.
                cited = sorted({r.law for _p, _k, _t, m in self.corpus.edition_indexes[year].mentions.get(n, [])
                                for r in m.refs if r.law in laws} | {n})
                out[page_file(wording_url(year, n))] = self.cached(
                    self.inputs("edition-wording", year, cited), lambda y=year, l=laws[n]: self.wording_page(y, l))
            for n in shared:
                out[page_file(changes_url(year, n))] = self.cached(
                    self.inputs("edition-changes", year, [n]), lambda y=year, k=n: self.changes_page(y, k))
            out[index_file(overview_url(year))] = self.cached(
                self.inputs("edition-overview", year, shared), lambda y=year, s=shared: self.overview_page(y, s))
        return out

    def wording_page(self, year: int, law: Law) -> str:
        """An earlier edition's wording of a Law, on its own, marked as not in force."""
        index = self.corpus.edition_indexes[year]
        root = root_from(wording_url(year, law.law))

        def anchor(ref: Ref) -> str:
            return self.anchors(year, ref.law).get(ref) or edition_anchor(year, ref)

        def url_for(ref: Ref) -> str:
            place = "" if ref.section is None and ref.paragraph is None else f"#{anchor(ref)}"
            return root + wording_url(year, ref.law) + place

        r = Renderer(root, index, None, url_for=url_for)
        levels = [_level(p, anchor(p.ref), r, law.law) for p in places(law) if p.depth > 0]
        return self.env.get_template("edition_law.md.j2").render(
            law=law, year=year, title=display_title(law.title), note=WORDING_NOTES[law.wording],
            lead=r.text(law.text, law.law) if law.text else None,
            after=r.text(law.after, law.law) if law.after else None,
            levels=levels, prefix=root, switch=switch(self.corpus, law.law, View(ViewKind.WORDING, year)),
            current=CURRENT_EDITION,
            current_url=law_url(law.law) if law.law in self.corpus.laws else None)

    def changes_page(self, year: int, number: int) -> str:
        """The changes since an earlier edition, provision by provision."""
        aligned = self.alignment(year, number)
        law = self.corpus.laws[number]
        old = self.corpus.editions[year][number]
        rows = [_row_view(year, row, aligned) for row in aligned.rows]
        return self.env.get_template("edition_compare.md.j2").render(
            law=law, year=year, current=CURRENT_EDITION, title=display_title(law.title),
            old_title=display_title(old.title) if old.title != law.title else None,
            rows=rows, tally=_tally(aligned), prefix=root_from(changes_url(year, number)),
            switch=switch(self.corpus, number, View(ViewKind.CHANGES, year)))

    def overview_page(self, year: int, laws: list[int]) -> str:
        """Every Law of the earlier edition, the most changed first."""
        entries = []
        for n in laws:
            aligned = self.alignment(year, n)
            old, new = self.corpus.editions[year][n], self.corpus.laws[n]
            entries.append({
                "law": n, "title": display_title(new.title),
                "old_title": display_title(old.title) if old.title != new.title else None,
                "share": round(100 * aligned.changed_share()), "tally": _tally(aligned),
                "changes": changes_url(year, n), "wording": wording_url(year, n), "current": law_url(n)})
        entries.sort(key=lambda e: (-e["share"], e["law"]))
        return self.env.get_template("edition_overview.md.j2").render(
            year=year, current=CURRENT_EDITION, entries=entries, prefix=root_from(overview_url(year)))


def _tally(aligned: LawAlignment) -> dict[str, int]:
    found = aligned.counts()
    return {key: found.get(key, 0) for key in ("unchanged", "amended", "new", "removed", "moved")}


def _level(place: Place, anchor: str, r: Renderer, law: int) -> dict[str, Any]:
    """One level of an earlier wording: its marker, title and words, with its anchor."""
    block: Block = place.block
    return {"depth": place.depth, "anchor": anchor, "marker": place.marker,
            "label": f"Law {place.ref.canonical()}", "title": getattr(block, "title", None),
            "html": [r.text(block.text, law)] if block.text else [],
            "after": r.text(block.after, law) if block.after else None}


def _row_view(year: int, row: Row, aligned: LawAlignment) -> dict[str, Any]:
    """What the comparison prints for one provision."""
    was = ", ".join(u.ref.canonical() for u in row.old)
    split = [u.ref for u in row.old if u.ref in aligned.split]
    if row.new is not None:
        anchor, label = row.new.ref.anchor(), f"Law {row.new.ref.canonical()}"
    else:
        anchor, label = edition_anchor(year, row.old[0].ref), f"{year}: Law {was}"
    notes: list[str] = []
    if row.moved and row.merged:
        notes.append(f"merged from {year}’s {was}")
    elif row.moved:
        notes.append(f"moved: {year}’s {was}")
    for ref in split:
        others = [r.canonical() for r in aligned.split[ref] if row.new is None or r != row.new.ref]
        notes.append(f"{year}’s {ref.canonical()} was split; its words are also in {', '.join(others)}")
    old_text = " ".join(u.text for u in row.old)
    if row.change is Change.AMENDED:
        spans = word_diff(old_text, row.new.text if row.new else "", trim=bool(split))
        deleted, added = counts(spans)
        body = diff_html(spans)
        notes.append(f"{deleted} word{'s' if deleted != 1 else ''} deleted, {added} added")
    elif row.new is not None:
        body = escape(without_markers(row.new.text))
    else:
        body = escape(without_markers(old_text))
    old_titles = [u.title for u in row.old if u.title]
    new_title = row.new.title if row.new is not None else None
    return {"anchor": anchor, "label": label, "change": row.change.value, "moved": row.moved,
            "badge": _badge(row, year), "notes": notes, "body": Markup(body),
            "old_title": old_titles[0] if old_titles and old_titles[0] != new_title else None,
            "title": new_title, "reason": row.overridden}


def _badge(row: Row, year: int) -> str:
    words = {Change.UNCHANGED: "Unchanged", Change.AMENDED: "Amended",
             Change.NEW: f"New in {CURRENT_EDITION}", Change.REMOVED: f"Removed after {year}"}[row.change]
    return f"{words}, moved" if row.moved else words
