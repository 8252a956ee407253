"""Two editions in the sources: the 1997 import, the alignment with 2017, the diff marks, the impact report."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from generator.editions.alignment import Change, align_law
from generator.index.citations import Ref
from generator.cli import main
from generator.sources.errors import SourceErrors
from generator.importing.importer import import_laws
from generator.importing.runon import split_title
from generator.corpus.loading import load_corpus
from generator.editions.worddiff import diff_html, word_diff
from support import ROOT, SHARED, edit, needs_shared

# Its tests share module fixtures worth making once: pytest-xdist keeps them in one process.
pytestmark = pytest.mark.xdist_group("test_editions")

SEED = SHARED / "seeds" / "004_d345d26701bd8c47.txt"
SEED_LAWS_BEGIN = 213  # "Chapter VI": the article about the Laws ends above


@pytest.fixture(scope="module")
def corpus(real_corpus):
    return real_corpus


def rows_of(corpus, law: int, *, overrides: bool = True):
    aligned = align_law(corpus.editions[1997][law], corpus.laws[law],
                        corpus.alignments.get(1997) if overrides else None)
    return {(tuple(u.ref.canonical() for u in row.old), row.new.ref.canonical() if row.new else None): row
            for row in aligned.rows}


@needs_shared
def test_the_1997_import_places_every_line_or_reports_it():
    result = import_laws(SEED, first=41, last=71, wording="wbf-1997", begin=SEED_LAWS_BEGIN)
    assert [law["law"] for law in result.laws] == list(range(41, 72))
    kinds = {p.kind for p in result.problems}
    # Only the Code's own headings (left out) and footnote markers whose text the seed lacks.
    assert kinds == {"heading", "footnote"}
    assert sum(p.kind == "heading" for p in result.problems) == 19
    assert {p.line for p in result.problems if p.kind == "footnote"} == {319, 326, 341, 497, 498, 499, 506}


@needs_shared
def test_the_1997_sources_are_the_import_with_one_hand_correction():
    result = import_laws(SEED, first=41, last=71, wording="wbf-1997", begin=SEED_LAWS_BEGIN)
    yaml = YAML(typ="safe")
    for law in result.laws:
        stored = yaml.load((ROOT / "laws" / "1997" / f"law-{law['law']:02d}.yaml").read_text(encoding="utf-8"))
        if law["law"] == 46:  # the seed's broken quotes in 46B5: ""play anything''
            text = law["sections"][1]["paragraphs"][4]["text"]
            assert "“”play anything''" in text
            law["sections"][1]["paragraphs"][4]["text"] = text.replace("“”play anything''", "“play anything”")
        assert stored == law, f"laws/1997/law-{law['law']}.yaml differs from the import"


def test_titles_run_into_the_text_are_told_apart():
    assert split_title("Give Information Dummy is entitled to give information") == (
        "Give Information", "Dummy is entitled to give information")
    assert split_title("Warns Declarer on Lead warns declarer not to lead") == (
        "Warns Declarer on Lead", "warns declarer not to lead")
    assert split_title("Require Claimer to Repeat Statement The Director requires claimer") == (
        "Require Claimer to Repeat Statement", "The Director requires claimer")
    assert split_title("Offending Side Fails to Win Revoke Trick or Subsequent Trick if the offending side") == (
        "Offending Side Fails to Win Revoke Trick or Subsequent Trick", "if the offending side")
    assert split_title("If dummy after violation of the limitations") == (None, "If dummy after violation of the limitations")
    assert split_title("Compulsory Play of Card") == ("Compulsory Play of Card", "")


def test_the_1997_wording_is_its_own_edition(corpus):
    assert sorted(corpus.editions[1997]) == list(range(41, 72))
    law = corpus.editions[1997][42]
    assert law.wording.value == "wbf-1997"
    assert law.sections[0].paragraphs[0].title == "Give Information"
    # Its places are its own: 1997's 43B2(b) exists in 1997's index, 2017's citations resolve in 2017's.
    assert corpus.edition_indexes[1997].exists(Ref(43, "B", 2, "b"))
    assert corpus.edition_indexes[1997].exists(Ref(63, "C", None))
    assert not corpus.edition_indexes[1997].exists(Ref(63, "A", 4))
    assert corpus.index.exists(Ref(63, "A", 4))


# Checked by hand against both texts (laws/1997/law-NN.yaml and laws/law-NN.yaml):
HAND_CHECKED = [
    # 70B: 1997's B2 "Require All Hands to Be Faced" is 2017's B3, 1997's B3 "Hear Objections" is B2.
    (70, ("70B2",), "70B3", Change.AMENDED, True),
    (70, ("70B3",), "70B2", Change.AMENDED, True),
    # 70D "Claimer Proposes New Line of Play" became 70D1, word for word.
    (70, ("70D",), "70D1", Change.UNCHANGED, True),
    # 53B and 53C changed places (wrong defender plays / proper lead made subsequently).
    (53, ("53B",), "53C", Change.AMENDED, True),
    (53, ("53C",), "53B", Change.AMENDED, True),
    # 63C "Revoke May Not Be Corrected" is 2017's 63B; 1997's 63B (attention illegally drawn) went.
    (63, ("63C",), "63B", Change.AMENDED, True),
    (63, ("63B",), None, Change.REMOVED, False),
    (63, (), "63A4", Change.NEW, False),
    # 45D "Card Misplayed by Dummy" became 45D1; 45D2 is new.
    (45, ("45D",), "45D1", Change.AMENDED, True),
    (45, (), "45D2", Change.NEW, False),
    # 44G keeps its title, its sentence rewritten: matched by the title, not the number alone.
    (44, ("44G",), "44G", Change.AMENDED, False),
    # Law 56's one paragraph is 2017's 56B (56A, accepting the lead, is new).
    (56, ("56",), "56B", Change.AMENDED, True),
    # 62D2 rewritten in place (a revoke on trick twelve before partner plays).
    (62, ("62D2",), "62D2", Change.AMENDED, False),
    # 57A: 2017 inserts a new 3 ("require … a card of another suit"); 1997's 3 ("forbid …") is 2017's 4.
    (57, ("57A3",), "57A4", Change.UNCHANGED, True),
    (57, (), "57A3", Change.NEW, False),
    # 42A1 unchanged (its 1997 title dropped).
    (42, ("42A1",), "42A1", Change.UNCHANGED, False),
]


@pytest.mark.parametrize(("law", "old", "new", "change", "moved"), HAND_CHECKED)
def test_hand_checked_paragraphs_are_matched(corpus, law, old, new, change, moved):
    rows = rows_of(corpus, law)
    assert (old, new) in rows, sorted(rows)
    assert rows[old, new].change is change
    assert rows[old, new].moved is moved


def test_a_split_paragraph_is_found(corpus):
    # 1997's 61B (asking about a revoke, and inspecting tricks) is 2017's 61B1 and 61C.
    rows = rows_of(corpus, 61)
    assert (("61B",), "61B1") in rows and (("61B",), "61C") in rows


def test_an_override_corrects_the_automatic_match(corpus):
    # 71C "Implausible Concession" is 2017's 71B; by its words alone 71B looks like 71A.
    automatic = rows_of(corpus, 71, overrides=False)
    assert (("71C",), None) in automatic
    fixed = rows_of(corpus, 71)
    assert fixed[("71C",), "71B"].overridden, "the reason of the override is kept for the page"
    assert (("71B",), None) in fixed and fixed[("71B",), None].change is Change.REMOVED


def test_the_diff_marks_read_without_colour():
    spans = word_diff("A defender’s card must be played to the trick", "A defender’s card is deemed played to the trick")
    assert [(s.op, s.text) for s in spans] == [
        ("equal", "A defender’s card"), ("delete", "must be"), ("insert", "is deemed"), ("equal", "played to the trick")]
    html = str(diff_html(spans))
    assert '<del><span class="diff-mark" aria-hidden="true">[−</span><span class="visually-hidden">deleted: </span>must be' in html
    assert '<ins><span class="diff-mark" aria-hidden="true">[+</span><span class="visually-hidden">added: </span>is deemed' in html
    assert "&lt;script&gt;" in str(diff_html(word_diff("x", "<script>"))), "source text is escaped"


def test_footnote_markers_and_quotes_are_not_changes():
    assert [s.op for s in word_diff("dummy's hand", "dummy’s[^12] hand")] == ["equal"]


def _draft(tmp_path: Path, change: tuple[str, str] | None) -> Path:
    draft = tmp_path / "draft"
    draft.mkdir()
    shutil.copy(ROOT / "laws" / "law-42.yaml", draft / "law-42.yaml")
    if change is not None:
        edit(draft / "law-42.yaml", *change)
    return draft


def test_impact_of_a_draft_that_removes_a_cited_paragraph(tmp_path, capsys, real_project):
    # The draft drops 42A3 (dummy plays as declarer's agent), which chart laws-42-43 cites.
    text = (ROOT / "laws" / "law-42.yaml").read_text(encoding="utf-8")
    start = text.index("      - id: 3\n", text.index("id: A"))
    end = text.index("  - id: B", start)
    draft = tmp_path / "draft"
    draft.mkdir()
    (draft / "law-42.yaml").write_text(text[:start] + text[end:], encoding="utf-8")
    assert main(["--root", str(real_project), "impact", "2017", str(draft)]) == 1
    out = capsys.readouterr().out
    assert "2017 42A3" in out and "removed" in out
    assert "flowcharts/laws-42-43.yaml" in out and "cites Law 42A3: removed in " in out
    assert f"→ {draft}, Law 42 (" in out.splitlines()[-1]  # one Law, named so: not "Laws 42–42 (1 Laws"


def test_impact_of_an_unchanged_draft_is_empty(tmp_path, capsys, real_project):
    draft = _draft(tmp_path, None)
    assert main(["--root", str(real_project), "impact", "2017", str(draft), "--summary"]) == 0
    assert "0 amended" in capsys.readouterr().out


def test_impact_1997_to_2017_lists_the_work(capsys, real_project):
    assert main(["--root", str(real_project), "impact", "1997", "2017"]) == 0
    out = capsys.readouterr().out
    assert "1997 70B2           → 2017 70B3" in out
    assert "0 cite a removed paragraph" in out.splitlines()[-1]


def _project_copy(tmp_path: Path) -> Path:
    """The real Laws of both editions and the front matter, with no chart and no course: what
    these tests are about, without drawing ~60 charts and making ~2000 pages."""
    root = tmp_path / "project"
    for name in ("laws", "front", "site_templates"):
        shutil.copytree(ROOT / name, root / name)
    for name in ("flowcharts", "training"):
        (root / name).mkdir()
    return root


def test_an_edition_file_of_the_wrong_edition_and_a_bad_override_are_reported(tmp_path):
    root = _project_copy(tmp_path)
    edit(root / "laws" / "1997" / "law-44.yaml", "wording: wbf-1997", "wording: wbf-2017")
    edit(root / "laws" / "1997" / "law-46.yaml", "wording: wbf-1997", "wording: draft")
    edit(root / "laws" / "1997" / "law-45.yaml", "see Law 45E", "see Law 45H")
    edit(root / "laws" / "1997" / "alignment.yaml", "old: [71C]", "old: [71F]")
    (root / "laws" / "1997" / "notes.txt").write_text("x", encoding="utf-8")
    # The current text cites the 2017 Laws only: 63C is a 1997 place, not a 2017 one.
    edit(root / "laws" / "law-63.yaml", "as provided in Law 62D", "as provided in Law 63C")
    with pytest.raises(SourceErrors) as caught:
        load_corpus(root)
    messages = [str(p) for p in caught.value.problems]
    assert any(m.startswith("laws/1997/law-44.yaml:4: wording 'wbf-2017' is of the 2017 edition") for m in messages), messages
    assert "laws/1997/law-46.yaml:4: wording 'draft' marks a draft, but this folder holds the 1997 edition" in messages
    assert any(m.startswith("laws/1997/law-45.yaml:") and "cites Law 45H, which is not in the 1997 Laws" in m
               for m in messages), messages
    assert any(m.startswith("laws/1997/alignment.yaml:") and "old: cites Law 71F, which is not in the 1997 Laws" in m
               for m in messages), messages
    assert any(m.startswith("laws/1997/notes.txt:1: not read") for m in messages), messages
    assert any(m.startswith("laws/law-63.yaml:") and "cites Law 63C, which is not in the Laws" in m
               for m in messages), messages


def test_the_caches_know_the_edition_files(tmp_path):
    """An edit to a 1997 Law or to the overrides remakes its pages, and only those; the model
    cache reads the edition's files like the others."""
    from generator.site.generate import generate_pages

    root = _project_copy(tmp_path)
    first = generate_pages(load_corpus(root, cached=True))
    cached = load_corpus(root, cached=True)
    assert cached.editions[1997][45].model_dump() == load_corpus(root).editions[1997][45].model_dump()
    edit(root / "laws" / "1997" / "law-45.yaml", "immediately before him", "right before him")
    again = generate_pages(load_corpus(root, cached=True))
    changed = {name for name in first if first[name] != again[name]}
    assert changed == {"editions/1997/law-45.md", "editions/1997-2017/law-45.md", "editions/1997-2017/index.md"}
    edit(root / "laws" / "1997" / "alignment.yaml", "old: [71C]\n    new: [71B]", "old: [71C]\n    new: []")
    third = generate_pages(load_corpus(root, cached=True))
    assert "editions/1997-2017/law-71.md" in {name for name in again if again[name] != third[name]}
    assert "Removed after 1997" in third["editions/1997-2017/law-71.md"]


def test_the_1997_layout_without_the_seed(tmp_path):
    """Titles run into the text, levels run on in one line, the Code's headings left out and said."""
    sample = tmp_path / "laws-1997.txt"
    sample.write_text(
        "An article about the Laws, not to be read.\n"
        "PART I PROCEDURE\n"
        "LAW 43 - DUMMY'S LIMITATIONS\n"
        "Except as specified in Law 42:\n"
        "A. Limitations on Dummy\n"
        "1. General Limitations (a) Calling the Director Unless attention has been drawn to an "
        "irregularity by another player, dummy should not initiate a call for the Director during play. "
        "(b) Calling Attention to Irregularity Dummy may not call attention to an irregularity during play.\n"
        "SECTION TWO\n"
        "IRREGULARITIES IN PROCEDURE\n"
        "LAW 44 - SEQUENCE AND PROCEDURE OF PLAY\n"
        "A. Lead to a Trick The player who leads to a trick may play any card in his hand. "
        "B. Subsequent Plays to a Trick After the lead, each other player in turn plays a card, under (a) "
        "preceding, and any normal20 play.\n", encoding="utf-8")
    result = import_laws(sample, first=43, last=44, wording="wbf-1997", begin=2)
    law43, law44 = result.laws
    assert law43["title"] == "DUMMY’S LIMITATIONS" and law43["text"] == "Except as specified in Law 42:"
    par = law43["sections"][0]["paragraphs"][0]
    assert par["title"] == "General Limitations" and "text" not in par
    assert [(i["id"], i["title"]) for i in par["items"]] == [
        ("a", "Calling the Director"), ("b", "Calling Attention to Irregularity")]
    assert par["items"][1]["text"] == "Dummy may not call attention to an irregularity during play."
    assert [(s["id"], s["title"]) for s in law44["sections"]] == [("A", "Lead to a Trick"), ("B", "Subsequent Plays to a Trick")]
    # "under (a) preceding" is a citation, not an item; the marker of a missing footnote is dropped.
    assert law44["sections"][1]["text"].endswith("under (a) preceding, and any normal play.")
    assert [(p.line, p.kind) for p in result.problems] == [
        (2, "heading"), (7, "heading"), (8, "heading"), (10, "footnote")]


def test_an_earlier_editions_words_are_escaped_on_its_pages(tmp_path):
    """Markup, an attribute list, a backslash and a line break in a 1997 paragraph are printed as
    words on the 1997 page and on the comparison, after Markdown has run as MkDocs runs it."""
    import markdown
    from bs4 import BeautifulSoup

    from generator.site.generate import generate_pages

    root = _project_copy(tmp_path)
    hostile = "table immediately before him <script>alert(1)</script> {: onclick=x } a\\b.\n\n      next line"
    edit(root / "laws" / "1997" / "law-45.yaml", "table immediately before him.", hostile)
    pages = generate_pages(load_corpus(root, cached=True))
    for name in ("editions/1997/law-45.md", "editions/1997-2017/law-45.md"):
        html = markdown.markdown(pages[name], extensions=["attr_list", "tables", "toc"])
        soup = BeautifulSoup(html, "html.parser")
        assert soup.find("script") is None, name
        assert not soup.find_all(attrs={"onclick": True}), name
        words = soup.get_text()
        assert "<script>alert(1)</script>" in words and "{: onclick=x }" in words and "a\\b" in words, name
        assert "next line" in words, name
