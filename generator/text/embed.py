"""Data embedded in a page for its script: JSON that cannot end its <script> element early."""
from __future__ import annotations

import json
from typing import Any

from markupsafe import Markup

_ESCAPES = (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("\u2028", "\\u2028"), ("\u2029", "\\u2029"))


def script_json(data: Any) -> Markup:
    """For `<script type="application/json">`; keys sorted so that builds are byte-identical."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    for char, escape in _ESCAPES:
        text = text.replace(char, escape)
    return Markup(text)
