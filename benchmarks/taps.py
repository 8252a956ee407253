"""Taps from the home page to the complete ruling, on a phone.

Each everyday situation in benchmarks/everyday_rulings.yaml is walked as a Director would: open the
search (a tap), type what was heard at the table (typing is not counted), tap the result that leads
to the right chart, answer the questions the step-through asks until the ruling is on the screen.
An answer the search's result already gave is not asked again; where a situation result carried
answers that do not fit the table's facts, the Director taps back to the first that does not (a
tap, and one more to unfold the earlier answers when it is folded away).

    python benchmarks/taps.py [--steps] [SITE]     # SITE: a built site (default: site/)

prints each situation's taps, then the median and the worst (the goal: median ≤ 6, worst ≤ 10).
tests/browser/test_taps.py runs the same walks and holds the goal.
"""
from __future__ import annotations

import functools
import http.server
import statistics
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.corpus.loading import load_corpus  # noqa: E402
from generator.flowcharts.walk import START, WalkError, asks_if_holds, choices, walk  # noqa: E402
from generator.sources.model import Kind, Scenario  # noqa: E402

CASES = ROOT / "benchmarks" / "everyday_rulings.yaml"
PHONE = {"width": 390, "height": 844}
CHROMIUM_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync"]
MOST_TAPS = 25  # a walk still going after this many taps is lost


@dataclass(frozen=True)
class Case:
    """An everyday situation: what the Director hears, what he types, and the ruling it leads to.
    `facts` answer the boxes of the ruling's chart; `before` those of charts the walk may pass
    through first (a situation found in the chart of Law 17 that hands over to Laws 35-37)."""
    title: str
    part: str
    query: str
    chart: str
    facts: dict[str, str]
    ruling: str
    case: str | None = None  # the chart's Case box, where it has several
    before: dict[str, dict[str, str]] = field(default_factory=dict)

    def answers(self, chart: str) -> dict[str, str]:
        return self.facts if chart == self.chart else self.before.get(chart, {})

    def charts(self) -> set[str]:
        return {self.chart, *self.before}


@dataclass
class Walked:
    case: Case
    taps: int = 0
    steps: list[str] = field(default_factory=list)  # what each tap was, for the report
    reached: bool = False
    on_first_screen: bool = False
    problem: str = ""


def load_cases(path: Path = CASES) -> list[Case]:
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    flat = lambda facts: {str(k): str(v) for k, v in (facts or {}).items()}  # noqa: E731
    return [Case(title=c["title"], part=c["part"], query=c["query"], chart=c["chart"], facts=flat(c["facts"]),
                 ruling=c["ruling"], case=c.get("case"),
                 before={chart: flat(f) for chart, f in (c.get("before") or {}).items()}) for c in raw["situations"]]


_SOURCES = {"root": ROOT}


def read_from(root: Path) -> None:
    """Read the charts from another copy of the project (the one a site was built from)."""
    _SOURCES["root"] = root
    _corpus.cache_clear()


@functools.cache
def _corpus() -> Any:
    return load_corpus(_SOURCES["root"], cached=True)


def check_case(case: Case) -> list[str]:
    """The route the case's facts take through its ruling's chart (from its Case or first box);
    a WalkError when the facts do not lead to the ruling."""
    chart = _corpus().charts[case.chart]
    route = walk(chart, Scenario(title=case.title, story=case.title, case=case.case, facts=case.facts,
                                 ruling=case.ruling))
    if route[-1] != case.ruling:
        raise WalkError(f"{case.title}: the facts lead to {route[-1]}, not to {case.ruling}")
    return route


def wanted_way(case: Case, chart_id: str, box_id: str) -> str | None:
    """The box the table's facts lead to from a box, as the site's walk reads facts: an answer
    given, a condition that holds unless the facts say not, the Case named; None if not answered."""
    chart = _corpus().charts.get(chart_id)
    if chart is None:
        return None
    facts = case.answers(chart_id)
    if box_id == START:
        return case.case if chart_id == case.chart else facts.get(START)
    node = chart.by_id.get(box_id)
    if node is None:
        return None
    ways = choices(chart, node)
    answer = facts.get(box_id)
    yes_no = node.kind is Kind.QUESTION or asks_if_holds(chart, node)
    if answer is None and asks_if_holds(chart, node):
        answer = "yes"
    if answer is None:
        return None
    picked = [w for w in ways if (w.label.lower() == answer.lower() if yes_no else w.to == answer)]
    return picked[0].to if picked else None


def _target(href: str) -> str:
    """The box a choice or trail link leads to: the last word of its route."""
    last = href.rsplit("#", 1)[-1].rsplit("/", 1)[-1]
    return last.split(":", 1)[-1]


def _chart_of(url: str) -> str:
    return url.split("/walk/", 1)[1].split("/", 1)[0] if "/walk/" in url else ""


def walk_from_home(page: Any, base_url: str, case: Case) -> Walked:
    out = Walked(case)

    def tap(locator: Any, what: str) -> None:
        locator.click()
        out.taps += 1
        out.steps.append(what)

    page.set_viewport_size(PHONE)
    page.goto(base_url)
    tap(page.locator(".site-search-button").first, "search")
    page.locator(".site-search-input").fill(case.query)
    page.locator("#site-search-results .sr-item, #site-search-results .sr-none").first.wait_for()
    # The first result that leads into the walk: a situation, or a Law's "Step through".
    chosen = None
    for item in page.locator("#site-search-results .sr-item").all():
        chosen = next((a for a in item.locator("a").all() if _chart_of(a.get_attribute("href") or "") in case.charts()), None)
        if chosen is not None:
            break
    if chosen is None:
        out.problem = "no result leads to the chart's step-through"
        return out
    tap(chosen, "result")
    page.locator("#walk-current, .walk-ruling-card.walk-final").first.wait_for()
    while out.taps < MOST_TAPS:
        page.locator(".walk-ruling-card").first.wait_for()
        chart = _chart_of(page.url)
        marked = page.locator(".walk-map .map-here")
        here = marked.first.get_attribute("data-box") if marked.count() == 1 else START  # Cases outlined
        final = page.locator(".walk-ruling-card.walk-final").count() > 0
        if final and chart == case.chart and here == case.ruling:
            out.reached = True
            break
        wrong = _first_wrong_answer(page, case, chart)
        if wrong is not None:
            # An answer given (by a situation's link) is not the table's: back to it.
            link = next((a for a in page.locator(".walk-trail li > a").all()
                         if _target(a.get_attribute("href") or "") == wrong), None)
            if link is None:
                out.problem = f"no link back to the answer at {wrong}"
                return out
            if not link.is_visible():
                tap(page.locator(".walk-earlier > summary").first, "unfold earlier answers")
            tap(link, "back to the answer at " + wrong)
            continue
        chained = _chain_button(page, case, chart, here)
        if chained is not None:
            tap(chained[0], chained[1])
            continue
        # A question asked now, or (under a final card) one judged when play has ended.
        to = wanted_way(case, chart, here)
        button = next((w for w in page.locator(".walk-choices .walk-choice").all()
                       if _target(w.get_attribute("href") or "") == to), None)
        if button is None and final:
            onward = [a for a in page.locator(".walk-continue-link").all()
                      if _chart_of(a.get_attribute("href") or "") in case.charts()]
            if not onward:
                out.problem = f"the walk ended at {chart} {here}, not at the ruling"
                return out
            tap(onward[0], "on to " + _chart_of(onward[0].get_attribute("href") or ""))
            page.locator("#walk-current, .walk-ruling-card.walk-final").first.wait_for()
            continue
        if button is None:
            out.problem = f"the facts do not answer {chart} {here}"
            return out
        tap(button, "answer " + (button.inner_text() or "").strip())
    if not out.reached:
        out.problem = out.problem or "lost: too many taps"
        return out
    box = page.locator(".walk-ruling-card.walk-final").first.bounding_box()
    out.on_first_screen = box is not None and box["y"] < PHONE["height"] * 0.6
    return out


def _way(chart_id: str, box_id: str, label: str) -> str | None:
    chart = _corpus().charts[chart_id]
    return next((c.to for c in choices(chart, chart.by_id[box_id]) if c.label == label), None)


def _chain_button(page: Any, case: Case, chart: str, here: str) -> tuple[Any, str] | None:
    """Under a question, the questions asked next while the answer is No: the Yes of the first
    the facts say holds (past the question of now), or No to all when none does."""
    items = page.locator(".walk-chain-list > li").all()
    if not items:
        return None
    if wanted_way(case, chart, here) != _way(chart, here, "No"):
        return None  # Yes here (or not said): the question's own buttons
    for item in items:
        box = item.get_attribute("data-box") or ""
        way = wanted_way(case, chart, box)
        if way is None:
            return None  # the facts stop short of this one: answer the question of now alone
        if way == _way(chart, box, "Yes"):
            return item.locator(".walk-chain-yes"), f"yes at {box} (no to those before)"
    return page.locator(".walk-chain-none"), f"no to all {len(items) + 1}"


def _first_wrong_answer(page: Any, case: Case, chart: str) -> str | None:
    """The first box of this chart whose answer in the walk's address is not the table's."""
    words = page.evaluate("() => location.hash.slice(1)").split("/")
    ids: list[str] = []
    part = chart
    for w in words:
        if w.startswith("@"):
            part = w[1:]
        elif part == chart and w:
            ids.append(w.split(":", 1)[-1])
    for here, nxt in zip(ids, ids[1:]):
        to = wanted_way(case, chart, here)
        if to is not None and to != nxt:
            return here
    return None


def summary(walked: list[Walked], steps: bool = False) -> str:
    taps = [w.taps for w in walked if w.reached]
    lines = []
    for w in walked:
        lines.append(f"{w.taps:3d} taps  {'ok ' if w.reached and w.on_first_screen else 'NO '} {w.case.part:<12} "
                     f"{w.case.title}" + (f"  ({w.problem})" if w.problem else ""))
        if steps:
            lines.append("           " + " · ".join(w.steps))
    if taps:
        lines.append(f"{len(taps)} of {len(walked)} reached their ruling; taps median {statistics.median(taps):g}, "
                     f"worst {max(taps)} (goal: median ≤ 6, worst ≤ 10)")
    return "\n".join(lines)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        pass


def _serve(site: Path) -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()


def main(argv: list[str]) -> int:
    from playwright.sync_api import sync_playwright

    steps = "--steps" in argv
    argv = [a for a in argv if a != "--steps"]
    site = Path(argv[0]) if argv else ROOT / "site"
    cases = load_cases()
    for case in cases:
        check_case(case)  # facts that do not lead to the ruling are the data's mistake, said at once
    walked = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        page = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
        for base in _serve(site):
            for case in cases:
                walked.append(walk_from_home(page, base, case))
        browser.close()
    print(summary(walked, steps))
    return 0 if all(w.reached for w in walked) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
