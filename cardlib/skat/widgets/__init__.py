"""Skat's own widgets (ipywidgets, imported on use): the hand picker, the split explorer, the
declaration builder and the belief stepper."""
