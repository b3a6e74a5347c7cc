"""The language selector every widget carries: the languages by their own names; a choice
switches cardlib's language and redraws the widget at once, leaving its game untouched."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from cardlib.i18n import LANGUAGES, _, get_language, set_language

__all__ = ["LanguageSelector", "relabel"]


class LanguageSelector(widgets.Dropdown):  # type: ignore[misc]
    """A dropdown of cardlib's languages (English, 한국어, Deutsch, Русский).

    Choosing one calls :func:`cardlib.set_language` and then ``redraw()``, which words the
    widget's texts anew; nothing else changes. A widget whose language was changed elsewhere
    (:meth:`outdated`) rewords its controls the next time it draws itself.

    >>> drawn = []
    >>> selector = LanguageSelector(lambda: drawn.append(get_language()))
    >>> selector.options[:2]
    (('English', 'en'), ('한국어', 'ko'))
    >>> before = get_language()
    >>> selector.value = "de"; drawn, get_language()
    (['de'], 'de')
    >>> selector.value = before
    """

    def __init__(self, redraw: Callable[[], None]) -> None:
        super().__init__(
            options=[(name, code) for code, name in LANGUAGES.items()],
            value=get_language(),
            layout=widgets.Layout(width="200px"),
        )
        self._redraw = redraw
        self._shown = get_language()
        self.refresh()
        self.observe(self._chosen, names="value")

    def outdated(self) -> bool:
        """Whether cardlib speaks another language than this selector shows (another widget,
        or ``cardlib.set_language``, changed it): the widget's controls then need new words."""
        return self._shown != get_language()

    def refresh(self) -> None:
        """Show the language spoken now, and the selector's own words in it."""
        self.description = _("Language")
        self.tooltip = _("the language of every text of this widget")
        spoken = get_language()
        if self._shown != spoken:
            self.unobserve(self._chosen, names="value")
            try:
                self.value = self._shown = spoken
            finally:
                self.observe(self._chosen, names="value")

    def _chosen(self, change: dict[str, Any]) -> None:
        self._shown = change["new"]
        set_language(self._shown)
        self.refresh()
        self._redraw()


def relabel(selection: Any, options: Sequence[tuple[str, Any]]) -> None:
    """New words for a selection widget's options, keeping the chosen value. Its value observers
    may see the value go to the first option and come back: the widget redraws afterwards."""
    if tuple(selection.options) == tuple(options):
        return
    value = selection.value
    selection.options = options
    selection.value = value
