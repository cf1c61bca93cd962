// What every page's browser test shares: one Debian Chromium started headless through
// playwright-core for all of them (run.mjs), the server's address, and a screenshot kept as an
// artifact. A test registers with `test(name, body)`; `runAll` runs them side by side, each in
// a fresh context (its own cookies and storage) of the one browser, and prints `RESULT name
// passed` or `RESULT name failed: why`, which crates/web/tests/browser.rs reads.
import { chromium } from "playwright-core";
import fs from "node:fs";
import path from "node:path";

// The server's base URL and the artifact folder, from the command line.
export const base = process.argv[2];
export const artifacts = process.argv[3];

// Chromium with the flags a closed network needs (no background connections, no proxy).
export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      "--no-proxy-server",
    ],
  });
}

// A fresh page of `browser` at `width` by `height`, with the page's errors gathered.
export async function newPage(browser, width = 1280, height = 900) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  page.setDefaultTimeout(20000);
  const problems = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("console", (m) => { if (m.type() === "error") problems.push(`console: ${m.text()}`); });
  return { context, page, problems };
}

// Keep a screenshot of the page as `NAME.png` among the artifacts.
export async function shot(page, name) {
  await page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: true });
}

// Fail the test with `msg` unless `cond`.
export function check(cond, msg) {
  if (!cond) throw new Error(msg);
}

const registered = [];

// Thrown by a test that cannot run here (HP's software missing): reported as skipped.
export class Skip extends Error {}

// Register the test `name`: `body({ page, browser })` runs on a fresh page of the shared browser.
// A test that loads the machine on purpose (`alone`: a flood of connections) runs after the
// others, so that its load is measured against its own pages only and slows no other test.
export function test(name, body, { alone = false } = {}) {
  registered.push({ name, body, alone });
}

// Whether the server has HP's software (BASIC, DOS-M's tapes) and DOS-M's disc, as the Rust
// side found them; the parts that need them say when they are left out.
export const hpSoftware = process.env.RETRO_HP_SOFTWARE === "1";
export const dosImage = process.env.RETRO_DOSM_READY === "1";

// Run every registered test in one browser, all at once but for those that run `alone`, after
// them: each waits on the server's machines and games and on Chromium, so side by side they
// take less than the sum (on two cores, about as long as Chromium's own CPU time for all the
// pages allows). Each has a context of its own, so they share no cookies, storage or page; the
// server gives each tab a session of its own.
export async function runAll() {
  const browser = await launch();
  try {
    await Promise.all(registered.filter((t) => !t.alone).map((t) => runOne(browser, t)));
    for (const t of registered.filter((t) => t.alone)) await runOne(browser, t);
  } finally {
    await browser.close();
  }
}

// Run the test `name` on a fresh page of `browser` and print its RESULT line.
async function runOne(browser, { name, body }) {
  const { context, page, problems } = await newPage(browser);
  const t = Date.now();
  try {
    await body({ page, browser });
    check(problems.length === 0, problems.join("\n"));
    console.log(`RESULT ${name} passed (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  } catch (e) {
    if (e instanceof Skip) {
      console.log(`RESULT ${name} skipped: ${e.message}`);
      return;
    }
    await shot(page, `${name}-failed`).catch(() => {});
    const why = String(e.stack || e).replace(/\n/g, "\n  ");
    console.log(`RESULT ${name} failed: ${why}`);
    process.exitCode = 1;
  } finally {
    await context.close();
  }
}

// Click the page's board (`#board svg`) at (x, y) in the SVG's own units.
export async function clickSvg(page, x, y) {
  const at = await page.evaluate(([x, y]) => {
    const svg = document.querySelector("#board svg");
    const p = svg.createSVGPoint();
    p.x = x; p.y = y;
    const q = p.matrixTransform(svg.getScreenCTM());
    return { x: q.x, y: q.y };
  }, [x, y]);
  await page.mouse.click(at.x, at.y);
}

// Wait until the record shown in #record has `n` moves, split by `sep`.
export async function waitMoves(page, sep, n) {
  await page.waitForFunction(([sep, n]) => {
    const text = document.getElementById("record").textContent.trim();
    return (text ? text.split(sep).length : 0) === n;
  }, [sep, n]);
}

// Click #download and return the downloaded file's text.
export async function downloaded(page) {
  const [d] = await Promise.all([page.waitForEvent("download"), page.click("#download")]);
  return fs.readFileSync(await d.path(), "utf8");
}

// The fonts Chromium drew the first `.ja` element of the page in (DevTools protocol).
async function fontsOfJapanese(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument");
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: ".ja" });
  check(nodeId, "a .ja element");
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  await cdp.detach();
  return fonts;
}

// Japanese text is drawn whole in a Japanese font of the chain, not as boxes.
export async function checkJapanese(page) {
  const fonts = await fontsOfJapanese(page);
  const japanese = fonts.filter((f) => /IPA|Noto Sans (CJK|JP)|Hiragino|Yu Gothic|Meiryo/i.test(f.familyName));
  const glyphs = japanese.reduce((n, f) => n + f.glyphCount, 0);
  check(glyphs === 4, `五目競争 in a Japanese font, its 4 glyphs: ${JSON.stringify(fonts)}`);
}
