"""The Skat rules engine: game facts, options, the deal, moves, the states of every phase.

Import the public names from :mod:`cardlib.skat`; these modules are where they live.
"""
