// load-time.mjs: the page's time to its first board, as doc/web.md gives
// it: opens URL in headless Chromium N times (a new browser context each
// time: nothing cached) and prints each time, then the median, in ms
// from the page's start (performance.now() when the first board is drawn),
// and the same for the editor shown with the game's text.
//
//   srcdir=. node tests/web/load-time.mjs http://127.0.0.1:8000/ [N]
import { createRequire } from "node:module";
import { resolve } from "node:path";

const [url, times = "5"] = process.argv.slice(2);
// (createRequire takes an absolute path only: srcdir=. is made one)
const require = createRequire(resolve(process.env.srcdir || ".", "package.json"));
const { chromium } = require("playwright-core");
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const ms = [], editor = [];
for (let i = 0; i < Number(times); i++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => document.body.dataset.editorMs, null, { timeout: 60000 });
  ms.push(Number(await page.evaluate(() => document.body.dataset.firstBoardMs)));
  editor.push(Number(await page.evaluate(() => document.body.dataset.editorMs)));
  await context.close();
}
await browser.close();
const say = (what, list) => {
  list.sort((a, b) => a - b);
  console.log(`${what} (ms): ${list.join(" ")}; median ${list[Math.floor(list.length / 2)]}`);
};
say("first board", ms);
say("editor shown", editor);
