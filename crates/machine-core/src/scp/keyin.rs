//! A running program's keyboard typed by SIMH's `expect`/`send` rules ([`super::expect`]) with
//! no console between: the one way prepared keys reach a program that asks for them, whether
//! an operator's dialogue (a question, then its answer), a do-file's steps or a person's lines
//! held until the program asks. A [`Keyin`] wraps the person's host `H` (their keys, the
//! paper) and sits between it and the machine's teletype:
//!
//! - answer rules ([`Keyin::answer`]): SIMH's `expect "TEXT" send "KEYS"` with the run going
//!   on, as the consoles' older form types; a rule's actions may arm further rules
//!   ([`Then::Expect`]), so a dialogue is an ordered list of rules, each armed when the one
//!   before it fired ([`Keyin::dialogue`]);
//! - a hold ([`Keyin::hold`]): the person's keys, and keys given to go first
//!   ([`Keyin::first`]), wait until a prompt rule of the program ([`Prompts`]) says it asks
//!   for a line ([`Then::Asks`]); when the line's RETURN is typed the program's prompt rules
//!   for the next line are armed.
//!
//! Sources: those of [`super::expect`] (Open SIMH 4's `scp.c`, `sim_set_expect`,
//! `sim_exp_check`, `send_cmd`; the SIMH user's guide, "Automating a simulator's console").
//!
//! Implementation notes:
//!
//! 1. Rules come before the person: while an answer rule waits for its text, or its keys
//!    wait to be typed, the person's keys wait too. When no rule is left and nothing is
//!    queued, the person's host gives the keys, and its end is the end of the input.
//! 2. Keys sent by a rule are typed at once (SIMH's `send` with `after=0,delay=0`): the
//!    teletype asks only while its program listens, one character time apart.
//! 3. A prompt is matched by the engine's rules, which use up what they matched. By default
//!    a prompt counts only while it is the last thing printed when the program asks for a
//!    key ([`Prompts::lasting`] false): a program that prints a prompt's text in its output
//!    and prints on is not asking. Blanks printed after a prompt leave it standing (`? `
//!    asks as `?` does). A lasting prompt stands until the line is typed.
//! 4. Every key typed, whoever typed it, belongs to the line: when the line ends the
//!    program's prompt rules for the next line are armed afresh, so a prompt must be printed
//!    after the end of the line before it. The line ends at RETURN, or, with
//!    [`Keyin::autolf`], at the LINE FEED typed after it (a system whose driver ends a line
//!    there, as DOS-M's does).
//! 5. Arming a persistent rule that is armed already leaves the one there (the engine refuses
//!    a second with the same text).

use super::expect::{Expects, Rule, Sends, SEND_BYTES};
use std::collections::VecDeque;
use teletype::{Key, Nanos, TtyHost};

/// What a rule of a [`Keyin`] does when it fires.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Then {
    /// Type these keys (`send "KEYS"`, note 2).
    Send(Vec<u8>),
    /// Arm this rule (an `expect` among the actions).
    Expect(KeyRule),
    /// The program asks for the person's next line; the label is given to
    /// [`Prompts::next`] with that line.
    Asks(&'static str),
}

/// A rule whose actions are [`Then`]s.
pub type KeyRule = Rule<Vec<Then>>;

/// A one-shot rule: when `text` is printed, do `then`.
pub fn rule(text: &[u8], then: Vec<Then>) -> KeyRule {
    let text: Vec<u8> = text.iter().map(|b| b & 0x7f).collect();
    Rule {
        pattern: format!("{:?}", String::from_utf8_lossy(&text)),
        text,
        count: 0,
        actions: then,
        persist: false,
        clear_all: false,
    }
}

/// A rule that stays after it fires (`expect -p`).
pub fn lasting(text: &[u8], then: Vec<Then>) -> KeyRule {
    Rule {
        persist: true,
        ..rule(text, then)
    }
}

/// A prompt: a lasting rule that says the program asks, with the label `label`.
pub fn prompt(text: &[u8], label: &'static str) -> KeyRule {
    lasting(text, vec![Then::Asks(label)])
}

/// One step of a dialogue: keys typed, or a text awaited before the next steps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    Send(Vec<u8>),
    Expect(Vec<u8>),
}

/// What a program prints when it asks for a line (a [`Keyin`]'s hold).
pub trait Prompts {
    /// The prompt rules for the line after `line` (its keys, without the RETURN; `None`
    /// before the first), typed at the prompt labelled `asked` (`None`: a rule typed it).
    fn next(&mut self, line: Option<&[u8]>, asked: Option<&'static str>) -> Vec<KeyRule>;

    /// Whether a prompt stands until the line is typed, whatever is printed after it
    /// (note 3).
    fn lasting(&self) -> bool {
        false
    }
}

/// The person's keys held until the program asks.
struct Hold {
    prompts: Box<dyn Prompts>,
    rules: Expects<Vec<Then>>,
    /// The prompt that stands, by its label.
    asking: Option<&'static str>,
    /// The line may be typed: the label of the prompt it answers.
    open: Option<&'static str>,
    /// The line being typed.
    line: Vec<u8>,
}

impl Hold {
    fn arm(&mut self, line: Option<&[u8]>) {
        let asked = self.open.take();
        self.rules = Expects::default();
        for r in self.prompts.next(line, asked) {
            // Note 5.
            self.rules.add(r).ok();
        }
        self.asking = None;
        self.line.clear();
    }
}

/// A program's keyboard typed by rules around the person's host `H` (the module's notes).
pub struct Keyin<H> {
    inner: H,
    answers: Expects<Vec<Then>>,
    sends: Sends,
    hold: Option<Hold>,
    first: VecDeque<u8>,
    autolf: bool,
    lf_due: bool,
    /// Characters printed, and how many had been when an answer rule last fired.
    printed: usize,
    matched: usize,
    /// Keys a rule could not queue: the input ends with it.
    error: Option<String>,
}

impl<H> Keyin<H> {
    /// The person's host alone: no rules, nothing held.
    pub fn new(inner: H) -> Self {
        Keyin {
            inner,
            answers: Expects::default(),
            sends: Sends::default(),
            hold: None,
            first: VecDeque::new(),
            autolf: false,
            lf_due: false,
            printed: 0,
            matched: 0,
            error: None,
        }
    }

    /// Add an answer rule.
    ///
    /// # Errors
    /// A persistent rule with the same text is there, or a text to send is longer than a
    /// console keeps ([`SEND_BYTES`]).
    pub fn answer(&mut self, rule: KeyRule) -> Result<(), String> {
        check(&rule.actions, true)?;
        self.answers.add(rule)
    }

    /// Play `steps` in order: the keys before the first awaited text at once, then each
    /// text's following keys when it has been printed, the next text armed then.
    ///
    /// # Errors
    /// As [`Keyin::answer`].
    pub fn dialogue(&mut self, steps: &[Step]) -> Result<(), String> {
        let first = steps
            .iter()
            .position(|s| matches!(s, Step::Expect(_)))
            .unwrap_or(steps.len());
        for s in &steps[..first] {
            if let Step::Send(k) = s {
                self.queue(k, 0)?;
            }
        }
        // From the last step back, each awaited text's actions: its keys, then the next rule.
        let mut then: Vec<Then> = Vec::new();
        for s in steps[first..].iter().rev() {
            match s {
                Step::Send(k) => then.insert(0, Then::Send(k.clone())),
                Step::Expect(t) => then = vec![Then::Expect(rule(t, then))],
            }
        }
        for t in then {
            if let Then::Expect(r) = t {
                self.answer(r)?;
            }
        }
        Ok(())
    }

    /// Hold the person's keys until the program asks (`prompts`).
    pub fn hold(&mut self, prompts: Box<dyn Prompts>) {
        let mut h = Hold {
            prompts,
            rules: Expects::default(),
            asking: None,
            open: None,
            line: Vec::new(),
        };
        h.arm(None);
        self.hold = Some(h);
    }

    /// Keys typed before the person's, held as theirs are.
    pub fn first(&mut self, keys: &[u8]) {
        self.first.extend(keys.iter().map(|b| b & 0x7f));
    }

    /// Type a LINE FEED after each RETURN (note 4).
    pub fn autolf(&mut self) {
        self.autolf = true;
    }

    pub fn inner(&self) -> &H {
        &self.inner
    }

    pub fn into_inner(self) -> H {
        self.inner
    }

    /// Whether an answer rule waits for its text or keys wait to be typed.
    pub fn waiting(&self) -> bool {
        self.answers.any() || self.sends.waiting()
    }

    /// How many characters had been printed when an answer rule last fired.
    pub fn matched(&self) -> usize {
        self.matched
    }

    /// Why the input ended early: keys a rule could not queue.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    fn queue(&mut self, keys: &[u8], at: Nanos) -> Result<(), String> {
        self.sends.queue(keys, at, 0, 0)
    }

    /// A fired rule's actions: an answer rule's, or with `prompt` a prompt rule's (the rules
    /// it arms are prompt rules too).
    fn act(&mut self, then: Vec<Then>, at: Nanos, prompt: bool) {
        for t in then {
            let r = match t {
                Then::Send(k) => self.queue(&k, at),
                // Note 5.
                Then::Expect(r) => match &mut self.hold {
                    Some(h) if prompt => h.rules.add(r).or(Ok(())),
                    _ => self.answers.add(r).or(Ok(())),
                },
                Then::Asks(label) => {
                    if let Some(h) = &mut self.hold {
                        h.asking = Some(label);
                    }
                    Ok(())
                }
            };
            if let Err(e) = r {
                self.error.get_or_insert(e);
            }
        }
    }

    /// A key typed, by a rule or the person (note 4).
    fn typed(&mut self, c: u8) {
        self.lf_due = self.autolf && c == b'\r';
        let Some(h) = &mut self.hold else {
            return;
        };
        let end = if self.autolf { b'\n' } else { b'\r' };
        if c == end {
            let line = std::mem::take(&mut h.line);
            h.arm(Some(&line));
        } else if c != b'\r' && c != b'\n' {
            h.line.push(c);
        }
    }
}

/// Refuse keys no console would queue, in rules and the rules they arm; with `prompts`
/// false, also the prompts a console does not hold (a rule of the console's own keys).
pub(crate) fn check(then: &[Then], prompts: bool) -> Result<(), String> {
    for t in then {
        match t {
            Then::Send(k) if k.len() > SEND_BYTES => {
                return Err(format!(
                    "send: {} keys, more than the {SEND_BYTES} a console keeps",
                    k.len()
                ))
            }
            Then::Send(_) => {}
            Then::Expect(r) => check(&r.actions, prompts)?,
            Then::Asks(label) if !prompts => {
                return Err(format!(
                "a console holds no prompt: the rule's `{label}` is for a keyboard with no console"
            ))
            }
            Then::Asks(_) => {}
        }
    }
    Ok(())
}

impl<H: TtyHost> TtyHost for Keyin<H> {
    fn print(&mut self, ch: u8, at: Nanos) {
        self.inner.print(ch, at);
        self.printed += 1;
        let c = ch & 0x7f;
        if self.answers.printed(c) {
            self.matched = self.printed;
            if let Some(then) = self.answers.take_fired() {
                self.act(then, at, false);
            }
        }
        let Some(h) = &mut self.hold else {
            return;
        };
        if h.rules.printed(c) {
            if let Some(then) = h.rules.take_fired() {
                self.act(then, at, true);
            }
        } else if c != b' ' && !h.prompts.lasting() {
            // Note 3: printing on withdraws the prompt.
            h.asking = None;
        }
    }

    fn key(&mut self, at: Nanos) -> Key {
        if self.lf_due {
            self.typed(b'\n');
            return Key::Char(b'\n');
        }
        if self.error.is_some() {
            return Key::End;
        }
        if let Some(c) = self.sends.key(at) {
            self.typed(c);
            return Key::Char(c);
        }
        if self.waiting() {
            return Key::Wait;
        }
        if let Some(h) = &mut self.hold {
            if h.open.is_none() {
                match h.asking {
                    Some(label) => h.open = Some(label),
                    None => return Key::Wait,
                }
            }
        }
        let k = match self.first.pop_front() {
            Some(c) => Key::Char(c),
            None => self.inner.key(at),
        };
        if let Key::Char(c) = k {
            self.typed(c & 0x7f);
        }
        k
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use teletype::Scripted;

    fn print<H: TtyHost>(k: &mut Keyin<H>, s: &str) {
        s.bytes().for_each(|b| k.print(b, 0));
    }

    /// The keys typed until the keyboard waits or ends, echoed as they come.
    fn take<H: TtyHost>(k: &mut Keyin<H>) -> String {
        let mut s = String::new();
        while let Key::Char(c) = k.key(0) {
            s.push(c as char);
            k.print(c, 0);
        }
        s
    }

    #[test]
    fn an_answer_is_typed_when_its_text_is_printed_and_the_run_goes_on() {
        let mut k = Keyin::new(Scripted::new());
        k.answer(rule(b"SIZE?", vec![Then::Send(b"16\r".to_vec())]))
            .unwrap();
        k.answer(rule(b"ADDRESS?", vec![Then::Send(b"12\r".to_vec())]))
            .unwrap();
        assert_eq!(k.key(0), Key::Wait, "rules wait for their text");
        print(&mut k, "I/O ADDRESS?");
        assert_eq!(take(&mut k), "12\r");
        print(&mut k, "\r\nCORE SIZE?");
        assert_eq!(take(&mut k), "16\r");
        assert_eq!(k.key(0), Key::End, "no rule left: the person's host ends");
    }

    #[test]
    fn a_dialogues_rules_are_armed_one_after_the_other() {
        let steps = [
            Step::Send(b"A".to_vec()),
            Step::Expect(b"?".to_vec()),
            Step::Send(b"B".to_vec()),
            Step::Send(b"C".to_vec()),
            Step::Expect(b"!".to_vec()),
            Step::Expect(b"?".to_vec()),
        ];
        let mut k = Keyin::new(Scripted::new());
        k.dialogue(&steps).unwrap();
        assert_eq!(take(&mut k), "A", "keys before the first text at once");
        print(&mut k, "!");
        assert_eq!(k.key(0), Key::Wait, "the second text is not armed yet");
        print(&mut k, "?");
        assert_eq!(take(&mut k), "BC");
        print(&mut k, "?!?");
        assert!(!k.waiting());
        assert_eq!(k.matched(), 8, "up to the last text, echoes counted");
        assert_eq!(k.key(0), Key::End);
    }

    /// Lines asked for after `> `, or after `?` only once `WAIT` was typed.
    struct Asks;
    impl Prompts for Asks {
        fn next(&mut self, line: Option<&[u8]>, _: Option<&'static str>) -> Vec<KeyRule> {
            if line == Some(b"WAIT") {
                vec![prompt(b"?", "q")]
            } else {
                vec![prompt(b"> ", "line"), prompt(b"?", "q")]
            }
        }
    }

    #[test]
    fn held_lines_wait_for_a_prompt_that_is_the_last_thing_printed() {
        let mut k = Keyin::new(Scripted::from_lines("ONE\nWAIT\nTWO\n"));
        k.hold(Box::new(Asks));
        print(&mut k, "HELLO");
        assert_eq!(k.key(0), Key::Wait);
        print(&mut k, "> ");
        assert_eq!(take(&mut k), "ONE\r");
        print(&mut k, "\r\n?X");
        assert_eq!(k.key(0), Key::Wait, "printing on withdraws a prompt");
        print(&mut k, "> ? ");
        assert_eq!(take(&mut k), "WAIT\r", "blanks after a prompt leave it");
        print(&mut k, "\r\n> ");
        assert_eq!(k.key(0), Key::Wait, "after WAIT only ? asks");
        print(&mut k, "?");
        assert_eq!(take(&mut k), "TWO\r");
    }

    /// DOS-M's `@`, lasting.
    struct At;
    impl Prompts for At {
        fn next(&mut self, _: Option<&[u8]>, _: Option<&'static str>) -> Vec<KeyRule> {
            vec![prompt(b"\n@", "dos")]
        }
        fn lasting(&self) -> bool {
            true
        }
    }

    #[test]
    fn keys_given_first_go_first_and_autolf_ends_the_line_at_its_line_feed() {
        let mut k = Keyin::new(Scripted::from_lines("77\n"));
        k.hold(Box::new(At));
        k.autolf();
        k.first(b"A\r");
        print(&mut k, "\r\n@BOOT");
        assert_eq!(k.key(0), Key::Char(b'A'), "a lasting prompt stands");
        assert_eq!(k.key(0), Key::Char(b'\r'));
        assert_eq!(k.key(0), Key::Char(b'\n'));
        assert_eq!(k.key(0), Key::Wait, "the next line waits");
        print(&mut k, "\r\n@");
        assert_eq!(take(&mut k), "77\r\n");
        assert_eq!(k.key(0), Key::Wait);
    }

    #[test]
    fn rules_come_before_the_persons_keys() {
        let mut s = Scripted::new();
        s.type_now("X");
        let mut k = Keyin::new(s);
        k.answer(rule(b"READY", vec![Then::Send(b"P\r".to_vec())]))
            .unwrap();
        assert_eq!(k.key(0), Key::Wait);
        print(&mut k, "READY");
        assert_eq!(take(&mut k), "P\rX");
    }

    #[test]
    fn a_send_longer_than_a_console_keeps_is_refused() {
        let mut k = Keyin::new(Scripted::new());
        let big = vec![Then::Send(vec![b'A'; SEND_BYTES + 1])];
        let e = k
            .answer(rule(b"X", vec![Then::Expect(rule(b"Y", big))]))
            .unwrap_err();
        assert!(e.contains("4097 keys"), "{e}");
        assert!(!k.waiting(), "nothing armed");
    }

    #[test]
    fn keys_piling_past_what_a_console_keeps_end_the_input_with_the_reason() {
        let mut k = Keyin::new(Scripted::new());
        let keys = vec![Then::Send(vec![b'A'; SEND_BYTES / 2 + 1])];
        k.answer(lasting(b"?", keys)).unwrap();
        print(&mut k, "?");
        assert_eq!(k.error(), None);
        print(&mut k, "?");
        assert!(k.error().is_some_and(|e| e.contains("keys would wait")));
        assert_eq!(k.key(0), Key::End);
    }
}
