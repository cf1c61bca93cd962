//! The T3300-R console's do-files and SIMH's console automation: every line the console is
//! given goes through the do-file engine both machines share (`machine_core::scp::dofile`:
//! `do`, `goto`, `call`, `if`, `on`, `set on`, variables ...), which hands the console's own
//! commands and the debugger's to [`ConsoleHost`]; and the typewriter's `expect` and `send`:
//!
//! ```text
//! expect [[N]] "TEXT" [ACTIONS]    stop when the typewriter prints TEXT (the Nth time),
//!                                  then run ACTIONS (commands separated by `;`)
//! noexpect ["TEXT"]                drop every rule, or TEXT's
//! send [after=N][,delay=N] "KEYS"  type KEYS, the first after N instructions, then one
//!                                  each N instructions (SIMH's default 1000)
//! ```
//!
//! Sources: the SIMH user's guide ("Executing command files", "Console automation"); the
//! rules and the queue are `machine_core::scp::expect`'s, kept by the typewriter's keys
//! (`machine_core::ConsoleKeys`), as at the HP 2100A's console.
//!
//! Implementation notes:
//!
//! 1. `after=` and `delay=` count instructions of 2.0 µs (the T3300-R's memory cycle,
//!    `docs/t3300r.md`), as emulated time, as the HP console counts its own.
//! 2. An expect rule that fires presses the machine's HALT switch: the run stops where the
//!    program asks for its next key; the rule's actions run next, and the switch is
//!    released for them.
//! 3. A refused command is reported as SIMH reports it and a do-file goes on: the console's
//!    own refusals, and the debugger's (its `? WHY`, which becomes the failure's message).

use crate::Machine;
use machine_core::scp::dofile::{self, Engine, Failure, Host, Outcome};
use machine_core::scp::expect::Rule;
use machine_core::ConsoleKeys;
use machine_core::{Control, Debuggable, Debugger};
use std::io::Write;
use std::sync::atomic::Ordering;

/// The emulated time of an instruction for `send` (note 1).
const INSTRUCTION_NS: u64 = 2_000;

/// The typewriter's host in a console's machine (`console::machine`).
type ConsoleTty = teletype::Tee<ConsoleKeys, teletype::Printer<std::io::Stdout>>;

pub(crate) fn keys(d: &mut Debugger<Machine>) -> Result<&mut ConsoleKeys, String> {
    d.machine_mut()
        .host_mut::<ConsoleTty>()
        .map(|t| &mut t.host)
        .ok_or_else(|| "Command not allowed: the typewriter is not the console's".to_string())
}

/// A string in double quotes at the start of `s`, SIMH's escapes resolved, and the rest.
fn quoted(s: &str) -> Result<(String, &str), String> {
    teletype::Scripted::parse_quoted(s.trim_start()).map_err(|e| format!("Invalid argument: {e}"))
}

/// `expect [[N]] "TEXT" [ACTIONS]`.
fn expect(d: &mut Debugger<Machine>, rest: &str) -> Result<(), String> {
    let mut s = rest.trim_start();
    let mut count = 0;
    if let Some(t) = s.strip_prefix('[') {
        let (n, t) = t
            .split_once(']')
            .ok_or("Invalid argument: [N] without its ]")?;
        let n: u32 = n
            .trim()
            .parse()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| format!("Invalid argument: [{n}] is not a count"))?;
        count = n - 1;
        s = t.trim_start();
    }
    let (text, tail) = quoted(s)?;
    if text.is_empty() {
        return Err("Invalid argument: expect needs a text".into());
    }
    let pattern = s[..s.len() - tail.len()].trim().to_string();
    keys(d)?.expects.add(Rule {
        text: text.into_bytes(),
        pattern,
        count,
        actions: tail.trim().to_string(),
        persist: false,
        clear_all: false,
    })
}

/// `send [after=N][,delay=N] "KEYS"`.
fn send(d: &mut Debugger<Machine>, rest: &str) -> Result<(), String> {
    let mut s = rest.trim_start();
    let (mut after, mut delay) = (machine_core::scp::expect::SEND_DEFAULT_DELAY, None);
    while !s.is_empty() && !s.starts_with('"') {
        let end = s
            .find(|c: char| c == ',' || c.is_whitespace())
            .unwrap_or(s.len());
        let (w, t) = s.split_at(end);
        let (key, value) = w
            .split_once('=')
            .ok_or_else(|| format!("Invalid argument: {w} (after=N, delay=N, \"KEYS\")"))?;
        let n = machine_core::scp::number::count(value, 10)
            .ok_or_else(|| format!("Invalid argument: {key}={value}"))?;
        match key.to_ascii_uppercase().as_str() {
            "AFTER" => after = n,
            "DELAY" => delay = Some(n),
            _ => return Err(format!("Invalid argument: {w} (after=N, delay=N)")),
        }
        s = t.trim_start_matches(',').trim_start();
    }
    let (text, tail) = quoted(s)?;
    if !tail.trim().is_empty() {
        return Err(format!("Too many arguments: {}", tail.trim()));
    }
    let delay = delay.unwrap_or(machine_core::scp::expect::SEND_DEFAULT_DELAY);
    let k = keys(d)?;
    let now = k.now;
    k.sends.queue(
        text.as_bytes(),
        now,
        after * INSTRUCTION_NS,
        delay * INSTRUCTION_NS,
    )
}

/// `expect`, `noexpect`, `send`, `nosend`: `None` for another command.
pub fn command(d: &mut Debugger<Machine>, line: &str) -> Option<Result<(), String>> {
    let (cmd, rest) = dofile::split_word(line);
    Some(match cmd.to_ascii_lowercase().as_str() {
        "expect" => expect(d, rest),
        "noexpect" => {
            let pattern = rest.trim();
            keys(d).map(|k| k.expects.clear((!pattern.is_empty()).then_some(pattern)))
        }
        "send" => send(d, rest),
        "nosend" => keys(d).map(|k| k.sends.clear()),
        _ => return None,
    })
}

/// The console as the do-file engine's host: the debugger over the machine, the console's
/// own commands, where it writes, and the engine's state.
pub struct ConsoleHost<'a> {
    pub d: &'a mut Debugger<Machine>,
    pub own: &'a mut crate::console::Commands,
    pub out: &'a mut dyn Write,
    /// A line typed, not read from a script: the debugger answers it as typed.
    pub typed: bool,
}

impl Host for ConsoleHost<'_> {
    fn engine(&mut self) -> &mut Engine {
        &mut self.own.engine
    }

    fn engine_ref(&self) -> &Engine {
        &self.own.engine
    }

    fn execute(&mut self, line: &str) -> Result<Outcome, Failure> {
        if let Some(r) = command(self.d, line) {
            return r.map(|()| Outcome::Done).map_err(Failure::new);
        }
        match self.own.command(self.d, line) {
            Some(Ok(said)) => {
                if !said.is_empty() {
                    self.print(&said);
                }
                return Ok(Outcome::Done);
            }
            Some(Err(e)) => return Err(Failure::new(e)),
            None => {}
        }
        // The debugger says `? WHY` for a line it refuses: that is the command's failure
        // (note 3); anything else it says is passed on.
        let mut said = Vec::new();
        let control = if self.typed {
            self.d.typed(line, &mut said)
        } else {
            self.d.command(line, &mut said)
        }
        .map_err(|e| Failure::fatal(format!("Console output I/O error: {e}")))?;
        let text = String::from_utf8_lossy(&said);
        if let Some(why) = text
            .strip_prefix("? ")
            .filter(|w| !w.trim_end().contains('\n'))
        {
            let why = why.trim_end();
            // SIMH's words for an unknown command open the message.
            let msg = match why.strip_prefix("unknown command ") {
                Some(rest) => format!("Unknown command: {rest}"),
                None => why.to_string(),
            };
            return Err(Failure::new(msg));
        }
        self.out
            .write_all(&said)
            .map_err(|e| Failure::fatal(format!("Console output I/O error: {e}")))?;
        Ok(match control {
            Control::Quit => Outcome::Exit(0),
            _ => Outcome::Done,
        })
    }

    fn print(&mut self, text: &str) {
        let _ = writeln!(self.out, "{text}");
    }

    fn sim_name(&self) -> String {
        "T3300-R".into()
    }

    fn register(&self, name: &str) -> Option<u64> {
        Debuggable::registers(self.d.machine())
            .into_iter()
            .find(|r| r.name.eq_ignore_ascii_case(name))
            .map(|r| r.value)
    }

    fn word(&self, address: &str) -> Option<u64> {
        let m = self.d.machine();
        let a = u32::from_str_radix(address, Debuggable::radix(m)).ok()?;
        (a < Debuggable::memory_words(m)).then(|| u64::from(Debuggable::peek(m, a)))
    }

    fn radix(&self) -> u32 {
        Debuggable::radix(self.d.machine())
    }

    /// An expect rule that fired in the last run: its actions, the HALT switch released
    /// (note 2).
    fn fired(&mut self) -> Option<String> {
        let actions = keys(self.d).ok()?.expects.take_fired()?;
        self.d
            .machine_mut()
            .halt_switch()
            .store(false, Ordering::SeqCst);
        Some(actions)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::console::{machine, Commands};
    use machine_core::scp::dofile::{run_text, Ended};
    use std::path::Path;

    fn echo_program() -> String {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../asm/t3300/echo.asm")
            .display()
            .to_string()
    }

    /// `asm/t3300/echo.asm` prompts `? `, reads a line and prints it backwards: a do-file
    /// answers the prompt with `expect` and `send`, and `if` reads what the program counted.
    #[test]
    fn a_do_file_answers_the_typewriter_with_expect_and_send() {
        // The typewriter's own timing: sent keys come within its wait for a key.
        let mut d = Debugger::new(machine(None, false, None).unwrap());
        let switch = d.machine_mut().halt_switch();
        keys(&mut d).unwrap().set_stop(switch.clone());
        d.set_stop_switch(switch);
        let mut own = Commands::with_loader(t3300_asm::files::program_and_labels);
        let mut out = Vec::new();
        let mut host = ConsoleHost {
            d: &mut d,
            own: &mut own,
            out: &mut out,
            typed: false,
        };
        let script = format!(
            "load {}\nexpect \"? \" send after=1k \"AB\\r\"; continue\necho sent\ncontinue\nbogus\nset env N=%STATUS%\nif A==12 echo the line printed back\necho status %N%\n",
            echo_program()
        );
        let ended = run_text(
            &mut host,
            "t.do",
            &script,
            vec!["t.do".into()],
            Path::new("."),
            "",
        )
        .unwrap();
        assert_eq!(ended, Ended::Status(0));
        let said = String::from_utf8_lossy(&out).to_string();
        assert!(said.contains("HALT 00007777"), "{said}");
        assert!(said.contains("the line printed back\n"), "{said}");
        assert!(
            said.contains("t.do-5> bogus\nUnknown command: bogus"),
            "{said}"
        );
        assert!(said.contains("status 0000004A\n"), "{said}");
    }

    #[test]
    fn expect_and_send_are_refused_in_their_words() {
        let mut d = Debugger::new(machine(None, true, None).unwrap());
        assert!(command(&mut d, "expect \"\"").unwrap().is_err());
        assert!(command(&mut d, "send after=x \"A\"").unwrap().is_err());
        assert!(command(&mut d, "send \"A\" more").unwrap().is_err());
        assert!(command(&mut d, "expect [2] \"OK\" echo seen")
            .unwrap()
            .is_ok());
        assert_eq!(keys(&mut d).unwrap().expects.rules().len(), 1);
        assert!(command(&mut d, "noexpect").unwrap().is_ok());
        assert!(keys(&mut d).unwrap().expects.rules().is_empty());
        assert!(command(&mut d, "step").is_none());
    }
}
