//! SIMH's do-file language, as Open SIMH 4 runs a do-file (`scp.c`: `do_cmd_label`,
//! `goto_cmd`, `call_cmd`, `return`, `if`; the SIMH user's guide, "Executing command files"):
//!
//! ```text
//! ; comment        # comment         a line that starts with either is a comment
//! :LABEL                             a place for goto and call (not a command)
//! goto LABEL | goto :EOF             go on at the label, or end the file
//! call LABEL [ARGS...]               run the file from LABEL with ARGS as %1.. until return
//! return                             end the file, or the call
//! if [-i] [NOT] "A" OP "B" ACTIONS   OP: == != < <= > >= (EQU NEQ LSS LEQ GTR GEQ)
//! if [NOT] REG|ADDR OP VALUE ACTIONS a register or a word of core against an octal value
//! if [NOT] EXIST "FILE" ACTIONS
//! ```
//!
//! ACTIONS are commands separated by `;` (outside quotes); they run next, before the file's
//! next line, as an expect rule's actions do when it fires (`automation.rs`).
//! `%1`..`%9` are the arguments, `%0` the file, `%*` all the arguments, `%NAME%` an
//! environment variable.
//!
//! Implementation notes:
//!
//! 1. A command that fails ends the file (and the files that called it) with an error naming
//!    the file, the line and the command, as SIMH does with `set on` and `on error return`;
//!    SIMH without them reports the error and goes on. A do-file is rarely right after a
//!    failed command, so the stricter form is the only one built.
//! 2. `goto`, `call` and `return` typed at the `sim>` prompt are refused, as SIMH refuses
//!    them outside a do-file.

use super::{split_word, Console, Next, ScpError};
use std::collections::VecDeque;
use std::io::Write;

/// A comparison of `if`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Op {
    /// The operator at the start of `s` and what follows it.
    fn parse(s: &str) -> Option<(Op, &str)> {
        let s = s.trim_start();
        const OPS: [(&str, Op); 12] = [
            ("==", Op::Eq),
            ("!=", Op::Ne),
            ("<=", Op::Le),
            (">=", Op::Ge),
            ("<", Op::Lt),
            (">", Op::Gt),
            ("EQU", Op::Eq),
            ("NEQ", Op::Ne),
            ("LSS", Op::Lt),
            ("LEQ", Op::Le),
            ("GTR", Op::Gt),
            ("GEQ", Op::Ge),
        ];
        OPS.iter().find_map(|&(w, op)| {
            let head = s.get(..w.len())?;
            let word = w.starts_with(|c: char| c.is_ascii_alphabetic());
            (head.eq_ignore_ascii_case(w)
                && (!word || s[w.len()..].starts_with(char::is_whitespace)))
            .then(|| (op, &s[w.len()..]))
        })
    }

    fn holds(self, o: std::cmp::Ordering) -> bool {
        use std::cmp::Ordering::*;
        match self {
            Op::Eq => o == Equal,
            Op::Ne => o != Equal,
            Op::Lt => o == Less,
            Op::Le => o != Greater,
            Op::Gt => o == Greater,
            Op::Ge => o != Less,
        }
    }
}

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

/// `ACTIONS`: commands separated by `;` outside quotes.
pub(super) fn split_actions(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match (c, quote) {
            ('\\', Some(_)) => {
                cur.push(c);
                if let Some(n) = chars.next() {
                    cur.push(n);
                }
            }
            ('"' | '\'', None) => {
                quote = Some(c);
                cur.push(c);
            }
            (c, Some(q)) if c == q => {
                quote = None;
                cur.push(c);
            }
            (';', None) => out.push(std::mem::take(&mut cur)),
            (c, _) => cur.push(c),
        }
    }
    out.push(cur);
    out.into_iter()
        .map(|a| a.trim().to_string())
        .filter(|a| !a.is_empty())
        .collect()
}

/// A `do` or `call` command's arguments: words, or strings in quotes (without them), as
/// SIMH splits them.
pub(super) fn split_args(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = s.trim_start();
    while !rest.is_empty() {
        let q = rest.chars().next().filter(|&c| c == '"' || c == '\'');
        let (word, tail) = match q.and_then(|q| rest[1..].find(q).map(|e| (q, e))) {
            Some((_, e)) => (&rest[1..1 + e], &rest[2 + e..]),
            None => split_word(rest),
        };
        out.push(word.to_string());
        rest = tail.trim_start();
    }
    out
}

/// Where a label is: the index of the line after it.
fn find_label(lines: &[String], label: &str) -> Option<usize> {
    lines.iter().position(|l| {
        l.trim()
            .strip_prefix(':')
            .map(|rest| split_word(rest.trim()).0)
            .is_some_and(|w| w.eq_ignore_ascii_case(label))
    })
}

impl<W: Write + 'static> Console<W> {
    /// Run `lines` of the file `name` from index `start`, `first` being the first line's
    /// number; `in_file` is false for lines typed at the prompt (note 2).
    pub(super) fn run_script(
        &mut self,
        name: &str,
        lines: &[String],
        start: usize,
        first: usize,
        in_file: bool,
    ) -> Result<Next, ScpError> {
        let mut pc = start;
        let mut actions: VecDeque<String> = VecDeque::new();
        let mut number = first;
        loop {
            let text = match actions.pop_front() {
                Some(a) => a,
                None => {
                    let Some(raw) = lines.get(pc) else {
                        return Ok(Next::Continue);
                    };
                    number = first + pc;
                    pc += 1;
                    self.substitute(raw)
                }
            };
            let line = text.trim();
            if line.is_empty() || line.starts_with([';', '#', ':']) {
                continue;
            }
            let err = |msg: String| ScpError {
                file: name.to_string(),
                line: number,
                command: line.to_string(),
                msg,
            };
            let (cmd, rest) = split_word(line);
            let rest = rest.trim();
            match cmd.to_ascii_lowercase().as_str() {
                "goto" | "call" | "return" if !in_file => {
                    return Err(err(format!("{cmd}: only in a do-file")));
                }
                "return" => return Ok(Next::Continue),
                "goto" => {
                    let (label, _) = split_word(rest);
                    if label.is_empty() {
                        return Err(err("goto: Missing goto target".into()));
                    }
                    if label.eq_ignore_ascii_case(":EOF") {
                        return Ok(Next::Continue);
                    }
                    pc = find_label(lines, label)
                        .ok_or_else(|| err(format!("goto target '{label}' not found")))?
                        + 1;
                    actions.clear();
                }
                "call" => {
                    let (label, args) = split_word(rest);
                    if label.is_empty() {
                        return Err(err("call: Missing call target".into()));
                    }
                    let at = find_label(lines, label)
                        .ok_or_else(|| err(format!("call target '{label}' not found")))?;
                    if self.do_depth >= super::MAX_DO_DEPTH {
                        return Err(err(format!(
                            "call {label}: more than {} calls and scripts inside one another",
                            super::MAX_DO_DEPTH
                        )));
                    }
                    let new_args: Vec<String> = self
                        .args
                        .first()
                        .cloned()
                        .into_iter()
                        .chain(split_args(args))
                        .collect();
                    let saved = std::mem::replace(&mut self.args, new_args);
                    self.do_depth += 1;
                    let r = self.run_script(name, lines, at + 1, first, true);
                    self.do_depth -= 1;
                    self.args = saved;
                    if let Next::Exit(code) = r? {
                        return Ok(Next::Exit(code));
                    }
                }
                "if" => {
                    if let Some(then) = self.condition(rest).map_err(|m| err(format!("if: {m}")))? {
                        for a in split_actions(&then).into_iter().rev() {
                            actions.push_front(a);
                        }
                    }
                }
                _ => {
                    if let Next::Exit(code) = self.run_one(name, number, line)? {
                        return Ok(Next::Exit(code));
                    }
                }
            }
            if let Some(fired) = self.fired.take() {
                for a in split_actions(&fired).into_iter().rev() {
                    actions.push_front(a);
                }
            }
        }
    }

    /// `if`'s condition: the actions to run when it holds.
    fn condition(&self, rest: &str) -> Result<Option<String>, String> {
        let mut s = rest.trim_start();
        let (mut fold, mut not) = (false, false);
        loop {
            let (w, tail) = split_word(s);
            if w.eq_ignore_ascii_case("-i") {
                fold = true;
            } else if w.eq_ignore_ascii_case("not") {
                not = true;
            } else {
                break;
            }
            s = tail.trim_start();
        }
        let (holds, then) = if s.starts_with(['"', '\'']) {
            let (a, t) = quoted(s)?;
            let (op, t) = Op::parse(t).ok_or("expected == != < <= > >= after the string")?;
            let (b, t) = quoted(t)?;
            let ord = if fold {
                a.to_ascii_uppercase().cmp(&b.to_ascii_uppercase())
            } else {
                a.cmp(&b)
            };
            (op.holds(ord), t)
        } else if split_word(s).0.eq_ignore_ascii_case("exist") {
            let t = split_word(s).1.trim_start();
            let (file, t) = if t.starts_with(['"', '\'']) {
                quoted(t)?
            } else {
                let (f, t) = split_word(t);
                (f.to_string(), t)
            };
            (self.resolve(&file).exists(), t)
        } else {
            let end = s
                .find(|c: char| c.is_whitespace() || "=!<>".contains(c))
                .unwrap_or(s.len());
            let (name, t) = s.split_at(end);
            let (op, t) =
                Op::parse(t).ok_or_else(|| format!("expected a comparison after {name}"))?;
            let (value, t) = split_word(t);
            let actual = match self.register(name) {
                Some(r) => r.value,
                None => u64::from(self.machine.peek_core(super::address(name)?)),
            };
            let want = u64::from(super::octal(value)?);
            (op.holds(actual.cmp(&want)), t)
        };
        Ok((holds != not).then(|| then.trim().to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_split_at_semicolons_outside_quotes() {
        assert_eq!(
            split_actions(r#"send "A;B\"\r"; go ; echo x"#),
            vec![r#"send "A;B\"\r""#, "go", "echo x"]
        );
    }

    #[test]
    fn operators_read_as_simh_writes_them() {
        assert_eq!(Op::parse(" == \"x\"").map(|p| p.0), Some(Op::Eq));
        assert_eq!(Op::parse("<= 3").map(|p| p.0), Some(Op::Le));
        assert_eq!(Op::parse("GEQ 3").map(|p| p.0), Some(Op::Ge));
        assert_eq!(Op::parse("GEQX"), None);
    }

    #[test]
    fn arguments_in_quotes_are_one() {
        assert_eq!(split_args(r#"a "b c" 'd' e"#), vec!["a", "b c", "d", "e"]);
    }

    #[test]
    fn single_quotes_work_as_double_ones() {
        assert_eq!(
            quoted(" 'a\"b' rest").unwrap(),
            ("a\"b".to_string(), " rest")
        );
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
        c.args = vec!["s.do".into()];
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
        let e = console()
            .run_text("g.do", "echo a\ngoto nowhere\n")
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "g.do:2: goto target 'nowhere' not found (in `goto nowhere`)"
        );
        let e = console().command("console", 1, "return").unwrap_err();
        assert!(e.msg.contains("only in a do-file"), "{e}");
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
        assert!(c.command("t", 5, "attach -x ptr f").is_err());
        std::fs::remove_dir_all(&dir).ok();
    }
}
