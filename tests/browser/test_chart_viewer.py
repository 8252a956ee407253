"""The chart viewer for fingers and for the desk: the chart beside its Law fitted on a phone with its
start in view, the enlarged view filling the screen (never blank, zoomed by buttons and by a
pinch, closed by Esc and by Back), a tapped box starting the step-through there, the step-through's
map, and links that last (a paragraph's permalink while scrolling, a state link after edits)."""
from __future__ import annotations

import io
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
DESK = {"width": 1440, "height": 900}
LAW_27 = "laws/law-27/"


def phone(browser: Any) -> Any:
    return browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()


def rect(page: Any, selector: str) -> dict[str, float]:
    return page.evaluate(f"(() => {{ const r = document.querySelector({selector!r}).getBoundingClientRect();"
                         " return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height}; })()")


def inside(inner: dict[str, float], outer: dict[str, float]) -> bool:
    return (inner["left"] >= outer["left"] - 1 and inner["right"] <= outer["right"] + 1
            and inner["top"] >= outer["top"] - 1 and inner["bottom"] <= outer["bottom"] + 1)


def scale(page: Any) -> float:
    return float(page.locator("dialog.chart-viewer").get_attribute("data-scale"))


def drawn_share(page: Any, selector: str) -> float:
    """The share of an element's pixels that are not white: how much of the drawing is on screen."""
    from PIL import Image

    image = Image.open(io.BytesIO(page.locator(selector).screenshot())).convert("L")
    pixels = image.tobytes()
    return sum(1 for p in pixels if p < 235) / len(pixels)


def open_viewer(page: Any) -> None:
    page.locator("figure.chart .chart-enlarge").first.click()
    expect(page.locator("dialog.chart-viewer")).to_be_visible()


def test_on_a_phone_the_chart_fits_the_width_with_its_start_at_the_top(browser: Any, base_url: str) -> None:
    page = phone(browser)
    page.goto(base_url + LAW_27)
    frame = rect(page, "#chart-law-27 .chart-svg")
    drawing = rect(page, "#chart-law-27 .chart-svg svg")
    assert drawing["width"] <= frame["width"] + 1  # fitted: nothing to pan sideways
    start = rect(page, '#chart-law-27 [data-box="q_rotation"]')
    assert inside(start, frame) and start["top"] - frame["top"] < 0.15 * frame["height"]
    expect(page.locator("#chart-law-27 .chart-enlarge")).to_be_visible()
    page.context.close()


def test_on_the_desk_a_wide_chart_opens_on_its_start_box(page: Any, base_url: str) -> None:
    page.set_viewport_size(DESK)
    page.goto(base_url + "laws/law-64/")
    frame = rect(page, "#chart-law-64 .chart-svg")
    start_id = page.locator("#chart-law-64 .chart-svg").get_attribute("data-start").split()[0]
    start = rect(page, f'#chart-law-64 [data-box="{start_id}"]')
    assert start["left"] >= frame["left"] and start["right"] <= frame["right"]


def test_the_enlarged_chart_fills_the_screen_is_drawn_and_zooms(browser: Any, base_url: str) -> None:
    page = phone(browser)
    page.goto(base_url + LAW_27)
    open_viewer(page)
    dialog = rect(page, "dialog.chart-viewer")
    assert dialog["width"] >= PHONE["width"] - 1 and dialog["height"] >= PHONE["height"] - 1
    stage = rect(page, ".viewer-stage")
    assert inside(rect(page, '.viewer-layer [data-box="q_rotation"]'), stage)
    assert drawn_share(page, ".viewer-stage") > 0.03, "the enlarged chart is blank"
    fitted = scale(page)
    page.locator(".viewer-in").click()
    page.locator(".viewer-in").click()
    assert scale(page) == pytest.approx(fitted * 2.25, rel=0.01)
    assert drawn_share(page, ".viewer-stage") > 0.03, "zoomed in, the chart is blank"
    page.locator(".viewer-out").click()
    assert scale(page) == pytest.approx(fitted * 1.5, rel=0.01)
    page.locator(".viewer-fit").click()
    assert scale(page) == pytest.approx(fitted, rel=0.01)
    page.context.close()


def test_a_pinch_enlarges_the_chart(browser: Any, base_url: str) -> None:
    page = phone(browser)
    page.goto(base_url + LAW_27)
    open_viewer(page)
    before = scale(page)
    cdp = page.context.new_cdp_session(page)

    def touch(kind: str, spread: float) -> None:
        points = [] if kind == "touchEnd" else [{"x": 195 - spread, "y": 420, "id": 1}, {"x": 195 + spread, "y": 420, "id": 2}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", 40)
    for spread in range(50, 130, 10):
        touch("touchMove", spread)
    touch("touchEnd", 0)
    assert scale(page) > before * 2.5
    page.context.close()


def test_esc_and_back_close_the_enlarged_chart(page: Any, base_url: str) -> None:
    page.set_viewport_size(DESK)
    page.goto(base_url + LAW_27)
    open_viewer(page)
    page.keyboard.press("+")
    page.keyboard.press("Escape")
    expect(page.locator("dialog.chart-viewer")).to_be_hidden()
    assert page.url.endswith(LAW_27)
    open_viewer(page)
    page.go_back()
    expect(page.locator("dialog.chart-viewer")).to_be_hidden()
    assert page.url.endswith(LAW_27)  # Back closed the viewer, it did not leave the Law


def test_a_tapped_box_starts_the_step_through_there(browser: Any, base_url: str) -> None:
    page = phone(browser)
    page.goto(base_url + LAW_27)
    open_viewer(page)
    box = page.locator('.viewer-layer [data-box="q_lho_called"]')
    for _ in range(3):
        page.locator(".viewer-in").click()
    # Drag the box to the middle of the screen (a pan), then tap it.
    b = box.bounding_box()
    page.mouse.move(200, 450)
    page.mouse.down()
    page.mouse.move(200 + 195 - (b["x"] + b["width"] / 2), 450 + 450 - (b["y"] + b["height"] / 2), steps=8)
    page.mouse.up()
    b = box.bounding_box()
    assert inside({"left": b["x"], "right": b["x"] + b["width"], "top": b["y"], "bottom": b["y"] + b["height"]},
                  rect(page, ".viewer-stage"))
    page.touchscreen.tap(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)
    sheet = page.locator(".viewer-sheet")
    expect(sheet).to_contain_text("Has offender’s LHO called over")
    sheet.get_by_text("Step through from here").click()
    page.wait_for_url("**/walk/law-27/#at:q_lho_called")
    expect(page.locator("#walk-current")).to_contain_text("Has offender’s LHO called over")
    expect(page.locator(".walk-notice")).to_contain_text("questions before it were not asked")
    page.locator(".walk-choice", has_text="No").click()
    assert "#at:q_lho_called/" in page.url  # the route goes on from the tapped box
    page.context.close()


def test_the_step_through_shows_where_it_is_on_the_chart(browser: Any, base_url: str) -> None:
    page = phone(browser)
    page.goto(base_url + "walk/law-27/#q_rotation/q_unintended/q_must_pass")
    here = page.locator(".walk-map .map-here")
    expect(here).to_have_count(1)
    assert here.get_attribute("data-box") == "q_must_pass"
    assert page.locator(".walk-map .map-passed[data-box]").count() == 2
    assert page.locator(".walk-map .edge.map-passed").count() == 2
    assert inside(rect(page, ".walk-map .map-here"), rect(page, ".walk-map-view"))
    page.locator(".walk-map-open").click()
    expect(page.locator("dialog.chart-viewer")).to_be_visible()
    assert inside(rect(page, ".viewer-layer .map-here"), rect(page, ".viewer-stage"))
    page.context.close()


def test_a_state_link_outlives_edits_or_says_it_cannot(page: Any, base_url: str) -> None:
    page.goto(base_url + "walk/law-27/#q_rotation/q_unintended/q_must_pass")
    expect(page.locator("#walk-current")).to_contain_text("required by law to pass")
    expect(page.locator(".walk-notice")).to_have_count(0)
    # A route through a box the chart no longer has (or no longer joins): said so, walked from the top.
    page.goto(base_url + "walk/law-27/#q_rotation/q_unintended/q_gone_since")
    expect(page.locator(".walk-notice")).to_contain_text("not in the chart as it stands")
    expect(page.locator("#walk-current")).to_contain_text("Was the insufficient bid made in rotation")
    assert page.url.endswith("#q_rotation")
    page.goto(base_url + "walk/law-27/#at:q_gone")
    expect(page.locator(".walk-notice")).to_contain_text("not in the chart as it stands")


def test_a_paragraph_permalink_stays_while_the_page_scrolls(page: Any, base_url: str) -> None:
    page.set_viewport_size(DESK)
    page.goto(base_url + LAW_27 + "#27B1a")
    for _ in range(6):
        page.mouse.wheel(0, 600)
        page.wait_for_timeout(150)
    page.wait_for_timeout(400)
    assert page.url.endswith("#27B1a")


def test_a_walk_started_at_a_box_carries_on_across_a_hand_off(page: Any, base_url: str) -> None:
    page.goto(base_url + "walk/law-27/#at:q_lho_called/a_offer/o1/k_prem_accepted/a_prem_withdrawn/a_accepted_prem")
    expect(page.locator(".walk-notice")).to_contain_text("questions before it were not asked")
    page.locator(".walk-continue-link").first.click()
    page.wait_for_url("**/walk/law-26/**")
    assert "#@law-27/at:q_lho_called/" in page.url
    expect(page.locator(".walk-notice")).to_contain_text("questions before it were not asked")
    expect(page.locator("#walk-ruling")).to_contain_text("Law 26B applies")  # the earlier chart's ruling came along


def test_the_map_and_the_back_button_at_either_end_of_a_walk(page: Any, base_url: str) -> None:
    # At the choice of Case (drawn as no box of its own) the Cases are outlined on the map.
    page.goto(base_url + "walk/law-16/")
    expect(page.locator(".walk-map .map-here").first).to_be_visible()
    assert page.locator(".walk-map .map-here").count() >= 2
    # Started at a box with one way on: no question was answered, so there is no Back to offer.
    page.goto(base_url + "walk/law-27/#at:a_correct")
    expect(page.locator("#walk-current")).not_to_be_empty()
    expect(page.locator(".walk-back")).to_have_count(0)
    # A box that is a reference to another Law is not one a walk can stand on: not offered.
    page.goto(base_url + "laws/law-44/")
    assert page.locator('[data-box^="r44"]').count() == 0
