// The index: what each machine and game is, a picture each (the panel drawn by the HP 2100A
// page's own script, the boards by the games' renderers), the ways in, and Japanese text in a
// Japanese font (lib.mjs's `checkJapanese`).
import { base, check, checkJapanese, shot, test } from "./lib.mjs";

test("index", async ({ page }) => {
  await page.goto(`${base}/`);
  check(await page.$("meta[name=viewport]"), "a viewport meta tag");
  // One entry a page, each linked.
  for (const p of ["hp2100", "t3300", "gomoku", "quoridor"]) {
    check(await page.$(`section#${p} a[href="/${p}"]`), `the ${p} entry links its page`);
  }
  // The pictures: each loaded, an SVG of the renderers'.
  await page.waitForFunction(() => [...document.querySelectorAll("img.picture")].every((i) => i.complete && i.naturalWidth > 0));
  const pictures = await page.$$eval("img.picture", (is) => is.map((i) => i.getAttribute("src")));
  for (const p of ["nhex", "lgame", "gomoku", "quoridor"]) {
    check(pictures.includes(`/pictures/${p}.svg`), `the ${p} picture: ${pictures}`);
  }
  // The panel, as its page draws it: the loader's halt in the display register.
  check((await page.textContent("#display-octal")) === "102077", "the panel shows 102077");
  const lit = await page.$$eval("#display .lamp.on", (ls) => ls.map((l) => Number(l.dataset.bit)).sort((a, b) => a - b));
  check(JSON.stringify(lit) === JSON.stringify([0, 1, 2, 3, 4, 5, 10, 15]), `lights of 102077: ${lit}`);
  check(await page.$("#lamp-halt.on"), "HALT lit");
  // The ways in.
  const text = await page.textContent("main");
  for (const way of ["NHEX from tape", "The 1975 session under DOS-M", "HP BASIC", "L-game", "classifier", "Play an engine", "Play a player"]) {
    check(text.includes(way), `the index tells of ${way}`);
  }
  await checkJapanese(page);
  await shot(page, "index");
  // The Gomoku page's heading is checked so by the Gomoku page's test (gomoku.mjs).
});
