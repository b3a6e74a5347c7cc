"""How fast the Skat app answers in Chromium: page open to table ready; after each click of
the learner, the time until the table says it thinks, each bot's move and the whole answer
(p50/p95/max), against the sampling players and, for the table's own overhead, the heuristic
bots.

The page tells the times itself: the table's element has the classes ``cardlib-ready`` or
``cardlib-busy`` and ``cardlib-position-N`` (:mod:`cardlib.widgets.table_view`), and a
MutationObserver notes when each changes (``performance.now()``). After a click: *thinking
shown* is the first ``cardlib-busy``; a *bot move* lasts from one position shown to the next;
the *answer* is ``cardlib-ready`` at a new position (the learner may click again). Bot moves are
listed by the phase the bot moved in as the learner clicked: after "pass" (the bidding, the
skat, the declaration) or after a card (the play).

Voilà serves the app as ``make app`` does (``plain``: a kernel started for each page) and with
a pre-heated kernel (``preheat``: ``--preheat_kernel=True --pool_size=1``, the imports done before
the page asks; ``PlayTable.from_link`` then waits for the page's link); the first page of a
pre-heated server is opened :data:`HEAT` seconds after it starts, when its kernel is warm.

Run by hand from the repository (prints its command first)::

    PYTHONPATH=. .venv/bin/python benchmarks/table.py [--games 2] [--opponents sampling heuristic]
        [--serve plain preheat]

Needs Voilà and Debian's Chromium (``/usr/bin/chromium``) through Playwright.
"""

from __future__ import annotations

import argparse
import itertools
import os
import re
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
HEAT = 30.0
SERVE = {"plain": [], "preheat": ["--preheat_kernel=True", "--pool_size=1"]}
NOTEBOOK = "notebooks/apps/play_skat.ipynb"
IDLE = "() => !!document.querySelector('.cardlib-table.cardlib-ready')"
WATCH = """() => { const table = document.querySelector('.cardlib-table');
    window.cardlibLog = [];
    new MutationObserver(() => window.cardlibLog.push([performance.now(), table.className]))
        .observe(table, {attributes: true, attributeFilter: ['class']}); }"""
START = "() => { window.cardlibLog = []; return performance.now(); }"
LOG = "() => window.cardlibLog"
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


@dataclass
class Times:
    """Seconds measured on one kind of opponents."""

    ready: list[float] = field(default_factory=list)
    shown: list[float] = field(default_factory=list)
    answers: list[tuple[str, float]] = field(default_factory=list)
    bots: list[tuple[str, float]] = field(default_factory=list)


def answer(page: Any, click: Callable[[], None], phase: str, times: Times) -> None:
    """Click and wait for the answer; note the times the page logged."""
    position = page.evaluate(POSITION)
    start = page.evaluate(START)
    click()
    page.wait_for_function(ANSWERED, arg=position, timeout=120_000, polling=20)
    log = page.evaluate(LOG)
    busy = [at for at, classes in log if "cardlib-busy" in classes.split()]
    if busy:
        times.shown.append((busy[0] - start) / 1000)
    seen: list[tuple[float, str]] = []
    for at, classes in log:
        found = re.search(r"cardlib-position-(\d+)", classes)
        if found and (not seen or seen[-1][1] != found.group(1)):
            seen.append((at, found.group(1)))
    times.answers.append((phase, (log[-1][0] - start) / 1000))
    times.bots += [(phase, (b[0] - a[0]) / 1000) for a, b in itertools.pairwise(seen)]


def game(page: Any, url: str, times: Times) -> None:
    start = time.monotonic()
    page.goto(url)
    page.get_by_role("button", name="hint").wait_for(timeout=90_000)
    page.wait_for_function(IDLE, timeout=90_000, polling=20)
    times.ready.append(time.monotonic() - start)
    page.evaluate(WATCH)
    passed = page.get_by_role("button", name="pass", exact=True)
    if passed.count():
        answer(page, passed.click, "bidding", times)
    while True:
        legal = [name for name, playable in page.evaluate(CARDS) if playable]
        if not legal:
            return
        answer(page, page.get_by_role("button", name=legal[0], exact=True).click, "play", times)


def report(kind: str, times: Times) -> None:
    print(f"{kind}, page open to ready {percentiles(times.ready)}")
    print("  each page:", " ".join(f"{seconds:.2f}" for seconds in times.ready))
    print(f"  click to thinking shown {percentiles(times.shown)}")
    every = [seconds for _, seconds in times.bots]
    print(f"  each bot move {percentiles(every)}")
    for phase in ("bidding", "play"):
        found = [seconds for said, seconds in times.bots if said == phase]
        print(f"    after a click in the {phase}: {percentiles(found)}")
    answers = [seconds for _, seconds in times.answers]
    print(f"  click to answer {percentiles(answers)}")
    print("  bot moves:", " ".join(f"{said[0]}{seconds:.2f}" for said, seconds in times.bots))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--opponents", nargs="+", default=["sampling", "heuristic"])
    parser.add_argument("--serve", nargs="+", choices=list(SERVE), default=list(SERVE))
    args = parser.parse_args()
    print("$", " ".join([sys.executable, *sys.argv]))
    print("load:", os.getloadavg())
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
        )
        for serve in args.serve:
            port = free_port()
            command = [sys.executable, "-m", "voila", NOTEBOOK, "--no-browser", f"--port={port}",
                       "--Voila.ip=127.0.0.1", *SERVE[serve]]  # fmt: skip
            env = dict(os.environ, PYTHONPATH=str(ROOT))
            server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL)  # fmt: skip
            try:
                for _ in range(300):
                    try:
                        socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                        break
                    except OSError:
                        time.sleep(0.2)
                if serve == "preheat":
                    time.sleep(HEAT)
                for kind in args.opponents:
                    times = Times()
                    for seed in range(1, args.games + 1):
                        page = browser.new_page()
                        game(page, f"http://127.0.0.1:{port}/?seed={seed}&opponents={kind}", times)
                        page.close()
                    report(f"{serve} Voilà, {kind}", times)
            finally:
                server.terminate()
                server.wait(timeout=10)
        browser.close()
    print("load:", os.getloadavg())


if __name__ == "__main__":
    main()
