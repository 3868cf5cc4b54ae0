// worker.js: the computer's turns, searched in a Web Worker with its own
// copy of the WebAssembly module, so that the page never freezes.
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

self.onmessage = async (e) => {
  const r = e.data;
  await ready;
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
