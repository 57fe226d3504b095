"""Playing through the page by tapping only: the drawn board's things, the "Owed now" buttons, pickers, dice faces,
steppers; and measuring what a phone needs (no sideways scroll, text >= 12 px, tap targets >= 44 px)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .conftest import SCREENSHOTS
from .drive import shown_version

PHONES = ({"width": 390, "height": 844}, {"width": 320, "height": 640})
"""The widths every step is measured and photographed at."""
TEXT_MIN_PX = 12
TAP_MIN_PX = 44


def tap_thing(page: Any, kind: str, thing: str, context: str = "") -> Any:
    """Tap the board's ``kind`` / ``thing`` element (of ``context`` when given) and return the offers panel."""
    selector = f'.view-body [data-kind="{kind}"][data-id="{thing}"]' + (f'[data-context="{context}"]' if context else "")
    page.locator(selector).first.click()
    panel = page.locator(f'#tap-slot .tap[data-tap-kind="{kind}"][data-tap-id="{thing}"]')
    panel.wait_for()
    return panel


def choose_offer(page: Any, panel: Any, verb: str) -> Any:
    """Tap the offered action ``verb`` in a tap panel (or the Owed box); returns its prefilled form."""
    page.evaluate("() => document.querySelectorAll('#form-slot form').forEach((f) => f.dataset.old = 'yes')")
    panel.locator(f'[data-open-verb="{verb}"]').first.click()
    form = page.locator(f'#form-slot form.action-form[data-verb="{verb}"]:not([data-old])')
    form.wait_for()
    return form


def owed_form(page: Any, verb: str, who: str = "") -> Any:
    """Tap ``verb`` in the "Owed now" box (the item owed by ``who`` when given); returns its form."""
    scope = page.locator(f'.owed li[data-owed-who="{who}"]') if who else page.locator(".owed")
    return choose_offer(page, scope.first, verb)


def submit(page: Any, form: Any) -> int:
    """Press the form's record button and wait until the page shows the new version and the effects; returns it."""
    before = shown_version(page)
    form.locator("button[type=submit]").click()
    page.wait_for_function("v => Number(document.body.dataset.shown) > v || [...document.querySelectorAll('#form-slot .form-error, #form-slot .error')].some((e) => !e.hidden)",
                           arg=before)
    refused = [e.inner_text() for e in form.locator(".form-error, .error").all() if e.is_visible()]
    assert not refused, f"refused: {refused}"
    version = shown_version(page)
    page.wait_for_selector(f'#effects[data-version="{version}"]:not([hidden])')
    return version


def effects(page: Any) -> list[str]:
    """The history lines of the last recorded action, as the page shows them beside the board."""
    return page.locator("#effects .effects-lines li").all_inner_texts()


def phone_defects(page: Any) -> dict[str, Any]:
    """What would hurt at a table on this viewport: sideways overflow (px), visible text under 12 CSS px,
    visible controls under 44 px tall (their first few, described)."""
    return page.evaluate("""([textMin, tapMin]) => {
        const root = document.documentElement;
        const visible = (el) => { const r = el.getBoundingClientRect(); const s = getComputedStyle(el);
            return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none' && !el.closest('[hidden], .ql-sr, dialog:not([open])'); };
        const small = [];
        for (const el of document.querySelectorAll('body *')) {
            const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
            if (own && visible(el) && parseFloat(getComputedStyle(el).fontSize) < textMin) small.push(el.tagName + ' ' + el.textContent.trim().slice(0, 30));
        }
        const tiny = [];
        for (const el of document.querySelectorAll('button, a[href], select, input:not([type=hidden]):not(.pip-radio), [role=button], summary, label.pip-button, label.check, label:has(> input[type=checkbox])')) {
            if (!visible(el) || el.closest('.ql-sr') || (el.tagName === 'INPUT' && el.closest('label'))) continue;  // the label is the target
            const r = el.getBoundingClientRect();
            const inline = el.tagName === 'A' && getComputedStyle(el).display === 'inline';
            if (!inline && (r.height < tapMin - 0.5)) tiny.push(`${el.tagName} ${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)} ${Math.round(r.width)}x${Math.round(r.height)}`);
        }
        return {overflow: root.scrollWidth - root.clientWidth, small_text: small.slice(0, 5), small_targets: tiny.slice(0, 5)};
    }""", [TEXT_MIN_PX, TAP_MIN_PX])


def photograph(page: Any, game: str, step: str) -> list[Path]:
    """At each phone width: measure the defects (asserting there are none) and write the screenshot
    ``build/screenshots/tap/GAME/STEP-WIDTH.png`` (what the screen shows at the top of what was just used) and
    ``-full.png``; the viewport is put back at 390x844. Returns the paths."""
    out = []
    target_dir = SCREENSHOTS / "tap" / game
    target_dir.mkdir(parents=True, exist_ok=True)
    for viewport in PHONES:
        page.set_viewport_size(viewport)
        page.wait_for_timeout(50)
        defects = phone_defects(page)
        assert defects == {"overflow": 0, "small_text": [], "small_targets": []}, f"{game} {step} at {viewport['width']} px: {json.dumps(defects)}"
        path = target_dir / f"{step}-{viewport['width']}.png"
        page.screenshot(path=str(path))
        page.screenshot(path=str(path.with_name(path.stem + "-full.png")), full_page=True)
        out.append(path)
    page.set_viewport_size(PHONES[0])
    return out
