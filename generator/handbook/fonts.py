"""The fonts the printed books and their chart drawings are set in, taken from packages the
project depends on, never from the system: a new machine builds the PDFs with no font installed.

- DejaVu Sans and DejaVu Serif (the books' words) come with matplotlib, which ships them as its
  own default faces; nothing of matplotlib is imported, only its data folder is read.
- Arimo (the charts' words) comes from `fontpkg-arimo`. It has Arial's metrics, which are the
  metrics graphviz-pure lays the charts out with, so the printed words fill their boxes as drawn.

WeasyPrint is handed the faces as `@font-face` rules (`font_face_css`), the chart drawings'
writer by file (`chart_font`). A missing package is a clear error at once, never a search of
the system's fonts.
"""
from __future__ import annotations

import hashlib
import importlib.util
import os
import tempfile
import warnings
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path


class MissingFont(RuntimeError):
    """A font the printed books need is not where its package puts it."""


@dataclass(frozen=True)
class Face:
    """One face of a family, as a file."""

    family: str
    weight: int  # 400 regular, 700 bold
    style: str  # "normal" or "italic"
    path: Path


# family → (weight, style, file name in the package's folder); the package and its folder below.
_DEJAVU = {
    "DejaVu Serif": [(400, "normal", "DejaVuSerif.ttf"), (400, "italic", "DejaVuSerif-Italic.ttf"),
                     (700, "normal", "DejaVuSerif-Bold.ttf"), (700, "italic", "DejaVuSerif-BoldItalic.ttf")],
    "DejaVu Sans": [(400, "normal", "DejaVuSans.ttf"), (400, "italic", "DejaVuSans-Oblique.ttf"),
                    (700, "normal", "DejaVuSans-Bold.ttf"), (700, "italic", "DejaVuSans-BoldOblique.ttf")],
    "DejaVu Sans Mono": [(400, "normal", "DejaVuSansMono.ttf"), (700, "normal", "DejaVuSansMono-Bold.ttf")],
}
_ARIMO = {"Arimo": [(400, "normal", "Arimo[wght].ttf")]}  # variable: its regular face is cut out below
# Where each package keeps its files, below the package's own folder.
_PACKAGES = (("matplotlib", "mpl-data/fonts/ttf", _DEJAVU, "matplotlib"),
             ("fontpkg_arimo", "files", _ARIMO, "fontpkg-arimo"))

# The families the charts' words are drawn in, first choice first: Arimo, and DejaVu Sans for
# what Arimo lacks (a tick, a double arrow).
CHART_FAMILIES = ("Arimo", "DejaVu Sans")


def _package_folder(module: str, pip_name: str) -> Path:
    spec = importlib.util.find_spec(module)  # found, not imported: matplotlib is slow to import
    if spec is None or not spec.submodule_search_locations:
        raise MissingFont(f"the printed books' fonts come from the package {pip_name!r}, which is not "
                          f"installed: pip install -e . (or pip install {pip_name})")
    return Path(next(iter(spec.submodule_search_locations)))


@lru_cache(maxsize=1)
def faces() -> tuple[Face, ...]:
    """Every face the books and drawings may use; raises MissingFont naming what is missing."""
    found: list[Face] = []
    missing: list[str] = []
    for module, folder, families, pip_name in _PACKAGES:
        base = _package_folder(module, pip_name) / folder
        for family, files in families.items():
            for weight, style, name in files:
                path = base / name
                if path.is_file():
                    found.append(Face(family, weight, style, path))
                else:
                    missing.append(f"{path} ({pip_name})")
    if missing:
        raise MissingFont("the printed books' fonts are missing: " + ", ".join(missing))
    return tuple(Face(f.family, f.weight, f.style, _static(f.path)) if "[" in f.path.name else f for f in found)


def _static(variable: Path) -> Path:
    """The regular face of a variable font as a font of its own, made once and kept by its digest.

    WeasyPrint cuts an instance out of a variable font for every document, stamped with the time
    it was cut, so two builds would differ; a static face is embedded as it is.
    """
    data = variable.read_bytes()
    digest = hashlib.sha256(data).hexdigest()[:16]
    kept = Path(tempfile.gettempdir()) / "bridge-laws-fonts" / f"{variable.name.split('[')[0]}-Regular-{digest}.ttf"
    if kept.is_file():
        return kept
    from fontTools.ttLib import TTFont  # only when the face is first made
    from fontTools.varLib.instancer import instantiateVariableFont

    font = instantiateVariableFont(TTFont(str(variable), recalcTimestamp=False), {"wght": 400}, updateFontNames=True)
    kept.parent.mkdir(parents=True, exist_ok=True)
    part = kept.with_name(f"{kept.name}.{os.getpid()}.part")
    font.save(str(part))
    part.replace(kept)  # whole or not at all, whichever build gets there first
    return kept


def font_face_css() -> str:
    """`@font-face` rules for every face, so that WeasyPrint needs no system font."""
    rules = []
    for face in faces():
        rules.append(f'@font-face {{ font-family: "{face.family}"; font-weight: {face.weight}; '
                     f'font-style: {face.style}; src: url("{face.path.as_uri()}"); }}')
    return "\n".join(rules)


def chart_font(family: str) -> Path:
    """The regular face of one of the chart drawings' families."""
    for face in faces():
        if face.family == family and face.weight == 400 and face.style == "normal":
            return face.path
    raise MissingFont(f"no regular face of {family!r} among the packaged fonts")


def quiet_fontconfig_warning() -> None:
    """WeasyPrint warns when fontconfig knows no font; the books bring every face they use."""
    warnings.filterwarnings("ignore", message="No fonts configured in FontConfig", category=UserWarning)
