"""The importer reads the official WBF layout and reports every line it cannot place."""
from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent
from typing import Any

import pytest
from ruamel.yaml import YAML

from generator.cli import main as cli
from generator.corpus.loading import load_corpus, read_draft
from generator.importing.importer import (
    DRAFT,
    WORDINGS,
    ImportResult,
    UnusableSource,
    import_laws,
    main,
    write_laws,
)
from generator.sources.errors import SourceErrors
from generator.sources.model import Wording

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
WBF_SOURCE = SHARED / "sources" / "laws-2017-wbf-laws23-72.txt"
TOC = SHARED / "book" / "toc.json"


def source(tmp_path: Path, text: str) -> Path:
    """Write a sample in the WBF layout (first line is line 1) and return its path."""
    path = tmp_path / "sample.txt"
    path.write_text(dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def run(tmp_path: Path, text: str, first: int = 1, last: int = 93) -> ImportResult:
    return import_laws(source(tmp_path, text), first=first, last=last, wording="wbf-2017")


def kinds(result: ImportResult) -> list[tuple[int, str]]:
    return [(p.line, p.kind) for p in result.problems if p.kind != "missing"]


def law(result: ImportResult, number: int) -> dict[str, Any]:
    return next(item for item in result.laws if item["law"] == number)


CLEAN = """
    LAW 27 – INSUFFICIENT BID
    A. Acceptance of Insufficient Bid
    1. Any insufficient bid may be accepted (treated as legal) at the option of offender’s LHO. It is
    accepted if that player calls.
    2. If a player makes an insufficient bid out of rotation Law 31 applies.
    2017 LAWS OF DUPLICATE BRIDGE
    32 | Page
    B. Insufficient Bid not Accepted
    If an insufficient bid in rotation is not accepted (see A) it must be corrected.  Then:
    1. (a) if the insufficient bid is corrected by the lowest sufficient bid, the auction proceeds
    without further rectification.
    (b) except as in (a), if the insufficient bid is corrected with a comparable call
    (i) first sub-item
    (ii) second self-
    inflicted sub-item
    LAW 28 ‐ CALLS CONSIDERED TO BE IN ROTATION
    A call is considered to be in rotation when it is made by a player at his RHO’s turn.
    """


def test_levels_are_built_and_wrapped_lines_joined(tmp_path: Path) -> None:
    result = run(tmp_path, CLEAN)
    assert kinds(result) == []
    first = law(result, 27)
    assert list(first) == ["law", "title", "part", "wording", "sections"]
    assert (first["title"], first["part"], first["wording"]) == ("INSUFFICIENT BID", "The Auction", "wbf-2017")
    a, b = first["sections"]
    assert a["title"] == "Acceptance of Insufficient Bid"
    assert a["paragraphs"][0]["text"] == (
        "Any insufficient bid may be accepted (treated as legal) at the option of offender’s LHO. "
        "It is accepted if that player calls.")
    assert b["text"].endswith("it must be corrected. Then:")  # double spaces closed up
    paragraph = b["paragraphs"][0]
    assert "text" not in paragraph  # "1. (a) …" opens straight into its items
    assert [i["id"] for i in paragraph["items"]] == ["a", "b"]
    assert paragraph["items"][0]["text"].endswith("the auction proceeds without further rectification.")
    subs = paragraph["items"][1]["items"]
    assert [s["id"] for s in subs] == ["i", "ii"]
    assert subs[1]["text"] == "second self-inflicted sub-item"
    second = law(result, 28)
    assert second["title"] == "CALLS CONSIDERED TO BE IN ROTATION"  # U+2010 separator read too
    assert second["text"].startswith("A call is considered")


def test_headers_and_page_numbers_are_dropped(tmp_path: Path) -> None:
    result = run(tmp_path, CLEAN)
    text = json.dumps(result.laws, ensure_ascii=False)
    assert "LAWS OF DUPLICATE BRIDGE" not in text
    assert "Page" not in text
    bare = run(tmp_path, """
        LAW 33 - SIMULTANEOUS CALLS
        A call made simultaneously with one made by the player whose turn it was to call is deemed to
        61
        be a subsequent call.
        """)
    assert law(bare, 33)["text"].endswith("is deemed to be a subsequent call.")


def test_footnotes_are_attached_where_marked(tmp_path: Path) -> None:
    result = run(tmp_path, """
        LAW 31 - BID OUT OF ROTATION
        1. If that opponent makes a legal8 bid, offender may make any legal call.
        8 An illegal call by RHO is rectified as
        usual.
        2017 LAWS OF DUPLICATE BRIDGE
        34 | Page
        2. Offender may make any legal call at his correct turn.
        LAW 32 - DOUBLE OR REDOUBLE OUT OF ROTATION
        A double out of rotation is legal8 here too, and face down9.
        9 Regulating Authorities may specify that opening leads be made face up.
        2017 LAWS OF DUPLICATE BRIDGE
        """)
    assert kinds(result) == []
    one = law(result, 31)
    assert one["paragraphs"][0]["text"] == "If that opponent makes a legal[^8] bid, offender may make any legal call."
    assert one["footnotes"] == [{"id": 8, "text": "An illegal call by RHO is rectified as usual."}]
    assert [p["id"] for p in one["paragraphs"]] == [1, 2]  # the footnote did not end the Law
    two = law(result, 32)
    assert two["text"] == "A double out of rotation is legal[^8] here too, and face down[^9]."
    assert [n["id"] for n in two["footnotes"]] == [8, 9]


def test_orphan_line_before_the_first_law_is_reported(tmp_path: Path) -> None:
    result = run(tmp_path, """
        extracted from the WBF PDF
        LAW 33 - SIMULTANEOUS CALLS
        A call made simultaneously is deemed to be a subsequent call.
        """)
    assert kinds(result) == [(1, "orphan")]
    assert str(result.problems[0]).startswith(f"{tmp_path / 'sample.txt'}:1: orphan line")


def test_item_with_a_missing_letter_is_reported(tmp_path: Path) -> None:
    result = run(tmp_path, """
        LAW 43 - DUMMY’S LIMITATIONS
        A. Limitations on Dummy
        1. (a) Dummy may not initiate a call for the Director.
        (c) Dummy must not participate in the play.
        """)
    assert kinds(result) == [(4, "sequence")]
    assert "missing '(b)'" in result.problems[0].message


def test_sequence_breaks_are_reported(tmp_path: Path) -> None:
    result = run(tmp_path, """
        LAW 42 - DUMMY’S RIGHTS
        A. Absolute Rights
        1. Dummy is entitled to give information.
        3. He plays the cards of the dummy.
        1. as a wrapped line it is kept
        C. Limits of Rights
        LAW 44 - SEQUENCE AND PROCEDURE OF PLAY
        (a) outside any paragraph
        """)
    assert kinds(result) == [(4, "sequence"), (5, "sequence"), (6, "sequence"), (7, "sequence"),
                             (8, "sequence")]
    rights = law(result, 42)
    assert [p["id"] for p in rights["sections"][0]["paragraphs"]] == [1, 3]
    assert rights["sections"][0]["paragraphs"][1]["text"] == "He plays the cards of the dummy. 1. as a wrapped line it is kept"
    assert [s["id"] for s in rights["sections"]] == ["A", "C"]  # a missing heading: C is kept
    assert law(result, 44)["text"] == "(a) outside any paragraph"


def test_suspected_footnotes_are_reported(tmp_path: Path) -> None:
    result = run(tmp_path, """
        LAW 41 - COMMENCEMENT OF PLAY
        The defender makes the opening lead face down9. Declarer10 may ask.
        9 Regulating Authorities may specify that opening leads be made face up.
        2017 LAWS OF DUPLICATE BRIDGE
        Later text in the Law.
        12 The opening lead is first made face down.
        2017 LAWS OF DUPLICATE BRIDGE
        """)
    assert kinds(result) == [(2, "footnote"), (6, "footnote")]
    text = law(result, 41)["text"]
    assert "down[^9]. Declarer10 may ask." in text  # no footnote 10: left as printed
    assert text.endswith("12 The opening lead is first made face down.")


def test_untitled_lettered_clauses_are_reported(tmp_path: Path) -> None:
    result = run(tmp_path, """
        LAW 35 - INADMISSIBLE CALLS
        The following calls are inadmissible:
        A.  A double or redouble not permitted by Law 19. Law 36 applies.
        B.  A bid of more than seven. Law 38 applies.
        """)
    assert kinds(result) == [(3, "untitled"), (4, "untitled")]
    inadmissible = law(result, 35)
    assert inadmissible["text"] == "The following calls are inadmissible:"
    assert inadmissible["sections"] == [  # sections without a title, as Law 22 has
        {"id": "A", "text": "A double or redouble not permitted by Law 19. Law 36 applies."},
        {"id": "B", "text": "A bid of more than seven. Law 38 applies."},
    ]


def test_laws_outside_the_range_are_skipped_and_missing_ones_reported(tmp_path: Path) -> None:
    result = run(tmp_path, CLEAN, first=28, last=29)
    assert [item["law"] for item in result.laws] == [28]
    assert [(p.kind, p.message) for p in result.problems] == [("missing", "Law 29 not found")]


def test_written_yaml_is_folded_and_reads_back(tmp_path: Path) -> None:
    result = run(tmp_path, CLEAN)
    written = write_laws(result, tmp_path / "laws")
    assert [p.name for p in written] == ["law-27.yaml", "law-28.yaml"]
    text = written[0].read_text(encoding="utf-8")
    assert text.startswith("law: 27\ntitle: INSUFFICIENT BID\npart: The Auction\nwording: wbf-2017\n")
    assert "text: >-\n" in text
    assert max(len(line) for line in text.splitlines()) <= 96
    assert YAML(typ="safe").load(text) == law(result, 27)


def test_main_reports_problems_and_guards_existing_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = source(tmp_path, "stray line\n" + dedent(CLEAN).lstrip("\n"))
    out = tmp_path / "laws"
    args = [str(path), "--out", str(out), "--first", "27", "--last", "28", "--wording", "wbf-2017"]
    assert main(args) == 0
    assert f"{path}:1: orphan line" in capsys.readouterr().err
    assert (out / "law-27.yaml").exists()
    assert main(args) == 1  # hand corrections are never overwritten by accident
    assert main([*args, "--force"]) == 0
    assert main([str(tmp_path / "absent.txt"), "--wording", "wbf-2017", "--out", str(out)]) == 2
    assert main([str(source(tmp_path, "no laws here\n")), "--wording", "wbf-2017", "--out", str(out)]) == 2
    assert "no 'LAW N – TITLE' heading found" in capsys.readouterr().err


def test_unusable_input_raises(tmp_path: Path) -> None:
    with pytest.raises(UnusableSource):
        import_laws(tmp_path / "absent.txt", first=1, last=93, wording="wbf-2017")
    with pytest.raises(UnusableSource):
        run(tmp_path, CLEAN, first=80, last=93)


@pytest.mark.skipif(not WBF_SOURCE.exists() or not TOC.exists(), reason="../shared is not available")
def test_the_wbf_text_of_laws_23_to_71() -> None:
    result = import_laws(WBF_SOURCE, first=23, last=71, wording="wbf-2017")
    toc = {entry["law"]: entry for entry in json.loads(TOC.read_text(encoding="utf-8"))["laws"]}
    assert [item["law"] for item in result.laws] == list(range(23, 72))
    untitled: dict[int, list[str]] = {}
    for item in result.laws:
        expected = toc[item["law"]]
        sections = item.get("sections", [])
        assert [s["id"] for s in sections if "title" in s] == [s["id"] for s in expected["sections"]]
        if any("title" not in s for s in sections):
            untitled[item["law"]] = [s["id"] for s in sections if "title" not in s]
        assert item["title"] == expected["title"]
    # Laws 35, 56 and 71 have lettered clauses without titles (the contents list none), and
    # the only line outside the Laws is the file's provenance note.
    assert untitled == {35: ["A", "B", "C", "D"], 56: ["A", "B"], 71: ["A", "B"]}
    assert [(p.line, p.kind) for p in result.problems] == [
        (1, "orphan"),
        (207, "untitled"), (208, "untitled"), (209, "untitled"), (210, "untitled"),
        (718, "untitled"), (719, "untitled"), (1036, "untitled"), (1037, "untitled"),
    ]
    counts = result.counts()
    assert (counts["laws"], counts["sections"], counts["footnotes"]) == (49, 147, 15)
    notes = {n["id"] for item in result.laws for n in item.get("footnotes", [])}
    assert notes == set(range(8, 23))


# A new edition may come as several files: a folder's *.txt files are read one by one, in natural order.
LAW_28 = """
    LAW 28 - CALLS CONSIDERED TO BE IN ROTATION
    A call is considered to be in rotation when it is made by a player at his RHO’s turn.
    """
LAW_29 = """
    LAW 29 - PROCEDURE AFTER A CALL OUT OF ROTATION
    A. Forfeiture of Right to Rectification
    Following a call out of rotation offender’s LHO may elect to call.
    B. Out-of-Rotation Call Cancelled
    3. Unless A applies, a call out of rotation is cancelled.
    """


def folder(tmp_path: Path, files: dict[str, str]) -> Path:
    """A source folder holding `files` (name -> text in the WBF layout, first line is line 1)."""
    found = tmp_path / "next"
    found.mkdir()
    for name, text in files.items():
        (found / name).write_text(dedent(text).lstrip("\n"), encoding="utf-8")
    return found


def test_a_folder_is_read_file_by_file_in_natural_order(tmp_path: Path) -> None:
    src = folder(tmp_path, {"part-10.txt": "a stray line\n" + dedent(LAW_29).lstrip("\n"),
                            "part-9.txt": LAW_28, "notes.md": "what changed", ".part-9.txt.swp": "x"})
    (src / "old").mkdir()
    result = import_laws(src, first=28, last=30, wording="wbf-2017")
    assert result.files == [src / "part-9.txt", src / "part-10.txt"]  # 9 before 10
    assert [item["law"] for item in result.laws] == [28, 29]
    assert law(result, 29)["sections"][0]["title"] == "Forfeiture of Right to Rectification"
    # Each problem at its own file's line, in the order of the files; the hidden file passed over.
    assert [str(p) for p in result.problems] == [
        f"{src / 'notes.md'}:1: not read: only *.txt files of a folder are read",
        f"{src / 'old'}:1: not read: a folder (the importer reads the *.txt files of the folder it is given, not below)",
        f"{src / 'part-10.txt'}:1: orphan line before the first LAW heading: 'a stray line'",
        f"{src / 'part-10.txt'}:6: paragraph Law 29B3 follows a missing Law 29B1",
        f"{src}:1: Law 30 not found in any of its 2 *.txt file(s)",
    ]


def test_a_folder_reports_a_law_twice_and_files_it_cannot_use(tmp_path: Path) -> None:
    src = folder(tmp_path, {"a.txt": LAW_28, "b.txt": "2017 LAWS OF DUPLICATE BRIDGE\n" + dedent(LAW_28).lstrip("\n"),
                            "c.txt": "no heading here\n"})
    (src / "d.txt").write_bytes(b"LAW 29 - \xff\n")
    result = import_laws(src, first=28, last=28, wording="wbf-2017")
    assert [item["law"] for item in result.laws] == [28]
    assert [(p.path.name, p.line, p.kind) for p in result.problems] == [
        ("b.txt", 2, "duplicate"), ("c.txt", 1, "file"), ("d.txt", 1, "file")]
    assert result.problems[0].message == "Law 28 again: the one read from a.txt:1 is kept, this one left out"
    assert result.problems[1].message == "not read: no 'LAW N – TITLE' heading in it"
    assert result.problems[2].message.startswith("not read: 'utf-8' codec can't decode")


def test_a_folder_with_nothing_to_import_or_a_begin_line_is_refused(tmp_path: Path) -> None:
    src = folder(tmp_path, {"notes.md": "nothing"})
    with pytest.raises(UnusableSource, match=r"no \*\.txt file in it"):
        import_laws(src, first=1, last=93, wording="wbf-2017")
    (src / "law-28.txt").write_text(dedent(LAW_28).lstrip("\n"), encoding="utf-8")
    with pytest.raises(UnusableSource, match="none of Laws 80–93 found in its 1"):
        import_laws(src, first=80, last=93, wording="wbf-2017")
    with pytest.raises(UnusableSource, match="--begin is a line of one file"):
        import_laws(src, first=1, last=93, wording="wbf-2017", begin=3)


def test_main_without_out_writes_nothing_and_names_a_draft_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    src = folder(tmp_path, {"law-28.txt": LAW_28, "law-29.txt": LAW_29})
    monkeypatch.chdir(tmp_path)
    assert main([str(src), "--first", "28", "--last", "29", "--wording", "wbf-2017"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: no --out given, and the importer never writes into laws/ unasked")
    assert f"  python -m generator import {src} --first 28 --last 29 --wording draft --out drafts/next\n" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["next"]  # no laws/ made
    assert main([str(src), "--first", "28", "--last", "29", "--wording", "draft", "--dry-run"]) == 0
    assert capsys.readouterr().out == (
        "read 2 laws, 2 sections, 1 paragraphs, 0 items, 0 subitems, 0 footnotes from 2 *.txt file(s); "
        "1 lines to check\n")


def test_main_imports_a_folder_and_keeps_existing_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = folder(tmp_path, {"law-28.txt": LAW_28, "law-29.txt": LAW_29})
    out = tmp_path / "drafts" / "next"
    args = [str(src), "--first", "28", "--last", "29", "--wording", "draft", "--out", str(out)]
    assert main(args) == 0
    assert f"{src / 'law-29.txt'}:5: paragraph Law 29B3 follows a missing Law 29B1" in capsys.readouterr().err
    assert sorted(p.name for p in out.iterdir()) == ["law-28.yaml", "law-29.yaml"]
    assert "wording: draft\n" in (out / "law-28.yaml").read_text(encoding="utf-8")
    (out / "law-29.yaml").write_text("hand-corrected", encoding="utf-8")
    assert main(args) == 1  # hand corrections are never overwritten by accident, from a folder either
    assert "error: 2 of the files exist in" in capsys.readouterr().err
    assert (out / "law-29.yaml").read_text(encoding="utf-8") == "hand-corrected"
    assert main([*args, "--force"]) == 0


def test_the_importer_offers_the_content_models_wordings() -> None:
    # The importer may not import the content model (tests/test_layout.py): the lists are kept equal here.
    assert WORDINGS == tuple(w.value for w in Wording)
    assert DRAFT == Wording.DRAFT.value


def test_a_draft_edition_is_compared_by_impact_and_kept_out_of_laws(
        project: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = folder(tmp_path, {"law-02.txt": """
        LAW 2 - THE SECOND LAW
        A. Only Section
        1. A paragraph about a penalty card, amended in the draft, citing Law 1A2(b)(ii).
        (a) first
        (b) second
        """})
    draft = project / "drafts" / "next"
    assert main([str(src), "--first", "2", "--last", "2", "--wording", "draft", "--out", str(draft)]) == 0
    laws, _alignment, problems = read_draft(draft)
    assert not problems.items and laws[2].wording is Wording.DRAFT
    assert load_corpus(project)  # a draft folder beside laws/ is no source of the project's
    capsys.readouterr()
    assert cli(["--root", str(project), "impact", "2017", str(draft), "--summary"]) == 0
    assert "1 amended, 0 new, 0 removed" in capsys.readouterr().out
    # Inside laws/ a draft is refused: it is not the text in force.
    (project / "laws" / "law-02.yaml").write_text((draft / "law-02.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(SourceErrors) as caught:
        load_corpus(project)
    assert [str(p) for p in caught.value.problems] == [
        "laws/law-02.yaml:4: wording 'draft' marks a draft of a new edition: laws/ holds the 2017 text in "
        "force; keep the draft in a folder of its own (drafts/NAME) and compare it with `python -m generator impact 2017 drafts/NAME`"]
