//! The 2100A's console as a host of the shared do-file engine
//! (`machine_core::scp::dofile`): the engine runs the files, their control flow (`goto`,
//! `call`, `if`, `on` ...) and their error handling as Open SIMH 4 does; the console runs
//! each command that is not the engine's, and tells it a run's stop (a halt is a failure
//! for `set on`, as on SIMH) and the actions of an expect rule that fired.
//!
//! Implementation notes:
//!
//! 1. The operator's stop and the batch run limit (`mod.rs` notes 1 and 2) end every file at
//!    once, as errors ([`Failure::fatal`]); the stop of a run is reported by the console and
//!    given to the engine as a status with SIMH's number for it (`STOP_STATUS`).

use super::{Console, Next};
use machine_core::scp::dofile::{Engine, Failure, Host, Outcome};
use std::io::Write;

/// A string in double or single quotes at the start of `s` (after blanks), escapes resolved
/// as SIMH resolves them, and the rest.
pub(super) fn quoted(s: &str) -> Result<(String, &str), String> {
    let t = s.trim_start();
    if t.starts_with('\'') {
        // A single-quoted string: the same escapes, the other quote.
        let swapped: String = t
            .chars()
            .map(|c| match c {
                '\'' => '"',
                '"' => '\'',
                c => c,
            })
            .collect();
        let (text, rest) = teletype::Scripted::parse_quoted(&swapped).map_err(|e| e.to_string())?;
        let used = swapped.len() - rest.len();
        let text = text
            .chars()
            .map(|c| if c == '\'' { '"' } else { c })
            .collect();
        return Ok((text, &t[used..]));
    }
    teletype::Scripted::parse_quoted(t).map_err(|e| e.to_string())
}

impl<W: Write + 'static> Host for Console<W> {
    fn engine(&mut self) -> &mut Engine {
        &mut self.engine
    }

    fn engine_ref(&self) -> &Engine {
        &self.engine
    }

    fn execute(&mut self, line: &str) -> Result<Outcome, Failure> {
        self.fatal = false;
        self.stopped = None;
        let r = match self.extra(line) {
            Some(r) => r,
            None => {
                let r = self.execute(&self.symbolic(line));
                self.after_command(line);
                r
            }
        };
        // A card's refusal during the run (a read-only disc, a full punch file) is told
        // even when the run itself ended in an error (a run limit).
        let cards = self.punch_status().and_then(|()| self.disc_status());
        let r = match (r, cards) {
            (Ok(n), Ok(())) => Ok(n),
            (Ok(_), Err(e)) => Err(e),
            (Err(e), Ok(())) => Err(e),
            (Err(e), Err(card)) => {
                self.say(&card);
                Err(e)
            }
        };
        match r {
            Ok(Next::Exit(code)) => Ok(Outcome::Exit(code)),
            Ok(Next::Continue) => Ok(match self.stopped.take() {
                Some((s, words)) => Outcome::Stopped(s, words),
                None => Outcome::Done,
            }),
            Err(msg) if self.fatal => Err(Failure::fatal(msg)),
            Err(msg) => Err(Failure::new(msg)),
        }
    }

    fn print(&mut self, text: &str) {
        self.say(text);
    }

    fn sim_name(&self) -> String {
        "HP 2100".into()
    }

    fn register(&self, name: &str) -> Option<u64> {
        self.register(name).map(|r| r.value)
    }

    fn word(&self, address: &str) -> Option<u64> {
        let a = super::address(address).ok()?;
        (u32::from(a) < self.machine.memory_words()).then(|| u64::from(self.machine.peek_core(a)))
    }

    fn fired(&mut self) -> Option<String> {
        self.fired.take()
    }
}

#[cfg(test)]
mod console_tests {
    use super::super::{Console, Next};

    fn console() -> Console<Vec<u8>> {
        Console::new(Vec::new())
    }

    fn text(c: &Console<Vec<u8>>) -> String {
        String::from_utf8_lossy(c.output()).replace('\r', "")
    }

    /// Reads a key (echoed by the card as it prints in print mode) and loops.
    const ECHO_LOOP: &str = "\
        deposit 100 062120
        deposit 101 102611
        deposit 102 103711
        deposit 103 102311
        deposit 104 024103
        deposit 105 102511
        deposit 106 024100
        deposit 120 160000
        set runlimit 5 seconds
";

    #[test]
    fn goto_call_return_if_and_exit() {
        let mut c = console();
        let script = "\
if \"%1\"==\"\" echo no argument
call sub x \"y z\"
goto end
echo skipped
:sub
echo in sub %1 %2
return
:end
deposit A 7
if A == 7 echo A is 7; echo and more
if A >= 10 echo not this
if -i \"abc\" == \"ABC\" echo folded
if not \"a\" == \"b\" exit 3
echo not reached";
        assert_eq!(c.run_text("s.do", script).unwrap(), 3);
        assert_eq!(
            text(&c),
            "no argument\nin sub x y z\nA is 7\nand more\nfolded\n"
        );
    }

    #[test]
    fn goto_a_missing_label_names_the_line_and_command() {
        let mut c = console();
        c.run_text("g.do", "echo a\ngoto nowhere\necho b").unwrap();
        assert_eq!(
            text(&c),
            "a\ng.do-2> goto nowhere\nInvalid argument: goto target 'nowhere' not found\nb\n"
        );
        let e = console().command("console", 1, "return").unwrap_err();
        assert!(e.msg.contains("for do-files"), "{e}");
    }

    #[test]
    fn go_until_stops_where_the_text_is_printed_and_keys_wait() {
        let mut c = console();
        let script = ECHO_LOOP.to_string()
            + "
            send \"XY?Z\"
            go 100 until \"?\"
            ";
        assert_eq!(c.run_text("t.do", &script).unwrap(), 0, "{}", text(&c));
        // The run ends when the program asks for its next key (automation note).
        assert_eq!(c.tty().host.paper(), "XY?");
        assert!(c.keys_waiting(), "Z is still to be typed");
        c.run_text("t.do", "go until \"Z\"").unwrap();
        assert_eq!(c.tty().host.paper(), "XY?Z");
        assert_eq!(text(&c), "XY?Z", "an expect stop says nothing");
    }

    #[test]
    fn an_expect_rules_actions_run_when_it_fires() {
        let mut c = console();
        let script = ECHO_LOOP.to_string()
            + "
            expect \"Y\" echo fired; send \"Q\"; continue
            send \"XY\"
            go 100 until \"Q\"
            echo done
            ";
        assert_eq!(c.run_text("t.do", &script).unwrap(), 0, "{}", text(&c));
        assert_eq!(text(&c), "XYfired\nQdone\n");
        // [N]: the second Y stops the run; noexpect drops a rule.
        let mut c = console();
        let script = ECHO_LOOP.to_string()
            + "
            expect \"A\" echo never
            noexpect \"A\"
            expect [2] \"Y\"
            send \"YAYB\"
            go 100
            ";
        assert_eq!(c.run_text("t.do", &script).unwrap(), 0, "{}", text(&c));
        assert_eq!(c.tty().host.paper(), "YAY");
    }

    #[test]
    fn send_after_waits_its_instructions_and_autolf_follows_return() {
        let mut c = console();
        let script = ECHO_LOOP.to_string()
            + "
            send after=200000 \"K\"
            go 100 until \"K\"
            ";
        assert_eq!(c.run_text("t.do", &script).unwrap(), 0, "{}", text(&c));
        assert!(
            c.machine.instructions >= 200_000,
            "{}",
            c.machine.instructions
        );
        let mut c = console();
        let script = ECHO_LOOP.to_string()
            + "
            set tty autolf
            send \"A\\r\"
            go 100 until \"\\n\"
            ";
        assert_eq!(c.run_text("t.do", &script).unwrap(), 0, "{}", text(&c));
        assert_eq!(c.tty().host.paper(), "A\n");
        assert_eq!(c.tty().host.inner().scripted.output(), b"A\r\n");
    }

    #[test]
    fn attach_takes_switches_before_or_after_the_device() {
        let dir = std::env::temp_dir().join(format!("hp2100-attach-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("b.abs");
        let mut c = console();
        let line = format!("attach ptp -n -q {}", p.display());
        assert_eq!(c.command("t", 1, &line).unwrap(), Next::Continue);
        assert!(p.exists() && !dir.join("-n -q b.abs").exists());
        assert_eq!(text(&c), "", "-q: quiet");
        c.command("t", 2, "detach ptp").unwrap();
        let line = format!("attach -nq ptr {}", dir.join("new.tape").display());
        c.command("t", 3, &line).unwrap();
        assert!(dir.join("new.tape").exists());
        let line = format!("attach -e ptr {}", dir.join("none").display());
        assert!(c.command("t", 4, &line).is_err());
        let f = dir.join("f");
        let line = format!("attach -x ptr {}", f.display());
        assert!(c.command("t", 5, &line).is_err());
        assert!(!f.exists(), "a refused attach makes no file");
        std::fs::remove_dir_all(&dir).ok();
    }
}
