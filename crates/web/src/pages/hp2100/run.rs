//! The page's run of the machine: ticked at real time or fast, stopped by a halt, HALT, the
//! end of the tape or a program waiting for a key (module notes 1, 2 and 4 of the page).
//!
//! Sources: `docs/hp2100a.md` §4.3 (the boot's presses and the loader's halt 102077),
//! `hp2100::bbl_halt` (the loader's other halts in words), `hp2100`'s `io/tty.rs` note 2 and
//! `io/ptr.rs` note 1 (`Stop::InputExhausted` from the keyboard or the reader).

use super::{Hp2100, Run, NHEX_START};
use crate::tab::Outbox;
use hp2100::panel::Limit;
use hp2100::Stop;
use hp2100_software::dosm::boot_commands;
use serde_json::json;

impl Hp2100 {
    /// Run for `ns` of emulated time (note 1), the paper going to the roll only.
    pub(super) fn run_for(&mut self, ns: u64, out: &mut Outbox) {
        self.out.quiet(true);
        let stop = self.console.machine.run(Limit {
            time_ns: Some(ns.max(1)),
            ..Limit::NONE
        });
        self.out.quiet(false);
        self.stopped(stop, out);
    }

    /// What a run's stop leaves the page doing.
    pub(super) fn stopped(&mut self, stop: Stop, out: &mut Outbox) {
        let m = &mut self.console.machine;
        match stop {
            Stop::RunLimit { .. } => {}
            Stop::InputExhausted { .. } if m.cards.tty.listening() => self.run = Run::Keyboard,
            Stop::Halt {
                code: 0o102077, at, ..
            } if self.autostart.is_some() && at >= u32::from(m.loader_base()) => {
                // Note 4: the loader is done; the operator's second set of presses.
                let start = self.autostart.take().unwrap_or(NHEX_START);
                m.s = start;
                m.load_address();
                m.preset();
                self.m = start;
                self.say(&format!(
                    "loader: end of tape; S = {start:06o}, LOAD ADDRESS, PRESET, RUN"
                ));
            }
            s => {
                self.run = Run::Halted;
                self.autostart = None;
                let why = match s {
                    Stop::InputExhausted { p } => {
                        format!("the tape in the reader ran out at P: {p:05o}")
                    }
                    s => s.to_string(),
                };
                let mut text = why.clone();
                if let Some(w) = hp2100::bbl_halt::words(s, m) {
                    text.push('\n');
                    text.push_str(&w);
                }
                self.say(&text);
                out.send(json!({"ev": "stopped", "why": why}));
            }
        }
    }

    /// A line on the console's output, as the console reports a stop.
    pub(super) fn say(&mut self, text: &str) {
        self.out.line(text);
    }

    /// Start running from P (RUN).
    pub(super) fn start(&mut self) -> Result<(), String> {
        self.powered()?;
        if self.run != Run::Halted {
            return Err("RUN: the machine is running already".into());
        }
        self.run = Run::Running;
        Ok(())
    }

    pub(super) fn powered(&self) -> Result<(), String> {
        if self.console.machine.cards.pwr.off {
            return Err("the power is off: switch POWER on first".into());
        }
        Ok(())
    }

    pub(super) fn halted(&self, what: &str) -> Result<(), String> {
        self.powered()?;
        if self.run != Run::Halted {
            return Err(format!("{what}: the machine is running: press HALT first"));
        }
        Ok(())
    }

    /// One-button boot (note 4).
    pub(super) fn boot(&mut self, start: Option<u16>) -> Result<(), String> {
        self.powered()?;
        if self.run != Run::Halted {
            self.halt();
        }
        let m = &mut self.console.machine;
        if !m.cards.ptr.loaded() {
            return Err("boot: no tape in the photoreader".into());
        }
        if m.memory_words() != 16 * 1024 {
            return Err(format!("boot: {}", hp2100::BootError::MemorySize(16)));
        }
        // Note 11: the teletype as NHEX and BASIC want it, whatever booted before.
        self.basic.booted = false;
        self.console.set_keyboard_open(false);
        let _ = self.console.execute("set tty noautolf");
        let m = &mut self.console.machine;
        m.install_loader(&hp2100::bbl_words());
        m.s = m.loader_base();
        m.load_address();
        m.set_loader_enabled(true);
        m.preset();
        let s = m.s;
        self.m = m.p;
        self.autostart = start;
        self.say(&format!(
            "boot: S = {s:06o}, LOAD ADDRESS, LOADER ENABLE, PRESET, RUN"
        ));
        self.run = Run::Running;
        Ok(())
    }

    /// DOS-M booted from the tab's copy of the server's disc image with TAM
    /// (`nhex_hp2100::dos`): the operator's console commands of `hp2100_software::dosm` (the
    /// cards set as DOS-M was generated, HP's SIO drivers and disc bootstrap, S = 22, the
    /// bootstrap's halt), then S = 0 and RUN at the page's speed (note 8).
    pub(super) fn boot_dos(&mut self) -> Result<(), String> {
        self.powered()?;
        let image = self.dos_image.clone();
        if !image.is_file() {
            return Err(
                "boot_dos: the server has no DOS-M disc with TAM (`retro hex play --dos` on the \
                 server makes it)"
                    .into(),
            );
        }
        let Some(discs) = self.discs.clone() else {
            return Err("boot_dos: the server has no folder for the tabs' discs".into());
        };
        if self.run != Run::Halted {
            self.halt();
        }
        self.basic.booted = false;
        // Note 8: the tab's own copy, made once; a later boot boots it again.
        let disc = match self.dos_disc.take() {
            Some(d) => d,
            None => discs
                .copy_of(&image, hp2100::io::IMAGE_BYTES)
                .map_err(|e| format!("boot_dos: the tab's copy of the disc: {e}"))?,
        };
        let folder = hp2100_software::Folder::find(None);
        self.out.hide(disc.path(), "DOSM.DSK");
        self.out.hide(discs.dir(), "(the server's discs)");
        self.out.hide(folder.dir(), "(HP's software)");
        self.out.hide(&image, "(the server's DOS-M disc)");
        let text = boot_commands(&folder, disc.path());
        self.dos_disc = Some(disc);
        let text = text.map_err(|e| format!("boot_dos: {e}"))?;
        self.console
            .run_text("DOS-M's boot", &format!("{text}set tty autolf\n"))
            .map_err(|e| format!("boot_dos: {e}"))?;
        let halted = matches!(
            self.console.last_stop,
            Some(Stop::Halt { code: 0o102077, .. })
        );
        if !halted {
            return Err(format!(
                "boot_dos: the disc bootstrap stopped with {:?}",
                self.console.last_stop
            ));
        }
        self.console.set_keyboard_open(true);
        let m = &mut self.console.machine;
        m.s = 0;
        self.m = m.p;
        self.tape_name = "HP's disc bootstrap".into();
        self.say("DOS-M: S = 000000, RUN: the system is read from the disc");
        self.run = Run::Running;
        Ok(())
    }

    /// The HALT switch on a running machine.
    pub(super) fn halt(&mut self) {
        self.run = Run::Halted;
        self.autostart = None;
        let p = self.console.machine.p;
        self.say(&format!("stopped by the operator at P: {p:05o}"));
    }

    /// Keys on the teletype's keyboard: a program waiting for one goes on (note 2).
    pub(super) fn keys(&mut self, text: &str) {
        self.console.type_keys(text);
        self.wake();
    }

    /// A program waiting for a key goes on when one is there.
    pub(super) fn wake(&mut self) {
        if self.run == Run::Keyboard && self.console.keys_waiting() {
            self.run = Run::Running;
        }
    }
}
