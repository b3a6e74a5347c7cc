"""The words a player types at the terminal besides moves, in every language cardlib speaks.

A command is read in any of them, whatever the language spoken, so a player may type the word
the help shows or the English one:

>>> command("Quit"), command("그만"), command("tipp"), command("  도움말 "), command("HJ")
('quit', 'quit', 'hint', 'help', None)
"""

from __future__ import annotations

__all__ = ["COMMANDS", "command"]

COMMANDS: dict[str, tuple[str, ...]] = {
    "quit": ("quit", "exit", "q", "그만", "종료", "ende", "beenden", "выход", "выйти"),
    "help": ("help", "?", "도움말", "hilfe", "помощь", "справка"),
    "hint": ("hint", "explain", "힌트", "조언", "tipp", "hinweis", "подсказка", "совет"),
    "hand": ("hand", "손패", "blatt", "рука"),
    "moves": ("moves", "수", "züge", "ходы"),
}
"""Each command and the words that give it: English first, then Korean, German, Russian."""

_BY_WORD = {word: name for name, words in COMMANDS.items() for word in words}


def command(text: str) -> str | None:
    """The command ``text`` names (``'quit'``, ``'help'``, ``'hint'``, ``'hand'``, ``'moves'``),
    or ``None`` when it is not one (a move, perhaps)."""
    return _BY_WORD.get(" ".join(text.lower().split()))
