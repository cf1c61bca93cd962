// The T3300-R page: step the classifier and check a register, a breakpoint and a run to it,
// the sim> line (a command and a refused one), and a screenshot.
import { test, base, shot, check } from "./lib.mjs";

// Click Run and wait for the run to end: Run enabled again and the machine moved on.
async function runToStop(page) {
  const before = await page.textContent("#counts");
  await page.click("#run");
  await page.waitForFunction((before) => !document.getElementById("run").disabled &&
    document.getElementById("counts").textContent !== before, before, { timeout: 60000 });
}

const reg = (page, name) => page.textContent(`#regs tr[data-reg="${name}"] td.value`);

await test("t3300", async ({ page }) => {
  await page.goto(`${base}/t3300`);
  await page.waitForSelector("#dis tr.here");
  check((await page.textContent("#place")) === "+lgame+", "P starts at +lgame+");

  // jsr +init+, lxi 0,1, lxi 0,2, lda +form+,1: A = form(0) = 0164000, the paper's first word.
  for (let k = 1; k <= 4; k++) {
    await page.click("#step");
    await page.waitForFunction((k) => document.getElementById("counts").textContent.startsWith(`${k} instructions`), k);
  }
  check((await reg(page, "A")) === "00164000", `A after four steps: ${await reg(page, "A")}`);
  check((await page.textContent("#place")) === "+in1++1", `P after four steps: ${await page.textContent("#place")}`);

  // Back undoes the lda: A is 0 again.
  await page.click("#back");
  await page.waitForFunction(() => document.getElementById("counts").textContent.startsWith("3 instructions"));
  check((await reg(page, "A")) === "00000000", "back restores A");

  // A breakpoint at the +form+ look-up, and a run to it: X1 = 8 l(B) = 030 (docs/lgame.md).
  await page.fill("#at", "+look+");
  await page.click("#break");
  await page.waitForFunction(() => document.getElementById("breaks").textContent.includes("+look+"));
  await runToStop(page);
  check((await page.textContent("#why")).startsWith("breakpoint"), `why: ${await page.textContent("#why")}`);
  check((await reg(page, "X1")) === "00030", `X1 at +look+: ${await reg(page, "X1")}`);
  check((await page.textContent("#dis tr.here td.label")) === "+look+", "the line at P is +look+");
  check((await page.$$("#dis tr.here.bp")).length === 1, "the line at P is marked as a breakpoint");

  // The sim> line: a debugger command, and a refused one.
  await page.fill("#line", "x +form+ 2");
  await page.press("#line", "Enter");
  await page.waitForFunction(() => document.getElementById("console").textContent.includes("sim> x +form+ 2\n"));
  check((await page.textContent("#console")).includes("+form+ oct.  00164000"), "x shows +form+");
  await page.fill("#line", "attach ptr /etc/passwd");
  await page.press("#line", "Enter");
  await page.waitForFunction(() => document.getElementById("error").textContent.startsWith("attach:"));

  // Run on to the start of extension 3: the first row of the table is the paper's.
  await page.fill("#line", "delete +look+");
  await page.press("#line", "Enter");
  await page.fill("#line", "break +xbeg+");
  await page.press("#line", "Enter");
  await page.waitForFunction(() => document.getElementById("breaks").textContent.includes("+xbeg+"));
  for (let ext = 2; ext <= 3; ext++) {
    await runToStop(page);
    check((await page.textContent("#place")) === "+xbeg+", `stopped at ${await page.textContent("#place")}`);
    check((await page.textContent("#pass")).startsWith(`extension ${ext} `), await page.textContent("#pass"));
  }
  const row0 = await page.$$eval("#table tbody tr:first-child td", (tds) => tds.map((td) => td.textContent));
  check(JSON.stringify(row0) === JSON.stringify(["0", "15", "15", "768", "768"]), `row 0: ${row0}`);
  await shot(page, "t3300");

  // On to the halt: the table complete, the paper's beside it, and the report.
  await page.fill("#line", "delete");
  await page.press("#line", "Enter");
  await page.waitForFunction(() => document.getElementById("breaks").textContent === "none");
  await page.click("#run");
  await page.waitForSelector("#report-box:not([hidden])", { timeout: 90000 });
  const report = await page.textContent("#report");
  check(report.includes("B 29 (29)   F 1006 (1006)   U 1261 (1261)"), report);
  check(report.includes("every l-type agrees with the native classifier"), report);
  check((await page.$$("#table td.differs")).length === 0, "no row differs from the paper");
  check((await page.textContent("#paper")).includes("B 29  F 1006  U 1261"), "the typewriter's totals");
  await shot(page, "t3300-done");
});
