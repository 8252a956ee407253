"""Browser tests: the real site served on 127.0.0.1, driven in Debian's Chromium by Playwright."""
from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path
from typing import Any, Iterator

import pytest

CHROMIUM = Path("/usr/bin/chromium")
# No network beyond this machine: keep Chromium from calling home.
CHROMIUM_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync"]

if not CHROMIUM.exists():
    pytest.skip("Debian's chromium is not installed (.ci/run installs it)", allow_module_level=True)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "args": CHROMIUM_ARGS}


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        pass


@pytest.fixture(scope="session")
def base_url(real_site: Path) -> Iterator[str]:
    """The built site over HTTP (search and module scripts do not run from file://)."""
    handler = functools.partial(_Quiet, directory=str(real_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture
def console_errors(page: Any) -> list[str]:
    """Errors the page logs; a test ends by asserting there were none."""
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors
