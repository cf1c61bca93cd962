// The Gomoku page: its heading's Japanese in a Japanese font, a move typed and one clicked on
// the board, each answered by the engine.
import { base, check, checkJapanese, clickSvg, downloaded, shot, test, waitMoves } from "./lib.mjs";

// The renderer's point (x, y): 44 + 32 (v - 1) pixels from the corner.
const at = (v) => 44 + 32 * (v - 1);

await test("gomoku", async ({ page }) => {
  await page.goto(`${base}/gomoku`);
  await page.waitForSelector("#board svg");
  // The heading's Japanese in a Japanese font, as on the index.
  await checkJapanese(page);
  await page.selectOption("#engine", "eval");
  await page.click("#new");
  await waitMoves(page, " ", 0);
  // From the keyboard: the point typed, then Enter.
  await page.focus("#point");
  await page.keyboard.type("h8");
  await page.keyboard.press("Enter");
  await waitMoves(page, " ", 2);
  let record = await page.textContent("#record");
  check(record.startsWith("h8 "), `the record after h8: ${record}`);
  await clickSvg(page, at(9), at(9));
  await waitMoves(page, " ", 4);
  record = await page.textContent("#record");
  check(record.split(" ")[2] === "i9", `the third move is i9: ${record}`);
  const stones = await page.locator("#board svg circle[r='14']").count();
  check(stones === 4, `four stones drawn, not ${stones}`);
  // A taken point is refused in words, and the game goes on.
  await clickSvg(page, at(8), at(8));
  await page.waitForFunction(() => document.getElementById("error").textContent.includes("taken"));
  // The marks asked for: the server's answer draws the board afresh.
  await page.$eval("#board svg", (svg) => { svg.dataset.before = "marks"; });
  await page.check("#marks");
  await page.waitForFunction(() => !document.querySelector("#board svg").dataset.before);
  // The record downloads as the command line reads it: comments, then the moves.
  const file = await downloaded(page);
  const lines = file.split("\n").filter((l) => l && !l.startsWith("#"));
  check(lines.length === 1 && lines[0] === record, `the downloaded record: ${file}`);
  await shot(page, "gomoku");
});
