// Every page at a phone's 360 px and a desktop's 1280 px: a viewport meta tag, and nothing
// wider than the screen (the document scrolls no further than the viewport's width).
import { base, check, newPage, shot, test } from "./lib.mjs";

// What each page shows once it is drawn.
const pages = {
  "/": () => [...document.querySelectorAll("img.picture")].every((i) => i.complete && i.naturalWidth > 0),
  "/hp2100": () => document.querySelector("#board svg") && document.getElementById("status").textContent === "connected",
  "/t3300": () => document.querySelector("#dis tr") && document.getElementById("status").textContent === "connected",
  "/gomoku": () => document.querySelector("#board svg"),
  "/quoridor": () => document.querySelector("#board svg"),
};

test("layout", async ({ browser }) => {
  const wide = [];
  for (const width of [360, 1280]) {
    // One context a width, each page loaded in turn: a context and its renderer cost more to
    // start than a page costs to load, and what is measured is each page's own layout.
    const { context, page, problems } = await newPage(browser, width, 800);
    try {
      for (const [path, drawn] of Object.entries(pages)) {
        await page.goto(`${base}${path}`);
        await page.waitForFunction(drawn);
        check(await page.$("meta[name=viewport]"), `${path}: a viewport meta tag`);
        const m = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          view: document.documentElement.clientWidth,
          inner: window.innerWidth,
        }));
        if (m.scroll !== m.view || m.view !== width) wide.push(`${path} at ${width}: ${JSON.stringify(m)}`);
        if (path === "/hp2100") {
          // The panel shrinks to its box rather than being cut.
          const right = await page.$eval("#panel", (p) => p.getBoundingClientRect().right);
          if (right > width) wide.push(`the panel ends at ${right} of ${width}`);
        }
        check(problems.length === 0, `${path} at ${width}:\n${problems.join("\n")}`);
        await shot(page, `layout-${width}${path.replace(/\//g, "-")}`);
      }
    } finally {
      await context.close();
    }
  }
  check(wide.length === 0, `wider than the screen:\n${wide.join("\n")}`);
});
