"""Every Law and section title equals the book's contents, except the differences in docs/notes/titles.md."""
from __future__ import annotations

import json
import re

from support import ROOT, SHARED, needs_shared
from generator.corpus.loading import load_corpus
from generator.index.xref import FOOTNOTE_RE


def norm(title: str | None) -> str:
    return FOOTNOTE_RE.sub("", (title or "").replace("\u2010", "-").replace("'", "’")).strip()


def noted_differences() -> set[tuple[str, str, str]]:
    rows = re.findall(r"^\| (\d+[A-Z]?) \| (.+?) \| (.+?) \|$", (ROOT / "docs/notes/titles.md").read_text(encoding="utf-8"), re.M)
    return {(place, toc, text) for place, toc, text in rows}


@needs_shared
def test_titles_equal_the_contents() -> None:
    toc = json.loads((SHARED / "book" / "toc.json").read_text(encoding="utf-8"))
    corpus = load_corpus(ROOT)
    assert len(toc["laws"]) == 93
    found = set()
    for entry in toc["laws"]:
        law = corpus.laws[entry["law"]]
        if norm(law.title) != norm(entry["title"]):
            found.add((str(law.law), entry["title"], law.title))
        ours = {s.id: norm(s.title) for s in law.sections if s.lettered and s.title}
        theirs = {s["id"]: norm(s["title"]) for s in entry["sections"]}
        assert set(theirs) <= {s.id for s in law.sections}, f"Law {law.law}: sections missing"
        for sid in sorted(set(ours) | set(theirs)):
            if ours.get(sid) != theirs.get(sid):
                found.add((f"{law.law}{sid}", theirs.get(sid, "–"), ours.get(sid, "–")))
    assert found == noted_differences()
