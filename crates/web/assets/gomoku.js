// The Gomoku page: a board page (retro.js) with the game's choices and the forbidden marks.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const send = retroBoardPage("gomoku", (b) => ["gomoku.txt",
    `# retro gomoku show --rule ${b.rule} $(grep -v '^#' gomoku.txt)\n${b.record}\n`]);
  $("new").onclick = () => send({
    op: "new", colour: $("colour").value, opening: $("opening").value.trim() || "free",
    rule: $("rule").value, engine: $("engine").value,
  });
  // The keyboard's move: a point typed, played by Enter or Play.
  const play = () => {
    const point = $("point").value.trim();
    if (point) send({ op: "play", point });
    $("point").value = "";
  };
  $("play").onclick = play;
  $("point").addEventListener("keydown", (e) => { if (e.key === "Enter") play(); });
  $("marks").onchange = () => send({ op: "forbidden", on: $("marks").checked });
})();
