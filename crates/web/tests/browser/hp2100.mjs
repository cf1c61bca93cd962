// The HP 2100A page in a browser: NHEX booted by the switches as the operator did in 1975
// (S = 037700, LOAD ADDRESS, LOADER ENABLE, PRESET, RUN; S = 000002, LOAD ADDRESS, PRESET,
// RUN), two moves played on the teletype with NHEX's replies read off the paper, the board
// beside it, the console line, and a screenshot. Fast mode keeps the wall time short.
import { test, base, shot, check, hpSoftware, dosImage, Skip } from "./lib.mjs";

const paperHas = (page, text, count = 1) =>
  page.waitForFunction(
    ([t, n]) => document.getElementById("paper").textContent.split(t).length - 1 >= n,
    [text, count],
  );

// Set the switch register to `value` by clicking the switches that differ.
async function setSwitches(page, value) {
  await page.click("#btn-clear");
  for (let bit = 0; bit < 16; bit++) {
    if ((value >> bit) & 1) await page.click(`#switches button[data-bit="${bit}"]`);
  }
  const up = await page.$$eval("#switches button.up", (bs) => bs.reduce((s, b) => s | (1 << Number(b.dataset.bit)), 0));
  check(up === value, `switches show ${up.toString(8)}, not ${value.toString(8)}`);
}

async function type(page, text) {
  await page.click("#paper");
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
}

test("hp2100", async ({ page }) => {
  await page.goto(`${base}/hp2100`);
  await page.waitForFunction(() => document.getElementById("status").textContent === "connected");
  await page.waitForFunction(() => document.getElementById("display-octal").dataset.value !== undefined);
  const reader = await page.textContent("#reader-name");
  check(reader.includes("NHEX"), `NHEX's tape in the reader: ${reader}`);
  await page.check("#fast");

  // The loader reads the tape and halts with 102077 in T.
  await setSwitches(page, 0o37700);
  await page.click("#btn-load-address");
  await page.check("#loader");
  await page.click("#btn-preset");
  await page.click("#btn-run");
  await page.waitForFunction(() => document.getElementById("display-octal").textContent === "102077");
  await page.waitForFunction(() => document.getElementById("panel").dataset.run === "halted");
  const pos = await page.textContent("#reader-pos");
  const [read, frames] = (pos.match(/^(\d+) \/ (\d+)/) || []).slice(1).map(Number);
  // The loader stops at the trailer's tenth NUL, so a few frames stay in the reader.
  check(frames > 0 && read > frames - 100 && read <= frames, `the reader read the tape: ${pos}`);

  // NHEX from address 2.
  await setSwitches(page, 0o2);
  await page.click("#btn-load-address");
  await page.click("#btn-preset");
  await page.click("#btn-run");
  await paperHas(page, "2-KETA NO KAZU O KEY-IN SEYO");
  await page.waitForFunction(() => document.getElementById("panel").dataset.run === "waiting");
  await type(page, "12");
  await paperHas(page, "SENTE WA? ANATA=00 WATASHI=99");
  await type(page, "00");
  await paperHas(page, "ANATA NO TE WA?");

  // Two moves, each answered by NHEX on the paper.
  await type(page, "0505");
  await paperHas(page, "WATASHI NO TE ");
  await paperHas(page, "ANATA NO TE WA?", 2);
  let paper = await page.textContent("#paper");
  const first = paper.match(/WATASHI NO TE (\d{4})/)[1];
  const second = ["0404", "0303", "0606"].find((c) => c !== first);
  await type(page, second);
  await paperHas(page, "ANATA NO TE WA?", 3);
  paper = await page.textContent("#paper");
  const replies = [...paper.matchAll(/WATASHI NO TE (\d{4})/g)].map((m) => m[1]);
  check(replies.length === 2, `two replies from NHEX: ${paper}`);
  for (const r of replies) {
    const [u, v] = [Number(r.slice(0, 2)), Number(r.slice(2))];
    check(u >= 1 && u <= 8 && v >= 1 && v <= 8 && r !== "0505" && r !== second, `a legal reply ${r}`);
  }
  check(paper.includes(`0505\n`) && paper.includes(`${second}\n`), `the moves echoed: ${paper}`);
  await page.waitForFunction(() => document.getElementById("board").dataset.moves === "4");
  check((await page.$$("#board svg")).length === 1, "the board is drawn");

  // The console line: a command, and a refused one.
  await page.fill("#console-line", "examine P");
  await page.press("#console-line", "Enter");
  await page.waitForFunction(() => /sim> examine P\nP:\t\d+/.test(document.getElementById("console-log").textContent));
  await page.fill("#console-line", "attach ptr /etc/passwd");
  await page.press("#console-line", "Enter");
  await page.waitForFunction(() => document.getElementById("error").textContent.includes("refused"));

  await shot(page, "hp2100");

  // A damaged tape of the user's is refused by name; NHEX's goes back in and the one-button
  // boot starts NHEX again from its tape.
  await page.setInputFiles("#tape-file", {
    name: "bad.abs", mimeType: "application/octet-stream",
    buffer: Buffer.from([0, 0, 1, 0, 0, 0o100, 0o102, 0o77, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
  });
  await page.waitForFunction(() => document.getElementById("console-log").textContent.includes("the uploaded tape is damaged"));
  await page.click("#tape-nhex");
  await page.waitForFunction(() => document.getElementById("reader-pos").textContent.startsWith("0 / ") && document.getElementById("reader-name").textContent.includes("NHEX"));
  await page.click("#boot-nhex");
  await paperHas(page, "2-KETA NO KAZU O KEY-IN SEYO", 2);
  const log = await page.textContent("#console-log");
  check(log.includes("loader: end of tape; S = 000002, LOAD ADDRESS, PRESET, RUN"), `the second presses: ${log}`);
});

const connected = (page) =>
  page.waitForFunction(() => document.getElementById("status").textContent === "connected");

// Paste `text` on the paper, as a browser's paste event carries it.
const paste = (page, text) =>
  page.$eval("#paper", (p, t) => {
    const data = new DataTransfer();
    data.setData("text/plain", t);
    p.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);

// The console's `examine P`, and its `n`th answer in the console's log.
async function examine(page, n) {
  await page.fill("#console-line", "examine P");
  await page.press("#console-line", "Enter");
  await page.waitForFunction(
    (n) => document.getElementById("console-log").textContent.split(/sim> examine P\nP:\t\d+/).length - 1 >= n, n);
}

// The paper within a few Tab stops; keys for a halted machine bounded, refused in words, and
// the tab going on.
test("hp2100-keys", async ({ page }) => {
  await page.goto(`${base}/hp2100`);
  await connected(page);
  // From the top of the page: Tab to the header's link to the paper, Enter, and type.
  let stops = 0;
  while (stops < 3 && (await page.evaluate(() => document.activeElement.id)) !== "to-paper") {
    await page.keyboard.press("Tab");
    stops += 1;
  }
  check((await page.evaluate(() => document.activeElement.id)) === "to-paper", `the paper's link within 3 Tab stops (${stops})`);
  await page.keyboard.press("Enter");
  check((await page.evaluate(() => document.activeElement.id)) === "paper", "Enter gives the paper the keyboard");
  await page.keyboard.type("AB");
  // The machine is halted and reads nothing: 2000 characters a paste, until the bound.
  // Every error shown from here on is kept, as the page's next message clears the line.
  await page.$eval("#error", (e) => {
    window.errorsShown = [];
    new MutationObserver(() => { if (e.textContent) window.errorsShown.push(e.textContent); })
      .observe(e, { childList: true, characterData: true, subtree: true });
  });
  const chunk = "X".repeat(2000);
  await paste(page, chunk);
  await paste(page, chunk);
  // The session takes a tab's messages in order: once the console has answered, the pastes
  // have been taken.
  await examine(page, 1);
  const shown = await page.evaluate(() => window.errorsShown);
  check(shown.length === 0, `4002 bytes wait: ${shown}`);
  await paste(page, chunk);
  await page.waitForFunction(() => /keys refused: at most 4096 bytes of keys may wait/.test(document.getElementById("error").textContent));
  // The console's send is bounded with them: 4002 bytes wait, and 100 more are too many.
  await page.fill("#console-line", `send "${"H".repeat(100)}"`);
  await page.press("#console-line", "Enter");
  await page.waitForFunction(() => document.getElementById("error").textContent.startsWith("send refused"));
  // The tab lives on: connected, and its console answers.
  await examine(page, 2);
  check((await page.textContent("#status")) === "connected", "the tab still connected");
  await shot(page, "hp2100-keys");
});

// BASIC with one button: prepared by HP's Prepare, READY on the paper, a line run, and a
// program of the period loaded from the list. HP BASIC's `LIST n` lists from line n to the
// end, so listing LANDERPT's last lines (3030, 3035, 9999 END) shows that the whole tape was
// read, at the teleprinter's pace, in a fraction of the time `LIST 10` took (12 s of its
// 6,345 characters at 50 times real time).
test("hp2100-basic", async ({ page }) => {
  if (!hpSoftware) throw new Skip("needs HP's software (../shared/hp2100-software or $HP2100_SOFTWARE_DIR)");
  await page.goto(`${base}/hp2100`);
  await connected(page);
  await page.waitForFunction(() => !document.getElementById("basic-line").hidden);
  const programs = await page.$$eval("#program option", (os) => os.map((o) => o.value));
  check(programs.includes("LANDERPT") && programs.includes("GOLFPT"), `the programs: ${programs}`);
  await page.check("#fast");
  await page.click("#boot-basic");
  await paperHas(page, "READY");
  await type(page, "10 PRINT SQR(2)");
  await type(page, "20 END");
  await type(page, "RUN");
  await paperHas(page, "1.41421");
  await paperHas(page, "READY", 2);
  await page.selectOption("#program", "LANDERPT");
  await page.click("#load-program");
  await paperHas(page, "PTAPE");
  await paperHas(page, "READY", 3);
  await type(page, "LIST 3030");
  await paperHas(page, "READY", 4);
  const paper = await page.textContent("#paper");
  check(/LIST 3030\n3030 .*\n3035 .*\n9999 +END/.test(paper), `the program's last lines listed: ${paper.slice(-400)}`);
  await shot(page, "hp2100-basic");
});

// DOS-M booted on the tab's own disc: the @ prompt, the hint to type, no host path in the
// console, and a boot again and again on the same disc.
test("hp2100-dos", async ({ page }) => {
  if (!dosImage) throw new Skip("needs HP's software for DOS-M's disc with TAM");
  await page.goto(`${base}/hp2100`);
  await connected(page);
  await page.waitForFunction(() => !document.getElementById("dos-line").hidden);
  await page.check("#fast");
  await page.click("#boot-dos");
  await paperHas(page, "@");
  await page.waitForFunction(() => document.getElementById("tty-state").textContent.includes("click the paper"));
  await type(page, ":DATE,8MARCH1975");
  await paperHas(page, "@", 2);
  await page.fill("#console-line", "show dpc");
  await page.press("#console-line", "Enter");
  await page.waitForFunction(() => document.getElementById("console-log").textContent.includes("DOSM.DSK"));
  const log = await page.textContent("#console-log");
  check(!/retro-serve|\/tmp\/|\.dsk/.test(log), `no host path in the console: ${log}`);
  for (let i = 0; i < 5; i++) await page.click("#boot-dos");
  await paperHas(page, "@", 3);
  check((await page.textContent("#error")) === "", `boots again: ${await page.textContent("#error")}`);
  await shot(page, "hp2100-dos");
});
