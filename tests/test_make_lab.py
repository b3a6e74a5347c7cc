"""``make lab`` (the README's first command) starts a JupyterLab that answers, as root too, with
its menus in the language ``CARDLIB_LANG`` names (JupyterLab's Korean language pack)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def test_make_lab_serves_the_start_notebook(tmp_path: Path) -> None:
    if not (ROOT / ".venv" / ".lab").exists():
        pytest.fail("make lab needs the .venv that `make test` builds; run the suite through make")
    port = free_port()
    args = (
        f"LAB_ARGS=--no-browser --ServerApp.ip=127.0.0.1 --ServerApp.port={port} "
        "--IdentityProvider.token= --ServerApp.password="
    )
    env = os.environ | {"JUPYTER_CONFIG_DIR": str(tmp_path / "config"), "CARDLIB_LANG": "ko",
                        "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime")}  # fmt: skip
    log = (tmp_path / "lab.log").open("w")
    server = subprocess.Popen(
        ["make", "--no-print-directory", "lab", args],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 90
        answer = None
        while time.monotonic() < deadline and answer is None:
            if server.poll() is not None:
                pytest.fail(f"make lab stopped: {(tmp_path / 'lab.log').read_text()[-2000:]}")
            try:
                url = f"http://127.0.0.1:{port}/api/contents/00_start_here.ipynb?content=0"
                with urllib.request.urlopen(url, timeout=2) as response:
                    answer = response.read().decode()
            except OSError:
                time.sleep(0.5)
        assert answer is not None, (tmp_path / "lab.log").read_text()[-2000:]
        assert '"name": "00_start_here.ipynb"' in answer or '"name":"00_start_here.ipynb"' in answer
        lab = f"http://127.0.0.1:{port}/lab/api"
        with urllib.request.urlopen(
            f"{lab}/settings/@jupyterlab/translation-extension:plugin"
        ) as r:
            assert json.loads(r.read())["schema"]["properties"]["locale"]["default"] == "ko_KR"
        with urllib.request.urlopen(f"{lab}/translations/ko_KR") as response:
            pack = json.loads(response.read())["data"]["jupyterlab"]
        assert pack["Edit"] == ["편집"]
        if os.geteuid() == 0:
            assert "--allow-root" in (tmp_path / "lab.log").read_text()
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
        log.close()
