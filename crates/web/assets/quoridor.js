// The Quoridor page: the board from the server's renderer; a click sends its spot.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  let record = "";
  let player = "";
  const s = retroConnect("quoridor", (ev) => {
    if (ev.ev !== "board") return;
    $("board").innerHTML = ev.svg;
    $("state").textContent = ev.status;
    $("record").textContent = ev.record;
    record = ev.record;
    player = ev.player;
    document.body.dataset.over = ev.over;
    document.body.dataset.moves = ev.record ? ev.record.split(", ").length : 0;
  });
  $("board").addEventListener("click", (e) => {
    const svg = $("board").querySelector("svg");
    if (!svg) return;
    const p = retroSvgPoint(svg, e);
    s.send({ op: "click", x: p.x, y: p.y });
  });
  $("new").onclick = () => s.send({ op: "new", side: $("side").value, player: $("player").value });
  $("play").onclick = () => s.send({ op: "play", move: $("move").value.trim() });
  $("resign").onclick = () => s.send({ op: "resign" });
  $("download").onclick = () => retroDownload("quoridor.txt",
    `# against ${player}; retro quoridor replay quoridor.txt\n${record}\n`);
  s.send({ op: "show" });
})();
