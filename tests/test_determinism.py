"""Two clean builds of the same sources give byte-identical sites, PDFs included.

The fixture project (with its course) is enough: what could vary between builds is the code's
(the order of sets and files, a date, a random id), not the size of the sources, and a small
project keeps this test to seconds. The real project's build is the session's (`real_build`),
tested page by page elsewhere.

Time-stamped by design, and so left out of the comparison: sitemap.xml (each page's <lastmod> is
the build date, which search engines read) and sitemap.xml.gz (the same, compressed).
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from support import COURSE, make_project, no_system_fonts
from generator.publish.safebuild import build_site

pytestmark = pytest.mark.slow  # two builds of the fixture project, with both PDFs

TIME_STAMPED = {"sitemap.xml", "sitemap.xml.gz"}


def files(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in site.rglob("*") if p.is_file()}


def test_two_clean_builds_are_byte_identical(tmp_path: Path) -> None:
    project = make_project(tmp_path / "project")
    shutil.copytree(COURSE, project, dirs_exist_ok=True)
    with no_system_fonts(tmp_path):
        first = files(build_site(project).site)
        shutil.rmtree(project / "site")
        shutil.rmtree(project / ".cache")  # a clean build: the charts are drawn again too
        second = files(build_site(project).site)
    assert {"handbook.pdf", "chart-cards.pdf", "index.html"} <= set(first)
    assert sorted(first) == sorted(second)
    differ = sorted(name for name in first if first[name] != second[name] and name not in TIME_STAMPED)
    assert differ == []
