"""The one search, as a Director uses it: the query set scored, a typed citation landing on its
paragraph, a situation leading to its chart, results that fit a phone, nothing fetched early."""
from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from support import ROOT
from generator.tools.searcheval import Judge, load_queries

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
# The floors this build must keep on the project's own query sets (README: "Search"): a change
# that ranks worse fails here. The held-out set was written apart and never tuned on.
FLOORS = {"search_queries.yaml": (0.90, 0.90), "search_queries_heldout.yaml": (0.72, 0.74)}


def run_queries(page: Any, base_url: str, texts: list[str]) -> dict[str, list[str]]:
    page.goto(base_url)
    page.wait_for_function("window.lawSearch")
    found = page.evaluate("""async qs => { const out = {}; for (const q of qs) {
        out[q] = (await window.lawSearch.query(q)).map(r => r.url); } return out; }""", texts)
    return {q: [u.replace(base_url, "") for u in urls] for q, urls in found.items()}


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_the_query_set_finds_the_right_law_first(page: Any, base_url: str, name: str, real_corpus: Any) -> None:
    queries = load_queries(ROOT / "tests" / name)
    results = run_queries(page, base_url, [q.q for q in queries])
    scored = Judge(real_corpus).score("site", queries, results)
    top1, top3 = FLOORS[name]
    print(scored.line())
    assert scored.top1 / scored.total >= top1, scored.misses
    assert scored.top3 / scored.total >= top3
    assert scored.citations_landed == scored.citations, "every typed citation lands on its paragraph"


def open_header_search(page: Any) -> Any:
    page.locator(".site-search-button").click()
    field = page.locator("#site-search input")
    expect(field).to_be_focused()
    return field


def type_query(page: Any, field: Any, query: str) -> None:
    """Type `query` and wait for the results of the whole of it, not of a prefix still shown
    while the last key's are made (the list says which query it answers)."""
    field.press_sequentially(query, delay=10)
    expect(page.locator("#site-search-results")).to_have_attribute("data-query", query, timeout=20000)


@pytest.mark.parametrize("typed, anchor", [("50D", "50D"), ("Law 12C1(c)", "12C1c"), ("l 64 b 2", "64B2"), ("27 b 1 (b)", "27B1b")])
def test_a_typed_citation_opens_its_paragraph_in_view(page: Any, base_url: str, console_errors: list[str], typed: str, anchor: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(base_url + "laws/law-01/")
    field = open_header_search(page)
    type_query(page, field, typed)
    first = page.locator("#site-search-results a.sr-link").first
    expect(first).to_contain_text("Law ")
    expect(first).to_have_attribute("href", re.compile("#" + re.escape(anchor) + "$"))
    field.press("Enter")
    expect(page).to_have_url(re.compile("#" + re.escape(anchor) + "$"))
    expect(page.locator(f'[id="{anchor}"]')).to_be_in_viewport()
    assert console_errors == []


def test_a_missing_paragraph_leads_to_the_nearest_that_exists(page: Any, base_url: str) -> None:
    page.goto(base_url)
    found = page.evaluate("window.lawSearch.query('50D9')")
    assert found[0]["url"].endswith("laws/law-50/#50D")
    assert "nearest" in found[0]["snippet"]


def settled(page: Any, selector: str) -> list[str]:
    """The result links once the answer to the last key stroke is in (the list holds still)."""
    links = page.locator(selector)
    expect(links.first).to_be_visible()
    before: list[str] = []
    for _ in range(40):
        now = links.evaluate_all("els => els.map(e => e.href)")
        if now == before:
            return now
        before = now
        page.wait_for_timeout(150)
    return before


def test_the_home_box_and_the_header_give_the_same_results(page: Any, base_url: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(base_url)
    page.locator("#finder-input").press_sequentially("revoke after next trick", delay=10)
    home_links = settled(page, "#finder-results a.sr-link")
    field = open_header_search(page)
    field.press_sequentially("revoke after next trick", delay=10)
    assert settled(page, "#site-search-results a.sr-link") == home_links


def test_a_situation_leads_to_its_chart_and_step_through(page: Any, base_url: str, console_errors: list[str]) -> None:
    page.set_viewport_size(PHONE)
    page.goto(base_url)
    page.locator("#finder-input").press_sequentially("insufficient bid", delay=10)
    expect(page.locator("#finder-results")).to_have_attribute("data-query", "insufficient bid", timeout=20000)
    item = page.locator("#finder-results li.sr-situation", has_text="Insufficient Bid").first
    expect(item).to_be_visible()
    # A situation's one link is its step-through, answered as far as the situation tells: one tap
    # from the results to the next question the Director must ask.
    expect(item.locator("a.sr-link")).to_have_attribute("href", re.compile(r"/walk/law-27/#q_rotation/"))
    item.locator("a.sr-link").click()
    expect(page).to_have_url(re.compile(r"/walk/law-27/#q_rotation/"))
    expect(page.locator("#walk-current")).to_be_visible()
    assert console_errors == []


def test_results_fit_a_phone(page: Any, base_url: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(base_url + "laws/law-55/")
    field = open_header_search(page)
    type_query(page, field, "lead from wrong hand")
    # The titles are shown first, the words under them as their shards arrive: measured with both.
    expect(page.locator("#site-search-results")).to_have_attribute("data-snippets", "lead from wrong hand")
    items = page.locator("#site-search-results li")
    expect(items.first).to_be_visible()
    heights = items.evaluate_all("els => els.map(e => e.getBoundingClientRect().height)")
    line = page.locator("#site-search-results .sr-title").first.evaluate("e => parseFloat(getComputedStyle(e).lineHeight) || 17")
    # Title and two lines of snippet at most (a situation's long title, after its kind, may take
    # three lines): never a paragraph's worth of text in the list.
    assert max(heights) <= 5.5 * line + 16, heights
    assert len(heights) >= 5
    # The first several results are on the first screen.
    in_view = items.evaluate_all(f"els => els.filter(e => e.getBoundingClientRect().bottom <= {PHONE['height']}).length")
    assert in_view >= 5


def test_nothing_of_the_index_is_fetched_before_the_first_search(page: Any, base_url: str) -> None:
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url))
    page.goto(base_url + "laws/law-50/")
    page.wait_for_load_state("networkidle")
    assert not [u for u in fetched if "/search/" in u], fetched
    field = open_header_search(page)
    field.press_sequentially("penalty card", delay=10)
    expect(page.locator("#site-search-results a.sr-link").first).to_be_visible()
    assert any(u.endswith("/search/index.json") for u in fetched)


def test_the_keyboard_opens_moves_through_and_closes_the_search(page: Any, base_url: str) -> None:
    page.goto(base_url + "laws/law-16/")
    page.keyboard.press("/")
    field = page.locator("#site-search input")
    expect(field).to_be_focused()
    field.press_sequentially("claim", delay=10)
    expect(page.locator("#site-search-results a.sr-link").first).to_be_visible()
    field.press("ArrowDown")
    expect(page.locator("#site-search-results a.sr-link").first).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(page.locator("#site-search-results a.sr-link").nth(1)).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("#site-search")).not_to_be_visible()
