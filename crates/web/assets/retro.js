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

// The punch's box (#punch-frames, #punch-tail, #punch-download, #punch-tear) of a machine's
// page: `punch` events show the tape's length and last frames in octal, Download asks for the
// whole tape and saves the `punched` answer, Tear off empties it (crates/web/src/pages/
// punch.rs). Returns the page's handler for those two events: true when it took `ev`.
function retroPunch(send) {
  const $ = (id) => document.getElementById(id);
  $("punch-download").onclick = () => send({ op: "punch", what: "download" });
  $("punch-tear").onclick = () => send({ op: "punch", what: "tear" });
  return (ev) => {
    if (ev.ev === "punch") {
      const full = ev.full ? ` — full: the page keeps at most ${ev.bound}; ${ev.lost} more lost` : "";
      $("punch-frames").textContent = ev.frames
        ? `${ev.frames} frames punched${full}` : "no tape punched";
      $("punch-tail").textContent = ev.tail;
      $("punch-frames").classList.toggle("error", ev.full);
      return true;
    }
    if (ev.ev === "punched") {
      const bytes = Uint8Array.from(atob(ev.base64), (c) => c.charCodeAt(0));
      const a = document.createElement("a");
      a.href = URL.createObjectURL(new Blob([bytes], { type: "application/octet-stream" }));
      a.download = ev.name;
      document.body.appendChild(a);
      a.click();
      a.remove();
      return true;
    }
    return false;
  };
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
