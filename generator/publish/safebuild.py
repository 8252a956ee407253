"""Build the site with MkDocs into a fresh folder, and only then replace site/."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from generator.corpus.loading import load_corpus
from generator.handbook.fonts import faces


HANDBOOK = "handbook.pdf"  # where the site offers the printable handbook
CARDS = "chart-cards.pdf"  # and the chart cards
HANDBOOK_ENV = "BRIDGE_LAWS_HANDBOOK"  # tells the MkDocs adapter that the build writes one
PRINTED_ENV = "BRIDGE_LAWS_PRINTED"  # the file of the PDFs' page numbers, for the chart pages


class BuildFailed(Exception):
    """MkDocs stopped (a warning under --strict, or an error); site/ was left as it was."""


STAGED_ENV = "BRIDGE_LAWS_STAGED"  # tells the MkDocs adapter that the build already writes into a staging folder
_STAGING_PREFIX = ".site-"


def build_site(root: Path, *, strict: bool = True, handbook: bool = True) -> Path:
    """Validate, build into a temporary folder beside site/ (the handbook too), then swap it in."""
    load_corpus(root, cached=True)  # raises SourceErrors before anything is written
    if handbook:
        faces()  # raises MissingFont at once, not after the site's pages are made
    site = root / "site"
    staging = new_staging(site)
    printed = Path(tempfile.mkdtemp(prefix=f"{_STAGING_PREFIX}{os.getpid()}-pdf-", dir=root))
    try:
        # Not --quiet: MkDocs counts warnings for --strict only when it logs them.
        # -P: the project folder is not put on the import path, so that a copy of the project holding
        # only the adapter (generator/publish/, as the tests make) never stands for the package.
        cmd = [sys.executable, "-P", "-m", "mkdocs", "build", "-f", str(root / "mkdocs.yml"), "-d", str(staging)]
        if strict:
            cmd.append("--strict")
        env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", STAGED_ENV: "1"}
        if handbook:
            # The PDFs first (beside the staging folder, which MkDocs empties), so that the chart
            # pages can give the page each chart stands on.
            env[HANDBOOK_ENV] = HANDBOOK  # the pages then offer the PDFs this build writes
            env[PRINTED_ENV] = str(write_pdfs(root, printed))
        done = subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True)
        for line in done.stderr.splitlines():
            if not line.startswith("INFO"):
                print(line, file=sys.stderr)  # warnings and errors; the INFO chatter is not news
        if done.returncode != 0:
            raise BuildFailed(f"mkdocs build failed (exit {done.returncode}); {site} is unchanged")
        if handbook:
            for name in (HANDBOOK, CARDS):
                (printed / name).replace(staging / name)
        swap_in(staging, site)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
        shutil.rmtree(printed, ignore_errors=True)
    return site


def write_pdfs(root: Path, folder: Path) -> Path:
    """The handbook and the chart cards into `folder`, and the file of where each chart stands in them."""
    # WeasyPrint is slow to import: only when asked.
    from generator.handbook import make_both

    book, cards = make_both(root, folder / HANDBOOK, folder / CARDS, paper="A4")
    for name, built in (("handbook", book), ("chart cards", cards)):
        for warning in built.warnings:
            print(f"{name}: {warning}", file=sys.stderr)
        print(f"{name}: {built.pages} pages in {built.seconds:.1f} s")
    pages = folder / "printed.json"
    pages.write_text(json.dumps({"handbook": book.chart_pages, "cards": cards.chart_pages}), encoding="utf-8")
    return pages


def new_staging(site: Path) -> Path:
    """A fresh folder beside `site` to build into; staging folders of builds that died are removed."""
    clean_stale_staging(site.parent)
    return Path(tempfile.mkdtemp(prefix=f"{_STAGING_PREFIX}{os.getpid()}-", dir=site.parent))


def swap_in(staging: Path, site: Path) -> None:
    """Replace `site` by the finished `staging` folder, keeping the old one until the new is in place."""
    if site.exists():
        old = site.with_name(f"{_STAGING_PREFIX}{os.getpid()}-old")
        shutil.rmtree(old, ignore_errors=True)
        site.rename(old)
        staging.rename(site)
        shutil.rmtree(old, ignore_errors=True)
    else:
        staging.rename(site)


def clean_stale_staging(folder: Path) -> None:
    """Remove the staging folders left by builds that were killed (their process is gone)."""
    for path in folder.glob(f"{_STAGING_PREFIX}*"):
        pid = path.name[len(_STAGING_PREFIX):].split("-", 1)[0]
        if path.is_dir() and (not pid.isdigit() or not _alive(int(pid))):
            shutil.rmtree(path, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists, but is not ours to signal
    return True
