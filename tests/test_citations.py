"""The one citation parser, on every form the Laws and the book's charts use."""
from __future__ import annotations

import pytest

from generator.index.citations import Ref, find, parse_ref


def cited(text: str, law: int | None = 12) -> list[tuple[str, list[str]]]:
    return [(text[m.start:m.end], [r.canonical() for r in m.refs]) for m in find(text, law)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("as in Law 12C1(b) here", [("Law 12C1(b)", ["12C1(b)"])]),
        ("Laws 50, 51 apply", [("Laws 50", ["50"]), ("51", ["51"])]),
        ("subject to Law 16C2.", [("Law 16C2", ["16C2"])]),
        ("but see C following", [("C", ["12C"])]),
        ("[see Law 12C2(a)]", [("Law 12C2(a)", ["12C2(a)"])]),
        ("see Law 20F5 for", [("Law 20F5", ["20F5"])]),
        ("Laws 10-12: Rectifications", [("Laws 10-12", ["10", "11", "12"])]),
        ("Law 12C1(e)(ii) applies", [("Law 12C1(e)(ii)", ["12C1(e)(ii)"])]),
        ("[see Laws 27B1(b), 30B1(b)(i), 31A2(a) and 32A2(a)]",
         [("Laws 27B1(b)", ["27B1(b)"]), ("30B1(b)(i)", ["30B1(b)(i)"]), ("31A2(a)", ["31A2(a)"]), ("32A2(a)", ["32A2(a)"])]),
        ("(see C2 below)", [("C2", ["12C2"])]),
        ("[see also C1(d)] the", [("C1(d)", ["12C1(d)"])]),
        ("from A and B above", [("A", ["12A"]), ("B", ["12B"])]),
        ("Laws 42,43", [("Laws 42", ["42"]), ("43", ["43"])]),
        ("Laws 78D, 86B3 and (d) hereunder", [("Laws 78D", ["78D"]), ("86B3", ["86B3"])]),
        ("LAW 23 – COMPARABLE CALL", [("LAW 23", ["23"])]),
        ("a player who violates C1, but", [("C1", ["12C1"])]),
        ("(as per B1 or D2) and", [("B1", ["12B1"]), ("D2", ["12D2"])]),
        ("the limitations listed in A1 and A2.", [("A1", ["12A1"]), ("A2", ["12A2"])]),
        ("Except as in B1(a)(ii), a", [("B1(a)(ii)", ["12B1(a)(ii)"])]),
        ("Law 14B2-B4 apply", [("Law 14B2", ["14B2"]), ("B4", ["14B4"])]),
        ("(Law 27B3, B4); the law reference shown is B2", [("Law 27B3", ["27B3"]), ("B4", ["27B4"]), ("B2", ["12B2"])]),
        ("Law 47C, D, F1: another", [("Law 47C", ["47C"]), ("D", ["47D"]), ("F1", ["47F1"])]),
        ("(Law 65A, B1, B2, C, D)", [("Law 65A", ["65A"]), ("B1", ["65B1"]), ("B2", ["65B2"]), ("C", ["65C"]), ("D", ["65D"])]),
        ("under Law 12, A player may", [("Law 12", ["12"])]),
    ],
)
def test_forms(text: str, expected: list[tuple[str, list[str]]]) -> None:
    assert cited(text) == expected


def test_relative_places_need_a_law() -> None:
    assert cited("see C following", None) == []


def test_no_false_citations_in_plain_words() -> None:
    assert cited("A player may call the Director at any time; see the law.") == []
    assert cited("Boards 1 5 9 13 and Law of averages") == []
    # Holdings and a lone letter are not places; nor is part of a longer word or number.
    assert cited("West holds ♠A2 and ♥K7, and leads the A.") == []
    assert cited("table A12B and row C3D, seat E9x") == []


def test_anchor_and_label() -> None:
    ref = Ref(12, "C", 1, "e", "ii")
    assert ref.anchor() == "12C1e-ii"
    assert ref.label() == "Law 12C1(e)(ii)"
    assert [r.canonical() for r in ref.ancestors()] == ["12C1(e)(ii)", "12C1(e)", "12C1", "12C", "12"]


def test_parse_ref() -> None:
    assert parse_ref("12C1(b)") == Ref(12, "C", 1, "b")
    assert parse_ref("Law 67") == Ref(67)
    assert parse_ref("C2", 9) == Ref(9, "C", 2)
    assert parse_ref("C2") is None
    assert parse_ref("12Z") is None
