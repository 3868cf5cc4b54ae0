// bench.cjs: the WebAssembly build's speed at random playouts, under
// Node.js, to set beside the native build's (rimau bench), as doc/web.md
// reports them:
//
//   node tests/web/bench.cjs web/dist GAME.game... [--seconds N]
//
// prints, for each game, the turns a second of random playouts from its
// start (web_bench: the playouts of rimau bench, on one thread).
"use strict";
const fs = require("fs");
const path = require("path");

const args = process.argv.slice(2);
let seconds = 3;
const i = args.indexOf("--seconds");
if (i >= 0) { seconds = Number(args[i + 1]); args.splice(i, 2); }
const dist = args.shift();
// The module is built for the web (-sENVIRONMENT=web,worker): it is
// given its WebAssembly here rather than fetching it.
const createRimau = require(path.resolve(dist, "rimau.js"));
createRimau({ wasmBinary: fs.readFileSync(path.join(dist, "rimau.wasm")) }).then((M) => {
  const load = M.cwrap("web_load", "number", ["string", "string", "string"]);
  const message = M.cwrap("web_message", "string", []);
  const bench = M.cwrap("web_bench", "number", ["number"]);
  for (const file of args) {
    if (load(path.basename(file), fs.readFileSync(file, "utf8"), "") !== 0) {
      console.error(message());
      process.exit(1);
    }
    console.log(`${path.basename(file)}\t${bench(seconds).toFixed(0)} turns/s`);
  }
});
