// replay.js: a game record loaded into the page, and the replay mode that
// steps through the turns of a game as rimau replay --html does: the
// board with the turn's marks, first/previous/next/last (and the arrow
// keys, Home and End), the turn list with the current turn highlighted
// (a click on a turn goes there), the side of each turn and its captures.
//
// The page's game holds every turn; a step back is web_undo, a step
// forward web_redo, so that what is shown is always the page's own game:
// "Play from here" leaves the replay at the position shown, the turns
// after it still there to redo.

// The most bytes of a record read: rimau's records of the longest games
// are far smaller (a game of 641 turns: 6 KB), and the text goes through
// the module's stack of 8 MB, at up to 4 bytes a character (cwrap).
const MAX_RECORD_BYTES = 1 << 20;

export function installReplay(ctx) {
  const { page, $, error, render, loadGame, stopComputer } = ctx;

  // Goes to position I of the replay (I turns played).
  function go(i) {
    const r = page.replay;
    if (!r) return;
    i = Math.max(0, Math.min(r.history.length, i));
    const api = page.api;
    while (api.turnsPlayed() > i && api.undo()) { /* back */ }
    while (api.turnsPlayed() < i && api.redo()) { /* forward */ }
    render();
  }

  // Enters replay mode over the turns played now, shown at position AT.
  function enter(at) {
    stopComputer();
    page.clicks = [];
    page.replay = { history: page.api.history() };
    go(at);
  }

  function leave() {
    page.replay = null;
    render();
  }

  // Replay mode's part of the page, after each drawing.
  document.addEventListener("rimau:render", () => {
    const r = page.replay;
    document.body.classList.toggle("replaying", !!r);
    $("replay-bar").hidden = !r;
    $("replay").disabled = page.api.turnsPlayed() + page.api.turnsUndone() === 0 || !!r;
    if (!r) return;
    const at = page.api.turnsPlayed(), n = r.history.length, h = r.history[at - 1];
    $("replay-where").textContent = at === 0 ? `start (${n} turn${n === 1 ? "" : "s"})`
      : `after turn ${at} of ${n} (${h.side})`;
    $("replay-taken").textContent = h && h.taken ? `takes ${h.taken}` : "";
    const result = page.api.result();
    $("status").textContent = `Replay: ${at === n && result ? `Result: ${result}` : "step with the arrows"}`;
    $("undo").disabled = $("redo").disabled = true;
    $("pass").hidden = true;
    // the whole list, the current turn highlighted
    const body = $("turns").querySelector("tbody");
    body.textContent = "";
    r.history.forEach((t, i) => {
      const tr = document.createElement("tr");
      if (i === at - 1) tr.className = "now";
      for (const v of [t.n, t.side, t.text, t.taken]) {
        const td = document.createElement("td");
        td.textContent = v;
        tr.append(td);
      }
      tr.addEventListener("click", () => go(i + 1));
      body.append(tr);
      if (i === at - 1 && tr.scrollIntoView) tr.scrollIntoView({ block: "nearest" });
    });
  });

  $("replay-first").addEventListener("click", () => go(0));
  $("replay-prev").addEventListener("click", () => go(page.api.turnsPlayed() - 1));
  $("replay-next").addEventListener("click", () => go(page.api.turnsPlayed() + 1));
  $("replay-last").addEventListener("click", () => go(Infinity));
  $("replay-leave").addEventListener("click", leave);
  $("replay").addEventListener("click", () => {
    // the turns played and those undone: the whole game
    while (page.api.redo()) { /* forward */ }
    enter(page.api.turnsPlayed());
  });
  document.addEventListener("keydown", (e) => {
    if (!page.replay || e.target.tagName === "INPUT" || e.target.isContentEditable || e.ctrlKey || e.metaKey || e.altKey) return;
    const at = page.api.turnsPlayed();
    const to = { ArrowLeft: at - 1, ArrowRight: at + 1, ArrowUp: at - 1, ArrowDown: at + 1,
      Home: 0, End: Infinity }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  });

  // ---- a record loaded ----

  async function loadRecord(file) {
    error("record-error", "");
    if (file.size > MAX_RECORD_BYTES) {
      error("record-error", `${file.name}: the record is ${(file.size / 1048576).toFixed(1)} MB: ` +
        `the page reads records of at most ${MAX_RECORD_BYTES >> 20} MB`);
      return;
    }
    let text;
    try {
      text = await file.text();
    } catch (e) {
      error("record-error", `${file.name}: cannot be read: ${e.message || e}`);
      return;
    }
    const rec = page.api.readRecord(file.name, text);
    if (!rec) {
      error("record-error", `${file.name} is not a game record:\n${page.api.message()}`);
      return;
    }
    const game = page.games.find((g) => g.file === rec.game);
    if (!game) {
      error("record-error", `${file.name}: its game "${rec.game}" is not one of the page's games`);
      return;
    }
    if (!(await loadGame(game.file, rec.options))) {
      error("record-error", `${file.name}: its game ${rec.game} cannot be loaded with its options`);
      return;
    }
    let played = 0;
    for (const t of rec.turns) {
      if (page.api.play(t) !== 0) {
        error("record-error", `${file.name}: turn ${played + 1} '${t}': ${page.api.message()}; ` +
          `the ${played} turn${played === 1 ? "" : "s"} before it are replayed`);
        break;
      }
      played++;
    }
    const result = page.api.result();
    if (played === rec.turns.length && rec.result && rec.result !== "*" &&
        !result.startsWith(rec.result)) {
      error("record-error", `${file.name}: the record's result is '${rec.result}', ` +
        `but its turns give '${result || "a game that goes on"}'`);
    }
    enter(played);
    document.body.dataset.recordTurns = String(played);
  }

  $("load-record").addEventListener("change", (e) => {
    const file = e.target.files && e.target.files[0];
    e.target.value = ""; // (the same file may be loaded again)
    if (file) loadRecord(file).catch((err) => error("record-error", String(err.message || err)));
  });
}
