"""The ten charts of the seed hold the words printed on their book pages (at least 98% of them)."""
from __future__ import annotations

import functools
import json
import re
from collections import Counter

import pytest

from support import ROOT, SHARED, needs_shared
from generator.corpus.corpus import Corpus
from generator.corpus.loading import load_corpus
from generator.sources.model import Chart, Kind
from generator.index.xref import chart_texts

WORD_RE = re.compile(r"[A-Za-z0-9’'%?]+")
SEED_CHARTS = {25: "law-09", 27: "laws-10-12", 31: "law-13", 33: "law-14", 35: "law-15",
               37: "law-16", 43: "law-20", 45: "law-21", 47: "law-24", 49: "law-25"}


@functools.cache
def corpus() -> Corpus:
    return load_corpus(ROOT)


def words(text: str) -> list[str]:
    return [w.lower().replace("'", "’") for w in WORD_RE.findall(text.replace("‐", " ").replace("-", " "))]


def printed_texts(chart: Chart) -> list[str]:
    """What the book prints: a corrected box's book_text (its text is the 2017 rule), a corrected
    table line's printed words (about), and every other text as it stands."""
    corrected = {n.id: n.book_text for n in chart.nodes if n.book_text is not None}
    fixed = {" ".join(note.corrected.split()) for g in (chart.table.groups if chart.table else [])
             for note in g.editor_notes if note.corrected}
    out = []
    for node_id, key, text in chart_texts(chart):
        if key == "text" and node_id in corrected:
            out.append(corrected[node_id])
        elif not (node_id is None and " ".join(text.split()) in fixed):
            out.append(text)
    for group in chart.table.groups if chart.table else []:
        out += [note.about for note in group.editor_notes if note.corrected]
    return out


def chart_words(chart: Chart) -> Counter[str]:
    """Words in boxes, arrow labels and cells as the book prints them; each Yes/No arrow stands
    for the page's Y/N mark."""
    found = Counter(w for text in printed_texts(chart) for w in words(text))
    for node in chart.nodes:
        if node.kind is Kind.QUESTION:
            found.update(["y", "n"])
    return found


def recall(page: dict, chart: Chart) -> tuple[float, list[str]]:
    text = page["text"]
    text = text[len(page["heading"]):] if text.startswith(page["heading"]) else text
    text = re.sub(r"\s\d+\s*$", "", text)
    printed = Counter(words(text))
    have = chart_words(chart)
    missed = printed - have
    return 1 - sum(missed.values()) / sum(printed.values()), sorted(missed.elements())


@needs_shared
@pytest.mark.parametrize("page_number", sorted(SEED_CHARTS))
def test_seed_chart_words(page_number: int) -> None:
    pages = {p["page"]: p for p in json.loads((SHARED / "book" / "charts.json").read_text(encoding="utf-8"))["present"]}
    chart = corpus().charts[SEED_CHARTS[page_number]]
    assert chart.page == page_number
    share, missed = recall(pages[page_number], chart)
    assert share >= 0.98, f"p.{page_number}: {share:.1%} of the page's words; missing {missed}"


@needs_shared
@pytest.mark.parametrize("page_number", sorted(SEED_CHARTS))
def test_seed_chart_boxes_keep_the_printed_words(page_number: int) -> None:
    """A box of a book chart holds the page's words; a box the book lacks is marked `added:`."""
    pages = {p["page"]: p for p in json.loads((SHARED / "book" / "charts.json").read_text(encoding="utf-8"))["present"]}
    printed = Counter(words(pages[page_number]["text"]))
    chart = corpus().charts[SEED_CHARTS[page_number]]
    assert chart.origin.value == "book"
    for node in chart.nodes:
        if node.added is not None:
            continue
        own = words(node.book_text or node.text)
        unprinted = [w for w in own if w not in printed]
        assert len(unprinted) <= max(1, len(own) // 10), (
            f"{chart.id} box '{node.id}' has words the page does not print: {unprinted} (mark it added: if the book lacks it)")


def test_only_the_ten_seed_charts_claim_to_be_the_books() -> None:
    books = sorted(c.id for c in corpus().charts.values() if c.origin.value == "book")
    assert books == sorted(SEED_CHARTS.values())
