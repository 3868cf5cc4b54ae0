// features-test.mjs: the page's record loading, replay mode, hint,
// perfect play and keyboard play (issue 29), in headless Chromium by
// playwright-core, after page-test.mjs.
//
//   node features-test.mjs URL OUTDIR
//
// Reads from OUTDIR what page-test.mjs wrote: tb.rec (the record the
// page downloaded), tb-result.txt and tb-turns.txt. Writes think-ms.txt
// (the computer's time for each of its turns). Prints one "ok ..." or
// "FAIL ..." line a check; exits 1 when a check fails.
import { readFileSync, writeFileSync } from "node:fs";
import { check, failed, launch } from "./browser.mjs";

const [url, out] = process.argv.slice(2);
const browser = await launch();
const context = await browser.newContext({ viewport: { width: 1000, height: 760 } });
const page = await context.newPage();
const consoleErrors = [];
page.on("console", (m) => { if (m.type() === "error") consoleErrors.push(m.text()); });
page.on("pageerror", (e) => consoleErrors.push(String(e)));

const ready = () => page.waitForFunction(() => document.body.dataset.ready === "yes", null, { timeout: 60000 });
const data = (k) => page.evaluate((key) => document.body.dataset[key], k);
const text = (sel) => page.textContent(sel);
const rowsShown = () => page.$$eval("#turns tbody tr", (rows) =>
  rows.map((r) => [...r.children].map((td) => td.textContent)));

async function choose(name, players) {
  await page.selectOption("#game", { label: name });
  await page.waitForFunction((n) => document.querySelector("#game option:checked").textContent === n
    && document.querySelector("#player-0"), name);
  // (a new game each time: the same game chosen again is not loaded again)
  for (let i = 0; i < 2; i++) await page.selectOption(`#player-${i}`, "human");
  await page.click("#new-game");
  for (let i = 0; i < 2; i++) await page.selectOption(`#player-${i}`, players[i]);
  await ready();
}

await page.goto(url);
await ready();

// ---- the record page-test.mjs downloaded, loaded back ----
const tbTurns = readFileSync(`${out}/tb-turns.txt`, "utf8").trim().split("\n");
const tbResult = readFileSync(`${out}/tb-result.txt`, "utf8").trim();
await page.setInputFiles("#load-record", `${out}/tb.rec`);
await page.waitForFunction(() => document.body.dataset.recordTurns !== undefined, null, { timeout: 30000 });
check(Number(await data("recordTurns")) === tbTurns.length && await page.isVisible("#replay-bar") &&
  (await page.$eval("#game", (s) => s.value)) === "tiger-and-buffaloes.game",
  `the downloaded record is loaded back: Tiger and Buffaloes, ${tbTurns.length} turns, in replay mode`);
let rows = await rowsShown();
check(rows.map((r) => r[2]).join(" ") === tbTurns.join(" ") && (await data("result")) === tbResult,
  "the record's turns are listed, and its result is the page's", `${await data("result")} / ${tbResult}`);
check(!(await page.isVisible("#record-error")), "the record loads without a message",
  await text("#record-error"));
await page.keyboard.press("Home");
check((await text("#replay-where")).startsWith("start") && (await data("turns")) === "0",
  "replay: Home goes to the start");
await page.keyboard.press("ArrowRight");
const caption1 = await page.$eval("#board svg text.caption", (t) => t.textContent);
check((await text("#replay-where")) === `after turn 1 of ${tbTurns.length} (${rows[0][1]})` &&
  caption1 === `1. ${tbTurns[0]}` &&
  (await page.$$eval("#turns tr.now", (r) => r.map((x) => x.children[2].textContent))).join() === tbTurns[0],
  "replay: the right arrow steps to turn 1: the side said, the board's caption, the turn highlighted",
  `${await text("#replay-where")} / ${caption1}`);
await page.click("#replay-next");
await page.click("#replay-next");
await page.click("#replay-prev");
check((await data("turns")) === "2", "replay: the buttons step forward and back");
await page.click("#turns tbody tr:nth-child(5)");
check((await data("turns")) === "5", "replay: a click on turn 5 goes there");
await page.click("#replay-last");
check((await data("turns")) === String(tbTurns.length) && (await text("#status")).includes(tbResult),
  "replay: the last button goes to the end, the result said");
const nowBg = await page.$eval("#turns tr.now", (r) => getComputedStyle(r).backgroundColor);
check(nowBg === "rgb(31, 122, 58)", "replay: the current turn has the look of replay --html", nowBg);
await page.click("#replay-first");
await page.click("#replay-next");
await page.click("#replay-leave");
check(!(await page.isVisible("#replay-bar")) && (await data("turns")) === "1" &&
  !(await page.$eval("#redo", (b) => b.disabled)),
  "Play from here leaves the replay at turn 1, the rest to redo");

// ---- records that are not ----
async function loadBad(name, body) {
  await page.setInputFiles("#load-record", { name, mimeType: "text/plain", buffer: Buffer.from(body) });
  await page.waitForFunction(() => !document.querySelector("#record-error").hidden, null, { timeout: 10000 });
  return text("#record-error");
}
let msg = await loadBad("garbage.rec", "\x89PNG\r\n\x1a\n\0\0\0\rIHDR garbage [[[ ");
check(/garbage\.rec is not a game record/.test(msg) && /garbage\.rec:1:/.test(msg),
  "a corrupt record is refused with the reader's message", msg);
msg = await loadBad("cut.rec", '[Game "kaooa.game"]\n[Result "*"]\n\n1. t1 2. i9 *\n');
check(/turn 2 'i9'/.test(msg) && (await data("turns")) === "1" && await page.isVisible("#replay-bar"),
  "a record with an illegal turn: its turns before it replayed, the turn named", msg);
msg = await loadBad("other.rec", '[Game "games/chess.game"]\n[Result "*"]\n\n*\n');
check(/"chess.game" is not one of the page's games/.test(msg), "a record of another game is refused", msg);
msg = await loadBad("huge.rec", "x".repeat(3 << 20));
check(/huge\.rec: the record is 3\.0 MB: the page reads records of at most 1 MB/.test(msg),
  "a record too large is refused before it is read", msg);
msg = await loadBad("nogame.rec", "1. t1 *\n");
check(/no \[Game/.test(msg), "a record without its Game tag is refused", msg);

// ---- perfect play: Kaooa solved in the browser ----
await choose("Kaooa", ["random", "perfect"]); // (the vulture, the crows)
const t0 = Date.now();
await page.waitForFunction(() => document.body.dataset.result, null, { timeout: 60000 });
const kaooa = await data("result");
check(/^crows win/.test(kaooa) && Number(await data("turns")) <= 15,
  `Kaooa: the perfect crows win within 15 turns (${Date.now() - t0} ms, the solve included)`, kaooa);

// ---- the hint ----
await choose("Kaooa", ["human", "human"]);
await page.click("#hint");
await page.waitForFunction(() => document.body.dataset.hint, null, { timeout: 30000 });
const hint = await text("#hint-text");
const marks = await page.$$eval("#board .hint-mark", (m) => m.length);
check(/^Hint: \S+ \(perfect play: crows win in 15 plies\)$/.test(hint) && marks >= 1,
  "Kaooa: the hint is perfect play's, its point ringed on the board", `${hint}, ${marks} marks`);
const hinted = await data("hint");
await page.fill("#turn-text", hinted);
await page.press("#turn-text", "Enter");
check((await rowsShown()).length === 1 && !(await page.isVisible("#hint-text")),
  "Kaooa: the hinted turn is legal, and the hint goes once played");
await choose("Alquerque", ["human", "human"]);
await page.fill("#think", "200");
await page.click("h2"); // (the focus off the time's box)
await page.keyboard.press("?");
await page.waitForFunction(() => document.body.dataset.hint, null, { timeout: 60000 });
check(/\(Monte Carlo tree search\)$/.test(await text("#hint-text")) &&
  (await page.$$eval("#board .hint-mark", (m) => m.length)) === 2,
  "Alquerque (not solved here): the hint by search, its step's two points ringed",
  await text("#hint-text"));

// ---- keyboard play ----
await choose("Alquerque", ["human", "human"]);
await page.click("h2"); // (the focus off the form)
async function cursorTo(name) {
  await page.keyboard.press("ArrowLeft"); // (the cursor appears)
  for (let i = 0; i < 30; i++) {
    const cur = await data("cursor");
    if (cur === name) return true;
    const [a, b] = await page.evaluate(([c, n]) => {
      const at = (pt) => {
        const d = document.querySelector(`#board .hit[data-name="${pt}"]`);
        return [Number(d.getAttribute("cx")), Number(d.getAttribute("cy"))];
      };
      return [at(c), at(n)];
    }, [cur, name]);
    const key = Math.abs(b[0] - a[0]) > 1 ? (b[0] > a[0] ? "ArrowRight" : "ArrowLeft")
      : (b[1] > a[1] ? "ArrowDown" : "ArrowUp");
    await page.keyboard.press(key);
  }
  return false;
}
const reached = await cursorTo("c2");
await page.keyboard.press("Enter");
check(reached && (await text("#partial-text")) === "c2", "keyboard: the arrows reach c2, Enter clicks it");
await cursorTo("c3");
await page.keyboard.press(" ");
rows = await rowsShown();
check(rows.length === 1 && rows[0][2] === "c2-c3", "keyboard: the space bar on c3 plays c2-c3", JSON.stringify(rows));
await page.keyboard.type("c4xc2");
check((await page.inputValue("#turn-text")) === "c4xc2", "keyboard: typing goes into the turn box");
await page.keyboard.press("Enter");
rows = await rowsShown();
check(rows.length === 2 && rows[1][2] === "c4xc2", "keyboard: Enter plays the turn typed");

// ---- the position string copied ----
await context.grantPermissions(["clipboard-read", "clipboard-write"]);
await page.click("#position-form summary, details:has(#position-form) summary");
await page.click("#copy-position");
const copied = await page.evaluate(() => navigator.clipboard.readText());
check(copied === (await page.inputValue("#position")) && copied.length > 10,
  "the position string is copied", copied);

// ---- the computer's thinking time at its default budget ----
// (each game on a page loaded afresh, both sides the computer)
const budget = Number(await page.$eval("#think", (e) => e.defaultValue));
const times = [];
for (const game of ["tiger-and-buffaloes", "kaooa", "bagh-chal", "rimau-rimau-a"]) {
  await page.goto(`${url}?game=${game}`);
  await ready();
  await page.selectOption("#player-0", "mcts");
  await page.selectOption("#player-1", "mcts");
  await page.waitForFunction(() => (document.body.dataset.thinkMs || "").split(" ").length >= 8 ||
    document.body.dataset.result, null, { timeout: 120000 });
  await page.selectOption("#player-0", "human");
  await page.selectOption("#player-1", "human");
  const ms = ((await data("thinkMs")) || "").split(" ").map(Number);
  const played = (await rowsShown()).length;
  times.push(`${game}: ${ms.join(" ")} (${played} turns played${(await data("result")) ? ", the end" : ""})`);
}
writeFileSync(`${out}/think-ms.txt`, times.join("\n") + "\n");
console.log(`the computer's time a turn at ${budget} ms (ms, turn by turn):\n  ${times.join("\n  ")}`);

check(consoleErrors.length === 0, "no console errors", consoleErrors.join(" | "));
await browser.close();
process.exit(failed() ? 1 : 0);
