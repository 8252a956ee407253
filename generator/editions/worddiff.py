"""A word-level difference between two wordings, and its HTML: deleted and added words marked
so that they read without colour (struck through or underlined, bracketed, and named for screen
readers)."""
from __future__ import annotations

import html
import re
from dataclasses import dataclass
from difflib import SequenceMatcher

from markupsafe import Markup

_TOKEN = re.compile(r"\S+")
_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"'})


@dataclass(frozen=True)
class Span:
    """A run of words: kept in both ("equal"), only in the earlier ("delete"), only in the later ("insert")."""

    op: str
    text: str


def without_markers(text: str) -> str:
    """A text without its footnote markers (`[^12]`): the comparison has no footnotes."""
    return re.sub(r"\[\^\d+\]", "", text)


def _key(token: str) -> str:
    """Words compare alike whatever their quotes."""
    return token.translate(_QUOTES)


def word_diff(old: str, new: str, *, trim: bool = False) -> list[Span]:
    """The spans that turn `old` into `new`, word by word.

    `trim`: leave out deleted words at either end (a provision split in two: the other part's
    words are not deleted, they went to the other provision).
    """
    a, b = (_TOKEN.findall(without_markers(t)) for t in (old, new))
    matcher = SequenceMatcher(None, [_key(t) for t in a], [_key(t) for t in b], autojunk=False)
    spans: list[Span] = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            spans.append(Span("equal", " ".join(b[j1:j2])))
            continue
        if op in ("delete", "replace"):
            spans.append(Span("delete", " ".join(a[i1:i2])))
        if op in ("insert", "replace"):
            spans.append(Span("insert", " ".join(b[j1:j2])))
    if trim:
        while spans and spans[0].op == "delete":
            spans.pop(0)
        while spans and spans[-1].op == "delete":
            spans.pop()
    return spans


def counts(spans: list[Span]) -> tuple[int, int]:
    """(words deleted, words added)."""
    deleted = sum(len(s.text.split()) for s in spans if s.op == "delete")
    added = sum(len(s.text.split()) for s in spans if s.op == "insert")
    return deleted, added


def diff_html(spans: list[Span]) -> Markup:
    """The difference as HTML: `<del>` and `<ins>` with visible brackets and spoken names."""
    out: list[str] = []
    for span in spans:
        text = html.escape(span.text, quote=False)
        if span.op == "equal":
            out.append(text)
        elif span.op == "delete":
            out.append(f'<del><span class="diff-mark" aria-hidden="true">[−</span>'
                       f'<span class="visually-hidden">deleted: </span>{text}'
                       f'<span class="diff-mark" aria-hidden="true">]</span></del>')
        else:
            out.append(f'<ins><span class="diff-mark" aria-hidden="true">[+</span>'
                       f'<span class="visually-hidden">added: </span>{text}'
                       f'<span class="diff-mark" aria-hidden="true">]</span></ins>')
    return Markup(" ".join(out))
