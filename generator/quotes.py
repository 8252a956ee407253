"""Quoting a cited place in its own words, rendered from its own Law: never a copy."""
from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup, escape

from .citations import Ref
from .inline import Renderer, law_url, ref_url
from .lawtree import places
from .loading import Corpus
from .templates import display_title
from .xref import Index


@dataclass(frozen=True)
class Quote:
    """A cited place's label, title, link and words (as HTML)."""

    label: str
    title: str | None
    url: str
    html: Markup


def quote(corpus: Corpus, index: Index, ref: Ref, prefix: str) -> Quote | None:
    """The place and everything inside it, as printed; None when its Law is not in the corpus."""
    if ref.law not in corpus.laws:
        return None
    source = corpus.laws[ref.law]
    # Footnote markers lead to the footnotes on the quoted Law's own page.
    r = Renderer(prefix, index, None, footnote_page=prefix + law_url(ref.law))
    title = display_title(source.title) if ref.section is None else None
    parts = []
    for place in places(source):
        if ref not in place.ref.ancestors():
            continue
        block = place.block
        own_title = getattr(block, "title", None)
        heading = Markup(escape(place.marker))
        if own_title:
            if place.ref == ref:
                title, heading = own_title, Markup("")
            else:
                heading += Markup(" ") + r.text(own_title, ref.law)
        body = Markup(" ").join(r.text(t, ref.law) for t in (block.text, block.after) if t)
        if heading or body:
            parts.append(Markup('<p class="quote-level quote-depth-{}"><span class="quote-mark">{}</span> {}</p>')
                         .format(place.depth, heading, body))
    return Quote(ref.label(), title, ref_url(ref), Markup("").join(parts))
