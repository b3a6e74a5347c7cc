"""Skat's own widgets (ipywidgets, imported on use): the hand picker and the split explorer."""
