// shots.mjs: screenshots of the board of fixed positions in the page,
// compared with the reference pictures committed in tests/web/shots/
// (tests/browser/pngdiff.py: the share of pixels that differ must stay
// under a tolerance, for the small differences of font rendering between
// machines).
//
//   node shots.mjs URL OUTDIR            compare
//   UPDATE_SHOTS=1 node shots.mjs URL OUTDIR   write the references anew
//
// The board alone (the SVG element), in a 1000x760 window, the point
// names on, both sides human (no computer's turn to wait for).
import { createRequire } from "node:module";
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync } from "node:fs";

const [url, out] = process.argv.slice(2);
const srcdir = process.env.srcdir;
const require = createRequire(`${srcdir}/package.json`);
const { chromium } = require("playwright-core");
const TOLERANCE = Number(process.env.SHOT_TOLERANCE || 0.001);

// NAME: the picture's name; GAME: the game's file; TURNS typed.
const SHOTS = [
  { name: "rimau-rimau-a-start", game: "rimau-rimau-a", turns: [] },
  { name: "kaooa-start", game: "kaooa", turns: [] },
  { name: "tiger-and-buffaloes-start", game: "tiger-and-buffaloes", turns: [] },
  { name: "alquerque-mid", game: "alquerque",
    turns: "c2-c3 c4xc2 c1xc3 a3xc1 c3xa3 d4-c3 d3xb3 b4xb2 b1xb3 e5-d4 e3xe5xc3".split(" ") },
];

let failed = 0;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--font-render-hinting=none"],
});
const context = await browser.newContext({ viewport: { width: 1000, height: 760 }, deviceScaleFactor: 1 });
const page = await context.newPage();
for (const s of SHOTS) {
  // (both sides human from the load: a computer's first turn could come
  // before a choice made after it)
  await page.goto(`${url}?game=${s.game}&players=human,human`);
  await page.waitForFunction(() => document.body.dataset.ready === "yes", null, { timeout: 60000 });
  for (let i = 0; i < 2; i++) {
    if ((await page.inputValue(`#player-${i}`)) !== "human") {
      failed++;
      console.log(`FAIL ${s.name}: ?players=human,human did not make side ${i} human`);
    }
  }
  for (const t of s.turns) {
    await page.fill("#turn-text", t);
    await page.press("#turn-text", "Enter");
  }
  const played = Number(await page.evaluate(() => document.body.dataset.turns));
  const got = `${out}/${s.name}.png`, want = `${srcdir}/tests/web/shots/${s.name}.png`;
  await page.mouse.move(0, 0);
  await page.locator("#board svg").screenshot({ path: got, animations: "disabled" });
  if (process.env.UPDATE_SHOTS) {
    copyFileSync(got, want);
    console.log(`ok ${s.name}: the reference written`);
    continue;
  }
  if (!existsSync(want)) {
    failed++;
    console.log(`FAIL ${s.name}: no reference picture ${want} (UPDATE_SHOTS=1 writes it)`);
    continue;
  }
  let share;
  try {
    share = Number(execFileSync("python3", [`${srcdir}/tests/browser/pngdiff.py`, got, want]).toString());
  } catch (e) {
    share = 1;
  }
  const ok = played === s.turns.length && share < TOLERANCE;
  if (!ok) failed++;
  console.log(`${ok ? "ok" : "FAIL"} ${s.name}: the board's picture, ${(share * 100).toFixed(2)}% ` +
    `of its pixels differ from the reference (under ${TOLERANCE * 100}%)` +
    (ok ? "" : `; kept in ${got}`));
}
await browser.close();
process.exit(failed ? 1 : 0);
