"""Scores, IMPs and weighted adjusted scores, computed from the tables printed in Laws 77 and 78.

Every figure comes from the `table:` entries of `laws/law-77.yaml` and `laws/law-78.yaml` (and the
game threshold from Law 77's own words), so the tools can never disagree with the Law pages. The
browser's copy of this arithmetic is `docs/javascripts/score-tools.js`: keep the two in step.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any, Callable

from generator.index.lawtree import places
from generator.sources.model import Block, Law, Table

DOUBLINGS = ("", "X", "XX")  # undoubled, doubled, redoubled: the keys used everywhere below
NO_TRUMP = "NT"
# Letters a caller may use for the suit symbols that head Law 77's columns (their English names).
SUIT_LETTERS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
# Rules of the game, not scoring figures: a contract at level n undertakes the first six tricks
# (the "book"; the Definitions: an odd trick is each trick "in excess of six") and n more, and
# a deal has thirteen tricks (Law 77 prints "all 13 tricks" for a grand slam; checked on loading).
BOOK = 6
TRICKS = 13
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6}
IMP_RANGE_RE = re.compile(r"^(\d+)\s*(?:[–-]\s*(\d+)|(\+))$")

Pair = tuple[int, int]  # (not vulnerable, vulnerable), the order of Law 77's columns


class ScoringDataError(ValueError):
    """Law 77 or 78 does not hold a table in the shape the scoring tools read."""


@dataclass(frozen=True)
class ImpRange:
    """One entry of Law 78B's scale: differences from `low` to `high` (None: and above)."""

    low: int
    high: int | None
    imps: int


@dataclass(frozen=True)
class ScoringTables:
    """Law 77's scoring table and Law 78B's IMP scale, as numbers."""

    first_trick: dict[str, dict[str, int]]  # strain -> doubling -> the first odd trick
    more_tricks: dict[str, dict[str, int]]  # strain -> doubling -> each further odd trick
    game_threshold: int
    slams: dict[int, Pair]  # contract level -> premium
    overtricks: dict[str, Pair | None]  # doubling -> per overtrick; None: "Trick Value"
    game: Pair
    partscore: int
    insult: dict[str, int]  # doubling -> premium for making a doubled or redoubled contract
    undertricks: dict[str, dict[str, Pair]]  # "first" | "additional" | "bonus" -> doubling -> value
    bonus_from: int  # the undertrick from which the bonus applies ("the fourth")
    imp_scale: tuple[ImpRange, ...]

    @classmethod
    def from_laws(cls, law77: Law, law78: Law) -> ScoringTables:
        """Read both Laws' tables; raises ScoringDataError naming what is missing."""
        tables = _tables(law77)
        suits = _find(tables, lambda t: any(c in SUIT_LETTERS.values() for c in t.columns), "suit trick values")
        nt = _find(tables, lambda t: "no-trump" in t.columns[0].lower(), "no-trump trick values")
        first: dict[str, dict[str, int]] = {}
        for col, suit in enumerate(suits.columns[1:], 1):
            first[suit] = {d: _number(row[col]) for d, row in _by_doubling(suits.rows)}
        more = {s: dict(v) for s, v in first.items()}  # in a suit every odd trick counts alike
        nt_cols = {_doubling(c): i for i, c in enumerate(nt.columns) if _doubling(c) is not None}
        for row in nt.rows:
            target = first if "first" in row[0].lower() else more if "additional" in row[0].lower() else None
            if target is not None:
                target[NO_TRUMP] = {d: _number(row[i]) for d, i in nt_cols.items()}
        if NO_TRUMP not in first or NO_TRUMP not in more:
            raise ScoringDataError("Law 77: the no-trump table needs a first and an additional odd trick")

        words = " ".join(t for p in places(law77) for t in (p.block.text, p.block.after) if t)
        game = re.search(r"trick score of (\d+) points or more[^.]*\bGAME\b", words)
        if game is None:
            raise ScoringDataError("Law 77: the words 'A trick score of N points or more … is GAME' are missing")

        slam_table = _find(tables, lambda t: "slam" in (t.caption or t.columns[0]).lower(), "slam premiums")
        slams: dict[int, Pair] = {}
        for row in slam_table.rows:
            won = re.search(r"\((?:all )?(\d+) tricks\)", row[0])
            if won:
                slams[int(won.group(1)) - BOOK] = _pair(slam_table, row)
        if max(slams, default=0) + BOOK != TRICKS:
            raise ScoringDataError(f"Law 77: the grand slam should be all {TRICKS} tricks")

        over_table = _find(tables, lambda t: t.columns[0].lower() == "overtricks", "overtricks")
        overtricks = {d: None if "trick value" in row[1].lower() else _pair(over_table, row)
                      for d, row in _by_doubling(over_table.rows)}

        premiums = _find(tables, lambda t: t.columns[0].lower().startswith("premiums"), "premiums")
        found: dict[str, int] = {}
        for label, value in ((r[0].lower(), r[1]) for r in premiums.rows):
            key = ("game_nv" if "game" in label and "not vulnerable" in label
                   else "game_vul" if "game" in label
                   else "partscore" if "partscore" in label
                   else "XX" if "any redoubled" in label  # "doubled, but not redoubled" also says "redoubled"
                   else "X" if "any doubled" in label else None)
            if key is not None:
                found[key] = _number(value)
        if len(found) != 5:
            raise ScoringDataError(f"Law 77: premiums found {sorted(found)}; expected game, partscore, doubled, redoubled")

        under, bonus_from = _undertricks(_find(tables, lambda t: "undertrick" in t.columns[0].lower(), "undertricks"))
        return cls(first, more, int(game.group(1)), slams, overtricks, (found["game_nv"], found["game_vul"]),
                   found["partscore"], {"": 0, "X": found["X"], "XX": found["XX"]}, under, bonus_from,
                   _imp_scale(law78))

    def score_parts(self, level: int, strain: str, doubled: str, vulnerable: bool, tricks: int) -> list[tuple[str, int]]:
        """The score line by line, as Law 77 builds it; negative amounts go to the defenders."""
        strain = self.strain(strain)
        if not 1 <= level <= TRICKS - BOOK or not 0 <= tricks <= TRICKS or doubled not in DOUBLINGS:
            raise ValueError(f"no such contract or result: {level}{strain}{doubled}, {tricks} tricks")
        v = int(vulnerable)
        needed = BOOK + level
        if tricks < needed:
            down = needed - tricks
            under = self.undertricks
            parts = [("First undertrick", -under["first"][doubled][v])]
            if down > 1:
                parts.append((f"{down - 1} additional undertrick{'s' * (down > 2)}",
                              -under["additional"][doubled][v] * (down - 1)))
            extra = down - self.bonus_from + 1
            if extra > 0 and under["bonus"][doubled][v]:
                parts.append((f"Bonus for undertricks from the {_ordinal(self.bonus_from)}",
                              -under["bonus"][doubled][v] * extra))
            return parts
        trick_score = self.first_trick[strain][doubled] + self.more_tricks[strain][doubled] * (level - 1)
        parts = [("Trick score", trick_score)]
        over = tricks - needed
        if over:
            each = self.overtricks[doubled]
            # "Trick Value": an undoubled overtrick is worth what a further odd trick is worth.
            value = self.more_tricks[strain][""] if each is None else each[v]
            parts.append((f"{over} overtrick{'s' * (over > 1)}", value * over))
        if level in self.slams:
            parts.append(("Grand slam" if level == max(self.slams) else "Small slam", self.slams[level][v]))
        if trick_score >= self.game_threshold:
            parts.append(("Game, vulnerable" if vulnerable else "Game, not vulnerable", self.game[v]))
        else:
            parts.append(("Partscore", self.partscore))
        if self.insult[doubled]:
            parts.append(("Making a redoubled contract" if doubled == "XX" else "Making a doubled contract",
                          self.insult[doubled]))
        return parts

    def contract_score(self, level: int, strain: str, doubled: str, vulnerable: bool, tricks: int) -> int:
        """The score for declarer's side: positive when made, negative when defeated."""
        return sum(points for _, points in self.score_parts(level, strain, doubled, vulnerable, tricks))

    def strain(self, strain: str) -> str:
        """A strain as Law 77 heads it: `♠`, or `NT`; accepts the letters C D H S N too."""
        s = strain.strip().upper()
        s = SUIT_LETTERS.get(s, NO_TRUMP if s in {"N", "NT"} else strain.strip())
        if s not in self.first_trick:
            raise ValueError(f"unknown strain {strain!r}")
        return s

    def imps(self, difference: float) -> int:
        """Law 78B: a point difference in IMPs, keeping its sign."""
        size = abs(difference)
        # Every score in Law 77 is a multiple of 10, so every difference is one too, and each
        # printed range lists exactly the multiples of 10 it covers ("20–40" is 20, 30, 40). A
        # difference that is not (from a weighted score) falls in a gap between two ranges: we
        # read each range as running up to its own top, so the gap goes with the range above it
        # (15 → 1 IMP, 425 → 10 IMPs). The JS reads it the same way.
        for entry in self.imp_scale:
            if entry.high is None or size <= entry.high:
                return entry.imps if difference >= 0 else -entry.imps
        raise AssertionError("the last range of the scale is open-ended")

    def weighted_score(self, results: list[tuple[int, float]], compare_with: int | None = None) -> tuple[float, float | None]:
        """Law 12C1(c): (weighted points, weighted IMPs against `compare_with`, or None without one)."""
        if not results:
            raise ValueError("a weighted score needs at least one result")
        total = sum(w for _, w in results)
        if any(w < 0 for _, w in results) or not (math.isclose(total, 1, abs_tol=1e-6)
                                                  or math.isclose(total, 100, abs_tol=1e-4)):
            raise ValueError(f"weights must be fractions summing to 1 or percentages summing to 100, not {total:g}")
        points = sum(score * w for score, w in results) / total
        if compare_with is None:
            return points, None
        # The practice: each result is turned into IMPs against the other table, then the IMPs
        # are weighted (not the IMPs of the weighted points, which would differ).
        imps = sum(self.imps(score - compare_with) * w for score, w in results) / total
        return points, imps

    def as_data(self) -> dict[str, Any]:
        """The same tables as a JSON-ready dict for the browser (score-tools.js reads these keys)."""
        return {
            "source": "Laws 77 and 78B",
            "book": BOOK,
            "tricks": TRICKS,
            "strains": list(self.first_trick),
            "firstTrick": self.first_trick,
            "moreTricks": self.more_tricks,
            "gameThreshold": self.game_threshold,
            "slams": {str(level): list(p) for level, p in self.slams.items()},
            "overtricks": {d: None if p is None else list(p) for d, p in self.overtricks.items()},
            "game": list(self.game),
            "partscore": self.partscore,
            "insult": self.insult,
            "undertricks": {k: {d: list(p) for d, p in v.items()} for k, v in self.undertricks.items()},
            "bonusFrom": self.bonus_from,
            "imps": [[r.low, r.high, r.imps] for r in self.imp_scale],
        }


def scoring_data(law77: Law, law78: Law) -> dict[str, Any]:
    """The scoring tables of Laws 77 and 78 as a JSON-ready dict."""
    return ScoringTables.from_laws(law77, law78).as_data()


def _tables(law: Law) -> list[Table]:
    blocks: list[Block] = [p.block for p in places(law)]
    return [t for b in blocks for t in b.tables()]


def _find(tables: list[Table], test: Callable[[Table], bool], what: str) -> Table:
    found = [t for t in tables if test(t)]
    if len(found) != 1:
        raise ScoringDataError(f"Law 77: expected one table of {what}, found {len(found)}")
    return found[0]


def _doubling(label: str) -> str | None:
    """`Undoubled` → "", `Doubled` → "X", `Redoubled` → "XX" (the Law prints one as `Redouble`)."""
    word = label.strip().lower()
    for prefix, key in (("undoubl", ""), ("redoubl", "XX"), ("doubl", "X")):
        if word.startswith(prefix):
            return key
    return None


def _by_doubling(rows: list[list[str]]) -> list[tuple[str, list[str]]]:
    """The rows labelled undoubled, doubled and redoubled, each once."""
    out = [(d, row) for row in rows if (d := _doubling(row[0])) is not None]
    if sorted(d for d, _ in out) != sorted(DOUBLINGS):
        raise ScoringDataError(f"Law 77: expected one row each for undoubled, doubled, redoubled in {rows}")
    return out


def _number(cell: str) -> int:
    try:
        return int(cell.replace(",", "").strip())
    except ValueError:
        raise ScoringDataError(f"expected a figure in a scoring table, found {cell!r}") from None


def _pair(table: Table, row: list[str]) -> Pair:
    """A row's (not vulnerable, vulnerable) figures, found by the column headings."""
    heads = [c.strip().lower() for c in table.columns]
    try:
        return _number(row[heads.index("not vulnerable")]), _number(row[heads.index("vulnerable")])
    except ValueError:
        raise ScoringDataError(f"Law 77: a table needs 'Not Vulnerable' and 'Vulnerable' columns: {table.columns}") from None


def _undertricks(table: Table) -> tuple[dict[str, dict[str, Pair]], int]:
    """Law 77's undertrick table: three groups, each headed by a row naming which undertricks."""
    groups: dict[str, dict[str, Pair]] = {}
    bonus_from = 0
    group = _group(table.columns[0])
    for row in table.rows:
        if _doubling(row[0]) is None:
            group = _group(row[0])
            if group == "bonus":
                ordinal = next((n for word, n in ORDINALS.items() if word in row[0].lower()), 0)
                bonus_from = ordinal
            continue
        if group is None:
            raise ScoringDataError(f"Law 77: undertrick row {row} is under no heading")
        groups.setdefault(group, {})[_doubling(row[0]) or ""] = _pair(table, row)
    if set(groups) != {"first", "additional", "bonus"} or any(len(g) != 3 for g in groups.values()) or bonus_from < 2:
        raise ScoringDataError("Law 77: the undertrick table needs first, additional and bonus rows for each doubling")
    return groups, bonus_from


def _group(label: str) -> str | None:
    words = label.lower()
    return "bonus" if "bonus" in words else "additional" if "additional" in words else "first" if "first" in words else None


def _imp_scale(law78: Law) -> tuple[ImpRange, ...]:
    """Law 78B's scale, read pair of columns by pair of columns, checked to leave no difference out."""
    tables = [t for p in places(law78) for t in p.block.tables() if any("IMP" in c for c in t.columns)]
    if len(tables) != 1:
        raise ScoringDataError(f"Law 78: expected one IMP table, found {len(tables)}")
    table = tables[0]
    out = []
    for row in table.rows:
        for col in range(0, len(row) - 1, 2):
            cell = row[col].strip()
            if not cell:
                continue
            m = IMP_RANGE_RE.match(cell)
            if m is None:
                raise ScoringDataError(f"Law 78: cannot read the range {cell!r}")
            out.append(ImpRange(int(m.group(1)), int(m.group(2)) if m.group(2) else None, _number(row[col + 1])))
    out.sort(key=lambda r: r.low)
    for before, after in zip(out, out[1:]):
        # Ranges run in steps of 10 points (see `imps`) and each is worth one IMP more.
        if before.high is None or after.low != before.high + 10 or after.imps != before.imps + 1:
            raise ScoringDataError(f"Law 78: the range {after.low} does not follow {before.low}–{before.high}")
    if not out or out[0].low != 0 or out[-1].high is not None:
        raise ScoringDataError("Law 78: the scale must start at 0 and end with an open range (N+)")
    return tuple(out)


def _ordinal(n: int) -> str:
    return next(word for word, value in ORDINALS.items() if value == n)
