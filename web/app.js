// app.js: the page: a game picked with its options, its board drawn by
// the C renderer (web_svg), turns made by clicks or typed, the computer's
// turns searched in a worker (worker.js), the turn list, undo and redo,
// the record, the editor of the game's text (edit.js) and the link that
// shares it (share.js). The rules are all the C library's: this file
// only asks.
import { follow, starts } from "./clicks.js";
import { startEditor } from "./edit.js";
import { shareLink, readShared } from "./share.js";
import { installReplay } from "./replay.js";
import { installAssist } from "./assist.js";
import { installKeys } from "./keys.js";

const $ = (id) => document.getElementById(id);
const SVG_NS = "http://www.w3.org/2000/svg";
const PLAYERS = [
  ["human", "human"],
  ["mcts", "computer: Monte Carlo tree search"],
  ["ab", "computer: alpha-beta"],
  ["random", "computer: random"],
  ["perfect", "computer: perfect play (solved)"],
];

const page = {
  api: null,
  games: [],          // [{file, name}]
  texts: new Map(),   // file -> its text
  file: null,
  options: "",        // "NAME=VALUE" lines
  sides: [],
  points: [],
  players: ["human", "mcts"],
  start: null,        // a position string set, or null: the game's start
  clicks: [],         // the points clicked of the turn being made
  turns: [],
  worker: null,
  pending: null,      // the computer's request waiting for its answer
  requests: 0,
  firstBoard: null,   // ms from the page's start to its first board
  editor: null,       // edit.js's, once started
  replay: null,       // replay mode (replay.js): no turn is made, no computer asked
  thinkMs: [],        // the computer's time for each of its turns, in ms
};

function show(el, on) { el.hidden = !on; }

function error(where, text) {
  $(where).textContent = text || "";
  show($(where), !!text);
}

// ---- loading ----

async function fetchText(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`cannot load ${url}: ${r.status}`);
  return r.text();
}

async function gameText(file) {
  if (!page.texts.has(file)) page.texts.set(file, await fetchText(`games/${file}`));
  return page.texts.get(file);
}

// Loads FILE with the option values OPTIONS and starts it.
async function loadGame(file, options) {
  const text = await gameText(file);
  stopComputer();
  if (page.api.load(file, text, options) !== 0) {
    error("load-error", page.api.message());
    return false;
  }
  error("load-error", "");
  page.file = file;
  page.options = options;
  page.start = null;
  page.clicks = [];
  page.replay = null;
  page.thinkMs = [];
  page.sides = page.api.sideList();
  page.points = page.api.pointList();
  if (![...$("game").options].some((o) => o.value === file))
    $("game").append(new Option(`${page.api.name() || file} (${file})`, file));
  $("game").value = file;
  $("info").textContent = page.api.info();
  buildOptions();
  buildPlayers();
  render();
  if (page.editor) page.editor.shown(file, text, options);
  return true;
}

// The editor's text NAME, TEXT with OPTIONS, which compiles: the game
// played from its start (unless it is the one played now).
async function applyText(name, text, options) {
  if (name === page.file && options === page.options && page.texts.get(name) === text) return true;
  page.texts.set(name, text);
  return loadGame(name, options);
}

const isShipped = (file) => page.games.some((g) => g.file === file);

// The shipped text of FILE (as the server has it), or null.
async function shippedText(file) {
  if (!isShipped(file)) return null;
  return fetchText(`games/${file}`);
}

// A link that carries the game's text, options and position: shown, and
// copied when the browser lets the page write to the clipboard.
async function share() {
  const base = location.href.replace(/#.*$/, "");
  const link = await shareLink(base, {
    name: page.file, text: page.texts.get(page.file), options: page.options,
    position: page.api.position(),
  });
  $("share-link").value = link;
  show($("share-box"), true);
  let copied = false;
  try {
    await navigator.clipboard.writeText(link);
    copied = true;
  } catch (e) {
    copied = false; // (the link is in the box, selected, to copy by hand)
  }
  $("share-note").textContent = copied
    ? `Link copied (${link.length} characters): it holds the game's text, options and position.`
    : "Copy the link: it holds the game's text, options and position.";
  $("share-link").select();
}

function buildOptions() {
  const box = $("options");
  box.textContent = "";
  for (const o of page.api.optionList()) {
    const label = document.createElement("label");
    label.title = o.doc;
    label.append(o.name + " ");
    const sel = document.createElement("select");
    sel.dataset.option = o.name;
    for (const v of o.values) sel.append(new Option(v, v, false, v === o.chosen));
    sel.addEventListener("change", () => loadGame(page.file, chosenOptions()));
    label.append(sel);
    box.append(label);
  }
}

function chosenOptions() {
  return [...document.querySelectorAll("#options select")]
    .map((s) => `${s.dataset.option}=${s.value}`).join("\n");
}

function buildPlayers() {
  const rows = $("player-rows");
  rows.textContent = "";
  page.sides.forEach((side, i) => {
    const label = document.createElement("label");
    label.append(side + " ");
    const sel = document.createElement("select");
    sel.id = `player-${i}`;
    sel.dataset.side = side;
    for (const [v, words] of PLAYERS) sel.append(new Option(words, v, false, v === page.players[i]));
    sel.addEventListener("change", () => {
      page.players[i] = sel.value;
      stopComputer();
      render();
    });
    label.append(sel);
    rows.append(label);
  });
}

// ---- drawing ----

function isHumanTurn() {
  return page.players[page.api.toMove()] === "human";
}

function render() {
  const api = page.api;
  const result = api.result();
  page.turns = result ? [] : api.turns();
  const board = $("board");
  board.innerHTML = api.svg($("names").checked ? 1 : 0);
  const svg = board.querySelector("svg");
  const human = !result && isHumanTurn() && !page.pending && !page.replay;
  const f = follow(page.turns, page.clicks);
  if (page.clicks.length && !f.candidates.length) page.clicks = [];
  decorate(svg, human, f);

  const mover = page.sides[api.toMove()];
  let status;
  if (result) status = `Result: ${result}`;
  else if (page.pending) status = `${mover} to move: the computer is thinking...`;
  else status = `${mover} to move` + (human ? ": click a piece or a point" : "");
  $("status").textContent = status;
  show($("thinking"), !!page.pending);

  // the turn being made, its whole turns to finish with, the pass
  show($("partial"), page.clicks.length > 0);
  $("partial-text").textContent = page.clicks.map((p) => page.points[p]).join(" \u2192 ");
  const finish = $("finish");
  finish.textContent = "";
  if (page.clicks.length && f.complete.length && (f.next.size || f.complete.length > 1)) {
    for (const t of f.complete) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "finish";
      b.textContent = `Play ${t.text}`;
      b.addEventListener("click", () => play(t.text));
      finish.append(b);
    }
  }
  const pass = page.turns.find((t) => t.groups.length === 0);
  show($("pass"), human && !!pass);
  $("pass").textContent = page.turns.length === 1 ? "Pass" : "Play no move (-)";
  $("undo").disabled = api.turnsPlayed() === 0;
  $("redo").disabled = api.turnsUndone() === 0;

  const body = $("turns").querySelector("tbody");
  body.textContent = "";
  const history = api.history();
  history.forEach((h, i) => {
    const tr = document.createElement("tr");
    if (i === history.length - 1) tr.className = "last";
    for (const v of [h.n, h.side, h.text, h.taken]) {
      const td = document.createElement("td");
      td.textContent = v;
      tr.append(td);
    }
    body.append(tr);
  });
  $("position").value = api.position();
  document.body.dataset.turns = String(api.turnsPlayed());
  document.body.dataset.result = result;
  if (page.firstBoard === null) {
    page.firstBoard = performance.now();
    document.body.dataset.firstBoardMs = page.firstBoard.toFixed(0);
  }
  document.body.dataset.ready = "yes";
  // (replay.js, assist.js and keys.js add their parts)
  document.dispatchEvent(new CustomEvent("rimau:render", { detail: { svg, human } }));
  askComputer();
}

// Marks the points on the board and lays a target to click over each.
function decorate(svg, human, f) {
  const layer = document.createElementNS(SVG_NS, "g");
  layer.setAttribute("class", "overlay");
  const startSet = human && !page.clicks.length ? starts(page.turns) : new Set();
  for (const dot of svg.querySelectorAll("circle.point")) {
    const p = Number(dot.dataset.point);
    const cx = dot.getAttribute("cx"), cy = dot.getAttribute("cy");
    const circle = (cls, r) => {
      const c = document.createElementNS(SVG_NS, "circle");
      c.setAttribute("class", cls);
      c.setAttribute("cx", cx);
      c.setAttribute("cy", cy);
      c.setAttribute("r", r);
      c.dataset.point = String(p);
      layer.append(c);
      return c;
    };
    if (startSet.has(p)) circle("start-mark", 21);
    const order = page.clicks.indexOf(p);
    if (order >= 0) {
      circle("chosen-mark", 23);
      const t = document.createElementNS(SVG_NS, "text");
      t.setAttribute("class", "chosen-number");
      t.setAttribute("x", Number(cx) - 24);
      t.setAttribute("y", Number(cy) - 16);
      t.textContent = String(order + 1);
      layer.append(t);
    }
    if (human && page.clicks.length && f.next.has(p)) {
      circle("target-mark", 20);
      circle("target-dot", 5);
    }
    const hit = circle("hit", 26);
    hit.dataset.name = page.points[p];
    hit.setAttribute("role", "button");
    hit.setAttribute("aria-label", page.points[p]);
    hit.addEventListener("click", () => clickPoint(p));
  }
  svg.append(layer);
}

// ---- making turns ----

function clickPoint(p) {
  if (page.api.result() || !isHumanTurn() || page.pending || page.replay) return;
  const f = follow(page.turns, page.clicks);
  if (page.clicks.length && f.next.has(p)) {
    page.clicks.push(p);
  } else if (starts(page.turns).has(p)) {
    page.clicks = [p]; // (another piece: start again from it)
  } else {
    page.clicks = [];
  }
  const g = follow(page.turns, page.clicks);
  if (page.clicks.length && g.complete.length === 1 && g.next.size === 0) {
    play(g.complete[0].text);
    return;
  }
  render();
}

function play(text) {
  page.clicks = [];
  if (page.api.play(text) !== 0) {
    error("turn-error", page.api.message());
  } else {
    error("turn-error", "");
  }
  render();
}

// ---- the computer ----

function newWorker() {
  const w = new Worker("worker.js");
  w.onmessage = (e) => answered(e.data);
  w.onerror = (e) => {
    // (a worker stopped while it loaded may still report: not this one's)
    if (w !== page.worker) return;
    page.pending = null;
    page.worker = null;
    w.terminate();
    computerFailed(`the computer failed: ${e.message}`);
  };
  return w;
}

function stopComputer() {
  if (page.pending && page.worker) {
    page.worker.terminate(); // (its search ends at once)
    page.worker = null;
  }
  page.pending = null;
}

function askComputer() {
  const api = page.api;
  if (page.pending || page.replay || api.result() || isHumanTurn()) return;
  if (!page.worker) page.worker = newWorker();
  const id = ++page.requests;
  page.pending = { id, t0: performance.now() };
  const player = page.players[api.toMove()];
  const ms = Math.max(100, Math.min(30000, Number($("think").value) || 1000));
  page.worker.postMessage({
    id, name: page.file, text: page.texts.get(page.file), options: page.options,
    start: page.start, turns: api.history().map((h) => h.text),
    player, ms, seed: id,
  });
  // the board without targets, the status saying the computer thinks
  render();
}

// The side to move is played by a human from now on (asking the computer
// again would fail again), and TEXT says why.
function computerFailed(text) {
  const side = page.api.toMove();
  page.players[side] = "human";
  $(`player-${side}`).value = "human";
  error("turn-error", `${text}; ${page.sides[side]} are played by a human now`);
  render();
}

function answered(r) {
  if (!page.pending || r.id !== page.pending.id) return;
  page.thinkMs.push(Math.round(performance.now() - page.pending.t0));
  document.body.dataset.thinkMs = page.thinkMs.join(" ");
  page.pending = null;
  if (r.error) {
    computerFailed(`the computer: ${r.error}`);
    return;
  }
  play(r.turn);
}

// ---- undo, redo, records, positions ----

function undo() {
  stopComputer();
  page.clicks = [];
  // back to a human's turn (at least one turn), unless no side is human
  const anyHuman = page.players.includes("human");
  do {
    if (!page.api.undo()) break;
  } while (anyHuman && !isHumanTurn() && page.api.turnsPlayed() > 0);
  render();
}

function redo() {
  stopComputer();
  page.clicks = [];
  do {
    if (!page.api.redo()) break;
  } while (!isHumanTurn() && page.api.turnsUndone() > 0 && !page.api.result());
  render();
}

function playerText(i) {
  const p = page.players[i];
  return p === "human" ? "human" : `${p}:${Number($("think").value) || 1000}ms`;
}

function download() {
  const text = page.api.record(playerText(0), playerText(1));
  const blob = new Blob([text], { type: "text/plain" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = page.file.replace(/\.game$/, "") + ".rec";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

function setPosition(text) {
  stopComputer();
  if (page.api.setPosition(text) !== 0) {
    error("position-error", page.api.message());
    return;
  }
  error("position-error", "");
  page.start = text;
  page.clicks = [];
  page.replay = null;
  render();
}

// ---- start ----

async function main() {
  const M = await createRimau();
  page.api = self.wrapRimau(M);
  const list = await fetchText("games/list.txt");
  page.games = list.split("\n").filter(Boolean).map((l) => {
    const [file, name] = l.split("\t");
    return { file, name: name || file };
  }).sort((a, b) => a.name.localeCompare(b.name));
  for (const g of page.games) $("game").append(new Option(g.name, g.file));
  $("game").addEventListener("change", () => loadGame($("game").value, ""));
  $("new-game").addEventListener("click", () => loadGame(page.file, chosenOptions()));
  $("names").addEventListener("change", render);
  $("cancel").addEventListener("click", () => { page.clicks = []; render(); });
  $("pass").addEventListener("click", () => {
    const t = page.turns.find((x) => x.groups.length === 0);
    if (t) play(t.text);
  });
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("download").addEventListener("click", download);
  $("type-turn").addEventListener("submit", (e) => {
    e.preventDefault();
    if (page.pending || !isHumanTurn()) {
      error("turn-error", "it is the computer's turn");
      return;
    }
    play($("turn-text").value.trim());
    if ($("turn-error").hidden) $("turn-text").value = "";
  });
  $("position-form").addEventListener("submit", (e) => {
    e.preventDefault();
    setPosition($("position").value.trim());
  });
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" || e.target.isContentEditable || page.replay) return;
    if (e.key === "Escape") { page.clicks = []; render(); }
    else if ((e.ctrlKey || e.metaKey) && e.key === "z") { e.preventDefault(); undo(); }
    else if ((e.ctrlKey || e.metaKey) && e.key === "y") { e.preventDefault(); redo(); }
  });
  const ctx = { page, $, error, render, loadGame, stopComputer, play, playerText };
  installReplay(ctx);
  installAssist(ctx);
  installKeys(ctx);
  $("share").addEventListener("click", () => share().catch((e) => {
    $("share-note").textContent = `The link cannot be made: ${e.message || e}`;
    show($("share-box"), true);
  }));
  const shared = await readShared(location.hash);
  let loaded = false;
  if (shared && !(shared instanceof Error)) {
    // (both sides human: the position shared stays as it is, to study)
    page.players = ["human", "human"];
    page.texts.set(shared.name, shared.text);
    loaded = await loadGame(shared.name, shared.options);
    if (loaded && shared.position) setPosition(shared.position);
  }
  const problem = shared instanceof Error ? shared.message : !loaded && shared ? $("load-error").textContent : "";
  if (!loaded) {
    const query = new URLSearchParams(location.search);
    // ?players=A,B: who plays each side from the start (human, mcts, ab,
    // random, perfect), so that no computer's turn comes before a choice
    const chosen = (query.get("players") || "").split(",");
    if (chosen.length === 2 && chosen.every((p) => PLAYERS.some(([v]) => v === p))) page.players = chosen;
    const wanted = query.get("game");
    const first = page.games.find((g) => g.file === `${wanted}.game`) ||
      page.games.find((g) => g.file === "rimau-rimau-a.game") || page.games[0];
    await loadGame(first.file, "");
  }
  if (problem) error("load-error", problem);
  page.editor = await startEditor({
    page, apply: applyText, shipped: shippedText, isShipped,
  });
  if (!loaded && shared && !(shared instanceof Error)) {
    // the link's text, which does not compile, in the editor with its
    // messages (the board keeps the game loaded instead)
    page.editor.shown(shared.name, shared.text, shared.options);
  }
}

main().catch((e) => {
  $("status").textContent = `The page cannot start: ${e.message || e}`;
  console.error(e);
});
