// api.js: the functions of src/web/web_api.h over a module made by
// createRimau() (rimau.js, built by make web). A classic script, so that
// the page (<script src>) and the worker (importScripts) share it.
//
// Every string the C side returns is its own until its next call: each
// wrapper copies it at once (cwrap's "string" return does), so what the
// page holds is never freed under it.
"use strict";

self.wrapRimau = function wrapRimau(M) {
  const s = (name, args) => M.cwrap(name, "string", args);
  const n = (name, args) => M.cwrap(name, "number", args);
  const api = {
    load: n("web_load", ["string", "string", "string"]),
    message: s("web_message", []),
    name: s("web_name", []),
    sides: s("web_sides", []),
    points: s("web_points", []),
    options: s("web_options", []),
    info: s("web_info", []),
    turnsText: s("web_turns", []),
    play: n("web_play", ["string"]),
    playMany: n("web_play_many", ["string"]),
    undo: n("web_undo", []),
    redo: n("web_redo", []),
    turnsPlayed: n("web_turns_played", []),
    turnsUndone: n("web_turns_undone", []),
    toMove: n("web_to_move", []),
    historyText: s("web_history", []),
    position: s("web_position", []),
    setPosition: n("web_set_position", ["string"]),
    svg: s("web_svg", ["number"]),
    result: s("web_result", []),
    choose: s("web_choose", ["string", "number", "number"]),
    perft: s("web_perft", ["number"]),
    validate: s("web_validate", []),
    record: s("web_record", ["string", "string"]),
    bench: n("web_bench", ["number"]),
    restart: M.cwrap("web_restart", null, []),
    solve: n("web_solve", ["number", "number"]),
    solved: n("web_solved", []),
    solveSummary: s("web_solve_summary", []),
    value: s("web_value", []),
    readRecordText: s("web_read_record", ["string", "string"]),
  };
  const lines = (text) => text.split("\n").filter((l) => l !== "");
  // The legal turns: {text, groups: [{type, pts: [point indices]}]}.
  api.turns = () => lines(api.turnsText()).map((line) => {
    const [text, moves = ""] = line.split("\t");
    const groups = moves === "" ? [] : moves.split(" ").map((g) => ({
      type: g[0], pts: g.slice(1).split(".").map(Number),
    }));
    return { text, groups };
  });
  // The turns played: {n, side, text, taken}.
  api.history = () => lines(api.historyText()).map((line) => {
    const [n, side, text, taken = ""] = line.split("\t");
    return { n: Number(n), side, text, taken };
  });
  // The options: {name, values, chosen, doc}.
  api.optionList = () => lines(api.options()).map((line) => {
    const [name, values, chosen, doc = ""] = line.split("\t");
    return { name, values: values.split("|"), chosen, doc };
  });
  api.sideList = () => lines(api.sides());
  // A game record read: {game, options ("NAME=VALUE" lines), result,
  // turns: [text]}, or null with the reason in api.message().
  api.readRecord = (name, text) => {
    const out = api.readRecordText(name, text);
    if (!out) return null;
    const r = { game: "", options: [], result: "", turns: [] };
    for (const line of lines(out)) {
      const tab = line.indexOf("\t");
      const key = line.slice(0, tab), value = line.slice(tab + 1);
      if (key === "game") r.game = value;
      else if (key === "option") r.options.push(value);
      else if (key === "result") r.result = value;
      else if (key === "turn") r.turns.push(value);
    }
    r.options = r.options.join("\n");
    return r;
  };
  api.pointList = () => lines(api.points());
  return api;
};
