// The T3300-R page: the L-game classifier in the debugger (crates/web/src/pages/t3300.rs
// holds the session and its protocol).
"use strict";

const $ = (id) => document.getElementById(id);
let lastRegs = {};
let running = false;

const session = retroConnect("t3300", onEvent);
const punch = retroPunch(session.send);
session.send({ op: "state" });

function onEvent(ev) {
  if (punch(ev)) return;
  switch (ev.ev) {
    case "state": return showState(ev);
    case "out":
      if (ev.text.startsWith("sim> ")) $("why").textContent = "";
      return say(ev.text);
    case "paper": return typewriter(ev);
    case "stopped": $("why").textContent = ev.why; return;
    case "done": return showReport(ev);
  }
}

// The console's transcript, kept to its last 2000 lines.
function say(text) {
  if (!text) return;
  const pre = $("console");
  pre.textContent += text;
  const lines = pre.textContent.split("\n");
  if (lines.length > 2000) pre.textContent = lines.slice(-2000).join("\n");
  pre.scrollTop = pre.scrollHeight;
}

function typewriter(ev) {
  const pre = $("paper");
  if (ev.clear) pre.textContent = "";
  pre.textContent += ev.text;
  pre.scrollTop = pre.scrollHeight;
}

function cell(tr, text, cls) {
  const td = document.createElement("td");
  td.textContent = text;
  if (cls) td.className = cls;
  tr.appendChild(td);
  return td;
}

function showState(s) {
  running = s.running;
  for (const id of ["step", "next", "back", "run", "reset", "break", "line"]) $(id).disabled = running;
  $("stop").disabled = !running;
  $("speed").value = s.speed;
  $("p").textContent = s.p;
  $("place").textContent = s.place;
  if (running) $("why").textContent = "running";

  const dis = $("dis").tBodies[0];
  dis.replaceChildren();
  for (const l of s.dis) {
    const tr = document.createElement("tr");
    if (l.here) tr.className = "here";
    if (l.bp) tr.classList.add("bp");
    const a = cell(tr, l.addr, "addr");
    a.title = l.bp ? "remove the breakpoint" : "set a breakpoint";
    a.addEventListener("click", () => {
      if (!running) session.send({ op: l.bp ? "delete" : "break", at: l.addr });
    });
    cell(tr, l.word, "word");
    cell(tr, l.label, "label");
    cell(tr, (l.here ? "=> " : "   ") + l.text, "text");
    dis.appendChild(tr);
  }

  const regs = $("regs").tBodies[0];
  regs.replaceChildren();
  const now = {};
  for (const r of s.regs) {
    now[r.name] = r.value;
    const tr = document.createElement("tr");
    tr.dataset.reg = r.name;
    if (lastRegs[r.name] !== undefined && lastRegs[r.name] !== r.value) tr.className = "changed";
    cell(tr, r.name, "name");
    cell(tr, r.value, "value");
    regs.appendChild(tr);
  }
  lastRegs = now;
  $("counts").textContent =
    `${s.instructions} instructions\n${s.cycles} cycles\n${s.seconds.toFixed(3)} s of machine time`;

  const breaks = $("breaks");
  breaks.replaceChildren();
  for (const b of s.breaks) {
    const li = document.createElement("li");
    li.textContent = `${b.addr} ${b.label} `;
    const del = document.createElement("button");
    del.textContent = "×";
    del.title = "delete";
    del.disabled = running;
    del.addEventListener("click", () => session.send({ op: "delete", at: b.addr }));
    li.appendChild(del);
    breaks.appendChild(li);
  }
  if (!s.breaks.length) breaks.innerHTML = "<li>none</li>";

  showTable(s.table, s.done);
}

// The table of §9 as the program has filled it; `done` marks a row that differs from the paper.
function showTable(t, done) {
  const body = $("table").tBodies[0];
  body.replaceChildren();
  const mark = (ours, paper) => (done && paper !== null && ours !== paper ? "differs" : "");
  for (const r of t.rows) {
    const tr = document.createElement("tr");
    cell(tr, r.i);
    // A level's count is known once its pass is over: B at extension 2i+1, F at 2i+2.
    const known = (n, ext) => (n || done || t.ext > ext ? n : "·");
    cell(tr, known(r.bbar, 2 * r.i + 1), mark(r.bbar, r.paper_bbar));
    cell(tr, r.paper_bbar ?? "-", "paper");
    cell(tr, known(r.fbar, 2 * r.i + 2), mark(r.fbar, r.paper_fbar));
    cell(tr, r.paper_fbar ?? "-", "paper");
    body.appendChild(tr);
  }
  const foot = $("table").tFoot;
  foot.replaceChildren();
  for (const k of ["b", "f", "u"]) {
    const tr = document.createElement("tr");
    cell(tr, k.toUpperCase());
    cell(tr, t[k], done && t[k] !== t.paper[k] ? "differs" : "");
    cell(tr, t.paper[k], "paper");
    foot.appendChild(tr);
  }
  $("pass").textContent = t.ext
    ? `extension ${t.ext} (level ${t.lev}, finds ${t.ext % 2 ? "B" : "F"}bar_${t.lev}); its counts +nb+ ${t.nb}, +nf+ ${t.nf}`
    : "no extension yet";
}

function showReport(ev) {
  $("report").textContent = ev.report;
  $("report-box").hidden = false;
}

$("step").addEventListener("click", () => session.send({ op: "step" }));
$("next").addEventListener("click", () => session.send({ op: "next" }));
$("back").addEventListener("click", () => session.send({ op: "back" }));
$("run").addEventListener("click", () => session.send({ op: "run" }));
$("stop").addEventListener("click", () => session.send({ op: "stop" }));
$("reset").addEventListener("click", () => {
  $("report-box").hidden = true;
  session.send({ op: "reset" });
});
$("speed").addEventListener("change", () => session.send({ op: "speed", speed: $("speed").value }));
const setBreak = () => {
  const at = $("at").value.trim();
  if (at) session.send({ op: "break", at });
};
$("break").addEventListener("click", setBreak);
$("at").addEventListener("keydown", (e) => { if (e.key === "Enter") setBreak(); });

// The sim> line: Enter sends it (an empty line repeats the last step); arrows recall lines.
const history = [];
let recall = 0;
$("line").addEventListener("keydown", (e) => {
  const input = $("line");
  if (e.key === "Enter") {
    const line = input.value;
    if (line.trim()) history.push(line);
    recall = history.length;
    input.value = "";
    session.send({ op: "console", line });
  } else if (e.key === "ArrowUp" && recall > 0) {
    input.value = history[--recall];
    e.preventDefault();
  } else if (e.key === "ArrowDown" && recall < history.length) {
    recall += 1;
    input.value = history[recall] ?? "";
    e.preventDefault();
  }
});
