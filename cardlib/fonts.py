"""Fonts for pictures in every language cardlib speaks: Hangul next to Latin, Cyrillic and suits.

matplotlib's default font, DejaVu Sans, has Latin, Cyrillic and the suit symbols but no Hangul.
:func:`use_fonts` adds NanumGothic (shipped by the ``koreanize-matplotlib`` package, so a fresh
``pip install`` needs nothing else) as the fallback for the glyphs DejaVu Sans lacks. cardlib's
own pictures call it; call it yourself before drawing your own Korean labels.

>>> use_fonts()
True
>>> import matplotlib
>>> matplotlib.rcParams["font.family"][:2]
['DejaVu Sans', 'NanumGothic']
"""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path

__all__ = ["HANGUL_FONT", "use_fonts"]

HANGUL_FONT = "NanumGothic"


def _hangul_font_files() -> list[Path]:
    """Where NanumGothic and its heavier faces lie, found without importing their package (which
    restyles matplotlib); empty if the regular face is missing. matplotlib reads the Bold face
    as weight 600 and ExtraBold as 700, the weight it means by "bold"."""
    spec = importlib.util.find_spec("koreanize_matplotlib")
    if spec is None or not spec.submodule_search_locations:
        return []
    folder = Path(next(iter(spec.submodule_search_locations))) / "fonts"
    faces = [folder / f"{HANGUL_FONT}{face}.ttf" for face in ("", "Bold", "ExtraBold")]
    return [path for path in faces if path.exists()] if faces[0].exists() else []


@cache
def _register() -> bool:
    from matplotlib import font_manager

    paths = _hangul_font_files()
    for path in paths:
        font_manager.fontManager.addfont(str(path))
    return bool(paths)


def use_fonts() -> bool:
    """Let matplotlib draw Hangul (and keep its default look elsewhere); ``False`` if no font.

    The default family becomes ``['DejaVu Sans', 'NanumGothic']`` so that each glyph comes from
    the first font that has it. A family you chose yourself is kept, with NanumGothic after it.
    """
    import matplotlib

    if not _register():
        return False
    family = matplotlib.rcParams["font.family"]
    families = [family] if isinstance(family, str) else list(family)
    if families == ["sans-serif"]:
        families = ["DejaVu Sans"]
    if HANGUL_FONT not in families:
        matplotlib.rcParams["font.family"] = [*families, HANGUL_FONT]
    return True
