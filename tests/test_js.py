"""The browser code's pure logic, tested under node (tests/js/*.test.js): the step-through's routes,
facts and Ruling card, without a browser."""
from __future__ import annotations

import shutil
import subprocess

import pytest

from support import ROOT

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


def test_the_node_tests_pass() -> None:
    done = subprocess.run(["node", "--test", str(ROOT / "tests" / "js")], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "# fail 0" in done.stdout
