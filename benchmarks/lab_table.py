"""The threaded play table in a real JupyterLab: does the page stay live while the bots think?

Starts the venv's JupyterLab headless on a free port of 127.0.0.1 with a fresh token (its
configuration, runtime and settings in a temporary folder), writes a notebook there that shows
the Skat table against the sampling players and a second cell that answers at once, and drives
Debian's Chromium through Playwright: run the table's cell, pass in the bidding and play cards.
While the bots think it samples the thinking line (the texts seen, with their times) and runs the
second cell, timing its answer: a kernel whose message loop is blocked answers only when the
bots are done. Screenshots go to ``test-artifacts/lab_table_*.png``.

Run by hand from the repository (prints its command first)::

    PYTHONPATH=. .venv/bin/python benchmarks/lab_table.py [--moves 3] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-dev-shm-usage"]  # fmt: skip
LINE = "() => document.querySelector('.cardlib-thinking')?.innerText ?? ''"
READY = "() => !!document.querySelector('.cardlib-table.cardlib-ready')"
CARDS = """() => [...document.querySelectorAll('button.widget-button')]
    .filter(b => /^(♣|♠|♥|♦)(10|[2-9JQKA])$/.test(b.textContent.trim()))
    .map(b => [b.textContent.trim(),
               !b.disabled && getComputedStyle(b).borderTopWidth === '2px'])"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def notebook(seed: int) -> dict[str, Any]:
    """The table against the sampling players, and a cell that answers at once."""
    cells = [
        f'from cardlib.widgets import PlayTable\n\ntable = PlayTable("skat", seed={seed}, '
        'opponents="sampling")\ntable',
        'print("alive", "thinking" if table.busy else "waiting")',
    ]
    code: dict[str, Any] = {"cell_type": "code", "execution_count": None, "metadata": {}}
    kernel = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    return {
        "cells": [code | {"outputs": [], "source": source} for source in cells],
        "metadata": {"kernelspec": kernel},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def start_lab(folder: Path, token: str) -> tuple[subprocess.Popen[bytes], int, Path]:
    port = free_port()
    settings = folder / "lab-settings"
    settings.mkdir()
    overrides = {"@jupyterlab/apputils-extension:notification": {"fetchNews": "false"}}
    (settings / "overrides.json").write_text(json.dumps(overrides))
    env = dict(os.environ, PYTHONPATH=str(ROOT), JUPYTER_CONFIG_DIR=str(folder / "config"),
               JUPYTER_RUNTIME_DIR=str(folder / "runtime"),
               JUPYTERLAB_SETTINGS_DIR=str(folder / "user-settings"),
               JUPYTERLAB_WORKSPACES_DIR=str(folder / "workspaces"))  # fmt: skip
    command = [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}",
               "--ServerApp.ip=127.0.0.1", f"--IdentityProvider.token={token}",
               f"--ServerApp.root_dir={folder}", f"--LabServerApp.app_settings_dir={settings}",
               "--allow-root"]  # fmt: skip
    log = folder / "lab.log"
    with log.open("wb") as out:
        server = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)
    for _ in range(450):
        if server.poll() is not None:
            raise SystemExit("JupyterLab exited:\n" + log.read_text(errors="replace")[-3000:])
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return server, port, log
        except OSError:
            time.sleep(0.2)
    server.terminate()
    raise SystemExit("JupyterLab did not listen within 90 s")


def watch(page: Any, cell: Any, *, answer: bool) -> dict[str, Any]:
    """Until the table stops thinking: the thinking line's texts (seconds since the start), and
    (``answer``) how long the second cell took to answer while the bots thought."""
    start = time.monotonic()
    seen: list[tuple[float, str]] = []
    answered = None
    asked = False
    while time.monotonic() - start < 120:
        text = page.evaluate(LINE)
        if text and (not seen or seen[-1][1] != text):
            seen.append((round(time.monotonic() - start, 2), text))
        if answer and text and not asked:
            asked, sent = True, time.monotonic()
            cell.click()
            page.keyboard.press("Control+Enter")
            output = cell.locator(".jp-OutputArea-output")
            output.filter(has_text="alive").wait_for(timeout=120_000)
            answered = (round(time.monotonic() - sent, 2), output.first.inner_text())
            continue
        if not text and seen:
            break
        time.sleep(0.05)
    page.wait_for_function(READY, timeout=120_000)
    return {"seconds": round(time.monotonic() - start, 2), "lines": seen, "cell": answered}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=3, help="cards to play after the bidding")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("$", " ".join([sys.executable, *sys.argv]))
    print("load:", os.getloadavg())
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(exist_ok=True)
    token = secrets.token_hex(16)
    with tempfile.TemporaryDirectory(prefix="cardlib-lab-") as name:
        folder = Path(name)
        (folder / "table.ipynb").write_text(json.dumps(notebook(args.seed)))
        server, port, log = start_lab(folder, token)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                                     args=CHROMIUM_ARGS)  # fmt: skip
                context = browser.new_context(viewport={"width": 1280, "height": 1000})
                context.route(re.compile(r"^(?!https?://127\.0\.0\.1[:/]|data:|blob:)"),
                              lambda route: route.fulfill(status=200, body=""))  # fmt: skip
                page = context.new_page()
                errors: list[str] = []
                page.on("pageerror", lambda error: errors.append(str(error)))
                opened = time.monotonic()
                page.goto(f"http://127.0.0.1:{port}/lab/tree/table.ipynb?token={token}")
                page.get_by_text("Python 3 (ipykernel) | Idle").first.wait_for(timeout=120_000)
                cells = page.locator(".jp-NotebookPanel:visible .jp-CodeCell")
                cells.nth(0).click()
                page.keyboard.press("Control+Enter")
                page.get_by_role("button", name="hint").wait_for(timeout=120_000)
                print(f"table shown {time.monotonic() - opened:.1f} s after the page opened")
                page.screenshot(path=str(ARTIFACTS / "lab_table_start.png"))
                second = cells.nth(1)
                passed = page.get_by_role("button", name="pass", exact=True)
                if passed.count():
                    passed.click()
                    page.wait_for_timeout(300)
                    page.screenshot(path=str(ARTIFACTS / "lab_table_thinking.png"))
                    report = watch(page, second, answer=True)
                    print("pass:", json.dumps(report, ensure_ascii=False))
                for move in range(args.moves):
                    legal = [card for card, playable in page.evaluate(CARDS) if playable]
                    if not legal:
                        break
                    page.get_by_role("button", name=legal[0], exact=True).click()
                    report = watch(page, second, answer=False)
                    print(f"card {move + 1} {legal[0]}:", json.dumps(report, ensure_ascii=False))
                page.screenshot(path=str(ARTIFACTS / "lab_table_after.png"), full_page=True)
                print("page errors:", errors or "none")
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=20)
            kernel_errors = [line for line in log.read_text(errors="replace").splitlines()
                             if "Traceback" in line or "Error" in line]  # fmt: skip
            print("server log errors:", kernel_errors[-5:] or "none")
    print("load:", os.getloadavg())


if __name__ == "__main__":
    main()
