"""The score tools against worked examples, each derived by hand from the tables of Laws 77 and 78B."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup

from support import ROOT
from generator.sources.errors import Problems
from generator.sources.model import Law
from generator.site.pages import score_tools_page
from generator.text.embed import script_json
from generator.tools.scoring import ScoringDataError, ScoringTables, scoring_data
from generator.text.templates import environment
from generator.sources.yamlsource import read_yaml

# Its tests share module fixtures worth making once: pytest-xdist keeps them in one process.
pytestmark = pytest.mark.xdist_group("test_scoring")

JS = ROOT / "docs" / "javascripts" / "score-tools.js"


def read_law(number: int) -> Law:
    """One Law straight from its file, so these tests do not wait on the rest of the corpus."""
    problems = Problems(ROOT)
    data = read_yaml(ROOT / "laws" / f"law-{number:02d}.yaml", problems)
    problems.raise_if_any()
    return Law.model_validate(data)


@pytest.fixture(scope="module")
def laws() -> tuple[Law, Law]:
    return read_law(77), read_law(78)


@pytest.fixture(scope="module")
def tables(laws: tuple[Law, Law]) -> ScoringTables:
    return ScoringTables.from_laws(*laws)


# (level, strain, doubled, vulnerable, tricks, score) with the sum worked from the tables.
CONTRACTS = [
    (4, "♠", "", False, 10, 420),     # 4×30 = 120 (game) + 300 game not vul
    (4, "♠", "", True, 11, 650),      # 120 + 30 overtrick (trick value) + 500 game vul
    (3, "NT", "", True, 9, 600),      # 40 + 2×30 = 100 (game) + 500
    (1, "NT", "X", True, 5, -500),    # down 2 doubled vul: 200 first + 300 additional
    (7, "NT", "XX", True, 13, 2980),  # 160 + 6×120 = 880 + 1500 grand slam + 500 game + 100 redoubled
    (6, "♥", "", False, 11, -50),     # down 1 undoubled not vul
    (4, "♥", "X", False, 11, 690),    # 4×60 = 240 + 100 doubled overtrick + 300 game + 50 doubled
    (3, "♣", "XX", True, 5, -2200),   # down 4 redoubled vul: 400 + 3×600; the fourth's bonus is 0 vul
    (2, "♦", "", False, 8, 90),       # 2×20 = 40 (partscore) + 50
    (1, "NT", "X", False, 2, -1100),  # down 5 doubled not vul: 100 + 4×200 + 2×100 bonus (4th, 5th)
    (7, "♣", "XX", False, 0, -7000),  # down 13 redoubled not vul: 200 + 12×400 + 10×200 bonus
    (7, "♣", "XX", True, 0, -7600),   # down 13 redoubled vul: 400 + 12×600
    (1, "♣", "XX", True, 9, 1030),    # 80 (partscore) + 2×400 overtricks + 50 + 100 redoubled
    (2, "♠", "XX", False, 8, 640),    # 2×120 = 240 (game) + 300 + 100 redoubled
    (6, "♠", "", False, 12, 980),     # 6×30 = 180 + 500 small slam + 300 game
    (3, "NT", "", False, 11, 460),    # 100 + 2×30 + 300
    (1, "♦", "X", True, 7, 140),      # 40 (partscore) + 50 + 50 doubled
]


@pytest.mark.parametrize("level, strain, doubled, vulnerable, tricks, score", CONTRACTS)
def test_contract_score(tables: ScoringTables, level: int, strain: str, doubled: str,
                        vulnerable: bool, tricks: int, score: int) -> None:
    assert tables.contract_score(level, strain, doubled, vulnerable, tricks) == score


def test_score_parts_name_each_line(tables: ScoringTables) -> None:
    assert tables.score_parts(7, "NT", "XX", True, 13) == [
        ("Trick score", 880), ("Grand slam", 1500), ("Game, vulnerable", 500), ("Making a redoubled contract", 100)]
    assert tables.score_parts(1, "NT", "X", False, 2) == [
        ("First undertrick", -100), ("4 additional undertricks", -800), ("Bonus for undertricks from the fourth", -200)]


def test_strain_letters(tables: ScoringTables) -> None:
    assert tables.contract_score(4, "S", "", False, 10) == tables.contract_score(4, "♠", "", False, 10)
    assert tables.contract_score(3, "n", "", True, 9) == 600


@pytest.mark.parametrize("args", [(0, "♠", "", False, 10), (8, "♠", "", False, 10), (4, "♠", "", False, 14),
                                  (4, "♠", "XXX", False, 10), (4, "Z", "", False, 10)])
def test_impossible_contracts_are_refused(tables: ScoringTables, args: tuple[Any, ...]) -> None:
    with pytest.raises(ValueError):
        tables.contract_score(*args)


# Scores are multiples of 10, so differences are too, and each printed range lists the multiples
# of 10 it covers. Between two ranges (15, 45, 425: possible only for a weighted score) a
# difference goes with the range above: each range runs up to its own top.
@pytest.mark.parametrize("difference, imps", [
    (0, 0), (10, 0), (15, 1), (20, 1), (40, 1), (45, 2), (50, 2), (420, 9), (425, 10), (430, 10),
    (3990, 23), (3995, 24), (4000, 24), (5000, 24), (-10, 0), (-20, -1), (-630, -12), (-4000, -24),
])
def test_imps(tables: ScoringTables, difference: int, imps: int) -> None:
    assert tables.imps(difference) == imps


def test_imps_at_both_ends_of_every_range(tables: ScoringTables) -> None:
    for entry in tables.imp_scale:
        assert tables.imps(entry.low) == entry.imps
        assert tables.imps(entry.high if entry.high is not None else 10 * entry.low) == entry.imps
        assert tables.imps(-entry.low) == -entry.imps


def test_weighted_score(tables: ScoringTables) -> None:
    made = tables.contract_score(4, "♠", "", True, 10)
    down = tables.contract_score(4, "♠", "", True, 9)
    assert (made, down) == (620, -100)
    # 30% of +620 and 70% of -100: 186 - 70 = 116 points.
    assert tables.weighted_score([(made, 30), (down, 70)], None) == (pytest.approx(116), None)
    assert tables.weighted_score([(made, 0.3), (down, 0.7)], None)[0] == pytest.approx(116)
    # Against +170 (3♠ made with an overtrick, vul): +450 → 10 IMPs and -270 → -7 IMPs, weighted
    # 0.3×10 + 0.7×(-7) = -1.9; the IMPs of the weighted score (116 - 170 = -54) would be -2.
    points, imps = tables.weighted_score([(made, 30), (down, 70)], 170)
    assert (points, imps) == (pytest.approx(116), pytest.approx(-1.9))
    assert tables.imps(116 - 170) == -2
    # Against +620 (the other table made it): 0 and -720 → -12 IMPs, weighted -8.4 (not -11).
    assert tables.weighted_score([(made, 0.3), (down, 0.7)], 620)[1] == pytest.approx(-8.4)
    assert tables.imps(116 - 620) == -11


def test_weights_in_thirds(tables: ScoringTables) -> None:
    points, _ = tables.weighted_score([(420, 33.3), (-50, 33.3), (170, 33.4)], None)
    assert points == pytest.approx((420 * 33.3 - 50 * 33.3 + 170 * 33.4) / 100)
    assert tables.weighted_score([(420, 1 / 3), (-50, 1 / 3), (170, 1 / 3)], None)[0] == pytest.approx(180)


@pytest.mark.parametrize("results", [[], [(420, 50), (-50, 40)], [(420, 0.5)], [(420, 120), (-50, -20)]])
def test_weights_must_sum_to_one_or_a_hundred(tables: ScoringTables, results: list[tuple[int, float]]) -> None:
    with pytest.raises(ValueError):
        tables.weighted_score(results, None)


def test_scoring_data_round_trips_law_78b(laws: tuple[Law, Law]) -> None:
    data = json.loads(json.dumps(scoring_data(*laws)))
    table = laws[1].sections[1].tables()[0]
    printed = set()
    for row in table.rows:
        for col in range(0, len(row), 2):
            if row[col]:
                low, _, high = row[col].rstrip("+").partition("–")
                printed.add((int(low), int(high) if high else None, int(row[col + 1])))
    assert len(printed) == 25
    assert {tuple(r) for r in data["imps"]} == printed


def test_scoring_data_holds_every_figure_of_law_77(laws: tuple[Law, Law]) -> None:
    data = scoring_data(*laws)
    printed = {int(c) for s in laws[0].sections for t in s.tables() for row in t.rows for c in row if c.isdigit()}
    ours: set[int] = set()

    def collect(value: Any) -> None:
        if isinstance(value, bool) or value is None:
            return
        if isinstance(value, int):
            ours.add(value)
        elif isinstance(value, dict):
            for v in value.values():
                collect(v)
        elif isinstance(value, list):
            for v in value:
                collect(v)

    for key in ("firstTrick", "moreTricks", "slams", "overtricks", "game", "partscore", "insult", "undertricks"):
        collect(data[key])
    assert ours == printed
    assert data["gameThreshold"] == 100 and data["bonusFrom"] == 4 and data["strains"] == ["♣", "♦", "♥", "♠", "NT"]


def _edited(law: Law, change: Any) -> Law:
    raw = law.model_dump(exclude_none=True)
    change(raw)
    return Law.model_validate(raw)


def test_a_gap_in_the_imp_scale_is_reported(laws: tuple[Law, Law]) -> None:
    def gap(raw: dict[str, Any]) -> None:
        raw["sections"][1]["table"]["rows"][1][0] = "20–30"
    with pytest.raises(ScoringDataError, match="50"):
        ScoringTables.from_laws(laws[0], _edited(laws[1], gap))


def test_a_missing_table_is_reported(laws: tuple[Law, Law]) -> None:
    def drop(raw: dict[str, Any]) -> None:
        del raw["sections"][2]["table"]
    with pytest.raises(ScoringDataError, match="undertricks"):
        ScoringTables.from_laws(_edited(laws[0], drop), laws[1])


def test_script_json_cannot_end_the_script() -> None:
    text = script_json({"a": "</script><!--&"})
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text) == {"a": "</script><!--&"}


def test_js_mentions_each_function() -> None:
    source = JS.read_text(encoding="utf-8")
    for name in ("scoreParts", "contractScore", "imps", "weightedScore"):
        assert re.search(rf"function {name}\(", source), name
    for key in scoring_data(read_law(77), read_law(78)):
        if key != "source":
            assert f"data.{key}" in source, f"the JS never reads '{key}'"
    assert "score-data" in source and "fetch(" not in source and "XMLHttpRequest" not in source


def test_page_template(laws: tuple[Law, Law]) -> None:
    data = scoring_data(*laws)
    page = score_tools_page(environment(ROOT / "site_templates"), *laws)
    assert page.startswith("---\ntitle: ")
    soup = BeautifulSoup(page.split("---", 2)[2], "html.parser")
    assert json.loads(soup.find("script", id="score-data").string) == data
    for control in soup.find_all(["input", "select"]):
        labelled = control.find_parent("label") or (control.get("id") and soup.find("label", attrs={"for": control["id"]}))
        assert labelled, control
    assert len(soup.find_all(attrs={"aria-live": "polite"})) == 3
    hrefs = {a["href"] for a in soup.find_all("a")}
    assert {"../../laws/law-77/", "../../laws/law-78/#78B", "../../laws/law-12/#12C1c"} <= hrefs
    assert "min-height: 44px" in page


# The JS and the Python must agree; this runs the browser's copy of the arithmetic under Node
# when Node is installed (the page itself is checked in a browser by hand).
@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_js_agrees_with_python(tables: ScoringTables, tmp_path: Path) -> None:
    cases = {"data": tables.as_data(), "scores": [], "imps": []}
    for level in range(1, 8):
        for strain in cases["data"]["strains"]:
            for doubled in ("", "X", "XX"):
                for vulnerable in (False, True):
                    for tricks in range(14):
                        cases["scores"].append([level, strain, doubled, vulnerable, tricks,
                                                tables.contract_score(level, strain, doubled, vulnerable, tricks)])
    cases["imps"] = [[d, tables.imps(d)] for d in range(-4500, 4501, 5)]
    cases["weighted"] = [[[[620, 30], [-100, 70]], 170, list(tables.weighted_score([(620, 30), (-100, 70)], 170))]]
    (tmp_path / "cases.json").write_text(json.dumps(cases, ensure_ascii=False), encoding="utf-8")
    harness = tmp_path / "check.js"
    harness.write_text("""
const fs = require("fs"), vm = require("vm");
const cases = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const attrs = {};
const source = {textContent: JSON.stringify(cases.data), getAttribute: k => attrs[k], setAttribute: (k, v) => { attrs[k] = v; }};
const document = {readyState: "complete", getElementById: id => id === "score-data" ? source : null, querySelector: () => null};
const window = {};
vm.runInNewContext(fs.readFileSync(process.argv[3], "utf8"), {window, document});
const T = window.bridgeScoreTools, wrong = [];
for (const [l, s, d, v, t, want] of cases.scores) if (T.contractScore(l, s, d, v, t) !== want) wrong.push([l, s, d, v, t]);
for (const [d, want] of cases.imps) if (T.imps(d) !== want) wrong.push(["imps", d]);
for (const [r, c, want] of cases.weighted) {
  const got = T.weightedScore(r, c);
  if (Math.abs(got.points - want[0]) > 1e-9 || Math.abs(got.imps - want[1]) > 1e-9) wrong.push(["weighted", r]);
}
console.log(JSON.stringify(wrong));
""", encoding="utf-8")
    run = subprocess.run(["node", str(harness), str(tmp_path / "cases.json"), str(JS)],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == []
