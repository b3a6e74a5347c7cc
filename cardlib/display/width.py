"""Text tables that line up in a terminal in every script: widths in columns, not characters.

A Hangul syllable (or a Chinese or Japanese letter) takes two columns of a terminal, a Latin
letter one, so ``str.ljust`` misaligns a Korean table. These pad by what the text shows
(:func:`wcwidth.wcswidth`: East Asian wide letters count two, combining marks none).

>>> columns("dealer"), columns("선봉"), columns("♠A")
(6, 4, 2)
>>> print(ljust("선봉", 6) + "|")
선봉  |
>>> print(rjust("선봉", 6) + "|")
  선봉|
>>> print("\\n".join(ljust(word, 6) + "|" for word in ("game", "게임")))
game  |
게임  |
"""

from __future__ import annotations

__all__ = ["columns", "ljust", "rjust"]


def columns(text: str) -> int:
    """The columns ``text`` takes in a terminal (a control letter takes none)."""
    if text.isascii():
        return len(text) - sum(not letter.isprintable() for letter in text)
    from wcwidth import wcswidth  # only for text beyond ASCII: it loads tables

    shown = wcswidth(text)
    if shown >= 0:
        return shown
    return sum(max(wcswidth(letter), 0) for letter in text)


def ljust(text: str, width: int) -> str:
    """``text`` padded with spaces on the right to ``width`` columns."""
    return text + " " * max(0, width - columns(text))


def rjust(text: str, width: int) -> str:
    """``text`` padded with spaces on the left to ``width`` columns."""
    return " " * max(0, width - columns(text)) + text
