// keys.js: play by the keyboard. The arrow keys move a cursor (a dotted
// square) from point to point over the board, to the nearest point that
// way; Enter or the space bar clicks the point under it, as a click of
// the mouse would (a turn is built the same way, Escape cancels it); a
// letter or a digit starts typing the turn in the turn box, where Enter
// plays it. In replay mode the arrows step through the game instead
// (replay.js).
const SVG_NS = "http://www.w3.org/2000/svg";

export function installKeys(ctx) {
  const { page, $ } = ctx;
  let cursor = null;   // the point under the cursor, or null: none shown yet

  function dots() {
    return [...document.querySelectorAll("#board circle.point")].map((d) => ({
      p: Number(d.dataset.point), x: Number(d.getAttribute("cx")), y: Number(d.getAttribute("cy")),
    }));
  }

  // The nearest point from the cursor in direction (DX, DY), favouring
  // points straight that way.
  function step(dx, dy) {
    const all = dots();
    if (!all.length) return;
    const here = all.find((d) => d.p === cursor);
    if (!here) {
      cursor = all[0].p;
      return;
    }
    let best = null, bestCost = Infinity;
    for (const d of all) {
      const ahead = (d.x - here.x) * dx + (d.y - here.y) * dy;
      if (ahead <= 0.5) continue;
      const aside = Math.abs((d.x - here.x) * dy - (d.y - here.y) * dx);
      const cost = ahead + 2.5 * aside;
      if (cost < bestCost) { bestCost = cost; best = d; }
    }
    if (best) cursor = best.p;
  }

  function drawCursor() {
    const svg = document.querySelector("#board svg");
    if (!svg || cursor === null || page.replay) return;
    const dot = svg.querySelector(`circle.point[data-point="${cursor}"]`);
    if (!dot) return;
    const r = document.createElementNS(SVG_NS, "rect");
    r.setAttribute("class", "cursor-mark");
    r.setAttribute("x", Number(dot.getAttribute("cx")) - 27);
    r.setAttribute("y", Number(dot.getAttribute("cy")) - 27);
    r.setAttribute("width", 54);
    r.setAttribute("height", 54);
    r.setAttribute("pointer-events", "none");
    r.dataset.point = String(cursor);
    svg.append(r);
    document.body.dataset.cursor = page.points[cursor] || "";
  }

  document.addEventListener("rimau:render", () => {
    if (cursor !== null && cursor >= page.points.length) cursor = null;
    drawCursor();
  });

  document.addEventListener("keydown", (e) => {
    if (page.replay || e.ctrlKey || e.metaKey || e.altKey) return;
    const tag = e.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || e.target.isContentEditable) return;
    const dir = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
    if (dir) {
      e.preventDefault();
      step(dir[0], dir[1]);
      document.querySelectorAll("#board .cursor-mark").forEach((m) => m.remove());
      drawCursor();
      return;
    }
    if ((e.key === "Enter" || e.key === " ") && cursor !== null && tag !== "BUTTON") {
      const hit = document.querySelector(`#board .hit[data-point="${cursor}"]`);
      if (hit) {
        e.preventDefault();
        hit.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      }
      return;
    }
    if (/^[a-z0-9]$/i.test(e.key)) {
      // a turn typed: into the turn box, which plays it on Enter
      e.preventDefault();
      const box = $("turn-text");
      box.focus();
      box.value += e.key;
    }
  });
}
