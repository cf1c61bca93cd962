// A fair share of the connections, seen from the browser: another client (127.0.0.2) holds
// every connection it can, each with half a header, and opens a new one as soon as one
// closes; meanwhile Chromium (127.0.0.1) loads the index and the HP 2100A page, whose socket
// connects. It runs alone, after the other pages' tests: the other client opens some 16,000
// connections a second, which took the CPU the tests beside it needed (they all took 3 s
// longer).
import net from "node:net";
import { base, check, test } from "./lib.mjs";

// Hold up to `most` connections from `from` to the server until `stop()`; the number opened.
function hog(from, most) {
  const { hostname, port } = new URL(base);
  const held = new Set();
  let opened = 0;
  let closed = 0;
  let stopped = false;
  const open = () => {
    if (stopped || held.size >= most) return;
    const s = net.connect({ host: hostname, port: Number(port), localAddress: from });
    opened += 1;
    held.add(s);
    s.on("connect", () => s.write(`GET / HTTP/1.1\r\nHost: ${hostname}:${port}\r\nX-Wait: `));
    s.on("data", () => {});
    s.on("error", () => {});
    s.on("close", () => { held.delete(s); closed += 1; setTimeout(open, 1); });
  };
  for (let i = 0; i < most; i++) open();
  return {
    held: () => held.size,
    opened: () => opened,
    closed: () => closed,
    stop: () => { stopped = true; for (const s of held) s.destroy(); },
  };
}

test("fair", async ({ page }) => {
  const h = hog("127.0.0.2", 200);
  try {
    // The server has taken its share and closed the rest: the attack is under way.
    while (h.closed() < 200 - 64) await new Promise((r) => setTimeout(r, 5));
    for (let round = 0; round < 3; round++) {
      const r = await page.goto(`${base}/`);
      check(r.status() === 200, `the index answered: ${r.status()}`);
      await page.waitForFunction(() => [...document.querySelectorAll("img.picture")].every((i) => i.complete && i.naturalWidth > 0));
      await page.goto(`${base}/hp2100`);
      await page.waitForFunction(() => document.getElementById("status").textContent === "connected");
    }
    check(h.opened() > 128, `the other client kept trying: ${h.opened()} opened`);
  } finally {
    h.stop();
  }
}, { alone: true });
