"""Quoting a cited place in its own words, rendered from its own Law: never a copy."""
from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup, escape

from generator.index.citations import Ref
from generator.text.inline import Renderer
from generator.index.urls import law_url, ref_url
from generator.index.lawtree import places
from generator.corpus.corpus import Corpus
from generator.sources.model import Law
from generator.text.templates import display_title


@dataclass(frozen=True)
class Quote:
    """A cited place's label, title, link and words (as HTML)."""

    label: str
    title: str | None
    url: str
    html: Markup


def quote_place(laws: dict[int, Law], ref: Ref, r: Renderer) -> tuple[str | None, Markup] | None:
    """The title and words (as HTML) of a place and everything inside it; None when its Law is absent."""
    if ref.law not in laws:
        return None
    source = laws[ref.law]
    title = display_title(source.title) if ref.section is None else None
    parts = []
    for place in places(source):
        if ref not in place.ref.ancestors():
            continue
        block = place.block
        own_title = getattr(block, "title", None) if place.depth else None  # a Law's title is above
        heading = Markup(escape(place.marker))
        if own_title:
            if place.ref == ref:
                title, heading = own_title, Markup("")
            else:
                heading += Markup(" ") + r.text(own_title, ref.law, terms=False)
        body = Markup(" ").join(r.text(t, ref.law) for t in (block.text, block.after) if t)
        if heading or body:
            parts.append(Markup('<p class="quote-level quote-depth-{}"><span class="quote-mark">{}</span> {}</p>')
                         .format(place.depth, heading, body))
    return title, Markup("").join(parts)


def quote(corpus: Corpus, ref: Ref, prefix: str) -> Quote | None:
    """A place quoted for a site page; `prefix` leads from that page back to the site root."""
    # Footnote markers lead to the footnotes on the quoted Law's own page.
    r = Renderer(prefix, corpus.index, None, footnote_page=prefix + law_url(ref.law))
    found = quote_place(corpus.laws, ref, r)
    if found is None:
        return None
    title, html = found
    return Quote(ref.label(), title, ref_url(ref), html)
