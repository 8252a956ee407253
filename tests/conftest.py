"""Fixtures for every test; the helpers behind them live in support.py (importable by tests)."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from support import fixture_site, project, real_build, real_corpus, real_project, real_site  # noqa: E402,F401  (pytest finds fixtures here)


# Fixtures that build a whole site: a test asking for one is slow, whatever its module says, so that
# `pytest -m "not slow"` never waits for a build.
BUILDS = frozenset({"real_build", "real_site", "fixture_site", "base_url"})


def pytest_collection_modifyitems(config, items):  # noqa: ANN001 - pytest's hook
    import pytest

    for item in items:
        if BUILDS & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)
