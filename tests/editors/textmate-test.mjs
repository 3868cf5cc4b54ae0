// textmate-test.mjs SRCDIR RIMAU: the TextMate grammar of the .game
// language (editors/textmate/rimau.tmLanguage.json) under the engine VS
// Code uses (the npm packages vscode-textmate and vscode-oniguruma), and
// the JSON files of the VS Code extension (editors/vscode). Run by
// tests/check-editors.sh (make check-editors).
//
// 1. Every .game file of games/ and tests/, and the game text of doc/*.md
//    (its ```game blocks), is tokenized: no text other than blanks may
//    have no scope but source.rimau; and none may be marked invalid in
//    the shipped games, in tests/games, in doc's blocks (which
//    tests/check-docs.sh checks) and in the other files rimau check
//    accepts (it runs on those files with text marked invalid alone).
// 2. Every keyword of the lexer (grammar/lexer.l's '"word" { TOKEN(...)'
//    lines, read here, not from the grammar's own lists) is one token with
//    a keyword.* scope, alone and among other words; as part of a longer
//    name ('vulture-wins', "o'clock") it is not. A few other tokens have
//    their scope: numbers, points, strings, escapes, punctuation, turns.
// 3. The extension's package.json, language-configuration.json and
//    grammar parse, agree on the language, the file type and the scope,
//    and name files that exist; extension.js, run with stand-ins for VS
//    Code and the language client, starts rimau lsp.
//
// Prints one 'ok' or 'FAIL' line per check and 'N passed, M failed';
// exits with 1 when a check fails.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { spawnSync } from "node:child_process";

const require = createRequire(import.meta.url);
const [srcdir, rimau] = process.argv.slice(2);
if (!srcdir || !rimau) {
  console.error("usage: node tests/editors/textmate-test.mjs SRCDIR RIMAU");
  process.exit(2);
}
const vsctm = require("vscode-textmate");
const onig = require("vscode-oniguruma");

let pass = 0, fail = 0;
function ok(what) { pass++; console.log(`ok ${what}`); }
function bad(what, lines = []) {
  fail++;
  console.log(`FAIL ${what}`);
  for (const l of lines.slice(0, 20)) console.log(`  | ${l}`);
  if (lines.length > 20) console.log(`  | (and ${lines.length - 20} more)`);
}
function check(cond, what, lines) { if (cond) ok(what); else bad(what, lines); }

const grammarPath = path.join(srcdir, "editors/textmate/rimau.tmLanguage.json");
const grammarText = fs.readFileSync(grammarPath, "utf8");
await onig.loadWASM(fs.readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm")).buffer);
const registry = new vsctm.Registry({
  onigLib: Promise.resolve({
    createOnigScanner: (patterns) => new onig.OnigScanner(patterns),
    createOnigString: (s) => new onig.OnigString(s),
  }),
  loadGrammar: async (scope) => scope === "source.rimau" ? vsctm.parseRawGrammar(grammarText, grammarPath) : null,
});
const grammar = await registry.loadGrammar("source.rimau");
if (!grammar) {
  bad(`${grammarPath} loads as the grammar of source.rimau`);
  process.exit(1);
}

// tokenize(TEXT): the tokens of TEXT, each { line, col, text, scopes }
// (line and col from 1).
function tokenize(text) {
  const out = [];
  let stack = vsctm.INITIAL;
  text.split(/\r?\n/).forEach((line, i) => {
    const r = grammar.tokenizeLine(line, stack);
    for (const t of r.tokens) {
      out.push({ line: i + 1, col: t.startIndex + 1, text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes });
    }
    stack = r.ruleStack;
  });
  return out;
}
const where = (name, t) => `${name}:${t.line}:${t.col}: '${t.text}' (${t.scopes.join(" ")})`;
const unscoped = (t) => /\S/.test(t.text.replace(/\uFEFF/g, "")) && t.scopes.length === 1;
const invalid = (t) => t.scopes.some((s) => s.startsWith("invalid."));

// ---- 1. every file ----

function gameFiles(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...gameFiles(p));
    else if (e.name.endsWith(".game")) out.push(p);
  }
  return out;
}
const files = [...gameFiles(path.join(srcdir, "games")), ...gameFiles(path.join(srcdir, "tests"))].sort();
let ntokens = 0, nrefused = 0;
const left = [], marked = [];
for (const file of files) {
  const name = path.relative(srcdir, file);
  const text = fs.readFileSync(file, "utf8");
  const tokens = tokenize(text);
  ntokens += tokens.length;
  for (const t of tokens.filter(unscoped)) left.push(where(name, t));
  const bad = tokens.filter(invalid);
  if (bad.length === 0) continue;
  // Text marked invalid is an error only in a file that is valid: a
  // shipped game, a game of tests/games, or any other rimau check
  // accepts (a file of tests/errors may hold what the lexer refuses).
  if (!/^(games|tests\/games)\//.test(name) &&
      spawnSync(rimau, ["check", file], { stdio: "ignore" }).status !== 0) {
    nrefused++;
    continue;
  }
  for (const t of bad) marked.push(where(name, t));
}
const nshipped = files.filter((f) => path.relative(srcdir, f).startsWith("games" + path.sep)).length;
check(files.length > 50 && nshipped >= 20, `found ${files.length} .game files, ${nshipped} of them shipped`);
check(left.length === 0, `no text is left unscoped in the ${files.length} files (${ntokens} tokens)`, left);
check(marked.length === 0,
  `nothing is marked invalid but in the ${nrefused} files rimau check refuses`, marked);

// The game text of the documents: their ```game blocks.
const docLeft = [];
let nblocks = 0;
for (const doc of fs.readdirSync(path.join(srcdir, "doc")).filter((f) => f.endsWith(".md")).sort()) {
  const lines = fs.readFileSync(path.join(srcdir, "doc", doc), "utf8").split("\n");
  for (let i = 0; i < lines.length; i++) {
    const m = /^( *)```game\b/.exec(lines[i]);
    if (!m) continue;
    const start = i + 1, block = [];
    for (i++; i < lines.length && !/^ *```/.test(lines[i]); i++) block.push(lines[i].slice(m[1].length));
    nblocks++;
    for (const t of tokenize(block.join("\n"))) {
      if (unscoped(t) || invalid(t)) docLeft.push(where(`doc/${doc}`, { ...t, line: t.line + start }));
    }
  }
}
check(nblocks > 20 && docLeft.length === 0,
  `the ${nblocks} blocks of game text in doc/*.md have no text unscoped or marked invalid`, docLeft);

// ---- 2. keywords and other tokens ----

// scopeOf(TEXT, WORD): the scopes of the token that is WORD in TEXT (at
// its first place), or null when WORD is not one token there.
function scopeOf(text, word, at = text.indexOf(word)) {
  const t = tokenize(text).find((t) => t.line === 1 && t.col === at + 1);
  return t && t.text === word ? t.scopes.slice(1).join(" ") : null;
}
const lexer = fs.readFileSync(path.join(srcdir, "grammar/lexer.l"), "utf8");
const keywords = [...lexer.matchAll(/^"([a-z]+)"[ \t]*\{ *TOKEN\(/gm)].map((m) => m[1]);
check(keywords.length >= 50, `found ${keywords.length} keywords in grammar/lexer.l`);
const notKeyword = [];
for (const w of keywords) {
  for (const text of [w, `  ${w}  # ${w}`, `x ${w} y`, `{${w}}`, `a=${w}|b`, `${w},c3`]) {
    const s = scopeOf(text, w);
    if (!s || !/^keyword\./.test(s)) notKeyword.push(`'${w}' in '${text}': ${s === null ? "not one token" : s || "no scope"}`);
  }
  for (const text of [`vulture-${w}`, `${w}-x`, `${w}'`, `${w}2`, `_${w}`, `${w}é`]) {
    const s = scopeOf(text, text);
    if (s !== "variable.other.name.rimau" && s !== "constant.other.point.rimau")
      notKeyword.push(`'${text}' is not one name: ${s === null ? "not one token" : s}`);
  }
}
check(notKeyword.length === 0,
  `each of the lexer's ${keywords.length} keywords has a keyword scope, and is none within a longer name`, notKeyword);

// Other tokens: [text, the token, its scopes (a pattern)]
const cases = [
  ["# a comment", "#", /^comment\.line\.number-sign\.rimau punctuation\.definition\.comment\.rimau$/],
  ["# a comment", " a comment", /^comment\.line\.number-sign\.rimau$/],
  ["grid 5x5", "5x5", /^constant\.numeric\.dimensions\.rimau$/],
  ["point t2 at 3.902113 2.618034", "3.902113", /^constant\.numeric\.decimal\.rimau$/],
  ["  slide man forward -1", "-1", /^constant\.numeric\.integer\.rimau$/],
  ["draw after 1000 turns", "1000", /^constant\.numeric\.integer\.rimau$/],
  ["tiger at c3", "c3", /^constant\.other\.point\.rimau$/],
  ["man at aa12", "aa12", /^constant\.other\.point\.rimau$/],
  ["side tigers {", "tigers", /^variable\.other\.name\.rimau$/],
  ["option vulture-wins = four | all", "vulture-wins", /^variable\.other\.name\.rimau$/],
  ["option vulture-wins = four | all", "all", /^constant\.language\.rimau$/],
  ["forward up", "up", /^constant\.language\.rimau$/],
  ["option vulture-wins = four | all", "=", /^keyword\.operator\.assignment\.rimau$/],
  ["option vulture-wins = four | all", "|", /^keyword\.operator\.alternative\.rimau$/],
  ["board {", "{", /^punctuation\.section\.block\.begin\.rimau$/],
  ["}", "}", /^punctuation\.section\.block\.end\.rimau$/],
  ["line a1, b2", ",", /^punctuation\.separator\.comma\.rimau$/],
  ["first tigers; draw after 9 turns", ";", /^punctuation\.terminator\.statement\.rimau$/],
  ['game "Kaooa"', "Kaooa", /^string\.quoted\.double\.rimau$/],
  ['note "a \\"b\\""', '\\"', /^string\.quoted\.double\.rimau constant\.character\.escape\.rimau$/],
  ['note "a\\qb"', "\\q", /^string\.quoted\.double\.rimau invalid\.illegal\./],
  ["tiger @ c3", "@", /^invalid\.illegal\.character\.rimau$/],
  ['after "t1xi2 xb4,c7-a1"', "after", /^keyword\.other\.example\.rimau$/],
  ['after "t1xi2 xb4,c7-a1"', "i2", /^string\.quoted\.double\.turns\.rimau constant\.other\.point\.rimau$/],
  ['after "t1xi2 xb4,c7-a1"', "x", /^string\.quoted\.double\.turns\.rimau keyword\.operator\.capture\.rimau$/],
  ['illegal "tiger@c4"', "@", /^string\.quoted\.double\.turns\.rimau punctuation\.separator\.kind\.rimau$/],
  ['legal "c3-c4"', "-", /^string\.quoted\.double\.turns\.rimau keyword\.operator\.move\.rimau$/],
];
const wrong = [];
for (const [text, token, want] of cases) {
  const s = scopeOf(text, token, token === "x" ? text.indexOf("xi2") : undefined);
  if (s === null || !want.test(s)) wrong.push(`'${token}' in '${text}': ${s === null ? "not one token" : s}, not ${want}`);
}
// A byte-order mark at the start, which the lexer skips, is not part of
// the first word.
if (!/^keyword\./.test(scopeOf('\uFEFFgame "x"', "game") || "")) wrong.push("a byte-order mark makes the first word a name");
// A string goes on over lines (the lexer allows it), and ends.
const multi = tokenize('note "one\ntwo # not a comment\nthree" # a comment');
const lineOf = (n, text) => multi.find((t) => t.line === n && t.text.includes(text));
if (!lineOf(2, "two")?.scopes.includes("string.quoted.double.rimau")) wrong.push("a string's second line is not a string");
if (!lineOf(3, "a comment")?.scopes.some((s) => s.startsWith("comment."))) wrong.push("the comment after a string of three lines is not a comment");
check(wrong.length === 0, `${cases.length + 3} tokens have the scopes they should`, wrong);

// ---- 3. the VS Code extension ----

const ext = path.resolve(srcdir, "editors/vscode");
const problems = [];
function readJSON(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (e) {
    problems.push(`${path.relative(srcdir, file)}: ${e.message}`);
    return null;
  }
}
const pkg = readJSON(path.join(ext, "package.json"));
const lang = pkg?.contributes?.languages?.find((l) => l.id === "rimau");
const gram = pkg?.contributes?.grammars?.find((g) => g.language === "rimau");
if (pkg && !lang) problems.push("package.json contributes no language 'rimau'");
if (lang && !(lang.extensions || []).includes(".game")) problems.push("the language 'rimau' is not that of .game files");
if (pkg && !gram) problems.push("package.json contributes no grammar for 'rimau'");
if (gram && gram.scopeName !== "source.rimau") problems.push(`the grammar's scopeName is '${gram.scopeName}', not source.rimau`);
if (gram) {
  const g = readJSON(path.join(ext, gram.path));
  if (g && g.scopeName !== gram.scopeName) problems.push(`${gram.path} has the scopeName '${g.scopeName}', package.json '${gram.scopeName}'`);
  if (g && JSON.stringify(g) !== JSON.stringify(JSON.parse(grammarText)))
    problems.push(`${gram.path} is not editors/textmate/rimau.tmLanguage.json: run editors/keywords.sh --update`);
}
if (lang) {
  const conf = readJSON(path.join(ext, lang.configuration || "language-configuration.json"));
  if (conf && conf.comments?.lineComment !== "#") problems.push("language-configuration.json: the line comment is not '#'");
  if (conf && JSON.stringify(conf.brackets) !== JSON.stringify([["{", "}"]])) problems.push("language-configuration.json: the brackets are not { and } alone");
}
if (pkg && !fs.existsSync(path.join(ext, pkg.main || "-"))) problems.push(`package.json's main '${pkg.main}' does not exist`);
if (pkg && !pkg.dependencies?.["vscode-languageclient"]) problems.push("package.json does not depend on vscode-languageclient");
const setting = pkg?.contributes?.configuration?.properties?.["rimau.path"];
if (pkg && setting?.default !== "rimau") problems.push("package.json has no setting rimau.path (default 'rimau')");
const js = spawnSync(process.execPath, ["--check", path.join(ext, pkg?.main || "extension.js")], { encoding: "utf8" });
if (js.status !== 0) problems.push(`node --check ${pkg?.main}: ${js.stderr.trim()}`);
check(problems.length === 0,
  "the VS Code extension's package.json, language configuration, grammar and script agree", problems);

// extension.js, with stand-ins for the vscode module and the language
// client: activating it starts 'rimau lsp' for the language rimau; a
// change of rimau.path starts the new program; a server that cannot start
// is reported, with the setting to change.
const Module = require("node:module");
const calls = { clients: [], errors: [], commands: {}, onConfig: null };
let pathSetting = undefined, failStart = false;
const fakeVscode = {
  workspace: {
    getConfiguration: (section) => ({ get: (key) => (section === "rimau" && key === "path" ? pathSetting : undefined) }),
    onDidChangeConfiguration: (f) => { calls.onConfig = f; return { dispose() {} }; },
  },
  window: { showErrorMessage: async (msg) => { calls.errors.push(msg); return undefined; } },
  commands: {
    registerCommand: (name, f) => { calls.commands[name] = f; return { dispose() {} }; },
    executeCommand: async () => {},
  },
};
class FakeClient {
  constructor(id, name, server, client) { Object.assign(this, { id, name, server, client, stopped: false }); calls.clients.push(this); }
  async start() { if (failStart) throw new Error("spawn ENOENT"); }
  async stop() { this.stopped = true; }
}
const load = Module._load;
Module._load = function (request, ...rest) {
  if (request === "vscode") return fakeVscode;
  if (request === "vscode-languageclient/node") return { LanguageClient: FakeClient, TransportKind: { stdio: 0 } };
  return load.call(this, request, ...rest);
};
const extProblems = [];
try {
  const extension = require(path.join(ext, pkg?.main || "extension.js"));
  const context = { subscriptions: [] };
  await extension.activate(context);
  const c0 = calls.clients[0];
  const run = c0?.server?.run;
  if (!run || run.command !== "rimau" || JSON.stringify(run.args) !== '["lsp"]')
    extProblems.push(`activate started ${JSON.stringify(run)}, not rimau lsp`);
  if (!c0?.client?.documentSelector?.some((d) => d.language === "rimau"))
    extProblems.push("the client is not for the language rimau");
  if (!calls.commands["rimau.restartServer"] || !(pkg?.contributes?.commands || []).some((c) => c.command === "rimau.restartServer"))
    extProblems.push("no command rimau.restartServer, registered and declared in package.json");
  pathSetting = "/opt/rimau/bin/rimau";
  await calls.onConfig?.({ affectsConfiguration: (s) => s === "rimau.path" });
  await new Promise((r) => setTimeout(r, 10));
  const c1 = calls.clients[1];
  if (!c0?.stopped || c1?.server?.run?.command !== pathSetting)
    extProblems.push(`a change of rimau.path did not restart the server with it (${JSON.stringify(c1?.server?.run)})`);
  failStart = true;
  await calls.commands["rimau.restartServer"]?.();
  if (!calls.errors.some((m) => m.includes(`${pathSetting} lsp`) && m.includes("rimau.path")))
    extProblems.push(`a server that cannot start is not reported with the setting: ${JSON.stringify(calls.errors)}`);
  await extension.deactivate();
} catch (e) {
  extProblems.push(`extension.js: ${e.stack}`);
} finally {
  Module._load = load;
}
check(extProblems.length === 0,
  "the VS Code extension starts rimau lsp, restarts it with rimau.path, and says when it cannot", extProblems);

console.log(`${pass} passed, ${fail} failed`);
process.exit(fail ? 1 : 0);
