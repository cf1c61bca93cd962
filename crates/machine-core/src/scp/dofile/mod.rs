//! SIMH's do-file language, once for every machine's console: a machine's console is a
//! [`Host`] that runs its own commands, and this engine runs the files, their control flow
//! and their error handling around them.
//!
//! ```text
//! ; comment   # comment             a line that starts with either is a comment
//! :LABEL                             a place for goto and call (not a command)
//! do [-e|-v|-q|-o] FILE [ARGS...]    run FILE (-e: set on; -v: echo; -o: inherit on actions)
//! goto LABEL | goto :EOF | return [STATUS]
//! call LABEL [ARGS...]               the file from LABEL with ARGS as %1.. until return
//! shift                              %2 becomes %1 ...
//! if [-i] [NOT] "A" OP "B" ACTIONS   OP: == != < <= > >= (EQU NEQ LSS LEQ GTR GEQ)
//! if [NOT] REG[&MASK] OP VALUE ACTIONS   a register or a word of memory
//! if [NOT] EXIST "FILE" ACTIONS | if (EXPRESSION) ACTIONS
//! else ACTIONS                       after an if that did not hold
//! set on | set noon                  whether failures run the on actions (default: go on)
//! on ERROR|NAME [ACTIONS]            what a failure runs (no ACTIONS: forget it)
//! ignore | proceed                   do nothing (an on action that goes on)
//! set env NAME=VALUE | set env -a NAME=EXPRESSION   a variable (%NAME%)
//! echo TEXT | echof "TEXT" | sleep N[s|m|h]
//! show on | show do                  the on actions, the files running
//! exit [STATUS]
//! ```
//!
//! ACTIONS are commands separated by `;` outside quotes; they run before the file's next
//! line, as do the actions of an expect rule that fires. Substitutions: `vars.rs`;
//! statuses and their names: `status.rs`; expressions: `expr.rs`.
//!
//! Sources: the SIMH user's guide, "Executing command files", and Open SIMH 4's `hp2100`
//! run on do-files of ours (recorded in `crates/hp2100/tests/simh4/`).
//!
//! Implementation notes:
//!
//! 1. A command that fails is reported as SIMH reports it, the line with its file and line
//!    number (`FILE-LINE> COMMAND`) and then the message, and the file goes on: unless `set on`
//!    is in force, when the `on` action for the failure runs (by default `return`, which ends
//!    the file with that status). A machine's stop (a halt) is a failure for `set on`, as
//!    in SIMH; an expired step and a matched expect are not.
//! 2. Errors that no do-file can handle end every file at once, as errors: the host's fatal
//!    ones ([`Failure::fatal`]: the operator's stop, a run limit the host set) and a file
//!    that cannot be read at the top.
//! 3. `goto`, `call`, `return` and `shift` at the prompt are refused, as SIMH refuses them
//!    outside a do-file.
//! 4. `set env` sets the console's own variables, looked up before the host's environment;
//!    it does not change the environment programs started by the host would see.

pub mod expr;
pub mod status;
pub mod vars;

use std::collections::{BTreeMap, VecDeque};
use std::path::{Path, PathBuf};

/// How deeply do-files may run inside one another, as SIMH's limit.
pub const MAX_DEPTH: usize = 20;

/// What a host's command did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Done,
    /// `exit`: end every file and the console with this status.
    Exit(i32),
    /// The machine stopped with a status below [`status::BASE`] (a halt), its words given
    /// (`Programmed halt`); the host has reported it.
    Stopped(u32, String),
}

/// A command that failed: its status (`status.rs`) and what to print.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub status: u32,
    pub msg: String,
    /// Ends every file at once (note 2).
    pub fatal: bool,
}

impl Failure {
    /// A failure whose status is read from the words its message opens with.
    pub fn new(msg: impl Into<String>) -> Self {
        let msg = msg.into();
        Self {
            status: status::of_message(&msg),
            msg,
            fatal: false,
        }
    }

    pub fn with_status(status: u32, msg: impl Into<String>) -> Self {
        Self {
            status,
            msg: msg.into(),
            fatal: false,
        }
    }

    /// A failure that ends every file (note 2).
    pub fn fatal(msg: impl Into<String>) -> Self {
        Self {
            fatal: true,
            ..Self::new(msg)
        }
    }
}

impl From<String> for Failure {
    fn from(msg: String) -> Self {
        Self::new(msg)
    }
}

/// A failure that ended the files (note 2): where, and what.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}: {msg}{}", in_command(command, msg))]
pub struct ScriptError {
    pub file: String,
    pub line: usize,
    /// The command as it ran (substituted); empty for a file that cannot be read.
    pub command: String,
    pub msg: String,
}

fn in_command(command: &str, msg: &str) -> String {
    if command.is_empty() || msg.contains(command) {
        String::new()
    } else {
        format!(" (in `{command}`)")
    }
}

/// A machine's console as the engine drives it.
pub trait Host {
    fn engine(&mut self) -> &mut Engine;
    fn engine_ref(&self) -> &Engine;
    /// Run one command that is not the engine's (the line substituted).
    ///
    /// # Errors
    /// Why the command failed.
    fn execute(&mut self, line: &str) -> Result<Outcome, Failure>;
    /// Print a line on the console.
    fn print(&mut self, text: &str);
    /// The simulator's name (`%SIM_NAME%`).
    fn sim_name(&self) -> String;
    /// A register's value, for `if` and expressions.
    fn register(&self, name: &str) -> Option<u64>;
    /// The word at an address typed in the machine's radix, for `if`.
    fn word(&self, address: &str) -> Option<u64>;
    /// The machine's radix for `if REG OP VALUE`'s value.
    fn radix(&self) -> u32 {
        8
    }
    /// The actions of an expect rule that fired in the last command, to run next.
    fn fired(&mut self) -> Option<String> {
        None
    }
}

/// One file running, or the prompt (level 0).
#[derive(Clone, Debug, Default)]
struct Level {
    file: String,
    line: usize,
    command: String,
    /// `%0`..`%9`.
    args: Vec<String>,
    on_check: bool,
    on: BTreeMap<u32, String>,
    if_cmd: bool,
    if_result: bool,
    if_cmd_last: bool,
    if_result_last: bool,
}

/// The engine's state: its variables, the last status and the files running.
#[derive(Clone, Debug)]
pub struct Engine {
    vars: BTreeMap<String, String>,
    status: u32,
    status_words: String,
    levels: Vec<Level>,
    /// Echo each line before it runs (`do -v`, `set verify`).
    pub verify: bool,
    pub quiet: bool,
    inherit: bool,
    /// Where relative file names are found after the current directory.
    pub dir: PathBuf,
    /// Failures reported so far (note 1), for a caller that ends with a status.
    pub failures: u64,
}

impl Default for Engine {
    fn default() -> Self {
        Self {
            vars: BTreeMap::new(),
            status: 0,
            status_words: "No Error".into(),
            levels: vec![Level::default()],
            verify: false,
            quiet: false,
            inherit: false,
            dir: PathBuf::from("."),
            failures: 0,
        }
    }
}

impl Engine {
    /// The last command's status (`%STATUS%`).
    pub fn status(&self) -> u32 {
        self.status
    }

    /// A variable `set env` set.
    pub fn var(&self, name: &str) -> Option<&str> {
        self.vars.get(name).map(String::as_str)
    }

    pub fn set_var(&mut self, name: &str, value: &str) {
        if value.is_empty() {
            self.vars.remove(name);
        } else {
            self.vars.insert(name.to_string(), value.to_string());
        }
    }

    /// How many files are running.
    pub fn depth(&self) -> usize {
        self.levels.len() - 1
    }

    fn level(&mut self) -> &mut Level {
        self.levels.last_mut().expect("the prompt's level stays")
    }

    fn set_status(&mut self, s: u32, words: &str) {
        self.status = s;
        self.status_words = match s {
            0 => "No Error".into(),
            _ => words.to_string(),
        };
    }
}

/// How a file ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ended {
    /// Its last status (0: success).
    Status(u32),
    Exit(i32),
}

/// A file name found from the current directory, else from the running file's folder.
pub fn resolve(dir: &Path, name: &str) -> PathBuf {
    let p = PathBuf::from(name);
    if p.is_relative() && !p.exists() {
        let q = dir.join(&p);
        if q.exists() {
            return q;
        }
    }
    p
}

/// The first word of `s` and the rest.
pub fn split_word(s: &str) -> (&str, &str) {
    let s = s.trim_start();
    match s.find(char::is_whitespace) {
        Some(i) => (&s[..i], &s[i..]),
        None => (s, ""),
    }
}

/// `ACTIONS`: commands separated by `;` outside quotes.
pub fn split_actions(s: &str) -> Vec<String> {
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

/// A `do` or `call` command's arguments: words, or strings in quotes (without them).
pub fn split_args(s: &str) -> Vec<String> {
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

/// Where a label is: the index of its line.
fn find_label(lines: &[String], label: &str) -> Option<usize> {
    let label = label.trim_start_matches(':');
    lines.iter().position(|l| {
        l.trim()
            .strip_prefix(':')
            .map(|rest| split_word(rest.trim()).0)
            .is_some_and(|w| w.eq_ignore_ascii_case(label))
    })
}

/// Leading switches (`-e -v`, `-ev`) and the rest.
pub fn switches(s: &str) -> (String, &str) {
    let mut sw = String::new();
    let mut rest = s.trim_start();
    while rest.starts_with('-') && rest.len() > 1 {
        let (w, tail) = split_word(rest);
        if !w[1..].chars().all(|c| c.is_ascii_alphabetic()) {
            break;
        }
        sw.push_str(&w[1..].to_ascii_uppercase());
        rest = tail.trim_start();
    }
    (sw, rest)
}

/// Substitute `raw` at the running level.
fn substitute<H: Host + ?Sized>(h: &H, raw: &str) -> String {
    let e = h.engine_ref();
    let level = e.levels.last().expect("the prompt's level stays");
    let name = h.sim_name();
    let var = |n: &str| e.vars.get(n).cloned().or_else(|| std::env::var(n).ok());
    let cx = vars::Context {
        sim_name: &name,
        status: e.status,
        status_words: &e.status_words,
        verify: e.verify,
        quiet: e.quiet,
        variable: &var,
    };
    vars::substitute(raw, &level.args, &cx)
}

/// Run the file at `path` with `args` (`%1`..), from the prompt or the command line.
///
/// # Errors
/// A file that cannot be read, or a fatal failure (note 2).
pub fn run_file<H: Host + ?Sized>(
    h: &mut H,
    path: &Path,
    args: &[String],
    sw: &str,
) -> Result<Ended, ScriptError> {
    let text = crate::text::read_text(path).map_err(|e| match e {
        crate::text::TextError::NotUtf8 {
            line, column, byte, ..
        } => ScriptError {
            file: path.display().to_string(),
            line,
            command: String::new(),
            msg: format!("column {column}: byte {byte:#04x} is not UTF-8 text"),
        },
        crate::text::TextError::Read { source, .. } => ScriptError {
            file: path.display().to_string(),
            line: 0,
            command: String::new(),
            msg: format!("cannot read {}: {source}", path.display()),
        },
    })?;
    let args: Vec<String> = std::iter::once(path.display().to_string())
        .chain(args.iter().cloned())
        .collect();
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    run_text(h, &path.display().to_string(), &text, args, &dir, sw)
}

/// Run `text` as the file `name` (`args[0]`), its relative names found in `dir` too.
///
/// # Errors
/// A fatal failure (note 2).
pub fn run_text<H: Host + ?Sized>(
    h: &mut H,
    name: &str,
    text: &str,
    args: Vec<String>,
    dir: &Path,
    sw: &str,
) -> Result<Ended, ScriptError> {
    let lines: Vec<String> = text.lines().map(String::from).collect();
    let e = h.engine();
    if e.depth() >= MAX_DEPTH {
        return Ok(Ended::Status(status::NEST));
    }
    let saved = (
        e.verify,
        e.quiet,
        e.inherit,
        std::mem::replace(&mut e.dir, dir.to_path_buf()),
    );
    e.verify |= sw.contains('V');
    e.quiet |= sw.contains('Q');
    e.inherit |= sw.contains('O');
    let parent = e.levels.last().cloned().unwrap_or_default();
    let mut level = Level {
        file: name.to_string(),
        args,
        ..Level::default()
    };
    if e.inherit {
        level.on_check = parent.on_check;
        level.on = parent.on;
    }
    e.levels.push(level);
    if sw.contains('E') {
        set_on(h.engine(), true);
    }
    let r = run_lines(h, &lines, 0);
    let e = h.engine();
    e.levels.pop();
    (e.verify, e.quiet, e.inherit, e.dir) = saved;
    r
}

/// `set on`: failures run their actions, `return` by default.
fn set_on(e: &mut Engine, on: bool) {
    let l = e.level();
    l.on_check = on;
    l.on.entry(0).or_insert_with(|| "RETURN".into());
    l.on.entry(status::AFAIL).or_insert_with(|| "RETURN".into());
}

/// One line typed at the prompt (note 3): an `if`'s actions and an expect rule's run after
/// it; a failure is returned, not printed.
///
/// # Errors
/// The failure, fatal or not.
pub fn run_line<H: Host + ?Sized>(h: &mut H, raw: &str) -> Result<Ended, Failure> {
    let mut pending: VecDeque<String> = VecDeque::from([substitute(h, raw)]);
    let mut last = Ended::Status(0);
    let mut first = true;
    while let Some(text) = pending.pop_front() {
        let line = text.trim();
        if line.is_empty() || line.starts_with([';', '#', ':']) {
            continue;
        }
        if first {
            let l = h.engine().level();
            l.if_cmd_last = l.if_cmd;
            l.if_result_last = l.if_result;
            l.if_cmd = false;
            l.if_result = false;
        }
        let (cmd, _) = split_word(line);
        if matches!(
            cmd.to_ascii_lowercase().as_str(),
            "goto" | "call" | "return" | "shift"
        ) {
            return Err(Failure::with_status(
                status::NOFNC,
                format!("Command not allowed: {cmd} is for do-files"),
            ));
        }
        match step(h, line, !first, &[], &mut pending)? {
            Step::Exit(code) => return Ok(Ended::Exit(code)),
            Step::Status(s) => last = Ended::Status(s),
            _ => {}
        }
        first = false;
        if let Some(a) = h.fired() {
            for a in split_actions(&a).into_iter().rev() {
                pending.push_front(a);
            }
        }
    }
    Ok(last)
}

/// What one command did to the file's flow.
enum Step {
    Status(u32),
    Exit(i32),
    Return(u32),
    Goto(String),
    Call(String, Vec<String>),
}

/// Run `lines` from `start` at the running level.
fn run_lines<H: Host + ?Sized>(
    h: &mut H,
    lines: &[String],
    start: usize,
) -> Result<Ended, ScriptError> {
    let mut pc = start;
    let mut pending: VecDeque<String> = VecDeque::new();
    loop {
        let (text, action) = match pending.pop_front() {
            Some(a) => (a, true),
            None => {
                // The end of the file is a success, whatever failed before it.
                let Some(raw) = lines.get(pc) else {
                    return Ok(Ended::Status(0));
                };
                pc += 1;
                let text = substitute(h, raw);
                let l = h.engine().level();
                l.line = pc;
                (text, false)
            }
        };
        let line = text.trim().to_string();
        if line.is_empty() || line.starts_with([';', '#']) {
            continue;
        }
        if h.engine_ref().verify {
            let l = h.engine_ref().levels.last().expect("a level");
            let echo = format!("{}-{}> {line}", l.file, l.line);
            h.print(&echo);
        }
        if line.starts_with(':') {
            continue;
        }
        {
            let l = h.engine().level();
            l.command = line.clone();
            if !action {
                l.if_cmd_last = l.if_cmd;
                l.if_result_last = l.if_result;
                l.if_cmd = false;
                l.if_result = false;
            }
        }
        let args = h
            .engine_ref()
            .levels
            .last()
            .map(|l| l.args.clone())
            .unwrap_or_default();
        let outcome = step(h, &line, action, lines, &mut pending);
        let s = match outcome {
            Ok(Step::Exit(code)) => return Ok(Ended::Exit(code)),
            Ok(Step::Return(s)) => return Ok(Ended::Status(s)),
            Ok(Step::Goto(label)) => {
                if label.eq_ignore_ascii_case(":EOF") || label.eq_ignore_ascii_case("EOF") {
                    return Ok(Ended::Status(0));
                }
                match find_label(lines, &label) {
                    Some(i) => {
                        pc = i + 1;
                        pending.clear();
                        0
                    }
                    None => report(
                        h,
                        &line,
                        Failure::with_status(
                            status::ARG,
                            format!("Invalid argument: goto target '{label}' not found"),
                        ),
                    ),
                }
            }
            Ok(Step::Call(label, new_args)) => match find_label(lines, &label) {
                Some(i) => {
                    let e = h.engine();
                    if e.depth() >= MAX_DEPTH {
                        report(
                            h,
                            &line,
                            Failure::with_status(status::NEST, "Nested DO command limit exceeded"),
                        )
                    } else {
                        let mut level = e.levels.last().cloned().unwrap_or_default();
                        level.args = std::iter::once(args.first().cloned().unwrap_or_default())
                            .chain(new_args)
                            .collect();
                        e.levels.push(level);
                        let r = run_lines(h, lines, i + 1);
                        h.engine().levels.pop();
                        match r? {
                            Ended::Exit(code) => return Ok(Ended::Exit(code)),
                            Ended::Status(s) => s,
                        }
                    }
                }
                None => report(
                    h,
                    &line,
                    Failure::with_status(
                        status::ARG,
                        format!("Invalid argument: call target '{label}' not found"),
                    ),
                ),
            },
            Ok(Step::Status(s)) => s,
            Err(f) if f.fatal => {
                let l = h.engine_ref().levels.last().expect("a level");
                return Err(ScriptError {
                    file: l.file.clone(),
                    line: l.line,
                    command: line,
                    msg: f.msg,
                });
            }
            Err(f) => report(h, &line, f),
        };
        // An assertion that failed ends the file unless an action is set for it.
        if s == status::AFAIL {
            let l = h.engine_ref().levels.last().expect("a level");
            if !(l.on_check && l.on.contains_key(&s)) {
                return Ok(Ended::Status(s));
            }
        }
        let l = h.engine_ref().levels.last().expect("a level");
        if l.on_check && s != 0 && s != status::STEP && s != status::EXPECT {
            let action = l.on.get(&s).or_else(|| l.on.get(&0)).cloned();
            if let Some(a) = action {
                pending.clear();
                pending.extend(split_actions(&a));
            }
        }
        if let Some(a) = h.fired() {
            for a in split_actions(&a).into_iter().rev() {
                pending.push_front(a);
            }
        }
    }
}

/// Report a failure in a file as SIMH does (note 1); its status.
fn report<H: Host + ?Sized>(h: &mut H, line: &str, f: Failure) -> u32 {
    let e = h.engine_ref();
    let l = e.levels.last().expect("a level");
    if !e.verify {
        let echo = format!("{}-{}> {line}", l.file, l.line);
        h.print(&echo);
    }
    h.print(&f.msg);
    h.engine().failures += 1;
    let words = status::words(f.status)
        .unwrap_or("Invalid argument")
        .to_string();
    h.engine().set_status(f.status, &words);
    f.status
}

/// Run one command: the engine's own, or the host's.
fn step<H: Host + ?Sized>(
    h: &mut H,
    line: &str,
    action: bool,
    _lines: &[String],
    pending: &mut VecDeque<String>,
) -> Result<Step, Failure> {
    let (cmd, rest) = split_word(line);
    let rest = rest.trim();
    let lower = cmd.to_ascii_lowercase();
    let ok = |h: &mut H| {
        h.engine().set_status(0, "");
        Ok(Step::Status(0))
    };
    match lower.as_str() {
        "return" => {
            let s = if rest.is_empty() {
                h.engine_ref().status
            } else {
                status::by_name(rest.trim_start_matches("SCPE_").trim()).unwrap_or(status::ARG)
            };
            return Ok(Step::Return(s));
        }
        "goto" => {
            let (label, _) = split_word(rest);
            if label.is_empty() {
                return Err(Failure::with_status(status::TWO_FEW, "Too few arguments"));
            }
            return Ok(Step::Goto(label.to_string()));
        }
        "call" => {
            let (label, args) = split_word(rest);
            if label.is_empty() {
                return Err(Failure::with_status(status::TWO_FEW, "Too few arguments"));
            }
            return Ok(Step::Call(label.to_string(), split_args(args)));
        }
        "shift" => {
            let l = h.engine().level();
            if l.args.len() > 1 {
                l.args.remove(1);
            }
            return ok(h);
        }
        "do" => {
            let (sw, rest) = switches(rest);
            let mut words = split_args(rest).into_iter();
            let Some(file) = words.next() else {
                return Err(Failure::with_status(status::TWO_FEW, "Too few arguments"));
            };
            let dir = h.engine_ref().dir.clone();
            let mut path = resolve(&dir, &file);
            if !path.exists() {
                let sim = resolve(&dir, &format!("{file}.sim"));
                if sim.exists() {
                    path = sim;
                }
            }
            if h.engine_ref().depth() >= MAX_DEPTH {
                return Err(Failure::with_status(
                    status::NEST,
                    "Nested DO command limit exceeded",
                ));
            }
            if !path.exists() {
                return Err(Failure::with_status(
                    status::OPENERR,
                    format!("File open error: {file}"),
                ));
            }
            let args: Vec<String> = words.collect();
            return match run_file(h, &path, &args, &sw) {
                Ok(Ended::Exit(code)) => Ok(Step::Exit(code)),
                // The nested file reported its failures; its status is this command's.
                Ok(Ended::Status(s)) => {
                    let words = status::words(s).unwrap_or("").to_string();
                    h.engine().set_status(s, &words);
                    Ok(Step::Status(s))
                }
                Err(e) if e.line == 0 => Err(Failure::with_status(
                    status::OPENERR,
                    format!("File open error: {}", e.msg),
                )),
                Err(e) if e.command.is_empty() => Err(Failure::with_status(
                    status::OPENERR,
                    format!("File open error: {e}"),
                )),
                // A fatal failure inside: every file ends (note 2).
                Err(e) => Err(Failure::fatal(e.msg)),
            };
        }
        "if" | "else" => {
            let then = if lower == "else" {
                let l = h.engine().level();
                if action {
                    return Err(Failure::with_status(
                        status::UNK,
                        "Invalid Command Sequence, IF/ELSE nesting not allowed",
                    ));
                }
                if !l.if_cmd_last {
                    return Err(Failure::with_status(
                        status::UNK,
                        "Invalid Command Sequence, ELSE not following IF",
                    ));
                }
                if rest.is_empty() {
                    return Err(Failure::with_status(
                        status::TWO_FEW,
                        "Missing ELSE action commands",
                    ));
                }
                (!l.if_result_last).then(|| rest.to_string())
            } else {
                if action {
                    return Err(Failure::with_status(
                        status::UNK,
                        "Invalid Command Sequence, IF/ELSE nesting not allowed",
                    ));
                }
                let then = condition(h, rest)?;
                let l = h.engine().level();
                l.if_cmd = true;
                l.if_result = then.is_some();
                then
            };
            if let Some(then) = then {
                for a in split_actions(&then).into_iter().rev() {
                    pending.push_front(a);
                }
            }
            return ok(h);
        }
        "on" => {
            let (cond, actions) = split_word(rest);
            if cond.is_empty() {
                return Err(Failure::with_status(status::ARG, "Invalid argument"));
            }
            let Some(s) = status::by_name(cond) else {
                return Err(Failure::with_status(
                    status::ARG,
                    format!("Invalid argument: {cond}"),
                ));
            };
            let l = h.engine().level();
            let actions = actions.trim();
            if actions.is_empty() {
                l.on.remove(&s);
            } else {
                l.on.insert(s, actions.to_string());
            }
            return Ok(Step::Status(0));
        }
        "ignore" | "proceed" => {
            if !rest.is_empty() {
                return Err(Failure::with_status(status::TWO_MANY, "Too many arguments"));
            }
            return ok(h);
        }
        "echo" => {
            h.print(rest);
            return Ok(Step::Status(0));
        }
        "echof" => {
            let (_, text) = switches(rest);
            let text = match unquote(text) {
                Some(t) => t,
                None => text.to_string(),
            };
            h.print(&text);
            return Ok(Step::Status(0));
        }
        "sleep" => {
            let secs = sleep_seconds(rest)
                .ok_or_else(|| Failure::with_status(status::ARG, "Invalid argument"))?;
            std::thread::sleep(std::time::Duration::from_secs_f64(secs));
            return Ok(Step::Status(0));
        }
        "exit" | "quit" | "q" | "bye" => {
            let code = if rest.is_empty() {
                0
            } else {
                rest.parse()
                    .ok()
                    .filter(|c| (0..=255).contains(c))
                    .ok_or_else(|| {
                        Failure::new(format!(
                            "Invalid argument: the status must be 0 to 255, not {rest}"
                        ))
                    })?
            };
            return Ok(Step::Exit(code));
        }
        "set" => {
            let (what, args) = split_word(rest);
            match what.to_ascii_lowercase().as_str() {
                "on" => {
                    set_on(h.engine(), true);
                    return ok(h);
                }
                "noon" => {
                    h.engine().level().on_check = false;
                    return ok(h);
                }
                "verify" | "verbose" => {
                    h.engine().verify = true;
                    return ok(h);
                }
                "noverify" | "noverbose" => {
                    h.engine().verify = false;
                    return ok(h);
                }
                "quiet" => {
                    h.engine().quiet = true;
                    return ok(h);
                }
                "noquiet" => {
                    h.engine().quiet = false;
                    return ok(h);
                }
                "env" | "environment" => {
                    set_env(h, args.trim())?;
                    return ok(h);
                }
                _ => {}
            }
        }
        "show" | "sh" => {
            let w = rest.to_ascii_lowercase();
            if w == "on" {
                let text = show_on(h.engine_ref());
                h.print(&text);
                return ok(h);
            }
            if w == "do" {
                let text = show_do(h.engine_ref());
                h.print(&text);
                return ok(h);
            }
        }
        _ => {}
    }
    let r = h.execute(line);
    match r {
        Ok(Outcome::Done) => ok(h),
        Ok(Outcome::Exit(code)) => Ok(Step::Exit(code)),
        Ok(Outcome::Stopped(s, words)) => {
            h.engine().set_status(s, &words);
            Ok(Step::Status(s))
        }
        Err(f) => {
            if f.status == status::AFAIL {
                h.engine().set_status(f.status, "Assertion failed");
            }
            Err(f)
        }
    }
}

/// `"TEXT"` with SIMH's escapes resolved, if `s` is one quoted string.
fn unquote(s: &str) -> Option<String> {
    let t = s.trim();
    let q = t.chars().next().filter(|&c| c == '"' || c == '\'')?;
    if t.len() < 2 || !t.ends_with(q) {
        return None;
    }
    let inner = &t[1..t.len() - 1];
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('t') => out.push('\t'),
            Some(c) => out.push(c),
            None => out.push('\\'),
        }
    }
    Some(out)
}

/// `sleep`'s time: a number of seconds, or with `s`, `m`, `h` or `d`.
fn sleep_seconds(s: &str) -> Option<f64> {
    let s = s.trim();
    let (n, unit) = match s.char_indices().find(|(_, c)| c.is_ascii_alphabetic()) {
        Some((i, _)) => (&s[..i], &s[i..]),
        None => (s, "s"),
    };
    let n: f64 = n.trim().parse().ok().filter(|n: &f64| *n >= 0.0)?;
    Some(
        n * match unit.to_ascii_lowercase().as_str() {
            "s" => 1.0,
            "m" => 60.0,
            "h" => 3600.0,
            "d" => 86_400.0,
            _ => return None,
        },
    )
}

/// `set env NAME=VALUE`, `set env NAME` (forgets it), `set env -a NAME=EXPRESSION`.
fn set_env<H: Host + ?Sized>(h: &mut H, args: &str) -> Result<(), Failure> {
    let (sw, rest) = switches(args);
    let (name, value) = match rest.split_once('=') {
        Some((n, v)) => (n.trim(), v.trim()),
        None => {
            let (n, v) = split_word(rest);
            (n.trim(), v.trim())
        }
    };
    if name.is_empty() {
        return Err(Failure::with_status(status::TWO_FEW, "Too few arguments"));
    }
    let value = if sw.contains('A') {
        let v = evaluate(h, value)?;
        v.to_string()
    } else {
        unquote(value).unwrap_or_else(|| value.to_string())
    };
    h.engine().set_var(name, &value);
    Ok(())
}

/// An expression's value, names being registers or variables.
fn evaluate<H: Host + ?Sized>(h: &H, text: &str) -> Result<i64, Failure> {
    let e = h.engine_ref();
    let lookup = |n: &str| -> Option<i64> {
        if let Some(v) = h.register(n) {
            return Some(v as i64);
        }
        let v = e.vars.get(n).cloned().or_else(|| std::env::var(n).ok())?;
        expr::evaluate(&v, &|_| None).ok()
    };
    expr::evaluate(text, &lookup)
        .map_err(|m| Failure::with_status(status::INVEXPR, format!("invalid expression: {m}")))
}

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
        const OPS: [(&str, Op); 13] = [
            ("==", Op::Eq),
            ("!=", Op::Ne),
            ("<=", Op::Le),
            (">=", Op::Ge),
            ("<", Op::Lt),
            (">", Op::Gt),
            ("=", Op::Eq),
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

/// A string in quotes at the start of `s`, its escapes resolved, and the rest.
fn quoted(s: &str) -> Option<(String, &str)> {
    let t = s.trim_start();
    let q = t.chars().next().filter(|&c| c == '"' || c == '\'')?;
    let mut escaped = false;
    for (i, c) in t.char_indices().skip(1) {
        match c {
            '\\' if !escaped => escaped = true,
            c if c == q && !escaped => return Some((unquote(&t[..=i])?, &t[i + 1..])),
            _ => escaped = false,
        }
    }
    None
}

/// `if`'s condition: the actions to run when it holds.
fn condition<H: Host + ?Sized>(h: &H, rest: &str) -> Result<Option<String>, Failure> {
    let arg = |m: &str| Failure::with_status(status::ARG, format!("Invalid argument: {m}"));
    let (sw, mut s) = switches(rest);
    let fold = sw.contains('I');
    let mut not = false;
    if split_word(s).0 == "NOT" || split_word(s).0.eq_ignore_ascii_case("not") {
        not = true;
        s = split_word(s).1.trim_start();
    }
    let (holds, then) = if split_word(s).0.eq_ignore_ascii_case("exist") {
        let t = split_word(s).1.trim_start();
        let (file, t) = match quoted(t) {
            Some((f, t)) => (f, t),
            None => {
                let (f, t) = split_word(t);
                (f.to_string(), t)
            }
        };
        (resolve(&h.engine_ref().dir, &file).exists(), t)
    } else if s.starts_with(['"', '\'']) {
        let (a, t) = quoted(s).ok_or_else(|| arg("a string without its closing quote"))?;
        let (op, t) =
            Op::parse(t).ok_or_else(|| arg("expected == != < <= > >= after the string"))?;
        let (b, t) = quoted(t).ok_or_else(|| arg("expected a string after the operator"))?;
        let ord = if fold {
            a.to_ascii_uppercase().cmp(&b.to_ascii_uppercase())
        } else {
            a.cmp(&b)
        };
        (op.holds(ord), t)
    } else if let Some((inside, t)) = expr::parenthesised(s) {
        (evaluate(h, inside)? != 0, t)
    } else {
        // REG[&MASK] OP VALUE, or ADDR[&MASK] OP VALUE, in the machine's radix.
        let end = s
            .find(|c: char| c.is_whitespace() || "=!<>&".contains(c))
            .unwrap_or(s.len());
        let (name, mut t) = s.split_at(end);
        let radix = h.radix();
        let num = |w: &str| u64::from_str_radix(w.trim(), radix).ok();
        let mut mask = u64::MAX;
        if let Some(m) = t.trim_start().strip_prefix('&') {
            let end = m
                .find(|c: char| c.is_whitespace() || "=!<>".contains(c))
                .unwrap_or(m.len());
            mask = num(&m[..end]).ok_or_else(|| arg(&format!("{} is not a mask", &m[..end])))?;
            t = &m[end..];
        }
        let (op, t) =
            Op::parse(t).ok_or_else(|| Failure::with_status(status::MISVAL, "Missing value"))?;
        let (value, t) = split_word(t);
        let want = num(value).ok_or_else(|| arg(&format!("{value} is not a value")))?;
        let actual = match h.register(name) {
            Some(v) => v,
            None => h.word(name).ok_or_else(|| {
                Failure::with_status(status::NXREG, format!("Non-existent register: {name}"))
            })?,
        };
        (op.holds((actual & mask).cmp(&(want & mask))), t)
    };
    if then.trim().is_empty() {
        return Err(Failure::with_status(status::TWO_FEW, "Too few arguments"));
    }
    Ok((holds != not).then(|| then.trim().to_string()))
}

/// `show on`.
fn show_on(e: &Engine) -> String {
    let l = e.levels.last().expect("a level");
    let at = match e.depth() {
        0 => "On Processing for input commands".to_string(),
        d => format!("On Processing at Do Nest Level: {d}"),
    };
    let mut s = format!(
        "{at} is {}",
        if l.on_check { "enabled" } else { "disabled" }
    );
    s.push_str(&on_actions(l));
    s
}

fn on_actions(l: &Level) -> String {
    let mut s = String::new();
    // SIMH lists the named conditions first, then ERROR.
    for (k, v) in l.on.iter().filter(|(k, _)| **k != 0) {
        if *k < status::BASE {
            s.push_str(&format!("\n    on {k:6}    {v}"));
        } else {
            s.push_str(&format!("\n    on {:<6}    {v}", status::name(*k)));
        }
    }
    if let Some(v) = l.on.get(&0) {
        s.push_str(&format!("\n    on ERROR     {v}"));
    }
    s.push('\n');
    s
}

/// `show do`.
fn show_do(e: &Engine) -> String {
    let mut s = String::new();
    for (depth, l) in e.levels.iter().enumerate().skip(1).rev() {
        s.push_str(&format!(
            "Do Nest Level: {depth}\nFile: {}\nLine: {}\nCommand is: {}\nOn Processing is {}",
            l.file,
            l.line,
            l.command,
            if l.on_check { "enabled" } else { "disabled" }
        ));
        s.push_str(&on_actions(l));
        s.push('\n');
    }
    s.push_str("Console Input commands\nCommand is: (null)\nOn Processing is disabled\n");
    s
}

#[cfg(test)]
mod tests;
