/* The history page's "undo back to here" (issue 31, item 1): the fragment's <details> already says what will be
 * taken back (its list opens below the control, covering nothing); this script sends the confirmed request,
 * POST /campaigns/{id}/undo {to, expected_version}, with the version the list was drawn at, and redraws the history.
 * It uses app.js's send, toast, errorText, loadHistory and cid. */
"use strict";

async function undoBackTo(button) {
  button.disabled = true;
  const body = { to: Number(button.dataset.undoTo), expected_version: Number(button.dataset.expected) };
  const result = await send("POST", `/campaigns/${cid()}/undo`, body);
  const payload = result.payload || {};
  if (result.ok) {
    const count = (payload.actions || []).length;
    toast(`Took back ${count} action${count === 1 ? "" : "s"}: back to v${body.to} (now v${payload.version}).`);
  } else if (payload.error === "stale_version") {
    toast(`Nothing undone: the campaign moved on to v${payload.current_version} meanwhile. Look at the list again.`, true);
  } else {
    toast(`Nothing undone: ${errorText(payload)}`, true);
  }
  return loadHistory();
}

document.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-undo-to]");
  if (button) undoBackTo(button);
});
