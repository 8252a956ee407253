"""What the site shows equals the sources: Laws 1–26 word for word against the book's text."""
from __future__ import annotations

import difflib
import json
import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from support import SHARED, needs_shared

SEED = SHARED / "seeds" / "000_442d24ac293edbe1.txt"
CHART_PAGES = {25, 27, 31, 33, 35, 37, 43, 45, 47, 49}
# Where the site knowingly differs from the seed's words (none at present).
KNOWN: dict[int, set[str]] = {}
# The footnote of a beside-quote (67B2(a) beside Law 14), printed at the foot of the page.
QUOTE_FOOTNOTES = ["20 The Director should avoid, when possible, exposing a defender’s played cards, but if an "
                   "extra card to be restored to a defender’s hand has been exposed, it becomes a penalty card "
                   "(see Law 50)."]
WORD_RE = re.compile(r"[A-Za-z0-9’'%]+")


def words(text: str) -> list[str]:
    return [w.lower().replace("'", "’") for w in WORD_RE.findall(text)]


def seed_laws() -> dict[int, str]:
    """The text of Laws 1–26 from the seed: page numbers, beside-quotes and footnotes removed."""
    pages = [p for p in SEED.read_text(encoding="utf-8").split("\n") if p.strip()]
    text_pages = []
    for page in pages:
        m = re.search(r"\s(\d+)$", page)
        if m and 20 <= int(m.group(1)) <= 50 and int(m.group(1)) not in CHART_PAGES:
            text_pages.append(page[: m.start()])
    text = " ".join(text_pages)
    assoc = json.loads((SHARED / "book" / "associated.json").read_text(encoding="utf-8"))
    for page in assoc["pages"]:
        for quote in page["associated"]:
            text = _remove(text, quote.get("heading_printed", "") + " " + quote["text"])
        for note in page.get("footnotes", []):
            text = _remove(text, note["marker"] + " " + note["text"])
    for passage in QUOTE_FOOTNOTES:
        text = _remove(text, passage)
    parts = re.split(r"LAW (\d+) ?[‐–-] ?", text)
    return {int(parts[i]): parts[i + 1] for i in range(1, len(parts) - 1, 2) if int(parts[i]) <= 26}


def _remove(text: str, passage: str) -> str:
    # Token by token, so that punctuation and dashes printed differently in the quote still match.
    pattern = r"[^A-Za-z0-9’'%]*".join(re.escape(w) for w in WORD_RE.findall(passage))
    return re.sub(pattern, " ", text, count=1)


def site_law_words(site: Path, number: int) -> tuple[list[str], set[str]]:
    """Words of the Law's own text on its page (title, markers, text, tables), and its footnote numbers."""
    soup = BeautifulSoup((site / f"laws/law-{number:02d}/index.html").read_text(encoding="utf-8"), "html.parser")
    article = soup.select_one("article")
    notes = {sup.get_text() for sup in article.select("sup.fn-ref")}
    for junk in article.select("aside, .law-meta, .headerlink, .law-footnotes, sup.fn-ref"):
        junk.decompose()
    out: list[str] = words(soup.select_one("h1").get_text().split("–", 1)[1])
    for el in article.find_all(["h2", "div"], recursive=False):
        if "law-footnotes" in (el.get("class") or []):
            continue
        if el.get("id") in ("beside", "cited-by"):
            break
        out += words(el.get_text(" "))
    return out, notes


@needs_shared
@pytest.mark.parametrize("number", range(1, 27))
def test_law_text_equals_the_book(real_site: Path, number: int) -> None:
    expected = words(seed_laws()[number])
    shown, notes = site_law_words(real_site, number)
    differences = []
    matcher = difflib.SequenceMatcher(a=expected, b=shown, autojunk=False)
    for op, a1, a2, b1, b2 in matcher.get_opcodes():
        if op == "equal":
            continue
        changed = set(expected[a1:a2]) | set(shown[b1:b2])
        if changed <= notes | KNOWN.get(number, set()):
            continue  # a footnote's number printed where the flattening put the superscript
        differences.append((op, " ".join(expected[a1:a2]), " ".join(shown[b1:b2])))
    assert differences == [], f"Law {number}: {len(expected)} seed words, differences: {differences[:5]}"
