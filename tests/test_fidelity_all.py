"""Laws 27–93 on the site, word for word against their sources (the WBF file; seed 003)."""
from __future__ import annotations

import difflib
import functools
import re
from pathlib import Path

import pytest

from support import ROOT, SHARED, needs_shared
from generator.index.lawtree import places
from generator.corpus.corpus import Corpus
from generator.corpus.loading import load_corpus
from test_fidelity import site_law_words, words

WBF = SHARED / "sources" / "laws-2017-wbf-laws23-72.txt"
SEED_72 = SHARED / "seeds" / "003_53e9d84ca28b48df.txt"
FURNITURE = re.compile(r"^(2017 LAWS OF DUPLICATE BRIDGE|\d+ \| Page|source: .*)$")
# Where the site knowingly departs from seed 003, which ../shared/README.md lists as defective:
# Law 78 restores the IMP scale (figures from the ACBL edition) and the C/D headings, and prints a
# repeated paragraph once; 85 and 87 restore missing headings; 77's tables are structured.
REPAIRED = {77, 78, 85, 87}
# Footnotes whose text none of our sources holds (seed 003 misnumbers them): their markers only.
NO_TEXT = {74: "23", 76: "24"}


@functools.cache
def corpus() -> Corpus:
    return load_corpus(ROOT)


@functools.cache
def sources() -> dict[int, str]:
    """Each Law's text in its source: page furniture and footnote texts taken out."""
    # Longest first: a short footnote must not match inside a longer one that begins alike.
    notes = sorted((note for law in corpus().laws.values() for note in law.footnotes), key=lambda n: -len(n.text))
    out: dict[int, str] = {}
    for path in (SEED_72, WBF):  # the WBF file's Law 72 is the older wording: seed 003 holds 72–93
        lines: list[str] = []
        for line in path.read_text(encoding="utf-8").splitlines():
            if FURNITURE.match(line.strip()):
                continue
            if line.strip() and [ln for ln in lines if ln.strip()][-1:] == [line]:
                continue  # seed 003 prints a paragraph of Law 78 twice over
            lines.append(line)
        text = "\n".join(lines)
        for note in notes:
            # A footnote stands at the foot of its page, which may be within the next Law.
            pattern = r"[^A-Za-z0-9’'%]*".join(re.escape(w) for w in re.findall(r"[A-Za-z0-9’'%]+", note.text))
            text = re.sub(r"(\[\d+\]|\b\d+)\s*" + pattern + r"\.?", " ", text)
        parts = re.split(r"^LAW (\d+) [–‐-] ", text, flags=re.M)
        for i in range(1, len(parts) - 1, 2):
            out.setdefault(int(parts[i]), parts[i + 1])
    return out


def source_words(number: int) -> list[str]:
    text = sources()[number]
    ids = [str(note.id) for note in corpus().laws[number].footnotes] + [NO_TEXT.get(number, "x")]
    marks = "|".join(ids)
    # Footnote markers glued to a word ("cards20,") or bracketed ("area[2]").
    text = re.sub(rf"(?<=[a-z’),.])(?:{marks})\b|\[\d\]", " ", text)
    return words(text)


@needs_shared
@pytest.mark.parametrize("number", range(27, 94))
def test_law_text_equals_its_source(real_site: Path, number: int) -> None:
    expected = source_words(number)
    shown, notes = site_law_words(real_site, number)
    matcher = difflib.SequenceMatcher(a=expected, b=shown, autojunk=False)
    differences = [(op, " ".join(expected[a1:a2]), " ".join(shown[b1:b2]))
                   for op, a1, a2, b1, b2 in matcher.get_opcodes()
                   if op != "equal" and not (set(expected[a1:a2]) | set(shown[b1:b2])) <= notes]
    if number in REPAIRED:
        # Only the repaired parts may differ: the tables (headings printed once, figures restored)
        # and the section headings the seed had lost.
        law = corpus().laws[number]
        allowed = {w for s in law.sections for w in words(f"{s.id} {s.title or ''}")}
        for place in places(law):
            for table in place.block.tables():
                allowed |= {w for cell in [*table.columns, *(c for row in table.rows for c in row)] for w in words(cell)}
        stray = [d for d in differences if not set(words(d[1] + " " + d[2])) <= allowed]
        assert stray == [], f"Law {number}: differences outside the repaired tables and headings: {stray[:5]}"
    else:
        assert differences == [], f"Law {number}: {len(expected)} source words, differences: {differences[:5]}"
