"""Skat players: the bots and the hand analysis they and the hints use."""
