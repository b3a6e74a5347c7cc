"""How fast the Skat app answers in Chromium: page open to table ready, and each click to the
table showing the bots' answer (p50/p95/max), against the sampling players and, for the table's
own overhead, the heuristic bots. A click's answer is shown when the table's element is
``cardlib-ready`` at another ``cardlib-position-N`` than the one clicked (the bots have moved
and the learner may click again); each answer is listed with the phase the learner clicked in.

Run by hand from the repository (prints its command first)::

    PYTHONPATH=. .venv/bin/python benchmarks/table.py [--games 2] [--opponents sampling heuristic]

Needs Voilà and Debian's Chromium (``/usr/bin/chromium``) through Playwright.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = "notebooks/apps/play_skat.ipynb"
IDLE = "() => !!document.querySelector('.cardlib-table.cardlib-ready')"
POSITION = """() => [...document.querySelector('.cardlib-table').classList]
    .filter(c => c.startsWith('cardlib-position-')).map(c => Number(c.slice(17)))[0]"""
ANSWERED = """p => { const t = document.querySelector('.cardlib-table.cardlib-ready');
    return !!t && !t.classList.contains('cardlib-position-' + p) }"""
CARDS = """() => [...document.querySelectorAll('button.widget-button')]
    .filter(b => /^(♣|♠|♥|♦)(10|[2-9JQKA])$/.test(b.textContent.trim()))
    .map(b => [b.textContent.trim(),
               !b.disabled && getComputedStyle(b).borderTopWidth === '2px'])"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def percentiles(times: list[float]) -> str:
    if not times:
        return "no moves"
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return (f"n={len(ordered)} p50={statistics.median(ordered):.2f}s p95={p95:.2f}s "
            f"max={ordered[-1]:.2f}s")  # fmt: skip


def answer(page: Any, click: Callable[[], None]) -> float:
    """Seconds from ``click`` until the table shows the answer: ready at a new position."""
    position = page.evaluate(POSITION)
    clicked = time.monotonic()
    click()
    page.wait_for_function(ANSWERED, arg=position, timeout=120_000, polling=20)
    return time.monotonic() - clicked


def game(page: Any, url: str, moves: list[tuple[str, float]], ready: list[float]) -> None:
    start = time.monotonic()
    page.goto(url)
    page.get_by_role("button", name="hint").wait_for(timeout=90_000)
    page.wait_for_function(IDLE, timeout=90_000, polling=20)
    ready.append(time.monotonic() - start)
    passed = page.get_by_role("button", name="pass", exact=True)
    if passed.count():
        moves.append(("bidding", answer(page, passed.click)))
    while True:
        legal = [name for name, playable in page.evaluate(CARDS) if playable]
        if not legal:
            return
        card = page.get_by_role("button", name=legal[0], exact=True)
        moves.append(("play", answer(page, card.click)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--opponents", nargs="+", default=["sampling", "heuristic"])
    args = parser.parse_args()
    print("$", " ".join([sys.executable, *sys.argv]))
    print("load:", os.getloadavg())
    from playwright.sync_api import sync_playwright

    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    command = [sys.executable, "-m", "voila", NOTEBOOK, "--no-browser", f"--port={port}",
               "--Voila.ip=127.0.0.1"]  # fmt: skip
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)  # fmt: skip
    try:
        for _ in range(300):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                time.sleep(0.2)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
            )
            for kind in args.opponents:
                moves: list[tuple[str, float]] = []
                ready: list[float] = []
                for seed in range(1, args.games + 1):
                    page = browser.new_page()
                    game(page, f"http://127.0.0.1:{port}/?seed={seed}&opponents={kind}",
                         moves, ready)  # fmt: skip
                    page.close()
                times = [seconds for _, seconds in moves]
                print(f"{kind}: click to answer {percentiles(times)}; "
                      f"page open to ready {percentiles(ready)}")  # fmt: skip
                for phase in ("bidding", "play"):
                    found = [seconds for said, seconds in moves if said == phase]
                    print(f"  after a click in the {phase}: {percentiles(found)}")
                print("  each:", " ".join(f"{said[0]}{seconds:.2f}" for said, seconds in moves))
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    print("load:", os.getloadavg())


if __name__ == "__main__":
    main()
