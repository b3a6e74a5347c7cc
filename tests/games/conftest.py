"""The tiny game registers itself when imported: its tests import it and forget it after, so that
collecting it (for its doctest) does not leave it registered for the other tests."""

collect_ignore = ["tiny_trick_game.py"]
