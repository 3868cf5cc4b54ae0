// worker.js: the computer's turns and the hints, searched in a Web Worker
// with its own copy of the WebAssembly module, so that the page never
// freezes; and the editor's checks (edit.js, in a worker of their own).
//
// A request: {id, name, text, options, start (a position string or
// null), turns (the texts played since), player, ms, seed}. The player
// "perfect" plays by the game solved here (web_solve, kept while the game
// and its start stay the same); "hint" is the best turn this worker can
// find: perfect where the game solves within a few seconds, else mcts.
// The answer: {id, turn, how (the player that chose it), value (the
// solve's value of the position, or "")} or {id, error}. The game is
// loaded again only when it changed, and its turns played again from its
// start on each request, so that repetitions count as in the page's game.
"use strict";
importScripts("rimau.js", "api.js");

const SOLVE_SECONDS = 60;    // the most a solve for "perfect" may take
const HINT_SOLVE_SECONDS = 4; // ... and for a hint, which then falls back on mcts
const SOLVE_MEGABYTES = 512;

let api = null;
let key = null;              // the game loaded now: name, text, options, start
const unsolvable = new Map(); // key -> the reason a solve failed
const ready = createRimau().then((M) => { api = self.wrapRimau(M); });

// A check of the editor's text: {kind: "check", id, name, text, options}.
// Answers, in this order: {id, stage: "check", ok, message (rimau check's
// text), options (those it compiled with: none when the text does not
// compile with the options given but does without)}; when it compiles,
// {id, stage: "perft", depth, count or error} for depths 1 to 3 from its
// start and {id, stage: "validate", text (web_validate's verdicts)}; last
// {id, stage: "done"}.
function check(r) {
  key = null; // (the game of the turns' requests is loaded again)
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

function setGame(r) {
  const k = JSON.stringify([r.name, r.text, r.options, r.start]);
  if (k === key) {
    api.restart();
    return k;
  }
  key = null;
  if (api.load(r.name, r.text, r.options) !== 0) throw new Error(api.message());
  if (r.start && api.setPosition(r.start) !== 0) throw new Error(api.message());
  key = k;
  return k;
}

// Solves the game within SECONDS; the reason it cannot, or "".
function solve(k, seconds) {
  if (api.solved()) return "";
  if (unsolvable.has(k) && unsolvable.get(k).seconds >= seconds) return unsolvable.get(k).why;
  if (api.solve(seconds, SOLVE_MEGABYTES) === 0) return "";
  const why = api.message();
  unsolvable.set(k, { seconds, why });
  return why;
}

self.onmessage = async (e) => {
  const r = e.data;
  await ready;
  if (r.kind === "check") {
    check(r);
    return;
  }
  try {
    const k = setGame(r);
    let player = r.player;
    if (player === "perfect") {
      const why = solve(k, SOLVE_SECONDS);
      if (why) throw new Error(`perfect play: ${why}`);
    } else if (player === "hint") {
      player = solve(k, HINT_SOLVE_SECONDS) ? "mcts" : "perfect";
    }
    if (r.turns.length && api.playMany(r.turns.join(" ")) !== 0) throw new Error(api.message());
    const value = api.value();
    const turn = api.choose(player, r.ms, r.seed);
    if (!turn) throw new Error(api.message());
    self.postMessage({ id: r.id, turn, how: player, value });
  } catch (err) {
    self.postMessage({ id: r.id, error: String(err.message || err) });
  }
};
