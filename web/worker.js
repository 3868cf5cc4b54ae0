// worker.js: the computer's turns, searched in a Web Worker with its own
// copy of the WebAssembly module, so that the page never freezes; and the
// editor's checks (edit.js, in a worker of their own).
//
// A request: {id, name, text, options, start (a position string or
// null), turns (the texts played since), player, ms, seed}. The answer:
// {id, turn} or {id, error}. The game is loaded again (milliseconds) and
// its turns played again from the start on each request, so that
// repetitions count as in the page's game.
"use strict";
importScripts("rimau.js", "api.js");

let api = null;
const ready = createRimau().then((M) => { api = self.wrapRimau(M); });

// A check of the editor's text: {kind: "check", id, name, text, options}.
// Answers, in this order: {id, stage: "check", ok, message (rimau check's
// text), options (those it compiled with: none when the text does not
// compile with the options given but does without)}; when it compiles,
// {id, stage: "perft", depth, count or error} for depths 1 to 3 from its
// start and {id, stage: "validate", text (web_validate's verdicts)}; last
// {id, stage: "done"}.
function check(r) {
  let ok = api.load(r.name, r.text, r.options) === 0;
  let message = api.message();
  let options = r.options;
  if (!ok && r.options && api.load(r.name, r.text, "") === 0) {
    ok = true;
    message = api.message();
    options = "";
  }
  self.postMessage({ id: r.id, stage: "check", ok, message, options });
  if (ok) {
    for (let depth = 1; depth <= 3; depth++) {
      const count = api.perft(depth);
      self.postMessage({ id: r.id, stage: "perft", depth, count, error: count ? "" : api.message() });
    }
    self.postMessage({ id: r.id, stage: "validate", text: api.validate() });
  }
  self.postMessage({ id: r.id, stage: "done" });
}

self.onmessage = async (e) => {
  const r = e.data;
  await ready;
  if (r.kind === "check") {
    check(r);
    return;
  }
  try {
    if (api.load(r.name, r.text, r.options) !== 0) throw new Error(api.message());
    if (r.start && api.setPosition(r.start) !== 0) throw new Error(api.message());
    if (r.turns.length && api.playMany(r.turns.join(" ")) !== 0) throw new Error(api.message());
    const turn = api.choose(r.player, r.ms, r.seed);
    if (!turn) throw new Error(api.message());
    self.postMessage({ id: r.id, turn });
  } catch (err) {
    self.postMessage({ id: r.id, error: String(err.message || err) });
  }
};
