//! The console's `set`: the CPU (`set [-f] cpu 2100|eau|idle|noidle|waitpass|nowaitpass|
//! loaderenable|loaderdisable|16K`,
//! lists such as
//! `2100,16K`; SIMH's other models and options answered in its words, module note 3), the
//! throttle, the run limit, the teletype's `autolf`, and the cards' settings (`cards.rs`,
//! `disc.rs`).
//!
//! Implementation notes:
//!
//! 1. `set throttle`, `set nothrottle`, `set cpu idle` and `noidle` are taken and shown:
//!    they change only how the host spends its time, and this 2100A's time is emulated, so
//!    nothing a program computes or prints depends on them.
//!    `set cpu nowaitpass` turns off RUN's exact pass over waiting loops (`crate::wait`), on
//!    at power on, and `waitpass` turns it on again: every instruction is then executed, with
//!    the same cycles, text and files, only slower; it is this 2100A's own option (SIMH has
//!    none), so `show cpu` names it only while it is off.
//! 2. A memory size below the words in use is refused without `-f` ("Command not
//!    completed"), where SIMH asks at the console whether to truncate and, in a do-file with
//!    no answer typed, does not.
//! 3. SIMH's 2100 is set up at power on with 32K of memory, both DMA channels and the time
//!    base generator; `set cpu 2100` gives this console's machine the same, so that a
//!    do-file written for SIMH runs as there. The console's own power-on machine stays the
//!    mission's 2100A (16K, no DMA, no TBG: `docs/hp2100.md`).
//! 4. `set cpu loaderenable` and `loaderdisable` are the front panel's LOADER ENABLE: while
//!    it is off the top 64 words read as 0 and ignore writes; a programmed
//!    halt turns it off, as on the 2100A and in SIMH. `show cpu` says which.
//! 5. `set console log=FILE` copies from then on what the console shows, its messages and
//!    the teleprinter's paper in the order they came, to FILE (added to its end, as SIMH
//!    adds); `set console nolog` closes it (`Log file closed`, the log's last line). The
//!    console is the host's terminal or a script's output, so SIMH's other console settings
//!    (WRU, BRK, DEL, TELNET, SPEED, DEBUG, BUFFERED) are not taken; `show console` prints
//!    SIMH's lines for the console that is there: Ctrl-E as WRU, the print mask, no Telnet
//!    line and so no Telnet log (`No Logging`, as SIMH says of a session log too), the
//!    expect rules and the keys to send.

use super::{cards, split_word, CmdResult, Console, Next};
use crate::panel::Limit;
use machine_core::Unit;
use std::io::Write;

/// SIMH's `hp2100` CPU options this 2100A does not have (module note 3).
const CPU_OPTIONS: &[&str] = &[
    "FP", "IOP", "DMS", "FFP", "DBI", "EMA", "VMA", "VIS", "SIGNAL", "DMA",
];

impl<W: Write + 'static> Console<W> {
    pub(super) fn set(&mut self, rest: &str) -> CmdResult {
        // `set -f cpu 8K`: SIMH's switches come before what is set.
        let (sw, rest) = machine_core::scp::dofile::switches(rest);
        if let Some(c) = sw.chars().find(|&c| c != 'F') {
            return Err(format!("Invalid switch: -{c} (set takes -f)"));
        }
        let (what, value) = split_word(rest);
        let value = value.trim();
        if let Some(r) = self.set_disc(what, value) {
            return r;
        }
        match what.to_ascii_lowercase().as_str() {
            // SIMH's settings lists: `set cpu 2100,16K`.
            "cpu" => {
                for v in value.split(',').map(str::trim) {
                    self.set_cpu(v, sw.contains('F'))?;
                }
                Ok(Next::Continue)
            }
            // The emulated 2100A's time does not follow the host's clock: a throttle would
            // change how fast it runs on the host, nothing it computes or prints (note 1).
            "throttle" | "nothrottle" => {
                self.throttle = what
                    .eq_ignore_ascii_case("throttle")
                    .then(|| value.to_string());
                Ok(Next::Continue)
            }
            "console" => self.set_console(value),
            "tty" if matches!(value.to_ascii_lowercase().as_str(), "autolf" | "noautolf") => {
                self.tty_mut().host.inner_mut().autolf = value.eq_ignore_ascii_case("autolf");
                Ok(Next::Continue)
            }
            // SIMH's form of `set runlimit off`.
            "norunlimit" if value.is_empty() => {
                self.set_limit(Limit::NONE);
                Ok(Next::Continue)
            }
            "runlimit" => {
                let limit = Limit::parse(value, Unit::Instructions)
                    .map_err(|e| format!("set runlimit: {e}"))?;
                self.set_limit(limit);
                Ok(Next::Continue)
            }
            card => match self.set_card(card, value) {
                Some(r) => r.map(|()| Next::Continue),
                None if cards::NOT_MODELLED.contains(&card) => Err(format!(
                    "set {what}: this 2100A has no {}: it is not modelled",
                    what.to_ascii_uppercase()
                )),
                None => Err(format!("set: unknown setting {what}")),
            },
        }
    }

    /// `set cpu 2100|eau|noeau|SIZE`, and SIMH's other models and options answered in its
    /// words (note 3).
    pub(super) fn set_cpu(&mut self, value: &str, force: bool) -> CmdResult {
        let v = value.to_ascii_uppercase();
        match v.as_str() {
            "2100" => {
                self.simh_2100();
                return Ok(Next::Continue);
            }
            "EAU" => return Ok(Next::Continue),
            // Idling saves host time only (note 1).
            "IDLE" | "NOIDLE" => {
                self.idle = v == "IDLE";
                return Ok(Next::Continue);
            }
            // The front panel's LOADER ENABLE: the top 64 words readable and writable until a
            // halt protects them again (note 4).
            "LOADERENABLE" | "LOADERDISABLE" => {
                self.machine.set_loader_enabled(v == "LOADERENABLE");
                return Ok(Next::Continue);
            }
            "WAITPASS" | "NOWAITPASS" => {
                self.machine.set_wait_skipping(v == "WAITPASS");
                return Ok(Next::Continue);
            }
            "NOEAU" => {
                return Err(
                    "set cpu noeau: Command not allowed: the EAU is standard on the 2100A".into(),
                )
            }
            "2114" | "2115" | "2116" | "1000-M" | "1000-E" | "1000-F" => {
                return Err(format!(
                    "set cpu {value}: Invalid argument: this simulator is the 2100A only; the {v} is not built"
                ))
            }
            _ => {}
        }
        if let Some(opt) = v.strip_prefix("NO").filter(|o| CPU_OPTIONS.contains(o)) {
            return Err(format!(
                "set cpu {value}: the 2100A here has no {opt} to remove"
            ));
        }
        if CPU_OPTIONS.contains(&v.as_str()) {
            return Err(format!(
                "set cpu {value}: Invalid argument: the {v} option is not built"
            ));
        }
        let k: u32 = v
            .strip_suffix('K')
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| {
                format!(
                    "set cpu: Invalid argument: {value} (2100, eau or a memory size such as 16K)"
                )
            })?;
        let words = k
            .checked_mul(1024)
            .ok_or_else(|| format!("set cpu: no such memory size: {value}"))?;
        // Memory that would be lost: SIMH asks; a do-file cannot answer, so without -f the
        // size stays (note 2).
        let m = &self.machine;
        if !force
            && words < m.memory_words()
            && (words..m.memory_words()).any(|a| m.peek_core(a as u16) != 0)
        {
            return Err(format!(
                "Command not completed: memory above {:o} holds words; `set -f cpu {value}` truncates it",
                words - 1
            ));
        }
        self.machine
            .set_memory_size(words)
            .map_err(|e| e.to_string())?;
        Ok(Next::Continue)
    }

    /// `set console log=FILE|nolog` (note 5).
    fn set_console(&mut self, value: &str) -> CmdResult {
        let lower = value.to_ascii_lowercase();
        if lower == "nolog" {
            if self.log.is_some() {
                self.say("Log file closed");
                self.log = None;
            }
            return Ok(Next::Continue);
        }
        let Some(name) = lower.strip_prefix("log=").map(|_| value[4..].trim()) else {
            return Err(format!(
                "Command not allowed: set console {value}: only log=FILE and nolog (the console is the host's terminal, with no Telnet line to set)"
            ));
        };
        if name.is_empty() {
            return Err("Missing value: set console log=FILE".into());
        }
        if self.log.is_some() {
            self.say("Log file closed");
            self.log = None;
        }
        let path = self.resolve(name);
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(|e| format!("File open error: {}: {e}", path.display()))?;
        // The paper so far stays out of the log.
        let printed = self.tty().host.printed().len();
        self.log = Some((file, printed));
        self.say(&format!("Logging to file \"{name}\""));
        Ok(Next::Continue)
    }

    /// `show console`: SIMH's lines for this console (note 5).
    pub(super) fn show_console(&mut self) -> CmdResult {
        self.say(
            "WRU = 05 = ^E\nBRK = 00 = ^@\nDEL = 0177\npchar mask = 23600 {CR(^M),LF(^J),HT(^I),BS(^H),BEL(^G)}\nNo Logging\nConnected to console window\nDebugging disabled\nUnbuffered\nConsole Expect processing:",
        );
        if self.tty().host.inner().expects.rules().is_empty() {
            self.say("  Match Rules:");
        } else {
            self.show_expect()?;
        }
        self.say("Console Send processing:");
        self.show_send()
    }

    /// `set cpu 2100`: the machine as SIMH's 2100 is at power on, 32K of memory with DMA
    /// and the time base generator in it (note 3).
    fn simh_2100(&mut self) {
        let m = &mut self.machine;
        if m.memory_words() < 32768 {
            let _ = m.set_memory_size(32768);
        }
        for name in ["DMA1", "DMA2", "TBG"] {
            if let Some(slot) = crate::Machine::slot(name) {
                // A card whose select code another card has taken goes in all the same; the
                // conflict is found when the machine is to run (`running.rs` note 3).
                let _ = m.install(slot, true);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Console;

    #[test]
    fn the_log_holds_the_messages_and_the_paper_in_order() {
        let dir = std::env::temp_dir().join(format!("retro-log-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let log = dir.join("c.log");
        let mut c = Console::new(Vec::new());
        // Print 'a' (upper case with `uc`) and halt: LDA 1, OTA 11, LDA 2, OTA 11, STC 11,C,
        // SFS 11, JMP *-1, HLT 77.
        let program = "deposit 100 62001\ndeposit 101 102611\ndeposit 102 62002\ndeposit 103 102611\ndeposit 104 103711\ndeposit 105 102311\ndeposit 106 24105\ndeposit 107 102077\ndeposit 1 120000\ndeposit 2 141\n";
        let text = format!(
            "echo before\nset console log={}\nset tty uc\n{program}go 100\nset console nolog\necho after\n",
            log.display()
        );
        c.run_text("t", &text).unwrap();
        let got = std::fs::read_to_string(&log).unwrap();
        assert_eq!(
            got,
            format!(
                "Logging to file \"{}\"\nA\nProgrammed halt, T: 102077 (HLT 77), P: 00110 (NOP)\nLog file closed\n",
                log.display()
            )
        );
        let e = c.command("t", 1, "set console wru=3").unwrap_err();
        assert!(e.msg.starts_with("Command not allowed"), "{e}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
