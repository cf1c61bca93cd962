//! SIMH 4's console automation on the 2100A's teletype: `go ... until`, `expect`,
//! `noexpect`, `send` (the rules and the queue are `machine_core::scp::expect`'s):
//!
//! ```text
//! go [ADDR] [until ADDR|"TEXT"]    (also run): stop at ADDR (a breakpoint for this run),
//!                                  or when the teletype has printed TEXT
//! expect [-p] [-c] [[N]] "TEXT" [ACTIONS]   stop when the teletype prints TEXT (the Nth
//!                                  time), then run ACTIONS (commands separated by `;`)
//! expect "TEXT" send "KEYS"        (this console's older form, kept: type KEYS when TEXT
//!                                  is printed, without stopping; note 1)
//! noexpect ["TEXT"]                drop every rule, or TEXT's (not the older form's)
//! send [after=N][,delay=N] "KEYS"  type KEYS, the first after N instructions, the next
//!                                  each N after the one before (SIMH's default 1000)
//! send after=N,delay=N             set those defaults
//! ```
//!
//! A run that an expect rule stopped says nothing (SIMH prints no message for it outside
//! `do -v`); the rule's actions run next.
//!
//! Implementation notes:
//!
//! 1. `expect "TEXT" send "KEYS"` with nothing after it is how this console's scripts
//!    answered a program's questions before SIMH's form was built: it types KEYS when TEXT
//!    appears and the run goes on. SIMH stops the run there, then sends; a SIMH do-file
//!    writes `expect "TEXT" send "KEYS"; continue` (or `; go`) for the same effect, and
//!    that runs here as on SIMH. The older form is an answer rule of the engine
//!    (`machine_core::scp::keyin`, kept by the console's keys: `machine_core::ConsoleKeys`
//!    note 6); `noexpect` and `show expect` see only the rules that stop the run.
//! 2. Instructions of `after=` and `delay=` are counted in emulated time at the machine's
//!    mean instruction time so far (2 µs before its first instruction):
//!    `machine_core::scp::expect` note 1.

use super::dofile::quoted;
use super::{address, split_word, CmdResult, Console, Next};
use machine_core::scp::expect::Rule;
use machine_core::scp::keyin::{self, Then};
use machine_core::Stop;
use std::io::Write;
use std::sync::atomic::Ordering;

/// The mean instruction time assumed before the first instruction (note 2).
const FIRST_INSTRUCTION_NS: u64 = 2_000;

impl<W: Write + 'static> Console<W> {
    /// `go`/`run [ADDR] [until ADDR|"TEXT"]`.
    pub(super) fn go(&mut self, rest: &str, reset: bool) -> CmdResult {
        self.powered()?;
        let (first, tail) = split_word(rest);
        let (start, until) = if first.eq_ignore_ascii_case("until") {
            ("", Some(tail.trim()))
        } else {
            match split_word(tail) {
                (w, t) if w.eq_ignore_ascii_case("until") => (first, Some(t.trim())),
                ("", _) => (first, None),
                (w, _) => {
                    return Err(format!(
                        "go: Unexpected argument: {w} (go [ADDR] [until ADDR|\"TEXT\"])"
                    ))
                }
            }
        };
        let mut stop_at = None;
        if let Some(u) = until {
            if u.is_empty() {
                return Err("go until: Too few arguments: an address or a quoted text".into());
            }
            if u.starts_with(['"', '\'']) || u.to_ascii_uppercase().starts_with("HALTAFTER=") {
                self.expect(u)?;
            } else {
                stop_at = Some(u32::from(address(u)?));
            }
        }
        if !start.is_empty() {
            self.machine.p = address(start)?;
        }
        if reset {
            self.machine.preset();
        }
        if self.held(!start.is_empty()) {
            return Ok(Next::Continue);
        }
        let added = stop_at.filter(|&a| self.machine.breakpoints.insert(a));
        let mut stop = self.machine.run(self.limit);
        // A breakpoint with a count lets the run go on until its Nth arrival (`breaks.rs`).
        while self.passes(stop) {
            stop = self.machine.run(self.limit);
        }
        if let Some(a) = added {
            self.machine.breakpoints.remove(a);
        }
        self.report(stop)?;
        Ok(Next::Continue)
    }

    /// A run's stop that an expect rule made: its actions are kept for the script to run
    /// next and nothing is said (the switch the rule pressed is released).
    pub(super) fn expect_stop(&mut self, stop: Stop) -> bool {
        let keys = self.tty_mut().host.inner_mut();
        let Some(actions) = keys.expects.take_fired() else {
            return false;
        };
        self.machine.halt_switch().store(false, Ordering::SeqCst);
        self.fired = Some(actions);
        match stop {
            Stop::Operator { .. } | Stop::InputExhausted { .. } => {
                self.last_stop = Some(stop);
                true
            }
            _ => false,
        }
    }

    /// `expect [-p|-c] [[N]] [HALTAFTER=0] "TEXT" [ACTIONS]` (and the older form, note 1).
    pub(super) fn expect(&mut self, rest: &str) -> CmdResult {
        let mut s = rest.trim_start();
        let (mut persist, mut clear_all) = (false, false);
        while let Some(sw) = s.strip_prefix('-') {
            let (w, t) = split_word(sw);
            for c in w.chars().map(|c| c.to_ascii_lowercase()) {
                match c {
                    'p' => persist = true,
                    'c' => clear_all = true,
                    'r' | 'i' => {
                        return Err(format!(
                            "expect -{c}: regular expressions are not built (a plain text matches)"
                        ))
                    }
                    _ => return Err(format!("expect: Invalid switch -{c} (-p, -c)")),
                }
            }
            s = t.trim_start();
        }
        let mut count = 0;
        if let Some(t) = s.strip_prefix('[') {
            let (n, t) = t
                .split_once(']')
                .ok_or("expect: Invalid Repeat count specification")?;
            let n: u32 = n
                .trim()
                .parse()
                .ok()
                .filter(|&n| n > 0)
                .ok_or("expect: Invalid Repeat count specification")?;
            count = n - 1;
            s = t.trim_start();
        }
        let (w, t) = split_word(s);
        if let Some(n) = w.get(..10).filter(|h| h.eq_ignore_ascii_case("HALTAFTER=")) {
            let _ = n;
            if w[10..].trim_end_matches(',') != "0" {
                return Err(
                    "expect HALTAFTER=: only 0 is built (the run stops at the match)".into(),
                );
            }
            s = t.trim_start();
        }
        let (text, tail) =
            quoted(s).map_err(|e| format!("expect: String must be quote delimited: {e}"))?;
        let pattern = s[..s.len() - tail.len()].trim().to_string();
        let actions = tail.trim();
        if !persist && !clear_all && count == 0 {
            if let Some(keys) = older_form(actions)? {
                let rule = keyin::rule(text.as_bytes(), vec![Then::Send(keys.into_bytes())]);
                self.tty_mut()
                    .host
                    .inner_mut()
                    .answer(rule)
                    .map_err(|e| format!("expect: {e}"))?;
                return Ok(Next::Continue);
            }
        }
        let rule = Rule {
            text: text.bytes().map(|b| b & 0x7f).collect(),
            pattern,
            count,
            actions: actions.to_string(),
            persist,
            clear_all,
        };
        self.tty_mut()
            .host
            .inner_mut()
            .expects
            .add(rule)
            .map_err(|e| format!("expect: {e}"))?;
        Ok(Next::Continue)
    }

    /// `noexpect ["TEXT"]`.
    pub(super) fn noexpect(&mut self, rest: &str) -> CmdResult {
        let rest = rest.trim();
        let pattern = if rest.is_empty() {
            None
        } else {
            let (_, tail) = quoted(rest).map_err(|e| format!("noexpect: {e}"))?;
            super::no_more(tail)?;
            Some(rest[..rest.len() - tail.len()].trim().to_string())
        };
        self.tty_mut()
            .host
            .inner_mut()
            .expects
            .clear(pattern.as_deref());
        Ok(Next::Continue)
    }

    /// `nosend`: the keys not yet typed are dropped.
    pub(super) fn nosend(&mut self, rest: &str) -> CmdResult {
        if !rest.trim().is_empty() {
            return Err("Too many arguments: nosend takes none here (one console)".into());
        }
        self.tty_mut().host.inner_mut().sends.clear();
        Ok(Next::Continue)
    }

    /// `show send`, in SIMH's form.
    pub(super) fn show_send(&mut self) -> CmdResult {
        let keys = self.tty().host.inner().sends.pending();
        let mut s = String::from("CONSOLE\n");
        if keys.is_empty() {
            s.push_str("  No Pending Input Data\n");
        } else {
            s.push_str(&format!(
                "  {} bytes of pending input Data:\n    \"{}\"\n",
                keys.len(),
                escaped(&keys)
            ));
        }
        let (after, delay) = self.last_send;
        // SIMH names the wait before the first key only while there is one.
        if after > 0 {
            s.push_str(&format!(
                "  Minimum of {after} instructions before sending first character\n"
            ));
        }
        s.push_str(&format!(
            "  Minimum of {delay} instructions between characters\n  Default delay before first character input is {} instructions\n  Default delay between character input is {} instructions",
            self.send_after, self.send_delay
        ));
        self.say(&s);
        Ok(Next::Continue)
    }

    /// `show expect`, in SIMH's form (the match buffer as long as the longest rule).
    pub(super) fn show_expect(&mut self) -> CmdResult {
        let expects = &self.tty().host.inner().expects;
        let rules = expects.rules();
        let size = rules.iter().map(|r| r.text.len()).max().unwrap_or(0);
        let mut s = String::new();
        if rules.is_empty() {
            s.push_str("  No Rules");
        } else {
            s.push_str(&format!(
                "  Match Buffer Size: {}\n  Buffer Insert Offset: 0\n  Buffer Contents: \"\"\n  Match Rules:",
                size + 1
            ));
            for r in rules {
                s.push_str(&format!("\n    EXPECT {}", r.pattern));
                if r.count > 0 {
                    s.push_str(&format!(" [{}]", r.count));
                }
                if !r.actions.is_empty() {
                    s.push_str(&format!(" {}", r.actions));
                }
            }
        }
        self.say(&s);
        Ok(Next::Continue)
    }

    /// `send [after=N][,delay=N] ["KEYS"]`.
    pub(super) fn send(&mut self, rest: &str) -> CmdResult {
        let mut s = rest.trim_start();
        let (mut after, mut delay) = (None, None);
        while !s.is_empty() && !s.starts_with(['"', '\'']) {
            let end = s
                .find(|c: char| c == ',' || c.is_whitespace())
                .unwrap_or(s.len());
            let (w, t) = s.split_at(end);
            let (key, value) = w.split_once('=').ok_or_else(|| {
                format!("send: Invalid argument {w} (after=N, delay=N, \"KEYS\")")
            })?;
            let n = machine_core::scp::number::count(value, 10)
                .ok_or_else(|| format!("send: Invalid {key} Value: {value}"))?;
            match key.to_ascii_uppercase().as_str() {
                "AFTER" => after = Some(n),
                "DELAY" => delay = Some(n),
                _ => return Err(format!("send: Invalid argument {w} (after=N, delay=N)")),
            }
            s = t.trim_start_matches(',').trim_start();
        }
        let delay_n = delay.unwrap_or(self.send_delay);
        let after_n = after.unwrap_or(if delay.is_some() {
            delay_n
        } else {
            self.send_after
        });
        if s.is_empty() {
            if after.is_none() && delay.is_none() {
                return Err("send: Too few arguments: send [after=N][,delay=N] \"KEYS\"".into());
            }
            self.send_after = after_n;
            self.send_delay = delay_n;
            return Ok(Next::Continue);
        }
        let (text, tail) = quoted(s).map_err(|e| format!("send: {e}"))?;
        super::no_more(tail)?;
        self.last_send = (after_n, delay_n);
        let m = &self.machine;
        let per = m
            .time_ns()
            .checked_div(m.instructions)
            .unwrap_or(FIRST_INSTRUCTION_NS)
            .max(1);
        let now = m.time_ns();
        let keys: Vec<u8> = text.bytes().collect();
        self.tty_mut()
            .host
            .inner_mut()
            .sends
            .queue(&keys, now, after_n * per, delay_n * per)?;
        Ok(Next::Continue)
    }
}

/// The older `expect` form's keys (note 1): the actions are one `send "KEYS"` and nothing
/// else.
fn older_form(actions: &str) -> Result<Option<String>, String> {
    let (w, t) = split_word(actions);
    if !w.eq_ignore_ascii_case("send") || !t.trim_start().starts_with(['"', '\'']) {
        return Ok(None);
    }
    let (keys, tail) = quoted(t).map_err(|e| format!("expect: send {e}"))?;
    Ok(tail.trim().is_empty().then_some(keys))
}

/// Keys as SIMH shows them in quotes: `\r`, `\n`, other controls in octal.
fn escaped(keys: &[u8]) -> String {
    keys.iter()
        .map(|&b| match b {
            b'\r' => "\\r".to_string(),
            b'\n' => "\\n".to_string(),
            b'"' => "\\\"".to_string(),
            b'\\' => "\\\\".to_string(),
            0x20..=0x7e => char::from(b).to_string(),
            b => format!("\\{b:03o}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::Console;
    use machine_core::Stop;
    use std::path::Path;

    #[test]
    fn the_older_form_types_its_keys_and_the_run_goes_on() {
        let nhex = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../roms/nhex.abs");
        let mut c = Console::new(Vec::new());
        let script = format!(
            "attach ptr {}\nboot ptr\nset runlimit 30 seconds\n\
             expect \"KEY-IN SEYO\" send \"12\\r\"\ngo 2\n",
            nhex.display()
        );
        assert_eq!(c.run_text("t.do", &script).unwrap(), 0);
        let paper = c.tty().host.paper();
        let asked = paper.find("KEY-IN SEYO").expect("the question");
        assert!(
            paper[asked..].contains("12\nSENTE WA?"),
            "typed, and the program went on to its next question: {paper}"
        );
        assert!(
            matches!(c.last_stop, Some(Stop::InputExhausted { .. })),
            "the run ended at the next question, not at the match: {:?}",
            c.last_stop
        );
        assert!(!c.keys_waiting(), "the rule fired once");
    }
}
