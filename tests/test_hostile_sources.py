"""Sources and folders that a careless or hostile edit can leave: no hang, no traceback, no lost
site, and caches that can only speed a build up."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.publish.safebuild import build_site

SECONDS = 60  # far more than a check takes; a hang would take for ever


def check(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "generator", "--root", str(root), "check"],
                          capture_output=True, text=True, timeout=SECONDS)


def problems(done: subprocess.CompletedProcess[str]) -> list[str]:
    assert "Traceback" not in done.stderr
    assert done.returncode == 1
    return done.stderr.strip().splitlines()[:-1]


def test_a_pipe_a_device_and_a_folder_are_refused_without_waiting(project: Path) -> None:
    os.mkfifo(project / "laws" / "law-05.yaml")  # opening it would wait for a writer for ever
    os.symlink("/dev/zero", project / "laws" / "law-06.yaml")  # reading it would never end
    (project / "laws" / "law-50.yaml").mkdir()
    assert problems(check(project)) == [
        "laws/law-05.yaml:1: not a regular file (a pipe, socket or device): sources are files",
        "laws/law-06.yaml:1: a link to /dev/zero, outside the project: sources are files of the project",
        "laws/law-50.yaml:1: a folder, not a file: sources are files (rename or move it)",
    ]


def test_a_file_beyond_the_size_limit_is_not_read(project: Path) -> None:
    with open(project / "laws" / "law-07.yaml", "wb") as f:
        f.truncate(2_000_000)  # sparse: costs no disk
    assert problems(check(project)) == [
        "laws/law-07.yaml:1: 2,000,000 bytes: a source file is at most 1,000,000 bytes"]


def test_a_missing_source_folder_is_one_line(project: Path) -> None:
    shutil.rmtree(project / "laws")
    assert problems(check(project)) == [
        "laws:1: no such folder: it should hold the Laws, one laws/law-NN.yaml each (is this the project folder?)"]


def test_a_link_inside_the_project_is_read_like_its_target(project: Path) -> None:
    (project / "laws" / "law-02.yaml").rename(project / "law-02-kept.yaml")
    os.symlink(project / "law-02-kept.yaml", project / "laws" / "law-02.yaml")
    assert check(project).returncode == 0


def test_damaged_cache_entries_are_made_again(project: Path) -> None:
    site = build_site(project, handbook=False).site
    page = (site / "laws" / "law-01" / "index.html").read_text(encoding="utf-8")
    cache = project / ".cache"
    for entry in [*sorted((cache / "pages").glob("*.md")), *sorted((cache / "svg").glob("*.svg"))]:
        data = entry.read_bytes()
        entry.write_bytes(data[: len(data) // 2])  # truncated, as by a full disk or a killed build
    models = cache / "models.pickle"
    data = bytearray(models.read_bytes())
    data[len(data) // 2] ^= 0xFF  # one scribbled byte
    models.write_bytes(bytes(data))
    done = subprocess.run([sys.executable, "-m", "generator", "--root", str(project), "build", "--no-handbook"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "cache: .cache/models.pickle was damaged; it is made again" in done.stderr
    assert "was damaged; it is made again" in done.stderr.replace("models.pickle", "")
    assert (project / "site" / "laws" / "law-01" / "index.html").read_text(encoding="utf-8") == page


def test_a_cache_that_is_a_file_only_costs_speed(project: Path) -> None:
    (project / ".cache").write_text("not a folder")
    done = subprocess.run([sys.executable, "-m", "generator", "--root", str(project), "build", "--no-handbook"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "cannot be used" in done.stderr and "Traceback" not in done.stderr
    assert (project / "site" / "laws" / "law-01" / "index.html").exists()


def mkdocs(project: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-P", "-m", "mkdocs", "build", "--strict"], cwd=project, capture_output=True,
                          text=True, timeout=300, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})


def test_a_direct_mkdocs_build_that_fails_keeps_the_previous_site(project: Path) -> None:
    assert mkdocs(project).returncode == 0
    marker = project / "site" / "kept.txt"
    marker.write_text("the previous site")
    with open(project / "docs" / "editing.md", "a", encoding="utf-8") as f:
        f.write("\n[a link to nowhere](nowhere.md)\n")  # a warning: --strict aborts after the pages are made
    done = mkdocs(project)
    assert done.returncode != 0 and "Aborted with 1 warnings in strict mode" in done.stdout + done.stderr
    assert marker.exists(), "the previous site is untouched"
    assert not list(project.glob(".site-*")), "no staging folder is left behind"


def test_staging_folders_of_killed_builds_are_cleaned(project: Path) -> None:
    dead = project / ".site-999999999-abcd"  # no such process
    dead.mkdir()
    (dead / "index.html").write_text("half a site")
    assert mkdocs(project).returncode == 0
    assert not dead.exists()
    assert (project / "site" / "index.html").exists()


@pytest.mark.parametrize("text", ["A title\u202e reversed", "A title\nand --- a second line"])
def test_invisible_and_broken_titles_are_refused(project: Path, text: str) -> None:
    path = project / "flowcharts" / "fixture.yaml"
    source = path.read_text(encoding="utf-8").replace('title: "Law 1: Fixture Chart"', f"title: {text!r}".replace("'", '"'), 1)
    path.write_text(source, encoding="utf-8")
    found = problems(check(project))
    assert len(found) == 1 and found[0].startswith("flowcharts/fixture.yaml:1: "), found
