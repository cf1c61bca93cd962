// The pages' shared script: a tab's socket to its session, and the error line.
"use strict";

// Open the session of page `kind`; `onEvent(ev)` gets each message from the server.
// Returns `send(obj)` for JSON messages and `upload(arrayBuffer)` for files.
function retroConnect(kind, onEvent) {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${proto}//${location.host}/ws/${kind}`);
  ws.binaryType = "arraybuffer";
  const queue = [];
  const errors = document.getElementById("error");
  const status = document.getElementById("status");
  const say = (el, text) => { if (el) el.textContent = text; };
  ws.onopen = () => { say(status, "connected"); while (queue.length) ws.send(queue.shift()); };
  ws.onclose = () => say(status, "disconnected: reload the page for a new session");
  ws.onmessage = (m) => {
    let ev;
    try { ev = JSON.parse(m.data); } catch (e) { say(errors, "a bad message from the server"); return; }
    if (ev.ev === "error") { say(errors, ev.msg); return; }
    if (ev.ev === "ended") { say(status, `ended: ${ev.why}`); return; }
    onEvent(ev);
  };
  // An error stays shown until the page's next message.
  const raw = (data) => {
    say(errors, "");
    if (ws.readyState === WebSocket.OPEN) ws.send(data); else queue.push(data);
  };
  return {
    send: (obj) => raw(JSON.stringify(obj)),
    upload: (buf) => raw(buf),
  };
}

// Save `text` as a file called `name` in the browser.
function retroDownload(name, text) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

// The point of an SVG board clicked at `event`, in the SVG's own units.
function retroSvgPoint(svg, event) {
  const p = svg.createSVGPoint();
  p.x = event.clientX;
  p.y = event.clientY;
  return p.matrixTransform(svg.getScreenCTM().inverse());
}

// A board page (Gomoku, Quoridor): the server's `board` events drawn in #board, #state and
// #record; a click on the board sent as its spot in the SVG's units; Resign; and the record
// downloaded as `file()` gives it ([name, text]) from the last board. Returns the socket's
// `send`.
function retroBoardPage(kind, file) {
  const $ = (id) => document.getElementById(id);
  let last = null;
  const s = retroConnect(kind, (ev) => {
    if (ev.ev !== "board") return;
    last = ev;
    $("board").innerHTML = ev.svg;
    $("state").textContent = ev.status;
    $("record").textContent = ev.record;
    document.body.dataset.over = ev.over;
  });
  $("board").addEventListener("click", (e) => {
    const svg = $("board").querySelector("svg");
    if (!svg) return;
    const p = retroSvgPoint(svg, e);
    s.send({ op: "click", x: p.x, y: p.y });
  });
  $("resign").onclick = () => s.send({ op: "resign" });
  $("download").onclick = () => { if (last) retroDownload(...file(last)); };
  s.send({ op: "show" });
  return s.send;
}
