// edit.js: the page's editor of the game text. The editor itself is
// CodeMirror (editor.js, bundled into editor.bundle.js by make web); this
// file asks a worker of its own (worker.js, requests of kind "check") to
// compile each text as it is typed (300 ms after the last key), shows the
// diagnostics rimau check would print at their line and column, and when
// the text compiles has the page load it (the board) and shows perft 1 to
// 3 and the examples' verdicts, counted in the worker from the text.
const $ = (id) => document.getElementById(id);

export const NEW_GAME_NAME = "new.game";
export const NEW_GAME_TEXT = `game "New game"
note "A sketch to start from: one tiger hunts four goats on a small board."
board {
    grid 3 x 3 diagonals alternate
}
side tiger { piece tiger 1 }
side goats { piece goat 4 }
setup {
    tiger at b2
    goat at a1 c1 a3 c3
}
rules {
    first goats
    goats lose with 2 pieces
    tiger when blocked lose
    goats when blocked lose
    draw after 100 turns
}
phase hunting of tiger {
    turn step tiger or capture tiger
}
phase herding of goats {
    turn step goat
}
`;

// The diagnostics of MESSAGE (rimau check's text for a file named NAME):
// [{line, col, width, severity, message}]. A message's line is
// "NAME:LINE:COL: KIND: MESSAGE", followed by the source line and a caret
// line ("^~~~", as wide as the span); a message about the whole file is
// "NAME: KIND: MESSAGE" (shown at its start).
export function parseDiagnostics(message, name) {
  const lines = message.split("\n");
  const out = [];
  const severity = (kind) => (kind === "note" ? "info" : kind);
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (!l.startsWith(`${name}:`)) continue;
    const rest = l.slice(name.length + 1);
    let m = /^(\d+):(\d+): (error|warning|note): (.*)$/.exec(rest);
    if (m) {
      let width = 1;
      const caret = lines[i + 2];
      if (caret !== undefined && /^ {4}[\t ]*\^~*$/.test(caret)) {
        width = caret.trim().length;
        i += 2;
      }
      out.push({ line: Number(m[1]), col: Number(m[2]), width, severity: severity(m[3]), message: m[4] });
      continue;
    }
    m = /^ (error|warning|note): (.*)$/.exec(rest);
    if (m) out.push({ line: 1, col: 1, width: 0, severity: severity(m[1]), message: m[2] });
  }
  return out;
}

// The editor, started once the page has its first game. CTX: {page,
// apply(name, text, options) (loads a text that compiles into the page:
// true when it did)}.
export async function startEditor(ctx) {
  const { createEditor } = await import("./editor.bundle.js");
  const ed = {
    name: ctx.page.file,
    options: ctx.page.options,
    checked: null,        // the text and options last sent to be checked
    worker: null,
    busy: null,           // {id, since} of the check in the worker
    waiting: null,        // the next check, sent when the worker is free
    requests: 0,
    timer: null,
  };
  const editor = createEditor($("editor"), ctx.page.texts.get(ctx.page.file) || "", () => {
    clearTimeout(ed.timer);
    $("edit-status").textContent = "Editing...";
    ed.timer = setTimeout(() => check(), 300);
  });

  function newWorker() {
    const w = new Worker("worker.js");
    w.onmessage = (e) => answered(e.data);
    w.onerror = (e) => {
      $("edit-status").textContent = `The checker failed: ${e.message}`;
      ed.busy = null;
    };
    return w;
  }

  // Sends the text now in the editor to be checked (at most one check in
  // the worker at a time: the last one asked waits for it; one busy for
  // over 3 s, in perft, is stopped).
  function check(force = false) {
    const text = editor.text();
    const key = `${ed.name}\n${ed.options}\n${text}`;
    if (!force && key === ed.checked) return;
    ed.checked = key;
    const r = { kind: "check", id: ++ed.requests, name: ed.name, text, options: ed.options };
    if (ed.busy && performance.now() - ed.busy.since > 3000) {
      ed.worker.terminate();
      ed.worker = null;
      ed.busy = null;
    }
    if (ed.busy) {
      ed.waiting = r;
      return;
    }
    send(r);
  }

  function send(r) {
    if (!ed.worker) ed.worker = newWorker();
    ed.busy = { id: r.id, since: performance.now(), text: r.text, name: r.name };
    document.body.dataset.checked = "";
    ed.worker.postMessage(r);
  }

  function answered(a) {
    if (!ed.busy || a.id !== ed.busy.id) return;
    const latest = a.id === ed.requests;
    if (a.stage === "check") {
      if (latest) showCheck(a);
    } else if (a.stage === "perft") {
      if (latest) showPerft(a);
    } else if (a.stage === "validate") {
      if (latest) showExamples(a.text);
    } else if (a.stage === "done") {
      ed.busy = null;
      if (ed.waiting) {
        const r = ed.waiting;
        ed.waiting = null;
        send(r);
      } else if (latest) {
        document.body.dataset.checked = String(a.id);
      }
    }
  }

  function showCheck(a) {
    const diags = parseDiagnostics(a.message, ed.busy.name);
    editor.setDiagnostics(diags);
    const list = $("diagnostics");
    list.textContent = "";
    for (const d of diags) {
      const li = document.createElement("li");
      li.className = d.severity;
      li.dataset.line = String(d.line);
      li.dataset.col = String(d.col);
      const where = document.createElement("button");
      where.type = "button";
      where.className = "where";
      where.textContent = `${d.line}:${d.col}`;
      where.title = "show it in the text";
      where.addEventListener("click", () => editor.goTo(d.line, d.col));
      const msg = document.createElement("span");
      msg.className = "message";
      msg.textContent = d.message;
      li.append(where, ` ${d.severity}: `, msg);
      list.append(li);
    }
    const errors = diags.filter((d) => d.severity === "error").length;
    const warnings = diags.filter((d) => d.severity === "warning").length;
    $("perft").querySelector("tbody").textContent = "";
    $("examples").textContent = "";
    if (!a.ok) {
      $("edit-status").textContent = `${errors} error${errors === 1 ? "" : "s"}: the board shows the last text that compiled`;
      return;
    }
    $("edit-status").textContent = "The text compiles" +
      (warnings ? `, with ${warnings} warning${warnings === 1 ? "" : "s"}` : "") + ".";
    if (a.options !== ed.options) ed.options = a.options;
    ctx.apply(ed.busy.name, ed.busy.text, a.options);
  }

  function showPerft(a) {
    const tr = document.createElement("tr");
    for (const v of [a.depth, a.count || a.error]) {
      const td = document.createElement("td");
      td.textContent = String(v);
      tr.append(td);
    }
    $("perft").querySelector("tbody").append(tr);
  }

  function showExamples(text) {
    const list = $("examples");
    list.textContent = "";
    const lines = text.split("\n").filter(Boolean);
    if (!lines.length) {
      const li = document.createElement("li");
      li.textContent = "(the game has no examples)";
      list.append(li);
    }
    for (const l of lines) {
      const [name, verdict, line, why] = l.split("\t");
      const li = document.createElement("li");
      li.className = verdict === "ok" ? "ok" : "failed";
      li.dataset.verdict = verdict;
      if (verdict === "ok") {
        li.textContent = `ok "${name}"`;
      } else {
        const where = document.createElement("button");
        where.type = "button";
        where.className = "where";
        where.textContent = `line ${line}`;
        where.addEventListener("click", () => editor.goTo(Number(line), 1));
        li.append(`FAILED "${name}" at `, where, `: ${why}`);
      }
      list.append(li);
    }
  }

  $("edit-new").addEventListener("click", () => {
    ed.name = NEW_GAME_NAME;
    ed.options = "";
    editor.setText(NEW_GAME_TEXT);
    check(true);
  });
  $("edit-revert").addEventListener("click", async () => {
    const text = await ctx.shipped(ed.name);
    if (text === null) return;
    editor.setText(text);
    check();
  });

  $("edit-download").addEventListener("click", () => {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([editor.text()], { type: "text/plain" }));
    a.download = ed.name.endsWith(".game") ? ed.name : `${ed.name}.game`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  });

  const api = {
    editor,
    // The page shows the game NAME of TEXT with OPTIONS (picked, or its
    // options changed): the editor shows its text and checks it.
    shown(name, text, options) {
      ed.name = name;
      ed.options = options;
      $("edit-name").textContent = name;
      $("edit-revert").hidden = !ctx.isShipped(name);
      if (editor.text() !== text) editor.setText(text);
      clearTimeout(ed.timer);
      check();
    },
  };
  api.shown(ctx.page.file, ctx.page.texts.get(ctx.page.file) || "", ctx.page.options);
  document.body.dataset.editorMs = performance.now().toFixed(0);
  return api;
}
