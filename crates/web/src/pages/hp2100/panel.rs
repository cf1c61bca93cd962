//! The 2100A's front panel in the page: the switch register, the buttons and switches, and
//! the lights the page draws.
//!
//! Sources: `docs/hp2100a.md` §1.1 (A, B, P, S, E, O; M and T, the memory address and data
//! registers, T shown after a halt) and §4.3 (the presses of a boot); crate `hp2100`'s
//! `panel.rs` (PRESET, LOAD ADDRESS, LOADER ENABLE, RUN, HALT, SINGLE INSTRUCTION).
//!
//! Implementation notes:
//!
//! 1. The machine keeps no M register (its run loop would pay for it); M here is the
//!    panel's: LOAD ADDRESS sets P and M from S, LOAD MEMORY stores S at M and DISPLAY
//!    MEMORY shows the word at M in T, each then stepping M on. While a program runs the
//!    panel's M stays where the operator left it.
//! 2. LOAD MEMORY and DISPLAY MEMORY reach core as the panel does (`Machine::poke_core`,
//!    `peek_core`): address 0 and 1 are core words there, not A and B.
//! 3. HALT on a halted machine is CYCLE: one instruction (`Machine::single_instruction`).
//! 4. The lights are sampled once a frame, at the end of the frame's run.

use super::{flag, Hp2100, Run};
use crate::tab::{string, uint, Outbox};
use serde_json::{json, Value};

impl Hp2100 {
    /// `switches`, `press`, `loader`, `power`.
    pub(super) fn panel_op(&mut self, msg: &Value, out: &mut Outbox) -> Result<(), String> {
        match crate::tab::op(msg)? {
            "switches" => {
                let v = uint(msg, "value")?;
                self.console.machine.s =
                    u16::try_from(v).map_err(|_| format!("switches: {v} is not 16 bits"))?;
                Ok(())
            }
            "loader" => {
                self.powered()?;
                let on = flag(msg, "on")?;
                self.console.machine.set_loader_enabled(on);
                Ok(())
            }
            "power" => {
                self.power(flag(msg, "on")?);
                Ok(())
            }
            _ => self.press(string(msg, "button")?, out),
        }
    }

    /// A button.
    fn press(&mut self, button: &str, out: &mut Outbox) -> Result<(), String> {
        match button {
            "halt" if self.run != Run::Halted => {
                self.halt();
                Ok(())
            }
            "halt" => {
                // Note 3.
                self.powered()?;
                let stop = self.console.machine.single_instruction();
                if !matches!(
                    stop,
                    hp2100::Stop::Operator { .. } | hp2100::Stop::InputExhausted { .. }
                ) {
                    self.stopped(stop, out);
                }
                Ok(())
            }
            "run" => self.start(),
            "preset" => {
                self.halted("PRESET")?;
                self.console.machine.preset();
                Ok(())
            }
            "load_address" => {
                self.halted("LOAD ADDRESS")?;
                let m = &mut self.console.machine;
                m.load_address();
                self.m = m.p;
                Ok(())
            }
            "load_memory" => {
                self.halted("LOAD MEMORY")?;
                let m = &mut self.console.machine;
                m.poke_core(self.m, m.s);
                m.t = m.s;
                self.m = (self.m + 1) & 0x7fff;
                Ok(())
            }
            "display_memory" => {
                self.halted("DISPLAY MEMORY")?;
                let m = &mut self.console.machine;
                m.t = m.peek_core(self.m);
                self.m = (self.m + 1) & 0x7fff;
                Ok(())
            }
            other => Err(format!(
                "press: no button {other:?} (halt, run, preset, load_address, load_memory, display_memory)"
            )),
        }
    }

    /// The POWER switch (module note 5).
    fn power(&mut self, on: bool) {
        let m = &mut self.console.machine;
        match (on, m.cards.pwr.off) {
            (false, false) => {
                if self.run == Run::Halted {
                    m.cards.pwr.off = true;
                } else {
                    let _ = m.power_down();
                }
                self.run = Run::Halted;
                self.autostart = None;
                self.say("power off");
            }
            (true, true) => {
                m.power_on();
                m.cards.pwr = hp2100::io::PowerFail::default();
                self.m = 0;
                self.say("power on");
            }
            _ => {}
        }
    }

    /// The lights (note 4).
    pub(super) fn panel(&self) -> Value {
        let m = &self.console.machine;
        json!({
            "ev": "panel",
            "a": m.a, "b": m.b, "p": m.p, "t": m.t, "m": self.m, "s": m.s,
            "e": m.e, "o": m.o, "ion": m.ion,
            "run": self.run != Run::Halted,
            "waiting": self.run == Run::Keyboard,
            // Under DOS-M and BASIC the keyboard stays open: the program listens as it runs.
            "listening": self.run == Run::Running
                && m.cards.tty.listening()
                && self.console.tty().host.inner().open,
            "power": !m.cards.pwr.off,
            "loader": m.loader_enabled(),
            "fast": self.fast,
            "dos": self.discs.is_some() && self.dos_image.is_file(),
            "seconds": (m.seconds() * 10.0).round() / 10.0,
        })
    }
}
