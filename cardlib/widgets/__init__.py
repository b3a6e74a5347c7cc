"""Interactive front ends (ipywidgets 8): step through deals, play against bots, pick hands.

Importing this package imports ipywidgets; nothing else in cardlib imports it, so ``import cardlib``
stays light. Each widget also has a static view (a picture and text) for notebooks read without a
kernel, e.g. ``Stepper.snapshot(i)``.
"""

from cardlib.widgets.explorer import SplitExplorer
from cardlib.widgets.picker import HandPicker
from cardlib.widgets.stepper import Stepper, states_of
from cardlib.widgets.table import PlayTable

__all__ = ["HandPicker", "PlayTable", "SplitExplorer", "Stepper", "states_of"]
