"""Skat's own widgets (ipywidgets, imported on use): the hand picker, the split explorer and the
declaration builder."""
