"""Two clean builds of the same sources give byte-identical sites.

Time-stamped by design, and so left out of the comparison: sitemap.xml (each page's <lastmod> is
the build date, which search engines read) and sitemap.xml.gz (the same, compressed).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from support import copy_real_project, no_system_fonts
from generator.publish.safebuild import build_site

pytestmark = pytest.mark.slow  # a whole clean build, PDFs included

TIME_STAMPED = {"sitemap.xml", "sitemap.xml.gz"}


def files(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in site.rglob("*") if p.is_file()}


def test_a_clean_build_is_byte_identical_to_the_sessions_build(real_build: Any, tmp_path: Path) -> None:
    """The session's build (whose copy may start from the developer's kept work) and a clean one,
    every chart drawn again and no kept page: the same bytes, site and both PDFs."""
    project = copy_real_project(tmp_path / "project", warm=False)
    with no_system_fonts(tmp_path):
        clean = files(build_site(project).site)
    session = files(real_build.site)
    assert sorted(session) == sorted(clean)
    differ = sorted(name for name in session if session[name] != clean[name] and name not in TIME_STAMPED)
    assert differ == []
