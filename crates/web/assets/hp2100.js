// The HP 2100A page: the front panel, the teletype's paper and keyboard, the photoreader,
// NHEX's board and the sim> console line, over the session of crates/web/src/pages/hp2100/
// (its header lists the messages).
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  let panel = null;
  let shown = "T";

  // ----- the front panel -----

  hpPanel($("panel-slot"));
  for (const b of $("switches").querySelectorAll("button")) {
    b.addEventListener("click", () => {
      const s = (panel ? panel.s : 0) ^ (1 << Number(b.dataset.bit));
      setSwitches(s);
    });
  }

  function setSwitches(s) {
    if (panel) panel.s = s;
    conn.send({ op: "switches", value: s });
    drawSwitches(s);
  }

  function drawSwitches(s) {
    for (const b of $("switches").querySelectorAll("button")) {
      b.classList.toggle("up", ((s >> Number(b.dataset.bit)) & 1) === 1);
    }
  }

  const octal = (v, n) => v.toString(8).padStart(n, "0");

  function drawPanel() {
    if (!panel) return;
    const value = { T: panel.t, P: panel.p, M: panel.m, A: panel.a, B: panel.b }[shown];
    for (const l of $("display").querySelectorAll(".lamp")) {
      l.classList.toggle("on", ((value >> Number(l.dataset.bit)) & 1) === 1);
    }
    $("display-octal").textContent = octal(value, 6);
    $("display-octal").dataset.value = value;
    for (const b of $("regsel").querySelectorAll("button")) {
      b.classList.toggle("active", b.dataset.reg === shown);
    }
    const lamp = (id, on) => $(id).classList.toggle("on", !!on);
    lamp("lamp-e", panel.e);
    lamp("lamp-o", panel.o);
    lamp("lamp-ion", panel.ion);
    lamp("lamp-run", panel.run);
    lamp("lamp-halt", !panel.run);
    drawSwitches(panel.s);
    $("panel").classList.toggle("off", !panel.power);
    $("panel").dataset.run = panel.run ? (panel.waiting ? "waiting" : "running") : "halted";
    $("loader").checked = panel.loader;
    $("dos-line").hidden = !panel.dos;
    $("power").checked = panel.power;
    $("fast").checked = panel.fast;
    $("seconds").textContent = `${panel.seconds.toFixed(1)} s`;
    $("tty-state").textContent = panel.waiting || panel.listening
      ? "(waiting for the keyboard: click the paper and type)" : "";
  }

  for (const b of $("regsel").querySelectorAll("button")) {
    b.addEventListener("click", () => { shown = b.dataset.reg; drawPanel(); });
  }
  const buttons = {
    "btn-halt": "halt", "btn-run": "run", "btn-preset": "preset",
    "btn-load-address": "load_address", "btn-load-memory": "load_memory",
    "btn-display-memory": "display_memory",
  };
  for (const [id, button] of Object.entries(buttons)) {
    $(id).addEventListener("click", () => conn.send({ op: "press", button }));
  }
  $("btn-clear").addEventListener("click", () => setSwitches(0));
  $("loader").addEventListener("change", (e) => conn.send({ op: "loader", on: e.target.checked }));
  $("power").addEventListener("change", (e) => conn.send({ op: "power", on: e.target.checked }));
  $("fast").addEventListener("change", (e) => conn.send({ op: "speed", fast: e.target.checked }));
  $("boot-nhex").addEventListener("click", () => conn.send({ op: "boot" }));
  $("boot-dos").addEventListener("click", () => conn.send({ op: "boot_dos" }));
  $("boot-basic").addEventListener("click", () => conn.send({ op: "basic" }));
  $("load-program").addEventListener("click", () => conn.send({ op: "program", name: $("program").value }));
  // The header's link to the paper gives it the keyboard.
  $("to-paper").addEventListener("click", (e) => { e.preventDefault(); $("paper").focus(); });

  // ----- the paper roll: CR returns the carriage, LF feeds, 72 columns -----

  const WIDTH = 72;
  const roll = { lines: [""], col: 0 };

  function strike(ch) {
    const code = ch.charCodeAt(0) & 0x7f;
    let line = roll.lines[roll.lines.length - 1];
    if (code === 13) { roll.col = 0; return; }
    if (code === 10) {
      roll.lines.push(" ".repeat(roll.col));
      if (roll.lines.length > 5000) roll.lines.splice(0, 1000);
      return;
    }
    if (code === 8) { roll.col = Math.max(0, roll.col - 1); return; }
    if (code < 32 || code === 127) return;
    if (line.length < roll.col) line = line.padEnd(roll.col, " ");
    const c = String.fromCharCode(code).toUpperCase();
    if (c !== " " || line[roll.col] === undefined || line[roll.col] === " ") {
      line = line.slice(0, roll.col) + c + line.slice(roll.col + 1);
    }
    roll.lines[roll.lines.length - 1] = line;
    if (roll.col < WIDTH - 1) roll.col += 1;
  }

  function drawPaper() {
    const p = $("paper");
    const atEnd = p.scrollTop + p.clientHeight >= p.scrollHeight - 30;
    const last = roll.lines[roll.lines.length - 1].padEnd(roll.col + 1, " ");
    p.textContent = roll.lines.slice(0, -1).map((l) => l.trimEnd()).join("\n") + (roll.lines.length > 1 ? "\n" : "");
    p.appendChild(document.createTextNode(last.slice(0, roll.col)));
    const cur = document.createElement("span");
    cur.className = "cursor";
    cur.textContent = last[roll.col];
    p.appendChild(cur);
    p.appendChild(document.createTextNode(last.slice(roll.col + 1).trimEnd()));
    if (atEnd) p.scrollTop = p.scrollHeight;
  }

  // The keyboard goes to the teletype while the paper has the focus.
  $("paper").addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    let text = null;
    if (e.key === "Enter") text = "\r";
    else if (e.key === "Backspace" || e.key === "Delete") text = "\x7f";
    else if (e.key.length === 1) text = e.key;
    if (text === null) return;
    e.preventDefault();
    conn.send({ op: "key", text });
  });
  $("paper").addEventListener("paste", (e) => {
    e.preventDefault();
    const text = (e.clipboardData.getData("text") || "").replace(/\r?\n/g, "\r");
    if (text) conn.send({ op: "key", text: text.slice(0, 2000) });
  });

  // ----- the photoreader -----

  $("tape-nhex").addEventListener("click", () => conn.send({ op: "tape", name: "nhex" }));
  $("tape-file").addEventListener("change", async (e) => {
    const f = e.target.files[0];
    if (!f) return;
    conn.upload(await f.arrayBuffer());
    e.target.value = "";
  });

  // ----- the console line -----

  const history = [];
  let recall = 0;
  function consoleText(text) {
    const log = $("console-log");
    log.textContent += text;
    if (log.textContent.length > 200000) log.textContent = log.textContent.slice(-150000);
    log.scrollTop = log.scrollHeight;
  }
  $("console-line").addEventListener("keydown", (e) => {
    const input = e.target;
    if (e.key === "Enter") {
      const line = input.value;
      input.value = "";
      if (line.trim()) history.push(line);
      recall = history.length;
      conn.send({ op: "console", line });
    } else if (e.key === "ArrowUp" && recall > 0) {
      input.value = history[--recall];
      e.preventDefault();
    } else if (e.key === "ArrowDown" && recall < history.length) {
      recall += 1;
      input.value = history[recall] || "";
      e.preventDefault();
    }
  });

  // ----- the session -----

  let punch = null;
  function onEvent(ev) {
    if (punch && punch(ev)) return;
    switch (ev.ev) {
      case "panel":
        panel = ev;
        drawPanel();
        break;
      case "paper":
        if (ev.fresh) { roll.lines = [""]; roll.col = 0; }
        for (const ch of ev.text) strike(ch);
        drawPaper();
        break;
      case "board":
        $("board").innerHTML = ev.svg;
        $("board").dataset.moves = ev.moves;
        break;
      case "tape": {
        $("reader-name").textContent = ev.name;
        $("reader-pos").textContent = `${ev.read} / ${ev.frames} frames read`;
        $("tape-read").style.width = ev.frames ? `${(100 * ev.read) / ev.frames}%` : "0";
        break;
      }
      case "console":
        consoleText(ev.text);
        break;
      case "stopped":
        $("tty-state").textContent = `(halted: ${ev.why})`;
        break;
      case "basic": {
        $("basic-line").hidden = !ev.ready;
        const list = $("program");
        list.textContent = "";
        for (const name of ev.programs) {
          const o = document.createElement("option");
          o.value = o.textContent = name;
          list.appendChild(o);
        }
        $("load-program").disabled = ev.programs.length === 0;
        break;
      }
      default:
        break;
    }
  }

  const conn = retroConnect("hp2100", onEvent);
  punch = retroPunch(conn.send);
  conn.send({ op: "hello" });
  drawPaper();
})();
