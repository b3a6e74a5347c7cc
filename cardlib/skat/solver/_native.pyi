from collections.abc import Callable, Sequence

class PointCore:
    nodes: int
    check_at: int
    slots: int
    def __init__(
        self,
        beats: Sequence[bool],
        group: Sequence[int],
        points: Sequence[int],
        cls: Sequence[int],
        lead_key: Sequence[int],
        defence_key: Sequence[int],
        trumps: int,
        runs: int,
        declarer: int,
        entries: int,
    ) -> None: ...
    def probe(
        self, a: int, b: int, c: int, leader: int, t: int, rest: int, on_check: Callable[[], int]
    ) -> int: ...
    def trick_probe(
        self, a: int, b: int, c: int, leader: int, goal: bool, on_check: Callable[[], int]
    ) -> bool: ...
