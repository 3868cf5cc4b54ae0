// every-game.mjs: click-to-move on every shipped game, without a
// browser: the WebAssembly build (make web) under Node.js, and the page's
// own click logic (web/clicks.js). For each game, under its defaults and
// under each other value of each option, a game of random turns (a fixed
// seed) is played to its end or to 150 turns, every turn made by its
// clicks: each point clicked must be one the page highlights at that
// moment (follow().next), the clicks must make that turn whole and no
// other turn of another text (the page could not tell them apart), and
// the turn they make must be legal when played. The board's picture must
// carry a clickable mark on every point.
//
//   node tests/web/every-game.mjs WEB_DIST GAMES_DIR
//
// Prints one 'ok' or 'FAIL' line per game and option value, then
// 'N passed, M failed'; exits 1 on a failure.
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { createRequire } from "node:module";

const [dist, gamesDir] = process.argv.slice(2).map((p) => path.resolve(p));
const require = createRequire(import.meta.url);
const createRimau = require(path.join(dist, "rimau.js"));
globalThis.self = globalThis;
vm.runInThisContext(fs.readFileSync(path.join(dist, "api.js"), "utf8"));
const clicksText = fs.readFileSync(path.join(dist, "clicks.js"), "utf8");
const { follow } = await import("data:text/javascript," + encodeURIComponent(clicksText));

const M = await createRimau({ wasmBinary: fs.readFileSync(path.join(dist, "rimau.wasm")) });
const api = self.wrapRimau(M);

// A small generator of numbers with a seed (xorshift32), so that a
// failure comes back the same.
let seed = 20261127;
const random = (n) => {
  seed ^= seed << 13; seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5; seed >>>= 0;
  return seed % n;
};

// Plays one game of FILE's TEXT under OPTIONS by clicks; the reason it
// fails, or "" with the turns played in OUT.
function playByClicks(file, text, options, out) {
  if (api.load(file, text, options) !== 0) return `does not load: ${api.message()}`;
  const npoints = api.pointList().length;
  const marks = (api.svg(1).match(/data-point="/g) || []).length;
  if (marks < npoints) return `the board marks ${marks} of its ${npoints} points for clicks`;
  for (let n = 0; n < 150; n++) {
    const turns = api.turns();
    if (turns.length === 0) {
      if (api.result() === "") return `no turn after ${n} turns, and no result`;
      break;
    }
    const turn = turns[random(turns.length)];
    if (turn.groups.length === 0) {
      // a pass: the page offers its button when it is the only turn
      if (turns.length !== 1) return `a pass beside ${turns.length - 1} other turns: no click makes it`;
    } else {
      const clicks = [];
      for (const g of turn.groups) {
        for (const p of g.pts) {
          if (!follow(turns, clicks).next.has(p))
            return `${turn.text}: point ${p} is not lit after clicks [${clicks}]`;
          clicks.push(p);
        }
      }
      const texts = new Set(follow(turns, clicks).complete.map((t) => t.text));
      if (!texts.has(turn.text)) return `${turn.text}: its clicks [${clicks}] do not make it`;
      if (texts.size > 1) return `${turn.text}: its clicks also make ${[...texts].filter((t) => t !== turn.text).join(", ")}`;
    }
    if (api.play(turn.text) !== 0) return `${turn.text} is refused: ${api.message()}`;
    out.turns++;
  }
  return "";
}

let pass = 0, fail = 0;
for (const name of fs.readdirSync(gamesDir).filter((f) => f.endsWith(".game")).sort()) {
  const text = fs.readFileSync(path.join(gamesDir, name), "utf8");
  if (api.load(name, text, "") !== 0) {
    console.log(`FAIL ${name}: does not load: ${api.message()}`);
    fail++;
    continue;
  }
  const runs = [""];
  for (const o of api.optionList())
    for (const v of o.values) if (v !== o.chosen) runs.push(`${o.name}=${v}`);
  for (const options of runs) {
    const out = { turns: 0 };
    const why = playByClicks(name, text, options, out);
    const label = options ? `${name} with ${options}` : name;
    if (why) {
      console.log(`FAIL ${label}: ${why}`);
      fail++;
    } else {
      console.log(`ok ${label}: ${out.turns} turns by clicks${api.result() ? `, ${api.result()}` : ""}`);
      pass++;
    }
  }
}
console.log(`${pass} passed, ${fail} failed`);
process.exit(fail ? 1 : 0);
