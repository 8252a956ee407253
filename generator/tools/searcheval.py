"""How good the search is, measured: a set of Directors' queries, each with the Law (and where it
aims at one, the paragraph) the first result should be, scored against what an engine returned.

Used by `benchmarks/search_eval.py` (which compares engines) and by the search tests.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import yaml

from generator.corpus.corpus import Corpus


@dataclass(frozen=True)
class Query:
    q: str
    law: int
    para: str | None = None
    also: tuple[int, ...] = ()
    kind: str = ""

    def right_law(self, laws: tuple[int, ...]) -> bool:
        return bool({self.law, *self.also} & set(laws))


def load_queries(path: Path) -> list[Query]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return [Query(str(d["q"]), int(d["law"]), d.get("para"), tuple(d.get("also", ())), d.get("kind", "")) for d in data["queries"]]


def _is_paragraph(url: str) -> bool:
    """A Law paragraph's address (laws/law-NN/#27B1), not a situation's walk or a chart."""
    parts = urlsplit(url)
    return "/laws/law-" in "/" + parts.path.lstrip("/") and bool(parts.fragment) and not parts.fragment.startswith("chart-")


def _holds(got: str, want: str) -> bool:
    """The place shown is the one wanted, or a level of it below the Law (27B holds 27B1)."""
    level = re.match(r"\d+[a-z]?", want)
    return got == want or (bool(got) and len(got) >= (len(level.group(0)) if level else 99)
                           and (got.startswith(want) or want.startswith(got)))


def _key(anchor: str) -> str:
    return re.sub(r"[^a-z0-9]", "", anchor.casefold())


@dataclass
class Scored:
    """The figures for one engine on one query set."""

    engine: str
    total: int = 0
    top1: int = 0
    top3: int = 0
    with_para: int = 0
    para_exact: int = 0  # first result's anchor is the paragraph itself
    para_within: int = 0  # … or the item, paragraph or section (not the whole Law) that holds it
    first_right: int = 0  # the first result is right: its Law's situation or chart, or its paragraph (or the level holding it) where the query aims at one
    citations: int = 0
    citations_landed: int = 0
    misses: list[tuple[str, str]] = field(default_factory=list)  # (query, what came first)
    by_kind: dict[str, list[int]] = field(default_factory=dict)  # kind -> [queries, right Law first]

    def kinds_line(self) -> str:
        return "  ".join(f"{k} {v[1]}/{v[0]}" for k, v in sorted(self.by_kind.items()))

    def line(self) -> str:
        pct = lambda n, d: f"{100 * n / d:5.1f} %" if d else "   -  "  # noqa: E731
        return (f"{self.engine:<28} top-1 {pct(self.top1, self.total)}  top-3 {pct(self.top3, self.total)}  "
                f"first result right {pct(self.first_right, self.total)}  "
                f"first result on the paragraph {pct(self.para_exact, self.with_para)} "
                f"(or the level holding it {pct(self.para_within, self.with_para)})  "
                f"citations landed {self.citations_landed}/{self.citations}  ({self.total} queries)")


class Judge:
    """Reads a result's site path as the Law(s) and the place it shows."""

    def __init__(self, corpus: Corpus) -> None:
        self.chart_laws = {c.id: tuple(c.laws) for c in corpus.charts.values()}

    def laws_of(self, url: str) -> tuple[int, ...]:
        parts = urlsplit(url)
        path, anchor = parts.path, parts.fragment
        m = re.search(r"/laws/law-(\d{2})/", "/" + path.lstrip("/"))
        if m:
            if anchor.startswith("chart-") and anchor[6:] in self.chart_laws:
                return self.chart_laws[anchor[6:]]
            return (int(m.group(1)),)
        m = re.search(r"/(?:charts|walk)/([a-z0-9-]+)/", "/" + path.lstrip("/"))
        if m and m.group(1) in self.chart_laws:
            return self.chart_laws[m.group(1)]
        return ()

    def score(self, engine: str, queries: list[Query], results: dict[str, list[str]]) -> Scored:
        """`results`: for each query text, the site paths of the results, best first."""
        s = Scored(engine)
        for query in queries:
            urls = results.get(query.q, [])
            s.total += 1
            first = urls[0] if urls else ""
            tally = s.by_kind.setdefault(query.kind, [0, 0])
            tally[0] += 1
            if first and query.right_law(self.laws_of(first)):
                s.top1 += 1
                tally[1] += 1
            else:
                s.misses.append((query.q, first or "(nothing)"))
            if any(query.right_law(self.laws_of(u)) for u in urls[:3]):
                s.top3 += 1
            if first and query.right_law(self.laws_of(first)) and (not query.para or not _is_paragraph(first)
                                                                    or _holds(_key(urlsplit(first).fragment), _key(query.para))):
                s.first_right += 1
            if query.para:
                s.with_para += 1
                got, want = _key(urlsplit(first).fragment), _key(query.para)
                exact = bool(first) and query.right_law(self.laws_of(first)) and got == want
                shorter = min(got, want, key=len)
                section_level = len(re.match(r"\d+[a-z]?", want).group(0)) if re.match(r"\d+[a-z]?", want) else 99
                within = exact or (bool(got) and query.right_law(self.laws_of(first)) and len(shorter) >= section_level
                                   and (got.startswith(want) or want.startswith(got)))
                s.para_exact += exact
                s.para_within += within
                if query.kind == "citation":
                    s.citations += 1
                    s.citations_landed += exact
        return s
