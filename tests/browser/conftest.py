"""Fixtures for tests that open notebooks in a real Chromium, served by Voilà or JupyterLab.

- ``voila(notebook)`` / ``jupyterlab()`` start a server on 127.0.0.1 on a free port with no token,
  wait until it answers (failing at once, with its log, if it dies), and stop it after the test.
- ``page`` is a fresh Chromium page (Debian's ``/usr/bin/chromium`` through Playwright). Any browser
  console error or uncaught page error fails the test; a failing test leaves a screenshot in
  ``test-artifacts/``. Requests that would leave 127.0.0.1 get an empty answer and are listed in
  ``console.external`` (the tests never depend on the network).

Without ``/usr/bin/chromium`` these tests are skipped, unless ``CARDLIB_REQUIRE_BROWSER=1`` (set by
CI), which turns the missing browser into a failure.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
START_TIMEOUT = 90.0


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class Server:
    """A notebook server started for one test."""

    url: str
    process: subprocess.Popen[bytes]
    log: Path

    def log_tail(self, lines: int = 40) -> str:
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return "\n".join(text.splitlines()[-lines:])


def _start(command: list[str], port: int, log: Path, env: dict[str, str]) -> Server:
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    server = Server(f"http://127.0.0.1:{port}", process, log)
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(
                f"{command[2]} exited with status {process.returncode} before serving:\n"
                + server.log_tail()
            )
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return server
        except OSError:
            time.sleep(0.2)
    _stop(server)
    pytest.fail(f"{command[2]} did not listen on port {port} within {START_TIMEOUT:.0f} s:\n"
                + server.log_tail())  # fmt: skip


def _stop(server: Server) -> None:
    if server.process.poll() is None:
        server.process.terminate()
        try:
            server.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.process.kill()
            server.process.wait(timeout=10)


def _server_env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env["JUPYTER_CONFIG_DIR"] = str(tmp_path / "jupyter-config")
    env["JUPYTER_RUNTIME_DIR"] = str(tmp_path / "jupyter-runtime")
    env.pop("JUPYTER_TOKEN", None)
    return env


@pytest.fixture
def voila(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    """Start Voilà on a notebook (a path relative to the repository), with ``environment`` added to
    the server's (``CARDLIB_LANG="ko"``: the kernel speaks Korean); returns the server."""
    servers: list[Server] = []

    def start(notebook: str, **environment: str) -> Server:
        port = free_port()
        command = [sys.executable, "-m", "voila", notebook, "--no-browser", f"--port={port}",
                   "--Voila.ip=127.0.0.1"]  # fmt: skip
        env = _server_env(tmp_path) | environment
        server = _start(command, port, tmp_path / f"voila-{port}.log", env)
        servers.append(server)
        return server

    yield start
    for server in servers:
        _stop(server)


@pytest.fixture
def jupyterlab(tmp_path: Path) -> Iterator[Callable[[], Server]]:
    """Start JupyterLab on the repository with no token, no password and no news pop-up."""
    servers: list[Server] = []

    def start() -> Server:
        port = free_port()
        env = _server_env(tmp_path)
        settings = tmp_path / "lab-settings"
        settings.mkdir(exist_ok=True)
        overrides = {
            "@jupyterlab/apputils-extension:notification": {"fetchNews": "false"},
            "@jupyterlab/docmanager-extension:plugin": {"autosave": False},
        }
        (settings / "overrides.json").write_text(json.dumps(overrides))
        env["JUPYTERLAB_SETTINGS_DIR"] = str(tmp_path / "lab-user-settings")
        env["JUPYTERLAB_WORKSPACES_DIR"] = str(tmp_path / "lab-workspaces")
        command = [
            sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}",
            "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password=",
            "--ServerApp.disable_check_xsrf=True", f"--ServerApp.root_dir={ROOT}",
            f"--LabServerApp.app_settings_dir={settings}", "--allow-root",
        ]  # fmt: skip
        server = _start(command, port, tmp_path / f"lab-{port}.log", env)
        servers.append(server)
        return server

    yield start
    for server in servers:
        _stop(server)


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (skip or fail when it is missing, see above)."""
    if not CHROMIUM.exists():
        message = f"{CHROMIUM} is missing (apt-get install chromium)"
        if os.environ.get("CARDLIB_REQUIRE_BROWSER") == "1":
            pytest.fail(message + " and CARDLIB_REQUIRE_BROWSER=1")
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@dataclass
class ConsoleLog:
    """Errors the page reported: console ``error`` messages and uncaught exceptions."""

    errors: list[str] = field(default_factory=list)
    ignored: list[re.Pattern[str]] = field(default_factory=list)
    external: list[str] = field(default_factory=list)
    """Requests that left 127.0.0.1: answered empty here, since tests never use the network."""

    def ignore(self, pattern: str) -> None:
        """Let one known, harmless message through (say why where you call it)."""
        self.ignored.append(re.compile(pattern))

    def real_errors(self) -> list[str]:
        return [e for e in self.errors if not any(p.search(e) for p in self.ignored)]


@pytest.fixture
def console() -> ConsoleLog:
    """The browser console errors of this test's ``page``."""
    return ConsoleLog()


@pytest.fixture
def page(chromium: Any, console: ConsoleLog, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh page; fails the test on any console error, screenshots a failure."""
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(30_000)

    def on_console(message: Any) -> None:
        if message.type == "error":
            url = message.location.get("url", "")
            console.errors.append(f"console: {message.text}" + (f" ({url})" if url else ""))

    def offline(route: Any) -> None:
        console.external.append(route.request.url)
        content_type = "text/css" if route.request.resource_type == "stylesheet" else "text/plain"
        route.fulfill(status=200, body="", content_type=content_type)

    context.route(re.compile(r"^(?!https?://127\.0\.0\.1[:/]|data:|blob:)"), offline)
    page.on("console", on_console)
    page.on("pageerror", lambda error: console.errors.append(f"page error: {error}"))
    yield page
    errors = console.real_errors()
    call = getattr(request.node, "report_call", None)
    if errors or call is None or call.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        name = re.sub(r"[^\w.-]+", "_", request.node.nodeid.split("::")[-1])
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
    context.close()
    if errors:
        pytest.fail("the browser console reported errors:\n" + "\n".join(errors))


@pytest.fixture
def save_screenshot(page: Any) -> Callable[[str], Path]:
    """Save what the page shows to ``test-artifacts/NAME.png``, to look at what a test saw."""

    def save(name: str) -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return save
