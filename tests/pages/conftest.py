"""Browser tests of the table's page: Debian's Chromium driven by Playwright for Python, against the real app
served over HTTP (werkzeug, threaded) on a SQLite file.

Without ``/usr/bin/chromium`` (or Playwright) they skip with the reason; with ``QUESTLOG_REQUIRE_BROWSER=1``
(``.ci/run`` sets it) that skip is a failure. Screenshots go to ``build/screenshots/`` (printed at the end).
"""

from __future__ import annotations

import json
import os
import shlex
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.api.conftest import Live, serve

CHROMIUM = Path(os.environ.get("QUESTLOG_CHROMIUM", "/usr/bin/chromium"))
LAUNCH_ARGS = ["--no-sandbox", "--disable-dev-shm-usage"]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "build" / "screenshots"
AXE = Path(__file__).with_name("vendor") / "axe.min.js"
TIMEOUT_MS = 10_000


def _missing_browser() -> str | None:
    if not CHROMIUM.exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium chromium-driver)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed (pip install -e '.[test]')"
    return None


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Chromium for the session (skips, or fails under QUESTLOG_REQUIRE_BROWSER=1, without one)."""
    reason = _missing_browser()
    if reason:
        if os.environ.get("QUESTLOG_REQUIRE_BROWSER") == "1":
            pytest.fail(f"QUESTLOG_REQUIRE_BROWSER=1 but {reason}")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Live]:
    """The app with its pages over a fresh SQLite file, with auth on and an admin token."""
    yield from serve(str(tmp_path_factory.mktemp("pages") / "pages.sqlite"))


_OPEN: list[Any] = []


@pytest.fixture(autouse=True)
def _close_contexts() -> Iterator[None]:
    """Close every browser context a test opened (their pages stop polling)."""
    yield
    while _OPEN:
        _OPEN.pop().close()


def open_page(browser: Any, live: Live, path: str, token: str | None = None, viewport: dict[str, int] = PHONE) -> Any:
    """A new browser context (its own storage) with the token already saved, at ``path``; returns the page.
    The context is closed when the test ends."""
    context = browser.new_context(viewport=viewport, bypass_csp=True)  # axe is injected inline; test_security_headers checks the CSP
    _OPEN.append(context)
    context.set_default_timeout(TIMEOUT_MS)
    if token is not None:
        context.add_init_script(f"window.localStorage.setItem('questlog.token', {json.dumps(token)});")
    page = context.new_page()
    page.goto(live.url + path)
    return page


def screenshot(page: Any, name: str) -> Path:
    """Write ``build/screenshots/NAME-WIDTH.png`` (what the screen shows) and ``NAME-WIDTH-full.png`` (the whole page)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    target = SCREENSHOTS / f"{name}-{page.viewport_size['width']}.png"
    page.screenshot(path=str(target))
    page.screenshot(path=str(target.with_name(target.stem + "-full.png")), full_page=True)
    return target


def serious_violations(page: Any) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it stands (axe injected from the vendored file)."""
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    return [{"id": v["id"], "impact": v["impact"], "help": v["help"], "nodes": [n["html"][:160] for n in v["nodes"][:3]]}
            for v in result["violations"] if v["impact"] in ("serious", "critical")]


def script_actions(path: Path, until: str | None = None) -> list[tuple[bool, str, dict[str, Any]]]:
    """A session script's action lines as ``(refused, verb, raw fields)``, fields parsed exactly as the CLI does
    (its click command for the verb); ``undo`` and ``redo`` come with no fields; ``new`` and ``expect`` lines are left out. With ``until``, the
    script ends before the first line starting with it."""
    from cli.actions import action_command, raw_fields
    from cli.script import parse_refusal
    from domain.core.ruleset import get_ruleset
    from domain.core.table import CORE_ACTIONS

    game = None
    out = []
    for line in path.read_text().splitlines():
        line = line.strip()
        if until is not None and line.startswith(until):
            break
        if not line or line.startswith("#") or line.startswith("expect "):
            continue
        refused = line.startswith("!")
        words = parse_refusal(line)[1] if refused else shlex.split(line)
        if words[0] == "new":
            game = words[1]
            continue
        if words[0] in ("undo", "redo"):
            out.append((refused, words[0], {}))
            continue
        spec = CORE_ACTIONS.get(words[0]) or get_ruleset(game).action(words[0])
        ctx = action_command(spec).make_context(spec.verb, words[1:])
        out.append((refused, spec.verb, raw_fields(spec, ctx.params)))
    return out


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Say where the screenshots are, when the tests wrote any."""
    if SCREENSHOTS.exists() and any(SCREENSHOTS.glob("*.png")):
        terminalreporter.write_line(f"page screenshots: {SCREENSHOTS}")
