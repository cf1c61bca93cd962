//! SIMH's `expect` and `send` for a console teletype, as Open SIMH 4 defines them (`scp.c`,
//! `sim_set_expect`, `sim_exp_check`, `send_cmd`, `sim_send_input`; the SIMH user's guide,
//! "Automating a simulator's console"):
//!
//! - an expect rule is a string the teletype must print; `[N]` lets it match N times before
//!   it fires; `-p` keeps it after it fires (otherwise it is dropped), `-c` drops every rule
//!   when it fires. When it fires the running machine stops and the rule's actions (the rest
//!   of its line, commands separated by `;`) are the console's next commands. What was
//!   printed before a match cannot match again;
//! - `send` queues keys: the first is typed no sooner than `after` instructions from the
//!   command, each next one no sooner than `delay` instructions after the one before
//!   (SIMH's defaults: delay 1000, after = delay); `send after=N,delay=N` with no string
//!   sets the defaults.
//!
//! Implementation notes:
//!
//! 1. The teletype asks for a key with the emulated time; instructions are counted as that
//!    time over the machine's mean instruction time, which the console gives with each
//!    `send` ([`Sends::queue`]). The 2100A teletype takes a key only every 100 ms (ten
//!    characters a second), far more than SIMH's default delay, so only a large `after` or
//!    `delay` shows.
//! 2. SIMH's `-r` (a regular expression) and `HALTAFTER=` are not built: they are refused
//!    with a message saying so.
//! 3. A rule's actions are console commands at a console (the default, text); a program's
//!    keyboard typed by rules with no console between ([`super::keyin`]) gives its rules
//!    actions of its own type: the matching is the same.

use std::collections::VecDeque;
use teletype::Nanos;

/// SIMH's default `send` delay, in instructions (`SEND_DEFAULT_DELAY`).
pub const SEND_DEFAULT_DELAY: u64 = 1000;

/// The most keys `send` keeps waiting for a console's teleprinter, as the web page bounds a
/// tab's keys: a `send` that would queue more is refused, the queue kept.
pub const SEND_BYTES: usize = 4096;

/// One expect rule; `A` is what it does when it fires (note 3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule<A = String> {
    /// The text to match, escapes resolved.
    pub text: Vec<u8>,
    /// As written (for `noexpect "TEXT"` and `show expect`).
    pub pattern: String,
    /// Matches still to let pass before the rule fires (`[N]` gives N - 1).
    pub count: u32,
    /// The commands to run when it fires (may be empty: just stop).
    pub actions: A,
    /// `-p`: the rule stays after it fires.
    pub persist: bool,
    /// `-c`: every rule goes when it fires.
    pub clear_all: bool,
}

/// The console teletype's expect rules and what they have seen.
#[derive(Debug)]
pub struct Expects<A = String> {
    rules: Vec<Rule<A>>,
    /// Printed text since the last match (at most the longest rule's length is kept).
    seen: Vec<u8>,
    /// A rule fired and the machine has to stop: its actions.
    fired: Option<A>,
}

impl<A> Default for Expects<A> {
    fn default() -> Self {
        Expects {
            rules: Vec::new(),
            seen: Vec::new(),
            fired: None,
        }
    }
}

impl<A: Clone> Expects<A> {
    /// Add a rule.
    ///
    /// # Errors
    /// A persistent rule with the same pattern already exists (SIMH refuses it too).
    pub fn add(&mut self, rule: Rule<A>) -> Result<(), String> {
        if self
            .rules
            .iter()
            .any(|r| r.persist && r.pattern == rule.pattern)
        {
            return Err("Persistent Expect rule with identical match string already exists".into());
        }
        self.rules.push(rule);
        Ok(())
    }

    /// `noexpect`: every rule, or those whose pattern is `pattern`.
    pub fn clear(&mut self, pattern: Option<&str>) {
        match pattern {
            None => {
                self.rules.clear();
                self.seen.clear();
            }
            Some(p) => self.rules.retain(|r| r.pattern != p),
        }
    }

    /// The rules, in the order they were made.
    pub fn rules(&self) -> &[Rule<A>] {
        &self.rules
    }

    /// Whether any rule is waiting.
    pub fn any(&self) -> bool {
        !self.rules.is_empty()
    }

    /// The teletype printed `ch`; true when a rule fired (the machine has to stop).
    pub fn printed(&mut self, ch: u8) -> bool {
        if self.rules.is_empty() {
            return false;
        }
        self.seen.push(ch);
        let longest = self.rules.iter().map(|r| r.text.len()).max().unwrap_or(0);
        if self.seen.len() > longest.max(1) * 2 {
            let cut = self.seen.len() - longest;
            self.seen.drain(..cut);
        }
        let Some(i) = self
            .rules
            .iter()
            .position(|r| !r.text.is_empty() && self.seen.ends_with(&r.text))
        else {
            return false;
        };
        // What matched is used up, whether or not the rule fires now.
        self.seen.clear();
        let rule = &mut self.rules[i];
        if rule.count > 0 {
            rule.count -= 1;
            return false;
        }
        let actions = rule.actions.clone();
        if rule.clear_all {
            self.rules.clear();
        } else if !rule.persist {
            self.rules.remove(i);
        }
        self.fired = Some(actions);
        true
    }

    /// Whether a rule fired and its actions have not been taken.
    pub fn has_fired(&self) -> bool {
        self.fired.is_some()
    }

    /// The actions of a rule that fired since the last call, if one did.
    pub fn take_fired(&mut self) -> Option<A> {
        self.fired.take()
    }
}

/// Keys queued by `send`, each with the earliest time it may be typed.
#[derive(Debug, Default)]
pub struct Sends {
    keys: VecDeque<u8>,
    /// The earliest time for the next key.
    next: Nanos,
    /// Nanoseconds between keys.
    delay: Nanos,
}

impl Sends {
    /// Queue `keys`: the first after `after` ns from `now`, the others `delay` ns apart.
    ///
    /// # Errors
    /// More than [`SEND_BYTES`] keys would be waiting: nothing is queued.
    pub fn queue(
        &mut self,
        keys: &[u8],
        now: Nanos,
        after: Nanos,
        delay: Nanos,
    ) -> Result<(), String> {
        if self.keys.len() + keys.len() > SEND_BYTES {
            return Err(format!(
                "send: {} keys would wait, more than the {SEND_BYTES} a console keeps",
                self.keys.len() + keys.len()
            ));
        }
        self.keys.extend(keys.iter().map(|b| b & 0x7f));
        self.next = now + after;
        self.delay = delay;
        Ok(())
    }

    /// The next key, if one is queued and its time has come.
    pub fn key(&mut self, at: Nanos) -> Option<u8> {
        if self.keys.is_empty() || at < self.next {
            return None;
        }
        self.next = at + self.delay;
        self.keys.pop_front()
    }

    /// Whether keys are queued.
    pub fn waiting(&self) -> bool {
        !self.keys.is_empty()
    }

    /// The keys still queued, for `show send`.
    pub fn pending(&self) -> Vec<u8> {
        self.keys.iter().copied().collect()
    }

    /// Drop the queued keys (`send` with SIMH's `nosend`).
    pub fn clear(&mut self) {
        self.keys.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(text: &str, count: u32, actions: &str) -> Rule {
        Rule {
            text: text.as_bytes().to_vec(),
            pattern: format!("\"{text}\""),
            count,
            actions: actions.into(),
            persist: false,
            clear_all: false,
        }
    }

    fn print(e: &mut Expects, s: &str) -> Vec<usize> {
        s.bytes()
            .enumerate()
            .filter(|&(_, b)| e.printed(b))
            .map(|(i, _)| i)
            .collect()
    }

    #[test]
    fn a_rule_fires_once_at_the_end_of_its_text() {
        let mut e = Expects::default();
        e.add(rule("READY", 0, "send \"X\"; go")).unwrap();
        assert_eq!(print(&mut e, "NOT READY\r\nREADY\r\n"), vec![8]);
        assert_eq!(e.take_fired().as_deref(), Some("send \"X\"; go"));
        assert!(!e.any(), "a one-shot rule is gone");
    }

    #[test]
    fn a_count_lets_matches_pass_and_matched_text_is_used_up() {
        let mut e = Expects::default();
        e.add(rule("?", 2, "")).unwrap();
        assert_eq!(print(&mut e, "? ? ?"), vec![4]);
        let mut e = Expects::default();
        e.add(rule("AA", 0, "")).unwrap();
        e.add(rule("AAA", 0, "")).unwrap();
        // The first rule takes "AA"; the third A alone does not make "AAA".
        assert_eq!(print(&mut e, "AAA"), vec![1]);
    }

    #[test]
    fn persistent_rules_stay_and_clear_all_clears() {
        let mut e = Expects::default();
        let mut p = rule("X", 0, "");
        p.persist = true;
        e.add(p.clone()).unwrap();
        assert!(e.add(p).is_err());
        assert_eq!(print(&mut e, "XX"), vec![0, 1]);
        let mut c = rule("Y", 0, "");
        c.clear_all = true;
        e.add(c).unwrap();
        print(&mut e, "Y");
        assert!(!e.any());
    }

    #[test]
    fn sends_wait_for_their_time() {
        let mut s = Sends::default();
        s.queue(b"AB", 100, 50, 10).unwrap();
        assert_eq!(s.key(149), None);
        assert_eq!(s.key(150), Some(b'A'));
        assert_eq!(s.key(155), None);
        assert_eq!(s.key(160), Some(b'B'));
        assert!(!s.waiting());
    }

    #[test]
    fn a_send_past_the_bound_is_refused_and_the_queue_kept() {
        let mut s = Sends::default();
        s.queue(&[b'A'; SEND_BYTES - 1], 0, 0, 0).unwrap();
        let e = s.queue(b"BC", 0, 0, 0).unwrap_err();
        assert!(e.contains("4097 keys would wait"), "{e}");
        s.queue(b"D", 0, 0, 0).unwrap();
        assert_eq!(s.keys.len(), SEND_BYTES);
        assert_eq!(s.keys.back(), Some(&b'D'));
    }
}
