//! The engine on a small host: SIMH's flow and error handling, as Open SIMH 4 ran the same
//! lines (`crates/hp2100/tests/simh4/` records them on the HP 2100's console).

use super::*;

#[derive(Default)]
struct Toy {
    engine: Engine,
    out: Vec<String>,
    a: u64,
}

impl Host for Toy {
    fn engine(&mut self) -> &mut Engine {
        &mut self.engine
    }
    fn engine_ref(&self) -> &Engine {
        &self.engine
    }
    fn execute(&mut self, line: &str) -> Result<Outcome, Failure> {
        let (cmd, rest) = split_word(line);
        match cmd {
            "deposit" => {
                self.a = u64::from_str_radix(rest.trim().trim_start_matches("A "), 8)
                    .map_err(|_| Failure::new("Invalid argument"))?;
                Ok(Outcome::Done)
            }
            "halt" => {
                self.out.push("Programmed halt".into());
                Ok(Outcome::Stopped(5, "Programmed halt".into()))
            }
            "examine" => Err(Failure::new("Invalid argument")),
            _ => Err(Failure::new(format!("Unknown command: {cmd}"))),
        }
    }
    fn print(&mut self, text: &str) {
        self.out.push(text.to_string());
    }
    fn sim_name(&self) -> String {
        "TOY".into()
    }
    fn register(&self, name: &str) -> Option<u64> {
        name.eq_ignore_ascii_case("A").then_some(self.a)
    }
    fn word(&self, address: &str) -> Option<u64> {
        u64::from_str_radix(address, 8).ok().map(|a| a & 7)
    }
}

fn run(text: &str, args: &[&str]) -> (Toy, Ended) {
    let mut t = Toy::default();
    let args = std::iter::once("t.do".to_string())
        .chain(args.iter().map(|a| a.to_string()))
        .collect();
    let e = run_text(&mut t, "t.do", text, args, Path::new("."), "").unwrap();
    (t, e)
}

fn out(text: &str) -> String {
    run(text, &[]).0.out.join("\n")
}

#[test]
fn a_refused_command_is_reported_and_the_file_goes_on() {
    assert_eq!(
        out("echo one\nbogus\necho two %STATUS% %TSTATUS%"),
        "one\nt.do-2> bogus\nUnknown command: bogus\ntwo 0000004A Unknown command"
    );
}

#[test]
fn set_on_returns_at_a_failure_and_on_error_replaces_it() {
    let (t, e) = run("set on\necho a\nbogus\necho not here", &[]);
    assert_eq!(e, Ended::Status(status::UNK));
    assert_eq!(t.out.last().unwrap(), "Unknown command: bogus");
    assert_eq!(
        out("on error echo HANDLER\nbogus\necho noon\nset on\nbogus\necho after\nset noon\nbogus\necho end"),
        "t.do-2> bogus\nUnknown command: bogus\nnoon\nt.do-5> bogus\nUnknown command: bogus\nHANDLER\nafter\nt.do-8> bogus\nUnknown command: bogus\nend"
    );
    // A condition's own action comes before ERROR's; an empty one forgets it.
    assert_eq!(
        out("set on\non error echo E\non unk echo U\nbogus\non unk\nbogus\non error ignore\nbogus\necho end").lines().filter(|l| l.len() == 1).collect::<Vec<_>>(),
        ["U", "E"]
    );
}

#[test]
fn a_halt_is_a_failure_for_set_on() {
    let (t, e) = run("halt\necho went on\nset on\nhalt\necho not here", &[]);
    assert_eq!(e, Ended::Status(5));
    assert_eq!(t.out, ["Programmed halt", "went on", "Programmed halt"]);
}

#[test]
fn if_else_and_expressions() {
    assert_eq!(
        out("if (A==0) echo zero; echo two\nif (A!=0) echo no\nelse echo else\ndeposit A 5\nif A==5 echo five\nif A&4==4 echo bit\nif 1004&4==4 echo mem\nif not \"x\"==\"y\" echo not\nif -i \"a\"==\"A\" echo folded"),
        "zero\ntwo\nelse\nfive\nbit\nmem\nnot\nfolded"
    );
    assert!(out("echo x\nelse echo y").contains("ELSE not following IF"));
}

#[test]
fn variables_shift_and_arithmetic() {
    let (t, _) = run(
        "echo %0 %1 %2\nshift\necho %1 %2\nset env X=5\nset env -a Y=3+4*2\necho %X% %Y% %%\nset env S=ABCDEFGHIJ\necho %S:~0,5%\nset env X\necho [%X%] %SIM_NAME%\nechof \"a \\\"q\\\"\"",
        &["a1", "a2", "a3"],
    );
    assert_eq!(
        t.out,
        [
            "t.do a1 a2",
            "a2 a3",
            "5 11 %",
            "ABCDE",
            "[] TOY",
            "a \"q\""
        ]
    );
}

#[test]
fn goto_call_return_and_labels() {
    assert_eq!(
        out("call sub x \"y z\"\ngoto end\necho skipped\n:sub\necho in sub %1 %2\nreturn\n:end\necho done\ngoto :eof\necho never"),
        "in sub x y z\ndone"
    );
    assert!(out("goto nowhere\necho on").ends_with("not found\non"));
}

#[test]
fn the_prompt_refuses_file_commands_and_returns_failures() {
    let mut t = Toy::default();
    assert!(run_line(&mut t, "goto x").is_err());
    assert_eq!(run_line(&mut t, "bogus").unwrap_err().status, status::UNK);
    assert_eq!(run_line(&mut t, "if (1) echo yes"), Ok(Ended::Status(0)));
    assert_eq!(t.out, ["yes"]);
    assert_eq!(run_line(&mut t, "exit 3"), Ok(Ended::Exit(3)));
}

#[test]
fn show_on_lists_the_actions_as_simh() {
    assert_eq!(
        out("on error echo E1\non NXM echo N\nset on\nshow on"),
        "On Processing at Do Nest Level: 1 is enabled\n    on NXM       echo N\n    on AFAIL     RETURN\n    on ERROR     echo E1\n"
    );
}

#[test]
fn switches_are_read_together_or_apart() {
    assert_eq!(switches("-e -v f.do a"), ("EV".to_string(), "f.do a"));
    assert_eq!(switches("-ev f.do"), ("EV".to_string(), "f.do"));
    assert_eq!(switches("-5 x"), (String::new(), "-5 x"));
    assert_eq!(sleep_seconds("2"), Some(2.0));
    assert_eq!(sleep_seconds("1m"), Some(60.0));
    assert_eq!(sleep_seconds("x"), None);
}
