// The Quoridor page: a board page (retro.js) with the players and a typed move.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const send = retroBoardPage("quoridor", (b) => ["quoridor.txt",
    `# against ${b.player}; retro quoridor replay quoridor.txt\n${b.record}\n`]);
  $("new").onclick = () => send({ op: "new", side: $("side").value, player: $("player").value });
  $("play").onclick = () => send({ op: "play", move: $("move").value.trim() });
})();
