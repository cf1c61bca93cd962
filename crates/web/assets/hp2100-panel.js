// The HP 2100A's front panel, drawn after docs/hp2100a.md §1.1 and §4.3: the display
// register's lights with the register select, the flag lights, the switch register and the
// operator's keys. The HP 2100A page drives it (hp2100.js); the index shows it at rest.
"use strict";

// Draw the panel into `slot` (ids as hp2100.js reads them), and keep it within the width of
// its box: it is 720 px wide, and zoomed down on a narrower screen.
function hpPanel(slot) {
  slot.innerHTML = `
  <div id="panel" class="hp-panel off">
    <div class="hp-top">
      <span class="hp-logo">hp</span><span class="hp-model">2100A COMPUTER</span>
      <span class="hp-time" id="seconds" title="2100A time since power on">0.0 s</span>
    </div>
    <div class="hp-row">
      <div class="hp-label-col">DISPLAY<br>REGISTER</div>
      <div id="display" class="hp-bits lamps"></div>
      <div id="display-octal" class="hp-octal" title="the display register in octal">000000</div>
    </div>
    <div class="hp-row hp-select">
      <div class="hp-label-col">DISPLAY<br>SELECT</div>
      <div id="regsel" class="hp-regsel">
        <button data-reg="T" class="active" title="memory data: the word of the last memory cycle">T</button>
        <button data-reg="P" title="program counter">P</button>
        <button data-reg="M" title="memory address (the panel's)">M</button>
        <button data-reg="A" title="A register">A</button>
        <button data-reg="B" title="B register">B</button>
      </div>
      <div class="hp-flags">
        <span class="flag"><span class="lamp" id="lamp-e"></span>EXTEND</span>
        <span class="flag"><span class="lamp" id="lamp-o"></span>OVERFLOW</span>
        <span class="flag"><span class="lamp" id="lamp-ion"></span>INTERRUPT<br>SYSTEM</span>
        <span class="flag"><span class="lamp" id="lamp-run"></span>RUN</span>
        <span class="flag"><span class="lamp red" id="lamp-halt"></span>HALT</span>
      </div>
    </div>
    <div class="hp-row">
      <div class="hp-label-col">SWITCH<br>REGISTER</div>
      <div id="switches" class="hp-bits switches"></div>
      <button id="btn-clear" class="hp-key small" title="all switches down">CLEAR</button>
    </div>
    <div class="hp-row hp-controls">
      <button id="btn-halt" class="hp-key red" title="stop the machine; when halted, one instruction">HALT<br>CYCLE</button>
      <button id="btn-run" class="hp-key green">RUN</button>
      <button id="btn-preset" class="hp-key" title="INTERNAL and EXTERNAL PRESET together">PRESET</button>
      <button id="btn-load-address" class="hp-key">LOAD<br>ADDRESS</button>
      <button id="btn-load-memory" class="hp-key">LOAD<br>MEMORY</button>
      <button id="btn-display-memory" class="hp-key">DISPLAY<br>MEMORY</button>
      <label class="hp-switch" title="unprotect the loader in the top 64 words"><input type="checkbox" id="loader"><span>LOADER<br>ENABLE</span></label>
      <label class="hp-switch power" title="power"><input type="checkbox" id="power" checked><span>POWER</span></label>
    </div>
  </div>`;
  // 16 bits in the 2100A's octal groups: bit 15 alone, then five groups of three.
  const bitRow = (container, make) => {
    for (const g of [[15], [14, 13, 12], [11, 10, 9], [8, 7, 6], [5, 4, 3], [2, 1, 0]]) {
      const div = document.createElement("div");
      div.className = "group";
      for (const bit of g) {
        const cell = document.createElement("div");
        cell.className = "bitcell";
        cell.appendChild(make(bit));
        const num = document.createElement("span");
        num.className = "num";
        num.textContent = bit;
        cell.appendChild(num);
        div.appendChild(cell);
      }
      container.appendChild(div);
    }
  };
  bitRow(slot.querySelector("#display"), (bit) => {
    const l = document.createElement("span");
    l.className = "lamp";
    l.dataset.bit = bit;
    return l;
  });
  bitRow(slot.querySelector("#switches"), (bit) => {
    const b = document.createElement("button");
    b.dataset.bit = bit;
    b.title = `switch ${bit}`;
    b.setAttribute("aria-label", `switch ${bit}`);
    return b;
  });
  const panel = slot.querySelector("#panel");
  const fit = () => {
    panel.style.zoom = "";
    const room = slot.clientWidth;
    const width = panel.offsetWidth;
    if (room > 0 && width > room) panel.style.zoom = String(room / width);
  };
  fit();
  window.addEventListener("resize", fit);
}

// Show `value` in the display register's lights and octal window, with the panel powered.
function hpShow(slot, value, lit) {
  slot.querySelector("#panel").classList.remove("off");
  for (const l of slot.querySelectorAll("#display .lamp")) {
    l.classList.toggle("on", ((value >> Number(l.dataset.bit)) & 1) === 1);
  }
  slot.querySelector("#display-octal").textContent = value.toString(8).padStart(6, "0");
  for (const id of lit) slot.querySelector(`#${id}`).classList.add("on");
}
