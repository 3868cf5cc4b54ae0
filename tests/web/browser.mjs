// browser.mjs: what the page's tests in Chromium share: the checks'
// 'ok' and 'FAIL' lines, counted, and a headless Chromium (Debian's,
// or $CHROMIUM) driven by playwright-core from the npm packages of
// $srcdir/package.json.
import { createRequire } from "node:module";

let failures = 0;

// Prints 'ok WHAT', or 'FAIL WHAT: DETAIL' and counts it.
export function check(ok, what, detail = "") {
  if (ok) console.log(`ok ${what}`);
  else { failures++; console.log(`FAIL ${what}${detail ? `: ${detail}` : ""}`); }
}

// The checks failed so far.
export function failed() {
  return failures;
}

// A headless Chromium.
export function launch() {
  const require = createRequire(`${process.env.srcdir}/package.json`);
  const { chromium } = require("playwright-core");
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
}
