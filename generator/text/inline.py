"""Render a run of source text as safe HTML: escaped, with citations, footnotes and terms linked."""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from typing import Callable

from markupsafe import Markup

from generator.index import citations
from generator.index.citations import Ref
from generator.sources.model import Definitions
from generator.index.urls import definition_url, ref_url
from generator.index.xref import FOOTNOTE_RE, Index


def term_anchor(term: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", term.casefold()).strip("-")


@dataclass
class TermLinker:
    """Links the first use of each defined term on a page to its definition."""

    pattern: re.Pattern[str] | None
    by_word: dict[str, tuple[str, str]]  # lower-case words -> (anchor, preview)
    used: set[str] = field(default_factory=set)

    @classmethod
    def build(cls, definitions: Definitions | None) -> TermLinker:
        if definitions is None:
            return cls(None, {})
        by_word: dict[str, tuple[str, str]] = {}
        for d in definitions.terms:
            preview = " ".join(d.text.split())
            preview = preview if len(preview) <= 220 else preview[:217].rsplit(" ", 1)[0] + " …"
            for name in re.split(r"\s*\(|\)\s*", d.term):
                name = name.strip()
                if len(name) > 2:
                    by_word.setdefault(name.casefold(), (term_anchor(d.term), preview))
        names = sorted(by_word, key=len, reverse=True)  # longest first: "penalty card" before "penalty"
        alternation = "|".join(re.escape(n).replace(r"\ ", r"\s+") for n in names)
        pattern = re.compile(rf"(?<![\w’'-])(?:{alternation})(?:s|es)?(?![\w’-])", re.I)
        return cls(pattern, by_word)

    def fresh(self) -> TermLinker:
        """The same terms with nothing yet linked: one per page."""
        return TermLinker(self.pattern, self.by_word)


@dataclass
class Renderer:
    """Renders text for one page: `prefix` leads from that page back to the site root."""

    prefix: str
    index: Index | None = None
    terms: TermLinker | None = None
    footnote_page: str = ""  # where the footnotes are printed: "" for this page
    marked: set[str] = field(default_factory=set)
    # Where links lead when not to site pages (the handbook's in-document anchors): a place's
    # href, and a defined term's href from its anchor.
    url_for: Callable[[Ref], str] | None = None
    term_url: Callable[[str], str] | None = None

    def text(self, text: str, context_law: int | None = None, *, terms: bool = True) -> Markup:
        """One run of text as HTML, blank lines becoming paragraph breaks inside <p>…</p>."""
        spans: list[tuple[int, int, str]] = []
        for mention in citations.find(text, context_law):
            ref = mention.ref
            if self.index is None or self.index.exists(ref):
                spans.append((mention.start, mention.end, self._cite(ref)))
        for m in FOOTNOTE_RE.finditer(text):
            spans.append((m.start(), m.end(), self._footnote(m.group(1))))
        spans = _without_overlaps(spans)
        if terms and self.terms is not None and self.terms.pattern is not None:
            spans = _without_overlaps(spans + self._terms(text, spans))
        out: list[str] = []
        pos = 0
        for start, end, markup in spans:
            out.append(_escape_gap(text[pos:start]))
            out.append(markup.replace("\0", html.escape(text[start:end])))
            pos = end
        out.append(_escape_gap(text[pos:]))
        return Markup("".join(out))

    def _footnote(self, n: str) -> str:
        # Only the first marker of a footnote on the page is the target of its back-link.
        first = not self.footnote_page and n not in self.marked
        self.marked.add(n)
        anchor = f' id="fn-ref-{n}"' if first else ""
        return (f'<sup class="fn-ref"{anchor}><a href="{self.footnote_page}#fn-{n}" '
                f'aria-label="footnote {n}">{n}</a></sup>')

    def _cite(self, ref: Ref) -> str:
        href = self.url_for(ref) if self.url_for is not None else self.prefix + ref_url(ref)
        return f'<a class="cite" href="{href}" title="{ref.label()}">\0</a>'

    def _terms(self, text: str, taken: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
        assert self.terms is not None and self.terms.pattern is not None
        found = []
        for m in self.terms.pattern.finditer(text):
            word = " ".join(m.group().split()).casefold()
            key = word if word in self.terms.by_word else re.sub(r"(es|s)$", "", word)
            if key not in self.terms.by_word:
                key = word[:-1] if word[:-1] in self.terms.by_word else key
            if key not in self.terms.by_word:
                continue
            anchor, preview = self.terms.by_word[key]
            if anchor in self.terms.used or any(s < m.end() and m.start() < e for s, e, _ in taken):
                continue
            self.terms.used.add(anchor)
            href = self.term_url(anchor) if self.term_url is not None else self.prefix + definition_url(anchor)
            found.append((m.start(), m.end(),
                          f'<a class="term" href="{href}" '
                          f'title="{html.escape(preview)}">\0</a>'))
        return found


def _without_overlaps(spans: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    kept: list[tuple[int, int, str]] = []
    for span in sorted(spans):
        if not kept or span[0] >= kept[-1][1]:
            kept.append(span)
    return kept


def _escape_gap(text: str) -> str:
    escaped = html.escape(text, quote=False)
    # A line break surviving YAML's folding is a deliberate paragraph break.
    return re.sub(r"\s*\n\s*", "</p><p>", escaped)
