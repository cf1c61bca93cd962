// What every page's browser test shares: Debian's Chromium started headless through
// playwright-core, the server's address, and a screenshot kept as an artifact.
import { chromium } from "playwright-core";
import fs from "node:fs";
import path from "node:path";

// The server's base URL and the artifact folder, from the command line.
export const base = process.argv[2];
export const artifacts = process.argv[3];

// Chromium with the flags a closed network needs (no background connections, no proxy).
export async function launch() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      "--no-proxy-server",
    ],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(20000);
  const problems = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("console", (m) => { if (m.type() === "error") problems.push(`console: ${m.text()}`); });
  return { browser, page, problems };
}

// Keep a screenshot of the page as `NAME.png` among the artifacts.
export async function shot(page, name) {
  await page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: true });
}

// Fail the test with `msg` unless `cond`.
export function check(cond, msg) {
  if (!cond) throw new Error(msg);
}

// Run `body({page})` in a fresh browser; the process's status says how it went.
export async function test(name, body) {
  const { browser, page, problems } = await launch();
  try {
    await body({ page });
    check(problems.length === 0, problems.join("\n"));
    console.log(`${name}: passed`);
  } catch (e) {
    await shot(page, `${name}-failed`).catch(() => {});
    console.error(`${name}: ${e.stack || e}`);
    process.exitCode = 1;
  } finally {
    await browser.close();
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
