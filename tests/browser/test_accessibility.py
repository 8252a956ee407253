"""axe-core finds no serious or critical violation on the pages a Director uses most."""
from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe

pytestmark = pytest.mark.browser


def serious(page: Any) -> list[str]:
    results = Axe().run(page)
    return [f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


# The pages a Director uses most: home, a Law with its chart, a walk at a question and at its
# Ruling card, a lesson, the situations, a chart, the score tools.
PAGES = ["", "laws/law-27/", "walk/law-27/#q_rotation/q_unintended/q_must_pass/q_lho_called",
         "walk/law-27/#q_rotation/q_unintended/q_must_pass/q_lho_called/a_accepted", "training/revokes/", "situations/",
         "charts/law-24/", "tools/score/"]
WIDTHS = {"phone": {"width": 390, "height": 844}, "desk": {"width": 1280, "height": 900}}


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", sorted(WIDTHS))
def test_no_serious_violations(browser: Any, base_url: str, width: str, scheme: str) -> None:
    """Every control named and every text readable, on a phone and at a desk, light and dark."""
    context = browser.new_context(viewport=WIDTHS[width], color_scheme=scheme)
    page = context.new_page()
    found = {}
    for path in PAGES:
        page.goto(base_url + path)  # its scripts have run (they are at the end of the page, not deferred)
        page.locator("button.site-search-button").wait_for()  # the header's search, which a script adds
        if scheme == "dark":
            assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == "slate"
        violations = serious(page)
        if violations:
            found[path] = violations
    context.close()
    assert found == {}


def test_each_chart_has_a_name_a_description_and_words(page: Any, base_url: str) -> None:
    page.goto(base_url + "laws/law-14/")
    svg = page.locator("#chart-law-14 svg").first
    assert svg.get_attribute("role") == "img"
    labelled = svg.get_attribute("aria-labelledby").split()
    assert page.locator(f'[id="{labelled[0]}"]').text_content() == "Law 14: Missing Card (Total Cards < 52)"
    assert "chart in words" in page.locator(f'[id="{labelled[1]}"]').text_content()
    steps = page.locator("#chart-law-14 ol.chart-steps > li")
    assert steps.count() > 10
