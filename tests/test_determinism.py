"""Two clean builds of the same sources give byte-identical sites.

Time-stamped by design, and so left out of the comparison: sitemap.xml (each page's <lastmod> is
the build date, which search engines read) and sitemap.xml.gz (the same, compressed).
"""
from __future__ import annotations

import shutil
from pathlib import Path

from support import HOOKS, ROOT
from generator.publish.safebuild import build_site

TIME_STAMPED = {"sitemap.xml", "sitemap.xml.gz"}


def files(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in site.rglob("*") if p.is_file()}


def test_two_clean_builds_are_byte_identical(tmp_path: Path) -> None:
    project = tmp_path / "project"
    for name in ("laws", "flowcharts", "front", "training", "docs", "site_templates"):
        shutil.copytree(ROOT / name, project / name)
    shutil.copy(ROOT / "mkdocs.yml", project / "mkdocs.yml")
    (project / HOOKS).parent.mkdir(parents=True)
    shutil.copy(ROOT / HOOKS, project / HOOKS)
    first = files(build_site(project).site)
    shutil.rmtree(project / "site")
    shutil.rmtree(project / ".cache")  # a clean build: the charts are drawn again too
    second = files(build_site(project).site)
    assert sorted(first) == sorted(second)
    differ = sorted(name for name in first if first[name] != second[name] and name not in TIME_STAMPED)
    assert differ == []
