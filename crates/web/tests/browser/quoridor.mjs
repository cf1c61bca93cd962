// The Quoridor page: a pawn move typed and a wall clicked, each answered by the player, then
// a pawn move clicked in a new game.
import { base, check, clickSvg, downloaded, shot, test, waitMoves } from "./lib.mjs";

// The renderer's square i starts 30 + 48 i pixels in; squares are 40 wide, grooves 8.
const square = (i) => 30 + 48 * i + 20;
const groove = (i) => 30 + 48 * i + 44;

await test("quoridor", async ({ page }) => {
  await page.goto(`${base}/quoridor`);
  await page.waitForSelector("#board svg");
  await page.selectOption("#player", "ab2");
  await page.click("#new");
  await waitMoves(page, ", ", 0);
  // First (x) is on e9: step to e8, from the keyboard.
  await page.focus("#move");
  await page.keyboard.type("e8");
  await page.keyboard.press("Enter");
  await waitMoves(page, ", ", 2);
  let record = await page.textContent("#record");
  check(record.startsWith("e8, "), `the record after e8: ${record}`);
  // The groove under row 3, in c's right half: the wall c3- (under c3 and d3).
  await clickSvg(page, square(2) + 10, groove(2));
  await waitMoves(page, ", ", 4);
  record = await page.textContent("#record");
  check(record.split(", ")[2] === "c3-", `the third move is c3-: ${record}`);
  const walls = await page.locator("#board svg .wall").count();
  check(walls >= 1, "the wall is drawn");
  // A pawn cannot jump three rows: refused in words.
  await clickSvg(page, square(4), square(2));
  await page.waitForFunction(() => document.getElementById("error").textContent.includes("illegal"));
  // The record downloads as the command line reads it: comments, then the moves.
  const file = await downloaded(page);
  const lines = file.split("\n").filter((l) => l && !l.startsWith("#"));
  check(lines.length === 1 && lines[0] === record, `the downloaded record: ${file}`);
  await shot(page, "quoridor");
  // A new game: the pawn moved by a click on its square.
  await page.click("#new");
  await waitMoves(page, ", ", 0);
  await clickSvg(page, square(4), square(7));
  await waitMoves(page, ", ", 2);
  record = await page.textContent("#record");
  check(record.startsWith("e8, "), `the record after a click on e8: ${record}`);
});
