"""Taps from the home page to the complete ruling, on a phone.

Each everyday situation in benchmarks/everyday_rulings.yaml is walked as a Director would: open the
search (a tap), type what was heard at the table (typing is not counted), tap the result that leads
to the right chart, answer the questions the step-through asks until the ruling is on the screen.
An answer the search's result already gave is not asked again; where a situation result carried
answers that do not fit the table's facts, the Director taps back to the first that does not (a
tap, and one more to unfold the earlier answers when it is folded away).

    python benchmarks/taps.py [SITE]        # SITE: a built site (default: site/)

prints each situation's taps, then the median and the worst (the goal: median ≤ 6, worst ≤ 10).
tests/browser/test_taps.py runs the same walks and holds the goal.
"""
from __future__ import annotations

import functools
import http.server
import re
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
from generator.flowcharts.walk import walk  # noqa: E402
from generator.sources.model import Scenario  # noqa: E402

CASES = ROOT / "benchmarks" / "everyday_rulings.yaml"
PHONE = {"width": 390, "height": 844}
CHROMIUM_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync"]
MOST_TAPS = 25  # a walk still going after this many taps is lost


@dataclass(frozen=True)
class Case:
    """An everyday situation: what the Director hears, what he types, and the ruling it leads to."""
    title: str
    part: str
    query: str
    chart: str
    facts: dict[str, str]
    ruling: str
    case: str | None = None  # the chart's Case box, where it has several


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
    return [Case(title=c["title"], part=c["part"], query=c["query"], chart=c["chart"],
                 facts={str(k): str(v) for k, v in c["facts"].items()}, ruling=c["ruling"],
                 case=c.get("case")) for c in raw["situations"]]


def expected_route(case: Case) -> list[str]:
    """The boxes the case's answers lead through, read from the chart as the site's walk reads them."""
    corpus = load_corpus(ROOT, cached=True)
    chart = corpus.charts[case.chart]
    route = walk(chart, Scenario(title=case.title, story=case.title, case=case.case, facts=case.facts,
                                   ruling=case.ruling))
    return route


def _target(href: str) -> str:
    """The box a choice or trail link leads to: the last word of its route."""
    last = href.rsplit("#", 1)[-1].rsplit("/", 1)[-1]
    return last.split(":", 1)[-1]


def walk_from_home(page: Any, base_url: str, case: Case, route: list[str]) -> Walked:
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
    walk_part = f"/walk/{case.chart}/"
    chosen = None
    for item in page.locator("#site-search-results .sr-item").all():
        for link in item.locator("a").all():
            if walk_part in (link.get_attribute("href") or ""):
                chosen = link
                break
        if chosen is not None:
            break
    if chosen is None:
        out.problem = "no result leads to the chart's step-through"
        return out
    tap(chosen, "result")
    page.locator("#walk-current, .walk-ruling-card.walk-final").first.wait_for()
    wanted = set(route)
    while out.taps < MOST_TAPS:
        page.locator(".walk-ruling-card").first.wait_for()
        marked = page.locator(".walk-map .map-here")
        here = marked.first.get_attribute("data-box") if marked.count() == 1 else "start"  # Cases outlined
        final = page.locator(".walk-ruling-card.walk-final").count() > 0
        if final and here == case.ruling:
            break
        ways = page.locator(".walk-choices .walk-choice").all()
        onward = [w for w in ways if _target(w.get_attribute("href") or "") in wanted]
        if onward and here in wanted:
            tap(onward[0], "answer " + (onward[0].inner_text() or "").strip())
            continue
        # An answer given (by a situation's link) leads off the table's facts: back to it.
        wrong = _first_wrong_answer(page, route)
        if wrong is None:
            out.problem = "the walk left the route and no earlier answer leads back"
            return out
        back = page.locator(".walk-trail li > a").all()
        link = next((a for a in back if _target(a.get_attribute("href") or "") == wrong), None)
        if link is None:
            out.problem = f"no link back to the answer at {wrong}"
            return out
        if not link.is_visible():
            tap(page.locator(".walk-earlier > summary").first, "unfold earlier answers")
        tap(link, "back to the answer at " + wrong)
    out.reached = final and here == case.ruling
    if not out.reached:
        out.problem = out.problem or "the walk did not end at the expected ruling"
        return out
    box = page.locator(".walk-ruling-card.walk-final").first.bounding_box()
    out.on_first_screen = box is not None and box["y"] < PHONE["height"] * 0.6
    return out


def _first_wrong_answer(page: Any, route: list[str]) -> str | None:
    """The first box whose answer in the walk's address is not the table's: the route in the
    address (past any @chart and at: marks) against the expected route, box by box."""
    words = page.evaluate("() => location.hash.slice(1)").split("/")
    ids = [w.split(":", 1)[-1] for w in words if w and not w.startswith("@")]
    position = {box: i for i, box in enumerate(route)}
    for here, nxt in zip(ids, ids[1:]):
        if here in position and position[here] + 1 < len(route) and route[position[here] + 1] != nxt:
            return here
    return None


def summary(walked: list[Walked]) -> str:
    taps = [w.taps for w in walked if w.reached]
    lines = [f"{w.taps:3d} taps  {'ok ' if w.reached and w.on_first_screen else 'NO '} {w.case.part:<10} {w.case.title}"
             + (f"  ({w.problem})" if w.problem else "") for w in walked]
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

    site = Path(argv[0]) if argv else ROOT / "site"
    cases = load_cases()
    walked = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        page = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
        for base in _serve(site):
            for case in cases:
                walked.append(walk_from_home(page, base, case, expected_route(case)))
        browser.close()
    print(summary(walked))
    return 0 if all(w.reached for w in walked) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
