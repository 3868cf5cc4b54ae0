// playground-shot.mjs: the picture of the page in README.md
// (doc/web-playground.png): Rimau-rimau A after its first two turns, the tigers
// to move, a tiger clicked and its targets shown.
//
//   node tests/web/playground-shot.mjs URL OUT.png
import { createRequire } from "node:module";

const [url, out] = process.argv.slice(2);
const require = createRequire(`${process.env.srcdir || "."}/package.json`);
const { chromium } = require("playwright-core");

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage({ viewport: { width: 1100, height: 920 } });
await page.goto(`${url}?game=rimau-rimau-a`);
await page.waitForFunction(() => document.body.dataset.ready === "yes", null, { timeout: 60000 });
await page.selectOption("#player-0", "human");
await page.selectOption("#player-1", "human");
for (const t of ["xb4,xc4,xd4,c3-a1", "b2"]) {
  await page.fill("#turn-text", t);
  await page.press("#turn-text", "Enter");
}
await page.click('.hit[data-name="c7"]');
await page.mouse.move(0, 0);
await page.screenshot({ path: out });
await browser.close();
