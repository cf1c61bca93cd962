// The index: the HP 2100A's panel as its page draws it (hp2100-panel.js), at rest after
// NHEX's tape was read: the loader's halt, T = 102077.
"use strict";
(() => {
  const slot = document.getElementById("panel-slot");
  hpPanel(slot);
  hpShow(slot, 0o102077, ["lamp-halt"]);
})();
