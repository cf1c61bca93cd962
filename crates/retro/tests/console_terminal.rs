//! The console at a terminal: a pseudo-terminal made by util-linux's `script`, the keys
//! written to it as an operator types them. Lines typed ahead are all run, and a program
//! run with `go` reads the keyboard until Ctrl-E gives the prompt back. Without `script`
//! the tests report themselves ignored (checked when they run, crate `needs`), so `cargo test`
//! names and counts them; `RETRO_REQUIRE_HOST=1` makes its absence a failure.

mod common;

use common::root;
use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

needs::tests! {
    #[needs("script")] lines_typed_ahead_at_the_prompt_all_run,
    #[needs("script")] a_program_run_with_go_reads_the_keyboard_until_ctrl_e,
    #[needs("script")] the_t3300r_console_keeps_type_ahead_and_gives_the_program_the_keyboard,
    #[needs("script")] ctrl_c_at_the_prompt_abandons_the_line_and_does_not_stop_the_next_run,
    #[needs("script")] the_hp_debugger_gives_a_running_program_the_keyboard,
}

/// A `retro` session on a pseudo-terminal.
struct Session {
    child: Child,
    keys: ChildStdin,
    screen: mpsc::Receiver<Vec<u8>>,
    seen: String,
}

impl Session {
    /// `retro ARGS` on a new pseudo-terminal.
    fn start(args: &str) -> Self {
        // `exec`: the stop keys are signals to the terminal's foreground process group, and a
        // shell left waiting for `retro` would be ended by Ctrl-E's SIGQUIT (`host_terminal::stop_keys`).
        let cmd = format!("exec {} {args}", env!("CARGO_BIN_EXE_retro"));
        let mut child = Command::new("script")
            .args(["-qfec", &cmd, "/dev/null"])
            .env("SHELL", "/bin/sh")
            .current_dir(root())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let keys = child.stdin.take().unwrap();
        let mut out = child.stdout.take().unwrap();
        let (tx, screen) = mpsc::channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = out.read(&mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Self {
            child,
            keys,
            screen,
            seen: String::new(),
        }
    }

    fn type_keys(&mut self, keys: &str) {
        self.keys.write_all(keys.as_bytes()).unwrap();
        self.keys.flush().unwrap();
    }

    /// Wait until the screen shows `text` after what earlier waits found (a session that
    /// never shows it fails the test after a minute).
    fn wait_for(&mut self, text: &str) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while !self.seen.contains(text) {
            match self
                .screen
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            {
                Ok(b) => self
                    .seen
                    .push_str(&String::from_utf8_lossy(&b).replace('\r', "")),
                Err(_) => {
                    self.child.kill().ok();
                    panic!("the screen never showed {text:?}:\n{}", self.seen);
                }
            }
        }
        let at = self.seen.find(text).unwrap() + text.len();
        self.seen.drain(..at);
    }

    fn finish(mut self) -> i32 {
        self.type_keys("exit\r");
        self.wait_for("sim> exit");
        self.child.wait().unwrap().code().unwrap_or(-1)
    }
}

fn lines_typed_ahead_at_the_prompt_all_run() {
    let mut s = Session::start("hp2100");
    s.wait_for("help lists the commands");
    // Typed at once, as a paste: every line runs, in order.
    s.type_keys("d 1 5\rd 2 6\re 1\re 2\recho done\r");
    s.wait_for("sim> e 1\n1:\t000005\n");
    s.wait_for("sim> e 2\n2:\t000006\n");
    s.wait_for("sim> echo done\ndone\n");
    assert_eq!(s.finish(), 0);
}

fn a_program_run_with_go_reads_the_keyboard_until_ctrl_e() {
    let mut s = Session::start("hp2100");
    s.type_keys("attach ptr roms/nhex.abs\rboot ptr\rgo 2\r");
    s.wait_for("2-KETA NO KAZU O KEY-IN SEYO");
    // NHEX asks for a two-digit number: a letter is refused, so the key reached it.
    s.type_keys("Y\r");
    s.wait_for("MOICHIDO TADASHIKU KEY-IN SEYO");
    // Ctrl-E stops the machine with its state kept and gives the prompt back.
    s.type_keys("\x05");
    s.wait_for("Simulation stopped, P: ");
    s.type_keys("e -m P\r");
    s.wait_for("sim> e -m P\nP:\t");
    assert_eq!(s.finish(), 0);
}

fn the_t3300r_console_keeps_type_ahead_and_gives_the_program_the_keyboard() {
    let mut s = Session::start("t3300 console --fast-io");
    s.wait_for("T3300-R simulator");
    s.type_keys("d 1000 5\re 1000\rload asm/t3300/echo.asm\rgo\r");
    s.wait_for("sim> e 1000\n1000:\t00000005\n");
    s.wait_for("sim> go\n?");
    // The program reads a line from the keyboard and prints it backwards.
    s.type_keys("hello\r");
    s.wait_for("OLLEH");
    s.wait_for("HALT");
    assert_eq!(s.finish(), 0);
}

fn ctrl_c_at_the_prompt_abandons_the_line_and_does_not_stop_the_next_run() {
    let mut s = Session::start("hp2100");
    s.wait_for("help lists the commands");
    // 100: ISZ 200; 101: JMP 100; 102: HLT 77: 65536 turns, far past the HALT switch's look.
    s.type_keys("d 100 34200\rd 101 24100\rd 102 102077\r");
    // Ctrl-C is a key only at the prompt, so it is typed once the prompt shows.
    s.wait_for("sim> d 102 102077\nsim> ");
    s.type_keys("junk\x03");
    s.wait_for("junk^C\nsim> ");
    s.type_keys("go 100\r");
    s.wait_for("Programmed halt, T: 102077 (HLT 77), P: 00103");
    assert_eq!(s.finish(), 0);
}

fn the_hp_debugger_gives_a_running_program_the_keyboard() {
    let mut s = Session::start("hp2100 debug roms/nhex.abs --start 2");
    s.wait_for("> ");
    s.type_keys("continue\r");
    s.wait_for("2-KETA NO KAZU O KEY-IN SEYO");
    s.type_keys("Y\r");
    s.wait_for("MOICHIDO TADASHIKU KEY-IN SEYO");
    s.type_keys("\x05");
    s.wait_for("stopped by the operator at P: ");
    s.wait_for("> ");
    s.type_keys("quit\r");
    assert_eq!(s.child.wait().unwrap().code(), Some(0));
}
