// assist.js: the hint (the computer's suggested turn, its points ringed
// on the board and numbered in the order one clicks them) and the
// position string copied.
//
// A hint is searched in a worker of its own (worker.js), so that it never
// disturbs the computer's player: by perfect play where the game solves
// in the browser within a few seconds (then with the position's value),
// else by Monte Carlo tree search for the computer's time.
const SVG_NS = "http://www.w3.org/2000/svg";

export function installAssist(ctx) {
  const { page, $, error, render } = ctx;
  let worker = null, asked = 0;
  page.hint = null; // {turn, how, value, at: the turns played when asked}

  function stopHint() {
    if (worker && page.hint && page.hint.pending) {
      worker.terminate();
      worker = null;
    }
  }

  function ask() {
    const api = page.api;
    if (api.result() || page.replay || page.pending) return;
    stopHint();
    if (!worker) {
      worker = new Worker("worker.js");
      worker.onmessage = (e) => answered(e.data);
      worker.onerror = (e) => { page.hint = null; error("turn-error", `the hint failed: ${e.message}`); render(); };
    }
    const id = ++asked;
    page.hint = { pending: true, id, at: api.turnsPlayed(), position: api.position() };
    worker.postMessage({
      id, name: page.file, text: page.texts.get(page.file), options: page.options,
      start: page.start, turns: api.history().map((h) => h.text),
      player: "hint", ms: Math.max(100, Math.min(30000, Number($("think").value) || 1000)), seed: id,
    });
    render();
  }

  function answered(r) {
    if (!page.hint || !page.hint.pending || r.id !== page.hint.id) return;
    if (r.error) {
      page.hint = null;
      error("turn-error", `the hint: ${r.error}`);
    } else {
      page.hint = { turn: r.turn, how: r.how, value: r.value, at: page.hint.at, position: page.hint.position };
    }
    render();
  }

  // the hint's marks, after each drawing
  document.addEventListener("rimau:render", (e) => {
    const api = page.api;
    const h = page.hint;
    // a hint holds for the position it was asked in
    if (h && (h.at !== api.turnsPlayed() || h.position !== api.position() || page.replay)) {
      stopHint();
      page.hint = null;
    }
    const text = $("hint-text");
    $("hint").disabled = !!api.result() || !!page.replay || !!page.pending || !!(page.hint && page.hint.pending);
    if (!page.hint || page.hint.pending) delete document.body.dataset.hint;
    if (!page.hint) {
      text.hidden = true;
      return;
    }
    text.hidden = false;
    if (page.hint.pending) {
      text.textContent = "Hint: the computer is looking...";
      return;
    }
    const how = page.hint.how === "perfect"
      ? `perfect play${page.hint.value ? `: ${page.hint.value}` : ""}` : "Monte Carlo tree search";
    text.textContent = `Hint: ${page.hint.turn} (${how})`;
    document.body.dataset.hint = page.hint.turn;
    const turn = page.turns.find((t) => t.text === page.hint.turn);
    const svg = e.detail.svg;
    if (!turn || !svg) return;
    const layer = document.createElementNS(SVG_NS, "g");
    layer.setAttribute("class", "hint");
    layer.setAttribute("pointer-events", "none");
    let order = 0;
    const seen = new Map();
    for (const g of turn.groups) {
      for (const p of g.pts) {
        order++;
        const dot = svg.querySelector(`circle.point[data-point="${p}"]`);
        if (!dot) continue;
        const cx = Number(dot.getAttribute("cx")), cy = Number(dot.getAttribute("cy"));
        const ring = document.createElementNS(SVG_NS, "circle");
        ring.setAttribute("class", "hint-mark");
        ring.setAttribute("cx", cx);
        ring.setAttribute("cy", cy);
        ring.setAttribute("r", 25);
        ring.dataset.point = String(p);
        layer.append(ring);
        const k = seen.get(p) || 0; // (a point clicked twice: its numbers side by side)
        seen.set(p, k + 1);
        const t = document.createElementNS(SVG_NS, "text");
        t.setAttribute("class", "hint-number");
        t.setAttribute("x", cx + 20 + 10 * k);
        t.setAttribute("y", cy - 18);
        t.textContent = String(order);
        layer.append(t);
      }
    }
    // under the targets to click (the page's overlay stays on top)
    const overlay = svg.querySelector("g.overlay");
    svg.insertBefore(layer, overlay);
  });

  $("hint").addEventListener("click", ask);
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" || e.target.isContentEditable || e.ctrlKey || e.metaKey ||
        e.altKey) return;
    if (e.key === "?") { e.preventDefault(); ask(); }
  });

  // ---- the position string copied ----
  $("copy-position").addEventListener("click", async () => {
    const field = $("position");
    let done = false;
    try {
      await navigator.clipboard.writeText(field.value);
      done = true;
    } catch (err) {
      // (no clipboard permission, or not a secure page: the old way)
      field.select();
      done = document.execCommand && document.execCommand("copy");
    }
    $("position-copied").textContent = done ? "Copied." : "Select the text and copy it (Ctrl+C).";
    $("position-copied").hidden = false;
    setTimeout(() => { $("position-copied").hidden = true; }, 2500);
  });
}
