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
  $("marks").onchange = () => send({ op: "forbidden", on: $("marks").checked });
})();
