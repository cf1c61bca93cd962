// The Gomoku page: the board from the server's renderer; a click sends its spot.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  let record = "";
  let rule = "1993";
  const s = retroConnect("gomoku", (ev) => {
    if (ev.ev !== "board") return;
    $("board").innerHTML = ev.svg;
    $("state").textContent = ev.status;
    $("record").textContent = ev.record;
    record = ev.record;
    rule = ev.rule;
    document.body.dataset.over = ev.over;
    document.body.dataset.moves = ev.record ? ev.record.split(" ").length : 0;
  });
  $("board").addEventListener("click", (e) => {
    const svg = $("board").querySelector("svg");
    if (!svg) return;
    const p = retroSvgPoint(svg, e);
    s.send({ op: "click", x: p.x, y: p.y });
  });
  $("new").onclick = () => s.send({
    op: "new", colour: $("colour").value, opening: $("opening").value.trim() || "free",
    rule: $("rule").value, engine: $("engine").value,
  });
  $("marks").onchange = () => s.send({ op: "forbidden", on: $("marks").checked });
  $("resign").onclick = () => s.send({ op: "resign" });
  $("download").onclick = () => retroDownload("gomoku.txt",
    `# retro gomoku show --rule ${rule} $(grep -v '^#' gomoku.txt)\n${record}\n`);
  s.send({ op: "show" });
})();
