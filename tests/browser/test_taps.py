"""Taps from the home page to the complete ruling on a phone, for the everyday situations of
benchmarks/everyday_rulings.yaml (benchmarks/taps.py walks them and prints the figures): every one
reaches its ruling with the card on the first screen, the median in six taps at most and none in
more than ten."""
from __future__ import annotations

import statistics
import sys
from pathlib import Path
from typing import Any

import pytest

from support import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
import taps  # noqa: E402  (the benchmark's walker, so the test and the figures agree)

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(autouse=True)
def _the_charts_the_site_was_built_from(real_project: Path) -> None:
    taps.read_from(real_project)


def test_the_situations_are_everyday_ones_of_every_part_of_the_game() -> None:
    cases = taps.load_cases()
    assert len(cases) >= 24
    assert {c.part for c in cases} >= {"auction", "play", "claims", "boards", "explanations", "information", "scoring"}
    for case in cases:
        taps.check_case(case)  # the facts lead to the ruling named


def test_each_everyday_situation_reaches_its_ruling_in_few_taps(page: Any, base_url: str) -> None:
    walked = [taps.walk_from_home(page, base_url, case) for case in taps.load_cases()]
    report = taps.summary(walked, steps=True)
    lost = [w for w in walked if not (w.reached and w.on_first_screen)]
    assert not lost, report
    counts = [w.taps for w in walked]
    assert statistics.median(counts) <= 6, report
    assert max(counts) <= 10, report
