//! A console teletype's keys, for both machines: a script's (`send`, `expect ... send`,
//! `--input` lines) first, then, at an interactive console, the operator's keys typed ahead
//! (`teletype::TypeAhead`, which the host's reader of the keyboard fills) while the machine
//! runs, as SIMH gives the keyboard to the simulated teletype until Ctrl-E. Nothing here
//! reads a terminal: the queue is filled by whichever host the console is held from (the
//! command line's keyboard reader, a test's bytes).
//!
//! Implementation notes:
//!
//! 1. Keys from the keyboard become what an ASR-33 sends (`teletype::asr33_key`: upper case,
//!    RETURN for LF); Ctrl-D ends the program's input, as at `retro hp2100 run` (the next
//!    run reads the keyboard again).
//! 2. While the program waits and nothing is typed, each poll yields the host CPU for a few
//!    milliseconds, as the teletype's terminal does, so an idle machine does not spin a core.
//! 3. SIMH's `expect` rules and `send` queue (`crate::scp::expect`) are here: a rule that fires
//!    presses the stop switch it was given ([`ConsoleKeys::set_stop`]), and the console runs
//!    the rule's actions. The switch is looked at between slices of a run
//!    (`crate::run`), so the rule also ends the run the moment the program asks for a key
//!    (as the end of a script's input does): a prompt matched stops the machine waiting for
//!    its answer, as on SIMH. Sent keys come before the script's other keys and the
//!    keyboard's.
//! 4. `autolf` (SIMH's `set tty autolf`): a RETURN typed is followed by a LINE FEED, as
//!    SIMH's teleprinter supplies one at its next keyboard poll.
//! 5. `open`: with nothing typed the program waits (`Key::Wait`) instead of its input ending,
//!    for a keyboard whose keys come from elsewhere (a web page's) under a system whose
//!    driver listens between its reads (DOS-M): the machine runs on while it waits.
//! 6. Answer rules ([`ConsoleKeys::answer`]) are the engine's rules of `crate::scp::keyin`
//!    at a console: SIMH's `expect "TEXT" send "KEYS"` typing KEYS when TEXT is printed,
//!    the run going on (the HP console's older form). Their keys are typed after those
//!    `send` queued and before the script's, at once (`keyin` note 2), in a queue of their
//!    own so that they do not change the timing of keys `send` queued; while a rule waits
//!    for its text the program waits, the script's lines still typed at their prompts and
//!    the keyboard's keys taken. A rule's actions may arm further answer rules; no prompt is held at a
//!    console, so [`Then::Asks`] is refused.

use crate::scp::expect::{Expects, Sends};
use crate::scp::keyin::{KeyRule, Then};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use teletype::{asr33_key, Key, Nanos, Scripted, TtyHost, TypeAhead, Typed};

/// Ctrl-D.
const EOT: u8 = 0x04;

/// A script's keys, then the operator's.
pub struct ConsoleKeys {
    pub scripted: Scripted,
    live: Option<TypeAhead>,
    /// SIMH's expect rules (note 3).
    pub expects: Expects,
    /// SIMH's send queue (note 3).
    pub sends: Sends,
    /// Answer rules, typing without stopping the run (note 6).
    answers: Expects<Vec<Then>>,
    /// The keys fired answer rules typed (note 6).
    answered: Sends,
    /// Keys an answer rule could not queue: the input ends with it.
    error: Option<String>,
    /// Type a LINE FEED after each RETURN (note 4).
    pub autolf: bool,
    /// Nothing typed is a wait, not the end of the input (note 5).
    pub open: bool,
    lf_due: bool,
    stop: Option<Arc<AtomicBool>>,
    /// The emulated time of the last key asked for or character printed.
    pub now: Nanos,
}

impl ConsoleKeys {
    pub fn new(scripted: Scripted) -> Self {
        Self::with_keyboard(scripted, None)
    }

    /// The script's keys, then those of `keys` if given.
    pub fn with_keyboard(scripted: Scripted, keys: Option<TypeAhead>) -> Self {
        Self {
            scripted,
            live: keys,
            expects: Expects::default(),
            sends: Sends::default(),
            answers: Expects::default(),
            answered: Sends::default(),
            error: None,
            autolf: false,
            open: false,
            lf_due: false,
            stop: None,
            now: 0,
        }
    }

    /// The switch a firing expect rule presses to stop the machine (its HALT switch).
    pub fn set_stop(&mut self, stop: Arc<AtomicBool>) {
        self.stop = Some(stop);
    }

    /// The lines of the file `input` typed one per prompt (none without it), then those of
    /// `keys` if given: a session's `--input` and its terminal.
    ///
    /// # Errors
    /// An unreadable `input`, named.
    pub fn from_input(
        input: Option<&std::path::Path>,
        keys: Option<TypeAhead>,
    ) -> Result<Self, String> {
        let scripted = match input {
            Some(p) => Scripted::from_lines(&crate::text::read_text(p).map_err(|e| e.to_string())?),
            None => Scripted::new(),
        };
        Ok(Self::with_keyboard(scripted, keys))
    }

    /// Whether the operator's keys follow the script's.
    pub fn has_keyboard(&self) -> bool {
        self.live.is_some()
    }

    /// Give the teletype the operator's keyboard (or take it away).
    pub fn set_keyboard(&mut self, keys: Option<TypeAhead>) {
        self.live = keys;
    }

    /// Add an answer rule (note 6).
    ///
    /// # Errors
    /// A persistent rule with the same text is there, a text to send is longer than a
    /// console keeps ([`crate::scp::expect::SEND_BYTES`]), or an action asks for a prompt's line.
    pub fn answer(&mut self, rule: KeyRule) -> Result<(), String> {
        crate::scp::keyin::check(&rule.actions, false)?;
        self.answers.add(rule)
    }

    /// Whether keys typed, sent or armed (by an expect or answer rule) still wait for the
    /// program.
    pub fn keys_waiting(&self) -> bool {
        self.scripted.has_input()
            || self.sends.waiting()
            || self.answered.waiting()
            || self.answers.any()
    }

    /// Why the input ended early: keys an answer rule could not queue.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// A fired answer rule's actions (note 6).
    fn act(&mut self, then: Vec<Then>, at: Nanos) {
        for t in then {
            let r = match t {
                Then::Send(k) => self.answered.queue(&k, at, 0, 0),
                // As `keyin` note 5: a persistent rule armed already stays the one there.
                Then::Expect(r) => self.answers.add(r).or(Ok(())),
                Then::Asks(_) => Ok(()),
            };
            if let Err(e) = r {
                self.error.get_or_insert(e);
            }
        }
    }
}

impl TtyHost for ConsoleKeys {
    fn print(&mut self, ch: u8, at: Nanos) {
        self.now = at;
        self.scripted.print(ch, at);
        if self.answers.printed(ch & 0x7f) {
            if let Some(then) = self.answers.take_fired() {
                self.act(then, at);
            }
        }
        if self.expects.printed(ch) {
            if let Some(s) = &self.stop {
                s.store(true, Ordering::SeqCst);
            }
        }
    }

    fn key(&mut self, at: Nanos) -> Key {
        self.now = at;
        if self.expects.has_fired() {
            // The program asks for a key after an expect rule fired: the run ends here,
            // where SIMH's ends (note 3).
            return Key::End;
        }
        if self.error.is_some() {
            return Key::End;
        }
        let k = self.any_key(at);
        if self.autolf {
            self.lf_due = k == Key::Char(b'\r');
        }
        k
    }
}

impl ConsoleKeys {
    fn any_key(&mut self, at: Nanos) -> Key {
        if self.lf_due {
            return Key::Char(b'\n');
        }
        if let Some(c) = self.sends.key(at) {
            return Key::Char(c);
        }
        if let Some(c) = self.answered.key(at) {
            return Key::Char(c);
        }
        let mut from_script = self.scripted.key(at);
        if from_script == Key::End && (self.answers.any() || self.answered.waiting()) {
            // An answer rule waits for its text: the script's keys may come (note 6).
            from_script = Key::Wait;
        }
        if (self.sends.waiting() || self.expects.any()) && from_script == Key::End {
            // Keys sent but not due yet, or a rule waiting for the program's text: the
            // program waits, as SIMH's does for keys that may come.
            return Key::Wait;
        }
        let Some(live) = &self.live else {
            if self.open && from_script == Key::End {
                return Key::Wait;
            }
            return from_script;
        };
        if let Key::Char(_) = from_script {
            return from_script;
        }
        loop {
            match live.take() {
                Typed::Byte(b) if b & 0x7f == EOT => return from_script,
                Typed::Byte(b) => {
                    if let Some(c) = asr33_key(b) {
                        return Key::Char(c);
                    }
                }
                Typed::Wait => {
                    std::thread::sleep(Duration::from_millis(2));
                    return Key::Wait;
                }
                Typed::End => return from_script,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scp::expect::SEND_BYTES;

    /// The keys given until the input ends (or `n` polls).
    fn keys(k: &mut ConsoleKeys, n: usize) -> Vec<Key> {
        let mut got = Vec::new();
        for _ in 0..n {
            match k.key(0) {
                Key::End => break,
                key => got.push(key),
            }
        }
        got
    }

    #[test]
    fn the_script_s_keys_then_the_keyboard_s_as_the_asr33_sends_them_until_ctrl_d() {
        let typed = TypeAhead::new();
        assert!(typed.feed().push(b"ok\n\x04later"));
        let mut k = ConsoleKeys::with_keyboard(Scripted::from_lines("A\n"), Some(typed.clone()));
        assert!(k.has_keyboard());
        // A script types its line once the machine has printed (a prompt).
        k.print(b'?', 0);
        let want: Vec<Key> = b"A\rOK\r".iter().map(|&c| Key::Char(c)).collect();
        assert_eq!(keys(&mut k, 20), want);
        // Ctrl-D ended this run's input; the next run reads the keyboard again.
        assert_eq!(typed.waiting(), 5);
        k.set_keyboard(None);
        assert!(!k.has_keyboard());
        assert_eq!(k.key(0), Key::End);
    }

    fn answer(k: &mut ConsoleKeys, text: &str, keys: &str) -> Result<(), String> {
        let then = vec![Then::Send(keys.as_bytes().to_vec())];
        k.answer(crate::scp::keyin::rule(text.as_bytes(), then))
    }

    #[test]
    fn an_answer_rule_types_once_on_its_text_and_the_scripts_lines_still_come() {
        let mut k = ConsoleKeys::new(Scripted::from_lines("L"));
        answer(&mut k, "EXECUT.)", "101100\r").unwrap();
        assert!(k.keys_waiting());
        "NO: ".bytes().for_each(|b| k.print(b, 0));
        assert_eq!(k.key(0), Key::Char(b'L'));
        assert_eq!(k.key(0), Key::Char(b'\r'));
        assert_eq!(k.key(0), Key::Wait, "the rule waits for its text");
        "\r\nDSN(,SEQ.DIAG.EXECUT.)"
            .bytes()
            .for_each(|b| k.print(b, 0));
        let want: Vec<Key> = b"101100\r".iter().map(|&c| Key::Char(c)).collect();
        assert_eq!(keys(&mut k, 20), want, "fired once, the run going on");
        assert!(!k.keys_waiting());
        assert!(!k.expects.has_fired(), "an answer does not stop the run");
    }

    #[test]
    fn answer_keys_come_after_sends_and_do_not_change_their_timing() {
        let mut k = ConsoleKeys::new(Scripted::new());
        k.sends.queue(b"S", 0, 100, 0).unwrap();
        answer(&mut k, "?", "A").unwrap();
        k.print(b'?', 10);
        assert_eq!(k.key(10), Key::Char(b'A'));
        assert_eq!(k.key(20), Key::Wait, "the send's key is not due");
        assert_eq!(k.key(100), Key::Char(b'S'));
        assert_eq!(k.key(100), Key::End);
    }

    #[test]
    fn an_answer_too_long_or_asking_for_a_prompt_is_refused() {
        let mut k = ConsoleKeys::new(Scripted::new());
        let long = "A".repeat(SEND_BYTES + 1);
        assert!(answer(&mut k, "?", &long)
            .unwrap_err()
            .contains("4097 keys"));
        let asks = crate::scp::keyin::prompt(b"?", "line");
        assert!(k.answer(asks).unwrap_err().contains("no prompt"));
        assert!(!k.keys_waiting());
    }

    #[test]
    fn autolf_follows_each_return_with_a_line_feed() {
        let mut k = ConsoleKeys::new(Scripted::from_lines("GO\n"));
        k.autolf = true;
        k.print(b'?', 0);
        let want: Vec<Key> = b"GO\r\n".iter().map(|&c| Key::Char(c)).collect();
        assert_eq!(keys(&mut k, 20), want);
    }
}
