//! SIMH 4's lesser console commands at the 2100A's console: `evaluate`, `assign`,
//! `deassign`, `show names`, `show [DEV] modifiers`, `show queue`, `ie`, `id` and `! CMD`.
//!
//! Sources: the SIMH user's guide (Open SIMH 4) and what Open SIMH 4's `hp2100` prints for
//! them (`tests/simh4/lesser.do`).
//!
//! Implementation notes:
//!
//! 1. `evaluate TEXT` is SIMH's: the text read as an instruction (as `deposit -m` reads it),
//!    else as a number, and each word it makes printed as `0:\tWORD` in the switches' form
//!    (octal without one, `-m` an instruction). SIMH's `evaluate` reads no arithmetic
//!    (`1+2` is "Can't be parsed as an instruction or data"), and neither does this.
//! 2. A logical name (`assign PTR RDR`) stands for its device wherever a command names a
//!    device: the first word after the command and its switches. A name that is a device's
//!    own is refused, as SIMH refuses it. `show names` lists them in the devices' order.
//!    SIMH's list also holds its own second names for three devices this 2100A does not
//!    model under those names (`IPLI -> IPL`, `MUXC -> MUXM`, `TBG -> CLK`).
//! 3. `show queue` lists each card's next event as SIMH lists its units' events: the
//!    device and how far ahead, here in machine cycles (SIMH counts instructions). The
//!    time is the cycles run; the host's rate is not measured and shows as 0, SIMH's figure
//!    before its first run. SIMH's keyboard poll is no event here: the teletype's keys
//!    are looked at by the card when it is ready for one.
//! 4. `ie` and `id` ask for each new value on the console's answers
//!    ([`Console::set_answers`]): an empty answer keeps the value, the end of the answers
//!    ends the command. A do-file's console has none, as SIMH's reads its standard input:
//!    each address is shown and nothing changed.
//! 5. `! CMD` runs the command through the host's shell (`sh -c`), its output into the
//!    console's, its wait status SIMH's `%STATUS%` (`Error 768` for an exit status of 3);
//!    `!` alone starts the shell given by `SHELL`. A console a network reaches refuses both
//!    ([`Console::forbid_host_commands`]).

use super::{split_word, CmdResult, Console, Next};
use crate::Machine;
use machine_core::scp::spec::Form;
use machine_core::scp::{self, Simulator};
use std::io::Write;

/// The commands whose first word (after switches) is a device (note 2).
const NAMING: &[&str] = &[
    "set", "show", "sh", "attach", "att", "detach", "det", "boot", "b", "reset", "r", "examine",
    "e", "ex", "deposit", "d", "dep", "load", "lo", "help", "h", "ie", "id",
];

/// Where `ie`/`id` get their answers (note 4).
pub type Answers = Box<dyn FnMut(&str) -> Option<String>>;

impl<W: Write + 'static> Console<W> {
    /// Give `ie` and `id` their answers: `ask(prompt)` shows the prompt and returns the line
    /// typed, `None` at the end of the input (note 4).
    pub fn set_answers(&mut self, ask: Answers) {
        self.answers = Some(ask);
    }

    /// Refuse `!` (the host's shell), as a console that a network reaches must (note 5).
    pub fn forbid_host_commands(&mut self) {
        self.host_commands = false;
    }

    /// One of this module's commands, or `None` for any other line.
    pub(super) fn lesser(&mut self, cmd: &str, rest: &str) -> Option<CmdResult> {
        let show = |w: &str| {
            (cmd == "show" || cmd == "sh") && {
                let (first, tail) = split_word(rest);
                first.eq_ignore_ascii_case(w) && tail.trim().is_empty()
            }
        };
        Some(match cmd {
            "evaluate" | "eval" | "ev" => self.evaluate(rest),
            "assign" | "as" | "asg" => self.assign(rest),
            "deassign" | "dea" | "deas" => self.deassign(rest),
            "ie" | "id" => self.interactive(cmd == "id", rest),
            "!" => self.host(rest),
            _ if cmd.starts_with('!') => self.host(&format!("{} {rest}", &cmd[1..])),
            _ if show("names") => Ok(self.show_names()),
            _ if show("queue") => Ok(self.show_queue()),
            _ if show("modifiers") => Ok(self.show_modifiers(None)),
            "show" | "sh" => {
                let (dev, tail) = split_word(rest);
                let (word, more) = split_word(tail);
                if !word.eq_ignore_ascii_case("modifiers") || !more.trim().is_empty() {
                    return None;
                }
                match scp::device(&self.machine, dev) {
                    Some(d) => Ok(self.show_modifiers(Some(d.name))),
                    None => Err(format!("Non-existent device: {}", dev.to_ascii_uppercase())),
                }
            }
            _ => return None,
        })
    }

    /// `line` with a logical name turned into its device's (note 2).
    pub(super) fn logical(&self, line: &str) -> String {
        if self.names.is_empty() {
            return line.to_string();
        }
        let (cmd, rest) = split_word(line);
        if !NAMING.contains(&cmd.to_ascii_lowercase().as_str()) {
            return line.to_string();
        }
        let mut head = cmd.to_string();
        let mut rest = rest;
        loop {
            let (w, tail) = split_word(rest);
            if w.starts_with('-') {
                head = format!("{head} {w}");
                rest = tail;
                continue;
            }
            return match self.names.iter().find(|n| n.0.eq_ignore_ascii_case(w)) {
                Some((_, dev)) => format!("{head} {dev}{tail}"),
                None => line.to_string(),
            };
        }
    }

    /// `evaluate [-switches] TEXT` (note 1).
    fn evaluate(&mut self, rest: &str) -> CmdResult {
        let (form, text) = Form::parse(rest)?;
        let text = text.trim();
        if text.is_empty() {
            return Err("Too few arguments: evaluate TEXT (an instruction or a number)".into());
        }
        let words = match hp2100_isa::line::assemble_line(text, 0) {
            Ok(w) if !w.is_empty() => w,
            _ => match read_number(text, form) {
                Some(w) => vec![w],
                None => return Err(format!("{text}\nCan't be parsed as an instruction or data")),
            },
        };
        let mut at = 0;
        let mut lines = Vec::new();
        while at < words.len() {
            let next = words.get(at + 1).copied().unwrap_or(0);
            if form == Form::Instruction {
                let d = hp2100_isa::disassemble_executed(0, words[at], next, &|_| None);
                lines.push(super::simh_operands(&format!("{at}:\t{}", d.text)));
                at += usize::from(d.len.max(1));
            } else {
                lines.push(format!(
                    "{at}:\t{}",
                    scp::show_value(u64::from(words[at]), 16, form, 8)
                ));
                at += 1;
            }
        }
        self.say(&lines.join("\n"));
        Ok(Next::Continue)
    }

    /// `assign DEV NAME` (note 2).
    fn assign(&mut self, rest: &str) -> CmdResult {
        let (dev, tail) = split_word(rest);
        let (name, more) = split_word(tail);
        if name.is_empty() {
            return Err("Too few arguments: assign DEV NAME".into());
        }
        if !more.trim().is_empty() {
            return Err(format!("Too many arguments: {}", more.trim()));
        }
        let dev = self.device_named(dev)?;
        if scp::device(&self.machine, name).is_some() || self.named(name).is_some() {
            return Err(format!(
                "Invalid argument: {} already names a device",
                name.to_ascii_uppercase()
            ));
        }
        self.names.retain(|n| n.1 != dev);
        self.names.push((name.to_ascii_uppercase(), dev));
        Ok(Next::Continue)
    }

    /// `deassign DEV` (note 2): a device without a logical name is left as it is, as SIMH.
    fn deassign(&mut self, rest: &str) -> CmdResult {
        let (dev, more) = split_word(rest);
        if dev.is_empty() {
            return Err("Too few arguments: deassign DEV".into());
        }
        if !more.trim().is_empty() {
            return Err(format!("Too many arguments: {}", more.trim()));
        }
        let dev = self.device_named(dev)?;
        self.names.retain(|n| n.1 != dev);
        Ok(Next::Continue)
    }

    /// The device `name` names, by its own name or its logical one.
    fn device_named(&self, name: &str) -> Result<String, String> {
        match scp::device(&self.machine, name) {
            Some(d) => Ok(d.name),
            None => self
                .named(name)
                .ok_or_else(|| format!("Non-existent device: {}", name.to_ascii_uppercase())),
        }
    }

    fn named(&self, name: &str) -> Option<String> {
        self.names
            .iter()
            .find(|n| n.0.eq_ignore_ascii_case(name))
            .map(|n| n.1.clone())
    }

    /// `show names`: `NAME -> DEV`, in the devices' order.
    fn show_names(&mut self) -> Next {
        let text: Vec<String> = self
            .machine
            .devices()
            .iter()
            .filter_map(|d| {
                self.names
                    .iter()
                    .find(|n| n.1 == d.name)
                    .map(|n| format!("{} -> {}", n.0, n.1))
            })
            .collect();
        if !text.is_empty() {
            self.say(&text.join("\n"));
        }
        Next::Continue
    }

    /// `show [DEV] modifiers`: the `set` words of each device, as SIMH lists its modifiers.
    fn show_modifiers(&mut self, only: Option<String>) -> Next {
        let mut text = String::new();
        for d in self.machine.devices() {
            if only.as_ref().is_some_and(|o| *o != d.name) || d.options.is_empty() {
                continue;
            }
            text.push_str(&format!("\n{} device SET commands:\n\n", d.name));
            for o in &d.options {
                text.push_str(&format!("set {} {}\n", d.name, o.to_ascii_uppercase()));
            }
        }
        self.say(text.trim_end_matches('\n'));
        Next::Continue
    }

    /// `show queue` (note 3).
    fn show_queue(&mut self) -> Next {
        let now = self.machine.cycles;
        let mut events: Vec<(u64, &str)> = Machine::SLOTS
            .iter()
            .filter(|s| self.machine.select_code(s).1)
            .filter_map(|s| {
                let at = (s.card)(&self.machine.cards).next_event()?;
                Some((at.saturating_sub(now), s.name))
            })
            .collect();
        events.sort();
        events.dedup_by(|a, b| a.1 == b.1);
        let head = "HP 2100 event queue";
        let text = if events.is_empty() {
            format!("{head} empty, time = {now}, executing 0 cycles/sec")
        } else {
            let mut t = format!("{head} status, time = {now}, executing 0 cycles/sec");
            for (delta, name) in events {
                t.push_str(&format!("\n  {name} at {delta}"));
            }
            t
        };
        self.say(&text);
        Next::Continue
    }

    /// `ie LIST` and `id LIST` (note 4): each address's value shown (not with `id`) and a
    /// new value asked for.
    fn interactive(&mut self, deposit_only: bool, rest: &str) -> CmdResult {
        let (_, list) = Form::parse(rest)?;
        if list.trim().is_empty() {
            return Err("Too few arguments: ie|id LIST".into());
        }
        let switches = &rest[..rest.len() - list.len()];
        let r = machine_core::Radix {
            radix: 8,
            word_bits: 16,
            address_bits: 15,
        };
        let items = machine_core::scp::spec::items(list, &r, &|w| self.register(w).is_some())?;
        let mut targets = Vec::new();
        for item in items {
            match item {
                machine_core::scp::spec::Item::Register(n) => targets.push(n),
                machine_core::scp::spec::Item::AllRegisters => targets.extend(
                    machine_core::Debuggable::registers(&self.machine)
                        .iter()
                        .map(|r| r.name.to_string()),
                ),
                machine_core::scp::spec::Item::Memory { first, last } => {
                    if last >= self.machine.memory_words() {
                        return Err(format!("Address space exceeded: {last:o}"));
                    }
                    targets.extend((first..=last).map(|a| format!("{a:o}")));
                }
            }
        }
        for t in targets {
            let shown = if deposit_only {
                let name = self.register(&t).map_or(t.clone(), |r| r.name.to_string());
                format!("{name}:\t")
            } else {
                let line = scp::examine(&self.machine, &format!("{switches} {t}"))?;
                format!("{line}\t")
            };
            if self.answers.is_some() {
                self.flush();
            }
            let answer = match self.answers.as_mut() {
                Some(ask) => ask(&shown),
                None => {
                    // No answers: the prompt stands on the paper as SIMH's does.
                    let _ = self.tty_mut().printer.out.write_all(shown.as_bytes());
                    None
                }
            };
            let Some(answer) = answer else { break };
            let answer = answer.trim();
            if !answer.is_empty() {
                self.deposit(&format!("{switches} {t} {answer}"))?;
            }
        }
        // Without answers the line stays open, as SIMH's: what follows is printed after it.
        Ok(Next::Continue)
    }

    /// `! [CMD]` (note 5).
    fn host(&mut self, rest: &str) -> CmdResult {
        if !self.host_commands {
            return Err(
                "Command not allowed: ! (the host's shell) is not open to this console".into(),
            );
        }
        let rest = rest.trim();
        let status = if rest.is_empty() {
            let shell = std::env::var("SHELL").unwrap_or_else(|_| "/bin/sh".into());
            self.flush();
            std::process::Command::new(&shell)
                .status()
                .map_err(|e| format!("Command not allowed: {shell}: {e}"))?
        } else {
            let out = std::process::Command::new("/bin/sh")
                .arg("-c")
                .arg(rest)
                .stdin(std::process::Stdio::null())
                .output()
                .map_err(|e| format!("Command not allowed: /bin/sh: {e}"))?;
            let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
            text.push_str(&String::from_utf8_lossy(&out.stderr));
            if !text.is_empty() {
                self.say(text.trim_end_matches('\n'));
            }
            out.status
        };
        match wait_status(status) {
            0 => Ok(Next::Continue),
            s => Err(format!("Error {s}")),
        }
    }
}

/// A number as `evaluate` reads one: octal, or in the switch's radix; a character with `-a`.
fn read_number(text: &str, form: Form) -> Option<u16> {
    match form {
        Form::Char | Form::Chars => {
            let b = text.as_bytes();
            match b {
                [c] if c.is_ascii() => Some(u16::from(*c)),
                [h, l] if form == Form::Chars && text.is_ascii() => {
                    Some(u16::from(*h) << 8 | u16::from(*l))
                }
                _ => None,
            }
        }
        _ => u16::try_from(u64::from_str_radix(text, form.radix(8)).ok()?).ok(),
    }
}

/// A child's wait status as the C library's `system` gives it (SIMH's `%STATUS%`).
fn wait_status(s: std::process::ExitStatus) -> i32 {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        s.into_raw()
    }
    #[cfg(not(unix))]
    {
        s.code().unwrap_or(1)
    }
}
