//! The HP 2100A page: the front panel as the operator saw it, the teletype's paper roll and
//! keyboard, the photoreader with NHEX's tape (or one the page uploads), NHEX's board beside
//! the paper, and a `sim>` console line on the same console as `retro hp2100`
//! (`hp2100::scp::Console`).
//!
//! Sources: `docs/hp2100a.md` §1.1 (the registers the display shows, the power-on state) and
//! §4.3 (the operator's boot: S = 037700, LOAD ADDRESS, LOADER ENABLE, PRESET, RUN; the
//! loader halts with 102077; S = 000002, LOAD ADDRESS, PRESET, RUN); crate `hp2100`'s
//! `panel.rs` (the buttons), `io/tty.rs` (a key wanted when none is typed stops the run) and
//! `scp` (the console); crate `nhex-hp2100` (the tape and its start address 2); crate
//! `nhex`'s `log` and `render::svg` (the board, read from the paper as `retro hex play
//! --board` reads it).
//!
//! Files: [`panel`] the panel's switches, buttons and lights; [`console`] the `sim>` line;
//! [`paper`] the paper, the board and the console's output; [`run`] the machine's run; this
//! file the session and the message protocol:
//!
//! | op (page → server) | fields | what it does |
//! |---|---|---|
//! | `hello` | | everything the page shows, afresh |
//! | `switches` | `value` 0-177777 | the switch register |
//! | `press` | `button`: `halt`, `run`, `preset`, `load_address`, `load_memory`, `display_memory` | a panel button (HALT is HALT/CYCLE: halted, it steps one instruction) |
//! | `loader` | `on` | the LOADER ENABLE switch |
//! | `power` | `on` | the POWER switch |
//! | `speed` | `fast` | real time, or up to `Limits::max_speed` |
//! | `key` | `text` | keys struck on the teletype's keyboard |
//! | `tape` | `name`: `nhex` | NHEX's tape in the reader, leader under the head |
//! | `boot` | | NHEX booted with one button: the operator's presses, made for them |
//! | `boot_dos` | | DOS-M booted from the tab's copy of the server's disc (note 8) |
//! | `basic` | | HP BASIC prepared by HP's Prepare and booted (note 9, `basic.rs`) |
//! | `program` | `name`: one of the `basic` event's `programs` | the program's tape in the reader and `PTAPE` typed, under BASIC |
//! | `console` | `line` | a `sim>` command |
//! | `punch` | `what`: `download`, `tear` | the punched tape (`pages::punch`) |
//! | (binary) | the tape's bytes | an uploaded tape in the reader |
//!
//! | ev (server → page) | fields |
//! |---|---|
//! | `panel` | `a b p t m s` (numbers), `e o ion run waiting power loader fast dos` (booleans), `seconds` (2100A time) |
//! | `paper` | `text`: the characters printed since the last (CR, LF as printed); `fresh`: the whole roll, from the start |
//! | `board` | `svg` (`nhex::render::svg`), `moves` (the game's moves so far) |
//! | `tape` | `name`, `frames` (the tape's length), `read` (frames read) |
//! | `basic` | `ready` (the server has HP BASIC), `programs` (the names of HP's BASIC programs it has) |
//! | `console` | `text`: the console's output |
//! | `punch`, `punched` | the punched tape, bounded by `Limits::tape_bytes` (`pages::punch`) |
//! | `stopped` | `why`: the run's stop in words |
//! | `error`, `ended` | the framework's (`crate::tab`) |
//!
//! Implementation notes:
//!
//! 1. A run is ticked (crate note 4): each frame runs the emulated time of the frame's wall
//!    time, or `Limits::max_speed` times it when fast, so the teletype prints its ten
//!    characters a second by itself and the reader its 500 frames.
//! 2. When the program wants a key and none is typed the machine stops with
//!    `Stop::InputExhausted`; the page shows the machine as running and waiting for the
//!    keyboard, and the run goes on when a key comes. Emulated time does not pass meanwhile.
//! 3. The loader lives in the protected top 64 words from the start, as the 2100A's loader
//!    was core the operator filled once (`hp2100::boot_ptr` installs it so too).
//! 4. One-button boot (`boot`) makes the operator's presses of `docs/hp2100a.md` §4.3 and
//!    runs at the page's speed; when the loader halts with 102077 it makes the second set of
//!    presses (S = 000002, LOAD ADDRESS, PRESET, RUN), as `retro hex play` does.
//! 5. POWER off stops the machine (a running program gets its power-fail warning and hold-up
//!    time, `hp2100::io::pwr`); POWER on is a cold start with core kept and no auto-restart
//!    interrupt, the restart switch set off (the console's `power up` keeps the restart).
//! 6. An uploaded tape must parse as an absolute binary tape; a damaged one is refused with
//!    the tape format's own words for the damage, before the loader could halt on it.
//! 7. A refused op or command is also written on the console's output, as SIMH's console
//!    prints its errors: the page's error line is cleared by the next event, which comes
//!    within a frame while the machine runs.
//! 8. `boot_dos` boots DOS-M when the server has the disc image with TAM that `retro hex play
//!    --dos` made (`nhex_hp2100::dos::default_image`), with HP's tapes from the default folder
//!    (`hp2100_software::Folder::find`). The session runs on its own copy of the image, made
//!    at its first boot in the server's private folder (`crate::discs`) and booted again at
//!    each later one, so that pressing Boot DOS-M again and again writes no more; the copy is
//!    removed with the session. The page never sees a host path (`paper.rs` note 6). The
//!    teletype types a LINE FEED after each RETURN (`set tty autolf`),
//!    as DOS-M's driver ends a line at LINE FEED. DOS-M's driver listens between its reads, so
//!    the keyboard is kept open (`Console::set_keyboard_open`): DOS-M runs on while nothing is
//!    typed, as it did, instead of the run stopping for the keyboard (note 2). The page shows
//!    the button only when the server has the image (`dos` in the `panel` event).
//! 9. `basic` prepares HP BASIC with HP's Prepare, as `retro hp2100 basic` does
//!    (`hp2100_software::basic::configured`, once a process), puts the configured tape in the
//!    reader and boots it with one button, starting at 100: BASIC prints `READY`. The
//!    programs of HP's folder (`basic/programs/*.txt`) are offered by name, and a page names
//!    one of those names, never a path (crate note 2).
//! 10. Keys waiting for the machine, typed on the page or queued by the console's `send`
//!     and `expect`, are bounded by `Limits::keys_bytes` (`keys.rs`): past it they are
//!     refused with a message and the session goes on.
//! 11. Each boot starts the teletype as NHEX and BASIC want it: no LINE FEED typed after a
//!     RETURN, and a machine that waits for a key with none typed stops (note 2); DOS-M's
//!     boot then sets its own (note 8).

mod basic;
mod console;
mod keys;
mod panel;
mod paper;
mod run;
#[cfg(test)]
mod tests;

use super::punch::Punched;
use crate::discs::{Disc, Discs};
use crate::limits::Limits;
use crate::tab::{op, string, Env, Outbox, Session};
use hp2100::scp::Console;
use machine_core::scp::Simulator;
use paper::{PageOut, Roll};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;

/// Where NHEX starts (`nhex_hp2100::tape::START`).
const NHEX_START: u16 = nhex_hp2100::tape::START;

/// What the machine is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Run {
    Halted,
    Running,
    /// Running, but the program waits for a key (note 2).
    Keyboard,
}

/// A tab's HP 2100A.
pub struct Hp2100 {
    console: Console<PageOut>,
    out: PageOut,
    run: Run,
    fast: bool,
    /// The panel's memory address register (`panel.rs`).
    m: u16,
    /// One-button boot: where to start once the loader has halted at the end of tape.
    autostart: Option<u16>,
    roll: Roll,
    tape_name: String,
    limits: Limits,
    /// The last panel sent, so an unchanged panel is not sent again.
    last_panel: Value,
    /// The reader's (frames read, tape length) last sent; `None` before the first.
    last_read: Option<(usize, usize)>,
    /// The punch's tape, taken out of the machine at every frame (`pages::punch`).
    punched: Punched,
    /// The server's DOS-M disc with TAM (note 8), the folder of the tabs' discs, and this
    /// tab's copy, made at the first boot of DOS-M.
    dos_image: std::path::PathBuf,
    discs: Option<Arc<Discs>>,
    dos_disc: Option<Disc>,
    /// HP BASIC and its programs (note 9).
    basic: basic::Basic,
    /// The keys waiting for the machine, bounded (`keys.rs`).
    typeahead: keys::Typeahead,
}

/// A new session: a powered 16K 2100A with the loader in core and NHEX's tape in the reader.
pub fn open(env: &Env) -> Box<dyn Session> {
    Box::new(Hp2100::new(env.limits.clone(), env.discs.clone()))
}

impl Hp2100 {
    fn new(limits: Limits, discs: Option<Arc<Discs>>) -> Hp2100 {
        let out = PageOut::default();
        let mut console = Console::new(out.clone());
        // A network reaches this console: no host shell (`!`).
        console.forbid_host_commands();
        console.machine.install_loader(&hp2100::bbl_words());
        console
            .machine
            .cards
            .ptr
            .load(nhex_hp2100::rom::TAPE.to_vec());
        Hp2100 {
            console,
            out,
            run: Run::Halted,
            fast: false,
            m: 0,
            autostart: None,
            roll: Roll::default(),
            tape_name: "NHEX (roms/nhex.abs)".into(),
            punched: Punched::new(limits.tape_bytes, "hp2100-punch.abs"),
            typeahead: keys::Typeahead::new(limits.keys_bytes),
            limits,
            last_panel: Value::Null,
            last_read: None,
            dos_image: nhex_hp2100::dos::default_image(),
            discs,
            dos_disc: None,
            basic: basic::Basic::find(),
        }
    }

    /// An uploaded tape into the reader, unless it is too long or damaged (note 6).
    fn take_tape(&mut self, bytes: &[u8], out: &mut Outbox) -> Result<(), String> {
        if bytes.len() > self.limits.upload_bytes {
            return Err(format!(
                "a tape is at most {} bytes; this one has {}",
                self.limits.upload_bytes,
                bytes.len()
            ));
        }
        let records = hp2100_isa::tape::parse(bytes).map_err(|e| {
            format!("the uploaded tape is damaged: {e}; it is not put in the reader")
        })?;
        let name = format!(
            "uploaded tape ({} bytes, {} records)",
            bytes.len(),
            records.len()
        );
        self.load_tape(name, bytes.to_vec(), out);
        Ok(())
    }

    /// A tape in the reader.
    fn load_tape(&mut self, name: String, bytes: Vec<u8>, out: &mut Outbox) {
        self.console.machine.cards.ptr.load(bytes);
        self.tape_name = name;
        self.send_tape(out);
    }

    fn send_tape(&mut self, out: &mut Outbox) {
        let r = &self.console.machine.cards.ptr;
        let (read, frames) = (r.position(), r.tape().map_or(0, <[u8]>::len));
        let name = if r.loaded() {
            self.tape_name.as_str()
        } else {
            "no tape"
        };
        out.send(json!({"ev": "tape", "name": name, "frames": frames, "read": read}));
        self.last_read = Some((read, frames));
    }

    /// What changed since the last frame: paper, board, console output, panel, reader.
    fn frame(&mut self, out: &mut Outbox) {
        let printed = self.console.tty().host.printed();
        if let Some(text) = self.roll.take_new(printed) {
            out.send(json!({"ev": "paper", "text": text}));
        }
        if self.console.tty().host.printed().len() > paper::PRINTED_MAX {
            self.console.forget_paper();
            self.roll.transcript_forgotten();
        }
        if let Some(board) = self.roll.board_if_changed() {
            out.send(board);
        }
        let text = self.out.take();
        if !text.is_empty() {
            out.send(json!({"ev": "console", "text": text}));
        }
        let panel = self.panel();
        if panel != self.last_panel {
            self.last_panel = panel.clone();
            out.send(panel);
        }
        let r = &self.console.machine.cards.ptr;
        if Some((r.position(), r.tape().map_or(0, <[u8]>::len))) != self.last_read {
            self.send_tape(out);
        }
        self.punch(out);
    }

    /// The frames punched since the last frame, into the page's bounded tape; a run that
    /// punches past the bound is stopped (`pages::punch` notes 1 and 2).
    fn punch(&mut self, out: &mut Outbox) {
        let frames = self.console.machine.cards.ptp.take_tape();
        if self.punched.take(&frames) && self.run != Run::Halted {
            self.run = Run::Halted;
            self.autostart = None;
            let why = self.punched.why();
            self.say(&why);
            out.send(json!({"ev": "stopped", "why": why}));
        }
        if let Some(ev) = self.punched.event_if_changed() {
            out.send(ev);
        }
    }

    /// Everything the page shows, afresh (`hello`).
    fn everything(&mut self, out: &mut Outbox) {
        self.last_panel = Value::Null;
        let paper = self.roll.all();
        out.send(json!({"ev": "paper", "text": paper, "fresh": true}));
        out.send(self.roll.board());
        let banner = machine_core::scp::banner(self.console.machine.sim_name());
        out.send(json!({"ev": "console", "text": format!(
            "{}\n(the page's console: commands that open host files are refused)\n",
            banner.replace(", exit ends", "")
        )}));
        self.send_tape(out);
        out.send(self.punched.event());
        out.send(self.basic.event());
    }
}

impl Session for Hp2100 {
    fn message(&mut self, msg: &Value, out: &mut Outbox) -> Result<(), String> {
        let r = match op(msg)? {
            "hello" => {
                self.everything(out);
                Ok(())
            }
            "switches" | "press" | "loader" | "power" => self.panel_op(msg, out),
            "speed" => {
                self.fast = flag(msg, "fast")?;
                Ok(())
            }
            "key" => {
                let text = string(msg, "text")?;
                self.typeahead.take(&self.console, text.len(), "keys")?;
                self.keys(text);
                Ok(())
            }
            "tape" => match string(msg, "name")? {
                "nhex" => {
                    let tape = nhex_hp2100::rom::TAPE.to_vec();
                    self.load_tape("NHEX (roms/nhex.abs)".into(), tape, out);
                    Ok(())
                }
                other => Err(format!("tape: no built-in tape {other:?} (nhex)")),
            },
            "boot" => self.boot(Some(NHEX_START)),
            "boot_dos" => self.boot_dos(),
            "basic" => self.boot_basic(out),
            "program" => self.program(string(msg, "name")?, out),
            "punch" => self.punched.message(msg, out),
            "console" => {
                let line = string(msg, "line")?.to_string();
                self.console_line(&line, out)
            }
            other => Err(format!("unknown op {other:?}")),
        };
        // The error stays in the console's output too (note 7); what the op changed is shown
        // whether or not it failed part way. Neither shows a host path (note 8).
        let r = r.map_err(|e| self.out.scrub(&e));
        if let Err(e) = &r {
            self.say(e);
        }
        self.frame(out);
        r
    }

    fn upload(&mut self, bytes: &[u8], out: &mut Outbox) -> Result<(), String> {
        let r = self.take_tape(bytes, out);
        if let Err(e) = &r {
            self.say(e);
        }
        self.frame(out);
        r
    }

    fn running(&self) -> bool {
        self.run == Run::Running
    }

    fn tick(&mut self, wall: Duration, out: &mut Outbox) {
        if self.run != Run::Running {
            return;
        }
        let speed = if self.fast {
            self.limits.max_speed
        } else {
            1.0
        };
        let ns = (wall.as_secs_f64() * speed * 1e9) as u64;
        self.run_for(ns, out);
        self.frame(out);
    }
}

/// A field of a message, as a boolean.
fn flag(msg: &Value, field: &str) -> Result<bool, String> {
    msg.get(field)
        .and_then(Value::as_bool)
        .ok_or_else(|| format!("\"{field}\" must be true or false"))
}
