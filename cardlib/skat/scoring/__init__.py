"""Skat scoring: the settlement of a declared game, score sheets, the settlement of Ramsch."""
