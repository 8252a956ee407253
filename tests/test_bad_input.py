"""The corpus of broken sources (tests/fixtures/broken): each gives its `path:line` message, no
traceback, a non-zero exit, and leaves the previous site as it was; markup is shown escaped."""
from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from bs4 import BeautifulSoup
from pypdf import PdfReader

from support import make_project, run_generator, stored_records
from generator.publish.safebuild import build_site

# Its tests share module fixtures worth making once: pytest-xdist keeps them in one process.
pytestmark = pytest.mark.xdist_group("test_bad_input")

BROKEN = Path(__file__).parent / "fixtures" / "broken"
EXPECTED = yaml.safe_load((BROKEN / "expected.yaml").read_text(encoding="utf-8"))


def live_markup(page: Path) -> list[str]:
    """What a source's words made live on a page: a script, a javascript: link, a remote image,
    an event attribute. Source text must only ever show as text."""
    soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
    found = [f"script: {s.get_text()[:40]}" for s in soup.find_all("script")
             if "alert(" in s.get_text() and s.get("type") != "application/json"]  # JSON is data
    for data in soup.find_all("script", type="application/json"):
        json.loads(data.get_text())  # still whole: no source text ended the element early
    found += [f"link: {a['href']}" for a in soup.find_all(href=True) if a["href"].lower().startswith("javascript:")]
    found += [f"image: {i['src']}" for i in soup.find_all("img", src=True) if "example.com" in i["src"]]
    found += [f"attribute: {t.name} {k}" for t in soup.find_all(True) for k in t.attrs if k.lower().startswith("on")]
    return found


def digest(folder: Path) -> str:
    h = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            h.update(path.relative_to(folder).as_posix().encode() + path.read_bytes())
    return h.hexdigest()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture project, built once: each case starts from a copy of it, site included."""
    root = make_project(tmp_path_factory.mktemp("good") / "project")
    build_site(root, handbook=False)
    return root


def test_every_case_has_an_expectation() -> None:
    assert sorted(p.name for p in BROKEN.iterdir() if p.is_dir()) == sorted(EXPECTED)


@pytest.mark.parametrize("case", sorted(EXPECTED))
def test_broken_source(case: str, built: Path, tmp_path: Path) -> None:
    root = tmp_path / "project"
    shutil.copytree(built, root)
    before = digest(root / "site")
    shutil.copytree(BROKEN / case, root, dirs_exist_ok=True)
    done = run_generator("--root", str(root), "build", "--no-handbook")
    assert "Traceback" not in done.stderr
    expected = EXPECTED[case]
    if isinstance(expected, list):
        assert done.returncode == 1
        problems = done.stderr.strip().splitlines()[:-1]  # the last line counts them
        assert problems == expected
        assert digest(root / "site") == before, "the previous site is untouched"
    elif "live" in expected:
        assert done.returncode == 0, done.stderr
        for page in expected["live"]:
            assert live_markup(root / "site" / page.removesuffix("index") / "index.html") == [], page
        # The front matter survived the titles: pages that hide the navigation still do.
        for page in expected["front_matter_kept"]:
            html = (root / "site" / page / "index.html").read_text(encoding="utf-8")
            assert re.search(r'data-md-type="navigation"\s+hidden', html), page
        # The search holds the titles as plain words (its script shows them as text).
        titles = [f["meta"]["title"] for f in stored_records(root / "site")]
        assert any("<script>alert(1)</script>" in t.casefold() for t in titles)
        # The handbook prints the title as the words it is.
        pdf = root / "handbook.pdf"
        made = subprocess.run([sys.executable, "-m", "generator", "--root", str(root), "handbook", "-o", str(pdf)],
                              capture_output=True, text=True)
        assert made.returncode == 0, made.stderr
        text = " ".join(" ".join(p.extract_text() or "" for p in PdfReader(pdf).pages).split())
        assert expected["printed"] in text
    else:
        assert done.returncode == 0, done.stderr
        html = (root / "site" / expected["escaped"]["page"] / "index.html").read_text(encoding="utf-8")
        assert expected["escaped"]["text"] in html
        assert "<script>alert(" not in html and "<img src=x" not in html
        assert "&lt;img src=x onerror=alert(1)&gt;" in html or case != "markup-in-law"
