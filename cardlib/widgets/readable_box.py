"""A box of widgets whose plain text is its ``repr``: what a terminal, a doctest or a notebook
viewer without a kernel shows in the widget's place.

>>> import ipywidgets as widgets
>>> class Counter(ReadableBox):
...     def __repr__(self) -> str:
...         return "counted 3"
>>> Counter([widgets.Label("3")])._repr_mimebundle_()["text/plain"]
'counted 3'
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets


class ReadableBox(widgets.VBox):  # type: ignore[misc]
    """A vertical box whose mime bundle's ``text/plain`` is ``repr(self)``."""

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict):
            bundle["text/plain"] = repr(self)
        return bundle
