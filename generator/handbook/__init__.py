"""Stage 9, the printable handbook and the chart cards: PDFs made from the same sources as the
site, laid out by WeasyPrint, with the charts drawn into them directly.

The names below are imported on first use: WeasyPrint takes most of a second to import, and a
command that only reads the package's light modules (`check`, `walk`, the fonts' error) should
not wait for it.
"""
from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from generator.handbook.build import Built, make_both, make_cards, make_handbook

__all__ = ["Built", "make_both", "make_cards", "make_handbook"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        return getattr(import_module("generator.handbook.build"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
