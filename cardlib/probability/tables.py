"""Plain HTML tables for Jupyter (they live in :mod:`cardlib.display.tables`, below the games)."""

from cardlib.display.tables import html_table, percent

__all__ = ["html_table", "percent"]
