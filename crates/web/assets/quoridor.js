// The Quoridor page: a board page (retro.js) with the players and a typed move.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const send = retroBoardPage("quoridor", (b) => ["quoridor.txt",
    `# against ${b.player}; retro quoridor replay quoridor.txt\n${b.record}\n`]);
  $("new").onclick = () => send({ op: "new", side: $("side").value, player: $("player").value });
  // The keyboard's move: typed, played by Enter or Play.
  const play = () => {
    const move = $("move").value.trim();
    if (move) send({ op: "play", move });
    $("move").value = "";
  };
  $("play").onclick = play;
  $("move").addEventListener("keydown", (e) => { if (e.key === "Enter") play(); });
})();
