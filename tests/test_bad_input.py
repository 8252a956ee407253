"""The corpus of broken sources (tests/fixtures/broken): each gives its `path:line` message, no
traceback, a non-zero exit, and leaves the previous site as it was; markup is shown escaped."""
from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from support import make_project
from generator.site import build_site

BROKEN = Path(__file__).parent / "fixtures" / "broken"
EXPECTED = yaml.safe_load((BROKEN / "expected.yaml").read_text(encoding="utf-8"))


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
    done = subprocess.run([sys.executable, "-m", "generator", "--root", str(root), "build", "--no-handbook"],
                          capture_output=True, text=True)
    assert "Traceback" not in done.stderr
    expected = EXPECTED[case]
    if isinstance(expected, list):
        assert done.returncode == 1
        problems = done.stderr.strip().splitlines()[:-1]  # the last line counts them
        assert problems == expected
        assert digest(root / "site") == before, "the previous site is untouched"
    else:
        assert done.returncode == 0, done.stderr
        html = (root / "site" / expected["escaped"]["page"] / "index.html").read_text(encoding="utf-8")
        assert expected["escaped"]["text"] in html
        assert "<script>alert(" not in html and "<img src=x" not in html
        assert "&lt;img src=x onerror=alert(1)&gt;" in html or case != "markup-in-law"
