"""The views of a Law across editions, in Chromium: accessible, readable without colour, one anchor per provision."""
from __future__ import annotations

from typing import Any

import pytest

from test_accessibility import serious

pytestmark = pytest.mark.browser

VIEWS = ["editions/1997-2017/law-45/", "editions/1997/law-43/", "editions/1997-2017/"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", VIEWS)
def test_the_edition_views_have_no_serious_violations(browser: Any, base_url: str, path: str, scheme: str) -> None:
    context = browser.new_context(color_scheme=scheme)
    page = context.new_page()
    page.goto(base_url + path)
    page.wait_for_load_state("networkidle")
    assert serious(page) == []
    context.close()


def test_deleted_and_added_words_are_marked_without_colour(page: Any, base_url: str) -> None:
    page.goto(base_url + "editions/1997-2017/law-45/#45C1")
    first_del = page.locator("[id='45C1'] del").first
    first_ins = page.locator("[id='45C1'] ins").first
    # Struck through and underlined, and bracketed with visible marks.
    assert "line-through" in first_del.evaluate("e => getComputedStyle(e).textDecorationLine")
    assert "underline" in first_ins.evaluate("e => getComputedStyle(e).textDecorationLine")
    assert first_del.inner_text().startswith("[−") and first_del.inner_text().endswith("]")
    assert first_ins.inner_text().startswith("[+")
    # A screen reader hears what each is.
    assert first_del.locator(".visually-hidden").text_content() == "deleted: "
    assert first_ins.locator(".visually-hidden").text_content() == "added: "


def test_the_switch_keeps_the_provision_in_view(page: Any, base_url: str) -> None:
    page.goto(base_url + "laws/law-45/#45C1")
    switch = page.locator("nav.edition-switch")
    assert switch.locator("a[aria-current='page']").inner_text().endswith("2017 text")
    switch.get_by_role("link", name="Changes since 1997").click()
    page.wait_for_url("**/editions/1997-2017/law-45/#45C1")
    assert page.locator("[id='45C1']").is_visible()
    page.locator("nav.edition-switch").get_by_role("link", name="1997 wording").click()
    page.wait_for_url("**/editions/1997/law-45/#45C1")
    # 1997's 45C1 "Defender's Card" carries the anchor of the 2017 paragraph it became.
    assert "Defender’s Card" in page.locator("[id='45C1']").inner_text()


def test_a_renumbered_provision_keeps_its_anchor_in_the_1997_wording(page: Any, base_url: str) -> None:
    # 1997's 45D (card misplayed by dummy) became 2017's 45D1: #45D1 in every view.
    page.goto(base_url + "editions/1997/law-45/#45D1")
    assert page.locator("[id='45D1']").inner_text().startswith("D.")
    assert "Card Misplayed by Dummy" in page.locator("[id='45D1']").inner_text()
    assert "Not in force" in page.locator(".edition-not-in-force").inner_text()
